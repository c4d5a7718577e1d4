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

/// Division of a `u32` by a fixed divisor of at least 2 as one multiplication: `n / d` is the
/// top 64 bits of `n * ceil(2^64 / d)`, exactly, for every `n < 2^32` and `2 <= d <= 2^32`;
/// for a larger `d` both are 0. The divisor 1 is never needed (see [`Geometry::new`]).
#[derive(Clone, Copy, Debug)]
struct Divisor {
    d: u64,
    reciprocal: u64,
}

impl Divisor {
    fn new(d: u64) -> Self {
        let reciprocal = match d {
            0 | 1 => 0,
            _ => u64::MAX / d + 1,
        };
        Divisor { d, reciprocal }
    }

    /// Quotient and remainder of `n` by the divisor.
    #[inline]
    fn div_rem(self, n: u64) -> (u64, u64) {
        let q = ((u128::from(n) * u128::from(self.reciprocal)) >> 64) as u64;
        (q, n - q * self.d)
    }
}

/// A cell's position, as numbers the leap test subtracts.
type Point = [u64; 3];

/// What the check needs of the board and the leaper, small enough to keep in registers.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    n: u64,
    /// The step lengths of the leaper, smaller first.
    steps: [u64; 2],
    /// Whether the board has one layer, so that positions are rows and columns only.
    flat: bool,
    per_layer: Divisor,
    per_row: Divisor,
}

impl Geometry {
    /// The board's axes, with axes of length 1 at the end moved to the front: a cell's index
    /// and the leaps are the same (a leap is the same whichever axes its steps are along), and
    /// then every divisor is at least 2 unless the board has one cell, whose index is 0.
    fn new(shape: Shape, leaper: Leaper) -> Self {
        let mut axes = shape.extent().map(|side| side as u64);
        for _ in 0..2 {
            if axes[2] == 1 {
                axes = [1, axes[0], axes[1]];
            }
        }
        let (a, b) = (leaper.a as u64, leaper.b as u64);
        Geometry {
            n: axes.iter().product(),
            steps: [a.min(b), a.max(b)],
            flat: axes[0] == 1,
            per_layer: Divisor::new(axes[1] * axes[2]),
            per_row: Divisor::new(axes[2]),
        }
    }

    /// Layer, row and column of a cell of the board; the layer is 0 when `FLAT`.
    #[inline]
    fn point<const FLAT: bool>(self, cell: u64) -> Point {
        if FLAT {
            let (row, col) = self.per_row.div_rem(cell);
            return [0, row, col];
        }
        let (layer, rest) = self.per_layer.div_rem(cell);
        let (row, col) = self.per_row.div_rem(rest);
        [layer, row, col]
    }

    /// Whether two positions are one leap apart: the sorted coordinate differences are
    /// exactly (0, smaller step, larger step). When `FLAT` the layers are both 0.
    #[inline]
    fn is_leap<const FLAT: bool>(self, a: Point, b: Point) -> bool {
        let (dr, dc) = (a[1].abs_diff(b[1]), a[2].abs_diff(b[2]));
        if FLAT {
            return dr.min(dc) == self.steps[0] && dr.max(dc) == self.steps[1];
        }
        let d = [a[0].abs_diff(b[0]), dr, dc];
        let low = d[0].min(d[1]).min(d[2]);
        let high = d[0].max(d[1]).max(d[2]);
        let middle = d[0] + d[1] + d[2] - low - high;
        low == 0 && middle == self.steps[0] && high == self.steps[1]
    }

    /// [`is_leap`](Self::is_leap) for positions of any board.
    fn any_leap(self, a: Point, b: Point) -> bool {
        self.is_leap::<false>(a, b)
    }
}

