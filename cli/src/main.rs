//! The `cosmic` command-line tool.
fn main() {}
