//! The guard before a long `count` or `enumerate`: whichever engine runs predicts its running
//! time, and a run predicted to take more than ten minutes needs `--yes`, `--limit` or
//! `--timeout`.
//!
//! The native search's prediction is Knuth's tree estimate divided by the node rate of a
//! short real run. The SAT engine's is rougher: a trial run of a few seconds, extrapolated by
//! the share of its cubes it finished, or by the solutions it found against the number the
//! tree estimate predicts, whichever predicts longer. When the trial finds nothing at all,
//! the time the predicted solutions would take at less than one per trial is a lower bound.

use crate::cli::arguments::run::RunArgs;
use anyhow::Result;
use knights::choice::{Choice, Resolved, SMALL_TREE_NODES};
use knights::puzzle::Puzzle;
use knights::run::{human_duration, Class, CubeProgress, Engine, Limits, Progress, StopFlag};
use knights::sat::SatEngine;
use knights::search::{Estimate, Probes};
use knights::tour::Tour;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Runs predicted to take longer than this need `--yes`, `--limit` or `--timeout`.
const LONG_RUN_SECONDS: f64 = 600.0;

/// How long the SAT engine's trial runs: long enough to finish some cubes or solutions.
const SAT_TRIAL_SECONDS: f64 = 2.0;

/// What the guard needs of the run about to start.
pub struct Planned<'a> {
    pub run: &'a RunArgs,
    pub puzzle: &'a Puzzle,
    pub choice: &'a Choice,
    /// Tours of a resumed run, which the trial leaves out as the run will.
    pub already: &'a [Tour],
    /// `--yes`, `--limit` or `--timeout` was given: the user has bounded the run.
    pub bounded: bool,
    /// The run's stop flag, which Ctrl-C raises during the trial too.
    pub stop: &'a StopFlag,
    /// The run counts every solution and writes none: the frontier engine could make it.
    pub counting: bool,
}

/// Refuses a run predicted to take too long unless bounded, and returns the native search's
/// predicted node count for the progress display (`None` for the SAT engine).
pub fn guard(planned: &Planned) -> Result<Option<f64>> {
    match planned.choice.engine {
        Resolved::Search => guard_search(planned),
        Resolved::Sat => guard_sat(planned).map(|()| None),
        // Counting takes one pass per cell, with its own progress line; there is no tree
        // to estimate.
        Resolved::Frontier => guard_frontier(planned).map(|()| None),
    }
}

/// Runs the frontier engine's trial (or takes the one `auto` made) and refuses a count whose
/// forecast is long, or whose states are forecast past the memory allowed so that it would
/// spill to disk, naming its time, states and memory.
fn guard_frontier(planned: &Planned) -> Result<()> {
    if planned.bounded {
        return Ok(());
    }
    let trial = match &planned.choice.trial {
        Some(trial) => trial.clone(),
        None => knights::frontier::trial(
            planned.puzzle,
            &planned.run.frontier_budget(),
            planned.run.frontier_workers(),
            knights::choice::FRONTIER_TRIAL_SECONDS,
            planned.stop,
        )?,
    };
    if trial.complete || planned.stop.is_raised() {
        return Ok(());
    }
    let Some(forecast) = trial.forecast else {
        errln!(
            "estimate (frontier engine): none, and this count may be long: a {:.0} s trial \
             saw too few steps (bound it with --timeout)",
            trial.seconds
        );
        return Ok(());
    };
    let budget = planned.run.frontier_budget().bytes;
    errln!(
        "estimate (frontier engine): {}",
        frontier_needs(&forecast, budget)
    );
    let seconds = trial.seconds + forecast.seconds_left.towards_high(CAUTIOUS_SHARE);
    let bytes = forecast.peak_bytes.towards_high(CAUTIOUS_SHARE);
    let what = if seconds > LONG_RUN_SECONDS {
        format!("to take about {}", human_duration(seconds))
    } else if bytes > budget as f64 {
        format!(
            "to hold about {:.1} GiB of states at its peak, past the {:.1} GiB allowed, and \
             spill the rest to disk",
            gib(bytes),
            gib(budget as f64)
        )
    } else {
        return Ok(());
    };
    anyhow::bail!(
        "this count is forecast {what}; pass --yes to run it anyway (with --checkpoint DIR it \
         can be stopped and continued; --memory and --spill-dir set the memory and the disk it \
         takes), or bound it with --timeout"
    )
}

/// How far towards the high end of a frontier forecast the guard looks, on a log scale: past
/// the truth seen on the boards measured (a third to two thirds of the way), so that a count
/// it lets run without `--yes` rarely runs much longer than ten minutes or spills.
const CAUTIOUS_SHARE: f64 = 0.75;

fn gib(bytes: f64) -> f64 {
    bytes / f64::from(1 << 30)
}

