//! `knights optimise`: the least number of cells with an angle of one kind, proved, and every
//! class of tours that attains it (the descent is `knights::optimise`). Every class with
//! exactly the minimum is then enumerated, each tour verified as `enumerate` does.
//!
//! Exit codes: 0 with a proved minimum, 1 when the model has no tour at all, 3 when
//! `--timeout` or a signal stopped a step before the minimum was proved (the summary gives
//! the best found, never as the minimum).

use super::choice::Choice;
use super::engine::RunArgs;
use super::output::{Format, SolutionWriter};
use anyhow::Result;
use clap::Args;
use knights::optimise::{minimise, remaining, with_angle_bound, Descent};
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::{AngleKind, Puzzle};
use knights::run::{Limits, Summary};
use serde::Serialize;
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
    /// text: each optimal tour as a numbered grid; json: one record per tour. The summary
    /// (one JSON line) comes last either way. Default: text on a terminal, else json.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

/// What `optimise` reports last.
#[derive(Serialize)]
struct OptimiseSummary {
    model: String,
    engine: String,
    minimise: &'static str,
    #[serde(flatten)]
    descent: Descent,
    /// The optimal tours written and their classes; `None` unless the minimum is proved.
    solutions: Option<u64>,
    classes: Option<u64>,
    /// Whether every optimal tour was written.
    complete: bool,
    seconds: f64,
}

pub fn run(args: OptimiseArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    if let Some(reason) = no_solution_reason(&puzzle) {
        eprintln!("no solution: no tour exists. {reason}");
        return Ok(ExitCode::from(1));
    }
    let started = Instant::now();
    let limits = args.run.limits()?;
    // The choice is made for the bounded runs of the descent, not for the bare model.
    let bounded = with_angle_bound(&puzzle, args.minimise, 0, puzzle.n_cells());
    let choice = args.run.choose(&bounded, None)?;
    let engine = args.run.engine(&choice)?;
    let kind = args.minimise;
    let say_step = |step: &knights::optimise::Step| {
        if let Some(count) = step.found {
            eprintln!("optimise: a tour with {count} {} angles", kind.name());
        }
    };
    let descent = minimise(engine.as_ref(), &puzzle, kind, &limits, &say_step)?;
    let mut report = OptimiseSummary {
        model: puzzle.name.clone(),
        engine: engine.name().into(),
        minimise: kind.name(),
        descent,
        solutions: None,
        classes: None,
        complete: false,
        seconds: 0.0,
    };
    let code = match (report.descent.minimum, report.descent.proved) {
        (None, true) => ExitCode::from(1),
        (Some(minimum), true) => {
            let optimal = with_angle_bound(&puzzle, kind, minimum, minimum);
            let timeout = remaining(limits.timeout, started);
            let summary = enumerate_optimal(&args, &choice, &optimal, &limits, timeout)?;
            report.solutions = Some(summary.solutions);
            report.classes = Some(summary.classes);
            report.complete = summary.complete;
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(3),
    };
    report.seconds = started.elapsed().as_secs_f64();
    outln!("{}", serde_json::to_string(&report)?)?;
    say(&report);
    Ok(code)
}

/// Every class with exactly the minimum, each tour verified and written.
fn enumerate_optimal(
    args: &OptimiseArgs,
    choice: &Choice,
    optimal: &Puzzle,
    limits: &Limits,
    timeout: Option<Duration>,
) -> Result<Summary> {
    let engine = args.run.engine(choice)?;
    let limits = Limits {
        timeout,
        ..limits.clone()
    };
    let format = Format::resolve(args.format);
    let out = Box::new(std::io::stdout());
    let writer = SolutionWriter::new(optimal, out, limits.stop.clone(), format);
    let on_class = |class| writer.accept(class);
    let summary = engine.enumerate(optimal, &limits, &[], &on_class, &|_| {});
    if let Some(failure) = writer.take_failure() {
        return Err(failure);
    }
    Ok(summary?)
}

fn say(report: &OptimiseSummary) {
    let kind = report.minimise;
    match (report.descent.minimum, report.descent.proved) {
        (Some(minimum), true) => eprintln!(
            "the minimum is {minimum} {kind} angles (proved: the engine exhausted the search for fewer); {} tours in {} classes attain it{}",
            report.solutions.unwrap_or(0),
            report.classes.unwrap_or(0),
            if report.complete { "" } else { " (enumeration stopped early: not all of them)" }
        ),
        (Some(best), false) => eprintln!(
            "stopped before the minimum was proved: the best tour found has {best} {kind} angles"
        ),
        (None, false) => eprintln!("stopped before any tour was found"),
        (None, true) => eprintln!("no solution: the engine showed that the model has no tour"),
    }
}
