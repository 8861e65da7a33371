//! Rule constants of an edition and the variant switches of a game's setup.

use serde::{Deserialize, Serialize};

/// Which rule book a game follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// Fantasy Flight Games, 2008 and later (the combined rules v8.3).
    #[default]
    Ffg,
    /// Eon Products, the Complete Book of Cosmic Encounter (1983): challenges for bases,
    /// 7-card hands, compromise and consolation, lucre, edicts and kickers.
    Eon,
    /// Cosmic Encounter Duel (2020): the two-player game of duels and destiny chains.
    Duel,
}

impl Edition {
    /// The edition's name, as `--edition` and content files write it.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Ffg => "ffg",
            Edition::Eon => "eon",
            Edition::Duel => "duel",
        }
    }

    /// Reads an edition's name.
    pub fn parse(name: &str) -> Result<Edition, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "ffg" => Ok(Edition::Ffg),
            "eon" => Ok(Edition::Eon),
            "duel" => Ok(Edition::Duel),
            other => Err(format!("unknown edition `{other}`; known: ffg, eon, duel")),
        }
    }

    /// The words the edition's rule book uses for the things the engine names.
    pub fn words(self) -> &'static Words {
        match self {
            // Duel's own events carry their own words; what it shares with FFG reads as FFG.
            Edition::Ffg | Edition::Duel => &Words::FFG,
            Edition::Eon => &Words::EON,
        }
    }
}

/// What an edition's rule book calls the things both editions have: Eon's compromise is
/// FFG's negotiate, its consolation FFG's compensation, and so on. Logs speak the words of
/// the game's edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// One encounter (FFG) or challenge (Eon).
    pub encounter: &'static str,
    /// The encounter card that offers a deal.
    pub negotiate: &'static str,
    /// Cards taken from the winner by a player who lost with a negotiate.
    pub compensation: &'static str,
    /// A player's pieces (ships or tokens).
    pub ships: &'static str,
    /// A planet a player has ships on (a colony or a base).
    pub colony: &'static str,
    /// A non-encounter card played face up by its text (an artifact or an edict).
    pub artifact: &'static str,
}

impl Words {
    /// The FFG rule book's words.
    pub const FFG: Words = Words {
        encounter: "encounter",
        negotiate: "negotiate",
        compensation: "compensation",
        ships: "ships",
        colony: "colony",
        artifact: "artifact",
    };

    /// The Complete Book's words.
    pub const EON: Words = Words {
        encounter: "challenge",
        negotiate: "compromise",
        compensation: "consolation",
        ships: "tokens",
        colony: "base",
        artifact: "edict",
    };
}

/// Switches on a game's setup; each is a variant from the rule book, not a fork of the code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Variants {
    /// Four planets and 16 ships per player; 4 colonies win; power lost below 2 home colonies.
    pub four_planets: bool,
    /// The offense has at most one encounter per turn.
    pub single_encounter_turns: bool,
    /// A player may play any number of flares in an encounter (each flare still once).
    pub freewheeling_flares: bool,
    /// The technology variant: a tech deck, techs researched with ships in regroup, and a
    /// tech drawn instead of a second encounter.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tech: bool,
    /// Hidden powers: alien sheets start face down and are flipped face up to be used.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden_powers: bool,
    /// Rotating powers: the offense draws a new alien sheet at the start of its turn and
    /// keeps it or the old one.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rotating_powers: bool,
    /// Eon: lucre (four at setup, one at the start of each turn, spent on tokens and cards,
    /// added to a main player's total).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lucre: bool,
    /// Eon: the warp above the praw (Expansion Set 9): at critical mass, three tokens in the
    /// warp per player, every token there drops into the praw.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub praw: bool,
    /// Eon: the reverse cone (Expansion Set 9): a disc with the reverse-cone sticker swaps
    /// the winning allies' gains for its challenge.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reverse_cone: bool,
    /// Eon: the unique planet hexes (Expansion Set 9): one dealt to each player at random,
    /// its rules held beside the power; four bases win.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hexes: bool,
    /// The hazard deck (Cosmic Conflict): a hazard is drawn in an encounter whose destiny
    /// draws showed a hazard warning.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hazards: bool,
    /// Extremely hazardous (Cosmic Conflict): a hazard is drawn in every encounter, warning or
    /// not (the combined rules' variant summary); it plays the hazard deck.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub extremely_hazardous: bool,
    /// The reward deck (Cosmic Incursion): a second deck with its own back and discard pile,
    /// which reward takers may draw from, with kickers, rifts and crooked deals.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rewards: bool,
}

