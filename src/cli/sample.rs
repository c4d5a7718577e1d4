//! `knights sample`: distinct random tours of a model, as JSON lines, reproducible by seed.

use super::model::ModelArgs;
use super::output::create_output;
use anyhow::{Context, Result};
use clap::Args;
use knights::puzzle::existence::no_tour_reason;
use knights::sample::{sample, Rule, Sample, SampleOptions, SampleReport};
use knights::tour::json::TourRecord;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct SampleArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Distinct tours wanted (distinct as numbered tours).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub count: u64,
    /// Seed of the random walks: the same seed gives the same tours.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// greedy: any unvisited neighbour at random (seed 004's search); warnsdorff: a
    /// neighbour with the fewest ways onward, ties at random.
    #[arg(long, value_enum, default_value = "warnsdorff")]
    pub method: MethodArg,
    /// Walks a sample may make, each from a random start, before it gives up (seed 004:
    /// 1,000).
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub walks: u32,
    /// Where to write the tours; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
}

/// How each walk chooses its next cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Any unvisited neighbour, at random.
    Greedy,
    /// Warnsdorff's rule, ties at random.
    Warnsdorff,
}

impl MethodArg {
    fn rule(self) -> Rule {
        match self {
            MethodArg::Greedy => Rule::Greedy,
            MethodArg::Warnsdorff => Rule::Warnsdorff,
        }
    }
}

/// Boards past this many cells are refused: a walk is as long as the board, and the
/// chance that one finishes falls with its length.
const MAX_CELLS: usize = 1 << 16;

/// One line of output: the tour record, with the sample's index and the walks it took.
#[derive(Serialize)]
struct SampleLine<'a> {
    #[serde(flatten)]
    record: &'a TourRecord,
    sample: u64,
    walks: u32,
    closes: bool,
}

/// The last line of output.
#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: &'a Summary<'a>,
}

#[derive(Serialize)]
struct Summary<'a> {
    model: &'a str,
    method: Rule,
    seed: u64,
    asked: u64,
    complete: bool,
    #[serde(flatten)]
    report: SampleReport,
    seconds: f64,
}

pub fn run(args: SampleArgs) -> Result<ExitCode> {
    let puzzle = args.model.puzzle()?;
    let cells = puzzle.n_cells();
    if cells > MAX_CELLS {
        anyhow::bail!(
            "the board {} has {cells} cells; sample walks boards of up to {MAX_CELLS} (knights tour builds one tour of a large board)",
            puzzle.board.shape()
        );
    }
    if let Some(reason) = no_tour_reason(&puzzle.board, puzzle.closed) {
        eprintln!("no tour exists: {reason}");
        return Ok(ExitCode::from(1));
    }
    let options = SampleOptions {
        rule: args.method.rule(),
        count: args.count as usize,
        seed: args.seed,
        walks_per_sample: args.walks,
    };
    let mut out = create_output(&args.output)?;
    let bar = progress_bar(args.count);
    let started = Instant::now();
    let mut written: Result<()> = Ok(());
    let report = sample(&puzzle, &options, |found: &Sample| {
        bar.inc(1);
        if written.is_ok() {
            written = write_sample(&mut out, found);
        }
    })?;
    bar.finish_and_clear();
    written.context("cannot write the tours")?;
    let summary = Summary {
        model: &puzzle.name,
        method: options.rule,
        seed: args.seed,
        asked: args.count,
        complete: report.found as u64 == args.count,
        report,
        seconds: started.elapsed().as_secs_f64(),
    };
    let line = SummaryLine { summary: &summary };
    writeln!(out, "{}", serde_json::to_string(&line)?)?;
    out.flush()?;
    eprintln!("{}", describe(&summary));
    Ok(ExitCode::from(u8::from(!summary.complete)))
}

fn write_sample(out: &mut dyn Write, found: &Sample) -> Result<()> {
    let record = TourRecord::of(&found.tour);
    let line = SampleLine {
        record: &record,
        sample: found.index,
        walks: found.walks,
        closes: found.closes,
    };
    writeln!(out, "{}", serde_json::to_string(&line)?)?;
    Ok(())
}

/// One line for people: what was found and what it took.
fn describe(summary: &Summary) -> String {
    let r = &summary.report;
    let short = if summary.complete {
        String::new()
    } else {
        format!(
            " (stopped short of {} after {} samples: the rest repeated or gave up)",
            summary.asked, r.samples
        )
    };
    format!(
        "{} distinct tours{short}, {} of them closing, in {:.3} s: {} samples, {} walks ({} through every cell but unfit for the model), {} samples gave up, {} repeated an earlier tour",
        r.found, r.closing, summary.seconds, r.samples, r.walks, r.walks_unfit, r.gave_up, r.duplicates
    )
}

/// A bar of tours found, for runs large enough to take a moment.
fn progress_bar(count: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:40} {pos} of {len} tours sampled",
        )
        .expect("a valid template"),
    );
    bar
}
