//! The sweep against a plain depth-first count of Hamiltonian cycles and paths on small
//! boards: an independent count, written for these tests only.

use super::budget::Budget;
use super::count::{sweep, Outcome};
use super::settings::Settings;
use super::transition::TourKind;
use super::workers::Workers;
use crate::board::{Board, Leaper, Shape};
use crate::run::Limits;
use std::time::Instant;

/// Directed Hamiltonian paths from `at` having visited `seen`, closing back to `start` when
/// `closed`.
fn walks(
    board: &Board,
    at: usize,
    start: usize,
    seen: &mut Vec<bool>,
    left: usize,
    closed: bool,
) -> u64 {
    if left == 0 {
        return u64::from(!closed || board.is_move(at, start));
    }
    let mut total = 0;
    for &next in board.neighbours(at) {
        if !seen[next] {
            seen[next] = true;
            total += walks(board, next, start, seen, left - 1, closed);
            seen[next] = false;
        }
    }
    total
}

/// Undirected Hamiltonian cycles (closed) or paths, by walking every directed one.
fn by_walking(board: &Board, closed: bool) -> u64 {
    let n = board.n_cells();
    let mut directed = 0;
    for start in 0..n {
        let mut seen = vec![false; n];
        seen[start] = true;
        directed += walks(board, start, start, &mut seen, n - 1, closed);
    }
    // A cycle is walked from each of its n cells in two directions; a path from both ends.
    if closed {
        directed / (2 * n as u64)
    } else {
        directed / 2
    }
}

/// The sweep's count in memory, checked against the same sweep spilling every step it can.
fn by_sweep(board: &Board, closed: bool) -> u64 {
    let kind = if closed {
        TourKind::Cycle
    } else {
        TourKind::Path
    };
    let count = |budget: &Budget| {
        let limits = Limits::default();
        let (outcome, _) = sweep(
            board,
            kind,
            &limits,
            &Settings {
                budget: budget.clone(),
                checkpoints: None,
                workers: Workers::default(),
            },
            Instant::now(),
            &|_| {},
        )
        .unwrap();
        match outcome {
            Outcome::Counted(n) => n.to_u64().unwrap(),
            Outcome::Stopped(e) => panic!("stopped: {e:?}"),
        }
    };
    let in_memory = count(&Budget::default());
    assert_eq!(count(&Budget::new(1, None)), in_memory, "spilled");
    in_memory
}

#[test]
fn small_grids_and_knight_boards_agree_with_walking() {
    let cases = [
        (Shape::flat(2, 2), Leaper { a: 0, b: 1 }),
        (Shape::flat(2, 3), Leaper { a: 0, b: 1 }),
        (Shape::flat(3, 3), Leaper { a: 0, b: 1 }),
        (Shape::flat(3, 4), Leaper::KNIGHT),
        (Shape::flat(4, 4), Leaper { a: 1, b: 1 }),
        // Boxes, whose states fold under two mirrors at the end of each layer.
        (Shape::solid(3, 2, 3), Leaper { a: 0, b: 1 }),
        (Shape::solid(2, 3, 3), Leaper { a: 0, b: 1 }),
        (Shape::solid(3, 2, 2), Leaper::KNIGHT),
    ];
    for (shape, leaper) in cases {
        let board = Board::new(shape, leaper);
        for closed in [false, true] {
            assert_eq!(
                by_sweep(&board, closed),
                by_walking(&board, closed),
                "{shape} {leaper} closed {closed}"
            );
        }
    }
}

/// The sweep's count of undirected cycles or paths in memory, and the primes it took (0 for
/// one sweep with a 128-bit count).
fn count_and_primes(board: &Board, kind: TourKind) -> (u64, usize) {
    let (outcome, figures) = sweep(
        board,
        kind,
        &Limits::default(),
        &Settings {
            budget: Budget::default(),
            checkpoints: None,
            workers: Workers::default(),
        },
        Instant::now(),
        &|_| {},
    )
    .unwrap();
    match outcome {
        Outcome::Counted(n) => (n.to_u64().unwrap(), figures.primes),
        Outcome::Stopped(e) => panic!("stopped: {e:?}"),
    }
}

