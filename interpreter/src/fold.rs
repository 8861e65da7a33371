//! What can be known about an expression before any game is played: its constant value, and
//! whether a condition can never hold. The lints use it to find abilities that never act.

use crate::ir::{BinOp, Expr};

/// A value known at compile time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Const {
    /// A whole number.
    Int(i64),
    /// A truth value.
    Bool(bool),
}

/// The value of `e` if it does not depend on the game.
pub fn constant(e: &Expr) -> Option<Const> {
    use Const::{Bool, Int};
    Some(match e {
        Expr::Int(n) => Int(i64::from(*n)),
        Expr::Bool(b) => Bool(*b),
        Expr::Neg(a) => Int(-int(a)?),
        Expr::Not(a) => Bool(!boolean(a)?),
        Expr::All(l) => return all(l.iter().map(constant)),
        Expr::Any(l) => return any(l.iter().map(constant)),
        Expr::DivUp(a, b) => {
            let (a, b) = (int(a)?, int(b)?);
            Int(a.checked_add(b - 1)?.checked_div(b)?)
        }
        Expr::Binary(op, a, b) => {
            let (ca, cb) = (constant(a), constant(b));
            match op {
                BinOp::And => return all([ca, cb]),
                BinOp::Or => return any([ca, cb]),
                BinOp::Eq => Bool(ca? == cb?),
                BinOp::Ne => Bool(ca? != cb?),
                _ => {
                    let (x, y) = (int_of(ca)?, int_of(cb)?);
                    match op {
                        BinOp::Lt => Bool(x < y),
                        BinOp::Le => Bool(x <= y),
                        BinOp::Gt => Bool(x > y),
                        BinOp::Ge => Bool(x >= y),
                        BinOp::Add => Int(x.checked_add(y)?),
                        BinOp::Sub => Int(x.checked_sub(y)?),
                        BinOp::Mul => Int(x.checked_mul(y)?),
                        BinOp::Div => Int(x.checked_div(y)?),
                        BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne => return None,
                    }
                }
            }
        }
        _ => return None,
    })
}

/// Whether the condition `e` is false in every game: constantly false, a count compared
/// below zero, or one thing tested for two different card types at once.
pub fn never_holds(e: &Expr) -> bool {
    if constant(e) == Some(Const::Bool(false)) {
        return true;
    }
    match e {
        Expr::All(l) => l.iter().any(never_holds) || contradicts(l),
        Expr::Binary(BinOp::And, a, b) => {
            never_holds(a) || never_holds(b) || contradicts([&**a, &**b])
        }
        Expr::Binary(BinOp::Or, a, b) => never_holds(a) && never_holds(b),
        Expr::Any(l) => !l.is_empty() && l.iter().all(never_holds),
        // Counts of ships, cards and tokens are never negative.
        Expr::Binary(BinOp::Lt, a, b) => is_count(a) && int(b).is_some_and(|n| n <= 0),
        Expr::Binary(BinOp::Gt, a, b) => is_count(b) && int(a).is_some_and(|n| n <= 0),
        _ => false,
    }
}

/// Whether two of `conditions` test the same thing for two different card types.
fn contradicts<'e>(conditions: impl IntoIterator<Item = &'e Expr>) -> bool {
    let tests: Vec<(&Expr, &Expr)> = conditions
        .into_iter()
        .filter_map(|c| match c {
            Expr::Binary(BinOp::Eq, a, b) if matches!(**b, Expr::Type(_)) => Some((&**a, &**b)),
            _ => None,
        })
        .collect();
    tests
        .iter()
        .enumerate()
        .any(|(i, (a, t))| tests[i + 1..].iter().any(|(b, u)| a == b && t != u))
}

/// Whether `e` counts things, so is never below zero.
fn is_count(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Ships(..)
            | Expr::CardsInHand(..)
            | Expr::HandCards(..)
            | Expr::Reinforcements(_)
            | Expr::Tokens(_)
            | Expr::Resource(..)
            | Expr::EncounterNumber
    )
}

fn int(e: &Expr) -> Option<i64> {
    int_of(constant(e))
}

fn int_of(c: Option<Const>) -> Option<i64> {
    match c? {
        Const::Int(n) => Some(n),
        Const::Bool(_) => None,
    }
}

fn boolean(e: &Expr) -> Option<bool> {
    match constant(e)? {
        Const::Bool(b) => Some(b),
        Const::Int(_) => None,
    }
}

/// All of the conditions: false as soon as one is known false, true when all are known true.
fn all(items: impl IntoIterator<Item = Option<Const>>) -> Option<Const> {
    decided_by(items, false)
}

/// Any of the conditions: true as soon as one is known true, false when all are known false.
fn any(items: impl IntoIterator<Item = Option<Const>>) -> Option<Const> {
    decided_by(items, true)
}

/// Conditions that one known `decisive` value decides; otherwise all must be known.
fn decided_by(items: impl IntoIterator<Item = Option<Const>>, decisive: bool) -> Option<Const> {
    let mut known = true;
    for c in items {
        match c {
            Some(Const::Bool(b)) if b == decisive => return Some(Const::Bool(decisive)),
            Some(Const::Bool(_)) => {}
            _ => known = false,
        }
    }
    known.then_some(Const::Bool(!decisive))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ShipPlace;
    use cosmic_engine::CardType;

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    #[test]
    fn folds_constants() {
        let e = bin(
            BinOp::Gt,
            bin(BinOp::Add, Expr::Int(2), Expr::Int(3)),
            Expr::Int(4),
        );
        assert_eq!(constant(&e), Some(Const::Bool(true)));
        assert_eq!(
            constant(&Expr::DivUp(Box::new(Expr::Int(7)), Box::new(Expr::Int(3)))),
            Some(Const::Int(3))
        );
        assert_eq!(constant(&bin(BinOp::Div, Expr::Int(1), Expr::Int(0))), None);
        assert_eq!(constant(&Expr::Me), None);
    }

    #[test]
    fn finds_conditions_that_never_hold() {
        let card = Expr::TypeOf(Box::new(Expr::EncounterCard(Box::new(Expr::Me))));
        let is = |t| bin(BinOp::Eq, card.clone(), Expr::Type(t));
        assert!(never_holds(&Expr::All(vec![
            is(CardType::Attack),
            is(CardType::Negotiate)
        ])));
        assert!(!never_holds(&Expr::Any(vec![
            is(CardType::Attack),
            is(CardType::Negotiate)
        ])));
        assert!(!never_holds(&Expr::All(vec![
            is(CardType::Attack),
            is(CardType::Attack)
        ])));
        let ships = Expr::Ships(Box::new(Expr::Me), ShipPlace::Warp);
        assert!(never_holds(&bin(BinOp::Lt, ships.clone(), Expr::Int(0))));
        assert!(!never_holds(&bin(BinOp::Lt, ships, Expr::Int(1))));
        assert!(never_holds(&bin(BinOp::Gt, Expr::Int(1), Expr::Int(2))));
    }
}
