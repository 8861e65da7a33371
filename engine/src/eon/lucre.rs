//! Eon's lucre (the Complete Book §XVII): four at setup, one collected at the start of each
//! turn, spent one for one on tokens back from the warp and on cards from the deck, and
//! added to a main player's total after every other change.

use crate::decision::{Choice, DecisionKind};
use crate::event::Rule;
use crate::game::{Flow, Game};
use crate::ids::{PlayerId, Side};
use crate::resources::Resource;

/// Most cards a main player buys in a challenge (§V.8).
const MOST_CARDS_BOUGHT: u16 = 4;

impl Game<'_> {
    /// Every player takes its starting lucre from the box (§XVII.2).
    pub(crate) fn deal_lucre(&mut self) {
        let n = self.state.rules.starting_lucre as u16;
        for p in self.state.seats().collect::<Vec<_>>() {
            self.gain_resource(p, Resource::Lucre, n, Rule::LucreSetup);
        }
    }

    /// The offense collects its lucre for the turn (§V.1, §XVII.3).
    pub(super) fn collect_lucre(&mut self) {
        let n = self.state.rules.lucre_income as u16;
        self.gain_resource(self.state.offense, Resource::Lucre, n, Rule::LucreIncome);
    }

    /// The offense may buy its tokens back from the warp, one lucre each, each to a base
    /// of its choice (§V.2, §XVII.4).
    pub(super) fn buy_tokens(&mut self) -> Flow {
        let p = self.state.offense;
        // With the praw, a token bought may be raised from the praw instead (§XIX.2).
        let pl = &self.state.players[p.ix()];
        let lost = pl.warp as u16 + pl.praw as u16;
        let most = self.resource(p, Resource::Lucre).min(lost);
        let n = self.ask_number(p, DecisionKind::BuyTokens, most)?;
        if n > 0 && self.pay_resource(p, Resource::Lucre, n, Rule::BuyTokens) {
            for _ in 0..n {
                self.retrieve_one(p, Rule::BuyTokens)?;
            }
        }
        Ok(())
    }

    /// Each main player may buy up to four cards from the deck, one lucre each (§V.8,
    /// §XVII.4). The book lets them buy at any time in the challenge; they are asked once,
    /// after alliances and before kickers and challenge cards, the last moment cards matter.
    pub(super) fn buy_cards(&mut self) -> Flow {
        for side in Side::BOTH {
            let p = self.main(side);
            let most = self.resource(p, Resource::Lucre).min(MOST_CARDS_BOUGHT);
            let n = self.ask_number(p, DecisionKind::BuyCards, most)?;
            if n > 0 && self.pay_resource(p, Resource::Lucre, n, Rule::BuyCards) {
                self.draw_n(p, n as u32, Rule::BuyCards)?;
            }
        }
        Ok(())
    }

    /// Asks `p` for a number from 0 to `most` (not asked when `most` is 0).
    fn ask_number(&mut self, p: PlayerId, kind: DecisionKind, most: u16) -> Flow<u16> {
        if most == 0 {
            return Ok(0);
        }
        let mut options = self.choices();
        options.extend((0..=most as i32).map(Choice::Number));
        match self.pick(p, kind, options)? {
            Choice::Number(n) => Ok(n as u16),
            _ => crate::game::unreachable_answer(),
        }
    }

    /// The lucre a main player's total gains after every other change (§VI.1, §XVII.4):
    /// what it holds, when the game is played with lucre.
    #[inline]
    pub(crate) fn lucre_in_total(&self, side: Side) -> i32 {
        if !self.state.rules.lucre() {
            return 0;
        }
        self.resource(self.main(side), Resource::Lucre) as i32
    }
}
