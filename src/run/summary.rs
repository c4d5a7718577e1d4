//! The record that closes every run's output.

use std::time::Instant;

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Ending, FinishedCubes};
use crate::puzzle::{Puzzle, SolutionKind};

/// The last line of `count` and `enumerate`.
///
/// Serialised by hand so that an exact count of any size keeps the fields' order.
#[derive(Clone, Debug)]
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
    pub theorem: Option<String>,
    /// Engine-specific figures (nodes, conflicts, CNF size, ...).
    pub stats: serde_json::Map<String, serde_json::Value>,
    /// Set by an engine that counts without listing solutions (see [`CountOnly`]).
    pub count_only: Option<CountOnly>,
    /// The cubes a stopped SAT run finished, for `--resume` to skip.
    pub finished_cubes: Option<FinishedCubes>,
    /// Set by a run that saves checkpoints (see [`CheckpointNote`]).
    pub checkpoint: Option<CheckpointNote>,
}

/// What a run that saves checkpoints continued from and left behind. Steps are counted over
/// the whole run, from 1 to `steps`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CheckpointNote {
    /// The checkpoint directory.
    pub dir: String,
    /// Steps in all.
    pub steps: usize,
    /// The step of the checkpoint the run continued from; `None` for a run from the start.
    pub continued_from_step: Option<usize>,
    /// The step the checkpoint left in `dir` holds; `None` when none is left (the count is
    /// done and it was removed, or the run stopped before its first save).
    pub saved_step: Option<usize>,
    /// Whether the checkpoint was removed because the count is done.
    pub removed: bool,
}

/// The count of an engine that does not list solutions: exact at any size, with no classes.
///
/// `solutions` then holds the count only when it fits a `u64` (else `u64::MAX`), and
/// `classes` is not a count. The JSON record carries the exact count in `solutions`, as a
/// number when it fits a `u64` and as a string of digits otherwise, and `classes` as null.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountOnly {
    /// The exact count in decimal; `None` when the run ended before it had one.
    pub solutions: Option<String>,
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
            finished_cubes: None,
            count_only: None,
            checkpoint: None,
        }
    }

    /// Records an exact count, given in decimal and as a `u64` when it fits, from an engine
    /// that counts without listing: classes are not counted.
    pub fn set_exact_count(&mut self, decimal: String, small: Option<u64>) {
        self.solutions = small.unwrap_or(u64::MAX);
        self.classes = 0;
        self.count_only = Some(CountOnly {
            solutions: Some(decimal),
        });
    }

    /// Records that an engine which counts without listing ended with no count.
    pub fn set_no_count(&mut self) {
        self.solutions = 0;
        self.classes = 0;
        self.count_only = Some(CountOnly { solutions: None });
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

/// The exact count as JSON: a number when it fits a `u64`, else a string of digits.
fn exact_solutions(digits: &str) -> serde_json::Value {
    digits
        .parse::<u64>()
        .map_or_else(|_| serde_json::Value::from(digits), serde_json::Value::from)
}

impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_struct("Summary", 10)?;
        record.serialize_field("model", &self.model)?;
        record.serialize_field("engine", &self.engine)?;
        record.serialize_field("kind", &self.kind)?;
        match &self.count_only {
            None => {
                record.serialize_field("solutions", &self.solutions)?;
                record.serialize_field("classes", &self.classes)?;
            }
            Some(CountOnly { solutions }) => {
                record.serialize_field("solutions", &solutions.as_deref().map(exact_solutions))?;
                record.serialize_field("classes", &None::<u64>)?;
            }
        }
        record.serialize_field("complete", &self.complete)?;
        record.serialize_field("ending", &self.ending)?;
        record.serialize_field("seconds", &self.seconds)?;
        if let Some(theorem) = &self.theorem {
            record.serialize_field("theorem", theorem)?;
        }
        if let Some(finished) = &self.finished_cubes {
            record.serialize_field("finished_cubes", finished)?;
        }
        if let Some(checkpoint) = &self.checkpoint {
            record.serialize_field("checkpoint", checkpoint)?;
        }
        if !self.stats.is_empty() {
            record.serialize_field("stats", &self.stats)?;
        }
        record.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Shape};
    use crate::tour::Closure;

    fn summary() -> Summary {
        let puzzle = Puzzle::plain(Board::knight(Shape::flat(2, 2)), Closure::Closed);
        Summary::new(&puzzle, "frontier")
    }

    fn record(summary: &Summary) -> serde_json::Value {
        serde_json::from_str(&summary.to_json_line()).unwrap()
    }

    #[test]
    fn an_exact_count_past_u64_is_written_whole_as_a_string() {
        let digits = "123456789012345678901234567890123456789";
        let mut s = summary();
        s.set_exact_count(digits.to_string(), None);
        let json = record(&s);
        assert_eq!(json["solutions"], digits);
        assert!(json["classes"].is_null());
        assert_eq!(s.solutions, u64::MAX);
    }

    #[test]
    fn a_small_exact_count_is_a_number_and_no_count_is_null() {
        let mut s = summary();
        s.set_exact_count("9862".into(), Some(9862));
        assert_eq!(record(&s)["solutions"], 9862);
        s.set_no_count();
        assert!(record(&s)["solutions"].is_null());
    }

    #[test]
    fn other_engines_keep_their_fields_in_order() {
        let mut s = summary();
        s.solutions = 3;
        s.classes = 1;
        let line = s.to_json_line();
        assert!(line.contains(r#""kind":"cycle","solutions":3,"classes":1,"complete":false"#));
        assert!(
            !line.contains("theorem") && !line.contains("stats"),
            "{line}"
        );
    }
}
