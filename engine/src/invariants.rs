//! Invariants that hold after every event: every ship and every card is somewhere exactly
//! once, every alien sheet is with one player or in the box, and the colony track and the
//! alien power agree with the board.

use crate::components::Components;
use crate::piles::Back;
use crate::state::GameState;

/// Checks every invariant; the error says which one broke.
pub fn check(s: &GameState, components: &Components) -> Result<(), String> {
    for p in s.seats() {
        let total = s.ships_total(p);
        if total != s.fleet_size(p) {
            return Err(format!(
                "{} has {total} ships somewhere, not {}",
                s.players[p.ix()].color,
                s.fleet_size(p)
            ));
        }
        let track = s.players[p.ix()].track;
        let board = s.foreign_colonies(p);
        if track != board {
            return Err(format!(
                "{}'s colony marker shows {track} but the board shows {board} foreign colonies",
                s.players[p.ix()].color
            ));
        }
        let active = s.keeps_power(p);
        if active != s.players[p.ix()].power_active {
            return Err(format!(
                "{}'s alien power is {} with {} home colonies",
                s.players[p.ix()].color,
                if active { "off" } else { "on" },
                s.home_colonies(p)
            ));
        }
    }
    for t in &s.ship_tokens {
        if let Some(card) = t.card {
            let aside = (s.aside.iter()).any(|a| {
                a.card == card && a.owner == t.owner && a.at == crate::state::Aside::Hired
            });
            if !aside
                || matches!(
                    t.place,
                    crate::event::Place::Warp | crate::event::Place::Removed
                )
            {
                return Err(format!(
                    "{}'s hired ship (card #{}) is at {:?} without its card set aside as hired",
                    s.players[t.owner.ix()].color,
                    card.0,
                    t.place
                ));
            }
        }
        let here = s.ships_at(t.owner, t.place) as usize;
        let tokens = s.tokens_at(t.owner, t.place);
        if tokens > here {
            return Err(format!(
                "{}'s {tokens} ship tokens are at {:?}, where it has {here} ships",
                s.players[t.owner.ix()].color,
                t.place
            ));
        }
        // A stack may wait in the warp whole (sent there so by card text), never elsewhere
        // out of play.
        if t.key == crate::state::ShipToken::STACK
            && (t.held() == 0
                || matches!(
                    t.place,
                    crate::event::Place::Removed
                        | crate::event::Place::Captured
                        | crate::event::Place::Held(_)
                ))
        {
            return Err(format!(
                "{}'s stack at {:?} holds {:?}",
                s.players[t.owner.ix()].color,
                t.place,
                t.stack
            ));
        }
    }
    for p in s.seats() {
        let held: u32 = (s.ship_tokens.iter()).map(|t| t.stack[p.ix()] as u32).sum();
        if held != s.players[p.ix()].captured as u32 {
            return Err(format!(
                "{} has {} ships captured but the stacks hold {held}",
                s.players[p.ix()].color,
                s.players[p.ix()].captured
            ));
        }
    }
    for (i, h) in s.holds.iter().enumerate() {
        if (s.holds[..i].iter()).any(|g| g.holder == h.holder) || h.ships[h.holder.ix()] > 0 {
            return Err(format!(
                "{}'s hold around its home system is one of several, or holds its own ships: {:?}",
                s.players[h.holder.ix()].color,
                h.ships
            ));
        }
        if let Some(t) =
            (s.ship_tokens.iter()).find(|t| t.place == crate::event::Place::Held(h.holder))
        {
            return Err(format!(
                "{}'s ship token is held around {}'s home system",
                s.players[t.owner.ix()].color,
                s.players[h.holder.ix()].color
            ));
        }
    }
    let cards = s.cards_accounted();
    if cards != s.cards.len() {
        return Err(format!(
            "{cards} cards are somewhere but the game has {}",
            s.cards.len()
        ));
    }
    // Each card is in exactly one place.
    let mut seen = vec![false; s.cards.len()];
    let e = &s.encounter;
    let piles = Back::ALL.iter().map(|&b| s.piles.of(b));
    let places = piles
        .flat_map(|p| p.draw.iter().chain(&p.discard))
        .chain(s.players.iter().flat_map(|p| &p.hand))
        .chain(e.cards.iter().flatten())
        .chain(e.kickers.iter().flatten())
        .chain(e.reinforcements.iter().map(|r| &r.card))
        .chain(s.aside.iter().map(|a| &a.card))
        .chain(&s.removed_cards);
    for &c in places {
        let i = c.0 as usize;
        if i >= seen.len() || seen[i] {
            return Err(format!("card #{i} is in two places at once"));
        }
        seen[i] = true;
    }
    if s.rules.tech {
        let mut seen = vec![false; components.techs.len()];
        let held = s
            .players
            .iter()
            .flat_map(|p| p.techs.iter().map(|h| &h.tech));
        for &t in s.techs.draw.iter().chain(&s.techs.discard).chain(held) {
            match seen.get_mut(t as usize) {
                Some(b) if !*b => *b = true,
                _ => return Err(format!("tech #{t} is in two places at once, or unknown")),
            }
        }
    }
    if !s.rules.hazards.is_off() {
        // Every copy of every hazard is in the deck, its discard pile, this encounter or in
        // play (a hazard that remains in play is there from its draw on, not in the encounter).
        let mut copies = vec![0u8; components.hazards.len()];
        let lasts = |h: u16| {
            components
                .hazards
                .get(h as usize)
                .is_some_and(|d| d.remains_in_play)
        };
        if let Some(x) = (s.hazard_ships.iter()).find(|x| !s.hazards_in_play.contains(&x.hazard)) {
            return Err(format!(
                "ships lie on hazard #{}, which is not in play",
                x.hazard
            ));
        }
        if let Some(&h) = s.hazards_in_play.iter().find(|&&h| !lasts(h)) {
            return Err(format!(
                "hazard #{h} is in play but does not remain in play"
            ));
        }
        let drawn = s.encounter.hazard.iter().filter(|&&h| !lasts(h));
        let piles = s.hazards.draw.iter().chain(&s.hazards.discard);
        for &h in piles.chain(drawn).chain(&s.hazards_in_play) {
            match copies.get_mut(h as usize) {
                Some(n) => *n += 1,
                None => return Err(format!("hazard #{h} is unknown")),
            }
        }
        for (h, d) in components.hazards.iter().enumerate() {
            if copies[h] != d.count {
                return Err(format!(
                    "{} copies of the hazard {} are somewhere but the deck has {}",
                    copies[h], d.name, d.count
                ));
            }
        }
    }
    // Each alien sheet is with one player (its own or a power gained) or in the box, once.
    let mut seen = vec![false; components.aliens.len()];
    let aliens = s.players.iter().flat_map(|p| p.aliens());
    for a in aliens.chain(s.unused_aliens.iter().copied()) {
        match seen.get_mut(a as usize) {
            Some(b) if !*b => *b = true,
            _ => return Err(format!("alien #{a} is in two places at once, or unknown")),
        }
    }
    let destiny =
        s.destiny.draw.len() + s.destiny.discard.len() + usize::from(s.encounter.destiny.is_some());
    if destiny != s.destiny_cards.len() {
        return Err(format!(
            "{destiny} destiny cards are somewhere but the game has {}",
            s.destiny_cards.len()
        ));
    }
    // Last: a board arranged by hand breaks the checks above first, in their words.
    if !s.colony_masks_hold() {
        return Err("the colony masks do not match the planets".into());
    }
    Ok(())
}

