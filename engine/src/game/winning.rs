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
        // While an encounter for the game is played, its outcome alone decides the game.
        if self.state.deciding.is_some() {
            return Ok(());
        }
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
    /// Content that contested the win there (`contest_win`) holds it: the game stops here
    /// and the encounter for the game is played before anyone wins (`decide_held_win`).
    pub(crate) fn open_game_won(&mut self, winners: Vec<PlayerId>) -> Flow {
        self.state.winners = winners;
        if self.may_act_at(crate::hooks::Window::GameWon) {
            self.hooks().at(crate::hooks::Window::GameWon, self)?;
            if self.state.deciding.is_some() {
                return Err(Stop::GameOver);
            }
        }
        Ok(())
    }

    /// While the game is being won (`Window::GameWon`), `challenger`, not among the winners,
    /// contests the win against `defender`, one of them: the win is held, and once the
    /// window is done the encounter under way is cleaned up and `challenger` has an
    /// encounter against `defender`'s home system, in which the winners may not ally with
    /// it. If its side wins that encounter, it and its allies win the game instead; otherwise
    /// the held win stands. Nothing happens outside that window, or once a win is contested.
    pub fn contest_win(&mut self, challenger: PlayerId, defender: PlayerId, source: u32) {
        let winners = &self.state.winners;
        if self.state.deciding.is_some()
            || winners.contains(&challenger)
            || !winners.contains(&defender)
        {
            return;
        }
        self.state.deciding = Some(crate::state::Deciding {
            challenger,
            defender,
            held: Vec::new(),
            source,
            started: false,
            won_by: None,
        });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterGranted {
                player: challenger,
                against: Some(defender),
            },
        );
    }

    /// Whether a win is held for an encounter for the game not yet begun (`contest_win`):
    /// the stop that ended the turn is to play it (`decide_held_win`).
    pub(crate) fn win_held(&self) -> bool {
        self.state.deciding.as_ref().is_some_and(|d| !d.started)
    }

    /// Whether an encounter for the game is being played (`contest_win`).
    pub(crate) fn deciding_under_way(&self) -> bool {
        self.state.deciding.as_ref().is_some_and(|d| d.started)
    }

    /// The players a main player on `side` may not have as allies: in an encounter for the
    /// game, the winners whose win is held, to the challenger (a seat mask).
    #[inline]
    pub(crate) fn barred_mask(&self, side: Side) -> u8 {
        match &self.state.deciding {
            Some(d) if d.started && side == Side::Offense => {
                d.held.iter().fold(0, |m, p| m | 1 << p.0)
            }
            _ => 0,
        }
    }

    /// Whether `p` may not ally with `side` (`barred_mask`).
    #[inline]
    pub(crate) fn barred_from(&self, p: PlayerId, side: Side) -> bool {
        self.barred_mask(side) & 1 << p.0 != 0
    }

    /// The game stopped with its win held (`contest_win`): the encounter it stopped in is
    /// cleaned up, the encounter for the game is played, and its outcome decides the winners.
    /// The game then ends: the window is not opened again for them.
    #[inline(never)]
    pub(crate) fn decide_held_win(&mut self) -> Flow {
        self.clean_up_stopped_encounter()?;
        let Some(d) = self.state.deciding.as_mut() else {
            return Err(Stop::GameOver);
        };
        d.started = true;
        let (challenger, defender, source) = (d.challenger, d.defender, d.source);
        // Those who joined the win after it was contested are held with the others.
        d.held = std::mem::take(&mut self.state.winners);
        self.state.extra_encounter = None;
        self.state.another_encounter = false;
        self.state.offense = challenger;
        let mut restarts = 0;
        loop {
            self.state.fixed_defense = Some(defender);
            let result = self.play_encounter_for_the_game();
            self.state.fixed_defense = None;
            match result {
                Ok(_) | Err(Stop::TurnEnds) => break,
                Err(Stop::EncounterRestarts) if restarts < 16 => restarts += 1,
                Err(Stop::EncounterRestarts) => break,
                // Card text ended the game with every player losing meanwhile.
                Err(Stop::GameOver) => {
                    self.state.deciding = None;
                    return Err(Stop::GameOver);
                }
                Err(e) => return Err(e),
            }
        }
        let Some(d) = self.state.deciding.take() else {
            return Err(Stop::GameOver);
        };
        let mut winners = d.won_by.unwrap_or(d.held);
        winners.sort();
        winners.dedup();
        self.state.winners = winners.clone();
        self.emit_caused(Cause::Ability(source), EventKind::GameWon { winners });
        Err(Stop::GameOver)
    }

    /// In an encounter for the game, its outcome is known: if the challenger's side won, it
    /// and its allies then are who win the game.
    #[inline(never)]
    pub(crate) fn note_deciding_outcome(&mut self, outcome: crate::state::Outcome) {
        let allies = (self.state.seats())
            .filter(|&p| self.state.encounter.ally[p.ix()] == Some(Side::Offense))
            .collect::<Vec<_>>();
        let offense = self.state.offense;
        let Some(d) = self.state.deciding.as_mut() else {
            return;
        };
        if !d.started || offense != d.challenger || d.won_by.is_some() {
            return;
        }
        if outcome == crate::state::Outcome::OffenseWins {
            let mut won = vec![offense];
            won.extend(allies);
            d.won_by = Some(won);
        }
    }
}
