//! The streaming verifier: is a sequence of cells, handed over a chunk at a time, a plain tour
//! of a board (every cell once, each a leap from the one before, and for a closed tour the
//! last a leap from the first)?
//!
//! It is for boards too large to hold a [`Tour`](crate::tour::Tour) of, up to
//! [`MAX_STREAMED_CELLS`](crate::board::MAX_STREAMED_CELLS) cells, so it keeps one bit per
//! square and nothing else that grows with the board. Like [`verify`](super::verify) it shares
//! no code with any engine and recomputes whether two cells are a leap apart from their
//! coordinates. Those are found without a division per cell: a division by a fixed divisor is
//! a multiplication by its rounded-up reciprocal and a shift (Lemire, Kaser and Kurz, "Faster
//! remainder by direct computation", Software: Practice and Experience 49(6), 2019), exact for
//! every `u32` dividend when the reciprocal has 64 fractional bits.
//!
//! It checks the plain rules only: start and end cells, line sums, symmetry and required moves
//! need a whole tour, which [`verify`](super::verify) checks.

use super::At;
use crate::board::{Cell, Coord, Leaper, Shape};
use std::fmt;

/// The first rule a streamed tour breaks, with its position: entry number k (1-based) lies at
/// byte offset 4(k-1) of a binary tour file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamViolation {
    /// An entry names a cell index the board does not have.
    OffBoard {
        /// The entry's 1-based number.
        number: u64,
        /// The cell index it holds.
        cell: u32,
        /// The board the index falls outside of.
        shape: Shape,
    },
    /// An entry visits a cell an earlier one visited.
    Repeated {
        /// The 1-based number of the second visit.
        number: u64,
        /// The cell visited twice.
        at: At,
    },
    /// Consecutive entries are not a leap apart.
    NotALeap {
        /// The 1-based number of the cell the move leaves; the move goes to `number + 1`.
        number: u64,
        /// The cell the move leaves.
        from: At,
        /// The cell the move reaches.
        to: At,
        /// The leaper whose leap the move should be.
        leaper: Leaper,
    },
    /// The tour ends before it has visited every cell.
    TooFew {
        /// Number of entries.
        found: u64,
        /// Number of cells on the board.
        expected: u64,
    },
    /// The tour goes on after it has visited as many cells as the board has.
    TooMany {
        /// Number of cells on the board; entry `expected + 1` is one too many.
        expected: u64,
    },
    /// A closed tour was asked for, but the last cell is not a leap from the first.
    NotClosed {
        /// The last number, which is also the number of cells.
        last: u64,
        /// The cell carrying the last number.
        from: At,
        /// The cell carrying number 1.
        to: At,
        /// The leaper whose leap the closing move should be.
        leaper: Leaper,
    },
}

impl StreamViolation {
    /// A short name of the rule broken, the same as [`Violation::rule`](super::Violation::rule)
    /// gives: `integrity`, `move` or `closed`.
    pub fn rule(&self) -> &'static str {
        match self {
            StreamViolation::NotALeap { .. } => "move",
            StreamViolation::NotClosed { .. } => "closed",
            _ => "integrity",
        }
    }
}

/// Byte offset of the entry numbered `number` (1-based) in a binary tour file.
fn offset(number: u64) -> u64 {
    4 * (number - 1)
}

