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
//! It checks the plain rules, and on a flat board the sums of every row and every column when
//! asked ([`StreamVerifier::with_line_sums`]): a total a line, added up as the cells pass.
//! Start and end cells, other line sums, symmetry and required moves need a whole tour, which
//! [`verify`](super::verify) checks.

use super::At;
use crate::board::{Cell, Coord, Leaper, Shape};
use crate::tour::Closure;
use std::fmt;
use std::ops::Range;

/// The multiplier of the sequence hash: odd, so that each step is a bijection of the lane
/// and two sequences that differ in one entry always hash differently.
const HASH_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// Starting values of the hash's four lanes: distinct, so that lanes do not cancel.
const LANE_SEEDS: [u64; 4] = [
    0x243F_6A88_85A3_08D3,
    0x1319_8A2E_0370_7344,
    0xA409_3822_299F_31D0,
    0x082E_FA98_EC4E_6C89,
];

/// Windows of at most `max_cells` cells (or 64, if more), starting on whole words and as
/// equal as those allow, that together cover `cells` cells: the passes of a check whose bit per cell would not fit in memory at once.
pub fn windows(cells: u64, max_cells: u64) -> Vec<Range<u64>> {
    let most = (max_cells / 64).max(1) * 64;
    let passes = cells.div_ceil(most).max(1);
    let width = cells.div_ceil(passes).div_ceil(64) * 64;
    let window = |k: u64| (k * width).min(cells)..((k + 1) * width).min(cells);
    let mut found: Vec<Range<u64>> = (0..passes).map(window).filter(|w| !w.is_empty()).collect();
    if found.is_empty() {
        found.push(0..cells);
    }
    found
}

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
    /// A row or column of a flat board does not add up to the sum asked for.
    LineSum {
        /// `row` or `column`.
        line: &'static str,
        /// The row's or column's 0-based index.
        index: usize,
        /// The sum of the numbers on it.
        found: u128,
        /// The sum asked for.
        target: u64,
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
    /// gives: `integrity`, `move`, `closed` or `sum`.
    pub fn rule(&self) -> &'static str {
        match self {
            StreamViolation::NotALeap { .. } => "move",
            StreamViolation::NotClosed { .. } => "closed",
            StreamViolation::LineSum { .. } => "sum",
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
            StreamViolation::LineSum {
                line,
                index,
                found,
                target,
            } => write!(f, "{line} {index} sums to {found}, not {target}"),
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

/// The running sums of every row and column of a flat board, and the sums asked for.
#[derive(Clone, Debug)]
struct LineTotals {
    /// Columns of the board: a cell's row and column from its index.
    cols: u64,
    per_row: Divisor,
    rows: Vec<u128>,
    columns: Vec<u128>,
    row_target: Option<u64>,
    column_target: Option<u64>,
}

impl LineTotals {
    fn new(shape: Shape, row_target: Option<u64>, column_target: Option<u64>) -> Self {
        LineTotals {
            cols: shape.cols as u64,
            per_row: Divisor::new(shape.cols as u64),
            rows: vec![0; shape.rows],
            columns: vec![0; shape.cols],
            row_target,
            column_target,
        }
    }

    /// Adds the numbers `first`, `first + 1`, ... of `cells`, all on the board.
    fn add(&mut self, cells: &[u32], first: u64) {
        for (number, &cell) in (first..).zip(cells) {
            // The divisor's reciprocal is exact from 2 on; a board one column wide needs none.
            let (row, col) = match self.cols {
                1 => (u64::from(cell), 0),
                _ => self.per_row.div_rem(u64::from(cell)),
            };
            self.rows[row as usize] += u128::from(number);
            self.columns[col as usize] += u128::from(number);
        }
    }

    /// The first row, then column, whose sum is not the one asked for.
    fn first_off(&self) -> Option<StreamViolation> {
        let off = |line: &'static str, sums: &[u128], target: Option<u64>| {
            let target = target?;
            let (index, &found) = sums
                .iter()
                .enumerate()
                .find(|&(_, &sum)| sum != u128::from(target))?;
            Some(StreamViolation::LineSum {
                line,
                index,
                found,
                target,
            })
        };
        off("row", &self.rows, self.row_target)
            .or_else(|| off("column", &self.columns, self.column_target))
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
    closed: Closure,
    geometry: Geometry,
    /// The cells whose visits are tracked: every cell a `u32` can name, or in a check made in
    /// passes, one window of them.
    window_start: u64,
    window_len: u64,
    /// One bit per cell of the window: set once the cell is visited.
    visited: Vec<u64>,
    /// In a check made in passes, four lanes of a hash of the sequence (see
    /// [`digest`](Self::digest)).
    lanes: Option<[u64; 4]>,
    /// Entries checked so far: the number of the last one.
    count: u64,
    first: Option<(u32, Point)>,
    last: Option<(u32, Point)>,
    /// The row and column sums, when asked for.
    sums: Option<LineTotals>,
}

impl StreamVerifier {
    /// A verifier of tours of `shape` by `leaper`, closed ones only with `closed`. Only the
    /// first [`MAX_STREAMED_CELLS`](crate::board::MAX_STREAMED_CELLS) cells of a larger board
    /// can be named by a `u32` entry, so the tour of such a board is always found too short.
    pub fn new(shape: Shape, leaper: Leaper, closed: Closure) -> Self {
        StreamVerifier::tracking(shape, leaper, closed, 0..1 << 32, None)
    }

    /// A verifier for one pass of a check made in passes over the same sequence, for boards
    /// whose bit per cell would not fit in memory: it checks every rule but tracks visits to
    /// the cells of `window` only, and hashes the sequence. Passes whose windows cover the
    /// board (see [`windows`]), that all pass and whose [`digest`](Self::digest)s agree, show
    /// that one sequence visits every cell exactly once: it has as many entries as cells, all
    /// on the board, and no cell of any window twice.
    pub fn windowed(shape: Shape, leaper: Leaper, closed: Closure, window: Range<u64>) -> Self {
        StreamVerifier::tracking(shape, leaper, closed, window, Some(LANE_SEEDS))
    }

    /// A verifier tracking the visits of the cells of `window` that a `u32` can name.
    fn tracking(
        shape: Shape,
        leaper: Leaper,
        closed: Closure,
        window: Range<u64>,
        lanes: Option<[u64; 4]>,
    ) -> Self {
        let nameable = (shape.n_cells() as u64).min(1 << 32);
        let (start, end) = (window.start.min(nameable), window.end.min(nameable));
        let len = end.saturating_sub(start);
        StreamVerifier {
            shape,
            leaper,
            closed,
            geometry: Geometry::new(shape, leaper),
            window_start: start,
            window_len: len,
            visited: vec![0; len.div_ceil(64) as usize],
            lanes,
            count: 0,
            first: None,
            last: None,
            sums: None,
        }
    }

    /// This verifier, also checking that every row sums to `rows` and every column to `cols`
    /// (either may be `None`: not asked), numbering the cells 1, 2, ... in visiting order.
    /// `None` on a box, whose lines are not rows and columns. The sums take a number per row
    /// and per column, so a board as long as a `u32` can name is still within memory.
    pub fn with_line_sums(mut self, rows: Option<u64>, cols: Option<u64>) -> Option<Self> {
        if self.shape.solid {
            return None;
        }
        self.sums = Some(LineTotals::new(self.shape, rows, cols));
        Some(self)
    }

    /// For a verifier made by [`windowed`](Self::windowed), a hash of every entry pushed so
    /// far, in order: two passes over one sequence agree, and two different sequences almost
    /// never do. `None` for a verifier made by [`new`](Self::new).
    pub fn digest(&self) -> Option<u64> {
        self.lanes.map(|lanes| {
            lanes.iter().fold(self.count, |h, &lane| {
                (h ^ lane).wrapping_mul(HASH_MULTIPLIER)
            })
        })
    }

    /// Whether the cell is in the window, and if so its word and bit in `visited`.
    #[inline]
    fn slot(window_start: u64, window_len: u64, cell: u64) -> Option<(usize, u64)> {
        let at = cell.wrapping_sub(window_start);
        (at < window_len).then(|| ((at >> 6) as usize, 1 << (at & 63)))
    }

    /// Hashes the cells into the lanes, if this verifier hashes: four independent chains, so
    /// that the multiplications overlap.
    fn hash(&mut self, cells: &[u32]) {
        let Some(lanes) = self.lanes.as_mut() else {
            return;
        };
        let mut quads = cells.chunks_exact(4);
        for quad in &mut quads {
            for (lane, &cell) in lanes.iter_mut().zip(quad) {
                *lane = (*lane ^ u64::from(cell)).wrapping_mul(HASH_MULTIPLIER);
            }
        }
        for (lane, &cell) in lanes.iter_mut().zip(quads.remainder()) {
            *lane = (*lane ^ u64::from(cell)).wrapping_mul(HASH_MULTIPLIER);
        }
        lanes.rotate_left(cells.len() % 4);
    }

    /// Checks the next cells of the tour, in visiting order; the first broken rule ends the
    /// check, and the verifier says nothing sure after it.
    pub fn push(&mut self, cells: &[u32]) -> Result<(), StreamViolation> {
        self.hash(cells);
        let n = self.geometry.n;
        let room = (n - self.count.min(n)) as usize;
        let (within, beyond) = cells.split_at(cells.len().min(room));
        let first_number = self.count + 1;
        let rest = match (self.last, within.split_first()) {
            (None, Some((&head, rest))) => {
                self.start(head)?;
                rest
            }
            _ => within,
        };
        self.walk(rest)?;
        if let Some(sums) = self.sums.as_mut() {
            sums.add(within, first_number);
        }
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
        if let Some((word, bit)) = Self::slot(self.window_start, self.window_len, cell.into()) {
            self.visited[word] |= bit;
        }
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
        let (window_start, window_len) = (self.window_start, self.window_len);
        let visited = &mut self.visited[..];
        let mut checked = 0;
        let mut fault = None;
        for &cell in cells {
            let c = u64::from(cell);
            let slot = Self::slot(window_start, window_len, c);
            let seen = slot.is_some_and(|(word, bit)| visited[word] & bit != 0);
            if c >= geometry.n || seen {
                fault = Some(cell);
                break;
            }
            let here = geometry.point::<FLAT>(c);
            if !geometry.is_leap::<FLAT>(from, here) {
                fault = Some(cell);
                break;
            }
            if let Some((word, bit)) = slot {
                visited[word] |= bit;
            }
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
        let slot = Self::slot(self.window_start, self.window_len, cell.into());
        if slot.is_some_and(|(word, bit)| self.visited[word] & bit != 0) {
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

    /// Ends the check: every cell was visited, every row and column asked for has its sum,
    /// and for a closed tour the last is a leap from the first.
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
        if let Some(off) = self.sums.as_ref().and_then(LineTotals::first_off) {
            return Err(off);
        }
        if self.closed.is_closed() && !closes {
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
