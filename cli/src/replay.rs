//! `cosmic replay`: plays a save's answers again from its seed and checks that the game
//! reaches exactly the state the save recorded.

use crate::play::{answers_by_seat, check_library, read_save};
use clap::Args;
use cosmic_engine::agents::ReplayAgent;
use cosmic_engine::save::{digest, Save};
use cosmic_engine::{Agent, Game, Options};
use miette::miette;
use std::path::PathBuf;

/// Options of `cosmic replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// A save written by `cosmic play --save`.
    file: PathBuf,
}

/// Replays; returns 0 when the replay reaches the saved state, 1 otherwise.
pub fn run(args: ReplayArgs) -> miette::Result<i32> {
    let save = read_save(&args.file)?;
    let cards: Vec<PathBuf> = save.cards.iter().map(PathBuf::from).collect();
    let library = crate::lint::load_library(&cards)?;
    check_library(&save, &library)?;
    match verify(&save, &library)? {
        Ok((events, state)) => {
            println!(
                "replay matches the save: {} answers, {events} events, state digest {state}",
                save.answers.len()
            );
            Ok(0)
        }
        Err(why) => {
            println!("replay FAILED: {why}");
            Ok(1)
        }
    }
}

/// Plays `save`'s answers again from its seed, checking the invariants. The events and state
/// digest reached, if they are the ones the save recorded; else how the replay parted from
/// it. An error is a save whose setup cannot be played at all.
pub(crate) fn verify(
    save: &Save,
    library: &cosmic_cards::Library,
) -> miette::Result<Result<(u64, String), String>> {
    let agents: Vec<Box<dyn Agent>> = answers_by_seat(save)
        .into_iter()
        .map(|answers| Box::new(ReplayAgent::new(answers, None, false)) as Box<dyn Agent>)
        .collect();
    let options = Options {
        check_invariants: true,
        ..Options::default()
    };
    let hooks = library.runtime();
    let mut game = Game::new(
        &save.setup,
        library.components.clone(),
        agents,
        &hooks,
        options,
    )
    .map_err(|e| miette!("{e}"))?;
    let result = game.run();
    // An unfinished save stops where its answers run out; a finished one runs to its end.
    if let Err(e) = &result {
        let out_of_answers = e.to_string().contains("the recording has no more answers");
        if save.finished || !out_of_answers {
            return Ok(Err(e.to_string()));
        }
    }
    let (events, state) = (game.stats().events, digest(game.state()));
    if events == save.events && state == save.digest {
        Ok(Ok((events, state)))
    } else {
        Ok(Err(format!(
            "the save recorded {} events and digest {}, the replay reached {events} events and digest {state}",
            save.events, save.digest
        )))
    }
}