impl Variants {
    /// The variants' names, as `--variants` and saves write them.
    pub const NAMES: [&'static str; 13] = [
        "four-planets",
        "single-encounter",
        "freewheeling-flares",
        "tech",
        "hidden-powers",
        "rotating-powers",
        "lucre",
        "praw",
        "reverse-cone",
        "hexes",
        "hazards",
        "extremely-hazardous",
        "rewards",
    ];

    /// The variants an edition offers (the others are refused with it).
    pub fn of(edition: Edition) -> &'static [&'static str] {
        const FFG: [&str; 9] = [
            "four-planets",
            "single-encounter",
            "freewheeling-flares",
            "tech",
            "hidden-powers",
            "rotating-powers",
            "hazards",
            "extremely-hazardous",
            "rewards",
        ];
        const EON: [&str; 4] = ["lucre", "praw", "reverse-cone", "hexes"];
        match edition {
            Edition::Ffg => &FFG,
            Edition::Eon => &EON,
            Edition::Duel => &[],
        }
    }

    /// The names of the variants switched on, in `NAMES` order.
    pub fn names(&self) -> Vec<&'static str> {
        let on = [
            self.four_planets,
            self.single_encounter_turns,
            self.freewheeling_flares,
            self.tech,
            self.hidden_powers,
            self.rotating_powers,
            self.lucre,
            self.praw,
            self.reverse_cone,
            self.hexes,
            self.hazards,
            self.extremely_hazardous,
            self.rewards,
        ];
        Variants::NAMES
            .iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect()
    }

    /// Refuses a variant the edition does not have (FFG's tech variant in an Eon game).
    pub fn check(&self, edition: Edition) -> Result<(), String> {
        let offered = Variants::of(edition);
        match self.names().into_iter().find(|n| !offered.contains(n)) {
            Some(n) => Err(format!(
                "the {} edition has no `{n}` variant; it has: {}",
                edition.name(),
                if offered.is_empty() {
                    "none".to_string()
                } else {
                    offered.join(", ")
                }
            )),
            None => Ok(()),
        }
    }

    /// Reads a comma-separated list of variant names (`none` or empty for none).
    pub fn parse(list: &str) -> Result<Variants, String> {
        let mut v = Variants::default();
        for name in list
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty() && *n != "none")
        {
            match name {
                "four-planets" => v.four_planets = true,
                "single-encounter" => v.single_encounter_turns = true,
                "freewheeling-flares" => v.freewheeling_flares = true,
                "tech" => v.tech = true,
                "hidden-powers" => v.hidden_powers = true,
                "rotating-powers" => v.rotating_powers = true,
                "lucre" => v.lucre = true,
                "praw" => v.praw = true,
                "reverse-cone" => v.reverse_cone = true,
                "hexes" => v.hexes = true,
                "hazards" => v.hazards = true,
                // A way of playing the hazard deck: it brings the deck.
                "extremely-hazardous" => {
                    v.hazards = true;
                    v.extremely_hazardous = true;
                }
                "rewards" => v.rewards = true,
                other => {
                    return Err(format!(
                        "unknown variant `{other}`; known: {}",
                        Variants::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(v)
    }
}

/// The numbers the rules use, derived from the edition and the variants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// The edition these numbers come from.
    pub edition: Edition,
    /// Planets in each home system.
    pub planets_per_player: u8,
    /// Ships each player owns.
    pub ships_per_player: u8,
    /// Ships on each home planet at setup.
    pub ships_per_planet: u8,
    /// Cards in a new hand.
    pub hand_size: u8,
    /// Foreign colonies that win the game.
    pub colonies_to_win: u8,
    /// Fewer home colonies than this and the alien power is lost.
    pub home_colonies_for_power: u8,
    /// Most ships the offense or an ally may commit.
    pub max_committed_ships: u8,
    /// Ships each main player loses to the warp when a deal fails.
    pub failed_deal_ships: u8,
    /// Proposal rounds that stand in for the one-minute deal timer.
    pub deal_rounds: u8,
    /// Encounters per turn at most (2, or 1 with single-encounter turns).
    pub encounters_per_turn: u8,
    /// Flares in the cosmic deck for 3-5 players (more players add all dealt flares).
    pub base_flares_in_deck: u8,
    /// Whether each player may play only one flare per encounter (not with freewheeling flares).
    pub one_flare_per_encounter: bool,
    /// A game that reaches this many turns stops without a winner (a safety net for bots).
    pub turn_limit: u32,
    /// Whether the technology variant is played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tech: bool,
    /// Whether alien sheets start face down (hidden powers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_powers: bool,
    /// Whether the offense may change its alien at the start of its turn (rotating powers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rotating_powers: bool,
    /// The order in which simultaneous abilities and rounds of play go.
    #[serde(default, skip_serializing_if = "TimingOrder::is_ffg")]
    pub timing: TimingOrder,
    /// Lucre each player starts with (Eon's lucre; 0 without it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub starting_lucre: u8,
    /// Lucre the offense collects at the start of its turn (0 without lucre).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lucre_income: u8,
    /// Whether main players may play kickers before their encounter cards (Eon).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kickers: bool,
    /// Whether the warp lies above the praw (Eon): at critical mass, three tokens in the warp
    /// per player, every token there drops into the praw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub praw: bool,
    /// Whether a destiny disc with the reverse-cone sticker reverses the cone (Eon).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reverse_cone: bool,
    /// Eon's two-player game: no destiny flip; the offense challenges the opponent's system
    /// or its base at home (set by the procedure from the seats).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub two_player: bool,
    /// Whether each player is dealt a planet hex at setup (Eon's unique hexes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hexes: bool,
    /// When hazards are drawn (the hazard deck variant), if at all.
    #[serde(default, skip_serializing_if = "Hazards::is_off")]
    pub hazards: Hazards,
    /// Whether the reward deck is played (Cosmic Incursion): reward takers choose which deck
    /// each card is drawn from.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rewards: bool,
}

/// When the hazard deck is drawn from (Cosmic Conflict's hazard deck variant).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hazards {
    /// No hazard deck.
    #[default]
    Off,
    /// Once in an encounter whose destiny draws showed a hazard warning.
    OnWarning,
    /// Once in every encounter (extremely hazardous).
    EveryEncounter,
}

impl Hazards {
    /// Whether no hazard deck is played (left out of saves).
    pub fn is_off(&self) -> bool {
        *self == Hazards::Off
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The order in which players act when several may at once: an edition's timing rule.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimingOrder {
    /// The offense, the defense, then the others clockwise from the offense's left (FFG).
    #[default]
    MainPlayersFirst,
    /// The others clockwise from the offense's left, then the offense, then the defense
    /// (Eon 1983).
    OthersFirst,
}

impl TimingOrder {
    /// Whether this is FFG's order (left out of saves).
    pub fn is_ffg(&self) -> bool {
        *self == TimingOrder::MainPlayersFirst
    }
}

impl Rules {
    /// The rule numbers of `edition` with `variants` applied.
    pub fn new(edition: Edition, variants: &Variants) -> Rules {
        match edition {
            Edition::Ffg => {
                let four = variants.four_planets;
                Rules {
                    edition,
                    planets_per_player: if four { 4 } else { 5 },
                    ships_per_player: if four { 16 } else { 20 },
                    ships_per_planet: 4,
                    hand_size: 8,
                    colonies_to_win: if four { 4 } else { 5 },
                    home_colonies_for_power: if four { 2 } else { 3 },
                    max_committed_ships: 4,
                    failed_deal_ships: 3,
                    deal_rounds: 3,
                    encounters_per_turn: if variants.single_encounter_turns {
                        1
                    } else {
                        2
                    },
                    base_flares_in_deck: 10,
                    one_flare_per_encounter: !variants.freewheeling_flares,
                    turn_limit: 400,
                    tech: variants.tech,
                    hidden_powers: variants.hidden_powers,
                    rotating_powers: variants.rotating_powers,
                    timing: TimingOrder::MainPlayersFirst,
                    starting_lucre: 0,
                    lucre_income: 0,
                    // The reward deck brings kickers (Cosmic Incursion).
                    kickers: variants.rewards,
                    praw: false,
                    reverse_cone: false,
                    two_player: false,
                    hexes: false,
                    rewards: variants.rewards,
                    hazards: if variants.extremely_hazardous {
                        Hazards::EveryEncounter
                    } else if variants.hazards {
                        Hazards::OnWarning
                    } else {
                        Hazards::Off
                    },
                }
            }
            // Duel's numbers that the core reads (ships, hand size, planets to win); its
            // other rules live in its own module. No variant applies to it.
            Edition::Duel => Rules {
                edition,
                planets_per_player: 0,
                ships_per_player: crate::duel::SHIPS,
                ships_per_planet: 0,
                hand_size: crate::duel::HAND_LIMIT,
                colonies_to_win: crate::duel::PLANETS_TO_WIN as u8,
                home_colonies_for_power: 0,
                max_committed_ships: crate::duel::MAX_DIAL,
                failed_deal_ships: 0,
                deal_rounds: 0,
                encounters_per_turn: 1,
                base_flares_in_deck: 0,
                one_flare_per_encounter: true,
                // Destiny cards drawn, not turns: a safety net for bots all the same.
                turn_limit: 1000,
                tech: false,
                hidden_powers: false,
                rotating_powers: false,
                timing: TimingOrder::MainPlayersFirst,
                starting_lucre: 0,
                lucre_income: 0,
                kickers: false,
                praw: false,
                reverse_cone: false,
                two_player: false,
                hexes: false,
                hazards: Hazards::Off,
                rewards: false,
            },
            Edition::Eon => crate::eon::rules(variants),
        }
    }

    /// Whether the game is played with lucre.
    pub fn lucre(&self) -> bool {
        self.lucre_income > 0 || self.starting_lucre > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_read_by_name() {
        let v = Variants::parse("four-planets, freewheeling-flares").unwrap();
        assert!(v.four_planets && v.freewheeling_flares && !v.single_encounter_turns);
        assert!(!v.tech && Variants::parse("tech").unwrap().tech);
        let both = Variants::parse("hidden-powers,rotating-powers").unwrap();
        assert!(both.hidden_powers && both.rotating_powers && !v.hidden_powers);
        assert_eq!(Variants::parse("none").unwrap(), Variants::default());
        assert!(Variants::parse("four-planet")
            .unwrap_err()
            .contains("four-planets"));
        let rules = Rules::new(Edition::Ffg, &v);
        assert!(!rules.one_flare_per_encounter);
        assert_eq!((rules.planets_per_player, rules.colonies_to_win), (4, 4));
    }

    #[test]
    fn eon_has_its_own_numbers_timing_and_variants() {
        let plain = Rules::new(Edition::Eon, &Variants::default());
        assert_eq!((plain.hand_size, plain.colonies_to_win), (7, 5));
        assert_eq!(plain.timing, TimingOrder::OthersFirst);
        assert!(plain.kickers && !plain.lucre());
        let lucre = Variants::parse("lucre").unwrap();
        let rules = Rules::new(Edition::Eon, &lucre);
        assert_eq!((rules.starting_lucre, rules.lucre_income), (4, 1));
        assert!(lucre.check(Edition::Eon).is_ok());
        assert!(lucre
            .check(Edition::Ffg)
            .unwrap_err()
            .contains("no `lucre`"));
        let tech = Variants::parse("tech").unwrap();
        assert!(tech
            .check(Edition::Eon)
            .unwrap_err()
            .contains("it has: lucre, praw, reverse-cone, hexes"));
        assert_eq!(Edition::Eon.words().compensation, "consolation");
        assert_eq!(Edition::parse("EON"), Ok(Edition::Eon));
    }

    #[test]
    fn ffg_rules_save_as_before() {
        // Eon's fields are left out of an FFG game's saves and digests.
        let json = serde_json::to_string(&Rules::new(Edition::Ffg, &Variants::default())).unwrap();
        assert!(
            !json.contains("lucre") && !json.contains("kickers"),
            "{json}"
        );
    }
}
