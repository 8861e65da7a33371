//! What one seat may read of the log. A player's log hides what its agent's `View` hides:
//! the cards others draw or hand each other, the alien sheets that lie face down, the techs
//! kept face down, the cards set face down on a sheet or sent unseen under the deck.
//!
//! Secrecy is judged on the state at the event, which the observer sees as the event is
//! emitted: the engine changes the state first and announces it after.

use crate::decision::visible_to;
use crate::event::{Event, EventKind, Names, Place};
use crate::ids::{CardId, PlayerId};
use crate::state::GameState;

/// The field of an event's JSON that names what `viewer` may not see, if any.
pub fn hidden_field(kind: &EventKind, state: &GameState, viewer: PlayerId) -> Option<&'static str> {
    let other = |p: &PlayerId| *p != viewer;
    let unseen = |c: &CardId| !visible_to(state, viewer, *c);
    let watching = |p: &PlayerId| state.encounter.watching.contains(&(viewer, *p));
    match kind {
        EventKind::CardDrawn { player, card } if other(player) && !watching(player) => {
            unseen(card).then_some("card")
        }
        EventKind::CardGiven { from, to, card } if other(from) && other(to) => {
            unseen(card).then_some("card")
        }
        // Beside a planet a card lies face up; on a sheet, face down for its owner only. Back
        // in its owner's hand it is hidden again, wherever it lay.
        EventKind::CardSetAside { player, card, .. }
        | EventKind::CardReturnedFromSheet { player, card }
            if other(player) =>
        {
            unseen(card).then_some("card")
        }
        EventKind::CardToDeckBottom { .. } => Some("card"),
        EventKind::EncounterCardReplaced { player, new, .. } if other(player) => {
            unseen(new).then_some("new")
        }
        EventKind::AlienGiven { player, alien }
        | EventKind::AlienDrawn { player, alien }
        | EventKind::AlienDiscarded { player, alien }
            if other(player) && sheet_unseen(state, *player, *alien) =>
        {
            Some("alien")
        }
        EventKind::TechDrawn { player, .. } | EventKind::TechKept { player, .. }
            if other(player) =>
        {
            Some("tech")
        }
        // Ships put on a tech being researched do not tell which tech it is.
        EventKind::ShipsMoved {
            player, from, to, ..
        } if other(player) => {
            let face_down = |place: &Place| match place {
                Place::Tech(t) => state.players[player.ix()]
                    .techs
                    .iter()
                    .any(|h| h.tech == *t && !h.completed),
                _ => false,
            };
            if face_down(to) {
                Some("to")
            } else if face_down(from) {
                Some("from")
            } else {
                None
            }
        }
        _ => None,
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
    /// One event as `viewer` may see it (`None` is the referee, who sees everything).
    pub fn event_for(&self, e: &Event, viewer: Option<PlayerId>) -> String {
        match viewer.and_then(|v| hidden_field(&e.kind, self.state, v)) {
            Some(field) => self.concealed(&e.kind, field),
            None => self.event(e),
        }
    }

    /// One event as a JSON line as `viewer` may see it: without the field that names what
    /// is hidden, and with the text `event_for` gives.
    pub fn json_for(&self, e: &Event, viewer: Option<PlayerId>) -> String {
        let Some(field) = viewer.and_then(|v| hidden_field(&e.kind, self.state, v)) else {
            return self.json(e);
        };
        let mut v = serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(map) = &mut v {
            // A hidden place is still a place; any other hidden field is left out.
            if matches!(field, "from" | "to") {
                map.insert(field.into(), FACE_DOWN_TECH.into());
            } else {
                map.remove(field);
            }
            map.insert("text".into(), self.concealed(&e.kind, field).into());
            map.insert("source".into(), self.cause(e.cause).into());
        }
        v.to_string()
    }

    /// The text of an event whose hidden `field` is left out.
    fn concealed(&self, kind: &EventKind, field: &str) -> String {
        let who = |p: &PlayerId| self.player(*p);
        match kind {
            EventKind::CardDrawn { player, .. } => format!("{} draws a card", who(player)),
            EventKind::CardGiven { from, to, .. } => {
                format!("{} gives a card to {}", who(from), who(to))
            }
            EventKind::CardSetAside { player, .. } => {
                format!("{} sets a card face down on its alien sheet", who(player))
            }
            EventKind::CardReturnedFromSheet { player, .. } => {
                format!("{} takes a card back into its hand", who(player))
            }
            EventKind::CardToDeckBottom { .. } => "a card goes to the bottom of the deck".into(),
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
                let place = |p: &Place, hidden: bool| match hidden {
                    true => "a face-down tech".to_string(),
                    false => self.place(*p),
                };
                format!(
                    "{} moves {count} ship{} from {} to {}",
                    who(player),
                    if *count == 1 { "" } else { "s" },
                    place(from, field == "from"),
                    place(to, field == "to")
                )
            }
            // Nothing else is ever hidden (`hidden_field`).
            _ => String::new(),
        }
    }
}
