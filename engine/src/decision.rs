//! The decision API: every choice a player makes is a typed request that lists its legal
//! options; an answer outside them is refused with a message and changes nothing.

use crate::deal::DealTerms;
use crate::event::{Names, Place};
use crate::ids::{CardId, DestinyId, PlanetId, PlayerId, Side};
use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What is being decided (scripts address answers by player and kind).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionKind {
    /// Where a ship retrieved from the warp goes.
    RegroupColony,
    /// Own color drawn: drive out a colony, re-establish a home colony, or draw again.
    OwnColor,
    /// Wild drawn: which player is the defense.
    WildDefense,
    /// Special drawn with a tie: which of the tied players is the defense.
    SpecialTie,
    /// Ships that re-establish a home colony.
    ReestablishShips,
    /// The planet the gate is aimed at.
    LaunchPlanet,
    /// Ships the offense puts on the gate.
    LaunchShips,
    /// Players the offense invites.
    OffenseInvites,
    /// Players the defense invites.
    DefenseInvites,
    /// An invited player joins a side or neither.
    JoinAlliance,
    /// Ships an ally commits.
    AllyShips,
    /// The encounter card a main player selects.
    EncounterCard,
    /// Play a reinforcement card or pass.
    Reinforcement,
    /// Propose deal terms or pass.
    DealProposal,
    /// Accept or reject a proposed deal.
    DealResponse,
    /// Which cards of a type a player hands over as agreed in a deal.
    DealCards,
    /// Ships with which a player establishes the colony a deal grants.
    DealColonyShips,
    /// Which ships go to the warp when a deal fails.
    FailedDealShips,
    /// A defensive ally's rewards: how many ships from the warp (the rest are cards).
    Rewards,
    /// Colonies that returning ships go to.
    ReturnShips,
    /// Whether to have a second encounter.
    SecondEncounter,
    /// Which of two dealt aliens to keep (the "Flare Cards" setup option).
    ChooseAlien,
    /// Which optional ability to use now, or pass.
    UseAbility,
    /// A choice a card's text asks for (a player, a side, a number, an option).
    CardChoice,
    /// Cards a card's text asks for (to discard, give or play).
    CardCards,
    /// Ships a card's text asks for (to move, lose or commit).
    CardShips,
    /// Cards a card's text lets a player take for itself (from a hand it looks at).
    TakeCards,
    /// Cards a card's text lets a player put to use for their value (discarded or played).
    PlayCards,
    /// Which of the techs drawn to keep face down (technology variant).
    KeepTech,
    /// At the start of regroup: research, complete or abandon a tech, or pass.
    TechAction,
    /// The colony a ship researching a tech comes from.
    ResearchShip,
    /// Duel: the number of ships the ship dial sends (secret, revealed with the other's).
    Dial,
    /// Duel: the card of the hand chosen as the plan (secret until the plans are revealed).
    Plan,
    /// Duel: the readied tactic and the half to resolve (secret until revealed).
    Tactic,
    /// Duel: turn a facedown allied envoy face up, or not.
    RevealEnvoy,
    /// Duel: play a reinforcement on either player's clout, or pass.
    Clout,
    /// Duel: which spent tactics a recover readies.
    ReadyTactics,
    /// Duel: which cards to discard down to the hand limit.
    HandLimit,
    /// Duel: the envoy whose friendship changes.
    Friendship,
    /// Duel: the allied envoy kept when a player has more than one.
    KeepEnvoy,
    /// Eon lucre: how many tokens the offense buys back from the warp.
    BuyTokens,
    /// Eon lucre: how many cards a main player buys from the deck.
    BuyCards,
    /// Eon: a kicker a main player plays face down, or pass.
    Kicker,
    /// Eon's two-player game: challenge in the opponent's system, or its base in one's own.
    ChallengeTarget,
    /// The reward deck: how many of the cards taken as rewards come from it.
    RewardDeck,
    /// The reward deck: a rift to play at the start of the encounter, or pass.
    Rift,
    /// The reward deck: whose ship from the warp a rift brings back next, or stop.
    RiftShips,
    /// The reward deck: which ships a detonating rift sends to the warp.
    RiftLosses,
    /// The reward deck: the card back a card taken at random is taken among.
    RandomBack,
}