/// A digest of what `p` holds: its alien powers (and whether its sheet is face down), the
/// techs in its play area, its attachments, its hand and the cards on its sheet (what hooks may cache under `Game::holdings_stamp`).
pub fn holdings_digest(
    s: &GameState,
    p: crate::ids::PlayerId,
    may_act: impl Fn(crate::ids::CardId) -> bool,
) -> u64 {
    // Cheap and allocation-free, since it runs before every hook call under `--check`:
    // the cards are summed as a set (hands may be sorted without an event).
    fn mix(mut x: u64) -> u64 {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }
    let player = &s.players[p.ix()];
    let mut h = mix(player.face_down as u64);
    for (i, a) in player.aliens().enumerate() {
        h = mix(h ^ ((i as u64) << 32 | a as u64 | 1 << 48));
    }
    for (i, t) in player.techs.iter().enumerate() {
        h = mix(h ^ ((i as u64) << 32 | t.tech as u64 | 2 << 48));
    }
    for (i, &a) in player.attachments.iter().enumerate() {
        h = mix(h ^ ((i as u64) << 32 | a as u64 | 5 << 48));
    }
    // Cards that cannot give abilities are left out: moving them gives no new stamp.
    let hand: u64 = (player.hand.iter().copied())
        .filter(|&c| may_act(c))
        .fold(0, |sum, c| sum.wrapping_add(mix(c.0 as u64 | 3 << 48)));
    let sheet: u64 = (s.sheet_cards(p))
        .filter(|&c| may_act(c))
        .fold(0, |sum, c| sum.wrapping_add(mix(c.0 as u64 | 4 << 48)));
    mix(h ^ hand) ^ sheet
}
