//! `knights optimise`: the least number of cells with an angle of one kind, proved, and every
//! class of tours that attains it.
//!
//! Each step asks the engine for one tour with fewer such angles than the best found so far;
//! the first step asks for any tour. When the engine shows that no tour has fewer, the best
//! is the minimum and that last search is the proof. Then every class with exactly the
//! minimum is enumerated, each tour verified as `enumerate` does.
//!
//! Exit codes: 0 with a proved minimum, 1 when the model has no tour at all, 3 when
//! `--timeout` or a signal stopped a step before the minimum was proved (the summary gives
//! the best found, never as the minimum).

use super::engine::RunArgs;
use super::output::{Format, SolutionWriter};
use anyhow::{bail, Result};
use clap::Args;
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::{angle_cells, AngleBound, AngleKind, Puzzle};
use knights::run::{Class, Ending, Limits, Summary};
use knights::tour::Tour;
use knights::verify::{angle_tally, verify};
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

/// One step of the descent: the bound asked for and what the engine answered.
#[derive(Serialize)]
struct Step {
    /// The bound added for this step, `obtuse <= 7`; `none` for the first.
    bound: String,
    /// The count of the tour found, or `None` when the engine showed there is none.
    found: Option<usize>,
    /// How the engine's search ended.
    ending: Ending,
    seconds: f64,
}

/// What `optimise` reports last.
#[derive(Serialize)]
struct OptimiseSummary {
    model: String,
    engine: String,
    minimise: &'static str,
    /// The least count found; proved the minimum when `proved`.
    minimum: Option<usize>,
    proved: bool,
    steps: Vec<Step>,
    /// The optimal tours written (solutions) and their classes; `None` before the minimum is
    /// proved.
    solutions: Option<u64>,
    classes: Option<u64>,
    complete: bool,
    seconds: f64,
}

pub fn run(args: OptimiseArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    if let Some(reason) = no_solution_reason(&puzzle) {
        eprintln!("no solution: no tour exists. {reason}");
        return Ok(ExitCode::from(1));
    }
    let clock = Clock {
        timeout: args.run.timeout.map(Duration::from_secs_f64),
        started: Instant::now(),
    };
    let limits = args.run.limits()?;
    let mut report = OptimiseSummary {
        model: puzzle.name.clone(),
        engine: format!("{:?}", args.run.engine).to_lowercase(),
        minimise: args.minimise.name(),
        minimum: None,
        proved: false,
        steps: Vec::new(),
        solutions: None,
        classes: None,
        complete: false,
        seconds: 0.0,
    };
    descend(&args, &puzzle, &limits, &clock, &mut report)?;
    let code = match (report.minimum, report.proved) {
        (None, true) => {
            eprintln!("no solution: the engine showed that the model has no tour");
            ExitCode::from(1)
        }
        (Some(minimum), true) => {
            let optimal = with_bound(&puzzle, args.minimise, minimum, minimum);
            let summary = enumerate_optimal(&args, &optimal, &limits, clock.remaining())?;
            report.solutions = Some(summary.solutions);
            report.classes = Some(summary.classes);
            report.complete = summary.complete;
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(3),
    };
    report.seconds = clock.started.elapsed().as_secs_f64();
    outln!("{}", serde_json::to_string(&report)?)?;
    say(&report);
    Ok(code)
}

/// Finds tours with fewer and fewer angles of the kind until the engine proves there is
/// none with fewer, or a step is stopped.
fn descend(
    args: &OptimiseArgs,
    puzzle: &Puzzle,
    limits: &Limits,
    clock: &Clock,
    report: &mut OptimiseSummary,
) -> Result<()> {
    let engine = args.run.engine()?;
    let kind = args.minimise;
    let mut bound: Option<usize> = None;
    loop {
        let asked = match bound {
            None => puzzle.clone(),
            Some(most) => with_bound(puzzle, kind, 0, most),
        };
        let step_limits = Limits {
            solutions: Some(1),
            timeout: clock.remaining(),
            stop: limits.stop.clone(),
        };
        let step_started = Instant::now();
        let (tour, summary) = first_tour(engine.as_ref(), &asked, &step_limits)?;
        let found = tour.map(|t| count_verified(&asked, &t, kind)).transpose()?;
        report.steps.push(Step {
            bound: bound.map_or("none".into(), |most| format!("{} <= {most}", kind.name())),
            found,
            ending: summary.ending,
            seconds: step_started.elapsed().as_secs_f64(),
        });
        match found {
            Some(count) => {
                eprintln!("optimise: a tour with {count} {} angles", kind.name());
                report.minimum = Some(count);
                if count == 0 {
                    report.proved = true;
                    return Ok(());
                }
                bound = Some(count - 1);
            }
            None => {
                report.proved = summary.ending == Ending::Exhausted;
                return Ok(());
            }
        }
    }
}

/// The engine's first tour of `puzzle`, if any, with the engine's summary.
fn first_tour(
    engine: &dyn knights::run::Engine,
    puzzle: &Puzzle,
    limits: &Limits,
) -> Result<(Option<Tour>, Summary)> {
    let found = std::sync::Mutex::new(None);
    let keep_first = |class: Class| {
        let mut slot = found.lock().expect("not poisoned");
        slot.get_or_insert(class.members[0].clone());
    };
    let summary = engine.enumerate(puzzle, limits, &[], &keep_first, &|_| {})?;
    Ok((found.into_inner().expect("not poisoned"), summary))
}

/// The tour's count of `kind`, read by the verifier after it passed every rule.
fn count_verified(puzzle: &Puzzle, tour: &Tour, kind: AngleKind) -> Result<usize> {
    let violations = verify(puzzle, tour);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        bail!(
            "internal error: the engine's tour breaks rules: {}",
            list.join("; ")
        );
    }
    let tally = angle_tally(puzzle.board.shape(), tour.order(), puzzle.closed);
    Ok(match kind {
        AngleKind::Acute => tally.acute,
        AngleKind::Right => tally.right,
        AngleKind::Obtuse => tally.obtuse,
        AngleKind::Straight => tally.straight,
        AngleKind::ObtuseOrStraight => tally.obtuse + tally.straight,
    })
}

/// Every class with exactly the minimum, each tour verified and written.
fn enumerate_optimal(
    args: &OptimiseArgs,
    optimal: &Puzzle,
    limits: &Limits,
    timeout: Option<Duration>,
) -> Result<Summary> {
    let engine = args.run.engine()?;
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

/// `puzzle` with one more bound: between `low` and `high` cells with an angle of `kind`.
fn with_bound(puzzle: &Puzzle, kind: AngleKind, low: usize, high: usize) -> Puzzle {
    let mut bounded = puzzle.clone();
    let cells = angle_cells(puzzle.n_cells(), puzzle.closed);
    bounded.angles.push(AngleBound {
        kind,
        at_least: low,
        at_most: high.min(cells),
    });
    bounded
}

/// The run's time-out, shared by its steps.
struct Clock {
    timeout: Option<Duration>,
    started: Instant,
}

impl Clock {
    /// What is left of the time-out, if there is one.
    fn remaining(&self) -> Option<Duration> {
        self.timeout
            .map(|t| t.saturating_sub(self.started.elapsed()))
    }
}

fn say(report: &OptimiseSummary) {
    let kind = report.minimise;
    match (report.minimum, report.proved) {
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
        (None, true) => {}
    }
}
