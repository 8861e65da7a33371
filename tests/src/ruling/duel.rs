//! Duel positions: a ruling with `edition = "duel"` sets up a two-player Duel table (each
//! player's supply, planets, hand, plan deck and discard pile, tactics; the leader; the
//! destiny cards to play; the envoys; the reinforcement deck) and checks Duel's outcomes.
//!
//! Duel's components are mostly not confirmed, so a ruling's table holds only the cards it
//! names: the library's plans and reinforcements by their printed names, stand-ins written
//! by their number (`"Plan 10"`, `"Reinforcement +4"`: a card whose name is not known), and
//! the destiny cards, planets and tactics its position needs, described by the rules'
//! structure (a ship advantage, a prize and who takes it), never by invented card text.

use super::build::{did_you_mean, Until};
use super::error::{Errors, ScenarioError};
use super::scenario::{DestinySpec, PlayerSpec, Scenario};
use cosmic_engine::duel::{
    DestinyCardDef, DestinyCardId, DestinyDeck, DestinyEffect, DuelCard, DuelCardDef, DuelCardId,
    DuelCardKind, DuelComponents, DuelPlanet, Envoy, EnvoyDef, PlanetTileDef, PrizeDef, PrizeTaker,
    Tactic, TacticDef, TacticHalf, SHIPS,
};
use cosmic_engine::piles::Pile;
use cosmic_engine::state::GameState;
use cosmic_engine::{Color, Components, Edition, PlayerId};
use std::ops::Range;
use toml::Spanned;

/// The Duel seats: orange (the first seat) and blue.
const SEATS: [Color; 2] = cosmic_engine::duel::COLOURS;

/// Keys of a `[[player]]` an FFG table has and a Duel table does not.
const FFG_PLAYER_KEYS: &[&str] = &[
    "colonies",
    "removed",
    "power",
    "powers",
    "tokens",
    "lucre",
    "sheet",
    "sheet_open",
    "techs",
];

/// The keys a Duel `[[player]]` takes.
pub const DUEL_PLAYER_KEYS: &[&str] = &[
    "color",
    "supply",
    "planets",
    "hand",
    "deck",
    "discard",
    "tactics",
    "hand_limit",
    "alien",
];

/// A Duel player's expectations.
pub const DUEL_EXPECT_PLAYER_KEYS: &[&str] = &[
    "supply",
    "warp",
    "planets",
    "hand_size",
    "hand",
    "discard",
    "deck_size",
    "spent",
    "reads",
    "never_reads",
];

/// The Duel seat a colour names: orange or blue.
pub fn seat(e: &Errors, s: &Spanned<String>) -> Result<PlayerId, ScenarioError> {
    let c = Color::parse(s.get_ref());
    match c.and_then(|c| SEATS.iter().position(|&x| x == c)) {
        Some(i) => Ok(PlayerId(i as u8)),
        None => Err(e.hint(
            s.span(),
            format!("`{}` is not a Duel player", s.get_ref()),
            "not orange or blue",
            "Duel's two players are `orange` (the first seat) and `blue`",
        )),
    }
}

/// The Duel keys an FFG or Eon ruling must not use: the first one written, with its place.
pub fn refuse_in_ffg(scn: &Scenario, e: &Errors) -> Result<(), ScenarioError> {
    let hint = "these keys describe a Duel position: add `edition = \"duel\"`";
    for (key, set) in [
        ("clout", scn.expect.clout.is_some()),
        ("leader", scn.expect.leader.is_some()),
    ] {
        if set {
            return Err(e.hint(
                e.find_after("[expect", key),
                format!("`{key}` is a Duel expectation"),
                "Duel only",
                match key {
                    "clout" => "an FFG encounter's totals are `totals = [offense, defense]`",
                    _ => hint,
                },
            ));
        }
    }
    if scn.duel.is_some() {
        return Err(e.hint(
            e.find_after("", "[duel"),
            "`[duel]` describes a Duel position, but this ruling is not a Duel one",
            "Duel only",
            hint,
        ));
    }
    for p in &scn.player {
        let keys = [
            ("supply", p.supply.is_some()),
            ("planets", p.planets.is_some()),
            ("deck", p.deck.is_some()),
            ("discard", p.discard.is_some()),
            ("tactics", p.tactics.is_some()),
            ("hand_limit", p.hand_limit.is_some()),
        ];
        if let Some((key, _)) = keys.iter().find(|(_, set)| *set) {
            return Err(e.hint(
                e.find_within(p.color.span().start..e.end(), key),
                format!("`{key}` is a Duel player's key"),
                "Duel only",
                match *key {
                    "planets" => {
                        "an FFG player's ships are its `colonies`; or add `edition = \"duel\"`"
                            .to_string()
                    }
                    _ => hint.to_string(),
                },
            ));
        }
    }
    Ok(())
}

