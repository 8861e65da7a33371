//! The human agent: a person at the terminal answers with numbered options and sees only
//! their own view of the board.

use cosmic_engine::agents::scripted::parse_text;
use cosmic_engine::deal::{CardTransfer, ContentTerm, DealTerms, Gift, Grant};
use cosmic_engine::decision::{Choice, DealRequest, Refusal, Request};
use cosmic_engine::view::SeenTech;
use cosmic_engine::{Agent, AgentError, Answer, CardKind, Decision, Side, View};
use std::io::{BufRead, Write};

/// A person answering at the terminal.
pub struct HumanAgent {
    input: std::io::StdinLock<'static>,
    /// Each component's text, by lower-case name, for `help`.
    texts: Vec<(String, String)>,
}

impl HumanAgent {
    /// Reads answers from standard input; `help` explains the components of `texts`.
    pub fn new(texts: Vec<(String, String)>) -> Self {
        HumanAgent {
            input: std::io::stdin().lock(),
            texts,
        }
    }

    /// A line typed at `prompt`; `help` or `?` shows the player's alien, hand and board
    /// and asks again.
    fn line(&mut self, view: &View, prompt: &str) -> Result<String, AgentError> {
        loop {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
            let mut s = String::new();
            match self.input.read_line(&mut s) {
                Ok(0) | Err(_) => return Err(AgentError("the terminal closed".into())),
                Ok(_) if s.trim().eq_ignore_ascii_case("quit") => {
                    return Err(AgentError("the player quit".into()))
                }
                Ok(_) if matches!(s.trim().to_lowercase().as_str(), "help" | "?") => {
                    print!("{}", help(view, &self.texts));
                    show_board(view);
                }
                Ok(_) => return Ok(s.trim().to_string()),
            }
        }
    }
}

/// Each component's explanation (`cosmic explain`), by lower-case name: the built-in
/// library's and those of `cards`.
pub fn texts(cards: &[std::path::PathBuf]) -> miette::Result<Vec<(String, String)>> {
    let mut files = crate::lint::read_sources(&[])?;
    // Empty paths would read the built-in library again.
    let own = crate::lint::content_paths(cards);
    if !own.is_empty() {
        files.extend(crate::lint::read_sources(&own)?);
    }
    let mut out = Vec::new();
    for f in &files {
        for d in f.decls() {
            let text = cosmic_interpreter::explain::explain(d, &f.text);
            // The first line repeats the name.
            let body = text.split_once('\n').map_or("", |(_, b)| b).to_string();
            out.push((d.name.value.to_lowercase(), body));
        }
    }
    Ok(out)
}

/// What `help` shows: the player's alien (its power and flare), then each card in hand
/// with what it does.
fn help(view: &View, texts: &[(String, String)]) -> String {
    let n = view.names();
    let text_of = |name: &str| {
        let name = name.to_lowercase();
        (texts.iter())
            .find(|(k, _)| *k == name)
            .map(|(_, t)| t.as_str())
    };
    let mut out = String::new();
    let me = view.me();
    match view.alien(me) {
        Some(a) => {
            let name = n.alien(a);
            out.push_str(&format!("\nyour alien, {name}:\n"));
            out.push_str(text_of(name).unwrap_or("  (no text)\n"));
        }
        None => out.push_str("\nyou have no alien power\n"),
    }
    out.push_str("\nyour hand:\n");
    let mut shown: Vec<&str> = Vec::new();
    for &c in view.hand() {
        let name = n.card(c);
        if shown.contains(&name) {
            continue;
        }
        shown.push(name);
        let what = match view.my_kind(c) {
            CardKind::Attack(v) => format!("an attack card: its side's total is {v} plus ships"),
            CardKind::Negotiate => "a negotiate card: loses to an attack, but its player \
                takes compensation; two negotiates make a deal"
                .to_string(),
            CardKind::Morph => "the morph card: it becomes a copy of the opponent's card".into(),
            CardKind::Reinforcement(v) => {
                format!("a reinforcement: +{v} to a side's total after the reveal")
            }
            CardKind::Kicker(v) => format!(
                "a kicker: played face down before the encounter cards, it multiplies its \
                 player's attack value, compensation or the other's failed-deal losses by {v}"
            ),
            CardKind::Rift(v) => format!(
                "a rift: at the start of an encounter, brings back up to {v} ships of any \
                 players from the warp; a player who takes it from your hand and keeps it \
                 loses {v} ships to the warp"
            ),
            CardKind::Artifact | CardKind::Flare => {
                let key = name.strip_prefix("Flare: ").unwrap_or(name);
                let text = text_of(key).unwrap_or("  (no text)\n");
                out.push_str(&format!("  {name}:\n{}", indent(text)));
                continue;
            }
        };
        out.push_str(&format!("  {name}: {what}\n"));
    }
    out
}

