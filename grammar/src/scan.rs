//! A light lexical pass that runs before pest: it keeps the comments (pest skips them), finds
//! unterminated strings, and matches brackets so a broken file can be cut into pieces at
//! item, entry and statement boundaries. When braces do not balance, indentation decides where
//! the missing `}` most likely belongs, so one missing brace gives one error, not a cascade.

use crate::ast::{Comment, Span};
use crate::diagnostic::SyntaxError;

/// Deeper bracket nesting than this is refused before any recursive code sees it.
const MAX_DEPTH: usize = 40;
/// More prefix operators in a row than this is refused (pest's Pratt parser recurses on them).
const MAX_PREFIX_RUN: usize = 24;

/// What a token is, as far as structure goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// `{`, `[` or `(`.
    Open(u8),
    /// `}`, `]` or `)`.
    Close(u8),
    /// A newline or `;`.
    Sep,
    /// A word, number, string or other punctuation.
    Text,
}

/// One token.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tok {
    /// What it is.
    pub kind: TokKind,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Whether it is the first token on its line.
    pub first_on_line: bool,
    /// Indentation (spaces and tabs) of its line.
    pub indent: usize,
    /// Zero-based line number.
    pub line: usize,
}

/// The result of the lexical pass.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// Every token except comments.
    pub tokens: Vec<Tok>,
    /// Every comment.
    pub comments: Vec<Comment>,
    /// Lexical errors: unterminated strings, unbalanced brackets, too deep nesting.
    pub errors: Vec<SyntaxError>,
    /// For an opening token: the index of its closing token, or where it implicitly ends.
    pub partner: Vec<usize>,
    /// For an opening token: whether a real closing token was found.
    pub closed: Vec<bool>,
    /// For a closing token: whether it closes nothing.
    pub stray: Vec<bool>,
    /// Byte ranges that must not be handed to pest (too deep or too long operator runs).
    pub refused: Vec<Span>,
    /// Byte ranges holding a lexical error (pest's error there would only repeat it).
    pub lexical: Vec<Span>,
}

impl Scan {
    /// Whether a lexical error lies within `start..end`.
    pub fn has_lexical_error_in(&self, start: usize, end: usize) -> bool {
        self.lexical
            .iter()
            .any(|s| s.start < end.max(start + 1) && s.end.max(s.start + 1) > start)
    }

    /// Whether `start..end` overlaps a region refused to pest.
    pub fn is_refused(&self, start: usize, end: usize) -> bool {
        self.refused.iter().any(|s| s.start < end && s.end > start)
    }

    /// The token's text.
    pub fn text<'s>(&self, src: &'s str, index: usize) -> &'s str {
        let tok = self.tokens[index];
        &src[tok.start..tok.end]
    }
}

