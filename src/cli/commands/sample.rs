//! `knights sample`: distinct random tours of a model, as JSON lines, reproducible by seed.
//!
//! Exit codes: 0 with every tour asked for, 1 when fewer exist or the samples allowed ran out
//! first, 3 when `--timeout` or `--limit` stopped the run first, 128 + N after signal N; the
//! tours found before a stop are written all the same.

use crate::cli::arguments::model::ModelArgs;
use crate::cli::io::atomic::OutputFile;
use crate::cli::presentation::plain_log::PlainLog;
use anyhow::{Context, Result};
use clap::Args;
use knights::puzzle::existence::no_solution_reason;
use knights::run::{Ending, StopFlag};
use knights::sample::{sample_within, Bounds, Method, Sample, SampleOptions, SampleReport};
use knights::solver::SolverKind;
use knights::tour::json::TourRecord;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SampleArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Distinct tours wanted (distinct as numbered tours).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub count: u64,
    /// Seed of the random walks: the same seed gives the same tours.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// greedy: walks to any unvisited neighbour at random (seed 004's search); warnsdorff:
    /// walks to a neighbour with the fewest ways onward, ties at random; sat: the SAT engine
    /// asked for a tour that begins with a random path (any model: line sums, rot180,
    /// required moves), each tour found blocked.
    #[arg(long, value_enum, default_value = "warnsdorff")]
    pub method: MethodArg,
    /// Walks a sample may make, each from a random start, before it gives up (seed 004:
    /// 1,000); for sat, solver calls under ever shorter random paths before one call that
    /// assumes nothing.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub walks: u32,
    /// The SAT backend, for --method sat.
    #[arg(long, value_enum, default_value = "cadical")]
    pub solver: SolverKind,
    /// Where to write the tours; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// Stop after N samples tried (each a sample index: its walks, or its solver calls): a
    /// bound on the work that, unlike --timeout, stops at the same tours on any machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the tours found so far are written.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = crate::cli::arguments::flags::seconds)]
    pub timeout: Option<f64>,
    /// Worker threads for the walks (0: one per core); the tours are the same for any
    /// number. The SAT method runs one solver.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// How samples are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Walks to any unvisited neighbour, at random.
    Greedy,
    /// Walks by Warnsdorff's rule, ties at random.
    Warnsdorff,
    /// The SAT engine from a random path.
    Sat,
}

impl MethodArg {
    fn method(self) -> Method {
        match self {
            MethodArg::Greedy => Method::Greedy,
            MethodArg::Warnsdorff => Method::Warnsdorff,
            MethodArg::Sat => Method::Sat,
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
    method: Method,
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
    if let Some(reason) = no_solution_reason(&puzzle) {
        errln!("no tour exists: {reason}");
        return Ok(ExitCode::from(1));
    }
    let options = SampleOptions {
        method: args.method.method(),
        solver: args.solver,
        count: args.count as usize,
        seed: args.seed,
        walks_per_sample: args.walks,
    };
    let bounds = bounds(&args)?;
    crate::cli::lowering::engine::say_worker_cap("-j", args.jobs);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(knights::run::workers(args.jobs))
        .build()?;
    let mut out = OutputFile::create(&args.output)?;
    let bar = progress_bar(args.count);
    let sampled = |done: u64| format!("{done} of {} tours sampled", args.count);
    let log = PlainLog::for_stderr(&puzzle.name, &sampled(0));
    let started = Instant::now();
    let mut written: Result<()> = Ok(());
    let report = pool.install(|| {
        sample_within(&puzzle, &options, &bounds, |found: &Sample| {
            bar.inc(1);
            if let Some(log) = &log {
                log.say(&sampled(bar.position()));
            }
            if written.is_ok() {
                written = write_sample(&mut out, found);
            }
        })
    })?;
    bar.finish_and_clear();
    drop(log);
    written.context("cannot write the tours")?;
    let summary = Summary {
        model: &puzzle.name,
        method: options.method,
        seed: args.seed,
        asked: args.count,
        complete: report.found as u64 == args.count,
        report,
        seconds: started.elapsed().as_secs_f64(),
    };
    let line = SummaryLine { summary: &summary };
    writeln!(out, "{}", serde_json::to_string(&line)?)?;
    out.finish()?;
    errln!("{}", describe(&summary));
    Ok(exit_code(&summary))
}

/// The bounds from `--limit` and `--timeout`, with Ctrl-C, SIGTERM and SIGHUP raising the
/// stop flag.
fn bounds(args: &SampleArgs) -> Result<Bounds> {
    let stop = StopFlag::default();
    crate::cli::io::signals::watch(&stop)?;
    Ok(Bounds {
        samples: args.limit,
        timeout: args.timeout.map(Duration::from_secs_f64),
        stop,
    })
}

/// 0 with every tour asked for; 3 when a bound stopped the run first (a signal's own code
/// replaces it in `cli::run`); 1 when the model or the samples allowed gave fewer.
fn exit_code(summary: &Summary) -> ExitCode {
    match (summary.complete, summary.report.stopped) {
        (true, _) => ExitCode::SUCCESS,
        (false, Some(_)) => ExitCode::from(3),
        (false, None) => ExitCode::from(1),
    }
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
    let short = match (summary.complete, r.exhausted) {
        (true, _) => String::new(),
        (false, _) if summary.report.stopped.is_some() => format!(
            " (stopped short of {}: {})",
            summary.asked,
            summary
                .report
                .stopped
                .map_or(String::new(), Ending::describe)
        ),
        (false, true) => format!(
            " (stopped short of {}: the solver proved that the model has no other tour)",
            summary.asked
        ),
        (false, false) => format!(
            " (stopped short of {} after {} samples: the rest repeated or gave up)",
            summary.asked, r.samples
        ),
    };
    let effort = match summary.method {
        Method::Sat => format!(
            "{} solver calls ({} under a random path no tour continues)",
            r.walks, r.walks_unfit
        ),
        Method::Greedy | Method::Warnsdorff => format!(
            "{} walks ({} through every cell but unfit for the model), {} samples gave up, {} repeated an earlier tour",
            r.walks, r.walks_unfit, r.gave_up, r.duplicates
        ),
    };
    format!(
        "{} distinct tours{short}, {} of them closing, in {:.3} s: {} samples, {effort}",
        r.found, r.closing, summary.seconds, r.samples
    )
}

/// A bar of tours found, drawn on a terminal only.
fn progress_bar(count: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(count);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:40} {pos} of {len} tours sampled",
        )
        .expect("a valid template"),
    );
    // Ticked by the clock too, so that a slow first tour (a SAT call on a hard model) still
    // shows the time passing.
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