/// A hand card as a ruling writes it: a Duel card of the library by its printed name, or a
/// stand-in by its number.
struct Named {
    name: String,
    kind: DuelCardKind,
}

/// The Duel cards of the library: printed name and kind.
fn catalogue(program: &cosmic_interpreter::ir::Program) -> Vec<(String, DuelCardKind)> {
    use cosmic_interpreter::ir::ItemKind;
    program
        .items
        .iter()
        .filter(|i| i.edition == "duel")
        .filter_map(|i| {
            let v = i.value?;
            match i.kind {
                ItemKind::Plan => Some((i.name.clone(), DuelCardKind::Plan(v))),
                ItemKind::Reinforcement => Some((i.name.clone(), DuelCardKind::Reinforcement(v))),
                _ => None,
            }
        })
        .collect()
}

/// A card a ruling names, from the library's Duel cards or as a stand-in (`Plan 10`,
/// `Reinforcement -3`); the printed form the log uses (`Sinister "13"`) is read too.
fn named(
    e: &Errors,
    s: &Spanned<String>,
    known: &[(String, DuelCardKind)],
) -> Result<Named, ScenarioError> {
    let text = s.get_ref().trim();
    // `Sinister "13"` as the log prints it: the name, then its number in quotes.
    let (name, printed) = match text.split_once(" \"") {
        Some((n, rest)) => (n.trim(), rest.trim_end_matches('"').parse::<i16>().ok()),
        None => (text, None),
    };
    if let Some((n, kind)) = known.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        if printed.is_some_and(|v| v != kind.number()) {
            return Err(e.at(
                s.span(),
                format!(
                    "{n} is printed {}, not {}",
                    kind.number(),
                    printed.unwrap_or(0)
                ),
                "wrong number",
            ));
        }
        return Ok(Named {
            name: n.clone(),
            kind: *kind,
        });
    }
    let stand_in = |word: &str| -> Option<i16> {
        let rest = name
            .get(..word.len())?
            .eq_ignore_ascii_case(word)
            .then(|| &name[word.len()..])?;
        let v = printed
            .map(Ok)
            .unwrap_or_else(|| rest.trim().trim_start_matches('+').parse());
        v.ok()
    };
    if let Some(v) = stand_in("plan") {
        return Ok(Named {
            name: "Plan".into(),
            kind: DuelCardKind::Plan(v),
        });
    }
    if let Some(v) = stand_in("reinforcement") {
        return Ok(Named {
            name: "Reinforcement".into(),
            kind: DuelCardKind::Reinforcement(v),
        });
    }
    let help = match did_you_mean(name, known.iter().map(|(n, _)| n.as_str())) {
        Some(m) => format!("did you mean `{m}`?"),
        None => format!(
            "the Duel cards are {}; a card whose name is not known is written by its number, `Plan 10` or `Reinforcement +4`",
            known.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    Err(e.hint(
        s.span(),
        format!("`{text}` is not a Duel card"),
        "unknown card",
        help,
    ))
}

/// A tactics token as written: `"Shield 2 / Blast 1"`, one half alone (on both sides), and
/// `"spent: ..."` for a spent one.
fn tactic(e: &Errors, s: &Spanned<String>) -> Result<(TacticDef, bool), ScenarioError> {
    let text = s.get_ref().trim();
    let (spent, rest) = match text.strip_prefix("spent:") {
        Some(r) => (true, r.trim()),
        None => (false, text),
    };
    let bad = |why: String| {
        e.hint(
            s.span(),
            why,
            "not a tactics token",
            "write a token's halves as `\"Shield 2 / Blast 1\"` (one half alone, `\"Blast 4\"`, is on both sides), `\"spent: Blast 4\"` for a spent token; the halves are Blast, Shield and Recover with a number",
        )
    };
    let half = |h: &str| -> Result<TacticHalf, ScenarioError> {
        let (word, n) = h
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| bad(format!("`{h}` is not a tactic's half")))?;
        let n: u8 = n
            .parse()
            .map_err(|_| bad(format!("`{n}` is not a number")))?;
        match word.to_ascii_lowercase().as_str() {
            "blast" => Ok(TacticHalf::Blast(n)),
            "shield" => Ok(TacticHalf::Shield(n)),
            "recover" if (1..=2).contains(&n) => Ok(TacticHalf::Recover(n)),
            "recover" => Err(bad(format!(
                "Recover {n}: the rules know Recover 1 and Recover 2"
            ))),
            other => Err(bad(
                match did_you_mean(other, ["blast", "shield", "recover"]) {
                    Some(m) => format!("`{other}` is not a tactic (did you mean `{m}`?)"),
                    None => format!("`{other}` is not a tactic"),
                },
            )),
        }
    };
    let halves = match rest.split_once('/') {
        Some((a, b)) => [half(a)?, half(b)?],
        None => {
            let h = half(rest)?;
            [h, h]
        }
    };
    Ok((TacticDef { halves }, spent))
}

