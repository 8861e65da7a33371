//! Evaluating expressions: conditions, values, and the quantities they read.

use super::context::{
    cards_of, kind, kind_value, number, planets_of, remembered_key, Ctx, Headed, Subject, Value,
    REMEMBERED_MAX,
};
use super::ships::ship_places;
use super::Runtime;
use crate::ir::{BinOp, Expr, QuantityRef, ShipPlace};
use cosmic_engine::event::Place;
use cosmic_engine::state::{GameState, Outcome};
use cosmic_engine::{CardId, CardKind, CardType, Game, PlanetId, PlayerId, Quantity, Side};

fn all_mask(game: &Game) -> u8 {
    ((1u16 << game.state().player_count()) - 1) as u8
}

pub(super) fn main_side(game: &Game, p: PlayerId) -> Option<Side> {
    let s = game.state();
    if p == s.offense {
        Some(Side::Offense)
    } else if Some(p) == s.encounter.defense {
        Some(Side::Defense)
    } else {
        None
    }
}

/// The player opposing `p`: in Duel the other player; otherwise the main player of the other
/// side (none when `p` is on no side).
pub(super) fn opponent_of(s: &GameState, p: PlayerId) -> Option<PlayerId> {
    if s.duel.is_some() {
        return Some(PlayerId(1 - p.0));
    }
    s.side_of(p).and_then(|side| s.main_player(side.other()))
}

/// The cards of type `t` in `p`'s hand.
pub(super) fn hand_of_type(
    s: &GameState,
    p: PlayerId,
    t: CardType,
) -> impl Iterator<Item = CardId> + '_ {
    (s.players[p.ix()].hand.iter())
        .copied()
        .filter(move |&c| s.kind(c).card_type() == t)
}

/// The cards in `p`'s hand, encounter cards only if `encounter_only`.
pub(super) fn hand_cards(
    s: &GameState,
    p: PlayerId,
    encounter_only: bool,
) -> impl Iterator<Item = CardId> + '_ {
    (s.players[p.ix()].hand.iter())
        .copied()
        .filter(move |&c| !encounter_only || s.kind(c).is_encounter())
}

/// The cards `p` gained this encounter and still holds.
pub(super) fn gained_held(s: &GameState, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
    (s.encounter.gained.iter())
        .filter(move |&&(q, c)| q == p && s.players[p.ix()].hand.contains(&c))
        .map(|&(_, c)| c)
}

/// The encounter cards, once revealed (none before).
pub(super) fn revealed_cards(s: &GameState) -> impl Iterator<Item = CardId> + '_ {
    (s.encounter.cards.iter())
        .flatten()
        .copied()
        .filter(|_| s.encounter.revealed)
}

/// Whether `card` matches `like`: the same type and, for an attack card, a value at least as
/// high (what a card must be to answer another in kind).
pub(super) fn matches(card: CardKind, like: CardKind) -> bool {
    match (card, like) {
        (CardKind::Attack(v), CardKind::Attack(w)) => v >= w,
        _ => card.card_type() == like.card_type(),
    }
}

/// What a card counts as: its printed kind, or once revealed as an encounter card, what it
/// counts as there (a morph copying, a kind card text set).
pub(super) fn counts_as(game: &Game, c: CardId) -> CardKind {
    let s = game.state();
    let e = &s.encounter;
    match e.cards.iter().position(|&x| x == Some(c)) {
        Some(i) if e.revealed => e.effective[i].unwrap_or(s.kind(c)),
        _ => s.kind(c),
    }
}

/// Whether two values are equal; a kind and a type are when the kind is of that type.
fn same(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Kind(k), Value::Type(t)) | (Value::Type(t), Value::Kind(k)) => k.card_type() == *t,
        _ => x == y,
    }
}

impl Runtime {
    /// The engine quantity a reference names for the acting player, if it exists now.
    pub(super) fn instance(&self, q: &QuantityRef, game: &Game, ctx: &mut Ctx) -> Option<Quantity> {
        Some(match q {
            QuantityRef::SideTotal(s) => match self.eval(s, game, ctx) {
                Value::Side(s) => Quantity::SideTotal(s),
                _ => return None,
            },
            QuantityRef::BaseTotal(s) => match self.eval(s, game, ctx) {
                Value::Side(s) => Quantity::BaseTotal(s),
                _ => return None,
            },
            QuantityRef::ShipWorth(p) => Quantity::ShipWorth(self.player(p, game, ctx)?),
            QuantityRef::CardValue(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => {
                    let i = game
                        .state()
                        .encounter
                        .cards
                        .iter()
                        .position(|&x| x == Some(c))?;
                    Quantity::CardValue(Side::BOTH[i])
                }
                _ => return None,
            },
            QuantityRef::MaxShips(p) => Quantity::MaxShips(self.player(p, game, ctx)?),
            QuantityRef::Compensation(p) => Quantity::Compensation(self.player(p, game, ctx)?),
            QuantityRef::Rewards(p) => Quantity::Rewards(self.player(p, game, ctx)?),
            QuantityRef::ColoniesToWin(p) => Quantity::ColoniesToWin(self.player(p, game, ctx)?),
            QuantityRef::FailedDealShips(p) => {
                Quantity::FailedDealShips(self.player(p, game, ctx)?)
            }
            QuantityRef::RegroupShips(p) => Quantity::RegroupShips(self.player(p, game, ctx)?),
            QuantityRef::AttackRequired(p) => Quantity::AttackRequired(self.player(p, game, ctx)?),
            QuantityRef::AttackReinforcement(p) => {
                Quantity::AttackReinforcement(self.player(p, game, ctx)?)
            }
            QuantityRef::MayInvite(p) => Quantity::MayInvite(self.player(p, game, ctx)?),
            QuantityRef::MinAllyShips(p) => Quantity::MinAllyShips(self.player(p, game, ctx)?),
            QuantityRef::NewHandThreshold(p) => {
                Quantity::NewHandThreshold(self.player(p, game, ctx)?)
            }
            QuantityRef::Winner => Quantity::Winner,
            QuantityRef::AlliesFromWarp => Quantity::AlliesFromWarp,
        })
    }

