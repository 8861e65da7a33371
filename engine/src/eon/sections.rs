//! Where the Complete Book of Cosmic Encounter (1983) writes each rule: an Eon game's events
//! cite these sections, as an FFG game's cite the combined rules (`Rule::source`).

use crate::event::Rule;

/// The Complete Book's section behind `rule`; rules the book does not have (FFG's morph,
/// reinforcements, techs) say so.
pub fn source(rule: Rule) -> &'static str {
    match rule {
        Rule::Setup => "III. Game Preparation",
        Rule::FirstPlayer => "III.7 First Player",
        Rule::StartTurn => "V. The Play",
        Rule::NewHand => "VIII.6 Getting New Cards",
        // The book has no quake: the discard pile is reshuffled as needed.
        Rule::CosmicQuake | Rule::DeckReshuffle => "III.6 The Deck",
        Rule::Regroup => "V.3 Regaining Lost Tokens",
        Rule::RegroupNoColonies => "V.3 Regaining Lost Tokens (no bases: into the cone)",
        Rule::Destiny => "V.4 Turning the Destiny Pile",
        Rule::DestinyReshuffle => "VIII.1 Destiny Pile",
        Rule::DriveOut | Rule::Reestablish => "VIII.2 Regaining a Home Base",
        Rule::Launch => "V.6-7 Gathering Tokens, Pointing the Cone",
        Rule::Alliance => "V.10-12 Alliances",
        Rule::Planning => "V.14 Playing Challenge Cards",
        Rule::OffenseOutOfCards | Rule::DefenseNewHand | Rule::NoEncounterCardLeft => {
            "VIII.6 Getting New Cards"
        }
        Rule::NoEncounterPossible => "V.4 Turning the Destiny Pile (no base left to challenge)",
        Rule::Reveal => "V.15 Revealing Challenge Cards and Kickers",
        Rule::OffenseWins => "VI.1 The Outcome: the offense wins",
        Rule::DefenseWins => "VI.1 The Outcome: the defense wins",
        Rule::DefenderRewards => "VI.1 Both Play Attack Cards (defensive allies' rewards)",
        Rule::Compensation => "VI.3 Only You Play a Compromise Card (consolation)",
        Rule::NegotiateAllies => "VI.2 Both Play Compromise Cards (allies return)",
        Rule::Deal => "VI.2 Both Play Compromise Cards (a deal)",
        Rule::FailedDeal => "VI.2 Both Play Compromise Cards (no agreement)",
        Rule::ReturnFromGate => "VI.2 Tokens remaining in the cone return to bases",
        Rule::Resolution => "VI. The Outcome",
        Rule::EncounterCleanup => "VI. The Outcome (the challenge's cards and disc discarded)",
        Rule::HomeColonies => "IX.2 Losing Your Power",
        Rule::Win => "IV.1 Object",
        Rule::TurnLimit => "Turn limit (engine safety net, not a rule)",
        Rule::CardText => "Card text",
        Rule::LucreSetup => "XVII.2 Lucre: Set Up",
        Rule::LucreIncome => "XVII.3 Getting More Lucre (V.1)",
        Rule::BuyTokens => "XVII.4 Using Lucre: tokens (V.2)",
        Rule::BuyCards => "XVII.4 Using Lucre: cards (V.8)",
        Rule::Kicker => "V.13 Playing Kicker Cards",
        Rule::CriticalMass => "XIX.2 Warp/Praw: critical mass",
        Rule::RaiseFromPraw => "XIX.2 Warp/Praw: a token raised from the praw",
        Rule::RegainBeforeFlip => "XIX.2 Warp/Praw, note 1: a token before every flip",
        Rule::ReverseCone => "XX.2 Hyper Space Cone: Reversed",
        Rule::ReversedGains => "XX.2 Reversed: winning allies' gains swap sides",
        Rule::TwoPlayerChallenge => "X. Two Player Game (no destiny flip)",
        Rule::HexesDealt => "III.1 Hexes (XVIII. Planet Hexes)",
        Rule::Morph
        | Rule::Reinforcement
        | Rule::BothMorphs
        | Rule::TechSetup
        | Rule::TechResearch
        | Rule::Hazard
        | Rule::RewardDeck
        | Rule::AcquireTech
        | Rule::HiddenPowers
        | Rule::RotatingPowers => "not in the Complete Book (an FFG rule)",
        Rule::Duel(_) => "not in the Complete Book (a Duel rule)",
    }
}