impl DecisionKind {
    /// Every kind of decision, in the order of play (scripts and docs list them from here).
    pub const ALL: [DecisionKind; 49] = [
        DecisionKind::ChooseAlien,
        DecisionKind::KeepTech,
        DecisionKind::TechAction,
        DecisionKind::ResearchShip,
        DecisionKind::BuyTokens,
        DecisionKind::Rift,
        DecisionKind::RiftShips,
        DecisionKind::RegroupColony,
        DecisionKind::OwnColor,
        DecisionKind::ChallengeTarget,
        DecisionKind::WildDefense,
        DecisionKind::SpecialTie,
        DecisionKind::ReestablishShips,
        DecisionKind::LaunchPlanet,
        DecisionKind::LaunchShips,
        DecisionKind::OffenseInvites,
        DecisionKind::DefenseInvites,
        DecisionKind::JoinAlliance,
        DecisionKind::AllyShips,
        DecisionKind::BuyCards,
        DecisionKind::Kicker,
        DecisionKind::EncounterCard,
        DecisionKind::Reinforcement,
        DecisionKind::DealProposal,
        DecisionKind::DealResponse,
        DecisionKind::DealCards,
        DecisionKind::DealColonyShips,
        DecisionKind::FailedDealShips,
        DecisionKind::Rewards,
        DecisionKind::RewardDeck,
        DecisionKind::ReturnShips,
        DecisionKind::SecondEncounter,
        DecisionKind::UseAbility,
        DecisionKind::CardChoice,
        DecisionKind::CardCards,
        DecisionKind::CardShips,
        DecisionKind::TakeCards,
        DecisionKind::PlayCards,
        DecisionKind::RiftLosses,
        DecisionKind::RandomBack,
        DecisionKind::HandLimit,
        DecisionKind::Dial,
        DecisionKind::RevealEnvoy,
        DecisionKind::Plan,
        DecisionKind::Tactic,
        DecisionKind::ReadyTactics,
        DecisionKind::Clout,
        DecisionKind::Friendship,
        DecisionKind::KeepEnvoy,
    ];

