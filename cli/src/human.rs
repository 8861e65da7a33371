//! The human agent: a person at the terminal answers with numbered options and sees only
//! their own view of the board.

use cosmic_engine::agents::scripted::parse_text;
use cosmic_engine::deal::{CardTransfer, ContentTerm, DealTerms};
use cosmic_engine::decision::{DealRequest, Refusal, Request};
use cosmic_engine::view::SeenTech;
use cosmic_engine::{Agent, AgentError, Answer, Decision, Side, View};
use std::io::{BufRead, Write};

/// A person answering at the terminal.
pub struct HumanAgent {
    input: std::io::StdinLock<'static>,
}

impl HumanAgent {
    /// Reads answers from standard input.
    pub fn new() -> Self {
        HumanAgent {
            input: std::io::stdin().lock(),
        }
    }

    fn line(&mut self, prompt: &str) -> Result<String, AgentError> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let mut s = String::new();
        match self.input.read_line(&mut s) {
            Ok(0) | Err(_) => Err(AgentError("the terminal closed".into())),
            Ok(_) if s.trim().eq_ignore_ascii_case("quit") => {
                Err(AgentError("the player quit".into()))
            }
            Ok(_) => Ok(s.trim().to_string()),
        }
    }
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
            "  {:<6} {column}{} cards, warp {}, foreign colonies {}  [{}]",
            n.player(p),
            view.hand_size(p),
            view.warp(p),
            view.foreign_colonies(p),
            colonies.join(" ")
        );
        let techs: Vec<String> = (view.techs_of(p).iter()).map(|t| tech(view, t)).collect();
        if !techs.is_empty() {
            println!("         techs: {}", techs.join(", "));
        }
    }
    if let Some(d) = view.defense() {
        let planet = view.target().map(|p| n.planet(p)).unwrap_or_default();
        println!(
            "  encounter: {} vs {} at {planet}; offense side {} ships, defense side {} ships",
            n.player(view.offense()),
            n.player(d),
            view.side_ships(Side::Offense),
            view.side_ships(Side::Defense)
        );
    }
    let hand: Vec<&str> = view.hand().iter().map(|&c| n.card(c)).collect();
    println!("  your hand ({}): {}", n.player(view.me()), hand.join(", "));
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
            "{}  (type `quit` to stop; with --save the game can be resumed)",
            d.kind.question()
        );
        let options = d.describe_options(&names);
        match &d.request {
            Request::Pick(_) => {
                for (i, o) in options.iter().enumerate() {
                    println!("  {}) {o}", i + 1);
                }
                loop {
                    let s = self.line("> ")?;
                    if let Ok(k) = s.parse::<usize>() {
                        if (1..=options.len()).contains(&k) {
                            return Ok(Answer::Pick(k - 1));
                        }
                    }
                    println!("type a number from 1 to {}", options.len());
                }
            }
            Request::Subset { min, max, .. } => {
                for (i, o) in options.iter().enumerate() {
                    println!("  {}) {o}", i + 1);
                }
                println!("choose {min} to {max}: numbers separated by commas, or nothing");
                loop {
                    let s = self.line("> ")?;
                    let picked: Result<Vec<usize>, _> = s
                        .split(',')
                        .filter(|x| !x.trim().is_empty())
                        .map(|x| x.trim().parse::<usize>().map(|k| k.wrapping_sub(1)))
                        .collect();
                    match picked {
                        Ok(ix) if ix.iter().all(|&i| i < options.len()) => {
                            return Ok(Answer::Subset(ix))
                        }
                        Ok(_) => println!(
                            "the options are numbered 1 to {}: type some of those numbers, separated by commas",
                            options.len()
                        ),
                        _ => println!("type option numbers separated by commas"),
                    }
                }
            }
            Request::Ships(r) => {
                for o in &options {
                    println!("  {o}");
                }
                println!(
                    "choose {} to {} ships in all: one count per place in order (e.g. `{}`), or `place: count` pairs (e.g. `{}: 1`)",
                    r.min,
                    r.max,
                    r.places.iter().enumerate().map(|(i, _)| if i == 0 { "1" } else { "0" }).collect::<Vec<_>>().join(" "),
                    names.place(r.places[0].0)
                );
                loop {
                    let s = self.line("> ")?;
                    let counts: Option<Vec<u8>> =
                        s.split_whitespace().map(|x| x.parse().ok()).collect();
                    if let Some(c) = counts.filter(|c| c.len() == r.places.len()) {
                        let a = Answer::Ships(c);
                        match d.validate(&a) {
                            Ok(()) => return Ok(a),
                            Err(e) => {
                                println!("{e}");
                                continue;
                            }
                        }
                    }
                    match parse_text(view, d, &s) {
                        Ok(a) if d.validate(&a).is_ok() => return Ok(a),
                        Ok(a) => {
                            println!("{}", d.validate(&a).err().map(|e| e.0).unwrap_or_default())
                        }
                        Err(e) => println!("{e}"),
                    }
                }
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
    fn ask<T>(
        &mut self,
        prompt: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, AgentError> {
        loop {
            match parse(&self.line(prompt)?) {
                Ok(v) => return Ok(v),
                Err(why) => println!("{why}"),
            }
        }
    }

    /// Builds deal terms step by step; each answer is checked as it is typed.
    fn deal(&mut self, view: &View, req: &DealRequest) -> Result<Answer, AgentError> {
        let side = req.side;
        let names = view.names();
        if !self.ask("propose a deal? (y/n) > ", yes_or_no)? {
            return Ok(Answer::Deal(None));
        }
        let hand = view.hand();
        for (i, &c) in hand.iter().enumerate() {
            println!("  {}) {}", i + 1, names.card(c));
        }
        let named: Vec<_> = self
            .ask(
                "cards you give (numbers, comma-separated, or nothing) > ",
                |s| numbers(s, hand.len()),
            )?
            .into_iter()
            .map(|i| hand[i])
            .collect();
        let random = self.ask(
            "cards you take from them at random (a number, or nothing) > ",
            count,
        )?;
        let planets: Vec<(String, _)> = view.planets().map(|p| (names.planet(p), p)).collect();
        let mine = self.ask(
            "planet where you establish a colony (e.g. `Red 2`, or nothing) > ",
            |s| planet(s, &planets),
        )?;
        let theirs = self.ask(
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
            if let Some((player, amount)) = self.ask(&prompt, |s| promise(s, &seats))? {
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

/// `y`/`yes` or `n`/`no` (nothing is no).
fn yes_or_no(s: &str) -> Result<bool, String> {
    match s.to_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "" | "n" | "no" => Ok(false),
        _ => Err("type y or n".into()),
    }
}

/// Option numbers from 1 to `n`, comma-separated, each at most once; as indexes from 0.
fn numbers(s: &str, n: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let k: usize = part
            .parse()
            .map_err(|_| format!("`{part}` is not a number: type numbers from 1 to {n}"))?;
        if k == 0 || k > n {
            return Err(format!("there is no card {k}: type numbers from 1 to {n}"));
        }
        if out.contains(&(k - 1)) {
            return Err(format!("card {k} is named twice"));
        }
        out.push(k - 1);
    }
    Ok(out)
}

/// A number of cards (nothing is none).
fn count(s: &str) -> Result<u8, String> {
    if s.is_empty() {
        return Ok(0);
    }
    s.parse()
        .map_err(|_| format!("`{s}` is not a number of cards: type a number such as 1"))
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
    fn deal_answers_are_checked_as_typed() {
        assert_eq!(yes_or_no("Y"), Ok(true));
        assert_eq!(yes_or_no(""), Ok(false));
        assert!(yes_or_no("maybe").is_err());

        assert_eq!(numbers("2, 1", 3), Ok(vec![1, 0]));
        assert_eq!(numbers("", 3), Ok(vec![]));
        assert_eq!(
            numbers("4", 3),
            Err("there is no card 4: type numbers from 1 to 3".into())
        );
        assert_eq!(numbers("1,1", 3), Err("card 1 is named twice".into()));
        assert!(numbers("one", 3).is_err());

        assert_eq!(count(""), Ok(0));
        assert_eq!(count("2"), Ok(2));
        assert!(count("two").is_err());

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
