//! `knights optimise`: the least number of cells with an angle of one kind, proved, and every
//! class of tours that attains it (the descent is `knights::optimise`). Every class with
//! exactly the minimum is then enumerated, each tour verified as `enumerate` does.
//!
//! Exit codes: 0 with a proved minimum, 1 when the model has no tour at all, 3 when
//! `--timeout` or a signal stopped a step before the minimum was proved (the summary gives
//! the best found, never as the minimum).

use crate::cli::arguments::run::RunArgs;
use crate::cli::lowering::engine::RunConfig;
use crate::cli::presentation::output::{Format, SolutionWriter};
use anyhow::Result;
use clap::Args;
use knights::choice::Purpose;
use knights::optimise::{minimise, remaining, with_angle_bound, Descent};
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::{AngleKind, Puzzle};
use knights::run::{Limits, Summary};
use knights::sat::ProofDir;
use serde::Serialize;
use std::cell::Cell;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct OptimiseArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// The kind of angle whose count is minimised: acute, right, obtuse (126.9 and 143.1
    /// degrees for the knight), straight, or obtuse_or_straight (every angle above 90).
    #[arg(long, value_enum, value_name = "KIND")]
    pub minimise: AngleKind,
    /// text: each optimal tour as a numbered grid, then the descent and the verdict in words;
    /// json: one record per tour, then the summary as one JSON line. Default: text on a
    /// terminal, else json.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

/// What `optimise` reports last.
#[derive(Serialize)]
struct OptimiseSummary {
    model: String,
    engine: String,
    minimise: &'static str,
    /// The proved minimum; null while unproved, when `best` is only the least found.
    minimum: Option<usize>,
    #[serde(flatten)]
    descent: Descent,
    /// The optimal tours written and their classes; `None` unless the minimum is proved.
    solutions: Option<u64>,
    classes: Option<u64>,
    /// Whether every optimal tour was written.
    complete: bool,
    /// With `--proof`: the directory, and the proofs of the enumeration of the optimal
    /// classes (each step's own are in the step).
    #[serde(skip_serializing_if = "Option::is_none")]
    proof_dir: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    enumeration_proofs: Option<Vec<String>>,
    seconds: f64,
}

pub fn run(args: OptimiseArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    if let Some(reason) = no_solution_reason(&puzzle) {
        errln!("no solution: no tour exists. {reason}");
        return Ok(ExitCode::from(1));
    }
    let started = Instant::now();
    // The choice is made for the bounded runs of the descent, not for the bare model.
    let bounded = with_angle_bound(&puzzle, args.minimise, 0, puzzle.n_cells());
    let config = args.run.lower(&bounded, Purpose::List)?;
    let kind = args.minimise;
    let proofs = ProofLedger::new(config.proof.as_ref());
    let mut on_step = |step: &mut knights::optimise::Step| {
        step.proofs = proofs.since_last();
        if let Some(count) = step.found {
            errln!("optimise: a tour with {count} {} angles", kind.name());
        }
    };
    let descent = minimise(
        config.engine.as_ref(),
        &puzzle,
        kind,
        &config.limits,
        &mut on_step,
    )?;
    let mut report = OptimiseSummary {
        model: puzzle.name.clone(),
        engine: config.engine.name().into(),
        minimise: kind.name(),
        minimum: descent.minimum(),
        descent,
        solutions: None,
        classes: None,
        complete: false,
        proof_dir: config
            .proof
            .as_ref()
            .map(|p| p.path().display().to_string()),
        enumeration_proofs: None,
        seconds: 0.0,
    };
    let code = match (report.descent.best, report.descent.proved) {
        (None, true) => ExitCode::from(1),
        (Some(minimum), true) => {
            let optimal = with_angle_bound(&puzzle, kind, minimum, minimum);
            let timeout = remaining(config.limits.timeout, started);
            let summary = enumerate_optimal(&args, &config, &optimal, timeout)?;
            report.solutions = Some(summary.solutions);
            report.classes = Some(summary.classes);
            report.complete = summary.complete;
            report.enumeration_proofs = proofs.since_last();
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(3),
    };
    report.seconds = started.elapsed().as_secs_f64();
    match Format::resolve(args.format) {
        Format::Json => {
            outln!("{}", serde_json::to_string(&report)?)?;
            errln!("{}", verdict(&report));
        }
        Format::Text => out!("{}", text_summary(&report))?,
    }
    Ok(code)
}

/// Which proofs each part of the run wrote: the solvers started since the last reading.
struct ProofLedger<'a> {
    dir: Option<&'a ProofDir>,
    read: Cell<usize>,
}

impl<'a> ProofLedger<'a> {
    fn new(dir: Option<&'a ProofDir>) -> Self {
        ProofLedger {
            dir,
            read: Cell::new(0),
        }
    }

    /// The proofs written since the last call; `None` without a proof directory.
    fn since_last(&self) -> Option<Vec<String>> {
        let dir = self.dir?;
        let now = dir.started();
        let written = dir.written(self.read.replace(now)..now);
        Some(written.iter().map(|p| p.display().to_string()).collect())
    }
}

/// Every class with exactly the minimum, each tour verified and written, by the run's one
/// engine.
fn enumerate_optimal(
    args: &OptimiseArgs,
    config: &RunConfig,
    optimal: &Puzzle,
    timeout: Option<Duration>,
) -> Result<Summary> {
    let limits = Limits {
        timeout,
        ..config.limits.clone()
    };
    let format = Format::resolve(args.format);
    let out = Box::new(std::io::stdout());
    let writer = SolutionWriter::new(optimal, out, limits.stop.clone(), format);
    let on_class = |class| writer.accept(class);
    let summary = config
        .engine
        .enumerate(optimal, &limits, &[], &on_class, &|_| {});
    if let Some(failure) = writer.take_failure() {
        return Err(failure);
    }
    Ok(summary?)
}

/// The summary for people: a line per step of the descent, then the verdict.
fn text_summary(report: &OptimiseSummary) -> String {
    let mut text = format!(
        "{}: minimise {} angles ({} engine, {:.2} s)\n",
        report.model, report.minimise, report.engine, report.seconds
    );
    for step in &report.descent.steps {
        let found = match step.found {
            Some(count) => format!("a tour with {count}"),
            None => "no tour".into(),
        };
        let ending = serde_json::to_value(step.ending).unwrap_or_default();
        text += &format!(
            "  asked {}: {found} ({}, {:.2} s)\n",
            step.bound,
            ending.as_str().unwrap_or("?"),
            step.seconds
        );
    }
    text + &verdict(report) + "\n"
}

fn verdict(report: &OptimiseSummary) -> String {
    let kind = report.minimise;
    match (report.descent.best, report.descent.proved) {
        (Some(minimum), true) => format!(
            "the minimum is {minimum} {kind} angles (proved: the engine exhausted the search for fewer); {} tours in {} classes attain it{}",
            report.solutions.unwrap_or(0),
            report.classes.unwrap_or(0),
            if report.complete { "" } else { " (enumeration stopped early: not all of them)" }
        ),
        (Some(best), false) => format!(
            "stopped before the minimum was proved: the best tour found has {best} {kind} angles"
        ),
        (None, false) => "stopped before any tour was found".into(),
        (None, true) => "no solution: the engine showed that the model has no tour".into(),
    }
}
