//! Tours between two chosen squares on stitched boards: a route of tiles carrying paths,
//! checked by the verifier on a spread of boards and pairs of squares.

use super::{construct_and_verify, request};
use knights::construct::{build, ConstructError, Request};

/// A fixed spread of pairs of squares of opposite colours (a simple congruential sequence,
/// so that the sample is the same on every run), with the four corners among them.
fn pairs(rows: usize, cols: usize, count: usize) -> Vec<((usize, usize), (usize, usize))> {
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
        .filter(|(a, b)| (a.0 + a.1) % 2 != (b.0 + b.1) % 2 && a != b)
        .collect()
}

#[test]
fn any_two_squares_of_opposite_colours_end_a_tour() {
    for (rows, cols) in [(6, 6), (8, 8), (13, 20), (30, 17), (24, 25), (61, 40)] {
        for (start, end) in pairs(rows, cols, 8) {
            let asked = Request {
                start: Some(start),
                end: Some(end),
                ..request(rows, cols)
            };
            let tour = construct_and_verify(&asked);
            assert_eq!(tour.first(), start.0 * cols + start.1);
            assert_eq!(tour.last(), end.0 * cols + end.1);
        }
    }
}

/// On a board with both sides odd the path still runs between the odd tile's ends only.
#[test]
fn both_ends_on_a_board_with_both_sides_odd_are_not_yet_chosen() {
    let asked = Request {
        start: Some((0, 0)),
        end: Some((2, 2)),
        ..request(13, 15)
    };
    assert!(matches!(build(&asked), Err(ConstructError::Unsupported(_))));
}
