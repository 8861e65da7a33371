//! The choices card text asks for (`choose`), through the decision API.

use super::context::{cards_of, number, planets_of, Ctx, Value};
use super::Runtime;
use crate::ir::{Expr, Pick};
use cosmic_engine::event::Picked;
use cosmic_engine::{Choice, DecisionKind, Flow, Game, PlayerId, Side};

/// The players of `mask`, in seat order, as options.
fn seats_in(game: &Game, mask: u8) -> Vec<Choice> {
    game.state()
        .seats()
        .filter(|p| mask & (1 << p.0) != 0)
        .map(Choice::Player)
        .collect()
}

/// Asks `me` to pick one of `options` (none to pick from gives no value, and asks nothing).
fn pick_one(
    game: &mut Game,
    me: PlayerId,
    kind: DecisionKind,
    options: Vec<Choice>,
) -> Flow<(Value, bool)> {
    if options.is_empty() {
        return Ok((Value::None, false));
    }
    let v = match game.pick(me, kind, options)? {
        Choice::Player(p) => Value::Player(p),
        Choice::Side(s) => Value::Side(s),
        Choice::Card(c) => Value::Card(c),
        Choice::Planet(p) => Value::Planet(p),
        Choice::CardName(d) => Value::CardName(d),
        _ => Value::None,
    };
    Ok((v, true))
}

/// Says what `me` picked, when it picked anything (an empty list to pick from asks nothing).
fn announce(game: &mut Game, me: PlayerId, v: &Value, source: u32) {
    let picked = match v {
        Value::Player(p) => Picked::Player(*p),
        Value::Players(m) => Picked::Players(
            game.state()
                .seats()
                .filter(|p| m & (1 << p.0) != 0)
                .collect(),
        ),
        Value::Side(s) => Picked::Side(*s),
        Value::Card(c) => Picked::Card(*c),
        Value::Cards(cs) => Picked::Cards(cs.clone()),
        Value::Planet(p) => Picked::Planet(*p),
        Value::Int(n) => Picked::Number(*n),
        Value::CardName(d) => Picked::CardName(*d),
        _ => return,
    };
    game.announce_pick(me, picked, source);
}

impl Runtime {
    /// Asks `ctx.me` to pick as `pick` says and tells the table what was picked: every
    /// pick is public, but for cards, which the log names only to whom may see them.
    pub(super) fn choose(&self, pick: &Pick, game: &mut Game, ctx: &mut Ctx) -> Flow<Value> {
        let (v, asked) = self.ask(pick, game, ctx)?;
        if asked {
            announce(game, ctx.me, &v, ctx.source);
        }
        Ok(v)
    }

