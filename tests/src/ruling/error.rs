//! A mistake in a scenario file, located in the file.

use std::ops::Range;

/// A scenario that cannot be run as written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(cosmic::ruling::scenario))]
pub struct ScenarioError {
    /// What is wrong, in plain words.
    pub message: String,
    /// The file.
    #[source_code]
    pub src: miette::NamedSource<String>,
    /// Where.
    #[label("{label}")]
    pub span: Option<miette::SourceSpan>,
    /// The label on the span.
    pub label: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
}

/// Builds located errors for one file.
#[derive(Clone)]
pub struct Errors {
    name: String,
    src: String,
}

impl Errors {
    /// Errors about the file `name` with text `src`.
    pub fn new(name: &str, src: &str) -> Errors {
        Errors {
            name: name.to_string(),
            src: src.to_string(),
        }
    }

    /// An error at `span` (an empty span means "somewhere in the file").
    pub fn at(&self, span: Range<usize>, message: impl Into<String>, label: &str) -> ScenarioError {
        let span = (span.end > span.start || span.start > 0)
            .then(|| (span.start, span.end - span.start).into());
        ScenarioError {
            message: message.into(),
            src: miette::NamedSource::new(&self.name, self.src.clone()),
            span,
            label: label.to_string(),
            help: None,
        }
    }

    /// An error at `span` with a hint.
    pub fn hint(
        &self,
        span: Range<usize>,
        message: impl Into<String>,
        label: &str,
        help: impl Into<String>,
    ) -> ScenarioError {
        let mut e = self.at(span, message, label);
        e.help = Some(help.into());
        e
    }
}

impl Errors {
    /// The length of the file (the end of its last span).
    pub fn end(&self) -> usize {
        self.src.len()
    }

    /// The span of the first `needle` after the first `marker` (for keys serde loses spans of).
    pub fn find_after(&self, marker: &str, needle: &str) -> Range<usize> {
        let from = self.src.find(marker).unwrap_or(0);
        match self.src[from..].find(needle) {
            Some(i) => from + i..from + i + needle.len(),
            None => 0..0,
        }
    }

    /// The span of the first `needle` (or `"needle"`) inside `within`, else `within` itself
    /// (for table keys serde loses spans of).
    pub fn find_within(&self, within: Range<usize>, needle: &str) -> Range<usize> {
        let text = self.src.get(within.clone()).unwrap_or_default();
        let quoted = format!("\"{needle}\"");
        for n in [quoted.as_str(), needle] {
            if let Some(i) = text.find(n) {
                return within.start + i..within.start + i + n.len();
            }
        }
        within
    }

    /// The 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.src[..offset.min(self.src.len())].matches('\n').count() + 1
    }
}
