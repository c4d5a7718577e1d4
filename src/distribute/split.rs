//! Cutting one run into jobs of about equal predicted cost.
//!
//! The native search's tree is cut into many more pieces than jobs, each piece's size is
//! predicted by Knuth's estimate, and the pieces are dealt largest first to the job with the
//! least predicted work so far (Graham's "longest processing time" rule). The SAT engine's
//! cubes are dealt the same way, each weighed by the native estimate of the tours it fixes
//! (start and end cell) where it fixes them, and as equals otherwise.

use super::checksum::digest;
use super::jobfile::{Job, JobEngine, JobPart, Record, JOB_FORMAT};
use crate::encode::cubes::Cube;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::sat::{searched_cubes, SatError};
use crate::search::{cut_pieces, estimate, SearchError, SearchOptions};
use crate::spec::Spec;

/// How finely the native search's tree is cut: pieces per job, so that dealing them evens
/// out the jobs.
const PIECES_PER_JOB: usize = 32;

/// What to split, and how.
#[derive(Clone, Debug)]
pub struct SplitRequest<'a> {
    /// The model.
    pub spec: &'a Spec,
    /// The engine the jobs run, with its options.
    pub engine: JobEngine,
    /// What each result file holds.
    pub record: Record,
    /// How many jobs to make at most (fewer when the work has fewer pieces or cubes).
    pub jobs: usize,
    /// Random walks per piece or cube for its estimate.
    pub probes: usize,
    /// Seed of the walks: the same seed gives the same jobs.
    pub seed: u64,
}

