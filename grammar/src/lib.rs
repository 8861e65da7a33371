//! The cosmic effect language: its pest grammar, a never-failing parser that returns a typed
//! AST with spans together with every syntax error, and the canonical formatter.
