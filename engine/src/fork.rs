//! Forks of a game, for agents that search by playing the game forward (`Agent::searches`).
//!
//! The engine's flow of play lives on the call stack, so a game cannot be copied in the middle
//! of a decision. Instead, while a searching agent sits at the table, the game keeps a
//! checkpoint (its setup, then a copy of the game at the start of each turn) and every answer
//! given since. A rollout starts a new game from the checkpoint, replays those answers to
//! reach the decision under way, and there, before the searching player answers, redeals
//! everything that player cannot see (`Game::redeal_hidden`): the cards whose place it does
//! not know, the face-down alien sheets and techs of the others, the order of the decks and
//! the game's random numbers. Then it plays on with the answer tried and the agents given.
//!
//! The searching agent only ever holds a `Fork` through its `View`: it can play rollouts, and
//! read their finished games, but not the checkpoint. The agents it gives a rollout are asked
//! nothing before the redeal.

use crate::agent::{Agent, AgentError};
use crate::components::Components;
use crate::decision::{visible_to, Answer, Decision, DecisionKind, Refusal};
use crate::game::{Game, GameError, Options, RecordedAnswer, Setup, Stats};
use crate::hooks::{Hooks, Moment};
use crate::ids::{CardId, PlayerId, Side};
use crate::piles::Back;
use crate::state::{Aside, CardInfo, GameState};
use crate::view::View;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::sync::Arc;

/// What a game keeps for searching agents: a checkpoint and the answers given since.
pub struct Fork {
    checkpoint: Checkpoint,
    components: Arc<Components>,
    /// Answers put to agents since the checkpoint, in order.
    pub(crate) answers: Vec<RecordedAnswer>,
    /// Whether the game checks its invariants: its rollouts do too.
    check: bool,
}

/// Where rollouts start from.
enum Checkpoint {
    /// The game's setup (decisions asked while the game is dealt).
    Setup(Setup),
    /// The game at the start of the turn under way.
    Turn(Box<Snapshot>),
}

/// A copy of everything the flow of play reads, taken between two turns.
#[derive(Clone)]
pub(crate) struct Snapshot {
    pub(crate) state: GameState,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) moments: Vec<Moment>,
    pub(crate) new_hand: bool,
    pub(crate) stats: Stats,
    pub(crate) seed: u64,
}

/// When a rollout game redeals what its searching player cannot see.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Redeal {
    /// The number of the decision (`Stats::decisions`) before which it happens.
    pub(crate) at: u64,
    /// The searching player.
    pub(crate) viewer: PlayerId,
    /// The seed of the redeal and of the game's random numbers from then on.
    pub(crate) seed: u64,
}

/// One rollout: the answer tried, and how play goes on.
pub struct Rollout<'a> {
    /// The answer tried to the decision under way.
    pub answer: Answer,
    /// The seed of this sample of what the searching player cannot see.
    pub seed: u64,
    /// The agents that play on, one per seat (asked nothing before the redeal).
    pub agents: Vec<Box<dyn Agent + 'a>>,
    /// Turns played after the one under way before the rollout stops (none: to the end).
    pub turns: Option<u32>,
}

impl Fork {
    /// A fork at a game's setup.
    pub(crate) fn at_setup(setup: Setup, components: Arc<Components>, check: bool) -> Fork {
        Fork {
            checkpoint: Checkpoint::Setup(setup),
            components,
            answers: Vec::new(),
            check,
        }
    }

    /// Moves the checkpoint to the start of a turn.
    pub(crate) fn at_turn(&mut self, snapshot: Snapshot) {
        self.checkpoint = Checkpoint::Turn(Box::new(snapshot));
        self.answers.clear();
    }

