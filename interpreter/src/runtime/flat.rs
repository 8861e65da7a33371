//! Flat forms of the commonest conditions of bot games (ships at a place, cards in a hand,
//! an encounter card's type, compared with a number): read straight from the game, they
//! spare the general walk of `eval` (a call per node, values built and dropped) and give the
//! same answer. A condition of any other shape has none and is evaluated as written.

use super::expressions::{
    counts_as, gained_held, hand_cards, hand_of_type, main_side, opponent_of, revealed_cards,
};
use super::ships::ship_count;
use super::Runtime;
use crate::ir::{BinOp, Expr, ShipPlace};
use cosmic_engine::{CardType, Game, PlayerId};

/// A condition in flat form.
#[derive(Clone, Debug)]
pub(super) enum Flat {
    /// A count ordered (`<`, `<=`, `>`, `>=`) against `k`.
    Ordered { count: Count, op: BinOp, k: i32 },
    /// Whether `who`'s encounter card counts as type `t`.
    EncounterType { who: Who, t: CardType },
    /// Every one holds.
    All(Vec<Flat>),
}

/// A number a flat condition counts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Count {
    /// `who`'s ships at `place` (never `this tech`, which only the context knows).
    Ships(Who, ShipPlace),
    /// The cards of type `t` in `who`'s hand.
    HandCards(Who, CardType),
    /// The cards in `who`'s hand (encounter cards only, if set).
    CardsInHand(Who, bool),
    /// The cards `who` gained this encounter, still in its hand.
    Gained(Who),
    /// The encounter cards, once revealed.
    RevealedCards,
}

/// A player a flat condition names.
#[derive(Clone, Copy, Debug)]
pub(super) enum Who {
    Me,
    Offense,
    /// My opponent.
    Opponent,
}

impl Flat {
    /// The flat form of the condition `e`, if it has one.
    pub(super) fn of(e: &Expr) -> Option<Flat> {
        Some(match e {
            Expr::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b) => {
                let Expr::Int(k) = **b else { return None };
                Flat::Ordered {
                    count: Count::of(a)?,
                    op: *op,
                    k,
                }
            }
            Expr::Binary(BinOp::Eq, a, b) => match (&**a, &**b) {
                (Expr::TypeOf(c), Expr::Type(t)) => match &**c {
                    Expr::EncounterCard(p) => Flat::EncounterType {
                        who: Who::of(p)?,
                        t: *t,
                    },
                    _ => return None,
                },
                _ => return None,
            },
            // Both sides are read either way; neither changes anything.
            Expr::Binary(BinOp::And, a, b) => Flat::All(vec![Flat::of(a)?, Flat::of(b)?]),
            Expr::All(items) => Flat::All(items.iter().map(Flat::of).collect::<Option<_>>()?),
            _ => return None,
        })
    }
}

impl Count {
    fn of(e: &Expr) -> Option<Count> {
        Some(match e {
            Expr::Ships(p, place) if *place != ShipPlace::ThisTech => {
                Count::Ships(Who::of(p)?, *place)
            }
            Expr::HandCards(p, t) => match **t {
                Expr::Type(t) => Count::HandCards(Who::of(p)?, t),
                _ => return None,
            },
            Expr::CardsInHand(p, encounter_only) => {
                Count::CardsInHand(Who::of(p)?, *encounter_only)
            }
            Expr::Gained(p) => Count::Gained(Who::of(p)?),
            Expr::RevealedCards => Count::RevealedCards,
            _ => return None,
        })
    }
}

impl Who {
    fn of(e: &Expr) -> Option<Who> {
        match e {
            Expr::Me => Some(Who::Me),
            Expr::Offense => Some(Who::Offense),
            Expr::Opponent(p) if **p == Expr::Me => Some(Who::Opponent),
            _ => None,
        }
    }
}

impl Runtime {
    /// Whether the flat condition `f` holds for `me`: what `eval` of the condition it stands
    /// for would answer.
    pub(super) fn holds(&self, f: &Flat, game: &Game, me: PlayerId) -> bool {
        match f {
            Flat::Ordered { count, op, k } => {
                let n = self.count(*count, game, me);
                match op {
                    BinOp::Lt => n < *k,
                    BinOp::Le => n <= *k,
                    BinOp::Gt => n > *k,
                    _ => n >= *k,
                }
            }
            Flat::EncounterType { who, t } => {
                let s = game.state();
                who.player(game, me)
                    .and_then(|p| main_side(game, p))
                    .and_then(|side| s.encounter.cards[side.ix()])
                    .is_some_and(|c| counts_as(game, c).card_type() == *t)
            }
            Flat::All(items) => items.iter().all(|f| self.holds(f, game, me)),
        }
    }

    /// The number `count` reads for `me` (nobody named counts nothing, as in `eval`).
    fn count(&self, count: Count, game: &Game, me: PlayerId) -> i32 {
        let s = game.state();
        let Some(p) = count.who().map_or(Some(me), |who| who.player(game, me)) else {
            return 0;
        };
        let n = match count {
            Count::Ships(_, place) => return ship_count(game, p, place),
            Count::HandCards(_, t) => hand_of_type(s, p, t).count(),
            Count::CardsInHand(_, encounter_only) => hand_cards(s, p, encounter_only).count(),
            Count::Gained(_) => gained_held(s, p).count(),
            Count::RevealedCards => revealed_cards(s).count(),
        };
        n as i32
    }
}

impl Count {
    /// The player counted for, if the count names one.
    fn who(self) -> Option<Who> {
        match self {
            Count::Ships(who, _)
            | Count::HandCards(who, _)
            | Count::CardsInHand(who, _)
            | Count::Gained(who) => Some(who),
            Count::RevealedCards => None,
        }
    }
}

impl Who {
    /// The player named, if any (as `eval` reads `me`, `offense` and `my opponent`).
    fn player(self, game: &Game, me: PlayerId) -> Option<PlayerId> {
        match self {
            Who::Me => Some(me),
            Who::Offense => Some(game.state().offense),
            Who::Opponent => opponent_of(game.state(), me),
        }
    }
}
