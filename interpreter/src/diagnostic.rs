//! Lint diagnostics: problems the compiler finds in content that parses, with a code, the
//! source span, a label and help, and a severity (errors stop a library from loading;
//! warnings do not, unless the user denies them).

use cosmic_grammar::Span;
use miette::Diagnostic;
use thiserror::Error;

/// A problem in content, found after parsing.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
pub enum Lint {
    /// Two components of the same kind share a name.
    #[error("{kind} `{name}` is defined twice in the library")]
    #[diagnostic(
        code(cosmic::lint::duplicate_name),
        help("rename one of them, or remove the copy (first defined in {first_file})")
    )]
    DuplicateName {
        /// The component kind.
        kind: String,
        /// The shared name.
        name: String,
        /// The file of the first definition.
        first_file: String,
        /// The second definition's name.
        #[label("already defined in {first_file}")]
        span: Span,
    },
    /// A component lacks a property its kind requires.
    #[error("{kind} `{name}` has no `{property}`")]
    #[diagnostic(
        code(cosmic::lint::missing_metadata),
        help("add a line such as `{example}` inside the braces")
    )]
    MissingMetadata {
        /// The component kind.
        kind: String,
        /// The component's name.
        name: String,
        /// The missing property.
        property: &'static str,
        /// An example line.
        example: &'static str,
        /// The component.
        #[label("missing `{property}`")]
        span: Span,
    },
    /// A property has a value outside its allowed set.
    #[error("`{property}` cannot be `{found}`")]
    #[diagnostic(code(cosmic::lint::bad_value), help("{help}"))]
    BadValue {
        /// The property.
        property: String,
        /// What was written.
        found: String,
        /// The allowed values, in words.
        help: String,
        /// Where.
        #[label("not allowed here")]
        span: Span,
    },
    /// A word of a closed vocabulary (a role, a phase, a window) that is not in it.
    #[error("unknown {what} `{found}`")]
    #[diagnostic(code(cosmic::lint::unknown_name), help("{help}"))]
    UnknownName {
        /// What kind of word.
        what: String,
        /// The word as written.
        found: String,
        /// A suggestion and the known words.
        help: String,
        /// Where.
        #[label("not a known {what}")]
        span: Span,
    },
    /// A definition that runs itself, directly or through another (it would never end).
    #[error("definition `{name}` uses itself")]
    #[diagnostic(
        code(cosmic::lint::recursive_define),
        help("a `do` inside a definition may only run other definitions; repeat with `for each` instead")
    )]
    RecursiveDefine {
        /// The definition's name.
        name: String,
        /// The `do` that loops back.
        #[label("runs `{name}` again while it is running")]
        span: Span,
    },
    /// An item `let` whose value uses its own name, directly or through another `let`.
    #[error("`let {name}` uses itself")]
    #[diagnostic(
        code(cosmic::lint::recursive_let),
        help("write the value without this name (a `let` cannot use itself, directly or through another `let`)")
    )]
    RecursiveLet {
        /// The name.
        name: String,
        /// The use that loops back.
        #[label("`{name}` is being defined here")]
        span: Span,
    },
    /// An ability whose roles do not exist in any of its phases.
    #[error("this ability can never act: {roles} does not exist during {phases}")]
    #[diagnostic(code(cosmic::lint::never_fires), help("allies exist from the alliance phase on and the defense from destiny on; change the roles or the phase"))]
    NeverFires {
        /// The roles, in words.
        roles: String,
        /// The phases, in words.
        phases: String,
        /// The timing clause.
        #[label("no such player at this time")]
        span: Span,
    },
    /// An optional ability that is continuous: there is no moment to ask its controller.
    #[error("an optional ability needs a moment to be asked, but `during` is continuous")]
    #[diagnostic(
        code(cosmic::lint::optional_without_moment),
        help("use `at PHASE` for a choice made once, or make it `mandatory`/`innate`")
    )]
    OptionalWithoutMoment {
        /// The `during` clause.
        #[label("continuous")]
        span: Span,
    },
    /// A component kind the library does not know.
    #[error("unknown kind of component `{found}`")]
    #[diagnostic(code(cosmic::lint::unknown_kind), help("{help}"))]
    UnknownKind {
        /// The kind as written.
        found: String,
        /// Known kinds, and a suggestion.
        help: String,
        /// Where.
        #[label("not a known kind")]
        span: Span,
    },
    /// A property the interpreter does not know: most likely a misspelling, and ignored.
    #[error("unknown property `{found}`")]
    #[diagnostic(
        code(cosmic::lint::unknown_property),
        severity(Warning),
        help("{help}")
    )]
    UnknownProperty {
        /// The property as written.
        found: String,
        /// A suggestion and the known properties.
        help: String,
        /// Where.
        #[label("ignored: not a known property")]
        span: Span,
    },
    /// A file with no component in it.
    #[error("this file defines nothing")]
    #[diagnostic(
        code(cosmic::lint::empty_file),
        severity(Warning),
        help("a content file holds one or more components, e.g. `alien \"Name\" {{ ... }}`; see docs/language.md")
    )]
    EmptyFile {
        /// The start of the file.
        #[label("no component here")]
        span: Span,
    },
    /// A reference to something that does not exist yet in any phase the ability acts in.
    #[error("`{found}` does not exist yet when this ability acts")]
    #[diagnostic(
        code(cosmic::lint::not_yet_available),
        severity(Warning),
        help("{what} in the {from} phase, but this ability acts no later than {until}; act in a later phase or refer to something that exists by then")
    )]
    NotYetAvailable {
        /// The reference as written.
        found: String,
        /// What happens in the phase it appears, in words.
        what: &'static str,
        /// The phase from which it exists.
        from: &'static str,
        /// The last phase the ability acts in.
        until: &'static str,
        /// Where.
        #[label("exists from the {from} phase on")]
        span: Span,
    },
    /// A continuous ability that changes no quantity, so it never does anything.
    #[error("this {what} changes no quantity, so it does nothing")]
    #[diagnostic(
        code(cosmic::lint::changes_nothing),
        help("a {what} is read whenever the rules compute a quantity it changes: give it one (`add 2 to my side's total`), or act once {instead}")
    )]
    ChangesNothing {
        /// `` `during` ability `` or `lasting effect`.
        what: &'static str,
        /// How to act once instead.
        instead: &'static str,
        /// The ability.
        #[label("no quantity change in this block")]
        span: Span,
    },
    /// A replacement whose block never moves the ships it replaces (of ships landing: a
    /// `ReplacesNoLanding`).
    #[error("this replacement does not say where `them` go, so they still go to the warp")]
    #[diagnostic(
        code(cosmic::lint::replaces_nothing),
        severity(Warning),
        help("its block runs, and then the ships go to the warp as usual; to save them, move them: `move them to my colonies`, `move 1 of them to the target planet`, `remove them from the game`")
    )]
    ReplacesNothing {
        /// The ability.
        #[label("no `move them ...` in this block")]
        span: Span,
    },
    /// A replacement of ships landing whose block never moves the ships it replaces.
    #[error("this replacement does not say where `them` go, so they still land")]
    #[diagnostic(
        code(cosmic::lint::replaces_nothing),
        severity(Warning),
        help("its block runs, and then the ships land as usual; to keep them off the planet, move them: `move them to that player's colonies`, `move them to refuge` (another planet, where they land instead)")
    )]
    ReplacesNoLanding {
        /// The ability.
        #[label("no `move them ...` in this block")]
        span: Span,
    },
    /// A replacement of ships leaving the warp whose block never moves the ships it replaces.
    #[error("this replacement does not say where `them` go, so they still go to the colonies")]
    #[diagnostic(
        code(cosmic::lint::replaces_nothing),
        severity(Warning),
        help("its block runs, and then the ships are retrieved to their owner's colonies as usual; to send them elsewhere, move them: `move up to 2 of them to site` (a planet), `move them to the warp` (they stay there)")
    )]
    ReplacesNoRetrieval {
        /// The ability.
        #[label("no `move them ...` in this block")]
        span: Span,
    },
    /// A condition that is false in every game, so its ability never acts.
    #[error("this condition never holds, so the ability never acts")]
    #[diagnostic(
        code(cosmic::lint::never_holds),
        severity(Warning),
        help("a count is never below 0, a card has one type, and constants are the same in every game; check for a typo (`>` for `<`, `all` for `any`)")
    )]
    NeverHolds {
        /// The condition.
        #[label("false in every game")]
        span: Span,
    },
    /// A reference the vocabulary does not know.
    #[error("unknown reference `{found}`")]
    #[diagnostic(code(cosmic::lint::unknown_reference), help("{help}"))]
    UnknownReference {
        /// The reference as written.
        found: String,
        /// A suggestion and examples of what is known.
        help: String,
        /// Where.
        #[label("not in the game's vocabulary here")]
        span: Span,
    },
    /// A value of the wrong kind where another is expected.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(cosmic::lint::type_mismatch), help("{help}"))]
    TypeMismatch {
        /// What the place needs.
        expected: String,
        /// What was written.
        found: String,
        /// How to fix it.
        help: String,
        /// Where.
        #[label("this is {found}")]
        span: Span,
    },
    /// A hazard's ability that would not act as the hazard is drawn: a hazard is nobody's
    /// holding, so nothing else would run it.
    #[error("a hazard acts once, as it is drawn, for the offense who drew it")]
    #[diagnostic(
        code(cosmic::lint::hazard_timing),
        help("write its abilities `mandatory, as offense, whenever this hazard is drawn`; what lasts goes in `for the rest of the encounter {{ ... }}`")
    )]
    HazardTiming {
        /// Where.
        #[label("this ability would never act")]
        span: Span,
    },
    /// `whenever this hazard is drawn` outside a hazard: nothing else is drawn from the
    /// hazard deck.
    #[error("`this hazard is drawn` is a hazard's, but this is not a hazard")]
    #[diagnostic(code(cosmic::lint::hazard_only), help("write it in a `hazard` item"))]
    HazardOnly {
        /// Where.
        #[label("never drawn from the hazard deck")]
        span: Span,
    },
    /// Text about a tech's own card (`this tech`) outside a tech: there is no such card.
    #[error("`{found}` is about a tech's own card, but this is {item}")]
    #[diagnostic(
        code(cosmic::lint::tech_only),
        help("only a tech's text has `this tech` (cards and ships on it, giving it away); write it in a `tech` item")
    )]
    TechOnly {
        /// The statement or reference as written.
        found: String,
        /// The kind of item it is written in, with its article (`an alien`).
        item: &'static str,
        /// Where.
        #[label("no tech here")]
        span: Span,
    },
    /// `it`, `them` or `that ...` in an ability whose trigger hands it nothing of that kind:
    /// at a window there is no use to cancel, no player or ships to name.
    #[error("`{found}` names what the trigger answers, but {trigger}")]
    #[diagnostic(code(cosmic::lint::no_subject), help("{help}"))]
    NoSubject {
        /// The statement or reference as written.
        found: String,
        /// What the ability's trigger hands it instead.
        trigger: &'static str,
        /// What `found` needs.
        help: String,
        /// Where.
        #[label("nothing of this kind to name here")]
        span: Span,
    },
    /// A planet placed anywhere but on the acting player's own alien sheet.
    #[error("`{found}` places a planet where no planet can go")]
    #[diagnostic(
        code(cosmic::lint::planet_placement),
        help("a planet is placed only on the acting player's sheet: `place site on my sheet` (it leaves the game and counts as one of my foreign colonies toward my win); to take a planet out of the game without keeping it, write `destroy site`")
    )]
    PlanetPlacement {
        /// The statement as written.
        found: String,
        /// Where.
        #[label("a planet goes only on `my sheet`")]
        span: Span,
    },
    /// The cards looked at on top of the deck, named where nothing was looked at before.
    #[error("`{found}` names cards this ability has not looked at")]
    #[diagnostic(
        code(cosmic::lint::nothing_looked_at),
        help("`the looked-at card` (or `cards`) names what `look at the top card of the deck` or `look at 3 cards from the top of the deck` found earlier in the same block or a block around it; look first, then name them")
    )]
    NothingLookedAt {
        /// The reference as written.
        found: String,
        /// Where.
        #[label("nothing looked at before this")]
        span: Span,
    },
    /// A hazard discarded from play by a name no hazard among the files linted has: it
    /// would discard nothing. A warning, as the hazard may be in files linted apart.
    #[error("no hazard among the files linted is named `{found}`")]
    #[diagnostic(code(cosmic::lint::unknown_hazard), severity(Warning), help("{help}"))]
    UnknownHazard {
        /// The name as written.
        found: String,
        /// The closest name, or what to do.
        help: String,
        /// Where.
        #[label("discards nothing unless a hazard has this name")]
        span: Span,
    },
    /// A content destiny card named in quotes (`the destiny card is "Invasion!"`) that no
    /// text among the files linted shuffles into the destiny deck.
    #[error(
        "no text among the files linted shuffles a destiny card named `{found}` into the deck"
    )]
    #[diagnostic(code(cosmic::lint::unknown_destiny), severity(Warning), help("{help}"))]
    UnknownDestiny {
        /// The name as written.
        found: String,
        /// The closest name, or what to do.
        help: String,
        /// Where.
        #[label("never true unless a destiny card has this name")]
        span: Span,
    },
    /// A kind of token card text reads (`site has a trap token`, `trap tokens on this
    /// sheet`, `place a trap token face down from this sheet`) that no card text among the
    /// files linted places from the supply: it would read nothing. A warning, as the text
    /// placing it may be in files linted apart.
    #[error("no card text among the files linted places a `{found}`")]
    #[diagnostic(
        code(cosmic::lint::unplaced_token),
        severity(Warning),
        help("place one first, as it is named here: `place a {found} beside PLANET` (face down: `place a {found} face down beside PLANET`)")
    )]
    UnplacedToken {
        /// The kind as it is named.
        found: String,
        /// Where.
        #[label("reads nothing unless card text places this kind of token")]
        span: Span,
    },
    /// A card named in quotes (`it is "Cosmic Zap"`) that no card of the library is.
    #[error("no card of the library is named `{found}`")]
    #[diagnostic(code(cosmic::lint::unknown_card), help("{help}"))]
    UnknownCard {
        /// The name as written.
        found: String,
        /// The closest name, or how else to compare.
        help: String,
        /// Where.
        #[label("not a card's name")]
        span: Span,
    },
    /// A reference or timing of one edition's rules written in another edition's card.
    #[error("`{found}` is {edition}'s, but this card is not a {edition} card")]
    #[diagnostic(code(cosmic::lint::edition_only), help("{help}"))]
    EditionOnly {
        /// The reference or timing as written.
        found: String,
        /// The edition it belongs to.
        edition: &'static str,
        /// What to write instead.
        help: String,
        /// Where.
        #[label("{edition} only")]
        span: Span,
    },
    /// An attachment's rule misused: `access` on a component that is not an attachment, or
    /// an attachment's ability that is not an `effect`.
    #[error("{found} cannot act")]
    #[diagnostic(code(cosmic::lint::attachment), help("{help}"))]
    Attachment {
        /// What was written, and where.
        found: String,
        /// What to write instead.
        help: String,
        /// Where.
        #[label("not an attachment's")]
        span: Span,
    },
    /// A statement or clause the interpreter cannot run yet.
    #[error("the interpreter cannot run {what} yet")]
    #[diagnostic(code(cosmic::lint::unsupported), help("{help}"))]
    Unsupported {
        /// What it is.
        what: String,
        /// What to write instead, or where the gap is tracked.
        help: String,
        /// Where.
        #[label("not supported")]
        span: Span,
    },
}

impl Lint {
    /// Whether the lint is a warning rather than an error.
    pub fn is_warning(&self) -> bool {
        matches!(self.severity(), Some(miette::Severity::Warning))
    }
}
