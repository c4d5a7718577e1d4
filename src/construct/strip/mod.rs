//! Boards three squares wide, of any length: a base tour with blocks chained onto it.
//!
//! Three rows are too few for the stitch (no two tours side by side can trade a pair of
//! moves there), so a long board grows by insertion instead. The base, a tour of 3 x w,
//! makes a move by its right end, the hook. A block is a path through a 3 x 8 board from one
//! cell by its left side to another, each a knight's move from one end of the hook of
//! whatever lies to its left. Dropping the hook and going through the block instead keeps one
//! loop (or one path), and the block makes the same hook by its own right end, for the next
//! block. Bases of each width from 10 to 16 (closed) and 7 to 13 (open) then reach every
//! length a tour exists on: w + 8k.

pub mod chain;

use super::stitch::Local;
use crate::tour::Closure;

/// Rows of a strip.
pub const STRIP_ROWS: usize = 3;

/// Columns of a block.
pub const BLOCK_COLS: usize = 8;

/// Widths of the closed bases: every even length from 10 on is one of these plus blocks.
pub const CLOSED_BASES: [usize; 4] = [10, 12, 14, 16];

/// Widths of the open bases: 4 and 8 alone, and every odd length from 7 on as one of 7 to 13
/// plus blocks.
pub const OPEN_BASES: [usize; 6] = [4, 7, 8, 9, 11, 13];

/// The hook of a piece `cols` wide: the move by its right end that the next block replaces.
/// End k is a knight's move from end k of the next block's path ([`BLOCK_ENDS`]).
pub fn hook(cols: usize) -> [Local; 2] {
    [(2, cols - 2), (0, cols - 1)]
}

/// The first and last cells of a block's path, by its left side.
pub const BLOCK_ENDS: [Local; 2] = [(1, 0), (2, 0)];

/// The base width and the number of blocks for a strip of `len` columns, closed or open;
/// `None` where no tour of that kind exists.
pub fn split_length(len: usize, closed: Closure) -> Option<(usize, usize)> {
    let bases: &[usize] = if closed.is_closed() {
        &CLOSED_BASES
    } else {
        &OPEN_BASES
    };
    if bases.contains(&len) {
        return Some((len, 0));
    }
    let base = bases
        .iter()
        .copied()
        .filter(|&b| b != 4 && b != 8)
        .find(|&b| len > b && (len - b).is_multiple_of(BLOCK_COLS))?;
    Some((base, (len - base) / BLOCK_COLS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::existence::no_knight_tour_reason;

    fn is_knight_move(a: Local, b: Local) -> bool {
        let step = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        step == (1, 2) || step == (2, 1)
    }

    #[test]
    fn hook_ends_are_a_move_from_the_next_blocks_ends() {
        for cols in [4, 8, 10, 13] {
            let hook = hook(cols);
            assert!(is_knight_move(hook[0], hook[1]));
            for k in 0..2 {
                let (r, c) = BLOCK_ENDS[k];
                assert!(is_knight_move(hook[k], (r, c + cols)), "{cols} {k}");
            }
        }
    }

    /// Every length with a tour of the kind is reached, and no other.
    #[test]
    fn every_length_with_a_tour_is_split() {
        for len in 1..500 {
            for closed in [true, false] {
                let exists =
                    no_knight_tour_reason(STRIP_ROWS, len, Closure::from(closed)).is_none();
                // An open tour is asked for only where no closed one exists.
                let needed =
                    closed || no_knight_tour_reason(STRIP_ROWS, len, Closure::Closed).is_some();
                if exists && needed {
                    let (base, blocks) =
                        split_length(len, Closure::from(closed)).unwrap_or_else(|| panic!("{len}"));
                    assert_eq!(base + blocks * BLOCK_COLS, len);
                } else if !exists {
                    assert_eq!(
                        split_length(len, Closure::from(closed)),
                        None,
                        "{len} {closed}"
                    );
                }
            }
        }
    }
}
