//! A running time predicted for the native search: Knuth's tree estimate divided by the node
//! rate of a short real run on this machine.

use super::{count, estimate, Estimate, SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use crate::run::Limits;
use serde::Serialize;
use std::time::Duration;

/// A predicted running time of the native search (what `knights estimate` prints).
#[derive(Serialize, Debug, Clone)]
pub struct Prediction {
    /// The model's name.
    pub model: String,
    /// The tree estimate the prediction divides.
    #[serde(flatten)]
    pub estimate: Estimate,
    /// Worker threads of the rate trial, as the count would start them: the prediction is
    /// wall-clock time with that many (CPU time is about this many times more).
    pub workers: usize,
    /// The node rate of the trial run.
    pub nodes_per_second: f64,
    /// The predicted wall-clock seconds of the whole search.
    pub predicted_seconds: f64,
    /// The nodes of a whole search run afterwards to check the prediction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual_nodes: Option<u64>,
    /// actual / predicted nodes, after a check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
}

/// Estimates the tree with `probes` walks and measures the node rate with a real run of
/// `rate_seconds`.
pub fn predict(
    puzzle: &Puzzle,
    options: &SearchOptions,
    probes: usize,
    seed: u64,
    rate_seconds: f64,
) -> Result<Prediction, SearchError> {
    let estimate = estimate(puzzle, probes, seed)?;
    predict_from(puzzle, options, estimate, rate_seconds)
}

/// [`predict`] from an estimate already made. A trial run that finishes the whole search
/// predicts its own time.
pub fn predict_from(
    puzzle: &Puzzle,
    options: &SearchOptions,
    estimate: Estimate,
    rate_seconds: f64,
) -> Result<Prediction, SearchError> {
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(rate_seconds)),
        ..Limits::default()
    };
    let sample = count(puzzle, options, &limits, &|_| {})?;
    let nodes = sample
        .stats
        .get("nodes")
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(0.0);
    let nodes_per_second = nodes / sample.seconds.max(1e-9);
    let predicted_seconds = if sample.complete {
        sample.seconds
    } else {
        estimate.nodes / nodes_per_second.max(1.0)
    };
    Ok(Prediction {
        model: puzzle.name.clone(),
        estimate,
        workers: crate::run::workers(options.jobs),
        nodes_per_second,
        predicted_seconds,
        actual_nodes: None,
        ratio: None,
    })
}