/// Each line of `text` indented by two more spaces.
fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// The board as the viewing player sees it.
fn show_board(view: &View) {
    let n = view.names();
    println!();
    // Each sheet as this player may know it: its own always, another's once face up.
    let sheet = |p| match view.alien(p) {
        Some(a) if view.sheet_face_down(p) => format!("{} (face down)", n.alien(a)),
        Some(a) if !view.power_active(p) => format!("{} (power lost)", n.alien(a)),
        Some(a) => n.alien(a).to_string(),
        None if view.sheet_face_down(p) => "face-down sheet".to_string(),
        None => String::new(),
    };
    let width = view.seats().map(|p| sheet(p).len()).max().unwrap_or(0);
    for p in view.seats() {
        let mut colonies = Vec::new();
        for pl in view.planets() {
            let s = view.ships_on(pl, p);
            if s > 0 {
                colonies.push(format!("{}:{s}", n.planet(pl)));
            }
        }
        // No column at all in a game without aliens.
        let column = match width {
            0 => String::new(),
            _ => format!("{:<width$} ", sheet(p)),
        };
        println!(
            "  {:<6} {column}{}, warp {}, foreign colonies {}  [{}]",
            n.player(p),
            count(view.hand_size(p) as i32, "card"),
            view.warp(p),
            view.foreign_colonies(p),
            colonies.join(" ")
        );
        let techs: Vec<String> = (view.techs_of(p).iter()).map(|t| tech(view, t)).collect();
        if !techs.is_empty() {
            println!("         techs: {}", techs.join(", "));
        }
        let lucre = view.resource(p, cosmic_engine::Resource::Lucre);
        if lucre > 0 {
            println!("         lucre: {lucre}");
        }
        let aside: Vec<String> = (view.set_aside(p).into_iter())
            .map(|(at, card)| {
                let card = card.map_or("a card face down".to_string(), |c| n.card(c).to_string());
                format!("{card} {}", aside_words(at, &n))
            })
            .collect();
        if !aside.is_empty() {
            println!("         set aside: {}", aside.join(", "));
        }
        if view.captured(p) > 0 {
            println!("         captured in others' stacks: {}", view.captured(p));
        }
        let stacks: Vec<String> = (view.stacks(p).into_iter())
            .map(|(at, held)| format!("{held} under a ship at {}", n.place(at)))
            .collect();
        if !stacks.is_empty() {
            println!("         stacks: {}", stacks.join(", "));
        }
        let held: Vec<String> = (view.held(p).into_iter())
            .map(|(owner, k)| format!("{k} of {}'s", n.player(owner)))
            .collect();
        if !held.is_empty() {
            println!(
                "         holds around its home system: {} ships",
                held.join(", ")
            );
        }
        if view.praw(p) > 0 {
            println!("         praw: {}", view.praw(p));
        }
    }
    if view.cone_reversed() {
        println!("  the cone is reversed this challenge");
    }
    if let Some(d) = view.defense() {
        let planet = match view.target() {
            Some(p) => format!("at {}", n.planet(p)),
            None => "(the gate is not aimed yet)".to_string(),
        };
        println!(
            "  encounter: {} vs {} {planet}; offense side {}, defense side {}",
            n.player(view.offense()),
            n.player(d),
            count(view.side_ships(Side::Offense), "ship"),
            count(view.side_ships(Side::Defense), "ship")
        );
        let cards: Vec<String> = (Side::BOTH.into_iter())
            .filter_map(|side| view.encounter_card(side).map(|c| (side, c)))
            .map(|(side, c)| format!("{side} {}", n.card(c)))
            .collect();
        if !cards.is_empty() {
            println!("  encounter cards: {}", cards.join(", "));
        }
        let played: Vec<String> = (view.reinforcements().iter())
            .map(|r| format!("{} for the {} ({})", n.card(r.card), r.side, n.player(r.by)))
            .collect();
        if !played.is_empty() {
            println!("  reinforcements: {}", played.join(", "));
        }
        if let Some([o, d]) = view.totals() {
            println!("  totals: offense {o}, defense {d}");
        }
    }
    let hand: Vec<&str> = view.hand().iter().map(|&c| n.card(c)).collect();
    println!("  your hand ({}): {}", n.player(view.me()), hand.join(", "));
}

