//! `--resume FILE`: the tours an interrupted `enumerate` run already wrote, read back so the
//! SAT engine blocks their classes and counts them without writing them again.

use crate::cli::io::tours::{self, Sourced};
use crate::cli::presentation::broken_rules::broken_rules;
use anyhow::{bail, Context, Result};
use knights::puzzle::Puzzle;
use knights::run::{EngineError, FinishedCubes};
use knights::sat::SatError;
use knights::symmetry::key;
use knights::tour::Tour;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The classes a new run must neither search for nor write again.
#[derive(Default)]
pub struct Resumed {
    /// Members of the classes done, for the engine to block.
    pub tours: Vec<Tour>,
    /// Where each of `tours` came from (`file line N`).
    origins: Vec<String>,
    /// How many classes and solutions the file already holds: the summary counts them,
    /// the new run's output does not.
    pub classes: u64,
    pub solutions: u64,
    /// The cubes the file's summaries record as finished, for the SAT engine to skip.
    pub finished: Option<FinishedCubes>,
}

/// Reads `path` and keeps the classes it holds in full. With `representatives_only` one
/// member is all a class needs (that is what such a run writes); otherwise a class with
/// members missing (a run killed while writing it) is left to be found and written again,
/// so that the two outputs together hold every solution.
pub fn load(path: &Path, puzzle: &Puzzle, representatives_only: bool) -> Result<Resumed> {
    let sourced = tours::read_interrupted(path)?;
    check_solutions(puzzle, &sourced)?;
    let mut resumed = Resumed::default();
    for group in by_class(puzzle, sourced) {
        let class_size = puzzle.class_members(&group[0].tour).len();
        let present = distinct_solutions(puzzle, &group);
        if representatives_only || present == class_size {
            resumed.add(group, class_size);
        } else {
            errln!(
                "{}: only {present} of the {class_size} solutions of this class are written; \
                 it will be written again",
                group[0].origin
            );
        }
    }
    resumed.finished = finished_cubes(path, puzzle)?;
    Ok(resumed)
}

/// The finished cubes recorded by the summaries in `path` (one per run that stopped, when the
/// file continues several), united. A file whose runs stopped without a summary (killed)
/// records none, and every cube is searched again.
fn finished_cubes(path: &Path, puzzle: &Puzzle) -> Result<Option<FinishedCubes>> {
    let shown = path.display();
    let content = knights::files::read_text(path)?;
    let plan = knights::sat::cube_plan_fingerprint(puzzle);
    let mut united: Option<FinishedCubes> = None;
    for (i, line) in content.lines().enumerate() {
        // Only whole summary lines; tours were read and checked already.
        let Ok(serde_json::Value::Object(mut record)) = serde_json::from_str(line) else {
            continue;
        };
        let Some(value) = record.remove("finished_cubes") else {
            continue;
        };
        let finished: FinishedCubes = serde_json::from_value(value)
            .with_context(|| format!("{shown} line {}: finished_cubes", i + 1))?;
        if finished.plan != plan {
            errln!(
                "{shown} line {}: its finished cubes belong to another cube plan than {}'s; \
                 every cube is searched again",
                i + 1,
                puzzle.name
            );
            return Ok(None);
        }
        united = Some(match united {
            Some(before) => before.union(&finished).expect("the same plan"),
            None => finished,
        });
    }
    Ok(united)
}

impl Resumed {
    fn add(&mut self, group: Vec<Sourced>, class_size: usize) {
        self.classes += 1;
        self.solutions += class_size as u64;
        for Sourced { origin, tour, .. } in group {
            self.origins.push(origin);
            self.tours.push(tour);
        }
    }

    /// Names the line of a tour the engine refused. The independent verifier checked every
    /// tour first, so this is only reached if the two disagree.
    pub fn name_refused_tour(&self, err: anyhow::Error) -> anyhow::Error {
        let sat_error = err
            .downcast_ref::<EngineError>()
            .and_then(|err| err.downcast_ref::<SatError>());
        match sat_error {
            Some(SatError::NotASolution { index }) => {
                let origin = &self.origins[*index];
                err.context(format!("{origin}: the SAT engine rejects this tour"))
            }
            _ => err,
        }
    }
}

/// Every tour must be a solution of this model: resuming from another model's output would
/// make the counts meaningless.
fn check_solutions(puzzle: &Puzzle, sourced: &[Sourced]) -> Result<()> {
    for Sourced { origin, tour, .. } in sourced {
        if let Some(broken) = broken_rules(puzzle, tour) {
            bail!(
                "{origin}: not a solution of {}, so it cannot be resumed from: {broken}",
                puzzle.name
            );
        }
    }
    Ok(())
}

/// The tours grouped by class, classes in the order of their first line.
fn by_class(puzzle: &Puzzle, sourced: Vec<Sourced>) -> Vec<Vec<Sourced>> {
    let mut index: HashMap<_, usize> = HashMap::new();
    let mut groups: Vec<Vec<Sourced>> = Vec::new();
    for item in sourced {
        let next = groups.len();
        let slot = *index.entry(puzzle.canonical(&item.tour)).or_insert(next);
        if slot == next {
            groups.push(Vec::new());
        }
        groups[slot].push(item);
    }
    groups
}

/// How many different solutions a group holds (a file may repeat a line).
fn distinct_solutions(puzzle: &Puzzle, group: &[Sourced]) -> usize {
    let form = puzzle.form();
    let keys: HashSet<_> = group.iter().map(|s| key(&s.tour, form)).collect();
    keys.len()
}
