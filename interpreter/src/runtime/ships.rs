//! Moving ships as card text says: where a player's ships of a kind are, and where they go.

use super::context::{number, Ctx, Headed, Subject, Value};
use super::Runtime;
use crate::ir::{Dest, Expr, ShipPlace};
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::{Flow, Game, PlayerId};
use smallvec::{smallvec, SmallVec};

/// Places with a player's ships, each with how many: a handful, so kept off the heap (a
/// move lists them for each owner, often for several owners).
pub(super) type Places = SmallVec<[(Place, u8); 16]>;

/// How many ships a move takes (all, a count, or up to a count) and who picks them (the
/// owner when `chooser` is none).
pub(super) struct Take<'a> {
    pub(super) count: Option<&'a Expr>,
    pub(super) up_to: bool,
    pub(super) chooser: Option<PlayerId>,
}

/// Where `p`'s ships of a kind are, with how many on each place.
pub(super) fn ship_places(game: &Game, p: PlayerId, place: ShipPlace) -> Places {
    match place {
        ShipPlace::Warp => smallvec![(Place::Warp, game.ships_at(p, Place::Warp))],
        ShipPlace::Removed => smallvec![(Place::Removed, game.ships_at(p, Place::Removed))],
        ShipPlace::Praw => smallvec![(Place::Praw, game.ships_at(p, Place::Praw))],
        ShipPlace::InGame => {
            let s = game.state();
            let mut v: Places = s
                .colony_ships(p)
                .map(|(pl, n)| (Place::Planet(pl), n))
                .collect();
            for at in [Place::Gate, Place::Beside, Place::Warp] {
                v.push((at, game.ships_at(p, at)));
            }
            // Eon's praw holds tokens still in the game; none outside Eon.
            let praw = game.ships_at(p, Place::Praw);
            if praw > 0 {
                v.push((Place::Praw, praw));
            }
            for t in &s.players[p.ix()].techs {
                v.push((Place::Tech(t.tech), t.ships));
            }
            for x in s.hazard_ships.iter().filter(|x| x.owner == p) {
                v.push((Place::Hazard(x.hazard), x.ships));
            }
            v
        }
        ShipPlace::Encounter => {
            let mut v: Places = smallvec![
                (Place::Gate, game.ships_at(p, Place::Gate)),
                (Place::Beside, game.ships_at(p, Place::Beside)),
            ];
            let e = &game.state().encounter;
            if let (Some(d), Some(pl)) = (e.defense, e.planet) {
                if d == p {
                    v.push((Place::Planet(pl), game.ships_at(p, Place::Planet(pl))));
                }
            }
            v
        }
        ShipPlace::Colonies => game
            .state()
            .colony_ships(p)
            .map(|(pl, n)| (Place::Planet(pl), n))
            .collect(),
        ShipPlace::Outside => {
            let e = &game.state().encounter;
            let defending = (e.defense == Some(p)).then_some(e.planet).flatten();
            game.state()
                .colony_ships(p)
                .filter(|&(pl, _)| Some(pl) != defending)
                .map(|(pl, n)| (Place::Planet(pl), n))
                .collect()
        }
        ShipPlace::Target => match game.state().encounter.planet {
            Some(pl) => smallvec![(Place::Planet(pl), game.ships_at(p, Place::Planet(pl)))],
            None => Places::new(),
        },
        ShipPlace::Tech(t) => smallvec![(Place::Tech(t), game.ships_at(p, Place::Tech(t)))],
        ShipPlace::Planet(pl) => match game.state().planet_exists(pl) {
            true => smallvec![(Place::Planet(pl), game.ships_at(p, Place::Planet(pl)))],
            false => Places::new(),
        },
        ShipPlace::ThisTech => Places::new(),
    }
}