impl fmt::Display for StreamViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamViolation::OffBoard {
                number,
                cell,
                shape,
            } => write!(
                f,
                "number {number} (byte offset {}) is cell {cell}, outside the {shape} board of {} cells",
                offset(*number),
                shape.n_cells()
            ),
            StreamViolation::Repeated { number, at } => write!(
                f,
                "number {number} (byte offset {}) visits {at} a second time",
                offset(*number)
            ),
            StreamViolation::NotALeap {
                number,
                from,
                to,
                leaper,
            } => write!(
                f,
                "move {number} -> {} (byte offsets {} and {}) from {from} to {to} is not a {leaper} leap",
                number + 1,
                offset(*number),
                offset(number + 1)
            ),
            StreamViolation::TooFew { found, expected } => write!(
                f,
                "the tour ends after {found} cells (at byte offset {}) but the board has {expected}",
                4 * found
            ),
            StreamViolation::TooMany { expected } => write!(
                f,
                "the board has {expected} cells but the tour goes on: number {} at byte offset {}",
                expected + 1,
                4 * expected
            ),
            StreamViolation::NotClosed {
                last,
                from,
                to,
                leaper,
            } => write!(
                f,
                "the tour is not closed: {last} at {from} is not a {leaper} leap from 1 at {to}"
            ),
        }
    }
}

/// What a streamed tour that breaks no rule was found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamReport {
    /// Number of cells visited, which is the number of cells of the board.
    pub cells: u64,
    /// Whether the last cell is a leap from the first, asked for or not.
    pub closes: bool,
}

/// Division of a `u32` by a fixed divisor as a multiplication: `n / d` is the top 64 bits of
/// `n * ceil(2^64 / d)`, exactly, for every `n < 2^32` and `d <= 2^32`; for a larger `d` both
/// are 0.
#[derive(Clone, Copy, Debug)]
struct Divisor {
    d: u64,
    reciprocal: u128,
}

impl Divisor {
    fn new(d: u64) -> Self {
        Divisor {
            d,
            reciprocal: (1u128 << 64).div_ceil(u128::from(d.max(1))),
        }
    }

    /// Quotient and remainder of `n` by the divisor.
    #[inline]
    fn div_rem(self, n: u64) -> (u64, u64) {
        let q = ((u128::from(n) * self.reciprocal) >> 64) as u64;
        (q, n - q * self.d)
    }
}

/// A cell's position, as numbers the leap test subtracts.
type Point = [u64; 3];

/// Checks a tour handed over in visiting order, a chunk at a time.
#[derive(Clone, Debug)]
pub struct StreamVerifier {
    shape: Shape,
    leaper: Leaper,
    closed: bool,
    n: u64,
    /// The step lengths of the leaper, smaller first.
    steps: [u64; 2],
    per_layer: Divisor,
    per_row: Divisor,
    /// One bit per cell a `u32` can name: set once the cell is visited.
    visited: Vec<u64>,
    /// Entries checked so far: the number of the last one.
    count: u64,
    first: Option<(u32, Point)>,
    last: Option<(u32, Point)>,
}

impl StreamVerifier {
    /// A verifier of tours of `shape` by `leaper`, closed ones only with `closed`. Only the
    /// first [`MAX_STREAMED_CELLS`](crate::board::MAX_STREAMED_CELLS) cells of a larger board
    /// can be named by a `u32` entry, so the tour of such a board is always found too short.
    pub fn new(shape: Shape, leaper: Leaper, closed: bool) -> Self {
        let n = shape.n_cells() as u64;
        let nameable = n.min(1 << 32);
        let (a, b) = (leaper.a as u64, leaper.b as u64);
        StreamVerifier {
            shape,
            leaper,
            closed,
            n,
            steps: [a.min(b), a.max(b)],
            per_layer: Divisor::new((shape.rows * shape.cols) as u64),
            per_row: Divisor::new(shape.cols as u64),
            visited: vec![0; nameable.div_ceil(64) as usize],
            count: 0,
            first: None,
            last: None,
        }
    }

    /// Checks the next cells of the tour, in visiting order; the first broken rule ends the
    /// check, and the verifier says nothing sure after it.
    pub fn push(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        let room = (self.n - self.count.min(self.n)) as usize;
        let (within, beyond) = cells.split_at(cells.len().min(room));
        let Some((&head, rest)) = within.split_first() else {
            return self.check_room(beyond);
        };
        let here = self.enter(head)?;
        match self.last {
            Some((cell, point)) => self.check_leap(cell, point, head, here)?,
            None => self.first = Some((head, here)),
        }
        self.last = Some((head, here));
        self.walk(rest)?;
        self.check_room(beyond)
    }

