//! Compiling the actions that change a quantity: `set`, `add`, `subtract`, `multiply`,
//! `divide`.

use super::reads;
use crate::compile::Compiler;
use crate::diagnostic::Lint;
use crate::ir::{Code, Expr, Op, QuantityRef, Stmt};
use crate::vocabulary::Ty;
use cosmic_grammar::ast;

impl Compiler<'_> {
    pub(super) fn modify(&mut self, verb: &str, a: &ast::Action) -> Option<Stmt> {
        let object = a.object.as_ref()?;
        let object_text = self.snippet(object.span());
        if verb == "add" && object_text.ends_with("tokens") || object_text.ends_with(" token") {
            return self.tokens(a, 1);
        }
        let (target, amount, op) = match verb {
            "set" => (object, self.arg(a, "to")?, Op::Set),
            "add" => (self.arg(a, "to")?, object, Op::Add),
            "subtract" => (self.arg(a, "from")?, object, Op::Sub),
            "multiply" => (object, self.arg(a, "by")?, Op::Mul),
            _ => (object, self.arg(a, "by")?, Op::Div),
        };
        let before = self.lints.len();
        // A quantity changed before the rules compute it: the change lasts until then, so
        // the target need not exist yet (a total raised in planning counts at reveal).
        let until = self.acts_until.take();
        let (t, ty) = self.any_expr(target);
        self.acts_until = until;
        if self.lints.len() > before {
            return None; // the reference itself was reported
        }
        match t {
            Expr::Quantity(q) => {
                let want = if q == QuantityRef::Winner {
                    Ty::Side
                } else {
                    Ty::Int
                };
                let value = self.expr(amount, want);
                let relative = reads(&value, &q);
                let until = self.until(a);
                self.program.codes.push(Code {
                    op,
                    amount: value,
                    relative,
                });
                let code = (self.program.codes.len() - 1) as u32;
                let text = self.snippet(a.span);
                let names = self.names_in(&text);
                let label = format!("{}: {text}", self.item_name);
                let source = self.source(label);
                Some(Stmt::Modify {
                    quantity: q,
                    code,
                    source,
                    until,
                    names,
                })
            }
            Expr::KindOf(card) if op == Op::Set => {
                let to = self.expr(amount, Ty::Kind);
                let label = format!("{}: {}", self.item_name, self.snippet(a.span));
                let source = self.source(label);
                Some(Stmt::SetKind {
                    card: *card,
                    to,
                    source,
                })
            }
            Expr::TypeOf(card) if op == Op::Set => {
                let to = match self.expr(amount, Ty::Type) {
                    Expr::Type(t) => t,
                    _ => return None,
                };
                let label = format!("{}: {}", self.item_name, self.snippet(a.span));
                let source = self.source(label);
                Some(Stmt::SetType {
                    card: *card,
                    to,
                    source,
                })
            }
            _ => {
                self.lints.push(Lint::TypeMismatch {
                    expected: "a quantity (a total, a value, a limit, the winner...)".into(),
                    found: ty.words().into(),
                    help: "only quantities can be set, added to or multiplied: `my side's total`, `my encounter card's value`, `my launch limit`, `the winner`".into(),
                    span: target.span(),
                });
                None
            }
        }
    }
}