    /// Plays `rollout` from the decision under way (`decision`, the last one put to an agent):
    /// what its player cannot see is redealt with the rollout's seed before it answers. Returns
    /// the finished game (won, or stopped after the rollout's turns), or why it could not go on
    /// (the answer tried was refused, an agent failed, an invariant broke).
    pub fn rollout<'h>(
        &self,
        hooks: &'h dyn Hooks,
        decision: &Decision,
        rollout: Rollout<'h>,
    ) -> Result<Game<'h>, GameError> {
        let players = rollout.agents.len();
        let mut queues: Vec<VecDeque<(DecisionKind, Answer)>> = vec![VecDeque::new(); players];
        for a in &self.answers {
            if let Some(q) = queues.get_mut(a.player.ix()) {
                q.push_back((a.kind, a.answer.clone()));
            }
        }
        if let Some(q) = queues.get_mut(decision.player.ix()) {
            q.push_back((decision.kind, rollout.answer));
        }
        let agents: Vec<Box<dyn Agent + 'h>> = (rollout.agents.into_iter().zip(queues))
            .map(|(live, queue)| {
                Box::new(Replaying {
                    queue,
                    live,
                    broken: None,
                    replaying: false,
                }) as Box<dyn Agent + 'h>
            })
            .collect();
        let options = Options {
            check_invariants: self.check,
            // A rollout is watched by nobody.
            no_late_observer: true,
            ..Options::default()
        };
        let before = match &self.checkpoint {
            Checkpoint::Setup(_) => 0,
            Checkpoint::Turn(s) => s.stats.decisions,
        };
        let redeal = Redeal {
            at: before + self.answers.len() as u64 + 1,
            viewer: decision.player,
            seed: rollout.seed,
        };
        let mut game = match &self.checkpoint {
            Checkpoint::Setup(setup) => Game::set_up(
                setup,
                self.components.clone(),
                agents,
                hooks,
                options,
                redeal,
            )?,
            Checkpoint::Turn(s) => Game::restore(
                s.as_ref().clone(),
                self.components.clone(),
                agents,
                hooks,
                options,
                redeal,
            ),
        };
        if let Some(turns) = rollout.turns {
            // The turn under way is the one after the checkpoint's.
            let stop = match &self.checkpoint {
                Checkpoint::Setup(_) => 1 + turns,
                Checkpoint::Turn(s) => s.state.turn + 1 + turns,
            };
            let rules = &mut game.state.rules;
            rules.turn_limit = rules.turn_limit.min(stop);
        }
        game.run()?;
        Ok(game)
    }
}

/// A seat of a rollout: replays the answers given since the checkpoint, then its live agent
/// plays. The live agent is asked nothing while answers are replayed.
struct Replaying<'a> {
    queue: VecDeque<(DecisionKind, Answer)>,
    live: Box<dyn Agent + 'a>,
    /// Set when a replayed answer was refused (the answer tried was not legal).
    broken: Option<String>,
    /// Whether the last answer was replayed.
    replaying: bool,
}

impl Agent for Replaying<'_> {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        if let Some(why) = self.broken.take() {
            return Err(AgentError(format!("the answer tried was refused: {why}")));
        }
        match self.queue.pop_front() {
            Some((kind, answer)) if kind == decision.kind => {
                self.replaying = true;
                Ok(answer)
            }
            Some((kind, _)) => Err(AgentError(format!(
                "the replay answers {} where the game asks {}",
                kind.name(),
                decision.kind.name()
            ))),
            None => {
                self.replaying = false;
                self.live.decide(view, decision)
            }
        }
    }

    fn refused(&mut self, view: &View, decision: &Decision, answer: &Answer, why: &Refusal) {
        if self.replaying {
            self.broken = Some(why.0.clone());
        } else {
            self.live.refused(view, decision, answer, why);
        }
    }

    fn name(&self) -> &str {
        self.live.name()
    }

    fn reads_advice(&self) -> bool {
        self.live.reads_advice()
    }
}

/// Which cards may be dealt to a place whose card is unknown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Any card: a hand, the deck.
    Any,
    /// An encounter card: one selected face down.
    Encounter,
    /// Not an encounter card (one set face down on a sheet that was not one).
    Other,
    /// A kicker played face down (Eon).
    Kicker,
}

impl Slot {
    fn takes(self, info: &CardInfo) -> bool {
        match self {
            Slot::Any => true,
            Slot::Encounter => info.kind.is_encounter(),
            Slot::Other => !info.kind.is_encounter(),
            Slot::Kicker => matches!(info.kind, crate::components::CardKind::Kicker(_)),
        }
    }
}