fn deck_named(e: &Errors, s: &Spanned<String>) -> Result<DestinyDeck, ScenarioError> {
    let w = s.get_ref().trim().to_ascii_lowercase();
    DestinyDeck::ALL
        .into_iter()
        .find(|d| d.name() == w)
        .ok_or_else(|| {
            e.hint(
                s.span(),
                format!("`{}` is not a destiny deck", s.get_ref()),
                "unknown deck",
                match did_you_mean(&w, DestinyDeck::ALL.map(|d| d.name())) {
                    Some(m) => format!("did you mean `{m}`?"),
                    None => "the destiny decks are discovery, event and refresh".into(),
                },
            )
        })
}

/// The title of a destiny card a ruling does not name: `a discovery card`, `an event card`.
fn stand_in_title(deck: DestinyDeck) -> String {
    let article = if deck.name().starts_with('e') {
        "an"
    } else {
        "a"
    };
    format!("{article} {} card", deck.name())
}

/// A destiny card of the position.
fn destiny_card(e: &Errors, d: &Spanned<DestinySpec>) -> Result<DestinyCardDef, ScenarioError> {
    let spec = d.get_ref();
    let deck = deck_named(e, &spec.deck)?;
    let next = match &spec.next {
        Some(n) => deck_named(e, n)?,
        None => deck,
    };
    let effect = match (&spec.advantage, spec.contest) {
        (Some(a), true) => {
            return Err(e.hint(
                a.span(),
                "a destiny card here holds either a duel (`advantage`) or a contest, not both",
                "two fights",
                "remove `advantage` for a contest, or `contest = true` for a duel",
            ))
        }
        (Some(a), false) => {
            let prize = spec.prize.as_ref().ok_or_else(|| {
                e.hint(
                    d.span(),
                    "a duel's card names its prize",
                    "no prize",
                    "add `prize = \"Unsupervised Prize\", to = \"loser\"` (who resolves it: `winner` or `loser`)",
                )
            })?;
            let to = match spec.to.as_ref().map(|t| (t.get_ref().as_str(), t.span())) {
                Some(("winner", _)) => PrizeTaker::Winner,
                Some(("loser", _)) => PrizeTaker::Loser,
                Some((other, span)) => {
                    return Err(e.hint(
                        span,
                        format!("`{other}` cannot resolve a prize"),
                        "not winner or loser",
                        "a prize goes to the duel's `winner` or `loser`",
                    ))
                }
                None => {
                    return Err(e.hint(
                        prize.span(),
                        "the card does not say who resolves its prize",
                        "to whom?",
                        "add `to = \"loser\"` or `to = \"winner\"`",
                    ))
                }
            };
            DestinyEffect::DiscoverAndDuel {
                advantage: *a.get_ref(),
                prize: PrizeDef {
                    name: prize.get_ref().clone(),
                    to,
                },
            }
        }
        (None, true) => DestinyEffect::Contest,
        (None, false) => {
            if let Some(p) = spec.prize.as_ref().or(spec.to.as_ref()) {
                return Err(e.hint(
                    p.span(),
                    "a prize belongs to a duel, and this card holds none",
                    "no duel",
                    "add the duel's ship advantage, `advantage = 8`",
                ));
            }
            DestinyEffect::Text
        }
    };
    Ok(DestinyCardDef {
        name: spec.name.clone().unwrap_or_else(|| stand_in_title(deck)),
        deck,
        next,
        effect,
    })
}

