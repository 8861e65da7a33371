//! Statements: what an ability does, and the one walk over nested blocks.

use super::{Dest, Expr, Pick, QuantityRef};
use cosmic_engine::effects::Until;
use cosmic_engine::CardType;
use serde::{Deserialize, Serialize};

/// A compiled statement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stmt {
    /// Change a quantity (a lasting modifier in a triggered ability; continuous in `during`).
    Modify {
        /// The quantity.
        quantity: QuantityRef,
        /// The change (index into `Program::codes`).
        code: u32,
        /// Names it in the log.
        source: u32,
        /// How long a triggered change lasts.
        until: Until,
        /// The bound names the statement uses, with their slots, longest first: the log shows
        /// the statement with their values.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        names: Vec<(String, u8)>,
    },
    /// What a card counts as from now on.
    SetType {
        /// The card.
        card: Expr,
        /// Its new type.
        to: CardType,
        /// Names it in the log.
        source: u32,
    },
    /// What a card counts as from now on, kind and value (`set my encounter card's kind to
    /// claim`).
    SetKind {
        /// The card.
        card: Expr,
        /// Its new kind.
        to: Expr,
        /// Names it in the log.
        source: u32,
    },
    /// Add (or with a negative amount remove) tokens on a player's sheet.
    Tokens {
        /// Whose sheet.
        player: Expr,
        /// How many.
        delta: Expr,
    },
    /// Move ships.
    Move {
        /// Whose ships and from where (`Subject` for the ships being replaced).
        ships: Expr,
        /// How many; `None` for all of them.
        count: Option<Expr>,
        /// Whether the count is a most (`up to 4 of my ships`): the owner chooses how many.
        up_to: bool,
        /// Where to.
        to: Dest,
        /// Who picks which ships (`by PLAYER`); the owner when `None`.
        chooser: Option<Expr>,
    },
    /// Move a card (the subject encounter card) into a hand.
    TakeCard {
        /// The card.
        card: Expr,
        /// Whose hand.
        to: Expr,
    },
    /// Draw cards from the deck.
    Draw(Expr, Option<u8>),
    /// Look at the top cards of the deck without drawing them: how many, the slot that gets
    /// them (top first) and the slot that gets the top one.
    LookAtTop {
        /// How many cards.
        count: Expr,
        /// The slot of the cards looked at.
        cards: u8,
        /// The slot of the top card looked at.
        top: u8,
    },
    /// Discard one card of each type held.
    DiscardEachType(Expr),

    /// The offense has its encounter with this player instead (at a planet of the
    /// offense's choice in that player's home system, or wherever it has a colony when
    /// `anywhere`).
    EncounterWith {
        /// The new defense.
        defense: Expr,
        /// Whether any of its colonies may be targeted.
        anywhere: bool,
    },
    /// The offense has its encounter at this planet instead (`move the encounter to PLANET`:
    /// the gate aimed there before the launch); the defense is the player whose home system
    /// holds it.
    EncounterAt(Expr),
    /// Trade whole hands.
    SwapHands(Expr, Expr),
    /// Shuffle two hands together; the first player takes back as many as it held.
    MixHands(Expr, Expr),
    /// Shuffle the hands of these players together; each is dealt back as many as it held.
    MixHandsOf(Expr),
    /// The cosmic deck and its discard pile trade places; the new deck is shuffled.
    SwapDeckAndDiscard,
    /// The turn order is reversed for the rest of the game.
    ReverseTurnOrder,
    /// The winning allies' gains swap sides for this encounter.
    ReverseAlliesGains,
    /// The acting player takes the ships of an unused player color into its fleet (as many
    /// as a player has; that many more on each home colony as setup places on a home planet,
    /// the rest in the warp; nothing when every color is in play or taken).
    TakeFleet,
    /// Give a card to a player: this card, or one the giver chooses from its hand.
    Give {
        /// The card (`None`: the giver chooses one from its hand).
        card: Option<Expr>,
        /// To whom (nobody: a given card of this ability's is discarded).
        to: Expr,
        /// The slot that names the card given (`as NAME`).
        named: Option<u8>,
    },
    /// Take cards of the taker's choice from a player's hand (it sees the cards offered).
    TakeChosen {
        /// How many.
        count: Expr,
        /// Whether fewer may be taken.
        up_to: bool,
        /// From whom.
        from: Expr,
    },
    /// Discard cards of the acting player's choice from its hand (of one type, if given).
    DiscardChosen {
        /// How many.
        count: Expr,
        /// The type, if only cards of one type may be discarded.
        ty: Option<CardType>,
        /// A card the discarded ones must match (same type; an attack at least as high).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        like: Option<Expr>,
        /// Whether fewer may be chosen (`up to N cards`).
        up_to: bool,
    },
    /// Discard a player's whole hand.
    DiscardHand(Expr),
    /// Discard cards at random from a player's hand.
    DiscardRandom {
        /// How many.
        count: Expr,
        /// From whom.
        from: Expr,
    },
    /// The acting player sees every card a player draws from the deck for the rest of the
    /// encounter.
    WatchDraws(Expr),
    /// The acting player shows a card of its hand to every player (it stays in the hand).
    ShowCard(Expr, Option<Expr>),
    /// The acting main player keeps its encounter card face down through the reveal.
    KeepFaceDown,
    /// Put a token of a kind (a declaration's source number) on a player for the encounter.
    GiveToken(Expr, u32),
    /// The acting player's side wins the encounter at once: the rest of the encounter is
    /// skipped and it is resolved as won.
    WinEncounter,
    /// Duel: the acting player wins the duel or contest under way outright.
    WinFight,
    /// Runs the effects of the play the ability answers again, as the acting player's: the
    /// played card's block, with what that play answered (`duplicate that play`).
    DuplicatePlay,
    /// Give cards of the acting player's choice from its hand to a player.
    GiveCards {
        /// How many.
        count: Expr,
        /// To whom.
        to: Expr,
    },
    /// Discard any number of the listed cards (those in the acting player's hand).
    DiscardAny(Expr),
    /// Discard a card or every card of a list, wherever each lies (a hand, the table).
    DiscardCards(Expr),
    /// The acting player plays a card from its hand as a reinforcement for a side.
    Reinforce {
        /// The card.
        card: Expr,
        /// The side it helps.
        side: Expr,
    },
    /// The acting player looks at a player's hand.
    LookAtHand(Expr),
    /// The acting player looks through the destiny deck and chooses the card drawn next.
    ChooseDestiny,
    /// The destiny card just drawn is discarded; the offense draws another.
    RedrawDestiny,
    /// Take cards at random from a player's hand.
    TakeRandom {
        /// How many.
        count: Expr,
        /// From whom.
        from: Expr,
    },
    /// Two players exchange alien sheets.
    SwapAliens(Expr, Expr),
    /// No alien power is lost for too few home colonies until then (`keep every alien power
    /// with too few home colonies until this hazard leaves play`).
    KeepPowers(Until),
    /// Every card played until then leaves the game once it has taken effect, where the
    /// rules would discard it or return it to the hand (`remove every card played from the
    /// game until the end of the encounter`).
    RemovePlayed(Until),
    /// The hazard named (an index in the program's sources) leaves play for the hazard
    /// discard pile, if it is in play (`discard "The Witness" from play`).
    DiscardHazard(u32),
    /// The acting player's own destiny cards, one per name, join the destiny deck, which is
    /// shuffled (`shuffle ["Invasion!", "Invasion!"] into the destiny deck`).
    ShuffleDestiny(Vec<String>),
    /// The encounter stops once the window's abilities have acted; the offense plays it
    /// again from its start, after any encounter granted meanwhile (`restart the encounter`).
    RestartEncounter,
    /// The cosmic discard pile and deck are shuffled together into a new deck (`shuffle the
    /// discard pile into the deck`).
    ShuffleDiscardIntoDeck,
    /// The encounter stops once the window's abilities have acted; everything goes back to
    /// how it stood as its planning phase began, and it is played again from there (`replay
    /// the encounter from the planning phase`).
    ReplayEncounter,
    /// The card's holder sets it aside face up, out of its hand or the encounter, until the
    /// card comes back (`set aside opponent's encounter card until the end of the encounter`).
    SetAsideFaceUp {
        /// The card.
        card: Expr,
        /// When the card goes back to its owner's hand (never, if none).
        until: Option<Until>,
    },
    /// The acting player plays cards from its hand face down as hired ships: each one more
    /// of its ships where its ships in the encounter are, until the encounter ends (`hire
    /// hires as ships`).
    Hire(Expr),
    /// Up to (or exactly) a number of the acting player's hired ships give way to its ships
    /// from the warp, one for one, their cards discarded (`replace up to 2 of my hired ships
    /// with my ships in the warp`).
    ReplaceHired {
        /// How many.
        count: Expr,
        /// Whether the player may replace fewer.
        up_to: bool,
    },
    /// Two players exchange alien sheets with everything on them (tokens, cards set on them).
    SwapSheets(Expr, Expr),
    /// Two players trade alien sheets with everything on them until the end of the
    /// encounter, then trade back.
    SwapSheetsForEncounter(Expr, Expr),
    /// The acting player gains a random unused alien's power: with `incarnation`, replacing
    /// the one it became before (`become a random unused alien`); without, held with the
    /// tech the ability is on (`gain the power of a random unused alien`).
    GainRandomAlien { incarnation: bool },
    /// A player's alien sheet goes back to the box for a random unused one.
    ReplaceAlien(Expr),
    /// The acting player's own power is zapped (off for the encounter; answers to a zap act).
    ZapOwnPower,
    /// The card the ability is on goes to the discard pile.
    DiscardThis,
    /// The encounter ends at once with an outcome.
    EndEncounter(cosmic_engine::Outcome),
    /// Discard the hand and draw a new one.
    NewHand,
    /// `replace the new hand`: the player about to draw a new hand discards its hand now
    /// and the rules draw it none (the text draws instead).
    ReplaceNewHand,
    /// Switch the two encounter cards.
    SwapEncounterCards,
    /// `place CARD beside PLANET` (face up) or `place CARD on my sheet` (face down).
    /// `place stored on this tech`: cards of the acting player's hand go face down under
    /// the tech whose text this is, apart from its sheet, until the tech is discarded.
    SetUnderTech(Expr),
    /// `receive N rewards`: the acting player takes N rewards, each a ship of its own back
    /// from the warp or a card drawn, split as it chooses (as a defensive ally's).
    Rewards(Expr),
    /// `collect compensation from PLAYER`: the acting player collects compensation from that
    /// player as if it had played a negotiate against an attack (the compensation window
    /// and quantity included).
    Compensation(Expr),
    /// `remember (guess) as eureka guess`: the acting player notes a whole number from 0 to
    /// 4095 under a name, for the rest of the encounter (`remembered eureka guess` reads it).
    Remember {
        /// The name, in content's numbering.
        key: u32,
        /// The number.
        value: Expr,
    },
    SetAside {
        /// The card.
        card: Expr,
        /// The planet, or none for the acting player's alien sheet.
        planet: Option<Expr>,
        /// When the card goes back to its owner's hand (never, if none).
        until: Option<Until>,
    },
    /// `play from my sheet for the rest of the game`: the cards on the acting player's sheet
    /// are playable as if in its hand while its power works.
    OpenSheet,
    /// `place a cannon token beside PLANET`; `place a trap token face down beside PLANET`
    /// (its face seen by its owner alone); `... face down from this sheet beside PLANET` (one
    /// of that kind the acting player keeps on its sheet, if it has one).
    PlaceToken {
        /// The kind of token (a declaration's source number).
        key: u32,
        /// The planet.
        planet: Expr,
        /// Whether it lies face down.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        face_down: bool,
        /// Whether it comes from the acting player's sheet rather than the supply.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_sheet: bool,
    },
    /// `move my tokens beside PLANET to this sheet`: the acting player's tokens beside the
    /// planet go back onto its sheet, face down.
    ReturnTokens(Expr),
    /// `reveal my tokens beside PLANET`: they are turned face up, for every player to see.
    RevealTokens(Expr),
    /// `remove my cannon tokens`: the acting player's tokens of the kind leave the planets.
    RemovePlanetTokens(u32),
    /// `place a WORDS ship on PLANET`: a ship token of that kind joins my fleet there.
    PlaceShipToken { key: u32, planet: Expr },
    /// `discard that tech`: the tech whose use this ability answers.
    DiscardSubjectTech,
    /// `destroy PLANET`: its ships go to the warp and it leaves the game.
    DestroyPlanet(Expr),
    /// `place PLANET on my sheet`: destroyed, it counts as one of my foreign colonies toward
    /// my win for the rest of the game.
    KeepPlanet(Expr),
    /// `create a planet in PLAYER's home system [as NAME]`.
    CreatePlanet { owner: Expr, named: Option<u8> },
    /// Moves a planet from its home system to the end of a player's home system, its ships
    /// sent to the warp first and what lies beside it gone (`move site to my home system`),
    /// naming it there (`as`).
    MovePlanet {
        planet: Expr,
        to: Expr,
        named: Option<u8>,
    },
    /// `give this tech to PLAYER` (a completed tech changes hands).
    GiveTech(Expr),
    /// `move CARD to the bottom of the deck`.
    ToDeckBottom(Expr),
    /// `lend my power to PLAYER`: for the rest of the encounter.
    LendPower(Expr),
    /// `force PLAYER to invite PLAYER until ...`: as a main player, the first must invite
    /// the second to ally with its side, whenever that player is not the other main player.
    ObligeInvite {
        /// Who must invite.
        who: Expr,
        /// Whom it must invite.
        whom: Expr,
        /// How long the obligation lasts.
        until: Until,
    },
    /// `force PLAYER to play CARD`: the player must select it as its encounter card.
    ObligePlay {
        /// Who must play it.
        who: Expr,
        /// The card.
        card: Expr,
    },
    /// `replace my encounter card with CARD`: the card takes the old one's place, which is
    /// discarded.
    ReplaceEncounterCard {
        /// The main player whose card is replaced.
        who: Expr,
        /// The new card.
        card: Expr,
    },
    /// A main player selects its encounter card now, face up.
    SelectFaceUp(Expr),
    /// Ally with a side now, invited or not.
    Join(Expr),
    /// The acting player's ships captured in other players' stacks are freed into its warp
    /// (`free my captured ships`).
    FreeCaptured,
    /// The acting player's ships on a planet share it whatever other players' card text
    /// says, while they stay there (`keep my ships on site`).
    Shelter(Expr),
    /// A player's ships on a planet are held hostage there until the encounter ends
    /// (`declare opponent's ships on site hostage`): no card text but the declaring
    /// player's text of the same part of the same card (a power or a flare half, its lasting
    /// effects' included) moves them off it.
    Hostage {
        /// Whose ships.
        owner: Expr,
        /// The planet.
        planet: Expr,
    },
    /// Two planets of different home systems trade places, each to the end of the other's
    /// system with the ships on it (`swap mine with theirs`).
    TradePlanets(Expr, Expr),
    /// Ally with a side now, invited or not, committing no ships, nor any later (`join
    /// offense's side as ally with no ships`).
    JoinWithoutShips(Expr),
    /// Ally with both sides now, invited or not (`join both sides as ally`): ships committed
    /// to each side the acting player is not on yet.
    JoinBoth,
    /// `draw N cards from either deck`: drawn as rewards are drawn (with the reward deck, the
    /// player says how many come from it), though they are not rewards.
    DrawEither(Expr),
    /// Cancel the use or play being answered.
    CancelSubject,
    /// Switch off the power whose use is being answered.
    PowerOffSubject(Until),
    /// Make the deal just agreed fail.
    FailDeal,
    /// `skip to the reveal with no encounter cards`: the encounter goes straight to the
    /// reveal (before the planning phase only).
    SkipToReveal,
    /// `make a deal with PLAYERS`: the acting player and these players make one deal
    /// together; the encounter's outcome then says whether it was made.
    DealAmong(Expr),
    /// Starts a lasting effect: `for the rest of the encounter { ... }`.
    Lasting {
        /// Its body (index into `Program::lasting`).
        effect: u32,
        /// When it ends.
        until: Until,
        /// Names it in the log when it starts and ends.
        source: u32,
    },
    /// Record a declaration for the encounter.
    Declare(u32),
    /// Declare a card kind to every player (`declare claim`: what the Gambler says its card is).
    DeclareKind(Expr),
    /// The offense may have another encounter.
    AnotherEncounter,
    /// The acting player has an encounter of its own against a player's home system as soon
    /// as this one ends, then play resumes.
    OutOfTurnEncounter(Expr),
    /// `have an encounter`: the acting player has an encounter of its own (destiny drawn as
    /// usual) as soon as the current one ends.
    OwnEncounter,
    /// `have an encounter with PLAYER for the game` (while the game is being won): the win is
    /// held while the acting player, not among the winners, has an encounter against that
    /// winner's home system; if its side wins it, it and its allies win the game instead.
    EncounterForGame(Expr),
    /// `invite PLAYER as ally` (once alliances are formed): as a main player, the acting
    /// player invites that player, who answers at once.
    InviteAlly(Expr),
    /// The acting player wins the game.
    Win,
    /// The acting player wins the game alone (`win the game alone`): while the game is being
    /// won, the others' win is ignored.
    WinAlone,
    /// The game ends at once with every player losing (`end the game with every player
    /// losing`): nobody wins.
    EndGame,
    /// The acting player's power goes off.
    LosePower(Until),
    /// The acting player's power comes back.
    RegainPower,
    /// `if` / `else`.
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `for each`: over players, or as many times as a number says.
    ForEach(u8, Expr, Vec<Stmt>),
    /// `let`.
    Let(u8, Expr),
    /// `choose`.
    Choose(u8, Pick),
    /// `choose one`: labelled options and what each does.
    ChooseOne(Vec<ChoiceArm>),
    /// `as PLAYER { ... }`.
    As(Expr, Vec<Stmt>),
}

