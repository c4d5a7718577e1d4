//! A sweep on several threads against the same sweep on one: the same count and the same
//! states after every step, in memory and with steps spilled.

use super::budget::Budget;
use super::count::{sweep, Figures, Outcome};
use super::settings::Settings;
use super::transition::TourKind;
use super::workers::Workers;
use crate::board::{Board, Leaper, Shape};
use crate::run::{Limits, Progress};
use std::cell::RefCell;
use std::time::Instant;

/// The count (as text), the states after each step, and the figures.
fn run(
    board: &Board,
    kind: TourKind,
    budget: &Budget,
    workers: Workers,
) -> (String, Vec<usize>, Figures) {
    let states = RefCell::new(Vec::new());
    let on_progress = |report: Progress| {
        if let Progress::Steps(s) = report {
            states.borrow_mut().push(s.states);
        }
    };
    let limits = Limits::default();
    let (outcome, figures) = sweep(
        board,
        kind,
        &limits,
        &Settings {
            budget: budget.clone(),
            checkpoints: None,
            workers,
        },
        Instant::now(),
        &on_progress,
    )
    .unwrap();
    let count = match outcome {
        Outcome::Counted(n) => n.to_string(),
        Outcome::Stopped(e) => panic!("stopped: {e:?}"),
    };
    (count, states.into_inner(), figures)
}

/// `threads` threads on every step of at least one state.
fn every_step_on(threads: usize) -> Workers {
    Workers {
        threads,
        from_states: 1,
    }
}

/// The boards of the checks: closed and open knight's tours, a box, and the wazir's ladder
/// whose bound takes several primes.
fn boards() -> Vec<(Board, TourKind)> {
    vec![
        (
            Board::new(Shape::flat(6, 6), Leaper::KNIGHT),
            TourKind::Cycle,
        ),
        (
            Board::new(Shape::flat(5, 5), Leaper::KNIGHT),
            TourKind::Path,
        ),
        (
            Board::new(Shape::solid(2, 3, 4), Leaper::KNIGHT),
            TourKind::Cycle,
        ),
        (
            Board::new(Shape::solid(2, 3, 4), Leaper::KNIGHT),
            TourKind::Path,
        ),
        (
            Board::new(Shape::flat(2, 80), Leaper { a: 0, b: 1 }),
            TourKind::Cycle,
        ),
    ]
}

#[test]
fn two_and_three_threads_count_the_same_states_as_one() {
    let budget = Budget::default();
    for (board, kind) in boards() {
        let (count, states, alone) = run(&board, kind, &budget, Workers::new(1));
        assert_eq!(
            alone.parallel_steps, 0,
            "one thread runs no step on several"
        );
        for threads in [2, 3] {
            let (c, s, f) = run(&board, kind, &budget, every_step_on(threads));
            let what = format!("{} {kind:?} on {threads} threads", board.shape());
            assert_eq!(c, count, "{what}");
            assert_eq!(s, states, "{what}: states after each step");
            assert_eq!(f.peak_states, alone.peak_states, "{what}");
            assert_eq!(f.primes, alone.primes, "{what}");
            assert_eq!(
                f.parallel_steps,
                f.steps * f.primes.max(1),
                "{what}: every step"
            );
        }
    }
}

#[test]
fn small_steps_stay_on_one_thread() {
    let board = Board::new(Shape::flat(6, 6), Leaper::KNIGHT);
    let budget = Budget::default();
    let (_, states, f) = run(
        &board,
        TourKind::Cycle,
        &budget,
        Workers {
            threads: 2,
            from_states: 5000,
        },
    );
    let large = states[..states.len() - 1]
        .iter()
        .filter(|&&s| s >= 5000)
        .count();
    assert!(large > 0 && large < f.steps, "{states:?}");
    // A step is run on two threads when the states it starts from are many.
    assert_eq!(f.parallel_steps, large, "{states:?}");
}

#[test]
fn with_steps_spilled_two_threads_count_the_same_states_as_one() {
    let parent = tempfile::tempdir().unwrap();
    let board = Board::new(Shape::flat(6, 6), Leaper::KNIGHT);
    // Room for the buffers and the smaller steps' tables, not for the largest steps.
    let budget = Budget::new(1 << 20, Some(parent.path().to_path_buf()));
    let (count, states, alone) = run(&board, TourKind::Cycle, &budget, Workers::new(1));
    assert!(alone.spilled_steps > 0, "{alone:?}");
    for threads in [2, 3] {
        let (c, s, f) = run(&board, TourKind::Cycle, &budget, every_step_on(threads));
        assert_eq!(
            (c.as_str(), &s),
            (count.as_str(), &states),
            "{threads} threads"
        );
        assert!(
            f.spilled_steps > 0 && f.parallel_steps > 0,
            "{threads} threads: {f:?}"
        );
    }
    assert_eq!(count, "9862");
}