    /// The kind's name in scripts and prompts.
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::RegroupColony => "regroup-colony",
            DecisionKind::OwnColor => "own-color",
            DecisionKind::WildDefense => "wild-defense",
            DecisionKind::SpecialTie => "special-tie",
            DecisionKind::ReestablishShips => "reestablish-ships",
            DecisionKind::LaunchPlanet => "launch-planet",
            DecisionKind::LaunchShips => "launch-ships",
            DecisionKind::OffenseInvites => "offense-invites",
            DecisionKind::DefenseInvites => "defense-invites",
            DecisionKind::JoinAlliance => "join-alliance",
            DecisionKind::AllyShips => "ally-ships",
            DecisionKind::EncounterCard => "encounter-card",
            DecisionKind::Reinforcement => "reinforcement",
            DecisionKind::DealProposal => "deal-proposal",
            DecisionKind::DealResponse => "deal-response",
            DecisionKind::DealCards => "deal-cards",
            DecisionKind::DealColonyShips => "deal-colony-ships",
            DecisionKind::FailedDealShips => "failed-deal-ships",
            DecisionKind::Rewards => "rewards",
            DecisionKind::ReturnShips => "return-ships",
            DecisionKind::SecondEncounter => "second-encounter",
            DecisionKind::ChooseAlien => "choose-alien",
            DecisionKind::TakeCards => "take-cards",
            DecisionKind::PlayCards => "play-cards",
            DecisionKind::UseAbility => "use-ability",
            DecisionKind::CardChoice => "card-choice",
            DecisionKind::CardCards => "card-cards",
            DecisionKind::CardShips => "card-ships",
            DecisionKind::KeepTech => "keep-tech",
            DecisionKind::TechAction => "tech-action",
            DecisionKind::ResearchShip => "research-ship",
            DecisionKind::Dial => "dial",
            DecisionKind::Plan => "plan",
            DecisionKind::Tactic => "tactic",
            DecisionKind::RevealEnvoy => "reveal-envoy",
            DecisionKind::Clout => "clout",
            DecisionKind::ReadyTactics => "ready-tactics",
            DecisionKind::HandLimit => "hand-limit",
            DecisionKind::Friendship => "friendship",
            DecisionKind::KeepEnvoy => "keep-envoy",
            DecisionKind::BuyTokens => "buy-tokens",
            DecisionKind::BuyCards => "buy-cards",
            DecisionKind::Kicker => "kicker",
            DecisionKind::ChallengeTarget => "challenge-target",
            DecisionKind::RewardDeck => "reward-deck",
            DecisionKind::Rift => "rift",
            DecisionKind::RiftShips => "rift-ships",
            DecisionKind::RiftLosses => "rift-losses",
            DecisionKind::RandomBack => "random-back",
        }
    }

    /// A question for a person at a terminal.
    pub fn question(self) -> &'static str {
        match self {
            DecisionKind::RegroupColony => "Where does the ship from the warp go?",
            DecisionKind::OwnColor => "You drew your own color. What do you do?",
            DecisionKind::WildDefense => "Wild destiny: whom do you encounter?",
            DecisionKind::SpecialTie => "Special destiny tie: whom do you encounter?",
            DecisionKind::ReestablishShips => "Which ships re-establish the colony?",
            DecisionKind::LaunchPlanet => "Aim the hyperspace gate at which planet?",
            DecisionKind::LaunchShips => "Which ships go onto the gate?",
            DecisionKind::OffenseInvites => "Whom do you invite to ally with the offense?",
            DecisionKind::DefenseInvites => "Whom do you invite to ally with the defense?",
            DecisionKind::JoinAlliance => "Which side do you join?",
            DecisionKind::AllyShips => "Which ships do you commit?",
            DecisionKind::EncounterCard => "Which encounter card do you play?",
            DecisionKind::Reinforcement => "Play a reinforcement?",
            DecisionKind::DealProposal => "Propose a deal?",
            DecisionKind::DealResponse => "Accept this deal?",
            DecisionKind::DealCards => "Which cards do you hand over?",
            DecisionKind::DealColonyShips => "Which ships establish your new colony?",
            DecisionKind::FailedDealShips => "Which ships go to the warp?",
            DecisionKind::Rewards => "How many ships do you take back from the warp?",
            DecisionKind::ReturnShips => "Where do your ships return?",
            DecisionKind::SecondEncounter => "Have a second encounter?",
            DecisionKind::ChooseAlien => "Which alien do you keep?",
            DecisionKind::UseAbility => "Use an ability now?",
            DecisionKind::CardChoice => "Which of these does the card text pick?",
            DecisionKind::CardCards => "Which cards?",
            DecisionKind::CardShips => "Which ships?",
            DecisionKind::TakeCards => "Which cards do you take?",
            DecisionKind::PlayCards => "Which cards do you use?",
            DecisionKind::KeepTech => "Which tech do you keep?",
            DecisionKind::TechAction => "Research, complete or abandon a tech?",
            DecisionKind::ResearchShip => "Which ship researches the tech?",
            DecisionKind::Dial => "How many ships does your dial send?",
            DecisionKind::Plan => "Which card is your plan?",
            DecisionKind::Tactic => "Which tactic, and which half?",
            DecisionKind::RevealEnvoy => "Reveal your facedown envoy?",
            DecisionKind::Clout => "Play a reinforcement on either clout?",
            DecisionKind::ReadyTactics => "Which spent tactics do you ready?",
            DecisionKind::HandLimit => "Which cards do you discard to your hand limit?",
            DecisionKind::Friendship => "With which envoy does friendship change?",
            DecisionKind::KeepEnvoy => "Which allied envoy do you keep?",
            DecisionKind::BuyTokens => "How many tokens do you buy back from the warp with lucre?",
            DecisionKind::BuyCards => "How many cards do you buy from the deck with lucre?",
            DecisionKind::Kicker => "Play a kicker face down?",
            DecisionKind::ChallengeTarget => {
                "Where do you challenge: your opponent's system, or its base in yours?"
            }
            DecisionKind::RewardDeck => "How many of your reward cards come from the reward deck?",
            DecisionKind::Rift => "Play a rift to bring ships back from the warp?",
            DecisionKind::RiftShips => "Whose ship does the rift bring back next?",
            DecisionKind::RiftLosses => "Which ships does the detonating rift send to the warp?",
            DecisionKind::RandomBack => "Take the card at random among which card backs?",
        }
    }
}

