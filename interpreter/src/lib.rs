//! The interpreter: compiles effect-language ASTs into a typed, serializable effect IR (name
//! resolution, type checks, lints) and runs that IR at the engine's hook points through the
//! engine-owned `Hooks` trait. It names no card: everything card-specific is content.