/// How many ships `ship_places` lists, counted without listing them (conditions count
/// ships often).
pub(super) fn ship_count(game: &Game, p: PlayerId, place: ShipPlace) -> i32 {
    let s = game.state();
    let on_planets = || s.ships_in_colonies(p) as i32;
    match place {
        ShipPlace::Colonies => on_planets(),
        ShipPlace::Outside => {
            let e = &s.encounter;
            let defended = match (e.defense, e.planet) {
                (Some(d), Some(pl)) if d == p => s.ships_on(pl, p) as i32,
                _ => 0,
            };
            on_planets() - defended
        }
        // The places of one count each, summed as they are read rather than listed (a
        // condition such as `my ships in the encounter > 0` is tested at many windows).
        ShipPlace::Warp => game.ships_at(p, Place::Warp) as i32,
        ShipPlace::Removed => game.ships_at(p, Place::Removed) as i32,
        ShipPlace::Praw => game.ships_at(p, Place::Praw) as i32,
        ShipPlace::Encounter => {
            let e = &s.encounter;
            let defended = match (e.defense, e.planet) {
                (Some(d), Some(pl)) if d == p => game.ships_at(p, Place::Planet(pl)) as i32,
                _ => 0,
            };
            game.ships_at(p, Place::Gate) as i32 + game.ships_at(p, Place::Beside) as i32 + defended
        }
        _ => (ship_places(game, p, place).iter())
            .map(|&(_, n)| n as i32)
            .sum(),
    }
}

