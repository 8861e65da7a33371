//! `explain`: what a component does, when and for whom, in words, from its compiled headers.
//! (Bodies are shown as written until the statement compiler renders them from the IR.)

use crate::header::{compile, Header, Usage, When};
use cosmic_engine::Window;

use crate::library::abilities;
use cosmic_grammar::ast::{Ability, Decl, Entry, Expr};
use std::fmt::Write;

/// The value of property `key`, as written (a string without its quotes).
pub fn property(d: &Decl, key: &str, source: &str) -> Option<String> {
    d.entries.iter().find_map(|e| match e {
        Entry::Property(p) if p.key.text == key => Some(match &p.value {
            Expr::Str(s) => s.value.clone(),
            other => source[other.span().start..other.span().end].to_string(),
        }),
        _ => None,
    })
}

/// `any phase`, or `the reveal phase`, `the launch or alliance phase`.
fn phase_words(phases: &[cosmic_engine::state::Phase]) -> String {
    let names: Vec<&str> = phases.iter().map(|p| p.name()).collect();
    if names.len() == 8 {
        "any phase".to_string()
    } else {
        format!("the {} phase", names.join(" or "))
    }
}

fn when_words(w: &When, limits: bool) -> String {
    match w {
        // Beside an event or a replacement, a phase without a window only limits it.
        When::At {
            phases,
            window: None,
        } if limits => format!("in {}", phase_words(phases)),
        // Duel's windows come in a fight, not an encounter's phase.
        When::At {
            window: Some(win @ Window::PlansRevealed { contest }),
            ..
        } => format!(
            "in a {}, {}",
            if *contest { "contest" } else { "duel" },
            crate::header::window_words(*win)
        ),
        When::At { phases, window } => {
            let phases = phase_words(phases);
            match window {
                Some(win) => format!("in {phases}, {}", crate::header::window_words(*win)),
                None => format!("at the start of {phases}"),
            }
        }
        When::Setup => "at game setup".into(),
        When::Whenever(e) => format!("whenever {e}"),
        When::InsteadOf(e) if e == "my power" => "played instead of its alien's power".into(),
        When::InsteadOf(e) => format!("instead of {e}"),
        When::During(phases) => {
            let phases: Vec<&str> = phases.iter().map(|p| p.name()).collect();
            format!("throughout the {} phase", phases.join(" or "))
        }
    }
}

fn header_words(h: &Header) -> String {
    let usage = match h.usage {
        Usage::Mandatory => "mandatory (a use: can be zapped)",
        Usage::Optional => "optional, its controller is asked (a use: can be zapped)",
        Usage::Innate => "innate (always on, never a use: cannot be zapped)",
    };
    let limits = h
        .when
        .iter()
        .any(|w| matches!(w, When::Whenever(_) | When::InsteadOf(_)));
    let when: Vec<String> = h.when.iter().map(|w| when_words(w, limits)).collect();
    // Roles it names that are all unknown leave nobody: say so rather than print nothing.
    let who = match h.roles.0 {
        0 => "nobody (no role it names is known)".to_string(),
        _ => h.roles.describe(),
    };
    let mut s = format!("{usage}; usable by {who}; {}", when.join(", "));
    if let Some(c) = &h.condition {
        let _ = write!(s, "; only if {c}");
    }
    if let Some(l) = &h.limit {
        // The limit holds what follows `once per` (`encounter`).
        let _ = write!(s, "; once per {l}");
    }
    match h.prefer.as_deref() {
        Some("false") => s.push_str("; bots never use it"),
        Some("true") => s.push_str("; bots always use it"),
        Some(p) => {
            let _ = write!(s, "; bots use it if {p}");
        }
        None => {}
    }
    s
}

/// A component explained in words.
pub fn explain(d: &Decl, source: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} \"{}\"", d.kind.text, d.name.value);
    for key in [
        "summary",
        "alert",
        "set",
        "edition",
        "count",
        "research",
        "reveal",
        "setup",
        "power-loss",
        "super-cancel",
    ] {
        if let Some(v) = property(d, key, source) {
            let _ = writeln!(out, "  {key}: {v}");
        }
    }
    if let Some(text) = property(d, "text", source) {
        let _ = writeln!(out, "  text: {text}");
    }
    for a in abilities(&d.entries) {
        let _ = write!(out, "\n{}", ability(a, source));
    }
    out
}

/// One ability explained: its header in words, then its body as written (two spaces in).
pub fn ability(a: &Ability, source: &str) -> String {
    let mut out = String::new();
    let mut lints = Vec::new();
    let h = compile(a, source, &mut lints);
    let name = h
        .name
        .as_deref()
        .map(|n| format!(" \"{n}\""))
        .unwrap_or_default();
    let _ = writeln!(out, "  {}{name}: {}", h.home, header_words(&h));
    let body = source[a.body.span.start..a.body.span.end].trim();
    let body = body.strip_prefix('{').unwrap_or(body);
    let body = body.strip_suffix('}').unwrap_or(body);
    let lines: Vec<&str> = body.lines().filter(|l| !l.trim().is_empty()).collect();
    let indent = lines
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    for line in lines {
        let _ = writeln!(out, "    {}", line[indent.min(line.len())..].trim_end());
    }
    if !lints.is_empty() {
        let _ = writeln!(
            out,
            "    ({} problem{} — run `cosmic lint`)",
            lints.len(),
            if lints.len() == 1 { "" } else { "s" }
        );
    }
    out
}