/// Checks a tour handed over in visiting order, a chunk at a time.
#[derive(Clone, Debug)]
pub struct StreamVerifier {
    shape: Shape,
    leaper: Leaper,
    closed: bool,
    geometry: Geometry,
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
        let nameable = (shape.n_cells() as u64).min(1 << 32);
        StreamVerifier {
            shape,
            leaper,
            closed,
            geometry: Geometry::new(shape, leaper),
            visited: vec![0; nameable.div_ceil(64) as usize],
            count: 0,
            first: None,
            last: None,
        }
    }

    /// Checks the next cells of the tour, in visiting order; the first broken rule ends the
    /// check, and the verifier says nothing sure after it.
    pub fn push(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        let n = self.geometry.n;
        let room = (n - self.count.min(n)) as usize;
        let (within, beyond) = cells.split_at(cells.len().min(room));
        let within = match (self.last, within.split_first()) {
            (None, Some((&head, rest))) => {
                self.start(head)?;
                rest
            }
            _ => within,
        };
        self.walk(within)?;
        if beyond.is_empty() {
            return Ok(());
        }
        self.count += 1;
        Err(StreamViolation::TooMany { expected: n })
    }

    /// Checks the first cell of the tour.
    fn start(&mut self, cell: u32) -> Result<(), StreamViolation> {
        if u64::from(cell) >= self.geometry.n {
            return Err(self.fault(cell, cell));
        }
        self.visited[(cell >> 6) as usize] |= 1 << (cell & 63);
        self.count += 1;
        let here = (cell, self.geometry.point::<false>(u64::from(cell)));
        (self.first, self.last) = (Some(here), Some(here));
        Ok(())
    }

    /// Checks cells that each follow the last one checked: each on the board, not visited
    /// before, and a leap from the one before. Every cell of a tour but the first comes
    /// through this loop, so it keeps everything it needs in locals.
    fn walk(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        if self.geometry.flat {
            self.walk_on::<true>(cells)
        } else {
            self.walk_on::<false>(cells)
        }
    }

    /// [`walk`](Self::walk) on a board of one layer (`FLAT`) or of several.
    fn walk_on<const FLAT: bool>(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        let Some((mut last, mut from)) = self.last else {
            return Ok(());
        };
        let geometry = self.geometry;
        let visited = &mut self.visited[..];
        let mut checked = 0;
        let mut fault = None;
        for &cell in cells {
            let c = u64::from(cell);
            let (word, bit) = ((cell >> 6) as usize, 1u64 << (cell & 63));
            if c >= geometry.n || visited[word] & bit != 0 {
                fault = Some(cell);
                break;
            }
            let here = geometry.point::<FLAT>(c);
            if !geometry.is_leap::<FLAT>(from, here) {
                fault = Some(cell);
                break;
            }
            visited[word] |= bit;
            (last, from) = (cell, here);
            checked += 1;
        }
        self.count += checked;
        self.last = Some((last, from));
        match fault {
            None => Ok(()),
            Some(cell) => Err(self.fault(cell, last)),
        }
    }

    /// The rule `cell`, the entry after `last`, breaks: it is off the board, visited before,
    /// or no leap from `last`.
    #[cold]
    #[inline(never)]
    fn fault(&mut self, cell: u32, last: u32) -> StreamViolation {
        self.count += 1;
        let number = self.count;
        if u64::from(cell) >= self.geometry.n {
            return StreamViolation::OffBoard {
                number,
                cell,
                shape: self.shape,
            };
        }
        if self.visited[(cell >> 6) as usize] & (1 << (cell & 63)) != 0 {
            return StreamViolation::Repeated {
                number,
                at: self.at(cell),
            };
        }
        StreamViolation::NotALeap {
            number: number - 1,
            from: self.at(last),
            to: self.at(cell),
            leaper: self.leaper,
        }
    }

    /// Ends the check: every cell was visited, and for a closed tour the last is a leap from
    /// the first.
    pub fn finish(self) -> Result<StreamReport, StreamViolation> {
        let n = self.geometry.n;
        let (Some((first, a)), Some((last, b))) = (self.first, self.last) else {
            return Err(StreamViolation::TooFew {
                found: 0,
                expected: n,
            });
        };
        if self.count < n {
            return Err(StreamViolation::TooFew {
                found: self.count,
                expected: n,
            });
        }
        let closes = self.geometry.any_leap(b, a);
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
