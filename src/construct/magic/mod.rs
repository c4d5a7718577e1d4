//! Semimagic knight's tours (every row and column at the magic sum) on R x C boards with R
//! and C multiples of 4, both at least 8, built in time linear in the cells: a port of the
//! "A/B scheme" of experiments/magic-construction/ and its variants.
//!
//! The board is cut into an m x n grid of 4x4 blocks (m = R/4, n = C/4). The tour visits every
//! block four times, along two Hamiltonian block paths A (from Y to X) and B (from X to Y), X
//! and Y neighbours: A, B, A reversed, B reversed ([`paths`], [`plan`]). Each visit covers 4
//! cells meeting every row and column of the block once, and a block's four visit numbers sum
//! to 8N-2, so tiles whose pieces' positions are balanced in every block line make every
//! board line magic. Where two visits run at one block (at X and at Y) they form one 8-cell
//! piece. Each block's tile is looked up by its signature (the passes of its pieces and the
//! directions to the neighbouring pieces' blocks) in a table found by SAT ([`tiles`]), and
//! the pieces are emitted in order ([`walk`]). The tours are open.
//!
//! Boards cut into an odd x odd grid of blocks (both sides 4 mod 8: 12x12, 12x20, 20x20,
//! 100x100, ...) take the same scheme with other paths ([`paths::odd_paths`], which join
//! blocks diagonally too) and their own table, found by experiments/magic-odd; boards 8 wide
//! (8x8, 8x12, ...) walk the boundary of their 2-block ladder both ways round
//! ([`paths::ladder_paths`]) with a table of 6 tiles (experiments/magic-eight).
//!
//! Not covered ([`MagicRefusal`]): boards with a side of 4 (4 x 2n boards from 4x18 on have
//! semimagic tours, OEIS A309271); none exist with an odd side or on (4m+2) x (4n+2).
//! [`search`] holds a SAT model of the blocks, which finds such tours without the paths
//! (seconds on 12x12) and is where variants (diagonals) can be tried.

pub mod paths;
pub mod plan;
pub mod refusal;
pub mod search;
pub mod tiles;
pub mod walk;

#[cfg(test)]
mod tests;

pub use refusal::{covers, MagicRefusal};

use crate::spec::Spec;
use plan::Plan;
use walk::Cells;

/// The sum of a line of `length` cells when the numbers 1 to `cells` are spread evenly.
pub fn line_sum(length: usize, cells: usize) -> u64 {
    length as u64 * (cells as u64 + 1) / 2
}

/// The model a semimagic tour of the `rows` x `cols` board satisfies: open, every row at
/// [`line_sum`] of `cols` cells and every column at that of `rows` cells.
pub fn spec(rows: usize, cols: usize) -> Spec {
    let mut spec = Spec::plain(&format!("{rows}x{cols}"));
    spec.closed = false;
    spec.sums.rows = Some(line_sum(cols, rows * cols));
    spec.sums.cols = Some(line_sum(rows, rows * cols));
    spec
}

/// The cells (row, col) of a semimagic knight's tour of the `rows` x `cols` board, in tour
/// order; or why the board is not covered (see [`covers`]). Time is linear in the cells,
/// memory linear in the 4x4 blocks.
pub fn cells(rows: usize, cols: usize) -> Result<Cells, MagicRefusal> {
    covers(rows, cols)?;
    let (m, n) = (rows / 4, cols / 4);
    let missing = MagicRefusal::MissingTile { rows, cols };
    // Two block rows (or columns, built transposed) walk the ladder's boundary.
    if m == 2 || n == 2 {
        let transposed = m != 2;
        let length = if transposed { m } else { n };
        return Cells::of(Plan::ladder(length), tiles::ladder(), transposed).ok_or(missing);
    }
    if m % 2 == 1 && n % 2 == 1 {
        return Cells::of(Plan::odd(m, n), tiles::odd(), false).ok_or(missing);
    }
    // The A/B paths need an even number of block columns; otherwise the number of block rows
    // is even, and the transposed board is built.
    let transposed = n % 2 == 1;
    let (m, n) = if transposed { (n, m) } else { (m, n) };
    // Three block rows have their own paths and their own table.
    let table = if m == 3 { tiles::ab3() } else { tiles::ab() };
    Cells::of(Plan::new(m, n), table, transposed).ok_or(missing)
}
