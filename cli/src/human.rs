//! The human agent: a person at the terminal answers with numbered options and sees only
//! their own view of the board.

use cosmic_engine::agents::scripted::parse_text;
use cosmic_engine::deal::{CardTransfer, ContentTerm, DealTerms};
use cosmic_engine::decision::{DealRequest, Refusal, Request};
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
    for p in view.seats() {
        let mut colonies = Vec::new();
        for pl in view.planets() {
            let s = view.ships_on(pl, p);
            if s > 0 {
                colonies.push(format!("{}:{s}", n.planet(pl)));
            }
        }
        println!(
            "  {:<6} {} cards, warp {}, foreign colonies {}  [{}]",
            n.player(p),
            view.hand_size(p),
            view.warp(p),
            view.foreign_colonies(p),
            colonies.join(" ")
        );
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
    /// Builds deal terms step by step.
    fn deal(&mut self, view: &View, req: &DealRequest) -> Result<Answer, AgentError> {
        let side = req.side;
        let names = view.names();
        let s = self.line("propose a deal? (y/n) > ")?;
        if !s.eq_ignore_ascii_case("y") {
            return Ok(Answer::Deal(None));
        }
        let hand = view.hand();
        for (i, &c) in hand.iter().enumerate() {
            println!("  {}) {}", i + 1, names.card(c));
        }
        let give = self.line("cards you give (numbers, comma-separated, or nothing) > ")?;
        let named = give
            .split(',')
            .filter_map(|x| x.trim().parse::<usize>().ok())
            .filter_map(|k| hand.get(k.wrapping_sub(1)).copied())
            .collect();
        let ask = self.line("cards you take from them at random (a number) > ")?;
        let random = ask.parse().unwrap_or(0);
        let planets: Vec<_> = view.planets().collect();
        let planet = |s: &str| {
            planets
                .iter()
                .copied()
                .find(|&p| names.planet(p).eq_ignore_ascii_case(s.trim()))
        };
        let mine =
            self.line("planet where you establish a colony (e.g. `Red 2`, or nothing) > ")?;
        let theirs = self.line("planet where they establish a colony (or nothing) > ")?;
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
                terms.offense_colony = planet(&mine);
                terms.defense_colony = planet(&theirs);
            }
            Side::Defense => {
                terms.defense_gives = me_gives;
                terms.offense_gives = they_give;
                terms.defense_colony = planet(&mine);
                terms.offense_colony = planet(&theirs);
            }
        }
        // Terms the aliens in this encounter offer, promised by either side.
        for offer in &req.terms {
            let ask = format!(
                "{} promises {}: for which player and how many (e.g. `blue 3`), or nothing > ",
                offer.by, offer.name
            );
            let answer = self.line(&ask)?;
            let mut words = answer.split_whitespace();
            let player = words.next().and_then(|w| {
                view.seats()
                    .find(|&p| names.player(p).eq_ignore_ascii_case(w))
            });
            if let Some(player) = player {
                terms.content.push(ContentTerm {
                    by: offer.by,
                    term: offer.term,
                    name: offer.name.clone(),
                    player,
                    amount: words.next().and_then(|n| n.parse().ok()).unwrap_or(1),
                });
            }
        }
        Ok(Answer::deal(Some(terms)))
    }
}
