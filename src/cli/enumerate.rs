//! `knights count` and `knights enumerate`: every solution, verified, then the summary line.

use super::engine::{EngineKind, RunArgs};
use super::estimate::predict;
use super::output::SolutionWriter;
use super::progress::Progress;
use super::resume::{self, Resumed};
use anyhow::Result;
use clap::Args;
use knights::puzzle::existence::no_tour_reason;
use knights::run::Summary;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct EnumerateArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Write one line per class (its representative) instead of one per solution.
    #[arg(long)]
    pub classes_only: bool,
    /// Run even when the search is predicted to take more than ten minutes.
    #[arg(long)]
    pub yes: bool,
    /// Continue an interrupted `enumerate`: FILE is its output. Its classes are counted, not
    /// searched for or written again (SAT engine only).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

/// Runs predicted to take longer than this need `--yes`, `--limit` or `--timeout`.
const LONG_RUN_SECONDS: f64 = 600.0;

/// Trees smaller than this are never long enough to be worth measuring first.
const SMALL_TREE_NODES: f64 = 1e8;

/// For the native search: predicts the tree size (for the progress display's time left) and
/// refuses a run predicted to take very long unless the user said how to bound it.
fn plan_search_run(args: &EnumerateArgs, puzzle: &knights::puzzle::Puzzle) -> Result<Option<f64>> {
    if args.run.engine != EngineKind::Search {
        return Ok(None);
    }
    let estimate = knights::search::estimate(puzzle, 1000, 1)?;
    let bounded = args.yes || args.run.limit.is_some() || args.run.timeout.is_some();
    if bounded || estimate.nodes < SMALL_TREE_NODES {
        return Ok(Some(estimate.nodes));
    }
    let options = args.run.search_options();
    let prediction = predict(puzzle, &options, 1000, 1, 1.0)?;
    eprintln!(
        "estimate: {:.2e} search nodes at {:.2e} nodes/s, about {}",
        prediction.estimate.nodes,
        prediction.nodes_per_second,
        human_duration(prediction.predicted_seconds)
    );
    anyhow::ensure!(
        prediction.predicted_seconds <= LONG_RUN_SECONDS,
        "this search is predicted to take {}; pass --yes to run it anyway, or bound it with --limit or --timeout",
        human_duration(prediction.predicted_seconds)
    );
    Ok(Some(prediction.estimate.nodes))
}

fn human_duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} seconds"),
        s if s < 7200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 63_072_000.0 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.1e} years", s / 31_536_000.0),
    }
}

/// A board on which a theorem rules out every tour: answered at once, as an exact count.
fn answer_by_theorem(puzzle: &knights::puzzle::Puzzle, reason: &str) -> Result<ExitCode> {
    let mut summary = Summary::new(puzzle, "theorem");
    summary.stats.insert("reason".into(), reason.into());
    summary.finish(knights::run::Ending::Exhausted, std::time::Instant::now());
    eprintln!("no tour exists: {reason}");
    outln!("{}", summary.to_json_line())?;
    Ok(ExitCode::SUCCESS)
}

/// `enumerate` writes every solution, each verified first; `count` writes only the summary.
pub fn run(args: EnumerateArgs, write_solutions: bool) -> Result<ExitCode> {
    args.run.check_resume(args.resume.as_deref())?;
    let puzzle = args.run.puzzle()?;
    let resumed = match &args.resume {
        Some(path) => resume::load(path, &puzzle, args.classes_only)?,
        None => Resumed::default(),
    };
    if let Some(reason) = no_tour_reason(&puzzle.board, puzzle.closed) {
        return answer_by_theorem(&puzzle, &reason);
    }
    let expected_nodes = plan_search_run(&args, &puzzle)?;
    let limits = args.run.limits()?;
    let progress = Progress::start(&puzzle.name, expected_nodes);
    if !write_solutions {
        let summary = args.run.count(
            &puzzle,
            &limits,
            &resumed.tours,
            &|p| progress.nodes(p.nodes, p.nodes_per_second),
            &|c| progress.cubes(c.done, c.searched),
        );
        progress.finish();
        return report(&summary.map_err(|err| resumed.name_refused_tour(err))?);
    }
    let writer = SolutionWriter::new(
        &puzzle,
        Box::new(std::io::stdout()),
        limits.stop.clone(),
        args.classes_only,
    )
    .continuing_after(resumed.classes);
    let summary = args.run.enumerate(
        &puzzle,
        &limits,
        &resumed.tours,
        &|class| {
            writer.accept(class);
            let (solutions, classes) = writer.written();
            progress.found(solutions, classes);
        },
        &|p| progress.nodes(p.nodes, p.nodes_per_second),
        &|c| progress.cubes(c.done, c.searched),
    );
    progress.finish();
    if let Some(failure) = writer.take_failure() {
        return Err(failure);
    }
    let summary = summary.map_err(|err| resumed.name_refused_tour(err))?;
    check_tally(&writer, &resumed, &summary)?;
    report(&summary)
}

/// The summary must count exactly what was written now plus what the resumed file holds.
fn check_tally(writer: &SolutionWriter, resumed: &Resumed, summary: &Summary) -> Result<()> {
    let (written, written_classes) = writer.written();
    let (solutions, classes) = (
        written + resumed.solutions,
        written_classes + resumed.classes,
    );
    let engine_resumed = summary
        .stats
        .get("resumed_classes")
        .and_then(|v| v.as_u64());
    anyhow::ensure!(
        (solutions, classes) == (summary.solutions, summary.classes)
            && engine_resumed.unwrap_or(0) == resumed.classes,
        "internal error: the engine reports {} solutions in {} classes ({engine_resumed:?} resumed) \
         but handed over {written} in {written_classes}, with {} in {} resumed",
        summary.solutions,
        summary.classes,
        resumed.solutions,
        resumed.classes
    );
    Ok(())
}

/// The summary record as the last line of stdout, and a warning when it is not a count.
fn report(summary: &Summary) -> Result<ExitCode> {
    outln!("{}", summary.to_json_line())?;
    if !summary.complete {
        eprintln!(
            "stopped ({:?}) before the search was exhausted: the figures are not counts",
            summary.ending
        );
    }
    Ok(ExitCode::SUCCESS)
}
