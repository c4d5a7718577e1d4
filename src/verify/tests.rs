//! The verifier against hand-made tours: each rule broken on its own, and the messages.

use super::*;
use crate::board::Board;
use crate::puzzle::{LineSum, Symmetry};
use crate::tour::Closure;

fn plain(shape: Shape, closed: Closure) -> Puzzle {
    plain_with(shape, crate::board::Leaper::KNIGHT, closed)
}

/// A puzzle with no rule but the board, the leaper and `closed`.
pub(super) fn plain_with(shape: Shape, leaper: crate::board::Leaper, closed: Closure) -> Puzzle {
    Puzzle::plain(Board::new(shape, leaper), closed)
}

fn flat(shape: Shape, r: usize, c: usize) -> Cell {
    r * shape.cols + c
}

#[test]
fn leaps_are_computed_from_coordinates() {
    let s = Shape::flat(8, 8);
    let k = Leaper::KNIGHT;
    assert!(is_leap(s, k, flat(s, 0, 0), flat(s, 1, 2)));
    assert!(is_leap(s, k, flat(s, 2, 1), flat(s, 0, 0)));
    assert!(!is_leap(s, k, flat(s, 0, 0), flat(s, 2, 2)));
    assert!(!is_leap(s, k, flat(s, 0, 0), flat(s, 0, 0)));
    // The wrap-around of row-major indices is no leap: (0,7) and (1,1) are 6 apart.
    assert!(!is_leap(s, k, flat(s, 0, 7), flat(s, 1, 1)));
    let b = Shape::solid(4, 4, 4);
    let cell = |l: usize, r: usize, c: usize| (l * 4 + r) * 4 + c;
    assert!(is_leap(b, k, cell(0, 0, 0), cell(1, 0, 2)));
    assert!(is_leap(b, k, cell(0, 0, 0), cell(2, 1, 0)));
    assert!(!is_leap(b, k, cell(0, 0, 0), cell(1, 1, 2)));
    let wazir = Leaper { a: 0, b: 1 };
    assert!(is_leap(s, wazir, flat(s, 3, 3), flat(s, 3, 4)));
    assert!(!is_leap(s, wazir, flat(s, 3, 3), flat(s, 4, 4)));
    let ferz = Leaper { a: 1, b: 1 };
    assert!(is_leap(b, ferz, cell(1, 1, 1), cell(2, 1, 0)));
    assert!(!is_leap(b, ferz, cell(1, 1, 1), cell(2, 2, 2)));
}

#[test]
fn half_turn_flips_every_axis_of_the_board() {
    let s = Shape::flat(3, 5);
    assert_eq!(half_turn(s, flat(s, 0, 0)), flat(s, 2, 4));
    assert_eq!(half_turn(s, flat(s, 1, 2)), flat(s, 1, 2));
    assert_eq!(half_turn(s, flat(s, 0, 3)), flat(s, 2, 1));
    let b = Shape::solid(2, 3, 4);
    assert_eq!(half_turn(b, 0), 23);
    assert_eq!(half_turn(b, 5), 18);
    for cell in b.cells() {
        assert_eq!(half_turn(b, half_turn(b, cell)), cell);
    }
}

#[test]
fn integrity_names_repeats_gaps_and_strays() {
    let s = Shape::flat(2, 2);
    assert!(check_integrity(s, &[0, 1, 3, 2]).is_empty());
    let found = check_integrity(s, &[0, 1, 1, 7]);
    let text: Vec<String> = found.iter().map(std::string::ToString::to_string).collect();
    assert_eq!(
        text,
        vec![
            "cell (0,1) carries both 2 and 3",
            "number 4 is on cell 7, outside the 2x2 board",
            "cell (1,0) carries no number",
            "cell (1,1) carries no number",
        ]
    );
    let short = check_integrity(s, &[0, 1, 2]);
    assert_eq!(
        short[0].to_string(),
        "the tour has 3 cells but the board has 4"
    );
    assert_eq!(check_integrity(s, &[]), vec![Violation::Empty]);
}

#[test]
fn messages_name_the_rule_and_the_numbers() {
    // 3x4 open tour: 1 at (0,0).
    let s = Shape::flat(3, 4);
    let numbers = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
    let tour = Tour::from_numbers(s, &numbers).unwrap();
    let mut puzzle = plain(s, Closure::Open);
    assert_eq!(verify(&puzzle, &tour), vec![]);

    puzzle.closed = Closure::Closed;
    puzzle.starts = Some(vec![flat(s, 1, 1)]);
    puzzle.ends = Some(vec![flat(s, 0, 0)]);
    puzzle.sums = vec![LineSum {
        name: "row 0".into(),
        cells: (0..4).collect(),
        target: 20,
    }];
    puzzle.required = vec![(flat(s, 0, 0), flat(s, 2, 1))];
    // The tour is its own half turn (k -> 13 - k), the closing move included.
    puzzle.symmetry = Symmetry::HalfTurn;
    let text: Vec<String> = verify(&puzzle, &tour)
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert!(
        text.contains(
            &"the tour is not closed: 12 at (2,3) is not a 1,2 leap from 1 at (0,0)".into()
        ),
        "{text:?}"
    );
    assert!(text.contains(&"starts at (0,0), which is not an allowed start cell".into()));
    assert!(text.contains(&"ends (12) at (2,3), which is not an allowed end cell".into()));
    assert!(text.contains(&"row 0 sums to 22, not 20".into()));
    assert!(text.contains(&"required move (0,0)-(2,1) is not made".into()));
    assert_eq!(text.len(), 5, "{text:?}");

    let wrong = Tour::from_numbers(Shape::flat(4, 3), &numbers).unwrap();
    assert_eq!(
        verify(&puzzle, &wrong)[0].to_string(),
        "the tour is on 4x3 but the model's board is 3x4"
    );

    let mut swapped = numbers;
    swapped.swap(0, 1); // 4 at (0,0), 1 at (0,1)
    let bad = Tour::from_numbers(s, &swapped).unwrap();
    let found = verify(&plain(s, Closure::Open), &bad);
    let text: Vec<String> = found.iter().map(std::string::ToString::to_string).collect();
    assert!(
        text.contains(&"move 1 -> 2 from (0,1) to (1,2) is not a 1,2 leap".into()),
        "{text:?}"
    );
    assert!(found.iter().all(|v| v.rule() == "move"));
}