/// One listed option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    Yes,
    No,
    Pass,
    Accept,
    Reject,
    Player(PlayerId),
    Planet(PlanetId),
    Card(CardId),
    /// Play a reinforcement card on a side.
    Reinforce {
        card: CardId,
        side: Side,
    },
    /// Join the offense, the defense, or neither (`None`).
    Join(Option<Side>),
    /// Own color: encounter `player`'s colony on `planet` in your home system.
    DriveOut {
        planet: PlanetId,
        player: PlayerId,
    },
    /// Own color: re-establish a colony on this empty home planet.
    Reestablish(PlanetId),
    /// Own color: discard the card and draw again.
    DrawAgain,
    /// Defender rewards: this many ships from the warp, the rest as cards (and, with Eon's
    /// praw, this many tokens raised from the praw to the warp).
    Rewards {
        ships: u8,
        cards: u8,
        #[serde(default, skip_serializing_if = "is_zero")]
        raised: u8,
    },
    /// Eon's praw: raise a token from the praw to the warp instead of releasing one.
    RaiseFromPraw,
    /// An alien (index into the components' aliens).
    Alien(u16),
    /// Use a content ability.
    Use {
        /// The ability's source number (names it).
        source: u32,
        /// The card it is played from (a flare or an artifact), if any.
        card: Option<CardId>,
        /// The player whose use or play it would answer, if it answers one.
        answering: Option<PlayerId>,
        /// The ability (source number) of the use or play it would answer, if it answers one.
        answers: Option<u32>,
        /// The card's hint for bots (`prefer if ...`): `Some(false)` when it advises against
        /// using it now.
        advised: Option<bool>,
    },
    /// A side of the encounter.
    Side(Side),
    /// A number.
    Number(i32),
    /// A labelled option of a card's text (by its source number), with the card's hint for
    /// bots (`prefer if ...`) when it gives one.
    Option {
        /// The label's source number.
        label: u32,
        /// `Some(true)` when the hint advises this option now, `Some(false)` against.
        advised: Option<bool>,
    },
    /// A destiny card (chosen from the destiny deck by card text).
    Destiny(DestinyId),
    /// A tech card (index into the components' techs).
    Tech(u16),
    /// Put a ship from a colony on this face-down tech.
    Research(u16),
    /// Turn this tech face up and take its ships back.
    Complete(u16),
    /// Discard this tech and take its ships back.
    Abandon(u16),
    /// Draw techs instead of having a second encounter.
    AcquireTech,
    /// A card back (the cosmic or the reward deck's).
    Back(crate::piles::Back),
    /// A Duel card (a plan, a card to discard).
    DuelCard(crate::duel::DuelCardId),
    /// A Duel tactics token (by its index on its owner's side) and the half to resolve.
    Tactic {
        /// The token.
        token: u16,
        /// Which half (0 or 1).
        half: u8,
    },
    /// Play a Duel reinforcement on a player's clout.
    Clout {
        /// The reinforcement.
        card: crate::duel::DuelCardId,
        /// Whose clout it changes.
        on: PlayerId,
    },
    /// A Duel envoy (index into the components' envoys).
    Envoy(u16),
    /// A card of the game named, not held: a card definition (index into the components'
    /// cosmic cards), as card text names a card (`choose a card name`).
    CardName(u16),
}

impl Choice {
    /// The option in words.
    pub fn describe(&self, n: &Names) -> String {
        match *self {
            Choice::Yes => "yes".into(),
            Choice::No => "no".into(),
            Choice::Pass => "pass".into(),
            Choice::Accept => "accept".into(),
            Choice::Reject => "reject".into(),
            Choice::Player(p) => n.player(p).into(),
            Choice::Planet(pl) => n.planet(pl),
            Choice::Card(c) => n.card(c).into(),
            Choice::CardName(def) => n.card_name(def).into(),
            Choice::Reinforce { card, side } => format!("{} for the {side}", n.card(card)),
            Choice::Join(Some(side)) => side.to_string(),
            Choice::Join(None) => "neither".into(),
            Choice::DriveOut { planet, player } => {
                format!("drive {} off {}", n.player(player), n.planet(planet))
            }
            Choice::Reestablish(pl) => format!("re-establish {}", n.planet(pl)),
            Choice::DrawAgain => "draw again".into(),
            Choice::Rewards {
                ships,
                cards,
                raised,
            } => {
                let mut text = format!(
                    "{ships} ship{}, {cards} card{}",
                    if ships == 1 { "" } else { "s" },
                    if cards == 1 { "" } else { "s" }
                );
                if raised > 0 {
                    text.push_str(&format!(", {raised} raised from the praw"));
                }
                text
            }
            Choice::RaiseFromPraw => "raise a token from the praw".into(),
            Choice::Back(b) => match b {
                crate::piles::Back::Cosmic => "a cosmic card".into(),
                crate::piles::Back::Reward => "a reward card".into(),
            },
            Choice::Alien(a) => n.alien(a).into(),
            Choice::Use { source, .. } => format!("use {}", n.source(source)),
            Choice::Side(side) => format!("the {side}"),
            Choice::Number(k) => k.to_string(),
            Choice::Option { label, .. } => n.source(label).into(),
            Choice::Destiny(d) => n.destiny(d),
            Choice::Tech(t) => n.tech(t).into(),
            Choice::Research(t) => format!("research {}", n.tech(t)),
            Choice::Complete(t) => format!("complete {}", n.tech(t)),
            Choice::Abandon(t) => format!("abandon {}", n.tech(t)),
            Choice::AcquireTech => "acquire tech".into(),
            Choice::DuelCard(c) => n.duel_card(c),
            Choice::Tactic { token, half } => format!("tactic {} half {}", token + 1, half + 1),
            Choice::Clout { card, on } => {
                format!("{} on {}'s clout", n.duel_card(card), n.player(on))
            }
            Choice::Envoy(e) => n.envoy(e),
        }
    }
}