/// Refuses the keys of an FFG table in a Duel ruling, each at its place.
fn refuse_ffg_keys(scn: &Scenario, e: &Errors) -> Result<(), ScenarioError> {
    let top = [
        ("offense", scn.offense.as_ref().map(|s| s.span())),
        (
            "encounter",
            scn.encounter
                .as_ref()
                .map(|_| e.find_after("", "[encounter")),
        ),
    ];
    for (key, span) in top {
        if let Some(span) = span {
            return Err(e.hint(
                span,
                format!("`{key}` is an FFG key: a Duel position has no {key}"),
                "not in Duel",
                "a Duel position is `[duel]` (leader, destiny, planets, envoys, reinforcements) and each `[[player]]`'s supply, planets, hand, deck, discard and tactics (docs/rulings.md)",
            ));
        }
    }
    let d = &scn.deck;
    if !(d.cosmic.is_empty()
        && d.destiny.is_empty()
        && d.tech.is_empty()
        && d.destiny_only.is_none()
        && d.aliens.is_empty()
        && !d.empty
        && !d.no_encounter_cards)
    {
        return Err(e.hint(
            e.find_after("", "[deck"),
            "`[deck]` is the FFG decks: a Duel position's destiny cards are `[duel] destiny`",
            "not in Duel",
            "write the destiny cards as `[[duel.destiny]]` tables, and each player's plan deck as its `deck`",
        ));
    }
    for p in &scn.player {
        let set = [
            p.colonies.is_some(),
            p.removed > 0,
            p.power.is_some(),
            !p.powers.is_empty(),
            p.tokens.is_some(),
            p.lucre.is_some(),
            p.sheet.is_some(),
            p.sheet_open,
            p.techs.is_some(),
        ];
        if let Some(i) = set.iter().position(|&s| s) {
            let key = FFG_PLAYER_KEYS[i];
            let help = match key {
                "colonies" => "a Duel player's ships are its `supply` and its `planets` (`planets = { \"Planet 1\" = 2 }`)".to_string(),
                _ => format!("a Duel player's keys are {}", DUEL_PLAYER_KEYS.join(", ")),
            };
            return Err(e.hint(
                e.find_within(p.color.span().start..e.end(), key),
                format!("`{key}` is an FFG player's key, not a Duel one"),
                "not in Duel",
                help,
            ));
        }
    }
    let x = &scn.expect;
    let ffg = [
        ("outcome", x.outcome.is_some()),
        ("outcomes", x.outcomes.is_some()),
        ("totals", x.totals.is_some()),
        ("deck_size", x.deck_size.is_some()),
        ("discard_size", x.discard_size.is_some()),
        ("destiny_size", x.destiny_size.is_some()),
        ("destiny_discard_size", x.destiny_discard_size.is_some()),
    ];
    if let Some((key, _)) = ffg.iter().find(|(_, s)| *s) {
        return Err(e.hint(
            e.find_after("[expect", key),
            format!("`{key}` is an FFG expectation, not a Duel one"),
            "not in Duel",
            match *key {
                "outcome" | "outcomes" => "a fight's winner is in the log: `events = [\"Blue wins\"]`",
                "totals" => "did you mean `clout = [orange, blue]`?",
                _ => "a Duel ruling checks `winners`, `clout`, `leader`, the log, and each player's supply, warp, planets, hand, discard, deck_size and spent tactics",
            },
        ));
    }
    Ok(())
}

