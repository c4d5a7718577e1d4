//! The engine's entry points: count, enumerate (fresh or resuming), solve.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use super::options::worker_count;
use super::pool::WorkPool;
use super::refuter::{cube_options, refutes_first};
use super::schedule::{hand_out_order, narrowed, per_cube};
use super::stats::{RunShape, SatRunStats};
use super::tally::Tally;
use super::workers::{run_workers, Observers, Outcome};
use super::{SatError, SatOptions};
use crate::encode::cubes::{Cube, CubePlan};
use crate::encode::Encoding;
use crate::puzzle::{automorphisms, Puzzle};
use crate::run::{
    fingerprint, Class, FinishedCubes, FinishedParts, Limits, Progress, StopFlag, Summary,
};
use crate::solver::StopSignal;
use crate::symmetry::key;
use crate::tour::Tour;

/// The solutions in the class of `tour`, least key first (the representative).
pub fn class_of(puzzle: &Puzzle, tour: &Tour) -> Class {
    let form = puzzle.form();
    let mut members = puzzle.class_members(tour);
    members.sort_by_cached_key(|member| key(member, form));
    Class { members }
}

/// Finds every class of solutions, handing each to `on_class` as it is found.
pub fn enumerate(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    on_class: &mut dyn FnMut(&Class),
) -> Result<Summary, SatError> {
    enumerate_resuming(puzzle, options, limits, &[], on_class)
}

/// Continues an interrupted enumeration: the classes of the tours in
/// `already` (any members of them; repeats are fine) are not reported again
/// but count in the summary. Classes that share a family with them but are
/// not among them are reported first, because their solutions get blocked
/// together with the family.
pub fn enumerate_resuming(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    on_class: &mut dyn FnMut(&Class),
) -> Result<Summary, SatError> {
    enumerate_observed(puzzle, options, limits, already, on_class, &|_| {})
}

/// [`enumerate_resuming`], also calling `on_progress` (on the calling thread) whenever a
/// cube is finished and about once a second while solvers work, for progress displays.
pub fn enumerate_observed(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    on_class: &mut dyn FnMut(&Class),
    on_progress: &dyn Fn(Progress),
) -> Result<Summary, SatError> {
    let observers = Observers {
        on_class,
        on_progress,
    };
    enumerate_in(puzzle, options, limits, already, None, observers)
}

/// The cubes the engine searches `puzzle` in, in the order [`enumerate_cubes`] numbers them.
/// Every family of solutions is reported by exactly one of them, so runs over disjoint sets
/// of these cubes together report every class once.
pub fn searched_cubes(puzzle: &Puzzle) -> Vec<Cube> {
    CubePlan::new(puzzle, &automorphisms(puzzle))
        .searched()
        .to_vec()
}

/// [`enumerate_observed`] over some of the [`searched_cubes`] only, by their indices: the
/// classes those cubes own. A count over a set of disjoint parts that covers every cube is
/// the count of the whole model.
pub fn enumerate_cubes(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    only: &[usize],
    observers: Observers<'_>,
) -> Result<Summary, SatError> {
    enumerate_in(puzzle, options, limits, already, Some(only), observers)
}

