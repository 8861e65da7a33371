//! What each player holds, stamped: the stamps hooks cache under, the windows and moments
//! anyone may act at, and the audit that a change of holdings always gives a new stamp.

use super::*;

impl<'h> Game<'h> {
    /// A number that changes whenever what `p` holds may have changed: its alien powers, its
    /// techs, its hand and the cards on its sheet. Hooks may cache what they derive from a
    /// player's holdings under this stamp; no two games share a stamp.
    pub fn holdings_stamp(&self, p: PlayerId) -> u64 {
        self.stamps[p.ix()]
    }

    /// A number that changes whenever anybody's holdings may have changed (the latest
    /// `holdings_stamp` given); no two games share one.
    pub fn holdings_version(&self) -> u64 {
        self.next_stamp
    }

    /// A number that changes whenever a lasting effect content started begins, unique to
    /// the game: hooks may cache what they derive from the content effects in force under it
    /// (one that ended may still be counted until the number moves again).
    pub fn lasting_stamp(&self) -> u64 {
        self.lasting_stamp
    }

    /// The cards drawn from a deck this encounter, in order, with who drew them, leaving out
    /// those the drawer's own feeding text drew (`Game::set_feeding`): what `the cards
    /// drawn` names in an answer to a player's own draws.
    pub fn drawn_this_encounter(&self) -> &[(crate::ids::PlayerId, crate::ids::CardId)] {
        if self.drawn_in == self.stats.encounters {
            &self.drawn
        } else {
            &[]
        }
    }

    /// Notes that `p` drew `card` (not by its own feeding text); returns how many draws the
    /// encounter's record holds now.
    pub(crate) fn record_draw(&mut self, p: crate::ids::PlayerId, card: crate::ids::CardId) -> u16 {
        if self.drawn_in != self.stats.encounters {
            self.drawn.clear();
            self.drawn_in = self.stats.encounters;
        }
        self.drawn.push((p, card));
        self.drawn.len() as u16
    }

    /// Notes that a content lasting effect began (after a new holdings stamp).
    pub(crate) fn lasting_began(&mut self) {
        self.lasting_stamp = self.next_stamp;
    }

    /// Notes that a lasting effect that may change a quantity started or ended (or may have:
    /// the kinds of quantity that may change are kept under this version).
    pub(crate) fn effects_changed(&mut self) {
        self.effects_version += 1;
    }

    /// The kinds of quantity that content or a lasting modifier may change now.
    #[inline]
    pub(super) fn changeable(&self) -> u32 {
        let key = (self.holdings_version(), self.effects_version);
        let (version, effects, mask) = self.changeable.get();
        if (version, effects) == key {
            return mask;
        }
        self.compute_changeable()
    }

    /// Whether content may act at `window` now (`Hooks::windows`, kept under the holdings
    /// version): the hooks are not called at a window nothing held acts at.
    #[inline]
    pub(crate) fn may_act_at(&self, window: crate::hooks::Window) -> bool {
        let (version, mask) = self.windows.get();
        let mask = if version == self.holdings_version() {
            mask
        } else {
            self.ask_windows()
        };
        mask & window.bit() != 0
    }

    /// `Hooks::windows`, asked afresh and kept under the holdings version.
    #[inline(never)]
    fn ask_windows(&self) -> u64 {
        let mask = self.hooks().windows(self);
        self.windows.set((self.holdings_version(), mask));
        mask
    }

    /// Passes `moment` to the hooks, unless nothing held may answer its kind
    /// (`Hooks::moments`, kept under the holdings version): most moments (ships to the
    /// warp, cards drawn) have no answer held anywhere.
    #[inline]
    pub(crate) fn pass_moment(&mut self, moment: crate::hooks::Moment) -> Flow {
        if !self.answers_moment(moment) {
            return Ok(());
        }
        self.hooks().moment(moment, self)
    }

    /// Whether anything held may answer `moment` now: whether `pass_moment` would pass it
    /// to the hooks.
    #[inline]
    pub(crate) fn answers_moment(&self, moment: crate::hooks::Moment) -> bool {
        let (version, mask) = self.moments_answered.get();
        let mask = if version == self.holdings_version() {
            mask
        } else {
            self.ask_moments()
        };
        mask & moment.bit() != 0
    }

    /// `Hooks::moments`, asked afresh and kept under the holdings version.
    #[inline(never)]
    fn ask_moments(&self) -> u32 {
        let mask = self.hooks().moments(self);
        self.moments_answered.set((self.holdings_version(), mask));
        mask
    }

