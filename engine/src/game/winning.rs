//! Who has won: the colonies counted against the number needed, and the window in which
//! content may join a win.

use super::*;

impl Game<'_> {
    /// The players with enough foreign colonies to win now (FFG's and Eon's win).
    pub(crate) fn winners_by_colonies(&self) -> Vec<PlayerId> {
        if self.below_colonies_to_win() {
            return Vec::new();
        }
        self.state.seats().filter(|&p| self.has_won(p)).collect()
    }

    /// Whether `p` has enough foreign colonies to win.
    fn has_won(&self, p: PlayerId) -> bool {
        let need = self.state.rules.colonies_to_win as i32;
        let pl = &self.state.players[p.ix()];
        // Planets kept on the sheet count toward the win beside the track.
        let track = pl.track as i32 + pl.sheet_planets as i32;
        track >= self.quantity(crate::quantity::Quantity::ColoniesToWin(p), need)
    }

    /// Ends the game if anyone has won by the edition's rules; all such players share the win.
    /// Checked at the end of every phase of FFG's and Eon's encounters, which are won by
    /// colonies: the usual answer (no track has reached the colonies needed, and nothing can
    /// change that number) is given here, before the procedure is asked.
    #[inline]
    pub(crate) fn check_win(&mut self) -> Flow {
        if self.below_colonies_to_win() {
            return Ok(());
        }
        self.check_win_now()
    }

    /// Whether every track is below the colonies needed to win while nothing can change
    /// that number (never under the checks, which compute every quantity).
    #[inline]
    fn below_colonies_to_win(&self) -> bool {
        let need = self.state.rules.colonies_to_win;
        self.changeable() & crate::quantity::Quantity::ColoniesToWin(PlayerId(0)).kind_bit() == 0
            && !self.options.check_invariants
            && (self.state.players.iter())
                .all(|pl| pl.track.saturating_add(pl.sheet_planets) < need)
    }

    /// `check_win` past its usual answer: asks the procedure who has won.
    #[inline(never)]
    fn check_win_now(&mut self) -> Flow {
        let winners = crate::procedure::of(self.state.rules.edition).winners(self);
        if winners.is_empty() {
            return Ok(());
        }
        self.open_game_won(winners)?;
        let winners = self.state.winners.clone();
        self.emit(Rule::Win, EventKind::GameWon { winners });
        Err(Stop::GameOver)
    }

    /// The game is won by `winners`: they are named in the state and content may join the
    /// win at `Window::GameWon` (a win while it is open adds to them) before the game ends.
    /// Queued moments are left unanswered, as the game ends here.
    pub(crate) fn open_game_won(&mut self, winners: Vec<PlayerId>) -> Flow {
        self.state.winners = winners;
        if self.may_act_at(crate::hooks::Window::GameWon) {
            self.hooks().at(crate::hooks::Window::GameWon, self)?;
        }
        Ok(())
    }
}