/// `1 card`, `3 cards`.
fn count(n: i32, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        _ => format!("{n} {thing}s"),
    }
}

/// A tech on the board: its name and progress, or a face-down tech and its ships.
fn tech(view: &View, seen: &SeenTech) -> String {
    let n = view.names();
    let ships = seen.ships;
    let s = if ships == 1 { "" } else { "s" };
    match seen.tech {
        Some(t) if seen.completed => format!("{} (completed)", n.tech(t)),
        Some(t) => {
            let needed = view
                .tech_research(t)
                .map_or("X".to_string(), |r| r.to_string());
            format!("{} ({ships} of {needed} ships)", n.tech(t))
        }
        None => format!("a face-down tech ({ships} ship{s})"),
    }
}

impl Agent for HumanAgent {
    fn decide(&mut self, view: &View, d: &Decision) -> Result<Answer, AgentError> {
        show_board(view);
        let names = view.names();
        println!(
            "{}  (`help` or `?` explains your alien and cards; `quit` stops, and with --save the game can be resumed)",
            d.question(&names)
        );
        let options = options_in_full(d, &names);
        match &d.request {
            Request::Pick(_) => {
                for (i, o) in options.iter().enumerate() {
                    println!("  {}) {o}", i + 1);
                }
                let n = options.len();
                let k = self.ask(view, "> ", |s| match numbers(s, n, "option")?.as_slice() {
                    [k] => Ok(*k),
                    _ => Err(format!("type one number from 1 to {n}")),
                })?;
                Ok(Answer::Pick(k))
            }
            Request::Subset { min, max, .. } => {
                for (i, o) in options.iter().enumerate() {
                    println!("  {}) {o}", i + 1);
                }
                let (min, max) = (*min as usize, *max as usize);
                let how_many = match (min, max) {
                    (0, _) => format!("up to {max}"),
                    (lo, hi) if lo == hi => format!("{lo}"),
                    (lo, hi) => format!("{lo} to {hi}"),
                };
                println!(
                    "choose {how_many}: option numbers separated by commas or spaces{}",
                    if min == 0 { ", or nothing" } else { "" }
                );
                let n = options.len();
                let picked = self.ask(view, "> ", |s| {
                    let picked = numbers(s, n, "option")?;
                    if (min..=max).contains(&picked.len()) {
                        Ok(picked)
                    } else {
                        Err(format!("choose {how_many}, not {}", picked.len()))
                    }
                })?;
                Ok(Answer::Subset(picked))
            }
            Request::Ships(r) => {
                for o in &options {
                    println!("  {o}");
                }
                let how_many = match (r.min, r.max) {
                    (lo, hi) if lo == hi => count(lo as i32, "ship"),
                    (0, hi) => format!("up to {}", count(hi as i32, "ship")),
                    (lo, hi) => format!("{lo} to {hi} ships"),
                };
                let example: Vec<&str> = (0..r.places.len())
                    .map(|i| if i == 0 { "1" } else { "0" })
                    .collect();
                println!(
                    "choose {how_many} in all: one count per place in order (e.g. `{}`), or `place: count` pairs separated by commas or spaces (e.g. `{}: 1`)",
                    example.join(" "),
                    names.place(r.places[0].0)
                );
                self.ask(view, "> ", |s| {
                    let words: Vec<&str> = split_list(s);
                    let counts: Option<Vec<u8>> = words.iter().map(|x| x.parse().ok()).collect();
                    let a = match counts {
                        Some(c) if c.len() == r.places.len() => Answer::Ships(c),
                        Some(c) if !c.is_empty() => {
                            return Err(format!(
                                "give one count for each of the {} places, in order",
                                r.places.len()
                            ))
                        }
                        _ => parse_text(view, d, s)?,
                    };
                    d.validate(&a).map(|()| a).map_err(|e| e.0)
                })
            }
            Request::Deal(req) => self.deal(view, req),
        }
    }

