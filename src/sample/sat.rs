//! Samples by the SAT engine: each sample asks one incremental solver for a tour that begins
//! with a random path (a random start and a few random moves after it), then blocks the
//! tour found, so that every sample is new. A path no tour continues (or one the solver
//! cannot decide within a budget of conflicts) is cut to half its length and tried again;
//! the last try assumes nothing, so that a sample either gives a tour or proves that the
//! model has no tour left.
//!
//! Unlike the walks, this works on every model the SAT engine takes: line sums, the half
//! turn, required moves. It is not uniform: the solver returns the tour its search meets
//! first within the random path's constraint (results/cube-sampling/ measures how far from
//! uniform).

use super::bounds::Clock;
use super::walk::{Rule, Walker};
use super::{mix, verified, Sample, SampleError, SampleOptions, SampleReport};
use crate::board::Cell;
use crate::encode::{EncodeOptions, Encoding};
use crate::puzzle::{Puzzle, SolutionKind};
use crate::random::Stream;
use crate::run::Ending;
use crate::sat::{SatOptions, Session, Step};
use crate::solver::StopSignal;
use crate::tour::Tour;

/// What one sample's solver calls came to.
enum Drawn {
    /// A tour not found before, from the path it was asked to begin with.
    Tour {
        tour: Tour,
        path: Vec<Cell>,
        tries: u32,
    },
    /// The solver proved that no tour of the model is left.
    Exhausted { tries: u32 },
    /// A signal or the time-out stopped the solver before it decided.
    Stopped(Ending),
}

/// The error of a solver that failed or of a model it cannot encode.
fn solver_failed(e: impl std::fmt::Display) -> SampleError {
    SampleError::Solver(e.to_string())
}

/// Samples `options.count` distinct tours of `puzzle` with the SAT engine, in index order;
/// stops early, with `exhausted` set, when the model has no tour left.
pub(super) fn sample_by_sat(
    puzzle: &Puzzle,
    options: &SampleOptions,
    starts: &[Cell],
    clock: &Clock,
    mut found: impl FnMut(&Sample),
) -> Result<SampleReport, SampleError> {
    let encoding = Encoding::build(puzzle, &EncodeOptions::default()).map_err(solver_failed)?;
    let sat_options = SatOptions {
        solver: options.solver,
        ..SatOptions::default()
    };
    let signal = StopSignal::watching(clock.stop_flag().clone(), clock.deadline());
    let mut session =
        Session::new(puzzle, &encoding, &sat_options, signal).map_err(solver_failed)?;
    let mut walker = Walker::new(&puzzle.board);
    let mut report = SampleReport::default();
    while report.found < options.count {
        let index = report.samples;
        report.stopped = clock.reason_before(index);
        if report.stopped.is_some() {
            break;
        }
        let mut rng = Stream::new(mix(options.seed, index));
        let (tour, path, tries) = match draw(&mut session, &mut walker, starts, options, &mut rng)?
        {
            Drawn::Stopped(ending) => {
                report.stopped = Some(ending);
                break;
            }
            Drawn::Exhausted { tries } => {
                report.samples += 1;
                report.walks += u64::from(tries);
                report.exhausted = true;
                break;
            }
            Drawn::Tour { tour, path, tries } => (tour, path, tries),
        };
        report.samples += 1;
        report.walks += u64::from(tries);
        report.walks_unfit += u64::from(tries - 1);
        session
            .block(std::slice::from_ref(&tour))
            .map_err(solver_failed)?;
        let order = oriented(puzzle, tour, &path);
        let sample = verified(puzzle, index, order, tries)?;
        report.found += 1;
        report.closing += usize::from(sample.closes);
        found(&sample);
    }
    Ok(report)
}

/// One sample: random paths, each half as long as the last, until the solver finds a tour
/// beginning with one; the last try (after `options.walks_per_sample - 1`, or a path of one
/// cell) assumes nothing.
fn draw(
    session: &mut Session,
    walker: &mut Walker,
    starts: &[Cell],
    options: &SampleOptions,
    rng: &mut Stream,
) -> Result<Drawn, SampleError> {
    let mut length = first_path_length(session.encoding().shape().n_cells());
    let mut tries = 0;
    loop {
        tries += 1;
        let last_try = tries >= options.walks_per_sample || length == 0;
        let path = match last_try {
            true => Vec::new(),
            false => {
                let start = starts[rng.below(starts.len())];
                walker.walk_up_to(start, Rule::Greedy, length, rng).to_vec()
            }
        };
        length /= 2;
        let Some(assumptions) = session.encoding().path_literals(&path) else {
            continue;
        };
        let cap = (!last_try).then_some(CONFLICTS_PER_PATH);
        match session
            .next_tour_capped(&assumptions, cap)
            .map_err(solver_failed)?
        {
            Some(Step::Tour(tour)) => return Ok(Drawn::Tour { tour, path, tries }),
            Some(Step::Exhausted) if last_try => return Ok(Drawn::Exhausted { tries }),
            Some(Step::Exhausted) | None => {}
            Some(Step::Stopped(ending @ (Ending::Signal | Ending::Timeout))) => {
                return Ok(Drawn::Stopped(ending))
            }
            Some(Step::Stopped(reason)) => {
                return Err(solver_failed(format!("the solver stopped: {reason:?}")))
            }
        }
    }
}