fn enumerate_in(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    only: Option<&[usize]>,
    observers: Observers<'_>,
) -> Result<Summary, SatError> {
    let started = Instant::now();
    let autos = automorphisms(puzzle);
    let plan = CubePlan::new(puzzle, &autos);
    let cubes = chosen_cubes(&plan, only)?;
    let already_finished = finished_before(&plan, options)?;
    let cubes: Vec<Cube> = cubes
        .into_iter()
        .filter(|cube| !already_finished.contains(cube))
        .collect();
    let per_cube = per_cube(puzzle, &plan);
    let refutes_first = refutes_first(puzzle, options, limits);
    let cube_options = cube_options(&options.encode, per_cube && refutes_first);
    // Built even in per-cube mode: it checks the model and gives the report.
    let encoding = match per_cube {
        true => Encoding::build(&narrowed(puzzle, plan.searched()[0]), &cube_options)?,
        false => Encoding::build(puzzle, &options.encode)?,
    };
    let mut tally = Tally::new(limits);
    let resumed = tally.resume(puzzle, &autos, already, observers.on_class)?;
    let outcome = if tally.limit_reached() {
        Outcome::limit_before_search()
    } else {
        let pool = WorkPool {
            puzzle,
            encoding: (!per_cube).then_some(&encoding),
            cube_options,
            refutes_first,
            options,
            autos: &autos,
            plan: &plan,
            blocked: &resumed,
            cubes: hand_out_order(&plan, per_cube, options)
                .into_iter()
                .filter(|cube| cubes.contains(cube))
                .collect(),
            next_cube: AtomicUsize::new(0),
            halt: StopFlag::default(),
            stop: StopSignal::from_limits(limits, started),
            started,
        };
        run_workers(&pool, worker_count(options.jobs), &mut tally, observers)?
    };
    let shape = RunShape {
        encoding: &encoding,
        options,
        plan: &plan,
        automorphisms: autos.len(),
        signature: outcome.signature,
        resumed_classes: tally.resumed_classes,
    };
    let mut summary = Summary::new(puzzle, "sat");
    summary.solutions = tally.solutions;
    summary.classes = tally.classes;
    summary.set_stats(&SatRunStats::new(&shape, &outcome.stats));
    summary.finish(outcome.ending, started);
    let finished = finished_now(&plan, options, outcome.finished, outcome.finished_parts);
    if !summary.complete && !finished.is_empty() {
        summary.finished_cubes = Some(finished);
    }
    Ok(summary)
}

/// The fingerprint of the cube plan a finished cube's index refers to.
fn plan_fingerprint(plan: &CubePlan) -> String {
    fingerprint(&format!("{:?}", plan.searched()))
}

/// The fingerprint of the plan `puzzle` is searched by, as a stopped run's summary gives it
/// with its finished cubes.
pub fn cube_plan_fingerprint(puzzle: &Puzzle) -> String {
    plan_fingerprint(&CubePlan::new(puzzle, &automorphisms(puzzle)))
}

/// The cubes an earlier run finished ([`SatOptions::finished`]), checked against the plan.
fn finished_before(plan: &CubePlan, options: &SatOptions) -> Result<Vec<Cube>, SatError> {
    let Some(finished) = &options.finished else {
        return Ok(Vec::new());
    };
    if finished.plan != plan_fingerprint(plan) {
        return Err(SatError::ForeignPlan);
    }
    chosen_cubes(plan, Some(&finished.done))
}

/// Every cube and part finished by this run or an earlier one it resumes.
fn finished_now(
    plan: &CubePlan,
    options: &SatOptions,
    cubes: Vec<usize>,
    parts: BTreeMap<usize, FinishedParts>,
) -> FinishedCubes {
    let parts = parts
        .into_iter()
        .map(|(cube, record)| (cube, FinishedParts::new(record.split, record.done)))
        .collect();
    let now = FinishedCubes::with_parts(plan_fingerprint(plan), cubes, parts);
    match &options.finished {
        // Checked against the plan before the run ([`finished_before`]).
        Some(before) => before.union(&now).unwrap_or(now),
        None => now,
    }
}

/// The cubes a run searches: all, or those of the indices given.
fn chosen_cubes(plan: &CubePlan, only: Option<&[usize]>) -> Result<Vec<Cube>, SatError> {
    let searched = plan.searched();
    let Some(only) = only else {
        return Ok(searched.to_vec());
    };
    only.iter()
        .map(|&index| {
            searched.get(index).copied().ok_or(SatError::ForeignCube {
                index,
                searched: searched.len(),
            })
        })
        .collect()
}

/// Counts solutions and classes (see [`enumerate`]).
pub fn count(puzzle: &Puzzle, options: &SatOptions, limits: &Limits) -> Result<Summary, SatError> {
    enumerate(puzzle, options, limits, &mut |_| {})
}

/// Finds one solution. The summary's ending says what `None` means:
/// `Exhausted` proves there is none; `Timeout` or `Signal` decide nothing.
pub fn solve(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
) -> Result<(Option<Tour>, Summary), SatError> {
    let limits = Limits {
        solutions: Some(1),
        ..limits.clone()
    };
    let mut first = None;
    let summary = enumerate(puzzle, options, &limits, &mut |class| {
        first.get_or_insert_with(|| class.members[0].clone());
    })?;
    Ok((first, summary))
}