/// A ship selection: counts taken from (or sent to) listed places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRequest {
    /// Each place with the most ships that may be taken from (or sent to) it.
    pub places: Vec<(Place, u8)>,
    /// Fewest ships in total.
    pub min: u8,
    /// Most ships in total.
    pub max: u8,
}

impl ShipRequest {
    /// The only legal counts, when there is exactly one answer (see `Decision::forced`).
    #[inline]
    pub(crate) fn forced(&self) -> Option<Vec<u8>> {
        // One pass over the places: the ships in all, and how many places hold any.
        let (mut total, mut holding) = (0u32, 0u32);
        for &(_, n) in &self.places {
            total += n as u32;
            holding += u32::from(n > 0);
        }
        let hi = (self.max as u32).min(total);
        if hi == 0 {
            Some(vec![0; self.places.len()])
        } else if hi == self.min as u32 && holding == 1 {
            // Only one place holds ships: the count is all there is to choose.
            Some(
                self.places
                    .iter()
                    .map(|&(_, n)| if n > 0 { hi as u8 } else { 0 })
                    .collect(),
            )
        } else if self.min as u32 >= total {
            Some(self.places.iter().map(|&(_, n)| n).collect())
        } else {
            None
        }
    }
}

/// What the deciding player may put into a deal proposal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRequest {
    /// The proposer's side.
    pub side: Side,
    /// Proposal round, from 1.
    pub round: u8,
    /// Rounds in all.
    pub rounds: u8,
    /// The terms content lets either main player promise.
    #[serde(default)]
    pub terms: Vec<crate::deal::TermOffer>,
    /// A group deal's parties, a mask of seats (card text has them make one deal together:
    /// its terms are `DealTerms::gifts` and `grants`, and `side` means nothing); none for a
    /// deal between the two main players.
    #[serde(default, skip_serializing_if = "no_parties")]
    pub parties: u16,
}

impl DealRequest {
    /// The parties of a group deal, in seat order (none for the main players' deal).
    pub fn parties(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..16u8)
            .filter(|&i| self.parties & (1 << i) != 0)
            .map(PlayerId)
    }
}

fn no_parties(n: &u16) -> bool {
    *n == 0
}

/// A request: the legal answers, in one of a few shapes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Request {
    /// Pick exactly one option.
    Pick(Vec<Choice>),
    /// Pick between `min` and `max` distinct options.
    Subset {
        options: Vec<Choice>,
        min: u8,
        max: u8,
    },
    /// Pick ships.
    Ships(ShipRequest),
    /// Propose legal deal terms, or pass.
    Deal(DealRequest),
}

/// An answer to a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    /// The index of the picked option.
    Pick(usize),
    /// Indices of the picked options.
    Subset(Vec<usize>),
    /// Ship counts, one per listed place, in order.
    Ships(Vec<u8>),
    /// Terms, or `None` to pass (boxed: terms are large, and answers are moved often).
    Deal(Option<Box<DealTerms>>),
}

impl Answer {
    /// A deal answer: these terms, or a pass when `None`.
    pub fn deal(terms: Option<DealTerms>) -> Answer {
        Answer::Deal(terms.map(Box::new))
    }
}