    /// The pick, and whether there was anything to pick from.
    fn ask(&self, pick: &Pick, game: &mut Game, ctx: &mut Ctx) -> Flow<(Value, bool)> {
        let me = ctx.me;
        match pick {
            Pick::Planet(list) => {
                let planets = planets_of(self.eval(list, game, ctx));
                let options = planets.into_iter().map(Choice::Planet).collect();
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Player(list) | Pick::Players(list) | Pick::SomePlayers(list) => {
                let options = seats_in(game, self.eval(list, game, ctx).mask());
                let many = !matches!(pick, Pick::Player(_));
                if options.is_empty() {
                    return Ok((if many { Value::Players(0) } else { Value::None }, false));
                }
                if many {
                    let n = options.len() as u8;
                    // One or more of a single player is that player: the engine does not ask.
                    let min = u8::from(matches!(pick, Pick::SomePlayers(_)));
                    let picked = game.ask_choices(me, options, min, n)?;
                    let mut m = 0u8;
                    for c in picked {
                        if let Choice::Player(p) = c {
                            m |= 1 << p.0;
                        }
                    }
                    return Ok((Value::Players(m), true));
                }
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Side(list) => {
                let sides = match self.eval(list, game, ctx) {
                    Value::Side(s) => vec![s],
                    _ => match list {
                        Expr::List(items) => items
                            .iter()
                            .filter_map(|i| match self.eval(i, game, ctx) {
                                Value::Side(s) => Some(s),
                                _ => None,
                            })
                            .collect(),
                        _ => Side::BOTH.to_vec(),
                    },
                };
                let options: Vec<Choice> = sides.into_iter().map(Choice::Side).collect();
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Card(list) => {
                let cards = cards_of(self.eval(list, game, ctx));
                let options: Vec<Choice> = cards.into_iter().map(Choice::Card).collect();
                pick_one(game, me, DecisionKind::CardCards, options)
            }
            Pick::CardEach(list) => {
                // Each picks in turn, unseen by the others until the cards are shown: as if
                // all at once. Each pick is said as that player's (the card to whom may see it).
                let mask = self.eval(list, game, ctx).mask();
                let mut picked = Vec::new();
                let pickers: Vec<PlayerId> = (game.state().seats())
                    .filter(|p| mask & (1 << p.0) != 0)
                    .collect();
                for p in pickers {
                    let options: Vec<Choice> = (game.state().players[p.ix()].hand.iter())
                        .map(|&c| Choice::Card(c))
                        .collect();
                    if let (Value::Card(c), true) =
                        pick_one(game, p, DecisionKind::CardCards, options)?
                    {
                        game.announce_pick(p, Picked::Card(c), ctx.source);
                        picked.push(c);
                    }
                }
                Ok((Value::Cards(picked), false))
            }
            Pick::RandomCard(list) => {
                let cards = cards_of(self.eval(list, game, ctx));
                if cards.is_empty() {
                    return Ok((Value::None, false));
                }
                Ok((Value::Card(cards[game.random_index(cards.len())]), true))
            }
            Pick::Cards(list) | Pick::UpToCards(_, list) => {
                let options: Vec<Choice> = cards_of(self.eval(list, game, ctx))
                    .into_iter()
                    .map(Choice::Card)
                    .collect();
                let most = match pick {
                    Pick::UpToCards(most, _) => number(&self.eval(most, game, ctx), game),
                    _ => i32::MAX,
                };
                let n = (options.len() as i32).min(most).max(0) as u8;
                if n == 0 {
                    return Ok((Value::Cards(Vec::new()), false));
                }
                let picked = game.ask_subset(me, DecisionKind::PlayCards, options, 0, n)?;
                let cards = picked
                    .into_iter()
                    .filter_map(|c| match c {
                        Choice::Card(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                Ok((Value::Cards(cards), true))
            }
            Pick::CardName => {
                // Each printed card of the decks in play once, by its first definition.
                let s = game.state();
                let mut dealt = vec![false; game.components().cosmic.len()];
                for c in &s.cards {
                    if let Some(d) = dealt.get_mut(c.def as usize) {
                        *d = true;
                    }
                }
                let cosmic = &game.components().cosmic;
                let mut options: Vec<Choice> = Vec::new();
                for (i, def) in cosmic.iter().enumerate().filter(|&(i, _)| dealt[i]) {
                    let named = |o: &Choice| match *o {
                        Choice::CardName(d) => {
                            cosmic[d as usize].name.eq_ignore_ascii_case(&def.name)
                        }
                        _ => false,
                    };
                    if !options.iter().any(named) {
                        options.push(Choice::CardName(i as u16));
                    }
                }
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Defense(list) => {
                let options = seats_in(game, self.eval(list, game, ctx).mask());
                pick_one(game, me, DecisionKind::WildDefense, options)
            }
            Pick::Number(lo, hi) => {
                let (lo, hi) = (
                    number(&self.eval(lo, game, ctx), game),
                    number(&self.eval(hi, game, ctx), game),
                );
                let options: Vec<Choice> = (lo..=hi.max(lo)).map(Choice::Number).collect();
                let n = match game.pick(me, DecisionKind::CardChoice, options)? {
                    Choice::Number(n) => n,
                    _ => lo,
                };
                Ok((Value::Int(n), true))
            }
            Pick::RandomNumber(lo, hi) => {
                let (lo, hi) = (
                    number(&self.eval(lo, game, ctx), game),
                    number(&self.eval(hi, game, ctx), game),
                );
                let span = (hi.max(lo) - lo) as usize + 1;
                Ok((Value::Int(lo + game.random_index(span) as i32), true))
            }
        }
    }
}