/// One option of `choose one`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChoiceArm {
    /// The label's source number.
    pub label: u32,
    /// The bot hint (`prefer if ...`).
    pub prefer: Option<Expr>,
    /// What the option does.
    pub body: Vec<Stmt>,
}

kinds! {
    /// What a statement does, without its operands: one kind per `Stmt` variant.
    StmtKind { Modify, SetType, SetKind, Tokens, Move, TakeCard, Draw, DiscardEachType, EncounterWith, EncounterAt, SwapHands, MixHands, MixHandsOf, SwapDeckAndDiscard, ReverseTurnOrder, ReverseAlliesGains, TakeFleet, Give, TakeChosen, DiscardChosen, DiscardHand, DiscardRandom, WatchDraws, ShowCard, KeepFaceDown, GiveToken, WinEncounter, GiveCards, DiscardAny, DiscardCards, Reinforce, LookAtHand, ChooseDestiny, RedrawDestiny, TakeRandom, SwapAliens, KeepPowers, RemovePlayed, DiscardHazard, ShuffleDestiny, RestartEncounter, ReplayEncounter, SetAsideFaceUp, Hire, ReplaceHired, ShuffleDiscardIntoDeck, SwapSheets, SwapSheetsForEncounter, GainRandomAlien, ReplaceAlien, ZapOwnPower, DiscardThis, EndEncounter, NewHand, ReplaceNewHand, SwapEncounterCards, SetAside, OpenSheet, PlaceToken, ReturnTokens, RevealTokens, RemovePlanetTokens, PlaceShipToken, DiscardSubjectTech, DestroyPlanet, KeepPlanet, CreatePlanet, MovePlanet, GiveTech, ToDeckBottom, LendPower, ObligeInvite, ObligePlay, ReplaceEncounterCard, SelectFaceUp, Join, JoinBoth, DrawEither, FreeCaptured, Shelter, Hostage, TradePlanets, JoinWithoutShips, CancelSubject, PowerOffSubject, FailDeal, SkipToReveal, DealAmong, Lasting, Declare, DeclareKind, AnotherEncounter, OutOfTurnEncounter, OwnEncounter, EncounterForGame, InviteAlly, Win, WinAlone, EndGame, LosePower, RegainPower, If, ForEach, Let, Choose, ChooseOne, As, SetUnderTech, Rewards, Remember, Compensation, LookAtTop, WinFight, DuplicatePlay }
}

