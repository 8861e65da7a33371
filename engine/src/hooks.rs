//! The seam between the engine and card behaviour. The engine calls `Hooks` at named windows
//! of the pipeline; the interpreter implements it. With `NoHooks` the plain game is played.

use crate::deal::{ContentTerm, TermOffer};
use crate::event::{Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::{CardId, PlanetId, PlayerId, Side};
use crate::quantity::Quantity;
use crate::state::Phase;
use serde::{Deserialize, Serialize};

/// A named point of the pipeline where content may act.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Window {
    /// The start of a phase, before its rules act.
    PhaseStart(Phase),
    /// The end of a phase, after its rules acted.
    PhaseEnd(Phase),
    /// A destiny card was drawn and the player it names is known (a wild card's choice
    /// made), before the offense's own-color choices.
    DestinyDrawn,
    /// After the defense is named in the destiny phase.
    DefenseNamed,
    /// After the gate is aimed, before the offense commits ships (launch).
    GateAimed,
    /// After both main players have invited allies, before anyone answers.
    AlliesInvited,
    /// After alliances are formed.
    AlliancesFormed,
    /// After both encounter cards are selected, before they are revealed.
    CardsSelected,
    /// After encounter cards are revealed, before totals are computed.
    CardsRevealed,
    /// After the winner of the encounter is determined.
    WinnerDetermined,
    /// After the encounter is resolved, before cards are discarded.
    EncounterResolved,
    /// After a deal is agreed, before its terms are carried out (content may still make it fail).
    DealMade,
    /// At the end of setup, after hands are dealt (tokens go on alien sheets).
    GameSetup,
    /// A deal failed, before the main players lose ships for it.
    DealFailed,
    /// A main player is about to collect compensation (the state names it).
    Compensation,
    /// A player is about to discard its hand for a new one (`GameState::renewing` names it);
    /// what it sets aside until then comes back once the new hand is drawn.
    NewHand,
    /// Duel: both plans were revealed in a duel (`contest` false) or a contest, before
    /// reinforcements (Steps of a Duel 7, Contests 3).
    PlansRevealed {
        /// Whether the fight is a contest.
        contest: bool,
    },
    /// The game is won, before it ends: `GameState::winners` names the winners, and content
    /// may join the win (`win the game` adds its player to them).
    GameWon,
    /// Ships land on a planet (`Game::land_ships`): content may replace the landing
    /// (`Hooks::redirect_landing`) and answer it once the ships are down (`Hooks::landed`).
    /// The engine calls those hooks only while this window's bit is in `Hooks::windows`;
    /// `at` is never called at it.
    Landing,
    /// Content held may replay the encounter from its planning phase: the engine keeps the
    /// state as planning begins (`GameState::replay_point`) only while this window's bit is
    /// in `Hooks::windows`; `at` is never called at it.
    ReplayPoint,
    /// A player receives rewards (`Game::defender_rewards`): the engine queues the receipt
    /// for content (`Moment::RewardsReceived`) only while this window's bit is in
    /// `Hooks::windows`; `at` is never called at it.
    Rewards,
    /// Ships are retrieved from the warp to their owner's colonies (`Game::return_ships`
    /// from the warp, the regroup's retrieval): content may send some of them elsewhere
    /// (`Hooks::redirect_retrieval`). The engine calls that hook only while this window's
    /// bit is in `Hooks::windows`; `at` is never called at it.
    Retrieval,
}

impl Window {
    /// Whether the window is one of Duel's steps (no FFG phase is under way at it).
    pub fn is_duel(self) -> bool {
        matches!(self, Window::PlansRevealed { .. })
    }

    /// How many bits `bit` numbers: every window's bit is below `1 << BITS` (the runtime keeps
    /// its own keys above them).
    pub const BITS: u32 = 37;

