//! The built-in content library: component lists and card files embedded into the binary.