/// A decision put to one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Who decides.
    pub player: PlayerId,
    /// What about.
    pub kind: DecisionKind,
    /// The legal answers.
    pub request: Request,
    /// The content ability whose text asks, when card text asks (its source number).
    #[serde(default)]
    pub asker: Option<u32>,
}

/// Why an answer was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The only option a pick among `options` can take, if it has just one.
#[inline]
pub(crate) fn forced_pick(options: &[Choice]) -> Option<usize> {
    (options.len() == 1).then_some(0)
}

impl Decision {
    /// The only legal answer, when there is exactly one (the engine then does not ask).
    #[inline]
    pub fn forced(&self) -> Option<Answer> {
        // Picks are most decisions: answered inline, the other shapes out of line.
        match &self.request {
            Request::Pick(o) => forced_pick(o).map(Answer::Pick),
            _ => self.forced_other(),
        }
    }

    /// `forced` for the shapes other than a pick.
    fn forced_other(&self) -> Option<Answer> {
        match &self.request {
            Request::Subset { options, min, max } => {
                if options.is_empty() || *max == 0 {
                    Some(Answer::Subset(Vec::new()))
                } else if *min as usize >= options.len() {
                    Some(Answer::Subset((0..options.len()).collect()))
                } else {
                    None
                }
            }
            Request::Ships(r) => r.forced().map(Answer::Ships),
            _ => None,
        }
    }

    /// Checks an answer against the listed options (deal terms are checked by the engine).
    #[inline]
    pub fn validate(&self, answer: &Answer) -> Result<(), Refusal> {
        // Asked of every answer, and nearly always legal: the check is cheap and inline, the
        // words of a refusal are made only for a refusal.
        if self.accepts(answer) {
            Ok(())
        } else {
            Err(self.refusal(answer))
        }
    }

    /// Whether an answer fits the listed options (deal terms aside: see `validate`).
    #[inline(always)]
    pub(crate) fn accepts(&self, answer: &Answer) -> bool {
        // Picks are most answers: checked inline, without a call; the other shapes out of
        // line.
        match (&self.request, answer) {
            (Request::Pick(o), Answer::Pick(i)) => *i < o.len(),
            _ => self.accepts_other(answer),
        }
    }

    /// `accepts` for the shapes other than a pick.
    #[inline(never)]
    fn accepts_other(&self, answer: &Answer) -> bool {
        match (&self.request, answer) {
            (Request::Subset { options, min, max }, Answer::Subset(ix)) => {
                (*min as usize..=*max as usize).contains(&ix.len())
                    && bad_pick(ix, options.len()).is_none()
            }
            (Request::Ships(r), Answer::Ships(counts)) => ships_fit(r, counts),
            (Request::Deal(_), Answer::Deal(_)) => true,
            _ => false,
        }
    }

    /// Why an answer `accepts` refuses does not fit, in words.
    #[cold]
    fn refusal(&self, answer: &Answer) -> Refusal {
        let why = match (&self.request, answer) {
            (Request::Pick(o), Answer::Pick(i)) => format!(
                "option {i} does not exist: pick 0 to {}",
                o.len().saturating_sub(1)
            ),
            (Request::Subset { options, min, max }, Answer::Subset(ix)) => {
                match bad_pick(ix, options.len()) {
                    _ if !(*min as usize..=*max as usize).contains(&ix.len()) => {
                        format!("pick between {min} and {max} options, not {}", ix.len())
                    }
                    Some(i) if i >= options.len() => format!("option {i} does not exist"),
                    Some(i) => format!("option {i} is picked twice"),
                    None => "that answer does not fit the options".into(),
                }
            }
            (Request::Ships(r), Answer::Ships(counts)) => {
                if counts.len() != r.places.len() {
                    format!("give one count per place ({} places)", r.places.len())
                } else if let Some(cap) = over_cap(r, counts) {
                    format!("at most {cap} ships from one of the places")
                } else {
                    let total = ship_total(counts);
                    format!("choose between {} and {} ships, not {total}", r.min, r.max)
                }
            }
            _ => "that answer has the wrong shape for this request".into(),
        };
        Refusal(why)
    }