    /// The window's bit in a set of windows (`Hooks::windows`): a phase's start 0 to 7 and
    /// its end 8 to 15 (phases in order), then the named windows from 16.
    pub const fn bit(self) -> u64 {
        let n = match self {
            Window::PhaseStart(p) => p as u32,
            Window::PhaseEnd(p) => 8 + p as u32,
            Window::DestinyDrawn => 16,
            Window::DefenseNamed => 17,
            Window::GateAimed => 18,
            Window::AlliesInvited => 19,
            Window::AlliancesFormed => 20,
            Window::CardsSelected => 21,
            Window::CardsRevealed => 22,
            Window::WinnerDetermined => 23,
            Window::EncounterResolved => 24,
            Window::DealMade => 25,
            Window::GameSetup => 26,
            Window::DealFailed => 27,
            Window::Compensation => 28,
            Window::NewHand => 29,
            Window::PlansRevealed { contest } => 30 + contest as u32,
            Window::GameWon => 32,
            Window::Landing => 33,
            Window::ReplayPoint => 34,
            Window::Rewards => 35,
            Window::Retrieval => 36,
        };
        debug_assert!(n < Self::BITS, "a window numbered past Window::BITS");
        1 << n
    }
}

/// Something that happened between windows which content may answer; the engine passes it
/// on at the next window (it may happen where play cannot stop, e.g. inside a ship move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Moment {
    /// A player's alien power went off for too few home colonies.
    PowerLost(PlayerId),
    /// The discard pile was shuffled to form a new deck.
    DeckReshuffled,
    /// This many of a player's ships went to the warp.
    ShipsToWarp(PlayerId, u8),
    /// This many of a player's ships were removed from the game.
    ShipsRemoved(PlayerId, u8),
    /// A player retrieved this many of its ships from the warp; the second number is how
    /// many of them its own feeding text retrieved (`Game::set_feeding`).
    ShipsRetrieved(PlayerId, u8, u8),
    /// A player drew this many cards from the deck; the second number is how many of them
    /// its own feeding text drew (`Game::set_feeding`), the last how long the encounter's
    /// record of draws was then (`Encounter::drawn`: the others are the last of them).
    CardsDrawn(PlayerId, u8, u8, u16),
    /// A player (the first) took this many cards at random from another player's hand (the
    /// second); the last number is how many of them its own feeding text took.
    CardsTakenAtRandom(PlayerId, PlayerId, u8, u8),
    /// A player drew this many cards as rewards: its last gains of the encounter's record
    /// (`Encounter::gained`) while it was as long as the last number.
    RewardCardsDrawn(PlayerId, u8, u16),
    /// A player received this many rewards (ships back from the warp and cards drawn), as a
    /// defensive ally or by card text: one receipt, never merged with another (it is noted
    /// once per receipt, and keeping `merged` small keeps it inlined in the hot `note`). The
    /// last two numbers are how many of them were cards drawn and ships back from the warp.
    RewardsReceived(PlayerId, u8, u8, u8),
    /// A cosmic quake is about to discard every hand (passed on at once: the hands are still
    /// held, so a card in one may answer it).
    CosmicQuake,
    /// A player gained a foreign colony.
    ColonyGained(PlayerId),
    /// A player discarded a card from its hand (to draw a new hand, when `new_hand`).
    CardDiscarded {
        /// Who discarded it.
        player: PlayerId,
        /// The card.
        card: crate::ids::CardId,
        /// Whether it was discarded to draw a new hand.
        new_hand: bool,
    },
    /// A player played a card as a reinforcement (passed on at once: play can stop there).
    ReinforcementPlayed(PlayerId, CardId),
    /// A player completed a tech (technology variant).
    TechCompleted(PlayerId, u16),
    /// An alien sheet a player had went back to the box (it left the game).
    AlienLeft(PlayerId, u16),
    /// A player's card text (the first) sent other players' ships to the warp: the seats
    /// whose ships it sent, as a mask. Noted by content (`Game::note_ships_sent`), once per
    /// text that sent any, never merged: one sending is one moment.
    ShipsSent(PlayerId, u8),
}

