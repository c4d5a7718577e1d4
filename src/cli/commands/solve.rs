//! `knights solve`: the first solution, as a grid for people.
//!
//! Exit codes: 0 with a solution, 1 when none exists (a theorem, or an exhausted search),
//! 3 when `--timeout` stopped the search before it decided, 128 + N after signal N.

use crate::cli::arguments::run::RunArgs;
use crate::cli::lowering::engine::{show_progress, RunConfig};
use crate::cli::presentation::broken_rules::broken_rules;
use crate::cli::presentation::output::Format;
use crate::cli::presentation::progress::Progress;
use anyhow::{bail, Result};
use clap::Args;
use knights::choice::symmetric_first::{first_tour, FirstReports};
use knights::choice::Purpose;
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::Puzzle;
use knights::run::{Ending, Summary};
use knights::tour::json::TourRecord;
use knights::tour::{Closure, Tour};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Also write the solution as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// text: a numbered grid; json: one tour record.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also print the engine's summary record, with its own figures, on stderr.
    #[arg(long)]
    pub stats: bool,
}

pub fn run(mut args: SolveArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    if let Some(reason) = no_solution_reason(&puzzle) {
        errln!("no solution: no tour exists. {reason}");
        return Ok(ExitCode::from(1));
    }
    args.run.limit = Some(1);
    let config = args.run.lower(&puzzle, Purpose::List)?;
    // No time left is shown: the estimate is of the whole tree, and the first tour may lie
    // anywhere in it.
    let progress = Progress::start(&puzzle.name, None);
    let found = first(&args.run, &puzzle, &config, &progress);
    progress.finish();
    let (tour, mut summary) = found?;
    let Some(tour) = tour else {
        return Ok(no_solution(&summary, args.stats));
    };
    if let Some(broken) = broken_rules(&puzzle, &tour) {
        bail!("internal error: the engine's tour breaks rules: {broken}");
    }
    write_tour(&tour, args.format)?;
    if let Some(path) = &args.svg {
        // Drawn as `render` draws the same tour: closed when its ends are a move apart,
        // also where the model allowed an open tour.
        let closure = Closure::of(&tour, &puzzle.board);
        crate::cli::io::atomic::write_whole(path, knights::render::svg(&tour, closure))?;
    }
    errln!(
        "a solution of {}, verified ({} engine, {:.2} s)",
        puzzle.name,
        summary.engine,
        summary.seconds
    );
    // One solution was asked for and shown; the engine's own tally is whole classes.
    summary.solutions = 1;
    summary.classes = 1;
    if args.stats {
        errln!("{}", summary.to_json_line());
    }
    Ok(ExitCode::SUCCESS)
}

/// The first tour: among the symmetric sub-models when the automatic choice found the tree
/// too large, else by the chosen engine; its progress on `progress`.
fn first(
    run: &RunArgs,
    puzzle: &Puzzle,
    config: &RunConfig,
    progress: &Progress,
) -> Result<(Option<Tour>, Summary)> {
    let note = |line: &str| progress.suspend(|| errln!("{line}"));
    let reports = FirstReports {
        progress: &show_progress(progress),
        note: &note,
    };
    Ok(first_tour(
        puzzle,
        &config.choice,
        config.engine.as_ref(),
        &run.request(None).search_options(),
        &config.limits,
        &reports,
    )?)
}

fn write_tour(tour: &Tour, format: Format) -> Result<()> {
    match format {
        Format::Text => out!("{}", knights::tour::text::format(tour))?,
        Format::Json => outln!("{}", serde_json::to_string(&TourRecord::of(tour))?)?,
    }
    Ok(())
}

/// No tour came back: proof that there is none, or a run stopped before it decided.
fn no_solution(summary: &Summary, stats: bool) -> ExitCode {
    if stats {
        errln!("{}", summary.to_json_line());
    }
    if summary.ending == Ending::Exhausted {
        errln!(
            "no solution: the {} engine exhausted the search space ({:.2} s)",
            summary.engine,
            summary.seconds
        );
        return ExitCode::from(1);
    }
    errln!(
        "no solution found: {} before the search was decided",
        summary.ending.describe()
    );
    ExitCode::from(3)
}
