//! The highlighting grammar editors share (`docs/editors/cosmic.tmLanguage.json`): its regexes
//! compile (in fancy-regex's Oniguruma mode, the engine TextMate grammars are written for),
//! every keyword the parser knows is highlighted as one and never inside a longer word, and
//! on every file of the built-in library it agrees with the parser on what is a comment, a
//! string, a component kind, an ability, a usage and a verb.

use cosmic_grammar::ast::{Block, Else, Entry, Item, Span, Stmt};
use fancy_regex::{Regex, RegexBuilder};
use serde_json::Value;

/// One rule of the grammar: a `match`, or a `begin` and an `end` on the same line.
struct Rule {
    scope: String,
    regex: Regex,
    end: Option<Regex>,
}

fn compile(pattern: &str) -> Regex {
    RegexBuilder::new(pattern)
        .oniguruma_mode(true)
        .build()
        .unwrap_or_else(|e| panic!("`{pattern}` does not compile: {e}"))
}

/// The top-level rules, in the grammar's order (which breaks ties, as in TextMate).
fn rules() -> Vec<Rule> {
    let text = include_str!("../../docs/editors/cosmic.tmLanguage.json");
    let grammar: Value = serde_json::from_str(text).expect("the grammar is JSON");
    assert_eq!(grammar["scopeName"], "source.cosmic");
    let repository = &grammar["repository"];
    let mut rules = Vec::new();
    for include in grammar["patterns"].as_array().expect("patterns") {
        let name = include["include"].as_str().expect("an include");
        let rule = &repository[name.trim_start_matches('#')];
        let scope = rule["name"].as_str().expect("a scope").to_string();
        for nested in rule["patterns"].as_array().into_iter().flatten() {
            compile(nested["match"].as_str().expect("a nested match"));
        }
        let (regex, end) = match (rule["match"].as_str(), rule["begin"].as_str()) {
            (Some(m), None) => (compile(m), None),
            (None, Some(b)) => (
                compile(b),
                Some(compile(rule["end"].as_str().expect("end"))),
            ),
            _ => panic!("rule {name} has neither a match nor a begin"),
        };
        rules.push(Rule { scope, regex, end });
    }
    rules
}

/// One line's tokens: byte ranges within the line and their scopes.
fn tokenize(rules: &[Rule], line: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < line.len() {
        // The rule that matches first; the earlier rule on a tie.
        let mut best: Option<(usize, usize, &Rule)> = None;
        for r in rules {
            if let Ok(Some(m)) = r.regex.find_from_pos(line, pos) {
                if m.end() > m.start() && best.is_none_or(|(s, _, _)| m.start() < s) {
                    best = Some((m.start(), m.end(), r));
                }
            }
        }
        let Some((start, mut end, rule)) = best else {
            break;
        };
        if let Some(close) = &rule.end {
            end = match close.find_from_pos(line, end) {
                Ok(Some(m)) => m.end(),
                _ => line.len(),
            };
        }
        out.push((start, end, rule.scope.clone()));
        pos = end;
    }
    out
}

/// The scope of the token covering `start..end` of `line`, if one does.
fn scope_of(rules: &[Rule], line: &str, start: usize, end: usize) -> Option<String> {
    tokenize(rules, line)
        .into_iter()
        .find(|&(s, e, _)| s <= start && end <= e)
        .map(|(_, _, scope)| scope)
}

#[test]
fn every_keyword_is_highlighted_as_one_and_only_as_a_whole_word() {
    let rules = rules();
    let keywords = cosmic_grammar::keywords::keywords();
    let mut words: Vec<&str> = keywords.all();
    words.extend(cosmic_interpreter::library::KINDS);
    words.push("flare");
    for word in words {
        let line = format!("  {word}");
        let scope = scope_of(&rules, &line, 2, line.len());
        assert!(
            scope
                .as_deref()
                .is_some_and(|s| s.starts_with("keyword.") || s.starts_with("storage.")),
            "`{word}` is not highlighted as a keyword: {scope:?}"
        );
        for longer in [
            format!("  x{word}"),
            format!("  {word}x"),
            format!("  {word}-x"),
        ] {
            let inside = tokenize(&rules, &longer);
            assert!(
                inside.iter().all(|(s, e, _)| (*s, *e) != (2, line.len())
                    && (*s, *e) != (3, line.len() + 1)),
                "`{word}` is highlighted inside `{}`: {inside:?}",
                longer.trim()
            );
        }
    }
}

/// The spans the parser gives a kind of token in a file, with the scope they must have.
fn expected(file: &cosmic_interpreter::SourceFile) -> Vec<(Span, &'static str)> {
    fn block(b: &Block, out: &mut Vec<(Span, &'static str)>) {
        for s in &b.stmts {
            match s {
                Stmt::Action(a) => out.push((a.verb.span, "keyword.other.verb")),
                Stmt::If(i) => {
                    let mut i = i;
                    loop {
                        block(&i.then, out);
                        match &i.otherwise {
                            Some(Else::If(next)) => i = next,
                            Some(Else::Block(b)) => break block(b, out),
                            None => break,
                        }
                    }
                }
                Stmt::ForEach(f) => block(&f.body, out),
                Stmt::ChooseOne(c) => {
                    for o in &c.options {
                        out.push((o.label.span, "string.quoted"));
                        block(&o.body, out);
                    }
                }
                Stmt::As(a) => block(&a.body, out),
                _ => {}
            }
        }
    }
    fn entries(list: &[Entry], out: &mut Vec<(Span, &'static str)>) {
        for e in list {
            match e {
                Entry::Property(p) => {
                    if let cosmic_grammar::ast::Expr::Str(s) = &p.value {
                        out.push((s.span, "string.quoted"));
                    }
                }
                Entry::Section(s) => {
                    if s.kind.text == "flare" {
                        out.push((s.kind.span, "storage.type"));
                    }
                    entries(&s.entries, out);
                }
                Entry::Ability(a) => {
                    out.push((a.kind.span, "keyword.declaration"));
                    if let Some(n) = &a.name {
                        out.push((n.span, "string.quoted"));
                    }
                    if let Some(u) = &a.usage {
                        out.push((u.span, "storage.modifier"));
                    }
                    block(&a.body, out);
                }
                Entry::Define(d) => block(&d.body, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for item in &file.parsed.file.items {
        if let Item::Decl(d) = item {
            out.push((d.kind.span, "storage.type"));
            out.push((d.name.span, "string.quoted"));
            entries(&d.entries, &mut out);
        }
    }
    for c in &file.parsed.file.comments {
        out.push((c.span, "comment.line"));
    }
    out
}

#[test]
fn the_library_is_highlighted_as_the_parser_reads_it() {
    let rules = rules();
    let mut checked = 0;
    for (name, text) in cosmic_cards::builtin_sources() {
        let file = cosmic_interpreter::SourceFile::new(*name, *text);
        assert!(file.parsed.errors.is_empty(), "{name}");
        for (span, scope) in expected(&file) {
            let written = text[span.start..span.end].trim_end();
            let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[span.start..]
                .find('\n')
                .map_or(text.len(), |i| span.start + i);
            let line = &text[line_start..line_end];
            let (start, end) = (
                span.start - line_start,
                span.start - line_start + written.len(),
            );
            let found = scope_of(&rules, line, start, end);
            assert!(
                found.as_deref().is_some_and(|s| s.starts_with(scope)),
                "{name}: `{written}` in `{line}` should be {scope}, is {found:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} tokens checked");
}
