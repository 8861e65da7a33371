//! Card actions on alien sheets: aliens and whole sheets traded (for good or for one
//! encounter) and powers lent.

use crate::effects::{Lasting, Until};
use crate::event::{Cause, EventKind, Rule};
use crate::game::Game;
use crate::ids::PlayerId;

impl Game<'_> {
    /// `a` and `b` exchange alien sheets for good.
    pub fn swap_aliens(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        self.trade_sheets(a, b);
        self.emit_caused(Cause::Ability(source), EventKind::AliensSwapped { a, b });
    }

    /// `a` and `b` exchange alien sheets for good, with everything on them: the tokens on
    /// each sheet and the cards card text set on it to stay (not those set there only until
    /// a moment), which change owner with the sheet.
    pub fn swap_sheets(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        self.swap_sheets_caused(a, b, Cause::Ability(source));
    }

    /// `swap_sheets` until the end of the encounter: when it is cleaned up, the two trade
    /// back the sheets this trade gave them, if each still has the one it was given.
    pub fn swap_sheets_for_encounter(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        self.swap_sheets(a, b, source);
        let (given, taken) = (
            self.state.players[a.ix()].alien,
            self.state.players[b.ix()].alien,
        );
        self.add_effect(
            a,
            Until::EndOfEncounter,
            Lasting::SheetsTraded {
                with: b,
                given,
                taken,
            },
        );
    }

    /// Sheets traded for the encounter go back (the encounter is over), with everything on
    /// them; a sheet that has left its player meanwhile stays where it is, and so does the
    /// other.
    pub(crate) fn return_traded_sheets(&mut self) {
        type Trade = (PlayerId, PlayerId, Option<u16>, Option<u16>);
        // Checked first: every encounter ends here, and sheets are seldom traded.
        let lasting = &self.state.effects.lasting;
        if !(lasting.iter()).any(|e| matches!(e.what, Lasting::SheetsTraded { .. })) {
            return;
        }
        let traded: Vec<Trade> = (self.state.effects.lasting.iter())
            .filter_map(|e| match e.what {
                Lasting::SheetsTraded { with, given, taken } => Some((e.by, with, given, taken)),
                _ => None,
            })
            .collect();
        for (a, b, given, taken) in traded.into_iter().rev() {
            let s = &self.state.players;
            if s[a.ix()].alien == given && s[b.ix()].alien == taken {
                self.swap_sheets_caused(a, b, Cause::Rule(Rule::EncounterCleanup));
            }
        }
    }

    /// `swap_sheets` under any cause.
    fn swap_sheets_caused(&mut self, a: PlayerId, b: PlayerId, cause: Cause) {
        if a == b {
            return;
        }
        // The sheets and the cards on them change hands together, under one event.
        self.trade_sheets(a, b);
        for aside in &mut self.state.aside {
            if aside.at == crate::state::Aside::Sheet && aside.until.is_none() {
                if aside.owner == a {
                    aside.owner = b;
                } else if aside.owner == b {
                    aside.owner = a;
                }
            }
        }
        // So do the tokens kept on them.
        for t in &mut self.state.planet_tokens {
            if t.planet.is_none() {
                if t.owner == a {
                    t.owner = b;
                } else if t.owner == b {
                    t.owner = a;
                }
            }
        }
        self.emit_caused(cause, EventKind::AliensSwapped { a, b });
        let tokens = self.state.effects.tokens;
        if tokens[a.ix()] != tokens[b.ix()] {
            for (p, t) in [(a, tokens[b.ix()]), (b, tokens[a.ix()])] {
                self.state.effects.tokens[p.ix()] = t.max(0);
                self.emit_caused(
                    cause,
                    EventKind::TokensChanged {
                        player: p,
                        tokens: t.max(0),
                    },
                );
            }
        }
    }

    /// The alien sheets of `a` and `b` change places (the caller logs why).
    fn trade_sheets(&mut self, a: PlayerId, b: PlayerId) {
        let x = self.state.players[a.ix()].alien;
        self.state.players[a.ix()].alien = self.state.players[b.ix()].alien;
        self.state.players[b.ix()].alien = x;
    }

    /// `from` lends its alien power to `to` until the end of the encounter: the two sheets
    /// trade places and `from`'s power is off; they trade back when the encounter is over.
    pub fn lend_power(&mut self, from: PlayerId, to: PlayerId, source: u32) {
        if from == to {
            return;
        }
        self.trade_sheets(from, to);
        self.add_effect(from, Until::EndOfEncounter, Lasting::Lent { to });
        self.add_effect(from, Until::EndOfEncounter, Lasting::PowerOff);
        self.emit_caused(Cause::Ability(source), EventKind::PowerLent { from, to });
    }

    /// Lent powers go back to their owners (the encounter is over).
    pub(crate) fn return_lent_powers(&mut self) {
        // Checked first: every encounter ends here, and powers are seldom lent.
        let lasting = &self.state.effects.lasting;
        if !(lasting.iter()).any(|e| matches!(e.what, Lasting::Lent { .. })) {
            return;
        }
        let lent: Vec<(PlayerId, PlayerId)> = (self.state.effects.lasting.iter())
            .filter_map(|e| match e.what {
                Lasting::Lent { to } => Some((e.by, to)),
                _ => None,
            })
            .collect();
        for (from, to) in lent.into_iter().rev() {
            self.trade_sheets(from, to);
            self.emit(
                Rule::EncounterCleanup,
                EventKind::PowerReturned { from, to },
            );
        }
    }
}
