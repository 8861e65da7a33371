//! What one seat may read of the log. A player's log hides what its agent's `View` hides:
//! the cards others draw or hand each other, the alien sheets that lie face down, the techs
//! kept face down (and which of them ships go to), the cards set face down on a sheet, kept
//! face down through the reveal or sent unseen under the deck, the top cards of the deck
//! another player looked at, the kind of a token put face down beside a planet.
//!
//! Secrecy is judged on the state at the event, which the observer sees as the event is
//! emitted: the engine changes the state first and announces it after.

use crate::decision::visible_to;
use crate::event::{Cause, Event, EventKind, Names, Picked, Place};
use crate::ids::{CardId, PlayerId};
use crate::state::GameState;

/// Whether `viewer` does not learn that the event happened at all: an obligation to play a
/// card it cannot see (its mere announcement would tell that the player holds that card).
pub fn unheard(kind: &EventKind, state: &GameState, viewer: PlayerId) -> bool {
    match kind {
        EventKind::MustPlayCard { player, card } => {
            *player != viewer && !visible_to(state, viewer, *card)
        }
        _ => false,
    }
}

/// The fields of an event's JSON that name what `viewer` may not see (none for most).
pub fn hidden_fields(kind: &EventKind, state: &GameState, viewer: PlayerId) -> Fields {
    let other = |p: &PlayerId| *p != viewer;
    let unseen = |c: &CardId| !visible_to(state, viewer, *c);
    let watching = |p: &PlayerId| state.encounter.watching.contains(&(viewer, *p));
    match kind {
        EventKind::CardDrawn { player, card } if other(player) && !watching(player) => {
            when(unseen(card), &["card"])
        }
        EventKind::CardGiven { from, to, card } if other(from) && other(to) => {
            when(unseen(card), &["card"])
        }
        // Beside a planet a card lies face up; on a sheet, face down for its owner only.
        EventKind::CardSetAside { player, card, .. } if other(player) => {
            when(unseen(card), &["card"])
        }
        // Back in its owner's hand, a card everyone saw face up is still known.
        EventKind::CardReturnedFromSheet { player, card, at } if other(player) => {
            when(!at.is_face_up() && unseen(card), &["card"])
        }
        // Sent under unseen: only the player it came from saw it go (or, from the deck's
        // top, whoever looked at it there).
        EventKind::CardToDeckBottom { held_by, card } => {
            when(*held_by != Some(viewer) && unseen(card), &["card"])
        }
        // The top of the deck is seen by whoever looked at it; the others learn how many.
        EventKind::TopCardsLooked { player, cards, .. } if other(player) => {
            when(cards.iter().any(unseen), &["cards"])
        }
        EventKind::CardTakenFromDeck { player, card } if other(player) => {
            when(unseen(card), &["card"])
        }
        // A card kept face down through the reveal is seen by its own player only.
        EventKind::CardsRevealed { offense, defense } => match (unseen(offense), unseen(defense)) {
            (true, true) => &["offense", "defense"],
            (true, false) => &["offense"],
            (false, true) => &["defense"],
            (false, false) => &[],
        },
        EventKind::KickerPlayed { player, card } if other(player) => when(unseen(card), &["card"]),
        // A card shown to one player is seen by its holder and that player only.
        EventKind::CardShownTo { player, card, .. } if other(player) => {
            when(unseen(card), &["card"])
        }
        EventKind::EncounterCardReplaced { player, new, .. } if other(player) => {
            when(unseen(new), &["new"])
        }
        EventKind::AlienGiven { player, alien }
        | EventKind::AlienDrawn { player, alien }
        | EventKind::AlienDiscarded { player, alien }
            if other(player) && sheet_unseen(state, *player, *alien) =>
        {
            &["alien"]
        }
        EventKind::TechDrawn { player, .. } | EventKind::TechKept { player, .. }
            if other(player) =>
        {
            &["tech"]
        }
        // Ships put on a tech being researched do not tell which tech it is.
        EventKind::ShipsMoved {
            player, from, to, ..
        } if other(player) => {
            let face_down = |place: &Place| match place {
                Place::Tech(t) => state.players[player.ix()]
                    .techs
                    .iter()
                    .any(|h| h.tech == *t && !h.known_to_all()),
                _ => false,
            };
            match (face_down(from), face_down(to)) {
                (true, true) => &["from", "to"],
                (true, false) => &["from"],
                (false, true) => &["to"],
                (false, false) => &[],
            }
        }
        // A token put face down shows its kind to its own player alone.
        EventKind::PlanetTokenPlaced {
            player, face_down, ..
        } if other(player) => when(*face_down, &["key"]),
        // A card picked is named only to whom may see it (a card of the picker's own hand).
        EventKind::Picked { player, picked } if other(player) => match picked {
            Picked::Card(c) => when(unseen(c), &["picked"]),
            Picked::Cards(cs) => when(cs.iter().any(unseen), &["picked"]),
            _ => &[],
        },
        EventKind::Duel(d) => crate::duel::event::hidden_fields(d, state, viewer),
        _ => &[],
    }
}

/// Names of an event's JSON fields.
pub type Fields = &'static [&'static str];

/// `fields` if `hidden`, else none.
fn when(hidden: bool, fields: Fields) -> Fields {
    if hidden {
        fields
    } else {
        &[]
    }
}

/// Whether `alien`'s sheet is unseen by `p`'s opponents: with hidden powers, any sheet but
/// the one `p` holds face up (a sheet drawn or discarded in secret, or one lying face down).
fn sheet_unseen(state: &GameState, p: PlayerId, alien: u16) -> bool {
    let player = &state.players[p.ix()];
    state.rules.hidden_powers && (player.face_down || player.alien != Some(alien))
}

