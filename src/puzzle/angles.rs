//! Angles between a tour's two moves at a cell, and the model's bounds on how many cells have
//! each kind.
//!
//! At a cell `c` with tour neighbours `p` and `s`, the moves as vectors `u = p - c` and
//! `v = s - c` have the same length, so the sign of their dot product decides the kind:
//! positive is acute, zero right, negative obtuse, and `v = -u` straight. For the knight the
//! six angles are 36.9 and 53.1 (acute), 90, 126.9 and 143.1 (obtuse) and 180 degrees. The
//! cells at the ends of an open tour have one move and no angle.

use super::error::{field_error, impossible, PuzzleError};
use crate::board::{Cell, Shape};
use crate::spec::{AnglesSpec, BoundSpec};
use crate::tour::Closure;
use serde::Serialize;

/// A kind of angle a model may bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum AngleKind {
    /// Below 90 degrees.
    Acute,
    /// 90 degrees.
    Right,
    /// Above 90 and below 180 degrees.
    Obtuse,
    /// 180 degrees.
    Straight,
    /// Above 90 degrees, 180 included.
    #[value(name = "obtuse_or_straight")]
    ObtuseOrStraight,
}

impl AngleKind {
    /// Every kind a model may bound, in the order of the model file's fields.
    pub const ALL: [AngleKind; 5] = [
        AngleKind::Acute,
        AngleKind::Right,
        AngleKind::Obtuse,
        AngleKind::Straight,
        AngleKind::ObtuseOrStraight,
    ];

    /// The model file's name for the kind.
    pub fn name(self) -> &'static str {
        match self {
            AngleKind::Acute => "acute",
            AngleKind::Right => "right",
            AngleKind::Obtuse => "obtuse",
            AngleKind::Straight => "straight",
            AngleKind::ObtuseOrStraight => "obtuse_or_straight",
        }
    }

    /// Whether an angle of the basic kind `angle` (not `ObtuseOrStraight`) is of this kind.
    pub fn includes(self, angle: AngleKind) -> bool {
        match self {
            AngleKind::ObtuseOrStraight => {
                matches!(angle, AngleKind::Obtuse | AngleKind::Straight)
            }
            kind => kind == angle,
        }
    }
}

/// The basic kind of the angle at `c` between the moves to `p` and to `s` (`p != s`).
pub fn angle_at(shape: Shape, c: Cell, p: Cell, s: Cell) -> AngleKind {
    let vector = |to: Cell| {
        let (from, to) = (shape.coord(c), shape.coord(to));
        [
            to.layer as i64 - from.layer as i64,
            to.row as i64 - from.row as i64,
            to.col as i64 - from.col as i64,
        ]
    };
    let (u, v) = (vector(p), vector(s));
    let dot: i64 = (0..3).map(|i| u[i] * v[i]).sum();
    if (0..3).all(|i| u[i] == -v[i]) {
        AngleKind::Straight
    } else if dot > 0 {
        AngleKind::Acute
    } else if dot == 0 {
        AngleKind::Right
    } else {
        AngleKind::Obtuse
    }
}

/// Each cell that has an angle along the tour of `n` cells whose `i`-th cell is `cell(i)`,
/// in visiting order, with the basic kind of its angle: every cell of a closed tour, all but
/// the two ends of an open one.
pub fn angles_along(
    shape: Shape,
    n: usize,
    closed: Closure,
    cell: impl Fn(usize) -> Cell,
) -> impl Iterator<Item = (Cell, AngleKind)> {
    let inner = match (n < 3, closed) {
        (true, _) => 0..0,
        (false, Closure::Closed) => 0..n,
        (false, Closure::Open) => 1..n - 1,
    };
    inner.map(move |i| {
        let c = cell(i);
        (
            c,
            angle_at(shape, c, cell((i + n - 1) % n), cell((i + 1) % n)),
        )
    })
}

