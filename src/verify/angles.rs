//! The verifier's own reading of angles: at each cell with two tour neighbours `p` and `s`,
//! the triangle `p, c, s` by the law of cosines. The angle at `c` is acute when
//! `|ps|^2 < |cp|^2 + |cs|^2`, right when equal, and otherwise obtuse, or straight when `c`
//! is the midpoint of `p` and `s`. Squared distances come from cell coordinates alone.

use super::Violation;
use crate::board::{Cell, Shape};
use crate::puzzle::{AngleKind, Puzzle};
use crate::tour::Closure;

/// How many cells of a tour have each kind of angle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct AngleTally {
    /// Below 90 degrees.
    pub acute: usize,
    /// 90 degrees.
    pub right: usize,
    /// Above 90 and below 180 degrees.
    pub obtuse: usize,
    /// 180 degrees.
    pub straight: usize,
}

impl AngleTally {
    /// The number of cells with an angle of `kind`.
    pub fn of_kind(&self, kind: AngleKind) -> usize {
        match kind {
            AngleKind::Acute => self.acute,
            AngleKind::Right => self.right,
            AngleKind::Obtuse => self.obtuse,
            AngleKind::Straight => self.straight,
            AngleKind::ObtuseOrStraight => self.obtuse + self.straight,
        }
    }
}

impl std::fmt::Display for AngleTally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "angles: {} acute, {} right, {} obtuse, {} straight",
            self.acute, self.right, self.obtuse, self.straight
        )
    }
}

/// The angles of the tour visiting `order`: every cell's when `closed`, else all but the ends'.
pub fn angle_tally(shape: Shape, order: &[Cell], closed: Closure) -> AngleTally {
    let n = order.len();
    let mut tally = AngleTally::default();
    if n < 3 {
        return tally;
    }
    let cells = if closed.is_closed() { 0..n } else { 1..n - 1 };
    for i in cells {
        let (p, c, s) = (order[(i + n - 1) % n], order[i], order[(i + 1) % n]);
        let (a, b, far) = (
            square(shape, c, p),
            square(shape, c, s),
            square(shape, p, s),
        );
        let slot = if is_midpoint(shape, c, p, s) {
            &mut tally.straight
        } else if far < a + b {
            &mut tally.acute
        } else if far == a + b {
            &mut tally.right
        } else {
            &mut tally.obtuse
        };
        *slot += 1;
    }
    tally
}

/// The model's angle bounds, each broken one named with the count found.
pub fn check_angles(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    if puzzle.angles.is_empty() {
        return Vec::new();
    }
    let tally = angle_tally(puzzle.board.shape(), order, puzzle.closed);
    puzzle
        .angles
        .iter()
        .filter(|bound| !(bound.at_least..=bound.at_most).contains(&tally.of_kind(bound.kind)))
        .map(|bound| Violation::Angles {
            kind: bound.kind.name(),
            found: tally.of_kind(bound.kind),
            at_least: bound.at_least,
            at_most: bound.at_most,
        })
        .collect()
}

fn coordinates(shape: Shape, cell: Cell) -> [i64; 3] {
    let c = shape.coord(cell);
    [c.layer as i64, c.row as i64, c.col as i64]
}

fn square(shape: Shape, a: Cell, b: Cell) -> i64 {
    let (x, y) = (coordinates(shape, a), coordinates(shape, b));
    (0..3).map(|i| (x[i] - y[i]) * (x[i] - y[i])).sum()
}

fn is_midpoint(shape: Shape, c: Cell, p: Cell, s: Cell) -> bool {
    let (c, p, s) = (
        coordinates(shape, c),
        coordinates(shape, p),
        coordinates(shape, s),
    );
    (0..3).all(|i| 2 * c[i] == p[i] + s[i])
}