impl Game<'_> {
    /// Redeals what `viewer` cannot see, with `seed`: the cards whose place it does not know
    /// trade identities (each place keeps its card, which becomes another unseen card; a
    /// card selected face down stays an encounter card, a kicker a kicker), the others'
    /// face-down alien sheets and the unused aliens, the others' face-down techs and the
    /// tech deck, the destiny deck's order; the game's random numbers are drawn from `seed` from then on.
    pub(crate) fn redeal_hidden(&mut self, viewer: PlayerId, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = self.state_mut();
        // The state kept for a replay holds the hands as they were: a rollout does without
        // it (its replays do nothing) rather than see them.
        state.replay_point = None;
        let mut slots: Vec<(CardId, Slot)> = Vec::new();
        for (p, player) in state.players.iter().enumerate() {
            if p != viewer.ix() {
                slots.extend(player.hand.iter().map(|&c| (c, Slot::Any)));
            }
        }
        for back in Back::ALL {
            slots.extend(state.piles.of(back).draw.iter().map(|&c| (c, Slot::Any)));
        }
        for side in Side::BOTH {
            if let Some(c) = state.encounter.cards[side.ix()] {
                slots.push((c, Slot::Encounter));
            }
        }
        // Before the sheets' cards, which could take a kicker the kickers' places need.
        for side in Side::BOTH {
            if let Some(c) = state.encounter.kickers[side.ix()] {
                slots.push((c, Slot::Kicker));
            }
        }
        for a in &state.aside {
            // A hired ship's card may be any card at all.
            if a.at == Aside::Hired {
                slots.push((a.card, Slot::Any));
            } else if a.at == Aside::Sheet {
                let slot = if state.kind(a.card).is_encounter() {
                    Slot::Encounter
                } else {
                    Slot::Other
                };
                slots.push((a.card, slot));
            }
        }
        slots.retain(|&(c, _)| !visible_to(state, viewer, c));
        // Sorted before it is shuffled, so that the redealt world depends on the view and the
        // seed alone, not on where the unseen cards really are.
        let mut pool: Vec<CardInfo> = slots
            .iter()
            .map(|&(c, _)| state.cards[c.0 as usize])
            .collect();
        pool.sort_unstable_by_key(|i| i.def);
        pool.shuffle(&mut rng);
        // Places that need a kind of card are dealt first, each the first fitting card of
        // the shuffled pool: the real deal fits them, so one always remains.
        slots.sort_by_key(|&(_, slot)| slot == Slot::Any);
        // A card's back shows wherever it lies: each place is dealt a card of its own back.
        for (c, slot) in slots {
            let back = state.cards[c.0 as usize].back;
            let k = pool
                .iter()
                .rposition(|i| i.back == back && slot.takes(i))
                .unwrap_or(pool.len() - 1);
            state.cards[c.0 as usize] = pool.swap_remove(k);
        }
        self.redeal_sheets(viewer, &mut rng);
        self.redeal_tokens(viewer, &mut rng);
        self.state.destiny.draw.sort_unstable();
        self.state.destiny.draw.shuffle(&mut rng);
        self.rng = ChaCha8Rng::seed_from_u64(rand::RngCore::next_u64(&mut rng));
    }

    /// The tokens of the others whose kind `viewer` cannot see (face down beside a planet or
    /// kept on a sheet) trade kinds among each owner's own, which it placed from one supply.
    fn redeal_tokens(&mut self, viewer: PlayerId, rng: &mut ChaCha8Rng) {
        let state = &mut self.state;
        if state.planet_tokens.is_empty() {
            return;
        }
        for owner in state.seats().filter(|&p| p != viewer).collect::<Vec<_>>() {
            let hidden = |t: &crate::state::PlanetToken| {
                t.owner == owner && (t.face_down || t.planet.is_none())
            };
            let mut kinds: Vec<u32> = (state.planet_tokens.iter())
                .filter(|t| hidden(t))
                .map(|t| t.key)
                .collect();
            if kinds.len() < 2 {
                continue;
            }
            kinds.sort_unstable();
            kinds.shuffle(rng);
            for t in state.planet_tokens.iter_mut().filter(|t| hidden(t)) {
                t.key = kinds.pop().unwrap_or(t.key);
            }
        }
    }

    /// The face-down parts of `redeal_hidden`: alien sheets and techs.
    fn redeal_sheets(&mut self, viewer: PlayerId, rng: &mut ChaCha8Rng) {
        let components = self.components.clone();
        let state = &mut self.state;
        let setup_text = |a: u16| {
            components
                .aliens
                .get(a as usize)
                .is_some_and(|d| d.game_setup)
        };
        // Face-down sheets of the others and the box (aliens with game setup text start face
        // up and are never drawn from the box: they stay where they are).
        let hidden: Vec<usize> = (0..state.players.len())
            .filter(|&p| {
                p != viewer.ix() && state.players[p].face_down && state.players[p].alien.is_some()
            })
            .collect();
        if !hidden.is_empty() {
            let mut pool: Vec<u16> = hidden
                .iter()
                .filter_map(|&p| state.players[p].alien)
                .chain(state.unused_aliens.iter().copied())
                .filter(|&a| !setup_text(a))
                .collect();
            pool.sort_unstable();
            pool.shuffle(rng);
            for &p in &hidden {
                if let Some(a) = state.players[p].alien.filter(|&a| !setup_text(a)) {
                    let new = pool.pop().unwrap_or(a);
                    state.players[p].alien = Some(new);
                }
            }
            let kept: Vec<u16> = (state.unused_aliens.iter().copied())
                .filter(|&a| setup_text(a))
                .collect();
            state.unused_aliens = kept.into_iter().chain(pool).collect();
            state.unused_aliens.sort_unstable();
        }
        // Face-down techs of the others and the tech deck.
        let mut pool: Vec<u16> = state.techs.draw.clone();
        for (p, player) in state.players.iter().enumerate() {
            if p != viewer.ix() {
                pool.extend(
                    player
                        .techs
                        .iter()
                        .filter(|t| !t.known_to_all())
                        .map(|t| t.tech),
                );
            }
        }
        pool.sort_unstable();
        pool.shuffle(rng);
        for (p, player) in state.players.iter_mut().enumerate() {
            if p != viewer.ix() {
                for t in player.techs.iter_mut().filter(|t| !t.known_to_all()) {
                    t.tech = pool.pop().unwrap_or(t.tech);
                }
            }
        }
        state.techs.draw = pool;
    }
}