/// How many cells of a tour have each basic kind of angle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AngleCounts {
    /// Below 90 degrees.
    pub acute: usize,
    /// 90 degrees.
    pub right: usize,
    /// Above 90 and below 180 degrees.
    pub obtuse: usize,
    /// 180 degrees.
    pub straight: usize,
}

impl AngleCounts {
    /// The angles of the tour visiting `order` (the closing move's two angles when `closed`).
    pub fn of(shape: Shape, order: &[Cell], closed: Closure) -> AngleCounts {
        AngleCounts::of_indexed(shape, order.len(), closed, |i| order[i])
    }

    /// The angles of the tour of `n` cells whose `i`-th cell is `cell(i)`.
    pub fn of_indexed(
        shape: Shape,
        n: usize,
        closed: Closure,
        cell: impl Fn(usize) -> Cell,
    ) -> AngleCounts {
        let mut counts = AngleCounts::default();
        for (_, kind) in angles_along(shape, n, closed, cell) {
            *counts.slot(kind) += 1;
        }
        counts
    }

    fn slot(&mut self, kind: AngleKind) -> &mut usize {
        match kind {
            AngleKind::Acute => &mut self.acute,
            AngleKind::Right => &mut self.right,
            AngleKind::Straight => &mut self.straight,
            AngleKind::Obtuse | AngleKind::ObtuseOrStraight => &mut self.obtuse,
        }
    }

    /// The number of angles of `kind`.
    pub fn count(&self, kind: AngleKind) -> usize {
        match kind {
            AngleKind::Acute => self.acute,
            AngleKind::Right => self.right,
            AngleKind::Obtuse => self.obtuse,
            AngleKind::Straight => self.straight,
            AngleKind::ObtuseOrStraight => self.obtuse + self.straight,
        }
    }
}

/// A bound on the number of cells with an angle of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AngleBound {
    /// The kind bounded.
    pub kind: AngleKind,
    /// At least this many cells.
    pub at_least: usize,
    /// At most this many cells.
    pub at_most: usize,
}

impl AngleBound {
    /// Whether `counts` meet the bound.
    pub fn holds(&self, counts: &AngleCounts) -> bool {
        (self.at_least..=self.at_most).contains(&counts.count(self.kind))
    }

    /// The bound in words: `obtuse <= 4`, `right >= 2`, `acute = 10`, `2 <= straight <= 5`.
    pub fn describe(&self, angles: usize) -> String {
        let kind = self.kind.name();
        match (self.at_least, self.at_most) {
            (low, high) if low == high => format!("{kind} = {low}"),
            (0, high) => format!("{kind} <= {high}"),
            (low, high) if high >= angles => format!("{kind} >= {low}"),
            (low, high) => format!("{low} <= {kind} <= {high}"),
        }
    }
}

/// The number of cells that have an angle: all of them in a closed tour, all but the two ends
/// in an open one.
pub fn angle_cells(n_cells: usize, closed: Closure) -> usize {
    if closed.is_closed() || n_cells < 2 {
        n_cells
    } else {
        n_cells - 2
    }
}

/// The model's angle bounds, checked against what a tour of `angles` angle cells can meet.
pub fn angle_bounds(spec: &AnglesSpec, angles: usize) -> Result<Vec<AngleBound>, PuzzleError> {
    let kinds = [
        (AngleKind::Acute, spec.acute),
        (AngleKind::Right, spec.right),
        (AngleKind::Obtuse, spec.obtuse),
        (AngleKind::Straight, spec.straight),
        (AngleKind::ObtuseOrStraight, spec.obtuse_or_straight),
    ];
    let mut bounds = Vec::new();
    for (kind, bound) in kinds {
        if let Some(bound) = bound {
            bounds.push(angle_bound(kind, bound, angles)?);
        }
    }
    Ok(bounds)
}

