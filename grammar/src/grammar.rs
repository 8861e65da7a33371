//! The pest parser generated from `cosmic.pest`.

use pest_derive::Parser;

/// The generated parser; its `Rule` enum names every grammar rule.
#[derive(Parser)]
#[grammar = "cosmic.pest"]
pub(crate) struct CosmicParser;
