//! Other players' ships a ruling's position holds out of play: captured in a player's stacks
//! (`stacks`) or held around its home system (`holds`).

use super::build::{color, planet};
use super::error::{Errors, ScenarioError};
use super::scenario::Scenario;
use cosmic_engine::event::Place;
use cosmic_engine::state::{GameState, ShipToken};
use cosmic_engine::{Color, PlayerId};
use std::ops::Range;

/// The owner named by color among the players in play, other than `not`.
fn owner(
    e: &Errors,
    c: &str,
    not: PlayerId,
    span: Range<usize>,
    g: &GameState,
) -> Result<PlayerId, ScenarioError> {
    let found =
        Color::parse(c).and_then(|color| g.seats().find(|&q| g.players[q.ix()].color == color));
    found.filter(|&q| q != not).ok_or_else(|| {
        e.hint(
            span,
            format!("`{c}` is not another player in play"),
            "unknown owner",
            "name the owners of the ships by color: `{ purple = 3 }`",
        )
    })
}

/// Takes `n` of `owner`'s ships from its warp.
fn from_warp(
    e: &Errors,
    owner: PlayerId,
    n: u8,
    span: Range<usize>,
    g: &mut GameState,
) -> Result<(), ScenarioError> {
    let pl = &mut g.players[owner.ix()];
    if pl.warp < n {
        return Err(e.hint(
            span,
            format!("{} has only {} ships in the warp", pl.color, pl.warp),
            "too many ships",
            "ships held out of play are taken from their owner's warp: leave them off its `colonies`",
        ));
    }
    pl.warp -= n;
    Ok(())
}

/// Each player's stacks (`stacks = { "Green 1" = { purple = 3 }, warp = { red = 2 } }`): one
/// of its ships at each place (`warp`, `the gate`, `beside`, a planet) tops a stack holding
/// those ships, taken from their owners' warps.
pub(super) fn arrange_stacks(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
) -> Result<(), ScenarioError> {
    let players = g.player_count() as u8;
    for spec in &scn.player {
        let Some(stacks) = &spec.stacks else {
            continue;
        };
        let p = color(e, &spec.color, players)?;
        let span = stacks.span();
        for (at, held) in stacks.get_ref() {
            let place = match at.as_str() {
                "warp" | "the warp" => Place::Warp,
                "gate" | "the gate" => Place::Gate,
                "beside" => Place::Beside,
                name => Place::Planet(planet(e, name, span.clone(), g)?),
            };
            if g.ships_at(p, place) as usize <= g.tokens_at(p, place) {
                return Err(e.hint(
                    span.clone(),
                    format!("{} has no plain ship at {at} to top a stack", g.players[p.ix()].color),
                    "no ship there",
                    "a stack's top is one of the player's own ships: place it there first (`colonies`, the encounter's `gate`)",
                ));
            }
            let mut top = ShipToken::new(p, ShipToken::STACK, place);
            for (c, &n) in held {
                let q = owner(e, c, p, span.clone(), g)?;
                from_warp(e, q, n, span.clone(), g)?;
                top.stack[q.ix()] = n;
                g.players[q.ix()].captured += n;
            }
            g.ship_tokens.push(top);
        }
    }
    Ok(())
}

/// Ships held around a player's home system (`holds`), taken from their owners' warps; the
/// hold lasts while the first flare in the holder's hand stays there.
pub(super) fn arrange_holds(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
) -> Result<(), ScenarioError> {
    let players = g.player_count() as u8;
    for spec in &scn.player {
        let Some(holds) = &spec.holds else {
            continue;
        };
        let holder = color(e, &spec.color, players)?;
        let hand = &g.players[holder.ix()].hand;
        let Some(&card) = hand
            .iter()
            .find(|&&c| g.kind(c) == cosmic_engine::CardKind::Flare)
        else {
            return Err(e.hint(
                holds.span(),
                format!(
                    "{} holds ships but has no flare in hand",
                    g.players[holder.ix()].color
                ),
                "no flare",
                "ships are held while a flare in the holder's hand stays there: list it in `hand`",
            ));
        };
        let mut ships = [0u8; cosmic_engine::ids::MAX_PLAYERS];
        for (c, &n) in holds.get_ref() {
            let q = owner(e, c, holder, holds.span(), g)?;
            from_warp(e, q, n, holds.span(), g)?;
            ships[q.ix()] = n;
        }
        g.holds.push(cosmic_engine::state::Hold {
            holder,
            card,
            source: None,
            ships,
        });
    }
    Ok(())
}