    /// The question for a person: what is chosen, and which ability asks when card text
    /// asks (`Plague: which player?`).
    pub fn question(&self, names: &Names) -> String {
        let question = match (&self.kind, &self.request) {
            (DecisionKind::CardChoice, Request::Pick(o) | Request::Subset { options: o, .. }) => {
                let many = matches!(self.request, Request::Subset { .. });
                let what = match o.first() {
                    Some(Choice::Player(_)) => ["player", "players"],
                    Some(Choice::Side(_)) => ["side", "sides"],
                    Some(Choice::Number(_)) => ["number", "numbers"],
                    Some(Choice::Planet(_)) => ["planet", "planets"],
                    Some(Choice::Destiny(_)) => ["destiny card", "destiny cards"],
                    Some(Choice::Card(_)) => ["card", "cards"],
                    Some(Choice::CardName(_)) => ["card name", "card names"],
                    _ => ["option", "options"],
                };
                format!("Which {}?", what[usize::from(many)])
            }
            _ => self.kind.question().to_string(),
        };
        match self.asker {
            Some(source) => format!("{}: {question}", names.source(source)),
            None => question,
        }
    }

    /// The options in words (ship and deal requests describe their shape).
    pub fn describe_options(&self, names: &Names) -> Vec<String> {
        match &self.request {
            Request::Pick(o) | Request::Subset { options: o, .. } => {
                o.iter().map(|c| c.describe(names)).collect()
            }
            // A place offers no more than the whole selection may take.
            Request::Ships(r) => r
                .places
                .iter()
                .map(|&(pl, n)| format!("{} (up to {})", names.place(pl), n.min(r.max)))
                .collect(),
            Request::Deal(_) => vec!["terms".into(), "pass".into()],
        }
    }
}

/// The first picked index that is out of range (below `n`) or picked twice, if any.
fn bad_pick(ix: &[usize], n: usize) -> Option<usize> {
    (ix.iter().enumerate())
        .find(|&(k, i)| *i >= n || ix[..k].contains(i))
        .map(|(_, &i)| i)
}

/// The room of the first place given more ships than it has, if any.
fn over_cap(r: &ShipRequest, counts: &[u8]) -> Option<u8> {
    (r.places.iter().zip(counts))
        .find(|(&(_, cap), &n)| n > cap)
        .map(|(&(_, cap), _)| cap)
}

/// Whether a ship answer fits its request: one count per place, none over its place's
/// most, and a total in range (one pass: every ship answer is checked).
pub(crate) fn ships_fit(r: &ShipRequest, counts: &[u8]) -> bool {
    if counts.len() != r.places.len() {
        return false;
    }
    let (mut total, mut fits) = (0u32, true);
    for (&(_, cap), &n) in r.places.iter().zip(counts) {
        fits &= n <= cap;
        total += n as u32;
    }
    fits && (r.min as u32..=r.max as u32).contains(&total)
}

/// Ships in all in a ship answer.
fn ship_total(counts: &[u8]) -> u32 {
    counts.iter().map(|&n| n as u32).sum()
}

/// Shorthand used by the engine to describe a ship request.
pub(crate) fn ships(places: Vec<(Place, u8)>, min: u8, max: u8) -> Request {
    Request::Ships(ShipRequest { places, min, max })
}

/// Whether `state` lets `p` see `card` right now (its own hand or encounter card, a hand it
/// looked at, a card face up or shown to it).
pub fn visible_to(state: &GameState, p: PlayerId, card: CardId) -> bool {
    state.players[p.ix()].hand.contains(&card)
        || (state.encounter.looked[p.ix()] != 0
            && state.seats().any(|q| {
                state.encounter.looked[p.ix()] & (1 << q.0) != 0
                    && state.players[q.ix()].hand.contains(&card)
            }))
        || Side::BOTH.into_iter().any(|side| {
            state.encounter.cards[side.ix()] == Some(card) && state.sees_encounter_card(side, p)
        })
        || state
            .encounter
            .reinforcements
            .iter()
            .any(|r| r.card == card)
        || Side::BOTH.into_iter().any(|side| {
            // A kicker lies face down until the reveal; its player knows it.
            let main = match side {
                Side::Offense => Some(state.offense),
                Side::Defense => state.encounter.defense,
            };
            state.encounter.kickers[side.ix()] == Some(card)
                && (state.encounter.revealed || main == Some(p))
        })
        || state.is_discarded(card)
        || state.removed_cards.contains(&card)
        || state
            .aside
            .iter()
            .any(|a| a.card == card && (a.owner == p || a.at.is_face_up()))
        || state
            .encounter
            .seen
            .iter()
            .any(|&(viewers, c)| c == card && viewers & (1 << p.0) != 0)
}