/// What a frontier count is forecast to need, in one line: its time, its peak states, and
/// their memory against the `budget` (past it, the rest goes to disk).
pub fn frontier_needs(forecast: &knights::frontier::Forecast, budget: usize) -> String {
    let time = forecast.seconds_left.text(human_duration);
    let states = forecast.peak_states.text(|s| format!("{s:.1e}"));
    let memory = forecast.peak_bytes.text(|b| format!("{:.1} GiB", gib(b)));
    let spill = if forecast.peak_bytes.high > budget as f64 {
        format!(
            "; past the {:.1} GiB allowed (--memory) the states spill to disk (--spill-dir)",
            gib(budget as f64)
        )
    } else {
        String::new()
    };
    format!(
        "{time} left (the first figure if the states stop growing now, the second if they \
         keep growing as they have), at most {states} states in a step, {memory} of memory{spill}"
    )
}

/// A tree the first estimate puts past this many nodes (an hour or more of search) is
/// estimated again with the probes [`SECOND_ESTIMATE`] allows (the first thousand the same),
/// for the guard and the time left on the progress line: the mean of a thousand probes of a
/// heavy-tailed tree tends to fall short (the semimagic census's tree: 6.5e11 to 1.3e12 nodes
/// from 1,000 probes, 1.3e12 to 1.6e12 from 100,000, about 2e12 by its real jobs;
/// results/engine-choice/README.md).
const SECOND_ESTIMATE_FROM_NODES: f64 = 1e10;

/// Probes for about a second, at least as many as the first estimate took.
const SECOND_ESTIMATE: Probes = Probes {
    least: 1000,
    most: 1_000_000,
    budget: Duration::from_secs(1),
};

fn guard_search(planned: &Planned) -> Result<Option<f64>> {
    let first = match &planned.choice.estimate {
        Some(estimate) => estimate.clone(),
        None => knights::search::estimate(planned.puzzle, 1000, 1)?,
    };
    // A run bounded by --limit or --timeout needs no finer figure; one left to run (--yes)
    // shows the time left by it.
    let open_ended = planned.run.limit.is_none() && planned.run.timeout.is_none();
    let finer = open_ended && first.nodes >= SECOND_ESTIMATE_FROM_NODES;
    let first_nodes = first.nodes;
    let estimate = if finer {
        knights::search::estimate_within(planned.puzzle, SECOND_ESTIMATE, 1)?
    } else {
        first
    };
    if planned.bounded || estimate.nodes < SMALL_TREE_NODES {
        return Ok(Some(estimate.nodes));
    }
    let options = planned.run.request(None).search_options();
    let probes = estimate.probes;
    let prediction = knights::search::predict_from(planned.puzzle, &options, estimate, 1.0)?;
    // The finer estimate's probes include the first's: say why its figure differs.
    let from_first = if finer {
        format!(", finer than the {first_nodes:.1e} of the first 1000")
    } else {
        String::new()
    };
    errln!(
        "estimate: {:.2e} search nodes ({probes} probes{from_first}) at {:.2e} nodes/s, about {}",
        prediction.estimate.nodes,
        prediction.nodes_per_second,
        human_duration(prediction.predicted_seconds)
    );
    refuse_if_long(prediction.predicted_seconds, "", &frontier_hint(planned))?;
    Ok(Some(prediction.estimate.nodes))
}

fn guard_sat(planned: &Planned) -> Result<()> {
    if planned.bounded {
        return Ok(());
    }
    let estimate = match &planned.choice.estimate {
        Some(estimate) => Some(estimate.clone()),
        None => knights::search::estimate(planned.puzzle, 1000, 1).ok(),
    };
    let trial = sat_trial(planned)?;
    match trial.forecast(estimate.as_ref()) {
        Forecast::Done => Ok(()),
        Forecast::About(seconds, how) => {
            errln!(
                "estimate (sat engine, rough): about {} {how}",
                human_duration(seconds)
            );
            refuse_if_long(seconds, "", &frontier_hint(planned))
        }
        Forecast::AtLeast(seconds, how) => {
            errln!(
                "estimate (sat engine, rough): at least {} {how}",
                human_duration(seconds)
            );
            refuse_if_long(seconds, "at least ", &frontier_hint(planned))
        }
        Forecast::Unknown => {
            errln!(
                "estimate (sat engine): none, and this run may be long: a {SAT_TRIAL_SECONDS} s \
                 trial finished no cube and found no solution (bound it with --timeout)"
            );
            Ok(())
        }
    }
}

/// Runs predicted past this are also pointed to `split`: a run of hours is better cut into jobs
/// that survive a reboot, resume, and share out over machines.
const SPLIT_HINT_SECONDS: f64 = 3600.0;

/// For a count refused on another engine, what the frontier engine could do instead, or why
/// it cannot; nothing for a run that lists tours.
fn frontier_hint(planned: &Planned) -> String {
    if !planned.counting || planned.choice.engine == Resolved::Frontier {
        return String::new();
    }
    match knights::frontier::unsupported(planned.puzzle) {
        None => "; the frontier engine counts plain tours without listing them, far faster: \
                 `--engine frontier` forecasts its time, states and memory"
            .to_string(),
        Some(what) => format!(
            "; the frontier engine, which counts plain tours far faster, does not take {what}"
        ),
    }
}

