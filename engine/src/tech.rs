//! The technology variant: the tech deck, dealing two techs and keeping one at setup,
//! researching, completing and abandoning techs at the start of regroup, acquiring techs
//! instead of a second encounter, and the card actions content uses on a tech (discard it
//! when used up, reset it face down).

use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;
use crate::state::HeldTech;
use rand::seq::SliceRandom;

/// Techs with this research number or more leave the deck in a four-planet game.
const FOUR_PLANET_LIMIT: u8 = 8;

impl Game<'_> {
    /// Setup 8: shuffles the tech deck (without the big techs in a four-planet game), deals
    /// two techs to each player, and each keeps one face down and discards the other.
    pub(crate) fn deal_techs(&mut self) -> Flow {
        let four = self.state.rules.planets_per_player == 4;
        let mut deck: Vec<u16> = (0..self.components.techs.len() as u16)
            .filter(|&t| {
                let r = self.components.techs[t as usize].research;
                !(four && r.is_some_and(|r| r >= FOUR_PLANET_LIMIT))
            })
            .collect();
        deck.shuffle(&mut self.rng);
        self.state.techs.draw = deck;
        let seats: Vec<PlayerId> = self.state.seats().collect();
        let mut dealt = Vec::with_capacity(seats.len());
        for &p in &seats {
            dealt.push(self.draw_techs(p, 2, Rule::TechSetup));
        }
        for (p, drawn) in seats.into_iter().zip(dealt) {
            self.keep_one_tech(p, drawn, Rule::TechSetup)?;
        }
        Ok(())
    }

    /// Draws up to `n` techs for `p` (the discard pile is shuffled into a new deck when the
    /// deck runs out).
    fn draw_techs(&mut self, p: PlayerId, n: usize, rule: Rule) -> Vec<u16> {
        let mut drawn = Vec::with_capacity(n);
        for _ in 0..n {
            if self.state.techs.draw.is_empty() && !self.state.techs.discard.is_empty() {
                self.state.techs.reshuffle(&mut self.rng);
                self.emit(rule, EventKind::TechDeckReshuffled);
            }
            let Some(t) = self.state.techs.draw.pop() else {
                break;
            };
            self.emit(rule, EventKind::TechDrawn { player: p, tech: t });
            drawn.push(t);
        }
        drawn
    }

    /// `p` keeps one of the techs `drawn` face down; the others go to the tech discard pile.
    fn keep_one_tech(&mut self, p: PlayerId, drawn: Vec<u16>, rule: Rule) -> Flow {
        if drawn.is_empty() {
            return Ok(());
        }
        let options = drawn.iter().map(|&t| Choice::Tech(t)).collect();
        let kept = match self.pick(p, DecisionKind::KeepTech, options)? {
            Choice::Tech(t) => t,
            _ => drawn[0],
        };
        self.state.players[p.ix()].techs.push(HeldTech {
            tech: kept,
            ships: 0,
            completed: false,
            revealed: false,
        });
        self.emit(
            rule,
            EventKind::TechKept {
                player: p,
                tech: kept,
            },
        );
        for t in drawn.into_iter().filter(|&t| t != kept) {
            self.state.techs.discard.push(t);
            self.emit(rule, EventKind::TechDiscarded { player: p, tech: t });
        }
        Ok(())
    }

    /// At the start of regroup each player, in turn order, may research, complete or
    /// abandon one tech.
    pub(crate) fn tech_step(&mut self) -> Flow {
        if !self.state.rules.tech {
            return Ok(());
        }
        for p in self.timing_order() {
            self.tech_action(p)?;
        }
        Ok(())
    }

    fn tech_action(&mut self, p: PlayerId) -> Flow {
        let held = self.state.players[p.ix()].techs.clone();
        if held.iter().all(|h| h.completed) {
            return Ok(());
        }
        let has_ship = self.state.ships_in_colonies(p) > 0;
        let mut options = vec![Choice::Pass];
        for h in held.iter().filter(|h| !h.completed) {
            if has_ship {
                options.push(Choice::Research(h.tech));
            }
            // A secret tech is never completed: it is used face down.
            let def = &self.components.techs[h.tech as usize];
            if !def.secret && def.researched(h.ships) {
                options.push(Choice::Complete(h.tech));
            }
            options.push(Choice::Abandon(h.tech));
        }
        match self.pick(p, DecisionKind::TechAction, options)? {
            Choice::Research(t) => {
                self.commit_ships(
                    p,
                    DecisionKind::ResearchShip,
                    Place::Tech(t),
                    1..=1,
                    false,
                    Rule::TechResearch,
                )?;
            }
            Choice::Complete(t) => {
                if let Some(h) = self.state.players[p.ix()]
                    .techs
                    .iter_mut()
                    .find(|h| h.tech == t)
                {
                    h.completed = true;
                }
                self.emit(
                    Rule::TechResearch,
                    EventKind::TechCompleted { player: p, tech: t },
                );
                self.note(crate::hooks::Moment::TechCompleted(p, t));
                let ships = self.ships_at(p, Place::Tech(t));
                self.return_ships(p, Place::Tech(t), ships, Rule::TechResearch)?;
            }
            Choice::Abandon(t) => self.discard_tech(p, t, Rule::TechResearch)?,
            _ => {}
        }
        Ok(())
    }

    /// Acquiring new tech: `p` draws one tech per foreign colony plus one, keeps one face
    /// down and discards the rest.
    pub(crate) fn acquire_tech(&mut self, p: PlayerId) -> Flow {
        let n = self.state.foreign_colonies(p) as usize + 1;
        let drawn = self.draw_techs(p, n, Rule::AcquireTech);
        self.keep_one_tech(p, drawn, Rule::AcquireTech)
    }

    /// Whether the held tech `h` works now: completed, or secret and researched enough.
    pub fn tech_usable(&self, h: &HeldTech) -> bool {
        h.completed || {
            let def = &self.components.techs[h.tech as usize];
            def.secret && def.researched(h.ships)
        }
    }

    /// Returns the ships on `p`'s tech `tech` to its colonies and puts the tech on the tech
    /// discard pile (abandoned, or used up by its own text).
    pub fn discard_tech(&mut self, p: PlayerId, tech: u16, rule: Rule) -> Flow {
        if self.state.held_tech(p, tech).is_none() {
            return Ok(());
        }
        let ships = self.ships_at(p, Place::Tech(tech));
        self.return_ships(p, Place::Tech(tech), ships, rule)?;
        let techs = &mut self.state.players[p.ix()].techs;
        techs.retain(|h| h.tech != tech);
        self.lose_tech_powers(p, tech, rule);
        self.remove_tech_ship_tokens(p, tech, rule);
        self.state.techs.discard.push(tech);
        self.emit(rule, EventKind::TechDiscarded { player: p, tech });
        // Cards stored under the tech go with it (once the tech's discard is announced).
        while let Some(i) = (self.state.aside.iter())
            .position(|a| a.owner == p && a.at == crate::state::Aside::Tech(tech))
        {
            let card = self.state.aside.remove(i).card;
            self.state.place_in_discard(card);
            self.emit(rule, EventKind::CardDiscarded { player: p, card });
        }
        Ok(())
    }

    /// `p` gives its completed tech `tech` to `to` (with any power held with it).
    pub fn give_tech(&mut self, p: PlayerId, tech: u16, to: PlayerId, source: u32) {
        if p == to {
            return;
        }
        let techs = &mut self.state.players[p.ix()].techs;
        let Some(i) = techs.iter().position(|h| h.tech == tech && h.completed) else {
            return;
        };
        let held = techs.remove(i);
        self.lose_tech_powers(p, tech, Rule::CardText);
        self.state.players[to.ix()].techs.push(held);
        self.emit_caused(
            crate::event::Cause::Ability(source),
            EventKind::TechGiven {
                player: p,
                tech,
                to,
            },
        );
    }

    /// Resets `p`'s tech `tech`: turned face down again, its ships returned to colonies (it
    /// can be researched again).
    pub fn reset_tech(&mut self, p: PlayerId, tech: u16, rule: Rule) -> Flow {
        let ships = self.ships_at(p, Place::Tech(tech));
        self.return_ships(p, Place::Tech(tech), ships, rule)?;
        let Some(h) = self.state.players[p.ix()]
            .techs
            .iter_mut()
            .find(|h| h.tech == tech)
        else {
            return Ok(());
        };
        h.completed = false;
        // Everyone saw it face up: it stays known face down.
        h.revealed = true;
        self.lose_tech_powers(p, tech, rule);
        self.remove_tech_ship_tokens(p, tech, rule);
        self.emit(rule, EventKind::TechReset { player: p, tech });
        Ok(())
    }

    /// A secret tech is shown as it is used: from then on everyone knows which it is.
    pub fn reveal_tech(&mut self, p: PlayerId, tech: u16, source: u32) {
        let Some(h) = (self.state.players[p.ix()].techs.iter_mut()).find(|h| h.tech == tech) else {
            return;
        };
        if h.completed || h.revealed {
            return;
        }
        h.revealed = true;
        self.emit_caused(
            crate::event::Cause::Ability(source),
            EventKind::TechRevealed { player: p, tech },
        );
    }
}