    fn refused(&mut self, _: &View, _: &Decision, _: &Answer, why: &Refusal) {
        println!("not allowed: {why}");
    }

    fn name(&self) -> &str {
        "human"
    }
}

impl HumanAgent {
    /// Asks `prompt` until `parse` accepts the line, showing why it did not.
    /// Asks how many cards a deal takes at random from `whom`, whose hand holds `held`.
    fn ask_random_take(
        &mut self,
        view: &View,
        whom: &str,
        holds: &str,
        held: usize,
    ) -> Result<u8, AgentError> {
        let prompt = format!(
            "cards you take from {whom} at random ({holds} {}; a number, or nothing) > ",
            count(held as i32, "card")
        );
        self.ask(view, &prompt, |s| take_count(s, held))
    }

    fn ask<T>(
        &mut self,
        view: &View,
        prompt: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, AgentError> {
        loop {
            match parse(&self.line(view, prompt)?) {
                Ok(v) => return Ok(v),
                Err(why) => println!("{why}"),
            }
        }
    }

    /// Builds deal terms step by step; each answer is checked as it is typed.
    fn deal(&mut self, view: &View, req: &DealRequest) -> Result<Answer, AgentError> {
        let side = req.side;
        let names = view.names();
        if !self.ask(view, "propose a deal? (y/n) > ", yes_or_no)? {
            return Ok(Answer::Deal(None));
        }
        if req.parties != 0 {
            return self.group_deal(view, req);
        }
        let hand = view.hand();
        for (i, &c) in hand.iter().enumerate() {
            println!("  {}) {}", i + 1, names.card(c));
        }
        let named: Vec<_> = self
            .ask(
                view,
                "cards you give (numbers separated by commas or spaces, or nothing) > ",
                |s| numbers(s, hand.len(), "card"),
            )?
            .into_iter()
            .map(|i| hand[i])
            .collect();
        // The other main player: the deal's cards at random come from its hand.
        let other = match side {
            Side::Offense => view.defense(),
            Side::Defense => Some(view.offense()),
        };
        let theirs_held = other.map_or(0, |p| view.hand_size(p));
        let random = self.ask_random_take(view, "them", "they hold", theirs_held)?;
        let planets: Vec<(String, _)> = view.planets().map(|p| (names.planet(p), p)).collect();
        let mine = self.ask(
            view,
            "planet where you establish a colony (e.g. `Red 2`, or nothing) > ",
            |s| planet(s, &planets),
        )?;
        let theirs = self.ask(
            view,
            "planet where they establish a colony (or nothing) > ",
            |s| planet(s, &planets),
        )?;
        let mut terms = DealTerms::default();
        let (me_gives, they_give) = (
            CardTransfer {
                named,
                ..CardTransfer::default()
            },
            CardTransfer {
                random,
                ..CardTransfer::default()
            },
        );
        match side {
            Side::Offense => {
                terms.offense_gives = me_gives;
                terms.defense_gives = they_give;
                terms.offense_colony = mine;
                terms.defense_colony = theirs;
            }
            Side::Defense => {
                terms.defense_gives = me_gives;
                terms.offense_gives = they_give;
                terms.defense_colony = mine;
                terms.offense_colony = theirs;
            }
        }
        // Terms the aliens in this encounter offer, promised by either side.
        let seats: Vec<(&str, _)> = view.seats().map(|p| (names.player(p), p)).collect();
        for offer in &req.terms {
            let prompt = format!(
                "{} promises {}: for which player and how many (e.g. `blue 3`), or nothing > ",
                offer.by, offer.name
            );
            if let Some((player, amount)) = self.ask(view, &prompt, |s| promise(s, &seats))? {
                terms.content.push(ContentTerm {
                    by: offer.by,
                    term: offer.term,
                    name: offer.name.clone(),
                    player,
                    amount,
                });
            }
        }
        Ok(Answer::deal(Some(terms)))
    }
}

impl HumanAgent {
    /// Builds a group deal's terms: with each other party in turn, the cards I give it (by
    /// number) and take from it (at random) and the colonies each way; then any gifts
    /// between two other parties (`red green 1`: Red gives Green one card at random).
    fn group_deal(&mut self, view: &View, req: &DealRequest) -> Result<Answer, AgentError> {
        let names = view.names();
        let me = view.me();
        let hand = view.hand();
        for (i, &c) in hand.iter().enumerate() {
            println!("  {}) {}", i + 1, names.card(c));
        }
        let planets: Vec<(String, _)> = view.planets().map(|p| (names.planet(p), p)).collect();
        let mut terms = DealTerms::default();
        let mut given: Vec<usize> = Vec::new();
        for other in req.parties().filter(|&p| p != me) {
            let who = names.player(other);
            let named: Vec<usize> = self.ask(
                view,
                &format!("cards you give {who} (numbers, or nothing) > "),
                |s| {
                    let picked = numbers(s, hand.len(), "card")?;
                    match picked.iter().find(|i| given.contains(i)) {
                        Some(i) => Err(format!("card {} is given already", i + 1)),
                        None => Ok(picked),
                    }
                },
            )?;
            given.extend(&named);
            if !named.is_empty() {
                terms.gifts.push(Gift {
                    from: me,
                    to: other,
                    cards: CardTransfer {
                        named: named.iter().map(|&i| hand[i]).collect(),
                        ..CardTransfer::default()
                    },
                });
            }
            let held = view.hand_size(other);
            let random = self.ask_random_take(view, who, "it holds", held)?;
            if random > 0 {
                terms.gifts.push(Gift {
                    from: other,
                    to: me,
                    cards: CardTransfer {
                        random,
                        ..CardTransfer::default()
                    },
                });
            }
            let prompt = format!("planet where {who} lets you establish a colony (or nothing) > ");
            if let Some(planet) = self.ask(view, &prompt, |s| planet(s, &planets))? {
                terms.grants.push(Grant {
                    by: other,
                    player: me,
                    planet,
                });
            }
            let prompt = format!("planet where you let {who} establish a colony (or nothing) > ");
            if let Some(planet) = self.ask(view, &prompt, |s| planet(s, &planets))? {
                terms.grants.push(Grant {
                    by: me,
                    player: other,
                    planet,
                });
            }
        }
        let seats: Vec<(&str, _)> = req.parties().map(|p| (names.player(p), p)).collect();
        loop {
            let prompt = "other gifts: giver, receiver and cards at random (e.g. `red green 1`), or nothing > ";
            let Some((from, to, random)) = self.ask(view, prompt, |s| gift(s, &seats))? else {
                break;
            };
            terms.gifts.push(Gift {
                from,
                to,
                cards: CardTransfer {
                    random,
                    ..CardTransfer::default()
                },
            });
        }
        Ok(Answer::deal(Some(terms)))
    }
}

/// A gift between two players: giver and receiver by color, and how many cards at random (1
/// if not said); nothing is no gift.
fn gift<P: Copy + PartialEq>(s: &str, seats: &[(&str, P)]) -> Result<Option<(P, P, u8)>, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() {
        return Ok(None);
    }
    let colors: Vec<&str> = seats.iter().map(|(c, _)| *c).collect();
    let player = |w: &str| {
        seats
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(w))
            .map(|&(_, p)| p)
            .ok_or_else(|| format!("`{w}` is not a party here: one of {}", colors.join(", ")))
    };
    let (Some(from), Some(to)) = (words.first(), words.get(1)) else {
        return Err("write a giver and a receiver, e.g. `red green 1`".into());
    };
    let (from, to) = (player(from)?, player(to)?);
    if from == to {
        return Err("a player cannot give cards to itself".into());
    }
    let n = match words.get(2) {
        None => 1,
        Some(n) => n
            .parse()
            .map_err(|_| format!("`{n}` is not a number of cards"))?,
    };
    Ok(Some((from, to, n)))
}

