//! `knights render`: draw a tour as SVG, once it is shown to be a tour.

use super::tours;
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::board::{Board, Leaper};
use knights::tour::Tour;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A tour file: a numbered grid, or JSON lines (the first tour is drawn).
    #[arg(value_name = "TOUR_FILE")]
    pub tour: PathBuf,
    /// Where to write the SVG; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// The tour is closed: its last cell must be a move from its first, and that move is
    /// drawn. [default: drawn whenever the ends are a move apart]
    #[arg(long, conflicts_with = "open")]
    pub closed: bool,
    /// Draw no closing move, even where the ends are a move apart.
    #[arg(long)]
    pub open: bool,
    /// The (a,b) leaper whose moves the tour makes. Default: the knight 1,2.
    #[arg(long, value_name = "A,B")]
    pub leaper: Option<String>,
}

pub fn run(args: RenderArgs) -> Result<ExitCode> {
    let Some(first) = tours::read(&args.tour, None)?.into_iter().next() else {
        bail!("{} holds no tour", args.tour.display());
    };
    let leaper = match &args.leaper {
        Some(text) => Leaper::parse(text).context("--leaper")?,
        None => Leaper::KNIGHT,
    };
    let board = Board::new(first.tour.shape(), leaper);
    check_moves(&board, &first.tour).with_context(|| first.origin.clone())?;
    let closes = closes(&board, &first.tour);
    if args.closed && !closes {
        bail!(
            "{}: --closed, but the last cell is not a {leaper} move from the first",
            first.origin
        );
    }
    let svg = knights::render::svg(&first.tour, closes && !args.open);
    if args.output.as_os_str() == "-" {
        out!("{svg}")?;
    } else {
        std::fs::write(&args.output, svg)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
        eprintln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Every step of the tour is a move of the leaper: anything else is not drawn as a tour.
fn check_moves(board: &Board, tour: &Tour) -> Result<()> {
    let shape = board.shape();
    for (k, step) in tour.order().windows(2).enumerate() {
        if !board.is_move(step[0], step[1]) {
            bail!(
                "not a tour of the {} leaper, so not drawn: {} at {} to {} at {} is not a move",
                board.leaper(),
                k + 1,
                shape.cell_name(step[0]),
                k + 2,
                shape.cell_name(step[1])
            );
        }
    }
    Ok(())
}

/// Whether the last cell is a move from the first.
fn closes(board: &Board, tour: &Tour) -> bool {
    let order = tour.order();
    order.len() > 2 && board.is_move(order[order.len() - 1], order[0])
}
