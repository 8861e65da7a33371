//! What content leaves on the table: tokens on alien sheets and effects that last until the
//! end of the encounter, the turn or the game. The engine stores them in the game state (so
//! saves, digests and views include them) and ends them when their time is up; only the
//! hooks give them meaning.

use crate::ids::{PlayerId, MAX_PLAYERS};
use crate::quantity::Quantity;
use serde::{Deserialize, Serialize};

/// How long a lasting effect holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Until {
    /// Until the player's new hand is drawn (for cards set aside as it draws one).
    NewHand,
    /// Until the encounter is cleaned up.
    EndOfEncounter,
    /// Until the offense's turn ends.
    EndOfTurn,
    /// For the rest of the game.
    EndOfGame,
    /// Until the hazard (its index in `Components::hazards`) leaves play: ended only when
    /// card text discards it from play.
    InPlay(u16),
}

impl Until {
    /// The duration in the rule book's words.
    pub fn words(self) -> &'static str {
        match self {
            Until::NewHand => "until my new hand is drawn",
            Until::EndOfEncounter => "until the end of the encounter",
            Until::EndOfTurn => "until the end of the turn",
            Until::EndOfGame => "for the rest of the game",
            Until::InPlay(_) => "until this hazard leaves play",
        }
    }
}

/// What a lasting effect is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Lasting {
    /// A change to a quantity, computed by the content statement `code` each time the rules
    /// compute the quantity, with the values `env` it was started with.
    Modifier {
        /// The quantity changed.
        quantity: Quantity,
        /// The content statement that computes the change.
        code: u32,
        /// The values bound when the change was made (players, sides, numbers).
        env: Vec<i32>,
    },
    /// A lasting effect content started (`for the rest of the encounter { ... }`): its
    /// changes are read, like a continuous ability's, each time the rules compute a quantity.
    Continuous {
        /// The content effect.
        effect: u32,
        /// Names it in the log when it starts and ends.
        source: u32,
        /// The values bound when it was started (players, sides, numbers).
        env: Vec<i32>,
    },
    /// A fact content records and asks about later (an upset declared, an ability used).
    Mark {
        /// What the fact is, in content's numbering.
        key: u32,
    },
    /// An alien power switched off (lost by an effect): neither used nor acting.
    PowerOff,
    /// An alien power zapped: it cannot be used while this lasts, but its innate parts
    /// (never used) still act.
    Zapped,
    /// An ability cancelled: it cannot be used again while this lasts.
    Cancelled {
        /// The content ability.
        source: u32,
    },
    /// The owner's alien is lent to another player (the two sheets trade places while it
    /// lasts, and the owner's power is off); they trade back when it ends.
    Lent {
        /// The borrower.
        to: PlayerId,
    },
    /// The owner and `with` traded alien sheets (with everything on them) for the
    /// encounter: at its end they trade back, if each still has the sheet it was given.
    SheetsTraded {
        /// The other player.
        with: PlayerId,
        /// The alien the owner was given (none: `with` had no sheet).
        given: Option<u16>,
        /// The alien `with` was given (none: the owner had no sheet).
        taken: Option<u16>,
    },
    /// No player loses its alien power for having too few home colonies while this lasts
    /// (a power lost that way comes back).
    PowersKept,
    /// The owner may play the cards on its alien sheet as if they were in its hand, while its
    /// alien power works.
    SheetAccess,
    /// Every card played while this lasts leaves the game once it has taken effect, where
    /// the rules would discard it or return it to its player's hand.
    PlayedCardsRemoved {
        /// The content statement that started it: the removals cite it.
        source: u32,
    },
    /// As a main player, the owner must invite this player to ally with its side, whenever
    /// that player is neither main player and the owner may invite at all.
    MustInvite {
        /// The player it must invite.
        ally: PlayerId,
    },
    /// The owner must select this card as its encounter card if it can.
    MustPlay {
        /// The card.
        card: crate::ids::CardId,
    },
}

/// One lasting effect: what it is, who started it, and until when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The player it belongs to (the controller of the ability that made it).
    pub by: PlayerId,
    /// How long it holds.
    pub until: Until,
    /// What it is.
    pub what: Lasting,
}