impl Moment {
    /// One moment of each kind (its numbers and players aside), for hooks that work out
    /// which kinds they answer (`Hooks::moments`).
    pub const KINDS: [Moment; 16] = [
        Moment::PowerLost(PlayerId(0)),
        Moment::DeckReshuffled,
        Moment::ShipsToWarp(PlayerId(0), 0),
        Moment::ShipsRemoved(PlayerId(0), 0),
        Moment::ShipsRetrieved(PlayerId(0), 0, 0),
        Moment::CardsDrawn(PlayerId(0), 0, 0, 0),
        Moment::CardsTakenAtRandom(PlayerId(0), PlayerId(0), 0, 0),
        Moment::RewardCardsDrawn(PlayerId(0), 0, 0),
        Moment::RewardsReceived(PlayerId(0), 0, 0, 0),
        Moment::CosmicQuake,
        Moment::ColonyGained(PlayerId(0)),
        Moment::CardDiscarded {
            player: PlayerId(0),
            card: CardId(0),
            new_hand: false,
        },
        Moment::ReinforcementPlayed(PlayerId(0), CardId(0)),
        Moment::TechCompleted(PlayerId(0), 0),
        Moment::AlienLeft(PlayerId(0), 0),
        Moment::ShipsSent(PlayerId(0), 0),
    ];

    /// This moment's kind as one bit (`Hooks::moments`).
    pub fn bit(&self) -> u32 {
        use Moment::*;
        1 << match self {
            PowerLost(..) => 0,
            DeckReshuffled => 1,
            ShipsToWarp(..) => 2,
            ShipsRemoved(..) => 3,
            ShipsRetrieved(..) => 4,
            CardsDrawn(..) => 5,
            CardsTakenAtRandom(..) => 6,
            RewardCardsDrawn(..) => 7,
            RewardsReceived(..) => 8,
            CosmicQuake => 9,
            ColonyGained(..) => 10,
            CardDiscarded { .. } => 11,
            ReinforcementPlayed(..) => 12,
            TechCompleted(..) => 13,
            AlienLeft(..) => 14,
            ShipsSent(..) => 15,
        }
    }

    /// This moment with `other` folded in, when both count the same thing for the same
    /// player (ships lost in two moves before a window are one loss of both).
    // Always inlined: `Game::note` knows the kind it notes, and the match folds to one case.
    #[inline(always)]
    pub fn merged(self, other: Moment) -> Option<Moment> {
        use Moment::*;
        Some(match (self, other) {
            (ShipsToWarp(p, a), ShipsToWarp(q, b)) if p == q => ShipsToWarp(p, a.saturating_add(b)),
            (ShipsRemoved(p, a), ShipsRemoved(q, b)) if p == q => {
                ShipsRemoved(p, a.saturating_add(b))
            }
            (ShipsRetrieved(p, a, f), ShipsRetrieved(q, b, g)) if p == q => {
                ShipsRetrieved(p, a.saturating_add(b), f.saturating_add(g))
            }
            (CardsDrawn(p, a, f, _), CardsDrawn(q, b, g, end)) if p == q => {
                CardsDrawn(p, a.saturating_add(b), f.saturating_add(g), end)
            }
            (CardsTakenAtRandom(p, x, a, f), CardsTakenAtRandom(q, y, b, g))
                if p == q && x == y =>
            {
                CardsTakenAtRandom(p, x, a.saturating_add(b), f.saturating_add(g))
            }
            (RewardCardsDrawn(p, a, _), RewardCardsDrawn(q, b, end)) if p == q => {
                RewardCardsDrawn(p, a.saturating_add(b), end)
            }
            _ => return None,
        })
    }
}

/// Card behaviour, called by the engine at its windows and whenever it computes a quantity
/// or sends ships to the warp.
pub trait Hooks {
    /// Lets content act at `window`.
    fn at(&self, window: Window, game: &mut Game<'_>) -> Flow {
        let _ = (window, game);
        Ok(())
    }

    /// Lets the hazard `hazard` (an index into `Components::hazards`), just drawn by `drawer`,
    /// take effect (hazard deck variant).
    fn hazard(&self, hazard: u16, drawer: PlayerId, game: &mut Game<'_>) -> Flow {
        let _ = (hazard, drawer, game);
        Ok(())
    }

    /// Lets content answer something that happened since the last window.
    fn moment(&self, moment: Moment, game: &mut Game<'_>) -> Flow {
        let _ = (moment, game);
        Ok(())
    }

    /// The kinds of moment (`Moment::bit`) content may answer now: the engine does not call
    /// `moment` with the others. Asked again whenever the holdings version changes
    /// (`Game::holdings_version`), so the answer may depend on holdings alone. A superset is
    /// harmless; the default is every kind.
    fn moments(&self, game: &Game<'_>) -> u32 {
        let _ = game;
        u32::MAX
    }