/// How a seat's JSON log writes a face-down tech that ships move to or from.
const FACE_DOWN_TECH: &str = "face-down-tech";

impl Names<'_> {
    /// One event as `viewer` may see it (`None` is the referee, who sees everything); `None`
    /// when the viewer does not learn that it happened.
    pub fn event_for(&self, e: &Event, viewer: Option<PlayerId>) -> Option<String> {
        if viewer.is_some_and(|v| unheard(&e.kind, self.state, v)) {
            return None;
        }
        Some(
            match viewer.map_or(&[][..], |v| hidden_fields(&e.kind, self.state, v)) {
                [] => self.event(e),
                hidden => self.concealed(&e.kind, e.cause, hidden),
            },
        )
    }

    /// One event as a JSON line as `viewer` may see it: without the fields that name what
    /// is hidden, and with the text `event_for` gives; `None` when the viewer does not learn
    /// that it happened.
    pub fn json_for(&self, e: &Event, viewer: Option<PlayerId>) -> Option<String> {
        if viewer.is_some_and(|v| unheard(&e.kind, self.state, v)) {
            return None;
        }
        let hidden = viewer.map_or(&[][..], |v| hidden_fields(&e.kind, self.state, v));
        if hidden.is_empty() {
            return Some(self.json(e));
        }
        let mut v = serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(map) = &mut v {
            for &field in hidden {
                // A hidden place is still a place; any other hidden field is left out.
                if matches!(field, "from" | "to") {
                    map.insert(field.into(), FACE_DOWN_TECH.into());
                } else {
                    map.remove(field);
                }
            }
            map.insert(
                "text".into(),
                self.concealed(&e.kind, e.cause, hidden).into(),
            );
            map.insert("source".into(), self.cause(e.cause).into());
        }
        Some(v.to_string())
    }

    /// The text of an event whose `hidden` fields are left out.
    fn concealed(&self, kind: &EventKind, cause: Cause, hidden: Fields) -> String {
        let who = |p: &PlayerId| self.player(*p);
        let is_hidden = |field: &str| hidden.contains(&field);
        match kind {
            EventKind::CardDrawn { player, .. } => format!("{} draws a card", who(player)),
            EventKind::CardGiven { from, to, .. } => {
                format!("{} gives a card to {}", who(from), who(to))
            }
            EventKind::CardSetAside { player, at, .. } => match at {
                crate::state::Aside::Hired => format!(
                    "{} hires a card face down as one more ship in the encounter",
                    who(player)
                ),
                crate::state::Aside::Tech(_) => {
                    format!("{} sets a card face down under a tech", who(player))
                }
                _ => format!("{} sets a card face down on its alien sheet", who(player)),
            },
            EventKind::CardReturnedFromSheet { player, .. } => {
                format!("{} takes a card back into its hand", who(player))
            }
            EventKind::KickerPlayed { player, .. } => {
                format!("{} plays a kicker face down", who(player))
            }
            EventKind::CardShownTo { player, to, .. } => {
                format!("{} shows a card to {}", who(player), who(to))
            }
            EventKind::CardToDeckBottom { .. } => "a card goes to the bottom of the deck".into(),
            EventKind::TopCardsLooked { player, count, .. } => {
                format!(
                    "{} looks at {}",
                    who(player),
                    crate::event::top_cards(*count)
                )
            }
            EventKind::CardTakenFromDeck { player, .. } => {
                format!("{} takes a card from the deck into its hand", who(player))
            }
            EventKind::CardsRevealed { offense, defense } => {
                let card = |c: &CardId, field| match is_hidden(field) {
                    true => "(face down)",
                    false => self.card(*c),
                };
                format!(
                    "revealed: offense {}, defense {}",
                    card(offense, "offense"),
                    card(defense, "defense")
                )
            }
            EventKind::EncounterCardReplaced { player, old, .. } => format!(
                "{} replaces its encounter card {} with another",
                who(player),
                self.card(*old)
            ),
            EventKind::AlienGiven { player, .. } => format!("{} takes an alien sheet", who(player)),
            EventKind::AlienDrawn { player, .. } => {
                format!("{} draws an alien sheet", who(player))
            }
            EventKind::AlienDiscarded { player, .. } => {
                format!("{} returns an alien sheet to the box", who(player))
            }
            EventKind::TechDrawn { player, .. } => format!("{} draws a tech", who(player)),
            EventKind::TechKept { player, .. } => {
                format!("{} keeps a tech face down", who(player))
            }
            EventKind::ShipsMoved {
                player,
                from,
                to,
                count,
            } => {
                let place = |p: &Place, field| match is_hidden(field) {
                    true => "a face-down tech".to_string(),
                    false => self.place(*p),
                };
                let to = match is_hidden("to") {
                    true => "to a face-down tech".to_string(),
                    false => self.to_place(*to),
                };
                format!(
                    "{} moves {count} ship{} from {} {to}",
                    who(player),
                    if *count == 1 { "" } else { "s" },
                    place(from, "from"),
                )
            }
            EventKind::Picked { player, picked } => {
                let n = match picked {
                    Picked::Cards(cs) => cs.len(),
                    _ => 1,
                };
                format!(
                    "{} picks {} for {}",
                    who(player),
                    match n {
                        1 => "a card".to_string(),
                        n => format!("{n} cards"),
                    },
                    self.cause(cause)
                )
            }
            EventKind::PlanetTokenPlaced {
                player,
                planet,
                from_sheet,
                ..
            } => format!(
                "{} puts a token face down beside {}{}",
                who(player),
                self.planet(*planet),
                if *from_sheet { " from its sheet" } else { "" }
            ),
            EventKind::Duel(d) => self.duel_concealed(d),
            // Nothing else is ever hidden (`hidden_fields`).
            _ => String::new(),
        }
    }
}
