//! `knights verify`: check tours against every rule of a model, naming each broken rule.
//! A `.bin` tour of a board too large to hold is checked as it streams past (`stream`).

mod stream;

use super::{tours, ModelFlags};
use anyhow::{bail, Result};
use clap::Args;
use knights::verify::angle_tally;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The model file, then one or more tour files (grids, JSON lines from `enumerate`, or
    /// .bin files of cell indices). With --board, every file is a tour file. A .bin tour of a
    /// board of more than 16,777,216 cells (up to 4,294,967,295) is checked as it is read,
    /// for the leaper and --closed only.
    #[arg(value_name = "MODEL TOUR_FILE", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub flags: ModelFlags,
}

pub fn run(args: VerifyArgs) -> Result<ExitCode> {
    let (model, tour_files) = match args.flags.board {
        Some(_) => (None, &args.files[..]),
        None => (Some(args.files[0].as_path()), &args.files[1..]),
    };
    if tour_files.is_empty() {
        bail!("no tour files given: knights verify MODEL TOUR_FILE...");
    }
    let spec = args.flags.spec(model)?;
    if let Some(shape) = stream::streamed_board(&spec, tour_files)? {
        return stream::run(shape, &spec, tour_files);
    }
    let puzzle = args.flags.puzzle(model)?;
    let mut broken = 0usize;
    let mut checked = 0usize;
    for path in tour_files {
        for sourced in tours::read(path, Some(puzzle.board.shape()))? {
            checked += 1;
            let violations = knights::verify::verify(&puzzle, &sourced.tour);
            if violations.is_empty() {
                let order = sourced.tour.order();
                let angles = angle_tally(puzzle.board.shape(), order, puzzle.closed);
                outln!("{}: ok ({angles})", sourced.origin)?;
                continue;
            }
            broken += 1;
            outln!("{}: {} broken rule(s)", sourced.origin, violations.len())?;
            for v in &violations {
                outln!("  - {v}")?;
            }
        }
    }
    if checked == 0 {
        bail!("the tour files hold no tours");
    }
    errln!(
        "{checked} tour(s) checked against {}: {broken} broken",
        puzzle.name
    );
    Ok(if broken == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
