//! Tours between two chosen squares on stitched boards: a route of tiles carrying paths,
//! checked by the verifier on a spread of boards and pairs of squares.

use super::{construct_and_verify, request};
use knights::construct::Request;

type Cell = (usize, usize);

/// A fixed spread of pairs of squares that can end a tour (a simple congruential sequence,
/// so that the sample is the same on every run), with the four corners among them: squares
/// of opposite colours, or on a board with both sides odd, two of the corners' colour.
fn pairs(rows: usize, cols: usize, count: usize) -> Vec<(Cell, Cell)> {
    let mut state: u64 = (rows * 1000 + cols) as u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let mut found = vec![
        ((0, 0), (rows - 1, cols - 1)),
        ((rows - 1, 0), (0, cols - 1)),
    ];
    while found.len() < count {
        let a = (next(rows), next(cols));
        let b = (next(rows), next(cols));
        found.push((a, b));
    }
    found
        .into_iter()
        .filter(|&(a, b)| a != b && can_end(rows, cols, a, b))
        .collect()
}

fn can_end(rows: usize, cols: usize, a: Cell, b: Cell) -> bool {
    let colour = |(r, c): Cell| (r + c) % 2;
    if (rows * cols).is_multiple_of(2) {
        colour(a) != colour(b)
    } else {
        colour(a) == 0 && colour(b) == 0
    }
}

fn construct_between(rows: usize, cols: usize, start: Option<Cell>, end: Option<Cell>) {
    let asked = Request {
        start,
        end,
        ..request(rows, cols)
    };
    let tour = construct_and_verify(&asked);
    if let Some(start) = start {
        assert_eq!(tour.first(), start.0 * cols + start.1, "{asked:?}");
    }
    if let Some(end) = end {
        assert_eq!(tour.last(), end.0 * cols + end.1, "{asked:?}");
    }
}

#[test]
fn any_two_squares_of_opposite_colours_end_a_tour() {
    for (rows, cols) in [(6, 6), (8, 8), (13, 20), (30, 17), (24, 25), (61, 40)] {
        for (start, end) in pairs(rows, cols, 8) {
            construct_between(rows, cols, Some(start), Some(end));
        }
    }
}

/// On a board with both sides odd the cut puts the odd tile, whose path joins two squares
/// of the corners' colour, at the end of the route.
#[test]
fn any_two_squares_of_the_corners_colour_end_a_path_when_both_sides_are_odd() {
    for (rows, cols) in [(5, 5), (7, 9), (13, 15), (25, 23), (41, 17)] {
        for (start, end) in pairs(rows, cols, 10) {
            construct_between(rows, cols, Some(start), Some(end));
        }
    }
}

/// With one end chosen, the odd tile holds it and its path runs to another of its squares.
#[test]
fn one_chosen_end_of_a_path_when_both_sides_are_odd() {
    for (rows, cols) in [(5, 7), (9, 9), (13, 15), (31, 29)] {
        for (a, _) in pairs(rows, cols, 8) {
            construct_between(rows, cols, Some(a), None);
            construct_between(rows, cols, None, Some(a));
        }
    }
}

/// Pairs that the first cut of the board misses (both ends in one tile whose path must also
/// make its joins' agreed moves, or in neighbouring tiles of a board five wide), met by a
/// cut with the borders elsewhere.
#[test]
fn pairs_the_first_cut_misses_are_met_by_another_cut() {
    let missed = [
        ((29, 6), (11, 3), (13, 2)),
        ((27, 16), (21, 9), (19, 8)),
        ((5, 16), (0, 14), (2, 9)),
        ((18, 5), (12, 4), (11, 2)),
    ];
    for ((rows, cols), start, end) in missed {
        construct_between(rows, cols, Some(start), Some(end));
    }
}