/// Content's part of the game state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects {
    /// Tokens on each player's alien sheet.
    pub tokens: [i32; MAX_PLAYERS],
    /// The effects in force, in the order they were made.
    pub lasting: Vec<Effect>,
}

impl Lasting {
    /// Whether this effect may change a quantity: only such an effect begun or ended moves
    /// the effects' version, under which the kinds of quantity that may change are kept
    /// (marks, one per ability used, change none).
    #[inline]
    pub fn changes_quantities(&self) -> bool {
        matches!(self, Lasting::Modifier { .. } | Lasting::Continuous { .. })
    }
}

impl Effects {
    /// Ends every effect that lasts no longer than `until`; gives the owner and the source
    /// of each content effect (`Lasting::Continuous`) ended, for the log, and whether an
    /// effect that may change a quantity ended (`Lasting::changes_quantities`).
    pub fn expire(&mut self, until: Until) -> (Vec<(PlayerId, u32)>, bool) {
        let mut ended = Vec::new();
        let mut changed = false;
        self.lasting.retain(|e| {
            let keep = e.until > until;
            if !keep {
                changed |= e.what.changes_quantities();
                if let Lasting::Continuous { source, .. } = &e.what {
                    ended.push((e.by, *source));
                }
            }
            keep
        });
        (ended, changed)
    }

    /// Whether `p`'s alien power is switched off by an effect. (These lookups match effects
    /// rather than compare them: comparing builds an effect and calls the derived equality
    /// for every effect in the list, and they run at every window.)
    #[inline]
    pub fn power_off(&self, p: PlayerId) -> bool {
        self.lasting
            .iter()
            .any(|e| e.by == p && matches!(e.what, Lasting::PowerOff))
    }

    /// Whether an effect keeps every alien power on below the home-colony threshold.
    #[inline]
    pub fn powers_kept(&self) -> bool {
        (self.lasting.iter()).any(|e| matches!(e.what, Lasting::PowersKept))
    }

    /// The source of an effect removing every card played from the game, if one holds.
    #[inline]
    pub fn played_cards_removed(&self) -> Option<u32> {
        self.lasting.iter().find_map(|e| match e.what {
            Lasting::PlayedCardsRemoved { source } => Some(source),
            _ => None,
        })
    }

    /// Ends the effects that last until the hazard `hazard` leaves play; gives the owner and
    /// source of each content effect ended, for the log.
    pub fn end_in_play(&mut self, hazard: u16) -> Vec<(PlayerId, u32)> {
        let mut ended = Vec::new();
        self.lasting.retain(|e| {
            let keep = e.until != Until::InPlay(hazard);
            if let (false, Lasting::Continuous { source, .. }) = (keep, &e.what) {
                ended.push((e.by, *source));
            }
            keep
        });
        ended
    }

    /// Whether `p`'s alien power is zapped (see `Lasting::Zapped`).
    #[inline]
    pub fn power_zapped(&self, p: PlayerId) -> bool {
        self.lasting
            .iter()
            .any(|e| e.by == p && matches!(e.what, Lasting::Zapped))
    }

    /// The players (a seat mask) `p` must invite as a main player (`Lasting::MustInvite`).
    pub fn must_invite(&self, p: PlayerId) -> u8 {
        (self.lasting.iter())
            .filter(|e| e.by == p)
            .fold(0, |mask, e| match e.what {
                Lasting::MustInvite { ally } => mask | 1 << ally.0,
                _ => mask,
            })
    }

    /// The card `p` must select as its encounter card, if an effect obliges it.
    pub fn must_play(&self, p: PlayerId) -> Option<crate::ids::CardId> {
        self.lasting.iter().find_map(|e| match e.what {
            Lasting::MustPlay { card } if e.by == p => Some(card),
            _ => None,
        })
    }

    /// Whether `p` has the fact `key` recorded.
    #[inline]
    pub fn marked(&self, p: PlayerId, key: u32) -> bool {
        self.lasting
            .iter()
            .any(|e| e.by == p && matches!(e.what, Lasting::Mark { key: k } if k == key))
    }

    /// Whether `p`'s ability `source` is cancelled.
    #[inline]
    pub fn cancelled(&self, p: PlayerId, source: u32) -> bool {
        self.lasting
            .iter()
            .any(|e| e.by == p && matches!(e.what, Lasting::Cancelled { source: s } if s == source))
    }
}