#[cfg(test)]
mod tests {
    use crate::agent::Agent;
    use crate::agents::RandomAgent;
    use crate::components::{CardDef, CardKind, Components, DestinyDef, DestinyKind};
    use crate::game::{Game, Options, Setup};
    use crate::hooks::NoHooks;
    use crate::ids::{CardId, Color, PlayerId};
    use std::sync::Arc;

    /// A plain deck: attack cards of every value, negotiates and morphs.
    fn components() -> Arc<Components> {
        let mut cosmic: Vec<CardDef> = (1..=12)
            .map(|v| CardDef::new(format!("Attack {v:02}"), CardKind::Attack(v), 3))
            .collect();
        cosmic.push(CardDef::new("Negotiate", CardKind::Negotiate, 8));
        cosmic.push(CardDef::new("Morph", CardKind::Morph, 1));
        let destiny = (Color::ALL.iter())
            .map(|&c| DestinyDef {
                kind: DestinyKind::Color(c),
                hazard: false,
                reverse_cone: false,
                name: None,
            })
            .collect();
        Arc::new(Components {
            cosmic,
            destiny,
            ..Components::default()
        })
    }

    fn game(hooks: &NoHooks) -> Game<'_> {
        let agents: Vec<Box<dyn Agent>> = (0..4)
            .map(|s| Box::new(RandomAgent::new(s)) as Box<dyn Agent>)
            .collect();
        let options = Options {
            check_invariants: true,
            ..Options::default()
        };
        Game::new(&Setup::new(4, 3), components(), agents, hooks, options).expect("setup")
    }

    /// Where the viewer cannot see: the other players' hands and the deck.
    fn unseen(game: &Game, viewer: PlayerId) -> Vec<CardId> {
        let s = &game.state;
        (s.players.iter().enumerate())
            .filter(|&(p, _)| p != viewer.ix())
            .flat_map(|(_, pl)| pl.hand.iter().copied())
            .chain(s.piles.cosmic.draw.iter().copied())
            .collect()
    }

    #[test]
    fn a_redeal_keeps_what_the_viewer_sees_and_every_card_once() {
        let hooks = NoHooks;
        let mut g = game(&hooks);
        let me = PlayerId(0);
        let before = g.state.clone();
        g.redeal_hidden(me, 1);
        let after = &g.state;
        let mine = |s: &crate::state::GameState| -> Vec<_> {
            (s.players[0].hand.iter())
                .map(|&c| s.cards[c.0 as usize])
                .collect()
        };
        assert_eq!(mine(&before), mine(after), "my hand is mine");
        for (a, b) in before.players.iter().zip(&after.players) {
            assert_eq!(a.hand.len(), b.hand.len(), "hand sizes are public");
        }
        assert_eq!(
            before.piles.cosmic.draw.len(),
            after.piles.cosmic.draw.len()
        );
        let mut defs: Vec<u16> = before.cards.iter().map(|c| c.def).collect();
        let mut redealt: Vec<u16> = after.cards.iter().map(|c| c.def).collect();
        defs.sort_unstable();
        redealt.sort_unstable();
        assert_eq!(defs, redealt, "the same cards, each once");
        let others = |s: &crate::state::GameState| -> Vec<u16> {
            (s.players[1..].iter())
                .flat_map(|p| p.hand.iter().map(|&c| s.cards[c.0 as usize].def))
                .collect()
        };
        assert_ne!(
            others(&before),
            others(after),
            "the others' hands are redealt"
        );
    }

    #[test]
    fn a_redeal_depends_on_the_view_and_the_seed_alone() {
        let hooks = NoHooks;
        let (mut a, mut b) = (game(&hooks), game(&hooks));
        let me = PlayerId(2);
        // Another real deal of what the viewer cannot see: the unseen cards trade places.
        let hidden = unseen(&b, me);
        let infos: Vec<_> = hidden
            .iter()
            .map(|&c| b.state.cards[c.0 as usize])
            .collect();
        for (k, &c) in hidden.iter().enumerate() {
            b.state.cards[c.0 as usize] = infos[(k + 7) % infos.len()];
        }
        b.state.destiny.draw.reverse();
        assert_ne!(a.state, b.state);
        a.redeal_hidden(me, 9);
        b.redeal_hidden(me, 9);
        assert_eq!(a.state, b.state, "both real deals redeal to the same world");
        use rand::RngCore;
        assert_eq!(a.rng.next_u64(), b.rng.next_u64(), "and the same chance");
    }
}
