//! Compiling the actions on tokens: given, placed, removed, and whose they are.

use super::without_last;
use crate::compile::Compiler;
use crate::diagnostic::Lint;
use crate::ir::{Expr, Stmt};
use crate::vocabulary::Ty;
use cosmic_grammar::ast;

impl Compiler<'_> {
    /// The kind of token `a grudge token` names (its words without the article), numbered
    /// like a declaration.
    pub(super) fn token_kind(&mut self, object_text: &str) -> u32 {
        let words = object_text
            .split_whitespace()
            .filter(|w| !matches!(*w, "a" | "an" | "the" | "1"))
            .collect::<Vec<_>>()
            .join(" ");
        self.declaration(&words)
    }

    pub(super) fn owner_of(&mut self, e: &ast::Expr, noun: &str) -> Option<Expr> {
        // `PLAYER's hand` is read as the player who owns it (the noun may be several words).
        let noun_words: Vec<&str> = noun.split(' ').collect();
        if let ast::Expr::Path(p) = e {
            let mut p = p.clone();
            let last = p.segments.last_mut()?;
            let words: Vec<&str> = last.words.iter().map(|w| w.text.as_str()).collect();
            if words.ends_with(&noun_words) {
                if last.words.len() > noun_words.len() {
                    // `my hand`: the owner is the possessive pronoun.
                    last.words.truncate(last.words.len() - noun_words.len());
                    let words: Vec<String> = last.words.iter().map(|w| w.text.clone()).collect();
                    if words == ["my"] {
                        return Some(Expr::Me);
                    }
                } else {
                    p = without_last(&p);
                }
                return self.path(&p, Some(Ty::Player)).map(|(e, _)| e);
            }
        }
        self.lints.push(Lint::TypeMismatch {
            expected: format!("a player's {noun}"),
            found: self.snippet(e.span()),
            help: format!("write `my {noun}` or `opponent's {noun}`"),
            span: e.span(),
        });
        None
    }

    pub(super) fn tokens(&mut self, a: &ast::Action, sign: i32) -> Option<Stmt> {
        let n = match a.object.as_ref() {
            Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
            _ => {
                return self.unsupported(
                    a,
                    "write `add 10 tokens to this sheet` or `remove 1 token from this sheet`",
                )
            }
        };
        // Tokens are kept on the acting player's own sheet; no other place is said.
        let place = self.arg(a, if sign < 0 { "from" } else { "to" });
        if place.is_none_or(|p| self.snippet(p.span()) != "this sheet") {
            return self.unsupported(
                a,
                "tokens go on the acting player's own sheet: `add 10 tokens to this sheet`, `remove 1 token from this sheet`",
            );
        }
        let delta = if sign < 0 { Expr::Neg(Box::new(n)) } else { n };
        Some(Stmt::Tokens {
            player: Expr::Me,
            delta,
        })
    }
}