/// Conflicts a call under a random path may take (CaDiCaL; varisat takes no cap). Showing
/// that no tour continues a long path can take the solver far longer than finding a tour;
/// a shorter path is tried instead. A count, not a time, so that a run is the same on any
/// machine.
const CONFLICTS_PER_PATH: u32 = 2000;

/// The first path's length: a quarter of the board, so that the random part of a tour is
/// large while a tour still continues it often enough.
fn first_path_length(n_cells: usize) -> usize {
    (n_cells / 4).max(1)
}

/// The tour's cells in order. A cycle, which the solver returns from a start of its own, is
/// read from the path's first cell in the path's direction, so that a closed model's sample
/// begins where its random path did.
fn oriented(puzzle: &Puzzle, tour: Tour, path: &[Cell]) -> Vec<Cell> {
    let mut order = tour.order().to_vec();
    if puzzle.kind() != SolutionKind::Cycle || path.is_empty() {
        return order;
    }
    if let Some(at) = order.iter().position(|&cell| cell == path[0]) {
        order.rotate_left(at);
        let backwards = path.len() > 1 && order.get(1) != Some(&path[1]);
        if backwards {
            order[1..].reverse();
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::SolverKind;
    use crate::spec::Spec;

    #[test]
    fn a_cycle_is_read_from_the_paths_start_in_its_direction() {
        let spec = Spec {
            closed: true,
            ..Spec::plain("6x6")
        };
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let tour = crate::sat::solve(&puzzle, &SatOptions::default(), &Default::default())
            .unwrap()
            .0
            .unwrap();
        let order = tour.order();
        let (a, b) = (order[10], order[9]);
        let read = oriented(&puzzle, tour.clone(), &[a, b]);
        assert_eq!(&read[..2], &[a, b]);
        let mut round = read.clone();
        round.sort_unstable();
        assert_eq!(round, (0..36).collect::<Vec<_>>());
        assert!(puzzle.board.is_move(read[35], read[0]));
    }

    fn puzzle_of(model: &str) -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml(model, "test").unwrap()).unwrap()
    }

    /// Asked for more tours than the model has, the SAT sampler gives every one, each once,
    /// and proves there are no more: as many as the native search counts, on both backends
    /// and for each kind of solution (paths, numbered tours with a fixed start column,
    /// cycles under the half turn).
    #[test]
    fn sampling_past_the_end_gives_every_tour_the_native_search_counts() {
        let models = [
            "board = \"3x4\"",
            "board = \"5x5\"\n[start]\ncols = [0]",
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"",
        ];
        for model in models {
            let puzzle = puzzle_of(model);
            let native = crate::search::count(
                &puzzle,
                &crate::search::SearchOptions::default(),
                &Default::default(),
                &|_| {},
            )
            .unwrap();
            for solver in [SolverKind::Cadical, SolverKind::Varisat] {
                let options = SampleOptions {
                    method: super::super::Method::Sat,
                    solver,
                    count: native.solutions as usize + 5,
                    seed: 7,
                    walks_per_sample: 1000,
                };
                let mut tours = std::collections::HashSet::new();
                let report = super::super::sample(&puzzle, &options, |s| {
                    assert!(tours.insert(s.tour.order().to_vec()), "{model}: a repeat");
                })
                .unwrap();
                assert!(report.exhausted, "{model} {solver:?}");
                assert_eq!(report.found as u64, native.solutions, "{model} {solver:?}");
                assert!(native.solutions > 0);
            }
        }
    }

    #[test]
    fn a_random_path_never_repeats_a_cell_and_moves_by_the_leaper() {
        let puzzle = Puzzle::from_spec(&Spec::plain("4x4x4")).unwrap();
        let mut walker = Walker::new(&puzzle.board);
        let mut rng = Stream::new(3);
        for start in 0..64 {
            let path = walker
                .walk_up_to(start, Rule::Greedy, 16, &mut rng)
                .to_vec();
            assert_eq!(path[0], start);
            assert!(path.len() <= 16);
            let mut seen = path.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), path.len());
            assert!(path.windows(2).all(|p| puzzle.board.is_move(p[0], p[1])));
        }
    }
}