/// Whether a count is zero (left out of the serialized form).
fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{PlanetId, PlayerId};

    fn decision(request: Request) -> Decision {
        Decision {
            player: PlayerId(0),
            kind: DecisionKind::CardChoice,
            request,
            asker: None,
        }
    }

    fn refusal(d: &Decision, a: Answer) -> String {
        d.validate(&a).map_or_else(|r| r.0, |()| "accepted".into())
    }

    #[test]
    fn subsets_are_checked_for_size_range_and_repeats() {
        let options = vec![Choice::Yes, Choice::No, Choice::Pass];
        let d = decision(Request::Subset {
            options,
            min: 1,
            max: 2,
        });
        for (answer, expected) in [
            (Answer::Subset(vec![2, 0]), "accepted"),
            (
                Answer::Subset(vec![]),
                "pick between 1 and 2 options, not 0",
            ),
            (
                Answer::Subset(vec![0, 1, 2]),
                "pick between 1 and 2 options, not 3",
            ),
            (Answer::Subset(vec![3]), "option 3 does not exist"),
            (Answer::Subset(vec![1, 1]), "option 1 is picked twice"),
            (
                Answer::Pick(0),
                "that answer has the wrong shape for this request",
            ),
        ] {
            assert_eq!(refusal(&d, answer.clone()), expected, "{answer:?}");
        }
    }

    /// Every legal answer of a small subset or ships request, by trying every answer.
    fn legal_answers(d: &Decision) -> Vec<Answer> {
        let mut out = Vec::new();
        match &d.request {
            Request::Subset { options, .. } => {
                for mask in 0u32..1 << options.len() {
                    let picked = (0..options.len()).filter(|i| mask & 1 << i != 0).collect();
                    out.push(Answer::Subset(picked));
                }
            }
            Request::Ships(r) => {
                let mut counts = vec![vec![]];
                for &(_, cap) in &r.places {
                    counts = counts
                        .into_iter()
                        .flat_map(|c: Vec<u8>| {
                            (0..=cap).map(move |n| [c.clone(), vec![n]].concat())
                        })
                        .collect();
                }
                out.extend(counts.into_iter().map(Answer::Ships));
            }
            _ => unreachable!("only subsets and ships are enumerated"),
        }
        out.retain(|a| d.validate(a).is_ok());
        out
    }

    #[test]
    fn a_decision_is_forced_exactly_when_it_has_one_legal_answer() {
        let planet = |n| {
            Place::Planet(PlanetId {
                owner: PlayerId(0),
                n,
            })
        };
        let mut requests = Vec::new();
        for len in 0..=3 {
            for min in 0..=4 {
                for max in min..=4 {
                    let options = [Choice::Yes, Choice::No, Choice::Pass][..len].to_vec();
                    requests.push(Request::Subset { options, min, max });
                }
            }
        }
        for caps in [
            vec![2],
            vec![0, 2],
            vec![2, 0, 0],
            vec![1, 2],
            vec![0, 0],
            vec![3, 1, 0],
        ] {
            for min in 0..=4 {
                for max in min..=4 {
                    let places = (caps.iter().enumerate())
                        .map(|(i, &c)| (planet(i as u8 + 1), c))
                        .collect();
                    requests.push(ships(places, min, max));
                }
            }
        }
        for request in requests {
            let d = decision(request);
            let legal = legal_answers(&d);
            if legal.is_empty() {
                continue;
            }
            match d.forced() {
                Some(a) => assert_eq!(vec![a], legal, "{:?}", d.request),
                None => assert!(legal.len() > 1, "{:?} has one legal answer", d.request),
            }
        }
    }

    #[test]
    fn ships_are_checked_per_place_and_in_total() {
        let planet = Place::Planet(PlanetId {
            owner: PlayerId(0),
            n: 1,
        });
        let d = decision(ships(vec![(planet, 2), (Place::Warp, 1)], 1, 2));
        for (counts, expected) in [
            (vec![1, 1], "accepted"),
            (vec![2, 0], "accepted"),
            (vec![1], "give one count per place (2 places)"),
            (vec![0, 2], "at most 1 ships from one of the places"),
            (vec![0, 0], "choose between 1 and 2 ships, not 0"),
            (vec![2, 1], "choose between 1 and 2 ships, not 3"),
        ] {
            assert_eq!(
                refusal(&d, Answer::Ships(counts.clone())),
                expected,
                "{counts:?}"
            );
        }
    }
}