/// `y`/`yes` or `n`/`no` (nothing is no).
fn yes_or_no(s: &str) -> Result<bool, String> {
    match s.to_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "" | "n" | "no" => Ok(false),
        _ => Err("type y or n".into()),
    }
}

/// The words of a list typed with commas, spaces or both.
fn split_list(s: &str) -> Vec<&str> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Numbers of `what`s from 1 to `n`, separated by commas or spaces, each at most once; as
/// indexes from 0.
fn numbers(s: &str, n: usize, what: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in split_list(s) {
        let k: usize = part
            .parse()
            .map_err(|_| format!("`{part}` is not a number: type numbers from 1 to {n}"))?;
        if k == 0 || k > n {
            return Err(format!(
                "there is no {what} {k}: type numbers from 1 to {n}"
            ));
        }
        if out.contains(&(k - 1)) {
            return Err(format!("{what} {k} is named twice"));
        }
        out.push(k - 1);
    }
    Ok(out)
}

/// A number of cards taken from a hand of `held` (nothing is none).
/// Where a card set aside lies, in words for the table.
fn aside_words(at: cosmic_engine::state::Aside, n: &cosmic_engine::event::Names) -> String {
    use cosmic_engine::state::Aside;
    match at {
        Aside::Planet(planet) => format!("beside {}", n.planet(planet)),
        Aside::Sheet => "on its sheet".to_string(),
        Aside::Tech(_) => "under a tech".to_string(),
        Aside::Table => "on the table".to_string(),
        Aside::Hired => "hired as a ship".to_string(),
    }
}