/// Whether `pred` holds of a statement of `body` or of a block nested in one (`if`'s
/// branches, `for each`'s and `as`'s bodies, `choose one`'s arms); not of the lasting effects
/// a statement starts, which the program keeps apart. The one walk of nested statements.
pub fn any_stmt(body: &[Stmt], pred: &mut impl FnMut(&Stmt) -> bool) -> bool {
    body.iter().any(|st| {
        pred(st)
            || match st {
                Stmt::If(_, then, otherwise) => any_stmt(then, pred) || any_stmt(otherwise, pred),
                Stmt::ForEach(_, _, b) | Stmt::As(_, b) => any_stmt(b, pred),
                Stmt::ChooseOne(arms) => arms.iter().any(|arm| any_stmt(&arm.body, pred)),
                _ => false,
            }
    })
}

impl Stmt {
    /// The statement's kind.
    pub fn kind(&self) -> StmtKind {
        match self {
            Stmt::Modify { .. } => StmtKind::Modify,
            Stmt::SetType { .. } => StmtKind::SetType,
            Stmt::SetKind { .. } => StmtKind::SetKind,
            Stmt::Tokens { .. } => StmtKind::Tokens,
            Stmt::Move { .. } => StmtKind::Move,
            Stmt::TakeCard { .. } => StmtKind::TakeCard,
            Stmt::Draw(..) => StmtKind::Draw,
            Stmt::DiscardEachType(..) => StmtKind::DiscardEachType,
            Stmt::EncounterWith { .. } => StmtKind::EncounterWith,
            Stmt::EncounterAt(_) => StmtKind::EncounterAt,
            Stmt::SwapHands(..) => StmtKind::SwapHands,
            Stmt::MixHands(..) => StmtKind::MixHands,
            Stmt::MixHandsOf(..) => StmtKind::MixHandsOf,
            Stmt::SwapDeckAndDiscard => StmtKind::SwapDeckAndDiscard,
            Stmt::ReverseTurnOrder => StmtKind::ReverseTurnOrder,
            Stmt::ReverseAlliesGains => StmtKind::ReverseAlliesGains,
            Stmt::TakeFleet => StmtKind::TakeFleet,
            Stmt::Give { .. } => StmtKind::Give,
            Stmt::TakeChosen { .. } => StmtKind::TakeChosen,
            Stmt::DiscardChosen { .. } => StmtKind::DiscardChosen,
            Stmt::DiscardHand(..) => StmtKind::DiscardHand,
            Stmt::DiscardRandom { .. } => StmtKind::DiscardRandom,
            Stmt::WatchDraws(..) => StmtKind::WatchDraws,
            Stmt::ShowCard(..) => StmtKind::ShowCard,
            Stmt::KeepFaceDown => StmtKind::KeepFaceDown,
            Stmt::GiveToken(..) => StmtKind::GiveToken,
            Stmt::WinEncounter => StmtKind::WinEncounter,
            Stmt::WinFight => StmtKind::WinFight,
            Stmt::GiveCards { .. } => StmtKind::GiveCards,
            Stmt::DiscardAny(..) => StmtKind::DiscardAny,
            Stmt::DiscardCards(..) => StmtKind::DiscardCards,
            Stmt::Reinforce { .. } => StmtKind::Reinforce,
            Stmt::LookAtHand(..) => StmtKind::LookAtHand,
            Stmt::ChooseDestiny => StmtKind::ChooseDestiny,
            Stmt::RedrawDestiny => StmtKind::RedrawDestiny,
            Stmt::TakeRandom { .. } => StmtKind::TakeRandom,
            Stmt::SwapAliens(..) => StmtKind::SwapAliens,
            Stmt::SwapSheets(..) => StmtKind::SwapSheets,
            Stmt::SwapSheetsForEncounter(..) => StmtKind::SwapSheetsForEncounter,
            Stmt::KeepPowers(..) => StmtKind::KeepPowers,
            Stmt::RemovePlayed(..) => StmtKind::RemovePlayed,
            Stmt::DiscardHazard(..) => StmtKind::DiscardHazard,
            Stmt::ShuffleDestiny(..) => StmtKind::ShuffleDestiny,
            Stmt::RestartEncounter => StmtKind::RestartEncounter,
            Stmt::ReplayEncounter => StmtKind::ReplayEncounter,
            Stmt::ShuffleDiscardIntoDeck => StmtKind::ShuffleDiscardIntoDeck,
            Stmt::SetAsideFaceUp { .. } => StmtKind::SetAsideFaceUp,
            Stmt::Hire(_) => StmtKind::Hire,
            Stmt::ReplaceHired { .. } => StmtKind::ReplaceHired,
            Stmt::GainRandomAlien { .. } => StmtKind::GainRandomAlien,
            Stmt::ReplaceAlien(..) => StmtKind::ReplaceAlien,
            Stmt::ZapOwnPower => StmtKind::ZapOwnPower,
            Stmt::DiscardThis => StmtKind::DiscardThis,
            Stmt::EndEncounter(..) => StmtKind::EndEncounter,
            Stmt::NewHand => StmtKind::NewHand,
            Stmt::ReplaceNewHand => StmtKind::ReplaceNewHand,
            Stmt::SwapEncounterCards => StmtKind::SwapEncounterCards,
            Stmt::SetAside { .. } => StmtKind::SetAside,
            Stmt::OpenSheet => StmtKind::OpenSheet,
            Stmt::PlaceToken { .. } => StmtKind::PlaceToken,
            Stmt::ReturnTokens(..) => StmtKind::ReturnTokens,
            Stmt::RevealTokens(..) => StmtKind::RevealTokens,
            Stmt::RemovePlanetTokens(..) => StmtKind::RemovePlanetTokens,
            Stmt::PlaceShipToken { .. } => StmtKind::PlaceShipToken,
            Stmt::DiscardSubjectTech => StmtKind::DiscardSubjectTech,
            Stmt::DestroyPlanet(..) => StmtKind::DestroyPlanet,
            Stmt::KeepPlanet(..) => StmtKind::KeepPlanet,
            Stmt::CreatePlanet { .. } => StmtKind::CreatePlanet,
            Stmt::MovePlanet { .. } => StmtKind::MovePlanet,
            Stmt::GiveTech(..) => StmtKind::GiveTech,
            Stmt::ToDeckBottom(..) => StmtKind::ToDeckBottom,
            Stmt::LendPower(..) => StmtKind::LendPower,
            Stmt::ObligeInvite { .. } => StmtKind::ObligeInvite,
            Stmt::ObligePlay { .. } => StmtKind::ObligePlay,
            Stmt::ReplaceEncounterCard { .. } => StmtKind::ReplaceEncounterCard,
            Stmt::SelectFaceUp(..) => StmtKind::SelectFaceUp,
            Stmt::Join(..) => StmtKind::Join,
            Stmt::JoinBoth => StmtKind::JoinBoth,
            Stmt::FreeCaptured => StmtKind::FreeCaptured,
            Stmt::Shelter(..) => StmtKind::Shelter,
            Stmt::Hostage { .. } => StmtKind::Hostage,
            Stmt::TradePlanets(..) => StmtKind::TradePlanets,
            Stmt::JoinWithoutShips(..) => StmtKind::JoinWithoutShips,
            Stmt::DrawEither(..) => StmtKind::DrawEither,
            Stmt::CancelSubject => StmtKind::CancelSubject,
            Stmt::PowerOffSubject(..) => StmtKind::PowerOffSubject,
            Stmt::FailDeal => StmtKind::FailDeal,
            Stmt::SkipToReveal => StmtKind::SkipToReveal,
            Stmt::DealAmong(..) => StmtKind::DealAmong,
            Stmt::Lasting { .. } => StmtKind::Lasting,
            Stmt::Declare(..) => StmtKind::Declare,
            Stmt::DeclareKind(..) => StmtKind::DeclareKind,
            Stmt::AnotherEncounter => StmtKind::AnotherEncounter,
            Stmt::OutOfTurnEncounter(..) => StmtKind::OutOfTurnEncounter,
            Stmt::EncounterForGame(..) => StmtKind::EncounterForGame,
            Stmt::InviteAlly(..) => StmtKind::InviteAlly,
            Stmt::OwnEncounter => StmtKind::OwnEncounter,
            Stmt::Win => StmtKind::Win,
            Stmt::WinAlone => StmtKind::WinAlone,
            Stmt::EndGame => StmtKind::EndGame,
            Stmt::LosePower(..) => StmtKind::LosePower,
            Stmt::RegainPower => StmtKind::RegainPower,
            Stmt::If(..) => StmtKind::If,
            Stmt::ForEach(..) => StmtKind::ForEach,
            Stmt::Let(..) => StmtKind::Let,
            Stmt::Choose(..) => StmtKind::Choose,
            Stmt::ChooseOne(..) => StmtKind::ChooseOne,
            Stmt::As(..) => StmtKind::As,
            Stmt::SetUnderTech(..) => StmtKind::SetUnderTech,
            Stmt::Rewards(..) => StmtKind::Rewards,
            Stmt::Remember { .. } => StmtKind::Remember,
            Stmt::Compensation(..) => StmtKind::Compensation,
            Stmt::LookAtTop { .. } => StmtKind::LookAtTop,
            Stmt::DuplicatePlay => StmtKind::DuplicatePlay,
        }
    }
}

impl StmtKind {
    /// Whether the statement acts on an encounter, a turn or the use it answers, none of
    /// which exists at game setup.
    pub fn needs_encounter(self) -> bool {
        use StmtKind::*;
        matches!(
            self,
            WinEncounter
                | Compensation
                | EndEncounter
                | RestartEncounter
                | ReplayEncounter
                | SwapEncounterCards
                | ReplaceEncounterCard
                | KeepFaceDown
                | Reinforce
                | ChooseDestiny
                | RedrawDestiny
                | EncounterWith
                | EncounterAt
                | Join
                | JoinBoth
                | FailDeal
                | SkipToReveal
                | DealAmong
                | AnotherEncounter
                | OutOfTurnEncounter
                | OwnEncounter
                | EncounterForGame
                | InviteAlly
                | SelectFaceUp
                | ObligePlay
                | LendPower
                | WatchDraws
                | GiveToken
                | CancelSubject
                | PowerOffSubject
                | DiscardSubjectTech
                | Win
                | WinAlone
                | EndGame
                | ZapOwnPower
                | Declare
                | DiscardThis
                | ReverseAlliesGains
                | SwapSheetsForEncounter
                | DuplicatePlay
        )
    }
}
