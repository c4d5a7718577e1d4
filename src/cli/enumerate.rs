//! `knights count` and `knights enumerate`: every solution, verified, then the summary line.

use super::engine::RunArgs;
use super::output::SolutionWriter;
use super::progress::Progress;
use anyhow::Result;
use clap::Args;
use knights::puzzle::existence::no_tour_reason;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct EnumerateArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Write one line per class (its representative) instead of one per solution.
    #[arg(long)]
    pub classes_only: bool,
}

/// `enumerate` writes every solution; `count` writes only the summary.
pub fn run(args: EnumerateArgs, write_solutions: bool) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    if let Some(reason) = no_tour_reason(&puzzle.board, puzzle.closed) {
        eprintln!("no tour exists: {reason}");
    }
    let limits = args.run.limits()?;
    let sink: Box<dyn std::io::Write + Send> = if write_solutions {
        Box::new(std::io::stdout())
    } else {
        Box::new(std::io::sink())
    };
    let writer = SolutionWriter::new(&puzzle, sink, limits.stop.clone(), args.classes_only);
    let progress = Progress::start(&puzzle.name);
    let summary = args.run.enumerate(
        &puzzle,
        &limits,
        &|class| {
            writer.accept(class);
            let (solutions, classes) = writer.written();
            progress.found(solutions, classes);
        },
        &|p| progress.nodes(p.nodes, p.nodes_per_second),
    );
    progress.finish();
    if let Some(failure) = writer.take_failure() {
        return Err(failure);
    }
    let summary = summary?;
    let (solutions, classes) = writer.written();
    anyhow::ensure!(
        (solutions, classes) == (summary.solutions, summary.classes),
        "internal error: the engine reports {} solutions in {} classes but handed over {solutions} in {classes}",
        summary.solutions,
        summary.classes
    );
    println!("{}", summary.to_json_line());
    if !summary.complete {
        eprintln!(
            "stopped ({:?}) before the search was exhausted: the figures are not counts",
            summary.ending
        );
    }
    Ok(ExitCode::SUCCESS)
}