fn take_count(s: &str, held: usize) -> Result<u8, String> {
    if s.is_empty() {
        return Ok(0);
    }
    let n: u8 = s
        .parse()
        .map_err(|_| format!("`{s}` is not a number of cards: type a number such as 1"))?;
    if n as usize > held {
        return Err(format!(
            "they hold only {}: take 0 to {held}",
            count(held as i32, "card")
        ));
    }
    Ok(n)
}

/// The options in words, a use saying what it answers (`use Card Zap (Zap), answering
/// Green's play of Plague`).
fn options_in_full(d: &Decision, names: &cosmic_engine::Names) -> Vec<String> {
    let described = d.describe_options(names);
    let Request::Pick(choices) = &d.request else {
        return described;
    };
    (described.into_iter().zip(choices))
        .map(|(text, c)| match *c {
            Choice::Use {
                answering: Some(p),
                answers: Some(a),
                ..
            } if a != u32::MAX => {
                format!(
                    "{text}, answering {}'s use of {}",
                    names.player(p),
                    names.source(a)
                )
            }
            _ => text,
        })
        .collect()
}

/// A planet by its name among `planets` (nothing is none).
fn planet<P: Copy>(s: &str, planets: &[(String, P)]) -> Result<Option<P>, String> {
    if s.is_empty() {
        return Ok(None);
    }
    planets
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(s))
        .map(|&(_, p)| Some(p))
        .ok_or_else(|| {
            let hint =
                cosmic_interpreter::names::did_you_mean(s, planets.iter().map(|(n, _)| n.as_str()));
            match hint {
                Some(h) => format!("there is no planet `{s}`: did you mean `{h}`?"),
                None => format!(
                    "there is no planet `{s}`: write a color and a number, e.g. `{}`",
                    planets.first().map_or("Red 2", |(n, _)| n.as_str())
                ),
            }
        })
}

