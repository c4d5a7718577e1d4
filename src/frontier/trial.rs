//! A short run of the sweep, to see what the whole count would take before it is started:
//! the engine's own forecast of its time, states and memory.

use super::budget::Budget;
use super::count::Outcome;
use super::forecast::{Forecast, Forecaster};
use super::settings::Settings;
use super::workers::Workers;
use super::{count_tours_within, unsupported, FrontierError};
use crate::puzzle::Puzzle;
use crate::run::{Limits, Progress, StopFlag};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a short run of the sweep showed.
#[derive(Clone, Debug)]
pub struct Trial {
    /// Whether the trial finished the whole count.
    pub complete: bool,
    /// Seconds the trial ran.
    pub seconds: f64,
    /// The forecast of the rest, when the trial saw enough steps for one.
    pub forecast: Option<Forecast>,
}

impl Trial {
    /// The whole count's seconds as far as the trial tells them: its own time when it
    /// finished, else its time and the forecast's middle; `None` when it saw too little.
    pub fn total_seconds(&self) -> Option<f64> {
        match (&self.forecast, self.complete) {
            (_, true) => Some(self.seconds),
            (Some(forecast), false) => Some(self.seconds + forecast.seconds_left.middle()),
            (None, false) => None,
        }
    }
}

/// Runs the sweep of `puzzle` for at most `seconds` (or until `stop` is raised) with the
/// memory of `budget` and `workers`' threads, and forecasts the rest. A model the sweep
/// cannot take is refused as the engine refuses it.
pub fn trial(
    puzzle: &Puzzle,
    budget: &Budget,
    workers: Workers,
    seconds: f64,
    stop: &StopFlag,
) -> Result<Trial, FrontierError> {
    if let Some(what) = unsupported(puzzle) {
        return Err(FrontierError::Unsupported {
            what: what.to_string(),
        });
    }
    let limits = Limits {
        solutions: None,
        timeout: Some(Duration::from_secs_f64(seconds)),
        stop: stop.clone(),
    };
    let forecaster = Mutex::new(Forecaster::default());
    let on_progress = |report: Progress| {
        if let Progress::Steps(step) = report {
            forecaster.lock().expect("not poisoned").observe(&step);
        }
    };
    let settings = Settings {
        budget: budget.clone(),
        checkpoints: None,
        workers,
    };
    let started = Instant::now();
    let (outcome, _) = count_tours_within(puzzle, &limits, &settings, started, &on_progress)?;
    let forecaster = forecaster.into_inner().expect("not poisoned");
    Ok(Trial {
        complete: matches!(outcome, Outcome::Counted(_)),
        seconds: started.elapsed().as_secs_f64(),
        forecast: forecaster.forecast(),
    })
}