fn angle_bound(kind: AngleKind, spec: BoundSpec, angles: usize) -> Result<AngleBound, PuzzleError> {
    let field = format!("angles.{}", kind.name());
    let (at_least, at_most) = match (spec.exactly, spec.at_least, spec.at_most) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(field_error(
                field,
                "give `exactly` alone, or `at_least` and/or `at_most`",
            ))
        }
        (Some(k), None, None) => (k, k),
        (None, None, None) => {
            return Err(field_error(
                field,
                "give `exactly`, `at_least` or `at_most`",
            ))
        }
        (None, low, high) => (low.unwrap_or(0), high.unwrap_or(angles)),
    };
    if at_least > angles {
        return Err(impossible(
            field,
            format!("asks for at least {at_least} angles, but a tour of this board has {angles}"),
        ));
    }
    if at_least > at_most {
        return Err(impossible(
            field,
            format!("at least {at_least} and at most {at_most} cannot both hold"),
        ));
    }
    Ok(AngleBound {
        kind,
        at_least,
        at_most: at_most.min(angles),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    fn cell(shape: Shape, row: usize, col: usize) -> Cell {
        shape.cell(Coord { layer: 0, row, col }).unwrap()
    }

    /// From the centre of a 5x5 board the move to (0, 3) meets the other seven knight moves
    /// at 36.9, 53.1, 90, 90, 126.9, 143.1 and 180 degrees.
    #[test]
    fn the_knight_meets_its_own_move_at_six_angles() {
        let shape = Shape::parse("5x5").unwrap();
        let c = cell(shape, 2, 2);
        let p = cell(shape, 0, 3);
        let kind = |row, col| angle_at(shape, c, p, cell(shape, row, col));
        assert_eq!(kind(1, 4), AngleKind::Acute);
        assert_eq!(kind(0, 1), AngleKind::Acute);
        assert_eq!(kind(3, 4), AngleKind::Right);
        assert_eq!(kind(1, 0), AngleKind::Right);
        assert_eq!(kind(4, 3), AngleKind::Obtuse);
        assert_eq!(kind(3, 0), AngleKind::Obtuse);
        assert_eq!(kind(4, 1), AngleKind::Straight);
        assert!(AngleKind::ObtuseOrStraight.includes(AngleKind::Straight));
        assert!(!AngleKind::Obtuse.includes(AngleKind::Straight));
    }

    #[test]
    fn open_tours_have_no_angle_at_their_ends() {
        let shape = Shape::parse("3x4").unwrap();
        let order: Vec<Cell> = vec![0, 6, 5, 11, 4, 2, 9, 3, 10, 8, 1, 7];
        let open = AngleCounts::of(shape, &order, Closure::Open);
        let total = open.acute + open.right + open.obtuse + open.straight;
        assert_eq!(total, 10);
        assert_eq!(angle_cells(12, Closure::Open), 10);
        assert_eq!(angle_cells(12, Closure::Closed), 12);
    }

    #[test]
    fn bounds_no_tour_can_meet_are_refused_by_field() {
        let bound = |spec: BoundSpec| angle_bound(AngleKind::Obtuse, spec, 64);
        let too_many = bound(BoundSpec {
            at_least: Some(65),
            ..BoundSpec::default()
        });
        let message = too_many.unwrap_err().to_string();
        assert!(message.starts_with("angles.obtuse: "), "{message}");
        assert!(
            message.contains("65") && message.contains("64"),
            "{message}"
        );
        let crossed = bound(BoundSpec {
            at_least: Some(5),
            at_most: Some(4),
            exactly: None,
        });
        assert!(crossed
            .unwrap_err()
            .to_string()
            .contains("cannot both hold"));
        let both = bound(BoundSpec {
            at_most: Some(4),
            exactly: Some(3),
            ..BoundSpec::default()
        });
        assert!(both.unwrap_err().to_string().contains("`exactly` alone"));
        let fine = bound(BoundSpec {
            at_most: Some(100),
            ..BoundSpec::default()
        });
        assert_eq!(fine.unwrap().at_most, 64);
    }
}