/// Builds the Duel game of a scenario once its script is ready.
pub fn build(
    scn: &Scenario,
    e: &Errors,
    library: &cosmic_cards::Library,
    agents: Vec<Box<dyn cosmic_engine::Agent>>,
    hooks: &'static dyn cosmic_engine::Hooks,
) -> Result<(cosmic_engine::Game<'static>, Until), ScenarioError> {
    refuse_ffg_keys(scn, e)?;
    if let Some(p) = &scn.players {
        if *p.get_ref() != 2 {
            return Err(e.at(p.span(), "Duel seats exactly 2 players", "not 2"));
        }
    }
    let until = match scn.until.as_ref().map(|u| (u.get_ref().as_str(), u.span())) {
        None | Some(("destiny", _)) => Until::Destiny,
        Some(("game", _)) => Until::Game,
        Some((other, span)) => {
            return Err(e.hint(
                span,
                format!("`{other}` is not how far a Duel ruling can play"),
                "unknown",
                match did_you_mean(other, ["destiny", "game"]) {
                    Some(m) => format!("did you mean `{m}`?"),
                    None => "use `destiny` (default: every destiny card of `[duel] destiny`, one after the other) or `game` (until someone wins)".into(),
                },
            ))
        }
    };
    let default = super::scenario::DuelSpec::default();
    let spec = scn.duel.as_ref().unwrap_or(&default);
    let duel_span = e.find_after("", "[duel");
    if let Some(step) = &spec.step {
        if step.get_ref() != "destiny" {
            return Err(e.hint(
                step.span(),
                format!("`{}` is not a step a Duel ruling starts at", step.get_ref()),
                "unknown step",
                "a Duel ruling starts at `destiny`: before the next destiny card (its win check and hand limit first); a duel is played from its destiny card",
            ));
        }
    }
    if spec.destiny.is_empty() {
        return Err(e.hint(
            duel_span.clone(),
            "a Duel ruling plays destiny cards, and this one names none",
            "no destiny card",
            "add one, e.g. `[[duel.destiny]]` with `name = \"Vacant Shipyard\"`, `deck = \"discovery\"`, `advantage = 8`, `prize = \"Unsupervised Prize\"`, `to = \"loser\"`",
        ));
    }
    let known = catalogue(&library.program);

    // Every player's named cards, by seat: hand, deck (top first), discard (bottom first).
    let mut comps = DuelComponents::default();
    let mut cards: Vec<DuelCard> = Vec::new();
    let mut place = |seat: usize, n: Named, comps: &mut DuelComponents| -> DuelCardId {
        let id = DuelCardId(cards.len() as u16);
        let def = DuelCardDef {
            name: n.name,
            kind: n.kind,
            count: 1,
        };
        let (def, origin) = match n.kind {
            DuelCardKind::Plan(_) => {
                comps.plans[seat].push(def);
                (comps.plans[seat].len() - 1, Some(PlayerId(seat as u8)))
            }
            DuelCardKind::Reinforcement(_) => {
                comps.reinforcements.push(def);
                (comps.reinforcements.len() - 1, None)
            }
        };
        cards.push(DuelCard {
            kind: n.kind,
            def: def as u16,
            origin,
        });
        id
    };
    struct Side {
        hand: Vec<DuelCardId>,
        deck: Vec<DuelCardId>,
        discard: Vec<DuelCardId>,
        tactics: Vec<Tactic>,
        supply: u8,
        on: Vec<(usize, u8)>,
        hand_limit: u8,
    }
    let mut sides: [Option<&PlayerSpec>; 2] = [None, None];
    for p in &scn.player {
        let s = seat(e, &p.color)?;
        if sides[s.ix()].is_some() {
            return Err(e.at(p.color.span(), "this player is described twice", "again"));
        }
        sides[s.ix()] = Some(p);
    }
    // The planets revealed, by name.
    let mut tiles: Vec<PlanetTileDef> = Vec::new();
    for name in &spec.planets {
        if tiles.iter().any(|t| t.name == *name.get_ref()) {
            return Err(e.at(name.span(), "this planet is named twice", "again"));
        }
        tiles.push(PlanetTileDef {
            name: name.get_ref().clone(),
            symbol: String::new(),
        });
    }
    let revealed = tiles.len();
    let mut built: Vec<Side> = Vec::new();
    for (i, spec) in sides.iter().enumerate() {
        let mut side = Side {
            hand: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            tactics: Vec::new(),
            supply: cosmic_engine::duel::SHIPS - cosmic_engine::duel::SHIPS_IN_WARP,
            on: Vec::new(),
            hand_limit: cosmic_engine::duel::HAND_LIMIT,
        };
        if let Some(p) = spec {
            for (list, out) in [
                (&p.hand, &mut side.hand),
                (&p.deck, &mut side.deck),
                (&p.discard, &mut side.discard),
            ] {
                for c in list.iter().flatten() {
                    let n = named(e, c, &known)?;
                    out.push(place(i, n, &mut comps));
                }
            }
            for t in p.tactics.iter().flatten() {
                let (def, spent) = tactic(e, t)?;
                comps.tactics[i].push(def);
                side.tactics.push(Tactic {
                    def: comps.tactics[i].len() as u16 - 1,
                    spent,
                });
            }
            if let Some(s) = &p.supply {
                side.supply = *s.get_ref();
            }
            if let Some(l) = &p.hand_limit {
                side.hand_limit = *l.get_ref();
            }
            if let Some(planets) = &p.planets {
                for (name, &n) in planets.get_ref() {
                    let Some(t) = tiles.iter().position(|t| t.name == *name) else {
                        let span = e.find_within(planets.span(), name);
                        return Err(e.hint(
                            span,
                            format!("`{name}` is not a revealed planet"),
                            "unknown planet",
                            match did_you_mean(name, tiles.iter().map(|t| t.name.as_str())) {
                                Some(m) => format!("did you mean `{m}`?"),
                                None => "name the planets already revealed in `[duel] planets = [\"Planet 1\", ...]`, in the order they were discovered".into(),
                            },
                        ));
                    };
                    side.on.push((t, n));
                }
            }
            let total = side.supply as u32 + side.on.iter().map(|&(_, n)| n as u32).sum::<u32>();
            if total > SHIPS as u32 {
                let span = p.supply.as_ref().map_or(p.color.span(), |s| s.span());
                return Err(e.hint(
                    span,
                    format!("{total} ships in the supply and on planets: a player has {SHIPS}"),
                    "too many ships",
                    "the ships not in the supply or on a planet are in the Warp",
                ));
            }
        }
        built.push(side);
    }
    let mut reinforcement_deck = Vec::new();
    for c in &spec.reinforcements {
        let n = named(e, c, &known)?;
        if !matches!(n.kind, DuelCardKind::Reinforcement(_)) {
            return Err(e.at(
                c.span(),
                format!("{} is a plan, not a reinforcement", c.get_ref()),
                "not a reinforcement",
            ));
        }
        reinforcement_deck.push(place(0, n, &mut comps));
    }
    // The destiny cards, and a planet tile to discover for each duel.
    let mut discoveries = 0;
    for d in &spec.destiny {
        let def = destiny_card(e, d)?;
        if matches!(def.effect, DestinyEffect::DiscoverAndDuel { .. }) {
            discoveries += 1;
        }
        comps.destiny.push(def);
    }
    for k in 0..discoveries {
        tiles.push(PlanetTileDef {
            name: format!("Planet {}", revealed + k + 1),
            symbol: String::new(),
        });
    }
    comps.planets = tiles;
    let mut envoy_states = Vec::new();
    let mut allies = [0u8; 2];
    for (i, env) in spec.envoys.iter().enumerate() {
        let en = env.get_ref();
        comps.envoys.push(EnvoyDef {
            name: en.name.get_ref().clone(),
            deck: (i % 3) as u8,
        });
        let ally = match &en.ally {
            Some(a) => {
                let p = seat(e, a)?;
                allies[p.ix()] += 1;
                if allies[p.ix()] > 1 {
                    return Err(e.hint(
                        a.span(),
                        format!("{} would have two allied envoys", SEATS[p.ix()]),
                        "a second ally",
                        "a player keeps at most one allied envoy (Becoming Allied): make one of them neutral",
                    ));
                }
                Some(p)
            }
            None => None,
        };
        envoy_states.push(Envoy {
            def: i as u16,
            ally,
            face_up: en.face_up,
        });
    }
    // Setup itself needs opening hands and a token per side: stand-ins that never reach the
    // table fill what the position leaves out (the table is rebuilt below from the file).
    for seat in 0..2 {
        while comps.plans[seat].len() < cosmic_engine::duel::HAND_LIMIT as usize {
            comps.plans[seat].push(DuelCardDef {
                name: "Plan".into(),
                kind: DuelCardKind::Plan(0),
                count: 1,
            });
        }
        if comps.tactics[seat].is_empty() {
            comps.tactics[seat].push(TacticDef {
                halves: [TacticHalf::Shield(0); 2],
            });
        }
    }
    // Setup wants a discovery card and a card in every deck a card chains to: stand-ins
    // outside the game's destiny table (never drawn) fill those the position leaves out.
    let listed = comps.destiny.len();
    for deck in DestinyDeck::ALL {
        if !comps.destiny.iter().any(|d| d.deck == deck) {
            comps.destiny.push(DestinyCardDef {
                name: stand_in_title(deck),
                deck,
                next: deck,
                effect: DestinyEffect::Text,
            });
        }
    }
    if comps.planets.is_empty() {
        comps.planets.push(PlanetTileDef {
            name: "Planet 1".into(),
            symbol: String::new(),
        });
    }
    let components = Components {
        duel: comps,
        ..(*library.components).clone()
    };
    let components = std::sync::Arc::new(components);
    let setup = cosmic_engine::Setup {
        edition: Edition::Duel,
        ..cosmic_engine::Setup::new(2, scn.seed)
    };
    let options = cosmic_engine::Options {
        record_events: true,
        check_invariants: true,
        record_answers: true,
        no_late_observer: false,
    };
    let mut game = cosmic_engine::Game::new(&setup, components.clone(), agents, hooks, options)
        .map_err(|err| {
            e.at(
                duel_span.clone(),
                format!("the Duel table cannot be set up: {err}"),
                "here",
            )
        })?;
    let leader = match &spec.leader {
        Some(l) => seat(e, l)?,
        None => PlayerId(0),
    };
    let g: &mut GameState = game.state_mut();
    let turn = g.turn;
    g.rules.turn_limit = turn
        + match until {
            Until::Game => 500,
            _ => spec.destiny.len() as u32,
        };
    g.offense = leader;
    let d = g.duel.as_deref_mut().expect("a Duel game has Duel state");
    d.cards = cards;
    d.leader = leader;
    d.fight = None;
    d.reinforcements = Pile {
        draw: reinforcement_deck.into_iter().rev().collect(),
        discard: Vec::new(),
    };
    d.planets = (0..revealed as u16)
        .map(|tile| DuelPlanet {
            tile,
            ships: [0, 0],
            warplanet: false,
        })
        .collect();
    d.planet_stack = (revealed as u16..components.duel.planets.len() as u16)
        .rev()
        .collect();
    d.destiny_cards = (0..listed as u16).collect();
    d.destiny = Default::default();
    for (i, def) in components.duel.destiny[..listed].iter().enumerate().rev() {
        d.destiny[def.deck.ix()].push(DestinyCardId(i as u16));
    }
    d.past = Vec::new();
    d.next = components.duel.destiny[0].deck;
    d.envoys = envoy_states;
    d.envoy_decks = Default::default();
    let mut warp = [0u8; 2];
    for (i, side) in built.into_iter().enumerate() {
        let pl = &mut d.players[i];
        pl.hand = side.hand;
        pl.deck = Pile {
            draw: side.deck.into_iter().rev().collect(),
            discard: side.discard,
        };
        pl.tactics = side.tactics;
        pl.supply = side.supply;
        pl.hand_limit = side.hand_limit;
        let mut on_planets = 0u8;
        for (t, n) in side.on {
            d.planets[t].ships[i] = n;
            on_planets += n;
        }
        warp[i] = SHIPS - side.supply - on_planets;
    }
    for (i, w) in warp.into_iter().enumerate() {
        g.players[i].warp = w;
        g.players[i].alien = None;
    }
    for p in &scn.player {
        let Some(alien) = &p.alien else { continue };
        let names: Vec<&str> = components.aliens.iter().map(|a| a.name.as_str()).collect();
        let Some(i) = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(alien.get_ref()))
        else {
            return Err(e.hint(
                alien.span(),
                format!("`{}` is not a Duel alien", alien.get_ref()),
                "unknown alien",
                match did_you_mean(alien.get_ref(), names.iter().copied()) {
                    Some(m) => format!("did you mean `{m}`?"),
                    None => format!("the Duel aliens written so far: {}", names.join(", ")),
                },
            ));
        };
        g.players[seat(e, &p.color)?.ix()].alien = Some(i as u16);
    }
    cosmic_engine::procedure::of(Edition::Duel)
        .check(g, &components)
        .map_err(|m| {
            e.at(
                0..0,
                format!("the scenario's state is impossible: {m}"),
                "here",
            )
        })?;
    Ok((game, until))
}

