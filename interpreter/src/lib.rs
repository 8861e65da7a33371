//! The interpreter: compiles effect-language ASTs into a typed, serializable effect IR (name
//! resolution, type checks, lints) and runs that IR at the engine's hook points through the
//! engine-owned `Hooks` trait. It names no card: everything card-specific is content.
//!
//! Built so far: loading a library of files (`library`), the checks that span files and each
//! component's metadata, as lint diagnostics (`diagnostic`); the first compiler stage, ability
//! headers (`header`: usage, roles, phases, windows, with the "can never act" lint); and
//! `explain`. The statement compiler to IR and the runtime come next.

pub mod compile;
pub mod diagnostic;
pub mod explain;
pub mod fold;
pub mod header;
pub mod ide;
mod index;
pub mod ir;
pub mod library;
pub mod names;
pub mod reads;
pub mod runtime;
pub mod vocabulary;

pub use diagnostic::Lint;
pub use library::{check, FileReport, SourceFile};
