//! Integration tests of cosmic live in `tests/tests/`; this library holds their shared helpers.
