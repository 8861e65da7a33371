//! Helpers shared by the grammar's tests: span sanity checks and diagnostic rendering.

#![allow(dead_code)]

use cosmic_grammar::{File, Parsed};
use serde_json::Value;

/// Checks that every span lies inside the source, on character boundaries, and inside the span
/// of the node that contains it; the same for every error's span.
pub fn check_spans(source: &str, parsed: &Parsed) -> Result<(), String> {
    let value = serde_json::to_value(&parsed.file).map_err(|e| e.to_string())?;
    let whole = (0, source.len());
    walk(source, &value, whole, "file")?;
    for error in &parsed.errors {
        let span = error.span();
        check_one(source, (span.start, span.end), whole, "error")?;
    }
    check_comments(&parsed.file)
}

fn span_of(value: &Value) -> Option<(usize, usize)> {
    let span = value.get("span")?;
    let start = span.get("start")?.as_u64()? as usize;
    let end = span.get("end")?.as_u64()? as usize;
    Some((start, end))
}

fn check_one(
    source: &str,
    span: (usize, usize),
    parent: (usize, usize),
    at: &str,
) -> Result<(), String> {
    let (start, end) = span;
    if start > end || end > source.len() {
        return Err(format!(
            "{at}: span {start}..{end} outside the source (len {})",
            source.len()
        ));
    }
    if !source.is_char_boundary(start) || !source.is_char_boundary(end) {
        return Err(format!(
            "{at}: span {start}..{end} not on character boundaries"
        ));
    }
    if start < parent.0 || end > parent.1 {
        return Err(format!(
            "{at}: span {start}..{end} not inside its parent {}..{}",
            parent.0, parent.1
        ));
    }
    Ok(())
}

fn walk(source: &str, value: &Value, parent: (usize, usize), at: &str) -> Result<(), String> {
    match value {
        Value::Object(map) => {
            let mut inner = parent;
            if let Some(span) = span_of(value) {
                check_one(source, span, parent, at)?;
                inner = span;
            }
            for (key, child) in map {
                if key == "span" {
                    continue;
                }
                walk(source, child, inner, &format!("{at}.{key}"))?;
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                walk(source, child, parent, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn check_comments(file: &File) -> Result<(), String> {
    for pair in file.comments.windows(2) {
        if pair[0].span.end > pair[1].span.start {
            return Err("comments out of order".into());
        }
    }
    Ok(())
}

/// Renders every error with miette's graphical handler, without colour.
pub fn render(name: &str, source: &str, parsed: &Parsed) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    let mut out = String::new();
    for error in &parsed.errors {
        let report = miette::Report::new(error.clone())
            .with_source_code(miette::NamedSource::new(name, source.to_string()));
        if handler.render_report(&mut out, report.as_ref()).is_err() {
            out.push_str("<could not render>\n");
        }
        out.push('\n');
    }
    out
}

/// One snapshot document: the tree, then the diagnostics.
pub fn document(name: &str, source: &str, parsed: &Parsed) -> String {
    format!(
        "== tree\n{}\n== diagnostics ({})\n{}",
        cosmic_grammar::dump(&parsed.file),
        parsed.errors.len(),
        render(name, source, parsed)
    )
}
