//! Boards four squares wide: every length, every pair of ends the theory allows, and on the
//! short boards the ends the construction finds checked against the SAT engine's answer.

use super::{construct_and_verify, request};
use knights::construct::{build, Request};
use knights::puzzle::Puzzle;
use knights::run::{Ending, Limits};
use knights::sat::SatOptions;

/// Along rows and along columns, every length up to 300 and a sample of long ones.
#[test]
fn every_board_four_wide_gets_a_verified_tour() {
    for len in (5..=300).chain([1001, 4099, 65_536 + 7]) {
        construct_and_verify(&request(4, len));
        construct_and_verify(&request(len, 4));
    }
}

fn with_ends(rows: usize, cols: usize, start: (usize, usize), end: (usize, usize)) -> Request {
    Request {
        start: Some(start),
        end: Some(end),
        ..request(rows, cols)
    }
}

/// The squares of the outer lines of a board four wide.
fn outer_squares(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let all = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
    all.filter(|&(r, c)| if rows == 4 { r % 3 == 0 } else { c % 3 == 0 })
        .collect()
}

/// From 7 squares long on, any two outer squares of opposite colours end a tour.
#[test]
fn any_two_outer_squares_of_opposite_colours_end_a_tour() {
    for (rows, cols) in [(4, 7), (4, 8), (4, 9), (4, 12), (4, 17), (4, 30), (13, 4)] {
        let outer = outer_squares(rows, cols);
        for &start in &outer {
            for &end in &outer {
                if (start.0 + start.1) % 2 != (end.0 + end.1) % 2 {
                    let tour = construct_and_verify(&with_ends(rows, cols, start, end));
                    assert_eq!(tour.first(), start.0 * cols + start.1);
                    assert_eq!(tour.last(), end.0 * cols + end.1);
                }
            }
        }
    }
}

/// Whether the SAT engine finds a tour with these ends, insisting on a definite answer.
fn sat_finds(request: &Request) -> bool {
    let puzzle = Puzzle::from_spec(&request.spec()).unwrap();
    let (found, summary) =
        knights::sat::solve(&puzzle, &SatOptions::default(), &Limits::default()).unwrap();
    assert!(found.is_some() || summary.ending == Ending::Exhausted);
    found.is_some()
}

/// On 4 x 5 and 4 x 6 (and turned) not every pair of outer squares ends a tour; the
/// construction gives one for a pair of squares of opposite colours exactly where the SAT
/// engine finds one, inner squares included.
#[test]
fn on_short_boards_the_ends_found_are_all_the_ends_there_are() {
    for (rows, cols) in [(4, 5), (4, 6), (5, 4)] {
        let squares: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .collect();
        let mut pairs = 0;
        for &start in &squares {
            for &end in &squares {
                if (start.0 + start.1) % 2 == (end.0 + end.1) % 2 {
                    continue;
                }
                let asked = with_ends(rows, cols, start, end);
                let built = build(&asked).is_ok();
                assert_eq!(built, sat_finds(&asked), "{rows}x{cols} {start:?} {end:?}");
                if built {
                    construct_and_verify(&asked);
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 0, "{rows}x{cols}");
    }
}
