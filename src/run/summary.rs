//! The record that closes every run's output.

use std::time::Instant;

use serde::Serialize;

use super::Ending;
use crate::puzzle::{Puzzle, SolutionKind};

/// The last line of `count` and `enumerate`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The model's name.
    pub model: String,
    /// What found the counts: `search`, `sat`, or `theorem` when none had to run.
    pub engine: String,
    /// What one solution is, so what `solutions` counts.
    pub kind: SolutionKind,
    /// Solutions on the fixed board (see `SolutionKind`).
    pub solutions: u64,
    /// Orbits of solutions under the model's equivalence.
    pub classes: u64,
    /// `true` only when the search space was exhausted.
    pub complete: bool,
    /// How the run ended: only `Exhausted` gives exact counts.
    pub ending: Ending,
    /// Wall-clock seconds from the start of the run to its end.
    pub seconds: f64,
    /// The theorem that rules out every solution, when no engine had to run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theorem: Option<String>,
    /// Engine-specific figures (nodes, conflicts, CNF size, ...).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub stats: serde_json::Map<String, serde_json::Value>,
}

impl Summary {
    /// An empty summary of a run on `puzzle` by `engine`: no solutions yet, not complete.
    pub fn new(puzzle: &Puzzle, engine: &str) -> Self {
        Summary {
            model: puzzle.name.clone(),
            engine: engine.to_string(),
            kind: puzzle.kind(),
            solutions: 0,
            classes: 0,
            complete: false,
            ending: Ending::Exhausted,
            seconds: 0.0,
            theorem: None,
            stats: serde_json::Map::new(),
        }
    }

    /// Records how the run ended and the seconds since `started`.
    pub fn finish(&mut self, ending: Ending, started: Instant) {
        self.ending = ending;
        self.complete = ending.is_complete();
        self.seconds = started.elapsed().as_secs_f64();
    }

    /// Sets the engine's figures from its typed record. They are kept as a map, whose keys
    /// are sorted, so every record reads in the same order whatever the order of its fields.
    pub fn set_stats(&mut self, stats: &impl Serialize) {
        if let Ok(serde_json::Value::Object(map)) = serde_json::to_value(stats) {
            self.stats = map;
        }
    }

    /// The summary as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a summary always serialises")
    }
}
