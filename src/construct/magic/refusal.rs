//! Which boards the construction covers, and why it refuses the others.

/// Why no semimagic tour is built for a board: either none exists, or this construction does
/// not reach the board (though a tour may exist there).
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum MagicRefusal {
    /// A side is odd. With one side odd and one even, a line of the odd length k would sum
    /// to k (RC + 1) / 2 with k and RC + 1 both odd: not a whole number. With both odd, a
    /// tour puts its odd numbers on the corners' colour, so row 0 holds one odd number more
    /// than row 1 and their sums differ in parity.
    #[error("the {rows}x{cols} board has an odd side: no semimagic knight's tour exists (with one side odd, a line of odd length k would sum to k(RC+1)/2, not a whole number; with both odd, the tour's odd numbers lie on the corners' colour, so neighbouring rows' sums differ in parity)")]
    OddSide {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// Both sides are 2 mod 4: no magic knight's tour exists on (4m+2) x (4n+2) (Jelliss).
    #[error("the {rows}x{cols} board has both sides 2 mod 4: no magic knight's tour exists on (4m+2)x(4n+2) boards (Jelliss)")]
    BothTwoModFour {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// One side is 2 mod 4, the other a multiple of 4: the construction cuts the board into
    /// 4x4 blocks, so it does not apply; a semimagic tour may exist.
    #[error("the {rows}x{cols} board has a side that is not a multiple of 4: not covered by this construction of 4x4 blocks (a semimagic tour may exist)")]
    NotMultipleOfFour {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A side of 4: the blocks make a single row, whose only Hamiltonian paths are the row
    /// itself either way, and the passes cannot join. Semimagic tours may exist (4 x 2n
    /// boards from 4x18 on have them, OEIS A309271).
    #[error("the {rows}x{cols} board has a side of 4: not covered by this construction, which needs 2 blocks of 4 each way (a semimagic tour may exist)")]
    SideOfFour {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// The SAT search on the block model ([`super::search`]) ended without a tour: stopped, the
    /// solver failed, or the block model has no solution.
    #[error(
        "the search for a semimagic tour of the {rows}x{cols} board ended without one: {reason}"
    )]
    SearchFailed {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// What ended it.
        reason: &'static str,
    },
    /// The tile table lacks a block signature the board needs. No covered board is known to
    /// meet this (the A/B tables were saturated over block grids up to 14x14 and 3x20, the odd
    /// table's paths meet no new signature past 5x5 blocks), but the tables are empirical,
    /// so it is reported rather than assumed away.
    #[error("the {rows}x{cols} board needs a block signature missing from the tile table")]
    MissingTile {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
}

/// Whether the construction builds a semimagic tour of a `rows` x `cols` board: both sides
/// multiples of 4 and at least 8. The error says why not, and whether a tour can exist at
/// all.
pub fn covers(rows: usize, cols: usize) -> Result<(), MagicRefusal> {
    let err = if rows % 2 == 1 || cols % 2 == 1 {
        MagicRefusal::OddSide { rows, cols }
    } else if rows % 4 == 2 && cols % 4 == 2 {
        MagicRefusal::BothTwoModFour { rows, cols }
    } else if !rows.is_multiple_of(4) || !cols.is_multiple_of(4) {
        MagicRefusal::NotMultipleOfFour { rows, cols }
    } else if rows.min(cols) < 8 {
        MagicRefusal::SideOfFour { rows, cols }
    } else {
        return Ok(());
    };
    Err(err)
}