    /// The windows (`Window::bit`) at which content may act now: the engine does not call
    /// `at` at the others. Asked again whenever the holdings version changes
    /// (`Game::holdings_version`) and when content starts a lasting effect, so the answer may
    /// depend on holdings and those effects alone. A superset is harmless; the default is
    /// every window.
    fn windows(&self, game: &Game<'_>) -> u64 {
        let _ = game;
        u64::MAX
    }

    /// Whether cards of the cosmic deck's definition `def` may give abilities while in a hand
    /// or on a sheet. Moving a card for which this is false leaves the holdings stamps alone
    /// (`Game::holdings_stamp`), so hooks must not derive anything they cache under the stamps
    /// from such cards. The default: every card may.
    fn card_may_act(&self, def: u16) -> bool {
        let _ = def;
        true
    }

    /// `card_may_act` of every definition in order, if the hooks keep it as a table: a game
    /// takes it instead of asking definition by definition. The default: none kept.
    fn cards_may_act(&self) -> Option<std::sync::Arc<[bool]>> {
        None
    }

    /// The kinds of quantity (`Quantity::kind_bit`) content may change continuously now,
    /// besides its lasting modifiers (which the engine sees itself): the engine does not call
    /// `quantity` for the others. A superset is harmless; the default is every kind.
    fn changeable(&self, game: &Game<'_>) -> u32 {
        let _ = game;
        u32::MAX
    }

    /// Lets content change a quantity the rules computed as `value`.
    fn quantity(&self, q: Quantity, value: i32, game: &Game<'_>) -> i32 {
        let _ = (q, game);
        value
    }

    /// Lets content replace `count` of `player`'s ships leaving `from` for the warp (as
    /// `rule` sends them): it moves those it replaces itself (`Game::move_ships`,
    /// `Game::return_ships`...) or leaves them where they are, and returns how many it
    /// replaced; the rest go to the warp. Replacing may be announced and answered, so the
    /// game is mutable.
    fn redirect_ships(
        &self,
        player: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        let _ = (player, from, count, rule, game);
        Ok(0)
    }

    /// Lets content replace `count` of `player`'s ships landing on `planet` from `from` (as
    /// `rule` lands them): it moves those it replaces itself (home, elsewhere) or leaves them
    /// where they are, and returns how many it replaced; the rest land. Called only while
    /// `Window::Landing` is among `windows`.
    fn redirect_landing(
        &self,
        player: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        let _ = (player, from, planet, count, rule, game);
        Ok(0)
    }

    /// Lets content replace where `count` of `player`'s ships retrieved from the warp go (as
    /// `rule` retrieves them; by the rules, to its colonies): it moves those it replaces
    /// itself (to a home planet) or leaves them in the warp, and returns how many it
    /// replaced; the rest go where the rules send them. Called only while
    /// `Window::Retrieval` is among `windows`.
    fn redirect_retrieval(
        &self,
        player: PlayerId,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        let _ = (player, count, rule, game);
        Ok(0)
    }

    /// Lets content answer ships of `players` (a mask of seats) having landed on `planet`
    /// together (as `rule` landed them), at once, before anything else happens. Called only
    /// while `Window::Landing` is among `windows`.
    fn landed(&self, planet: PlanetId, players: u8, rule: Rule, game: &mut Game<'_>) -> Flow {
        let _ = (planet, players, rule, game);
        Ok(())
    }

    /// The terms content lets `side`'s main player promise in a deal now.
    fn deal_terms(&self, side: Side, game: &Game<'_>) -> Vec<TermOffer> {
        let _ = (side, game);
        Vec::new()
    }

    /// Carries out an agreed content term.
    fn carry_out_term(&self, term: &ContentTerm, game: &mut Game<'_>) -> Flow {
        let _ = (term, game);
        Ok(())
    }
}

/// No card behaviour: the plain game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {
    fn windows(&self, _: &Game<'_>) -> u64 {
        0
    }

    fn changeable(&self, _: &Game<'_>) -> u32 {
        0
    }
}