    /// `changeable`, computed afresh and kept under the versions it was computed for.
    #[inline(never)]
    fn compute_changeable(&self) -> u32 {
        let key = (self.holdings_version(), self.effects_version);
        let modified = (self.state.effects.lasting.iter())
            .filter_map(|e| match &e.what {
                crate::effects::Lasting::Modifier { quantity, .. } => Some(quantity.kind_bit()),
                _ => None,
            })
            .fold(0, |a, b| a | b);
        let mask = self.hooks().changeable(self) | modified;
        self.changeable.set((key.0, key.1, mask));
        mask
    }

    /// Gives `p` a new holdings stamp: for a change to its holdings that hooks may see before
    /// the event announcing it.
    pub(crate) fn holdings_changed(&mut self, p: PlayerId) {
        self.touch_holdings(Holders::Players(1 << p.0));
    }

    /// Whose holdings `kind` may change: `EventKind::holders`, but nobody's when the one card
    /// it moves cannot give abilities.
    #[inline(always)]
    pub(super) fn holders(&self, kind: &EventKind) -> Holders {
        let card = match kind {
            // The card selected is hidden from the log but lies in the encounter by now.
            EventKind::CardSelected { player } => {
                let e = &self.state.encounter;
                let side = if *player == self.state.offense { 0 } else { 1 };
                e.cards[side].filter(|_| side == 0 || e.defense == Some(*player))
            }
            _ => kind.card_moved(),
        };
        match card {
            Some(card) if !self.card_may_act(card) => Holders::None,
            _ => kind.holders(),
        }
    }

    /// Whether `card` may give abilities while held (`Hooks::card_may_act`).
    pub(crate) fn card_may_act(&self, card: crate::ids::CardId) -> bool {
        let def = self.state.cards[card.0 as usize].def as usize;
        self.may_act.get(def).copied().unwrap_or(true)
    }

    /// Gives the players of `who` new holdings stamps.
    #[inline]
    pub(super) fn touch_holdings(&mut self, who: Holders) {
        let mask = match who {
            Holders::None => return,
            Holders::Players(m) => m,
            Holders::All => u8::MAX,
        };
        // Seat by seat in order, visiting only the seats named (most events name one).
        let mut rest = mask;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.next_stamp += 1;
            self.stamps[p] = self.next_stamp;
        }
    }

    /// Under `check_invariants`: an error if a player's holdings changed without a new
    /// stamp, in an event that did not say so (`EventKind::holders`) or before hooks were
    /// called, which would let them read stale caches.
    pub(super) fn check_holdings(&self) -> Result<(), String> {
        let seen: Vec<(u64, u64)> = self
            .state
            .seats()
            .map(|p| {
                (
                    self.stamps[p.ix()],
                    // Asked of the hooks afresh, not of the table the stamps use.
                    invariants::holdings_digest(&self.state, p, |c| {
                        self.hooks.card_may_act(self.state.cards[c.0 as usize].def)
                    }),
                )
            })
            .collect();
        let before = self.holdings_seen.replace(seen);
        let now = self.holdings_seen.borrow();
        for (p, (old, new)) in before.iter().zip(now.iter()).enumerate() {
            if old.0 == new.0 && old.1 != new.1 {
                return Err(format!(
                    "player {p}'s holdings (powers, techs, hand or sheet) changed without an event saying so"
                ));
            }
        }
        Ok(())
    }

    /// Under `check_invariants`: notes it if the hooks would have changed a quantity the
    /// engine skipped as unchangeable (a lasting effect started or ended unnoticed).
    #[cold]
    pub(super) fn check_unchangeable(&self, q: crate::quantity::Quantity, value: i32) {
        let changed = self.hooks().quantity(q, value, self);
        if changed != value {
            self.note_violation(format!(
                "{q:?} was skipped as unchangeable, but content makes it {changed} (not {value})"
            ));
        }
    }

    /// Under `check_invariants`: keeps a violation found outside an event, for the next
    /// event to report (the first one found stands).
    pub(crate) fn note_violation(&self, message: String) {
        self.pending_violation.borrow_mut().get_or_insert(message);
    }

    /// The hooks, for a call into content. Under `check_invariants` every such call first
    /// checks that no holdings changed without a new stamp (the hooks' caches would be stale),
    /// for the next event to report.
    #[inline]
    pub(crate) fn hooks(&self) -> &'h dyn Hooks {
        if self.options.check_invariants {
            self.audit_holdings_now();
        }
        self.hooks
    }

    #[cold]
    fn audit_holdings_now(&self) {
        if let Err(message) = self.check_holdings() {
            self.note_violation(message);
        }
    }
}