impl Runtime {
    pub(super) fn move_ships(
        &self,
        ships: &Expr,
        take: Take,
        to: &Dest,
        game: &mut Game,
        ctx: &mut Ctx,
    ) -> Flow {
        let Take {
            count,
            up_to,
            chooser,
        } = take;
        let (mask, place) = match self.eval(ships, game, ctx) {
            Value::Ships(mask, place) => (mask, place),
            Value::Group {
                owner,
                at,
                count: n,
            } => {
                return self.move_group(owner, at, n, take, to, game, ctx);
            }
            _ => return Ok(()),
        };
        // Several players' ships share one count: it is a total, not one per player.
        let mut left = count.map(|c| number(&self.eval(c, game, ctx), game).max(0) as u32);
        let owners: SmallVec<[PlayerId; 8]> = (game.state().seats())
            .filter(|p| mask & (1 << p.0) != 0)
            .collect();
        // Ships joining the encounter come from elsewhere than where they would go.
        // Ships sheltered on a planet are not driven off it by another player's text naming
        // the ships there (to colonies or another planet); losses still take them.
        let driven_off = matches!(place, ShipPlace::Planet(_))
            && matches!(
                to,
                Dest::Colonies(_) | Dest::HomePlanets(_) | Dest::Planet(_) | Dest::Placed(_)
            )
            && !game.state().sheltered.is_empty();
        let me = ctx.me;
        // Ships held hostage move only by the text of the ability that took them.
        let hostages = !game.state().encounter.hostages.is_empty();
        let holder = ctx.holder();
        let places_of = |game: &Game, p: PlayerId| -> Places {
            let target = game.state().encounter.planet;
            let defending = Some(p) == game.state().encounter.defense;
            let sheltered = |at: Place| match at {
                Place::Planet(pl) => {
                    (driven_off && p != me && game.is_sheltered(p, pl))
                        || (hostages && game.is_hostage(p, pl, holder))
                }
                _ => false,
            };
            let mut places = ship_places(game, p, place);
            places.retain(|&mut (at, n)| {
                n > 0
                    && !(matches!(to, Dest::Encounter)
                        && defending
                        && target.is_some_and(|t| at == Place::Planet(t)))
                    && !sheltered(at)
            });
            places
        };
        for (i, &p) in owners.iter().enumerate() {
            let places = places_of(game, p);
            let total: u32 = places.iter().map(|&(_, n)| n as u32).sum();
            // The counts picked, when a count is to be picked; else every ship goes.
            let picked = match left {
                None => None,
                Some(n) => {
                    // What the later owners hold bounds how few this one may give.
                    let later: u32 = (owners[i + 1..].iter())
                        .map(|&q| {
                            places_of(game, q)
                                .iter()
                                .map(|&(_, n)| n as u32)
                                .sum::<u32>()
                        })
                        .sum();
                    let most = n.min(total) as u8;
                    let min = if up_to {
                        0
                    } else {
                        n.saturating_sub(later).min(most as u32) as u8
                    };
                    Some(game.ask_card_ships(chooser.unwrap_or(p), &places, min, most)?)
                }
            };
            let take = |i: usize| picked.as_ref().map_or(places[i].1, |c| c[i]);
            let taken: u32 = (0..places.len()).map(|i| take(i) as u32).sum();
            if let Some(n) = &mut left {
                *n = n.saturating_sub(taken);
            }
            if matches!(to, Dest::Colonies(_)) && place == ShipPlace::Encounter {
                // An ally whose ships all leave the encounter for home leaves the alliance.
                if taken == total && game.state().encounter.ally[p.ix()].is_some() {
                    game.leave_alliance(p, ctx.source)?;
                    continue;
                }
                // Ships that stay in the game go to the owner's other colonies.
                for (i, &(from, _)) in places.iter().enumerate() {
                    game.withdraw_ships(p, from, take(i))?;
                }
                continue;
            }
            for (i, &(from, _)) in places.iter().enumerate() {
                let n = take(i);
                if n == 0 {
                    continue;
                }
                match to {
                    Dest::Encounter => game.ships_to_encounter(p, from, n),
                    Dest::HomePlanets(host) => {
                        if let Some(host) = self.player(host, game, ctx) {
                            game.colonize_home(p, host, from, n)?;
                        }
                    }
                    Dest::Warp => game.send_to_warp(p, from, n, Rule::CardText)?,
                    Dest::TargetPlanet => game.land_on_target(p, from, n)?,
                    Dest::Planet(pl) => {
                        if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                            game.land_on_planet(p, pl, from, n)?;
                        }
                    }
                    Dest::Placed(pl) => {
                        if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                            game.place_ships(p, from, pl, n);
                        }
                    }
                    Dest::ThisHazard => {
                        if let Some(h) = self.this_hazard(ctx) {
                            game.move_ships(p, from, Place::Hazard(h), n, Rule::CardText);
                        }
                    }
                    Dest::Captured => {
                        game.capture_ships(ctx.me, p, from, n, Rule::CardText);
                    }
                    Dest::HeldAround => {
                        if let Some(card) = ctx.card {
                            game.hold_ships(ctx.me, p, from, n, card, ctx.source);
                        }
                    }
                    // Only a replacement's ships keep their stacks (the lint sees to it).
                    Dest::WarpWhole => game.send_to_warp(p, from, n, Rule::CardText)?,
                    Dest::Removed(keep) => {
                        let keep = keep.as_ref().map_or(0, |k| self.ships(k, game, ctx));
                        let kept = game.remove_keeping(p, from, n, keep, Rule::CardText);
                        game.send_to_warp(p, from, kept, Rule::CardText)?;
                    }
                    // Ships named on a planet go to the owner's other colonies.
                    Dest::Colonies(_) | Dest::Hand(_) => match (place, from) {
                        (ShipPlace::Planet(_), Place::Planet(pl)) => {
                            game.return_ships_elsewhere(p, pl, n, Rule::CardText)?
                        }
                        _ => game.return_ships(p, from, n, Rule::CardText)?,
                    },
                }
            }
        }
        Ok(())
    }

    /// Moves some or all of `n` of `owner`'s ships at `at` that a replacement replaces: as
    /// the replaced move would have (its rule is the cause), and never back through the
    /// replacements (one that sends some of them to the warp after all sends them there).
    #[allow(clippy::too_many_arguments)]
    fn move_group(
        &self,
        owner: PlayerId,
        at: Place,
        n: u8,
        take: Take,
        to: &Dest,
        game: &mut Game,
        ctx: &mut Ctx,
    ) -> Flow {
        let (rule, retrieved) = match ctx.subject {
            Subject::Ships { rule, to, .. } => (rule, to == Headed::Colonies),
            _ => (Rule::CardText, false),
        };
        let here = n.min(game.ships_at(owner, at));
        let k = match take.count {
            None => here,
            Some(c) => {
                let most = number(&self.eval(c, game, ctx), game).clamp(0, here as i32) as u8;
                if take.up_to {
                    let chooser = take.chooser.unwrap_or(owner);
                    let chosen = game.ask_card_ships(chooser, &[(at, here)], 0, most)?;
                    chosen.first().copied().unwrap_or(0)
                } else {
                    // All at one place: there is nothing to choose.
                    most
                }
            }
        };
        if k == 0 {
            return Ok(());
        }
        // Those not captured (tokens, or with nothing to stack them under) still go.
        if matches!(to, Dest::Captured) {
            let captured = game.capture_ships(ctx.me, owner, at, k, rule);
            self.replaced
                .set(self.replaced.get().saturating_add(captured));
            return Ok(());
        }
        // Likewise those held around a home system: the others still go.
        if matches!(to, Dest::HeldAround) {
            let held = match ctx.card {
                Some(card) => game.hold_ships(ctx.me, owner, at, k, card, ctx.source),
                None => 0,
            };
            self.replaced.set(self.replaced.get().saturating_add(held));
            return Ok(());
        }
        if retrieved {
            match to {
                // Sent to the warp, ships being retrieved stay there.
                Dest::Warp | Dest::WarpWhole => {
                    self.replaced.set(self.replaced.get().saturating_add(k));
                    return Ok(());
                }
                // Retrieved to a planet, they come home there: they do not land (to a
                // planet out of play, they are retrieved as usual).
                Dest::Planet(pl) => {
                    if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                        if game.state().planet_exists(pl) {
                            self.replaced.set(self.replaced.get().saturating_add(k));
                            game.move_ships(owner, at, Place::Planet(pl), k, rule);
                        }
                    }
                    return Ok(());
                }
                _ => {}
            }
        }
        // Moved or kept where they are, these no longer go to the warp.
        self.replaced.set(self.replaced.get().saturating_add(k));
        match to {
            Dest::Warp => game.move_ships(owner, at, Place::Warp, k, rule),
            Dest::WarpWhole => game.move_ships_keeping_stacks(owner, at, k, rule),
            Dest::Removed(keep) => {
                let keep = keep.as_ref().map_or(0, |e| self.ships(e, game, ctx));
                let kept = game.remove_keeping(owner, at, k, keep, rule);
                game.move_ships(owner, at, Place::Warp, kept, rule);
            }
            // Ships go home to their owner's colonies, whoever's text moves them.
            Dest::Colonies(_) | Dest::Hand(_) => game.return_ships(owner, at, k, rule)?,
            Dest::TargetPlanet => {
                if let Some(planet) = game.state().encounter.planet {
                    game.land_alone(owner, at, planet, k, rule)?;
                }
            }
            Dest::Planet(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    game.land_on_planet(owner, pl, at, k)?;
                }
            }
            Dest::Placed(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    game.move_ships(owner, at, Place::Planet(pl), k, rule);
                }
            }
            Dest::Encounter => game.ships_to_encounter(owner, at, k),
            Dest::ThisHazard => {
                if let Some(h) = self.this_hazard(ctx) {
                    game.move_ships(owner, at, Place::Hazard(h), k, rule);
                }
            }
            // Handled above: only the ships captured or held count as replaced.
            Dest::Captured | Dest::HeldAround => {}
            Dest::HomePlanets(host) => {
                if let Some(host) = self.player(host, game, ctx) {
                    game.colonize_home(owner, host, at, k)?;
                }
            }
        }
        Ok(())
    }
}
