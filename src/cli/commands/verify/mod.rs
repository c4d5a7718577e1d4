//! `knights verify`: check tours against every rule of a model, naming each broken rule.
//! A `.bin` tour of a board too large to hold is checked as it streams past (`stream`).

mod stream;

use crate::cli::arguments::model::ModelFlags;
use crate::cli::io::tours;
use anyhow::{bail, Result};
use clap::Args;
use knights::tour::text::ParseError;
use knights::verify::{angle_tally, line_sums};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The model file, then one or more tour files (grids, JSON lines from `enumerate`, or
    /// .bin files of cell indices). With --board, every file but a first `.toml` (the model,
    /// whose board --board must match) is a tour file. A .bin tour of a
    /// board of more than 16,777,216 cells (up to 4,294,967,295) is checked as it is read,
    /// for the leaper and --closed only.
    #[arg(value_name = "MODEL TOUR_FILE", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub flags: ModelFlags,
}

/// The model file, the tour files, and the flags that adjust the model. A `.toml` first is
/// the model even beside `--board` (`verify MODEL FILE.bin --board 8x8` is what a user of
/// binary tours writes): the board then only has to agree with the model's.
fn split_files(args: &VerifyArgs) -> Result<(Option<&Path>, &[PathBuf], ModelFlags)> {
    let first = args.files[0].as_path();
    let first_is_model = first.extension().is_some_and(|e| e == "toml");
    let Some(board) = &args.flags.board else {
        return Ok((Some(first), &args.files[1..], args.flags.clone()));
    };
    if !first_is_model {
        return Ok((None, &args.files[..], args.flags.clone()));
    }
    let flags = ModelFlags {
        board: None,
        ..args.flags.clone()
    };
    let spec = flags.spec(Some(first))?;
    anyhow::ensure!(
        spec.board == *board,
        "{} is a model of board {}, but --board says {board}: drop --board, which a model \
         file makes unneeded",
        first.display(),
        spec.board
    );
    Ok((Some(first), &args.files[1..], flags))
}

pub fn run(args: VerifyArgs) -> Result<ExitCode> {
    let (model, tour_files, flags) = split_files(&args)?;
    if tour_files.is_empty() {
        bail!("no tour files given: knights verify MODEL TOUR_FILE...");
    }
    let spec = flags.spec(model)?;
    if let Some(shape) = stream::streamed_board(&spec, tour_files)? {
        return stream::run(shape, &spec, tour_files);
    }
    let puzzle = flags.puzzle(model)?;
    let mut broken = 0usize;
    let mut checked = 0usize;
    for path in tour_files {
        let read = match tours::read(path, Some(puzzle.board.shape())) {
            Ok(read) => read,
            Err(err) => {
                let reason = other_board(&err).ok_or(err)?;
                checked += 1;
                broken += 1;
                outln!("{}: 1 broken rule(s)\n  - {reason}", path.display())?;
                continue;
            }
        };
        for sourced in read {
            checked += 1;
            let violations = knights::verify::verify(&puzzle, &sourced.tour);
            if violations.is_empty() {
                let order = sourced.tour.order();
                let angles = angle_tally(puzzle.board.shape(), order, puzzle.closed);
                outln!("{}: ok ({angles})", sourced.origin)?;
                if let Some(sums) = line_sums(puzzle.board.shape(), order) {
                    for line in sums.to_string().lines() {
                        outln!("  {line}")?;
                    }
                }
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

/// Why a tour file that is not read as a tour of the model's board breaks the board rule:
/// its grid is laid out for another board. Such a file is judged as a tour of another board
/// is (exit 1, the other files still checked), not refused as unreadable.
fn other_board(err: &anyhow::Error) -> Option<String> {
    match err.downcast_ref::<ParseError>()? {
        wrong @ ParseError::WrongShape { .. } => Some(wrong.to_string()),
        _ => None,
    }
}