/// The span of a key inside a player's table, for expectations.
pub fn unknown_player_key(e: &Errors, span: Range<usize>, word: &str) -> ScenarioError {
    let help = match did_you_mean(word, DUEL_EXPECT_PLAYER_KEYS.iter().copied()) {
        Some(k) => format!("did you mean `{k}`?"),
        None => format!(
            "a Duel player's expectations are {} or a planet's name for the ships there",
            DUEL_EXPECT_PLAYER_KEYS.join(", ")
        ),
    };
    e.hint(
        span,
        format!("`{word}` is not something a Duel player's expectations check"),
        "unknown key",
        help,
    )
}

/// Checks a Duel ruling's own expectations: the last clout determined, the leader, and each
/// player's table.
pub fn expectations(
    scn: &Scenario,
    e: &Errors,
    game: &cosmic_engine::Game,
    first_event: usize,
    read: &[Vec<String>],
) -> Result<Vec<super::run::Check>, ScenarioError> {
    use super::run::{check, Check};
    use cosmic_engine::duel::DuelEvent;
    use cosmic_engine::EventKind;
    let g = game.state();
    let d = g.duel.as_deref().expect("a Duel game has Duel state");
    let names = game.names();
    let x = &scn.expect;
    let mut checks = Vec::new();
    if let Some(c) = &x.clout {
        let &[o, b] = c.get_ref().as_slice() else {
            return Err(e.hint(
                c.span(),
                format!("`clout` takes two numbers, not {}", c.get_ref().len()),
                "not [orange, blue]",
                "write the last clout determined as `clout = [orange, blue]`",
            ));
        };
        let found = game.events()[first_event..]
            .iter()
            .rev()
            .find_map(|ev| match &ev.kind {
                EventKind::Duel(DuelEvent::CloutDetermined { clout, .. }) => {
                    Some(format!("Orange {}, Blue {}", clout[0], clout[1]))
                }
                _ => None,
            })
            .unwrap_or_else(|| "none (no clout was determined)".into());
        check(
            &mut checks,
            "clout".into(),
            format!("Orange {o}, Blue {b}"),
            found,
        );
    }
    if let Some(l) = &x.leader {
        let p = seat(e, l)?;
        check(
            &mut checks,
            "leader".into(),
            names.player(p).to_string(),
            names.player(d.leader).to_string(),
        );
    }
    for (who, table) in &x.players {
        let span = e.find_after("[expect", who);
        let p = seat(e, &Spanned::new(span.clone(), who.clone()))?;
        let Some(table) = table.as_table() else {
            continue;
        };
        let c = names.player(p);
        let pl = &d.players[p.ix()];
        let cards = |list: &[DuelCardId]| -> Vec<String> {
            list.iter().map(|&card| names.duel_card(card)).collect()
        };
        for (key, value) in table {
            let want_num = || -> Result<i64, ScenarioError> {
                value.as_integer().ok_or_else(|| {
                    e.at(
                        span.clone(),
                        format!("`{key}` expects a number"),
                        "not a number",
                    )
                })
            };
            let want_list = || -> Result<Vec<String>, ScenarioError> {
                let list = value.as_array().ok_or_else(|| {
                    e.at(
                        span.clone(),
                        format!("`{key}` expects a list"),
                        "not a list",
                    )
                })?;
                Ok(list
                    .iter()
                    .map(|v| v.as_str().unwrap_or_default().to_string())
                    .collect())
            };
            match key.as_str() {
                "supply" => check(
                    &mut checks,
                    format!("{c} ships in the supply"),
                    want_num()?.to_string(),
                    pl.supply.to_string(),
                ),
                "warp" => check(
                    &mut checks,
                    format!("{c} ships in the Warp"),
                    want_num()?.to_string(),
                    g.players[p.ix()].warp.to_string(),
                ),
                "planets" => check(
                    &mut checks,
                    format!("{c} planets controlled"),
                    want_num()?.to_string(),
                    d.controlled(p).to_string(),
                ),
                "hand_size" => check(
                    &mut checks,
                    format!("{c} cards in hand"),
                    want_num()?.to_string(),
                    pl.hand.len().to_string(),
                ),
                "deck_size" => check(
                    &mut checks,
                    format!("{c} cards in its deck"),
                    want_num()?.to_string(),
                    pl.deck.draw.len().to_string(),
                ),
                "spent" => check(
                    &mut checks,
                    format!("{c} spent tactics"),
                    want_num()?.to_string(),
                    pl.tactics.iter().filter(|t| t.spent).count().to_string(),
                ),
                "hand" => {
                    // Each card held, in every way a ruling may write it: `Sinister`,
                    // `Sinister "13"`, `Plan 3`, `Reinforcement +4`.
                    let mut held: Vec<Vec<String>> = (pl.hand.iter())
                        .map(|&card| {
                            let printed = names.duel_card(card);
                            let name = printed.split(" \"").next().unwrap_or_default().to_string();
                            let v = d.cards[card.0 as usize].kind.number();
                            vec![
                                printed.clone(),
                                name.clone(),
                                format!("{name} {v}"),
                                format!("{name} {v:+}"),
                            ]
                        })
                        .collect();
                    for name in want_list()? {
                        let stand_in = |w: &String| !matches!(w.as_str(), "Plan" | "Reinforcement");
                        let i = held.iter().position(|forms| {
                            forms.iter().enumerate().any(|(k, f)| {
                                (k != 1 || stand_in(f)) && f.eq_ignore_ascii_case(&name)
                            })
                        });
                        let ok = i.is_some();
                        if let Some(i) = i {
                            held.remove(i);
                        }
                        checks.push(Check {
                            ok,
                            text: match ok {
                                true => format!("{c} holds {name}"),
                                false => format!("{c} holds {name}, but does not"),
                            },
                        });
                    }
                }
                "discard" => {
                    // The pile in order, bottom first, as the cards were discarded.
                    let want = want_list()?;
                    check(
                        &mut checks,
                        format!("{c}'s discard pile"),
                        format!("{want:?}"),
                        format!("{:?}", cards(&pl.deck.discard)),
                    );
                }
                "reads" | "never_reads" => {
                    let present = key == "reads";
                    for line in want_list()? {
                        let ok = read[p.ix()].contains(&line) == present;
                        let claim = match present {
                            true => format!("{c} reads"),
                            false => format!("{c} never reads"),
                        };
                        let but = match (ok, present) {
                            (true, _) => "",
                            (false, true) => ", but it does not",
                            (false, false) => ", but it does",
                        };
                        checks.push(Check {
                            ok,
                            text: format!("{claim} \"{line}\"{but}"),
                        });
                    }
                }
                planet => {
                    let found = (d.planets.iter().enumerate())
                        .find(|(i, _)| names.duel_planet(*i as u16) == planet);
                    let Some((_, pl)) = found else {
                        let known: Vec<String> = (0..d.planets.len())
                            .map(|i| names.duel_planet(i as u16))
                            .collect();
                        return Err(match planet.contains(' ') {
                            true => e.hint(
                                span.clone(),
                                format!("`{planet}` is not a revealed planet at the end"),
                                "unknown planet",
                                match did_you_mean(planet, known.iter().map(String::as_str)) {
                                    Some(m) => format!("did you mean `{m}`?"),
                                    None => {
                                        format!("the planets revealed are {}", known.join(", "))
                                    }
                                },
                            ),
                            false => unknown_player_key(e, span.clone(), planet),
                        });
                    };
                    check(
                        &mut checks,
                        format!("{c} ships on {planet}"),
                        want_num()?.to_string(),
                        pl.ships[p.ix()].to_string(),
                    );
                }
            }
        }
    }
    Ok(checks)
}