    /// Checks cells that each follow the last one checked; the loop every cell goes through.
    fn walk(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        let Some((mut last, mut from)) = self.last else {
            return Ok(());
        };
        for &cell in cells {
            let here = self.enter(cell)?;
            self.check_leap(last, from, cell, here)?;
            (last, from) = (cell, here);
        }
        self.last = Some((last, from));
        Ok(())
    }

    /// Counts `cell` as the next entry, checks that it is a cell of the board not visited
    /// before, marks it visited and gives its position.
    #[inline]
    fn enter(&mut self, cell: u32) -> Result<Point, StreamViolation> {
        self.count += 1;
        let c = u64::from(cell);
        if c >= self.n {
            return Err(StreamViolation::OffBoard {
                number: self.count,
                cell,
                shape: self.shape,
            });
        }
        let bit = 1u64 << (cell & 63);
        let word = &mut self.visited[(cell >> 6) as usize];
        if *word & bit != 0 {
            return Err(StreamViolation::Repeated {
                number: self.count,
                at: self.at(cell),
            });
        }
        *word |= bit;
        let (layer, rest) = self.per_layer.div_rem(c);
        let (row, col) = self.per_row.div_rem(rest);
        Ok([layer, row, col])
    }

    /// The move from `from` (the last entry but one) to `to` (the last) is a leap.
    #[inline]
    fn check_leap(&self, from: u32, a: Point, to: u32, b: Point) -> Result<(), StreamViolation> {
        if self.is_leap(a, b) {
            return Ok(());
        }
        Err(StreamViolation::NotALeap {
            number: self.count - 1,
            from: self.at(from),
            to: self.at(to),
            leaper: self.leaper,
        })
    }

    /// Whether two positions are one leap apart: the sorted coordinate differences are
    /// exactly (0, smaller step, larger step). On a flat board the layers are both 0.
    #[inline]
    fn is_leap(&self, a: Point, b: Point) -> bool {
        let d = [
            a[0].abs_diff(b[0]),
            a[1].abs_diff(b[1]),
            a[2].abs_diff(b[2]),
        ];
        let low = d[0].min(d[1]).min(d[2]);
        let high = d[0].max(d[1]).max(d[2]);
        let middle = d[0] + d[1] + d[2] - low - high;
        low == 0 && middle == self.steps[0] && high == self.steps[1]
    }

    /// Cells past the board's last: the first of them is one too many.
    fn check_room(&mut self, beyond: &[u32]) -> Result<(), StreamViolation> {
        if beyond.is_empty() {
            return Ok(());
        }
        self.count += 1;
        Err(StreamViolation::TooMany { expected: self.n })
    }

    /// Ends the check: every cell was visited, and for a closed tour the last is a leap from
    /// the first.
    pub fn finish(self) -> Result<StreamReport, StreamViolation> {
        let (Some((first, a)), Some((last, b))) = (self.first, self.last) else {
            return Err(StreamViolation::TooFew {
                found: 0,
                expected: self.n,
            });
        };
        if self.count < self.n {
            return Err(StreamViolation::TooFew {
                found: self.count,
                expected: self.n,
            });
        }
        let closes = self.is_leap(b, a);
        if self.closed && !closes {
            return Err(StreamViolation::NotClosed {
                last: self.count,
                from: self.at(last),
                to: self.at(first),
                leaper: self.leaper,
            });
        }
        Ok(StreamReport {
            cells: self.count,
            closes,
        })
    }

    /// A cell of the board as people name it.
    fn at(&self, cell: u32) -> At {
        let cell = cell as Cell;
        let coord: Coord = self.shape.coord(cell);
        At {
            cell,
            coord,
            solid: self.shape.solid,
        }
    }
}

#[cfg(test)]
mod tests;