fn refuse_if_long(seconds: f64, at_least: &str, hint: &str) -> Result<()> {
    let split = if seconds > SPLIT_HINT_SECONDS {
        "; or cut it into jobs that resume and run anywhere: `knights split MODEL --jobs N -o \
         jobs.jsonl`, then `knights run-job` each (docs/guide.md: \"Runs too big for one machine\")"
    } else {
        ""
    };
    anyhow::ensure!(
        seconds <= LONG_RUN_SECONDS,
        "this run is predicted to take {at_least}{}; pass --yes to run it anyway, or bound it \
         with --limit or --timeout{hint}{split}",
        human_duration(seconds)
    );
    Ok(())
}

/// What a short run of the SAT engine did.
struct Trial {
    seconds: f64,
    complete: bool,
    /// When each class was found (seconds into the trial) and its size.
    found: Vec<(f64, u64)>,
    solutions: u64,
    cubes: Option<CubeProgress>,
}

/// The SAT engine's running time, as far as a trial shows it.
enum Forecast {
    /// The trial finished the whole run.
    Done,
    /// A prediction, and how it was made.
    About(f64, String),
    /// A lower bound, and how it was made.
    AtLeast(f64, String),
    Unknown,
}

fn sat_trial(planned: &Planned) -> Result<Trial> {
    let engine = SatEngine {
        options: planned.run.sat.options(planned.run.jobs),
    };
    let limits = Limits {
        solutions: None,
        timeout: Some(Duration::from_secs_f64(SAT_TRIAL_SECONDS)),
        stop: planned.stop.clone(),
    };
    let started = Instant::now();
    let found = Mutex::new(Vec::new());
    let on_class = |class: Class| {
        let when = started.elapsed().as_secs_f64();
        let size = class.members.len() as u64;
        found.lock().expect("not poisoned").push((when, size));
    };
    let cubes = Mutex::new(None);
    let on_progress = |report| {
        if let Progress::Cubes(progress) = report {
            *cubes.lock().expect("not poisoned") = Some(progress);
        }
    };
    let summary = engine.enumerate(
        planned.puzzle,
        &limits,
        planned.already,
        &on_class,
        &on_progress,
    )?;
    Ok(Trial {
        seconds: summary.seconds,
        complete: summary.complete,
        found: found.into_inner().expect("not poisoned"),
        solutions: summary.solutions,
        cubes: cubes.into_inner().expect("not poisoned"),
    })
}

impl Trial {
    fn forecast(&self, estimate: Option<&Estimate>) -> Forecast {
        if self.complete {
            return Forecast::Done;
        }
        let expected = estimate.map_or(0.0, |e| e.solutions);
        let by_solutions =
            (expected >= 1.0 && self.solutions > 0).then(|| self.by_solutions(expected));
        match [self.by_cubes(), by_solutions]
            .into_iter()
            .flatten()
            .max_by(|a, b| a.0.total_cmp(&b.0))
        {
            Some((seconds, how)) => Forecast::About(seconds, how),
            None if expected >= 1.0 => Forecast::AtLeast(
                self.seconds * expected,
                format!(
                    "(no solution in a trial of {:.1} s, of about {expected:.2e} predicted)",
                    self.seconds
                ),
            ),
            None => Forecast::Unknown,
        }
    }

    /// The share of its cubes the trial finished, at the trial's pace.
    fn by_cubes(&self) -> Option<(f64, String)> {
        let c = self.cubes.filter(|c| c.searched > 1 && c.done > 0)?;
        let seconds = self.seconds * c.searched as f64 / c.done as f64;
        let how = format!(
            "({} of {} cubes in a trial of {:.1} s)",
            c.done, c.searched, self.seconds
        );
        Some((seconds, how))
    }

    /// The solutions still to find, at a pace that slows as in the trial: each blocking clause
    /// makes the next solution dearer, so solutions grow like a power of the time since the
    /// first, fitted to the two halves of that time (at most linearly, at least as a square
    /// root). The time before the first solution (encoding, preprocessing) is paid once.
    fn by_solutions(&self, expected: f64) -> (f64, String) {
        let first = self.found.first().map_or(0.0, |f| f.0);
        let middle = (first + self.seconds) / 2.0;
        let by_middle: u64 = self
            .found
            .iter()
            .filter(|f| f.0 <= middle)
            .map(|f| f.1)
            .sum();
        let growth = self.solutions as f64 / by_middle.max(1) as f64;
        let exponent = (growth.ln() / 2f64.ln()).clamp(0.5, 1.0);
        let ratio = (expected / self.solutions as f64).max(1.0);
        let seconds = first + (self.seconds - first) * ratio.powf(1.0 / exponent);
        let how = format!(
            "({} solutions in a trial of {:.1} s, of about {expected:.2e} the native search's \
             tree estimate predicts, found ever more slowly)",
            self.solutions, self.seconds
        );
        (seconds, how)
    }
}