/// Why a run could not be split.
#[derive(Debug, thiserror::Error)]
pub enum SplitError {
    /// The model is not a puzzle.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A theorem already answers it: there is nothing to run.
    #[error("nothing to split: {0}")]
    Theorem(String),
    /// The native search cannot take the model.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The SAT engine cannot take the model.
    #[error(transparent)]
    Sat(#[from] SatError),
    /// Zero jobs asked for.
    #[error("--jobs must be at least 1")]
    NoJobs,
}

/// A unit of work with its predicted cost, before dealing.
struct Unit<T> {
    item: T,
    cost: f64,
}

/// Cuts the run into at most `request.jobs` jobs.
pub fn split(request: &SplitRequest) -> Result<Vec<Job>, SplitError> {
    split_with_progress(request, &|_, _| {})
}

/// [`split`], telling `progress` how many of the pieces or cubes have been weighed so far,
/// and of how many: weighing them is most of the time a split takes.
pub fn split_with_progress(
    request: &SplitRequest,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<Job>, SplitError> {
    if request.jobs == 0 {
        return Err(SplitError::NoJobs);
    }
    let puzzle = Puzzle::from_spec(request.spec)?;
    if let Some(reason) = crate::puzzle::existence::no_solution_reason(&puzzle) {
        return Err(SplitError::Theorem(reason));
    }
    let dealt: Vec<(JobPart, f64)> = match &request.engine {
        JobEngine::Search { symmetry } => {
            let units = tree_pieces(&puzzle, *symmetry, request, progress)?;
            deal(units, request.jobs)
                .into_iter()
                .map(|(pieces, cost)| (JobPart::Pieces(pieces), cost))
                .collect()
        }
        JobEngine::Sat { .. } => {
            let units = cube_units(&puzzle, request, progress)?;
            deal(units, request.jobs)
                .into_iter()
                .map(|(cubes, cost)| (JobPart::Cubes(cubes), cost))
                .collect()
        }
    };
    Ok(jobs_of(request, &puzzle, dealt))
}

fn tree_pieces(
    puzzle: &Puzzle,
    symmetry: bool,
    request: &SplitRequest,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<Unit<crate::search::TreePiece>>, SplitError> {
    let opts = SearchOptions {
        jobs: 1,
        symmetry,
        node_budget: None,
    };
    let want = request.jobs.saturating_mul(PIECES_PER_JOB);
    let pieces = cut_pieces(puzzle, &opts, want, request.probes, request.seed, progress)?;
    Ok(pieces
        .into_iter()
        .map(|p| Unit {
            item: p.piece,
            cost: p.nodes,
        })
        .collect())
}

fn cube_units(
    puzzle: &Puzzle,
    request: &SplitRequest,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<Unit<usize>>, SplitError> {
    let cubes = searched_cubes(puzzle);
    let total = cubes.len();
    let mut units = Vec::with_capacity(total);
    for (index, cube) in cubes.into_iter().enumerate() {
        let seed = request.seed.wrapping_add(index as u64);
        let cost = cube_cost(puzzle, cube, request.probes, seed)?;
        units.push(Unit { item: index, cost });
        progress(index + 1, total);
    }
    Ok(units)
}

/// The native estimate of the tours a cube fixes the ends of; 1 for a cube that fixes none.
fn cube_cost(puzzle: &Puzzle, cube: Cube, probes: usize, seed: u64) -> Result<f64, SplitError> {
    let Some((start, end)) = cube.fixed_ends() else {
        return Ok(1.0);
    };
    let mut narrow = puzzle.clone();
    narrow.starts = Some(vec![start]);
    if let Some(end) = end {
        narrow.ends = Some(vec![end]);
    }
    Ok(estimate(&narrow, probes, seed)?.nodes.max(1.0))
}

/// Deals units, largest first, each to the job with the least cost so far; a job's units
/// keep the order they came in. Never more jobs than units.
fn deal<T>(units: Vec<Unit<T>>, jobs: usize) -> Vec<(Vec<T>, f64)> {
    let jobs = jobs.min(units.len()).max(1);
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| units[b].cost.total_cmp(&units[a].cost).then(a.cmp(&b)));
    let mut owner = vec![0; units.len()];
    let mut load = vec![0.0f64; jobs];
    for &u in &order {
        let least = (0..jobs)
            .min_by(|&a, &b| load[a].total_cmp(&load[b]).then(a.cmp(&b)))
            .expect("at least one job");
        owner[u] = least;
        load[least] += units[u].cost;
    }
    let mut dealt: Vec<(Vec<T>, f64)> = load.into_iter().map(|l| (Vec::new(), l)).collect();
    for (unit, job) in units.into_iter().zip(owner) {
        dealt[job].0.push(unit.item);
    }
    dealt
}

/// The job lines of a dealt split, sharing one run identifier.
fn jobs_of(request: &SplitRequest, puzzle: &Puzzle, dealt: Vec<(JobPart, f64)>) -> Vec<Job> {
    let model = request.spec.to_toml();
    let version = env!("CARGO_PKG_VERSION").to_string();
    let engine = serde_json::to_string(&request.engine).expect("options serialise");
    let parts = serde_json::to_string(&dealt.iter().map(|d| &d.0).collect::<Vec<_>>())
        .expect("parts serialise");
    let run = digest(
        format!(
            "{version}\n{model}\n{engine}\n{:?}\n{parts}",
            request.record
        )
        .as_bytes(),
    );
    let count = dealt.len();
    dealt
        .into_iter()
        .enumerate()
        .map(|(index, (part, cost))| Job {
            knights_job: JOB_FORMAT,
            version: version.clone(),
            run: run.clone(),
            index,
            jobs: count,
            name: puzzle.name.clone(),
            model: model.clone(),
            engine: request.engine.clone(),
            record: request.record,
            part,
            estimated_nodes: cost,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(costs: &[f64]) -> Vec<Unit<usize>> {
        costs
            .iter()
            .enumerate()
            .map(|(item, &cost)| Unit { item, cost })
            .collect()
    }

    #[test]
    fn dealing_evens_the_loads_and_keeps_every_unit_once() {
        let dealt = deal(units(&[9.0, 1.0, 5.0, 5.0, 4.0, 3.0, 3.0]), 3);
        let loads: Vec<f64> = dealt.iter().map(|d| d.1).collect();
        // Largest first: 9, 5 and 5 open the three jobs, 4 joins the first 5, both 3s the
        // other (the least loaded each time), and 1 the 9.
        assert_eq!(loads, vec![10.0, 9.0, 11.0]);
        // Within Graham's bound for this rule: (4/3 - 1/9) of the best possible 10.
        assert!(loads.iter().all(|&l| l <= 10.0 * (4.0 / 3.0 - 1.0 / 9.0)));
        let mut all: Vec<usize> = dealt.into_iter().flat_map(|d| d.0).collect();
        all.sort_unstable();
        assert_eq!(all, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn never_more_jobs_than_units() {
        assert_eq!(deal(units(&[1.0, 2.0]), 5).len(), 2);
        assert_eq!(deal(units(&[]), 5).len(), 1);
    }
}
