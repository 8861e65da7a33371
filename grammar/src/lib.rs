//! The cosmic effect language: its pest grammar, a never-failing parser that returns a typed
//! AST with spans together with every syntax error, and the canonical formatter.
//!
//! ```
//! let parsed = cosmic_grammar::parse("alien \"Example\" {\n  alert green\n}\n");
//! assert!(parsed.errors.is_empty());
//! assert_eq!(cosmic_grammar::format(&parsed.file), "alien \"Example\" {\n  alert green\n}\n");
//! ```

#![warn(missing_docs)]

pub mod ast;
mod build;
pub mod diagnostic;
pub mod dump;
pub mod format;
mod grammar;
pub mod keywords;
pub mod parse;
mod scan;

pub use ast::{same_modulo_spans, strip_spans, File, Span};
pub use diagnostic::SyntaxError;
pub use dump::dump;
pub use format::format;
pub use parse::{parse, Parsed};