    /// A number of ships (0 to 255) an expression gives.
    pub(super) fn ships(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> u8 {
        self.eval(e, game, ctx).int().clamp(0, 255) as u8
    }

    pub(super) fn player(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> Option<PlayerId> {
        match self.eval(e, game, ctx) {
            // `that player` in a replacement: whose ships are replaced.
            Value::Player(p) | Value::Group { owner: p, .. } => Some(p),
            _ => None,
        }
    }

    /// A quantity's value now: the rules' value through every change.
    fn read(&self, q: Quantity, game: &Game, ctx: &Ctx) -> i32 {
        if let Some((cq, v)) = ctx.current {
            if cq == q {
                return v;
            }
        }
        let s = game.state();
        let e = &s.encounter;
        let base = match q {
            Quantity::CardValue(side) => match e.effective[side.ix()] {
                Some(CardKind::Attack(v)) => v as i32,
                _ => 0,
            },
            Quantity::ShipWorth(_) => 1,
            Quantity::SideTotal(side) => return game.side_total(side),
            Quantity::BaseTotal(side) => return game.base_total(side),
            Quantity::Winner => {
                let [o, d] = e.totals.unwrap_or([0, 0]);
                (o <= d) as i32
            }
            Quantity::MaxShips(_) => s.rules.max_committed_ships as i32,
            Quantity::Compensation(p) => e.lost_to_warp[p.ix()] as i32,
            Quantity::Rewards(p) => e.beside[p.ix()] as i32,
            Quantity::ColoniesToWin(_) => s.rules.colonies_to_win as i32,
            Quantity::FailedDealShips(_) => s.rules.failed_deal_ships as i32,
            Quantity::RegroupShips(_) => 1,
            Quantity::AttackReinforcement(_) => -1,
            Quantity::MayInvite(_) => 1,
            Quantity::MinAllyShips(_) => 1,
            _ => 0,
        };
        game.quantity(q, base)
    }

    /// The value of `e`. The leaves conditions name most (numbers, `me`, slots) are read
    /// here, inline: the full evaluation is a large function whose every call costs far
    /// more than such a leaf.
    #[inline]
    pub(super) fn eval(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> Value {
        match e {
            Expr::Int(n) => Value::Int(*n),
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Type(t) => Value::Type(*t),
            Expr::Me => Value::Player(ctx.me),
            _ => self.eval_node(e, game, ctx),
        }
    }

    /// Reads `per` for each of `players` in seat order, that player bound to `slot`, and
    /// gives `each` the player and the number (`the most ... among`, `... having`).
    fn per_player(
        &self,
        slot: u8,
        players: &Expr,
        per: &Expr,
        game: &Game,
        ctx: &mut Ctx,
        mut each: impl FnMut(PlayerId, i32),
    ) {
        let mask = self.eval(players, game, ctx).mask();
        let k = slot as usize;
        // A condition is tested without slots: make room for the one bound here.
        if ctx.slots.len() <= k {
            ctx.slots.resize(k + 1, Value::None);
        }
        let saved = ctx.slots[k].clone();
        for q in game.state().seats().filter(|q| mask & (1 << q.0) != 0) {
            ctx.slots[k] = Value::Player(q);
            each(q, number(&self.eval(per, game, ctx), game));
        }
        ctx.slots[k] = saved;
    }

    /// `eval` of any expression but the leaves it reads itself.
    #[inline(never)]
    fn eval_node(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> Value {
        let s = game.state();
        match e {
            Expr::Int(n) => Value::Int(*n),
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Type(t) => Value::Type(*t),
            Expr::Kind(t, value) => {
                let v = value
                    .as_ref()
                    .map_or(0, |v| number(&self.eval(v, game, ctx), game));
                Value::Kind(kind(*t, v.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
            }
            Expr::KindOf(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => Value::Kind(counts_as(game, c)),
                _ => Value::None,
            },
            Expr::Named(c, name) => Value::Bool(match self.eval(c, game, ctx) {
                Value::Card(c) => {
                    let def = game.state().cards[c.0 as usize].def as usize;
                    (game.components().cosmic.get(def))
                        .is_some_and(|d| d.name.eq_ignore_ascii_case(name))
                }
                _ => false,
            }),
            Expr::CopyOf(a, b) => Value::Bool(match self.eval(a, game, ctx) {
                Value::Card(a) => {
                    let name = |c: CardId| {
                        let def = game.state().cards[c.0 as usize].def as usize;
                        (game.components().cosmic.get(def)).map(|d| d.name.to_lowercase())
                    };
                    let mine = name(a);
                    (cards_of(self.eval(b, game, ctx)).into_iter())
                        .any(|b| b != a && mine.is_some() && name(b) == mine)
                }
                _ => false,
            }),
            Expr::KindValue(k) => Value::Int(match kind_value(&self.eval(k, game, ctx)) {
                Some(CardKind::Attack(v) | CardKind::Reinforcement(v)) => v as i32,
                _ => 0,
            }),
            Expr::Slot(k) => ctx.slots.get(*k as usize).cloned().unwrap_or(Value::None),
            Expr::Me => Value::Player(ctx.me),
            Expr::Offense => Value::Player(s.offense),
            Expr::Defense => s.encounter.defense.map_or(Value::None, Value::Player),
            Expr::Plan(p) => match (self.eval(p, game, ctx), s.duel.as_deref()) {
                (Value::Player(p), Some(d)) => d
                    .fight
                    .as_ref()
                    .filter(|f| f.revealed)
                    .and_then(|f| f.plans[p.ix()])
                    .map_or(Value::None, |c| {
                        Value::Int(d.cards[c.0 as usize].kind.number() as i32)
                    }),
                _ => Value::None,
            },
            Expr::Opponent(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => opponent_of(s, p).map_or(Value::None, Value::Player),
                _ => Value::None,
            },
            Expr::AllPlayers => Value::Players(all_mask(game)),
            Expr::GameWinners => {
                Value::Players((s.winners.iter()).fold(0, |mask, p| mask | 1 << p.ix()))
            }
            Expr::Winning(p) => Value::Bool(
                (s.winners.iter()).any(|&w| self.eval(p, game, ctx) == Value::Player(w)),
            ),
            Expr::OthersThan(p) => {
                let m = self.eval(p, game, ctx).mask();
                Value::Players(all_mask(game) & !m)
            }
            Expr::LeftNeighbour(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Player(s.left_of(p, 1)),
                _ => Value::None,
            },
            Expr::Allies(side) => {
                let want = side.as_ref().map(|x| self.eval(x, game, ctx));
                let mut m = 0u8;
                for p in s.seats() {
                    if let Some(a) = s.encounter.ally[p.ix()] {
                        if want.as_ref().is_none_or(|w| *w == Value::Side(a)) {
                            m |= 1 << p.0;
                        }
                    }
                }
                Value::Players(m)
            }
            Expr::SideOf(p) => match self.eval(p, game, ctx) {
                // `that player's side` in a replacement: its ships' owner's.
                Value::Player(p) | Value::Group { owner: p, .. } => {
                    s.side_of(p).map_or(Value::None, Value::Side)
                }
                // A card on the table: the side it was played for.
                Value::Card(c) => {
                    let e = &s.encounter;
                    match e.reinforcements.iter().find(|r| r.card == c) {
                        Some(r) => Value::Side(r.side),
                        None => match e.cards.iter().position(|&x| x == Some(c)) {
                            Some(0) => Value::Side(Side::Offense),
                            Some(_) => Value::Side(Side::Defense),
                            None => Value::None,
                        },
                    }
                }
                v @ Value::Side(_) => v,
                _ => Value::None,
            },
            Expr::Side(side) => Value::Side(*side),
            Expr::WouldLose | Expr::WouldWin => {
                let w = match ctx.current {
                    Some((Quantity::Winner, v)) => v,
                    _ => match s.encounter.outcome {
                        Some(Outcome::OffenseWins) => 0,
                        _ => 1,
                    },
                };
                let winner = Quantity::winner_side(w);
                Value::Side(if matches!(e, Expr::WouldWin) {
                    winner
                } else {
                    winner.other()
                })
            }
            Expr::LosingSide => match s.encounter.outcome {
                Some(Outcome::OffenseWins) => Value::Side(Side::Defense),
                Some(Outcome::DefenseWins) => Value::Side(Side::Offense),
                _ => Value::None,
            },
            Expr::Quantity(q) => match self.instance(q, game, ctx) {
                Some(Quantity::Winner) => Value::Side(Quantity::winner_side(self.read(
                    Quantity::Winner,
                    game,
                    ctx,
                ))),
                Some(q) => Value::Int(self.read(q, game, ctx)),
                None => Value::Int(0),
            },
            Expr::Ships(who, place) => {
                let place = match (place, ctx.tech) {
                    (ShipPlace::ThisTech, Some(t)) => ShipPlace::Tech(t),
                    _ => *place,
                };
                Value::Ships(self.eval(who, game, ctx).mask(), place)
            }
            Expr::CardsInHand(p, encounter_only) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(hand_cards(s, p, *encounter_only).count() as i32),
                _ => Value::Int(0),
            },
            Expr::HandCards(p, t) => match (self.eval(p, game, ctx), self.eval(t, game, ctx)) {
                (Value::Player(p), Value::Type(t)) => Value::Cards(hand_of_type(s, p, t).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Valued {
                cards,
                bound,
                above,
            } => {
                let bound = number(&self.eval(bound, game, ctx), game);
                let keep = |c: &CardId| match s.kind(*c) {
                    CardKind::Attack(v) if *above => v as i32 > bound,
                    CardKind::Attack(v) => (v as i32) < bound,
                    _ => false,
                };
                Value::Cards(
                    cards_of(self.eval(cards, game, ctx))
                        .into_iter()
                        .filter(keep)
                        .collect(),
                )
            }
            Expr::CombinedValue(cards) => Value::Int(
                cards_of(self.eval(cards, game, ctx))
                    .into_iter()
                    .map(|c| match s.kind(c) {
                        CardKind::Attack(v) | CardKind::Reinforcement(v) => v as i32,
                        _ => 0,
                    })
                    .sum(),
            ),
            Expr::Reinforcements(who) => {
                let mask = self.eval(who, game, ctx).mask();
                Value::Cards(
                    s.encounter
                        .reinforcements
                        .iter()
                        .filter(|r| mask & (1 << r.by.0) != 0)
                        .filter(|r| matches!(s.kind(r.card), CardKind::Reinforcement(_)))
                        .map(|r| r.card)
                        .collect(),
                )
            }
            Expr::Gained(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(gained_held(s, p).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::DrawnCards => match ctx.subject {
                // The cards drawn are the player's last gains (rewards) or draws of the
                // encounter.
                Subject::Count {
                    player,
                    count,
                    upto,
                    fed,
                } => {
                    // The record leaves out what the player's own answering text drew.
                    let count = count.saturating_sub(fed);
                    let list = match ctx.draws {
                        Some(crate::ir::Drawn::Rewards) => &s.encounter.gained,
                        Some(crate::ir::Drawn::Deck) => game.drawn_this_encounter(),
                        None => return Value::Cards(Vec::new()),
                    };
                    let list = list.get(..upto as usize).unwrap_or(list);
                    let mine: Vec<CardId> = (list.iter())
                        .filter(|&&(q, _)| q == player)
                        .map(|&(_, c)| c)
                        .collect();
                    let from = mine.len().saturating_sub(count as usize);
                    Value::Cards(
                        mine[from..]
                            .iter()
                            .copied()
                            .filter(|c| s.players[player.ix()].hand.contains(c))
                            .collect(),
                    )
                }
                _ => Value::Cards(Vec::new()),
            },
            Expr::Hand(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(s.players[p.ix()].hand.clone()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Extreme {
                most,
                slot,
                players,
                per,
            } => {
                let mut best: Option<i32> = None;
                self.per_player(*slot, players, per, game, ctx, |_, n| {
                    best = Some(match best {
                        Some(b) if *most => b.max(n),
                        Some(b) => b.min(n),
                        None => n,
                    });
                });
                Value::Int(best.unwrap_or(0))
            }
            Expr::Having { slot, players, per } => {
                let mut having = 0u8;
                self.per_player(*slot, players, per, game, ctx, |q, n| {
                    if n > 0 {
                        having |= 1 << q.0;
                    }
                });
                Value::Players(having)
            }
            Expr::Matching(p, c) => match (self.eval(p, game, ctx), self.eval(c, game, ctx)) {
                (Value::Player(p), Value::Card(c)) => Value::Cards(
                    s.players[p.ix()]
                        .hand
                        .iter()
                        .copied()
                        .filter(|&h| h != c && matches(s.kind(h), s.kind(c)))
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Invited(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Players(match main_side(game, p) {
                    Some(Side::Offense) => s.encounter.invited_by_offense,
                    Some(Side::Defense) => s.encounter.invited_by_defense,
                    None => 0,
                }),
                _ => Value::Players(0),
            },
            Expr::Gifts(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(
                    (s.encounter.given.iter())
                        .filter(|&&(q, c)| q == p && game.holder_of(c).is_some_and(|h| h != p))
                        .map(|&(_, c)| c)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Renewing(p) => Value::Bool(
                s.renewing
                    .is_some_and(|r| self.eval(p, game, ctx) == Value::Player(r)),
            ),
            Expr::Holder(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => game.holder_of(c).map_or(Value::None, Value::Player),
                _ => Value::None,
            },
            Expr::Took(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(
                    s.encounter
                        .took
                        .iter()
                        .filter(|&&(q, c)| q == p && s.players[p.ix()].hand.contains(&c))
                        .map(|&(_, c)| c)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Compensating(p) => Value::Bool(
                s.encounter
                    .compensating
                    .is_some_and(|c| self.eval(p, game, ctx) == Value::Player(c)),
            ),
            Expr::TopDiscard => s
                .piles
                .cosmic
                .discard
                .last()
                .map_or(Value::None, |&c| Value::Card(c)),
            Expr::EncounterCard(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => match main_side(game, p) {
                    Some(side) => s.encounter.cards[side.ix()].map_or(Value::None, Value::Card),
                    None => Value::None,
                },
                _ => Value::None,
            },
            Expr::DiscardPile => Value::Cards(s.piles.cosmic.discard.clone()),
            Expr::RevealedCards => Value::Cards(revealed_cards(s).collect()),
            Expr::TypeOf(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => Value::Type(counts_as(game, c).card_type()),
                Value::Kind(k) => Value::Type(k.card_type()),
                _ => Value::None,
            },
            Expr::Reversed(n) => {
                let n = number(&self.eval(n, game, ctx), game);
                Value::Int(n % 10 * 10 + n / 10 % 10 + n / 100 * 100)
            }
            Expr::Odd(n) => Value::Bool(number(&self.eval(n, game, ctx), game) % 2 != 0),
            Expr::PrintedValue(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => match counts_as(game, c) {
                    CardKind::Attack(v) => Value::Int(v as i32),
                    _ => Value::Int(0),
                },
                _ => Value::Int(0),
            },
            Expr::Tokens(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.effects.tokens[p.ix()]),
                _ => Value::Int(0),
            },
            Expr::Resource(p, r) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.players[p.ix()].resources.get(*r) as i32),
                _ => Value::Int(0),
            },
            Expr::EncounterNumber => Value::Int(s.encounter.number as i32),
            Expr::AgreedPlayer => ctx.agreed.map_or(Value::None, |(p, _)| Value::Player(p)),
            Expr::AgreedNumber => ctx
                .agreed
                .map_or(Value::None, |(_, n)| Value::Int(n as i32)),
            Expr::Won(side) => {
                let side = self.eval(side, game, ctx);
                Value::Bool(match s.encounter.outcome {
                    Some(Outcome::OffenseWins) => side == Value::Side(Side::Offense),
                    Some(Outcome::DefenseWins) => side == Value::Side(Side::Defense),
                    _ => false,
                })
            }
            Expr::DealMade => Value::Bool(s.encounter.outcome == Some(Outcome::DealMade)),
            Expr::DealFailed => Value::Bool(s.encounter.outcome == Some(Outcome::DealFailed)),
            Expr::Lost(side) => {
                let side = self.eval(side, game, ctx);
                Value::Bool(match s.encounter.outcome {
                    Some(Outcome::OffenseWins) => side == Value::Side(Side::Defense),
                    Some(Outcome::DefenseWins) => side == Value::Side(Side::Offense),
                    Some(Outcome::BothLose) => matches!(side, Value::Side(_)),
                    _ => false,
                })
            }
            Expr::OnSide(side) => {
                let Value::Side(side) = self.eval(side, game, ctx) else {
                    return Value::Players(0);
                };
                let mut m = s.main_player(side).map_or(0, |p| 1u8 << p.0);
                for p in s.seats() {
                    if s.encounter.ally[p.ix()] == Some(side) {
                        m |= 1 << p.0;
                    }
                }
                Value::Players(m)
            }
            Expr::TargetPlanet => match s.encounter.planet {
                Some(p) => Value::Planet(p),
                None => Value::None,
            },
            Expr::Includes(planets, planet) => {
                let planet = self.eval(planet, game, ctx);
                Value::Bool(match self.eval(planets, game, ctx) {
                    Value::Planets(list) => {
                        matches!(planet, Value::Planet(pl) if list.contains(&pl))
                    }
                    Value::Planet(one) => planet == Value::Planet(one),
                    _ => false,
                })
            }
            Expr::HomePlanets(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .map(|pl| pl.id)
                        .filter(|pl| mask & (1 << pl.owner.0) != 0)
                        .collect(),
                )
            }
            Expr::HomeColonies(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .filter(|pl| {
                            mask & (1 << pl.id.owner.0) != 0 && pl.ships[pl.id.owner.ix()] > 0
                        })
                        .map(|pl| pl.id)
                        .collect(),
                )
            }
            Expr::ForeignColoniesOf(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .filter(|pl| {
                            (s.seats()).any(|q| {
                                mask & (1 << q.0) != 0 && pl.id.owner != q && pl.ships[q.ix()] > 0
                            })
                        })
                        .map(|pl| pl.id)
                        .collect(),
                )
            }
            Expr::ShipsOn(ps, pl) => {
                let mask = self.eval(ps, game, ctx).mask();
                match self.eval(pl, game, ctx) {
                    Value::Planet(pl) => Value::Ships(mask, ShipPlace::Planet(pl)),
                    // No planet: nobody's ships.
                    _ => Value::Ships(0, ShipPlace::Colonies),
                }
            }
            Expr::SheetPlanets(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.players[p.ix()].sheet_planets as i32),
                _ => Value::Int(0),
            },
            Expr::PlanetsOutnumbered(planets, more, fewer) => {
                let (more, fewer) = (
                    self.eval(more, game, ctx).mask(),
                    self.eval(fewer, game, ctx).mask(),
                );
                let count = |pl: PlanetId, mask: u8| -> u32 {
                    (s.seats())
                        .filter(|q| mask & (1 << q.0) != 0)
                        .map(|q| s.ships_on(pl, q) as u32)
                        .sum()
                };
                let list = planets_of(self.eval(planets, game, ctx));
                Value::Planets(
                    list.into_iter()
                        .filter(|&pl| count(pl, more) > count(pl, fewer))
                        .collect(),
                )
            }
            Expr::PlanetsReached(planets, ps, n) => {
                let mask = self.eval(ps, game, ctx).mask();
                let n = self.eval(n, game, ctx).int();
                let list = planets_of(self.eval(planets, game, ctx));
                Value::Planets(
                    list.into_iter()
                        .filter(|&pl| {
                            let ships: i32 = (s.seats())
                                .filter(|q| mask & (1 << q.0) != 0)
                                .map(|q| s.ships_on(pl, q) as i32)
                                .sum();
                            ships >= n
                        })
                        .collect(),
                )
            }
            Expr::PlanetsFullest(planets) => {
                let list = planets_of(self.eval(planets, game, ctx));
                let ships =
                    |pl: PlanetId| -> u32 { (s.planet(pl).ships.iter()).map(|&n| n as u32).sum() };
                let most = list.iter().map(|&pl| ships(pl)).max();
                Value::Planets(
                    list.into_iter()
                        .filter(|&pl| Some(ships(pl)) == most)
                        .collect(),
                )
            }
            Expr::ExceptPlanets(all, but) => {
                let but = planets_of(self.eval(but, game, ctx));
                let all = planets_of(self.eval(all, game, ctx));
                Value::Planets(all.into_iter().filter(|pl| !but.contains(pl)).collect())
            }
            Expr::PlanetOwner(pl) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => Value::Player(pl.owner),
                _ => Value::None,
            },
            Expr::HasPower(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Bool(self.power_held(game, p)),
                _ => Value::Bool(false),
            },
            Expr::ColoniesOf(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .filter(|pl| {
                            (s.seats()).any(|q| mask & (1 << q.0) != 0 && pl.ships[q.ix()] > 0)
                        })
                        .map(|pl| pl.id)
                        .collect(),
                )
            }
            Expr::CapturedShips(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(game.ships_at(p, Place::Captured) as i32),
                _ => Value::Int(0),
            },
            Expr::HeldShips(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(game.held_by(p) as i32),
                _ => Value::Int(0),
            },
            Expr::StackedShips(p, in_encounter) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(game.captured_by(p, *in_encounter) as i32),
                _ => Value::Int(0),
            },
            Expr::HiredShips(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(game.hired_ships(p) as i32),
                _ => Value::Int(0),
            },
            Expr::ShipTokensInEncounter(p, key) => match self.eval(p, game, ctx) {
                Value::Player(p) => {
                    let places = ship_places(game, p, ShipPlace::Encounter);
                    Value::Int(
                        (s.ship_tokens.iter())
                            .filter(|t| t.owner == p && t.key == *key)
                            .filter(|t| places.iter().any(|&(at, _)| at == t.place))
                            .count() as i32,
                    )
                }
                _ => Value::Int(0),
            },
            // A token lying face down tells its kind to its own player only.
            Expr::PlanetHasToken(pl, key) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => {
                    Value::Bool((s.tokens_beside(pl)).any(|t| t.key == *key && t.seen_by(ctx.me)))
                }
                _ => Value::Bool(false),
            },
            Expr::PlanetHasOwnToken(pl, p) => {
                match (self.eval(pl, game, ctx), self.eval(p, game, ctx)) {
                    (Value::Planet(pl), Value::Player(p)) => {
                        Value::Bool(s.tokens_beside(pl).any(|t| t.owner == p))
                    }
                    _ => Value::Bool(false),
                }
            }
            // Only its player knows the kinds kept on its sheet.
            Expr::SheetTokens(p, key) => match self.eval(p, game, ctx) {
                Value::Player(p) if p == ctx.me => {
                    Value::Int(s.sheet_tokens(p).filter(|t| t.key == *key).count() as i32)
                }
                _ => Value::Int(0),
            },
            Expr::PlanetsWithoutTokens(planets, ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                let list = planets_of(self.eval(planets, game, ctx));
                Value::Planets(
                    list.into_iter()
                        .filter(|&pl| s.tokens_beside(pl).all(|t| mask & (1 << t.owner.0) == 0))
                        .collect(),
                )
            }
            Expr::SubjectPlanet => match ctx.subject {
                Subject::Landing { planet, .. }
                | Subject::Planet(planet)
                | Subject::Ships {
                    to: Headed::Planet(planet),
                    ..
                } => Value::Planet(planet),
                _ => Value::None,
            },
            Expr::LandingPlayers => match ctx.subject {
                Subject::Landing { players, .. } => Value::Players(players),
                _ => Value::Players(0),
            },
            Expr::PlanetPlace(pl) => match self.eval(pl, game, ctx) {
                // Counted in system order, as neighbours are.
                Value::Planet(pl) => Value::Int(
                    (s.home_planets(pl.owner).position(|x| x == pl)).map_or(0, |i| i as i32 + 1),
                ),
                _ => Value::Int(0),
            },
            Expr::PlanetsNextTo(pl) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => {
                    // Neighbours sit next to each other in the system, whatever was destroyed
                    // or created between them.
                    let system: Vec<PlanetId> = s.home_planets(pl.owner).collect();
                    let at = system.iter().position(|&x| x == pl);
                    Value::Planets(match at {
                        Some(i) => (system.iter().enumerate())
                            .filter(|&(k, _)| k.abs_diff(i) == 1)
                            .map(|(_, &x)| x)
                            .collect(),
                        None => Vec::new(),
                    })
                }
                _ => Value::Planets(Vec::new()),
            },
            Expr::PlanetsWithout(planets, ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                let list = planets_of(self.eval(planets, game, ctx));
                Value::Planets(
                    list.into_iter()
                        .filter(|&pl| {
                            (s.seats()).all(|q| mask & (1 << q.0) == 0 || s.ships_on(pl, q) == 0)
                        })
                        .collect(),
                )
            }
            Expr::AllPlanets => Value::Planets(s.planets.iter().map(|p| p.id).collect()),
            Expr::CardsBeside(pl) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => Value::Cards(s.cards_beside(pl).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::OwnCardsBeside(p, pl) => {
                match (self.eval(p, game, ctx), self.eval(pl, game, ctx)) {
                    (Value::Player(p), Value::Planet(pl)) => Value::Cards(
                        (s.aside.iter())
                            .filter(|a| {
                                a.owner == p && a.at == cosmic_engine::state::Aside::Planet(pl)
                            })
                            .map(|a| a.card)
                            .collect(),
                    ),
                    _ => Value::Cards(Vec::new()),
                }
            }
            Expr::CardsUnderTech => match ctx.tech {
                Some(t) => Value::Cards(s.cards_under_tech(ctx.me, t).collect()),
                None => Value::Cards(Vec::new()),
            },
            Expr::AllCardsBeside => Value::Cards(
                (s.aside.iter())
                    .filter(|a| matches!(a.at, cosmic_engine::state::Aside::Planet(_)))
                    .map(|a| a.card)
                    .collect(),
            ),
            Expr::CardsOnSheet(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(s.sheet_cards(p).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::OfType(cards, ty) => {
                let ty = ty.as_ref().map(|t| self.eval(t, game, ctx));
                let keep = |c: &CardId| match &ty {
                    None => s.kind(*c).is_encounter(),
                    Some(Value::Type(t)) => s.kind(*c).card_type() == *t,
                    Some(_) => false,
                };
                Value::Cards(
                    cards_of(self.eval(cards, game, ctx))
                        .into_iter()
                        .filter(keep)
                        .collect(),
                )
            }
            Expr::CardsNamed(name, cards) => {
                let Value::CardName(def) = self.eval(name, game, ctx) else {
                    return Value::Cards(Vec::new());
                };
                let named = |c: &CardId| same_name(game, s.cards[c.0 as usize].def, def);
                let cards = cards_of(self.eval(cards, game, ctx));
                Value::Cards(cards.into_iter().filter(named).collect())
            }
            Expr::ExceptCards(all, but) => {
                let but = cards_of(self.eval(but, game, ctx));
                let all = cards_of(self.eval(all, game, ctx));
                Value::Cards(all.into_iter().filter(|c| !but.contains(c)).collect())
            }
            Expr::Except(all, but) => {
                Value::Players(self.eval(all, game, ctx).mask() & !self.eval(but, game, ctx).mask())
            }
            Expr::MainPlayers => Value::Players(
                Side::BOTH
                    .iter()
                    .filter_map(|&side| s.main_player(side))
                    .fold(0, |m, p| m | 1 << p.0),
            ),
            Expr::SideInvited(side, p) => {
                let e = &s.encounter;
                Value::Bool(
                    match (self.eval(side, game, ctx), self.eval(p, game, ctx)) {
                        (Value::Side(Side::Offense), Value::Player(p)) => {
                            e.invited_by_offense & (1 << p.0) != 0
                        }
                        (Value::Side(Side::Defense), Value::Player(p)) => {
                            e.invited_by_defense & (1 << p.0) != 0
                        }
                        _ => false,
                    },
                )
            }
            Expr::Remembered(key) => {
                let base = remembered_key(*key, 0);
                // The last number remembered under the name this encounter.
                let found = s.effects.lasting.iter().rev().find_map(|e| match e.what {
                    cosmic_engine::effects::Lasting::Mark { key: k }
                        if e.by == ctx.me && k & !(REMEMBERED_MAX as u32) == base =>
                    {
                        Some(Value::Int((k & REMEMBERED_MAX as u32) as i32))
                    }
                    _ => None,
                });
                found.unwrap_or(Value::None)
            }
            Expr::DeclaredAmong(players, key) => {
                let among = self.eval(players, game, ctx).mask();
                Value::Players(
                    (s.seats())
                        .filter(|p| among & 1 << p.0 != 0 && s.effects.marked(*p, *key))
                        .fold(0, |m, p| m | 1 << p.0),
                )
            }
            Expr::Declared(p, key) => match self.player(p, game, ctx) {
                Some(p) => Value::Bool(s.effects.marked(p, *key)),
                None => Value::Bool(false),
            },
            Expr::FourPlanets => Value::Bool(s.rules.planets_per_player == 4),
            Expr::DestinyPlayer => s.encounter.destiny_names.map_or(Value::None, Value::Player),
            Expr::DestinyWild => Value::Bool(s.encounter.destiny_wild),
            Expr::EncounterReplayed => Value::Bool(s.encounter.replayed),
            Expr::DestinyColor => Value::Bool(s.encounter.destiny.is_some_and(|d| {
                matches!(
                    s.destiny_cards[d.0 as usize].kind,
                    cosmic_engine::components::DestinyKind::Color(_)
                )
            })),
            // An encounter had out of turn draws no destiny card: it is had for the granting
            // encounter's.
            Expr::DestinyNamed(name) => {
                Value::Bool(s.encounter.destiny.or(s.granted_by).is_some_and(|d| {
                    (s.destiny_cards[d.0 as usize].name.as_deref())
                        .is_some_and(|n| n.eq_ignore_ascii_case(name))
                }))
            }
            Expr::Subject => match ctx.subject {
                Subject::Use { card: Some(c), .. } | Subject::Card(c) => Value::Card(c),
                Subject::Player(p)
                | Subject::Count { player: p, .. }
                | Subject::Rewards { player: p, .. } => Value::Player(p),
                Subject::Ships {
                    owner, at, count, ..
                } => Value::Group { owner, at, count },
                Subject::Landing { players, .. } => Value::Players(players),
                _ => Value::None,
            },
            Expr::TargetsPower(p) => {
                let p = self.eval(p, game, ctx);
                Value::Bool(matches!(ctx.subject,
                    Subject::Use { against: Some((q, true)), .. } if p == Value::Player(q)))
            }
            // A tech of research X needs as many ships as are on it.
            Expr::SubjectResearch => match ctx.subject {
                Subject::Use {
                    player,
                    tech: Some(t),
                    ..
                } => Value::Int(match game.components().techs[t as usize].research {
                    Some(n) => n as i32,
                    None => game.ships_at(player, Place::Tech(t)) as i32,
                }),
                _ => Value::Int(0),
            },
            Expr::SubjectStacked => match ctx.subject {
                Subject::Ships {
                    owner,
                    at,
                    count,
                    to,
                    ..
                } => {
                    // Onto a planet, a colony among them, a stack goes first.
                    let forward = !matches!(to, Headed::Warp);
                    Value::Int(game.stacked_among(owner, at, count, forward) as i32)
                }
                _ => Value::Int(0),
            },
            Expr::SubjectCount => match ctx.subject {
                Subject::Count { count, .. }
                | Subject::Ships { count, .. }
                | Subject::Rewards { count, .. } => Value::Int(count as i32),
                _ => Value::Int(0),
            },
            Expr::RewardsTaken(as_cards) => match ctx.subject {
                Subject::Rewards { cards, ships, .. } => {
                    Value::Int(if *as_cards { cards } else { ships } as i32)
                }
                _ => Value::Int(0),
            },
            Expr::LostThisEncounter(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.encounter.lost_to_warp[p.ix()] as i32),
                _ => Value::Int(0),
            },
            Expr::MainOf(side) => match self.eval(side, game, ctx) {
                Value::Side(side) => s.main_player(side).map_or(Value::None, Value::Player),
                _ => Value::None,
            },
            Expr::ThisAlienPlayer => s
                .seats()
                .find(|p| {
                    s.players[p.ix()]
                        .aliens()
                        .any(|a| self.alien_items[a as usize] == ctx.item)
                })
                .map_or(Value::None, Value::Player),
            Expr::ThisCard => ctx.card.map_or(Value::None, Value::Card),
            Expr::List(items) => {
                let vals: Vec<Value> = items.iter().map(|i| self.eval(i, game, ctx)).collect();
                if vals
                    .iter()
                    .all(|v| matches!(v, Value::Player(_) | Value::Players(_)))
                {
                    Value::Players(vals.iter().fold(0, |m, v| m | v.mask()))
                } else {
                    Value::Cards(
                        vals.iter()
                            .filter_map(|v| match v {
                                Value::Card(c) => Some(*c),
                                _ => None,
                            })
                            .collect(),
                    )
                }
            }
            Expr::Not(x) => Value::Bool(!self.eval(x, game, ctx).is_true()),
            Expr::Neg(x) => Value::Int(-number(&self.eval(x, game, ctx), game)),
            Expr::All(items) => {
                Value::Bool(items.iter().all(|i| self.eval(i, game, ctx).is_true()))
            }
            Expr::Any(items) => {
                Value::Bool(items.iter().any(|i| self.eval(i, game, ctx).is_true()))
            }
            Expr::DivUp(a, b) => {
                let (a, b) = (
                    number(&self.eval(a, game, ctx), game),
                    number(&self.eval(b, game, ctx), game),
                );
                Value::Int(if b == 0 { 0 } else { (a + b - 1).div_euclid(b) })
            }
            // Orderings and arithmetic read only the two numbers: no value is compared.
            Expr::Binary(op, a, b)
                if !matches!(op, BinOp::Or | BinOp::And | BinOp::Eq | BinOp::Ne) =>
            {
                let i = number(&self.eval(a, game, ctx), game);
                let j = number(&self.eval(b, game, ctx), game);
                match op {
                    BinOp::Lt => Value::Bool(i < j),
                    BinOp::Le => Value::Bool(i <= j),
                    BinOp::Gt => Value::Bool(i > j),
                    BinOp::Ge => Value::Bool(i >= j),
                    BinOp::Add => Value::Int(i.saturating_add(j)),
                    BinOp::Sub => Value::Int(i.saturating_sub(j)),
                    BinOp::Mul => Value::Int(i.saturating_mul(j)),
                    BinOp::Div => Value::Int(if j == 0 { 0 } else { i.div_euclid(j) }),
                    BinOp::Or | BinOp::And | BinOp::Eq | BinOp::Ne => unreachable!(),
                }
            }
            Expr::Binary(op, a, b) => {
                let (x, y) = (self.eval(a, game, ctx), self.eval(b, game, ctx));
                let (i, j) = (number(&x, game), number(&y, game));
                // Ships compare as how many there are, and so does a list compared with a
                // number (`encounter cards of cards on my sheet = 0`).
                let listed = |v: &Value| {
                    matches!(v, Value::Cards(_) | Value::Players(_) | Value::Planets(_))
                };
                let counted = matches!(x, Value::Ships(..))
                    || matches!(y, Value::Ships(..))
                    || (matches!(x, Value::Int(_)) && listed(&y))
                    || (matches!(y, Value::Int(_)) && listed(&x));
                let (x, y) = if counted {
                    (Value::Int(i), Value::Int(j))
                } else {
                    // Replaced ships compare with a player as their owner (`that player is
                    // opponent` in a replacement).
                    match (x, y) {
                        (Value::Group { owner, .. }, y @ Value::Player(_)) => {
                            (Value::Player(owner), y)
                        }
                        (x @ Value::Player(_), Value::Group { owner, .. }) => {
                            (x, Value::Player(owner))
                        }
                        (x, y) => (x, y),
                    }
                };
                match op {
                    BinOp::Or => Value::Bool(x.is_true() || y.is_true()),
                    BinOp::And => Value::Bool(x.is_true() && y.is_true()),
                    BinOp::Eq => Value::Bool(same(&x, &y)),
                    BinOp::Ne => Value::Bool(!same(&x, &y)),
                    // Read by the arm above.
                    _ => unreachable!("orderings and arithmetic compare no values"),
                }
            }
        }
    }
}

/// Whether two card definitions print the same name (the same card: two Attack 08s).
pub(super) fn same_name(game: &Game, a: u16, b: u16) -> bool {
    let cosmic = &game.components().cosmic;
    a == b
        || matches!(
            (cosmic.get(a as usize), cosmic.get(b as usize)),
            (Some(x), Some(y)) if x.name.eq_ignore_ascii_case(&y.name)
        )
}