/// A promise: a player by its color and how many (1 if not said); nothing is no promise.
fn promise<P: Copy>(s: &str, seats: &[(&str, P)]) -> Result<Option<(P, u8)>, String> {
    let mut words = s.split_whitespace();
    let Some(who) = words.next() else {
        return Ok(None);
    };
    let colors: Vec<&str> = seats.iter().map(|(c, _)| *c).collect();
    let player = seats
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(who))
        .map(|&(_, p)| p)
        .ok_or_else(|| format!("`{who}` is not a player here: one of {}", colors.join(", ")))?;
    let amount = match words.next() {
        None => 1,
        Some(n) => n
            .parse()
            .map_err(|_| format!("`{n}` is not a number: write e.g. `{} 3`", colors[0]))?,
    };
    Ok(Some((player, amount)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offered_use_says_what_it_answers() {
        let library = crate::lint::load_library(&[]).expect("the built-in library");
        let hooks = library.runtime();
        let agents: Vec<Box<dyn Agent>> = (0..3)
            .map(|s| Box::new(cosmic_engine::agents::random::RandomAgent::new(s)) as Box<dyn Agent>)
            .collect();
        let setup = cosmic_engine::Setup::new(3, 1);
        let game = cosmic_engine::Game::new(
            &setup,
            library.components.clone(),
            agents,
            &hooks,
            cosmic_engine::Options::default(),
        )
        .expect("a three-player game");
        let names = game.names();
        let source = |label: &str| {
            let at = library.components.sources.iter().position(|s| s == label);
            at.unwrap_or_else(|| panic!("no ability labelled {label}")) as u32
        };
        let (zap, plague) = (source("Card Zap (Zap)"), source("Plague (Plague)"));
        let (blue, green) = (cosmic_engine::PlayerId(0), cosmic_engine::PlayerId(1));
        let use_of = |answering, answers| Choice::Use {
            source: zap,
            card: None,
            answering,
            answers,
            advised: None,
        };
        let d = Decision {
            player: blue,
            kind: cosmic_engine::DecisionKind::UseAbility,
            request: Request::Pick(vec![use_of(Some(green), Some(plague)), use_of(None, None)]),
            asker: None,
        };
        assert_eq!(
            options_in_full(&d, &names),
            [
                "use Card Zap (Zap), answering Green's use of Plague (Plague)",
                "use Card Zap (Zap)"
            ]
        );
    }

    #[test]
    fn deal_answers_are_checked_as_typed() {
        assert_eq!(yes_or_no("Y"), Ok(true));
        assert_eq!(yes_or_no(""), Ok(false));
        assert!(yes_or_no("maybe").is_err());

        assert_eq!(numbers("2, 1", 3, "card"), Ok(vec![1, 0]));
        assert_eq!(numbers("2 1", 3, "card"), Ok(vec![1, 0]));
        assert_eq!(numbers("3,1 2", 3, "card"), Ok(vec![2, 0, 1]));
        assert_eq!(numbers("", 3, "card"), Ok(vec![]));
        assert_eq!(
            numbers("4", 3, "card"),
            Err("there is no card 4: type numbers from 1 to 3".into())
        );
        // Numbered as the player sees them, from 1.
        assert_eq!(
            numbers("1,1", 3, "option"),
            Err("option 1 is named twice".into())
        );
        assert!(numbers("0", 3, "option").is_err());
        assert!(numbers("one", 3, "card").is_err());

        assert_eq!(take_count("", 7), Ok(0));
        assert_eq!(take_count("2", 7), Ok(2));
        assert_eq!(
            take_count("20", 7),
            Err("they hold only 7 cards: take 0 to 7".into())
        );
        assert_eq!(
            take_count("2", 1),
            Err("they hold only 1 card: take 0 to 1".into())
        );
        assert!(take_count("two", 7).is_err());
        assert_eq!(count(1, "ship"), "1 ship");
        assert_eq!(count(4, "ship"), "4 ships");

        let planets = [("Red 2".to_string(), 7), ("Blue 1".to_string(), 8)];
        assert_eq!(planet("red 2", &planets), Ok(Some(7)));
        assert_eq!(planet("", &planets), Ok(None));
        assert_eq!(
            planet("Red 3", &planets),
            Err("there is no planet `Red 3`: did you mean `Red 2`?".into())
        );

        let seats = [("Blue", 0), ("Green", 1)];
        assert_eq!(promise("green 3", &seats), Ok(Some((1, 3))));
        assert_eq!(promise("blue", &seats), Ok(Some((0, 1))));
        assert_eq!(promise("", &seats), Ok(None));
        assert_eq!(
            promise("red 1", &seats),
            Err("`red` is not a player here: one of Blue, Green".into())
        );
        assert!(promise("blue lots", &seats).is_err());
    }
}