#[test]
fn a_board_whose_bound_passes_two_to_the_128_is_counted_modulo_primes() {
    use super::bound::count_bits;
    let wazir = Leaper { a: 0, b: 1 };
    // The ladder 2 x n has one Hamiltonian cycle, its rim: a cycle through an inner rung
    // crosses each of the two cuts beside that rung twice, on both rails, which gives the
    // rung's cells three moves each. The path 1 x n has one Hamiltonian path.
    let ladder = Board::new(Shape::flat(2, 80), wazir);
    let line = Board::new(Shape::flat(1, 160), wazir);
    for (board, kind) in [(&ladder, TourKind::Cycle), (&line, TourKind::Path)] {
        let bits = count_bits(board, kind == TourKind::Cycle);
        assert!(
            bits > 128.0,
            "{} {kind:?}: a bound of {bits} bits",
            board.shape()
        );
        let (count, primes) = count_and_primes(board, kind);
        assert_eq!(count, 1, "{} {kind:?}", board.shape());
        assert!(primes >= 3, "{} {kind:?}: {primes} primes", board.shape());
    }
    // Between one prime's bits and 2^128, one sweep with a 128-bit count; below, one prime.
    let shorter = Board::new(Shape::flat(2, 40), wazir);
    let bits = count_bits(&shorter, true);
    assert!(bits > 64.0 && bits < 120.0, "a bound of {bits} bits");
    assert_eq!(count_and_primes(&shorter, TourKind::Cycle), (1, 0));
    let knight = Board::new(Shape::flat(3, 4), Leaper::KNIGHT);
    assert_eq!(count_and_primes(&knight, TourKind::Path).1, 1, "3x4 paths");
}

/// Every state after every move of the sweep, from the empty frontier, with no counts: the
/// states inside a step too, from which a new path takes the next label.
fn every_successor_is_canonical(board: &Board, kind: TourKind) {
    use super::layout::best_schedule;
    use super::state::Packing;
    use super::transition::Transition;
    let schedule = best_schedule(board).unwrap();
    let transition = Transition {
        packing: Packing::new(schedule.slots as u32, schedule.bits),
        kind,
        spare: Packing::spare_label(schedule.widest),
    };
    let p = transition.packing;
    let mut states = vec![0u128];
    let choices = schedule.steps.iter().flat_map(|step| &step.choices);
    for (i, choice) in choices.enumerate() {
        let mut next: Vec<u128> = states
            .iter()
            .flat_map(|&w| transition.choose(w, choice))
            .flatten()
            .collect();
        for &w in &next {
            let shape = board.shape();
            assert_eq!(p.canonical(w), w, "{shape} {kind:?} move {i}: {w:#x}");
        }
        next.sort_unstable();
        next.dedup();
        states = next;
    }
    assert!(
        states.iter().all(|&w| w == 0),
        "the finished frontier is empty"
    );
}

#[test]
fn every_state_the_sweep_makes_is_already_renumbered() {
    // A word left with a stale label would hold the spare label a new path takes, or differ
    // from its twin only by names: the renumbering skipped when only full cells leave must
    // never skip a word whose labels moved.
    for (shape, leaper) in [
        (Shape::flat(5, 5), Leaper::KNIGHT),
        (Shape::flat(4, 6), Leaper::KNIGHT),
        (Shape::solid(2, 3, 3), Leaper::KNIGHT),
        (Shape::flat(4, 4), Leaper { a: 0, b: 1 }),
    ] {
        let board = Board::new(shape, leaper);
        for kind in [TourKind::Cycle, TourKind::Path] {
            every_successor_is_canonical(&board, kind);
        }
    }
}
