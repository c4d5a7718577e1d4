//! Cutting a board into bands of rows and columns, so that every tile (a band of rows
//! crossed with a band of columns) has a tour in the tile set.
//!
//! A closed tour needs every tile closed, so every tile needs an even number of cells: on a
//! board with an even number of rows every band of rows is even (and the columns are free),
//! and the other way round. A board with both sides odd has no closed tour; there every band
//! but the last in each direction is even, so exactly one tile, the bottom right, is odd and
//! carries the open path that the other tiles' loops are stitched into.

use super::stitch::MIN_TILE_SIDE;
use super::tiles::MAX_TILE_SIDE;

/// What the band widths in one direction must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    /// Every band even.
    Even,
    /// Any widths.
    Free,
    /// Every band even but the last, which is odd (the length is odd).
    LastOdd,
}

/// The bands along one side of a board: their widths and where each starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bands {
    /// Width of each band, in order.
    pub widths: Vec<usize>,
    /// First row (or column) of each band.
    pub starts: Vec<usize>,
}

impl Bands {
    /// Cuts `len` into bands between the smallest and largest tile side, as equal as the
    /// parity allows; `None` if `len` cannot be cut so (too short, or odd for `Even`).
    pub fn cut(len: usize, parity: Parity) -> Option<Bands> {
        let widths = match parity {
            Parity::Even => even_widths(len)?,
            Parity::Free => free_widths(len)?,
            Parity::LastOdd => last_odd_widths(len)?,
        };
        let starts = widths
            .iter()
            .scan(0, |at, &w| {
                let start = *at;
                *at += w;
                Some(start)
            })
            .collect();
        Some(Bands { widths, starts })
    }

    /// Number of bands.
    pub fn len(&self) -> usize {
        self.widths.len()
    }

    /// Whether there are no bands (never, for a cut board).
    pub fn is_empty(&self) -> bool {
        self.widths.is_empty()
    }

    /// The band holding row (or column) `at`.
    pub fn band_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at) - 1
    }
}

/// `total` split into `parts` near-equal parts, larger ones first.
fn spread(total: usize, parts: usize) -> Vec<usize> {
    let (base, extra) = (total / parts, total % parts);
    (0..parts).map(|i| base + usize::from(i < extra)).collect()
}

fn free_widths(len: usize) -> Option<Vec<usize>> {
    if len < MIN_TILE_SIDE {
        return None;
    }
    Some(spread(len, len.div_ceil(MAX_TILE_SIDE)))
}

/// Even widths from 6 to the largest even tile side: halves of 3 and more.
fn even_widths(len: usize) -> Option<Vec<usize>> {
    if len % 2 == 1 || len < 6 {
        return None;
    }
    let half = len / 2;
    let halves = spread(half, half.div_ceil(MAX_TILE_SIDE / 2));
    Some(halves.into_iter().map(|h| 2 * h).collect())
}

/// An odd last band of 5 to 11 after even ones.
fn last_odd_widths(len: usize) -> Option<Vec<usize>> {
    if len.is_multiple_of(2) || len < MIN_TILE_SIDE {
        return None;
    }
    if len < MAX_TILE_SIDE {
        return Some(vec![len]);
    }
    // Past the largest tile, 7 leaves an even remainder of at least 6.
    let mut widths = even_widths(len - 7)?;
    widths.push(7);
    Some(widths)
}

/// How a flat board is cut into tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The bands of rows.
    pub rows: Bands,
    /// The bands of columns.
    pub cols: Bands,
}

impl Layout {
    /// The cut of a `rows` x `cols` board, or `None` when a side is under the smallest tile.
    pub fn of(rows: usize, cols: usize) -> Option<Layout> {
        let (row_parity, col_parity) = if rows.is_multiple_of(2) {
            (Parity::Even, Parity::Free)
        } else if cols.is_multiple_of(2) {
            (Parity::Free, Parity::Even)
        } else {
            (Parity::LastOdd, Parity::LastOdd)
        };
        Some(Layout {
            rows: Bands::cut(rows, row_parity)?,
            cols: Bands::cut(cols, col_parity)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(len: usize, parity: Parity) {
        let bands = Bands::cut(len, parity).unwrap_or_else(|| panic!("{len} {parity:?}"));
        assert_eq!(bands.widths.iter().sum::<usize>(), len);
        for (i, &w) in bands.widths.iter().enumerate() {
            assert!((MIN_TILE_SIDE..=MAX_TILE_SIDE).contains(&w), "{len}: {w}");
            let last = i + 1 == bands.len();
            match parity {
                Parity::Even => assert_eq!(w % 2, 0),
                Parity::LastOdd => assert_eq!(w % 2 == 1, last, "{len}: {:?}", bands.widths),
                Parity::Free => {}
            }
        }
        for (i, &s) in bands.starts.iter().enumerate() {
            assert_eq!(bands.band_of(s), i);
            assert_eq!(bands.band_of(s + bands.widths[i] - 1), i);
        }
    }

    #[test]
    fn every_length_is_cut_into_tile_sides() {
        for len in MIN_TILE_SIDE..2000 {
            check(len, Parity::Free);
            if len % 2 == 0 && len >= 6 {
                check(len, Parity::Even);
            } else if len % 2 == 1 {
                check(len, Parity::LastOdd);
            }
        }
    }

    #[test]
    fn short_or_wrong_parity_is_refused() {
        assert_eq!(Bands::cut(4, Parity::Free), None);
        assert_eq!(Bands::cut(7, Parity::Even), None);
        assert_eq!(Bands::cut(12, Parity::LastOdd), None);
        assert_eq!(Layout::of(4, 9), None);
    }
}