/// Scans `src` into tokens and comments, then matches its brackets.
pub(crate) fn scan(src: &str) -> Scan {
    let mut out = Scan::default();
    lex(src, &mut out);
    match_brackets(src, &mut out);
    guard_prefix_runs(src, &mut out);
    out
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn lex(src: &str, out: &mut Scan) {
    let bytes = src.as_bytes();
    let mut i = 0;
    let mut line = 0;
    let mut indent = 0;
    let mut at_line_start = true;
    let mut seen_token_on_line = false;
    while i < bytes.len() {
        let b = bytes[i];
        if at_line_start {
            indent = bytes[i..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            at_line_start = false;
        }
        match b {
            b' ' | b'\t' => i += 1,
            b'\n' | b'\r' => {
                let len = if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                push(
                    out,
                    TokKind::Sep,
                    i,
                    i + len,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i += len;
                line += 1;
                at_line_start = true;
                seen_token_on_line = false;
            }
            b'#' => {
                let end = line_end(bytes, i);
                out.comments.push(Comment {
                    text: src[i + 1..end].to_string(),
                    own_line: !seen_token_on_line,
                    span: Span::new(i, end),
                });
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                let mut closed = false;
                while j < bytes.len() {
                    match bytes[j] {
                        b'\\' if j + 1 < bytes.len() && !matches!(bytes[j + 1], b'\n' | b'\r') => {
                            j += 2
                        }
                        b'"' => {
                            j += 1;
                            closed = true;
                            break;
                        }
                        b'\n' | b'\r' => break,
                        _ => j += 1,
                    }
                }
                // A backslash may sit before a multi-byte character; land on a boundary.
                while j < bytes.len() && !src.is_char_boundary(j) {
                    j += 1;
                }
                if !closed {
                    // `alien "Name {`: the brace most likely opens the block, not the text.
                    let trimmed = src[i..j].trim_end();
                    if trimmed.len() > 1 && trimmed.ends_with('{') {
                        j = i + trimmed.len() - 1;
                    }
                    let span = Span::new(i, j.max(i + 1).min(bytes.len()));
                    out.errors.push(SyntaxError::UnterminatedString { span });
                    out.lexical.push(span);
                }
                push(
                    out,
                    TokKind::Text,
                    i,
                    j,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i = j;
            }
            b'{' | b'[' | b'(' => {
                push(
                    out,
                    TokKind::Open(b),
                    i,
                    i + 1,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i += 1;
            }
            b'}' | b']' | b')' => {
                push(
                    out,
                    TokKind::Close(b),
                    i,
                    i + 1,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i += 1;
            }
            b';' => {
                push(
                    out,
                    TokKind::Sep,
                    i,
                    i + 1,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i += 1;
            }
            _ if is_ident_byte(b) => {
                let mut j = i + 1;
                while j < bytes.len() && is_ident_byte(bytes[j]) {
                    j += 1;
                }
                push(
                    out,
                    TokKind::Text,
                    i,
                    j,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i = j;
            }
            _ => {
                // Any other character, possibly multi-byte: one token.
                let len = src[i..].chars().next().map_or(1, char::len_utf8);
                push(
                    out,
                    TokKind::Text,
                    i,
                    i + len,
                    &mut seen_token_on_line,
                    indent,
                    line,
                );
                i += len;
            }
        }
    }
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map_or(bytes.len(), |p| from + p)
}

fn push(
    out: &mut Scan,
    kind: TokKind,
    start: usize,
    end: usize,
    seen: &mut bool,
    indent: usize,
    line: usize,
) {
    let first_on_line = !*seen && kind != TokKind::Sep;
    if kind != TokKind::Sep {
        *seen = true;
    }
    out.tokens.push(Tok {
        kind,
        start,
        end,
        first_on_line,
        indent,
        line,
    });
}

fn closer_of(open: u8) -> u8 {
    match open {
        b'{' => b'}',
        b'[' => b']',
        _ => b')',
    }
}

fn opener_of(close: u8) -> u8 {
    match close {
        b'}' => b'{',
        b']' => b'[',
        _ => b'(',
    }
}

fn slot(b: u8) -> usize {
    match b {
        b'{' | b'}' => 0,
        b'[' | b']' => 1,
        _ => 2,
    }
}

// Matches brackets with a stack. When a kind of bracket is unbalanced, indentation guesses
// where the missing closer belongs (a line no deeper than the opener's line starts something
// new) or which closer is the extra one (a closer not lined up with its opener).
fn match_brackets(src: &str, out: &mut Scan) {
    let n = out.tokens.len();
    out.partner = vec![usize::MAX; n];
    out.closed = vec![false; n];
    out.stray = vec![false; n];
    let mut balance = [0i64; 3];
    for tok in &out.tokens {
        match tok.kind {
            TokKind::Open(b) => balance[slot(b)] += 1,
            TokKind::Close(b) => balance[slot(b)] -= 1,
            _ => {}
        }
    }
    let mut missing = balance.map(|v| v.max(0));
    let mut extra = balance.map(|v| (-v).max(0));
    let mut stack: Vec<usize> = Vec::new();
    let mut too_deep_reported = false;
    for i in 0..n {
        let tok = out.tokens[i];
        if tok.first_on_line && !matches!(tok.kind, TokKind::Close(_)) {
            while let Some(&top) = stack.last() {
                let open = out.tokens[top];
                let TokKind::Open(b) = open.kind else { break };
                if missing[slot(b)] > 0 && tok.line > open.line && tok.indent <= open.indent {
                    missing[slot(b)] -= 1;
                    stack.pop();
                    close_implicitly(src, out, top, i);
                } else {
                    break;
                }
            }
        }
        match tok.kind {
            TokKind::Open(_) => {
                stack.push(i);
                if stack.len() > MAX_DEPTH && !too_deep_reported {
                    too_deep_reported = true;
                    let span = Span::new(tok.start, tok.end);
                    out.errors.push(SyntaxError::TooDeep { span });
                    out.lexical.push(span);
                    let end = out.tokens.last().map_or(tok.end, |t| t.end);
                    out.refused.push(Span::new(tok.start, end));
                }
            }
            TokKind::Close(c) => {
                let want = opener_of(c);
                let top_matches = stack
                    .last()
                    .is_some_and(|&t| out.tokens[t].kind == TokKind::Open(want));
                if top_matches {
                    let top = *stack.last().unwrap_or(&0);
                    let misaligned = tok.first_on_line && tok.indent != out.tokens[top].indent;
                    if extra[slot(c)] > 0 && misaligned {
                        extra[slot(c)] -= 1;
                        mark_stray(out, i);
                    } else {
                        stack.pop();
                        out.partner[top] = i;
                        out.closed[top] = true;
                    }
                } else if let Some(pos) = stack
                    .iter()
                    .rposition(|&t| out.tokens[t].kind == TokKind::Open(want))
                {
                    // Everything opened above the match was never closed.
                    while stack.len() > pos + 1 {
                        let top = stack.pop().unwrap_or(0);
                        close_implicitly(src, out, top, i);
                    }
                    let top = stack.pop().unwrap_or(0);
                    out.partner[top] = i;
                    out.closed[top] = true;
                } else {
                    mark_stray(out, i);
                }
            }
            _ => {}
        }
    }
    while let Some(top) = stack.pop() {
        close_implicitly(src, out, top, n);
    }
}

fn mark_stray(out: &mut Scan, i: usize) {
    let tok = out.tokens[i];
    out.stray[i] = true;
    let span = Span::new(tok.start, tok.end);
    let close = char::from(match tok.kind {
        TokKind::Close(c) => c,
        _ => b'}',
    });
    out.errors.push(SyntaxError::StrayClose {
        close,
        span,
        help: format!(
            "remove this `{close}`, or look above for a missing `{}`",
            char::from(opener_of(close as u8))
        ),
    });
    out.lexical.push(span);
}

fn close_implicitly(src: &str, out: &mut Scan, open: usize, end: usize) {
    out.partner[open] = end;
    out.closed[open] = false;
    let tok = out.tokens[open];
    let TokKind::Open(b) = tok.kind else { return };
    let close = char::from(closer_of(b));
    let help = match out.tokens.get(end) {
        Some(next) if next.first_on_line => format!(
            "add `{close}` before line {}, where something new starts at the same indentation",
            next.line + 1
        ),
        Some(next) => format!(
            "add `{close}` before `{}`",
            src[next.start..next.end]
                .chars()
                .take(20)
                .collect::<String>()
        ),
        None => format!("add `{close}` at the end of the file"),
    };
    let span = Span::new(tok.start, tok.end);
    out.errors.push(SyntaxError::Unclosed {
        open: char::from(b),
        span,
        help,
    });
    out.lexical.push(span);
}

// Long runs of prefix operators (`not not not ...`, `- - - ...`) would make pest's Pratt
// parser recurse once per operator; refuse them before pest sees them.
fn guard_prefix_runs(src: &str, out: &mut Scan) {
    let mut run = 0;
    let mut run_span = Span::default();
    let mut runs = Vec::new();
    for tok in &out.tokens {
        let text = &src[tok.start..tok.end];
        let weight = if tok.kind != TokKind::Text {
            0
        } else if matches!(text, "not" | "up" | "to") {
            1
        } else {
            text.bytes().take_while(|&b| b == b'-').count()
        };
        if weight > 0 {
            if run == 0 {
                run_span = Span::new(tok.start, tok.end);
            }
            run += weight;
            run_span.end = tok.end;
        }
        if weight == 0
            || !text.trim_start_matches('-').is_empty() && !matches!(text, "not" | "up" | "to")
        {
            if run > MAX_PREFIX_RUN {
                runs.push(run_span);
            }
            run = 0;
        }
    }
    if run > MAX_PREFIX_RUN {
        runs.push(run_span);
    }
    for span in runs {
        out.errors.push(SyntaxError::TooComplex { span });
        out.lexical.push(span);
        out.refused.push(span);
    }
}
