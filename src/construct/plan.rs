//! Cutting a board into bands of rows and columns, so that every tile (a band of rows
//! crossed with a band of columns) has a tour in the tile set.
//!
//! A closed tour needs every tile closed, so every tile needs an even number of cells: on a
//! board with an even number of rows every band of rows is even (and the columns are free),
//! and the other way round. A board with both sides odd has no closed tour; there every band
//! but the last in each direction is even, so exactly one tile, the bottom right, is odd and
//! carries the open path that the other tiles' loops are stitched into.

use super::stitch::{Side, MIN_TILE_SIDE};
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

/// The bands along one side of a board, described by a formula rather than a list, so that
/// a board of millions of bands costs nothing to hold: `wide` bands of `narrow + unit`, then
/// bands of `narrow` up to `count`, then an optional last band of `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bands {
    count: usize,
    narrow: usize,
    unit: usize,
    wide: usize,
    last: Option<usize>,
}

impl Bands {
    /// Cuts `len` into bands between the smallest and largest tile side, as equal as the
    /// parity allows; `None` if `len` cannot be cut so (too short, or odd for `Even`).
    pub fn cut(len: usize, parity: Parity) -> Option<Bands> {
        match parity {
            Parity::Even => even_bands(len),
            Parity::Free => free_bands(len),
            Parity::LastOdd => last_odd_bands(len),
        }
    }

    /// Number of bands.
    pub fn len(&self) -> usize {
        self.count + usize::from(self.last.is_some())
    }

    /// Whether there are no bands (never, for a cut board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Width of band `i`.
    pub fn width(&self, i: usize) -> usize {
        match self.last {
            Some(last) if i == self.count => last,
            _ if i < self.wide => self.narrow + self.unit,
            _ => self.narrow,
        }
    }

    /// First row (or column) of band `i`.
    pub fn start(&self, i: usize) -> usize {
        i * self.narrow + i.min(self.wide) * self.unit
    }

    /// Sum of the widths: the length that was cut.
    pub fn total(&self) -> usize {
        self.start(self.count) + self.last.unwrap_or(0)
    }

    /// The band holding row (or column) `at`.
    pub fn band_of(&self, at: usize) -> usize {
        let wide_end = self.wide * (self.narrow + self.unit);
        let band = if at < wide_end {
            at / (self.narrow + self.unit)
        } else {
            self.wide + (at - wide_end) / self.narrow
        };
        band.min(self.len() - 1)
    }

    /// One band of each width class present, by index.
    pub fn representatives(&self) -> impl Iterator<Item = usize> {
        let wide = (self.wide > 0).then_some(0);
        let narrow = (self.wide < self.count).then_some(self.wide);
        let last = self.last.map(|_| self.count);
        [wide, narrow, last].into_iter().flatten()
    }

    /// Which of the (at most three) widths band `i` has: 0 wide, 1 narrow, 2 the last.
    pub fn width_class(&self, i: usize) -> usize {
        match self.last {
            Some(_) if i == self.count => 2,
            _ => usize::from(i >= self.wide),
        }
    }
}

/// `total` split into `parts` near-equal parts of `unit`s, wider ones first.
fn spread(total: usize, parts: usize, unit: usize) -> Bands {
    let units = total / unit;
    Bands {
        count: parts,
        narrow: units / parts * unit,
        unit,
        wide: units % parts,
        last: None,
    }
}

fn free_bands(len: usize) -> Option<Bands> {
    (len >= MIN_TILE_SIDE).then(|| spread(len, len.div_ceil(MAX_TILE_SIDE), 1))
}

/// Even widths from 6 to the largest even tile side: halves of 3 and more.
fn even_bands(len: usize) -> Option<Bands> {
    if len % 2 == 1 || len < 6 {
        return None;
    }
    Some(spread(len, (len / 2).div_ceil(MAX_TILE_SIDE / 2), 2))
}

/// An odd last band of 5 to 11 after even ones.
fn last_odd_bands(len: usize) -> Option<Bands> {
    if len.is_multiple_of(2) || len < MIN_TILE_SIDE {
        return None;
    }
    if len < MAX_TILE_SIDE {
        return Some(Bands {
            count: 0,
            narrow: 1,
            unit: 0,
            wide: 0,
            last: Some(len),
        });
    }
    // Past the largest tile, 7 leaves an even remainder of at least 6.
    Some(Bands {
        last: Some(7),
        ..even_bands(len - 7)?
    })
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
    /// Whether the comb with its spine in band of columns `spine` joins the tile in bands
    /// (`i`, `j`) to its neighbour by `side`: each band of rows is joined along its length,
    /// and the spine's tiles one below another, which makes a tree of the tiles.
    pub fn comb_joins(&self, spine: usize, (i, j): (usize, usize), side: Side) -> bool {
        match side {
            Side::Right => j + 1 < self.cols.len(),
            Side::Left => j > 0,
            Side::Bottom => j == spine && i + 1 < self.rows.len(),
            Side::Top => j == spine && i > 0,
        }
    }

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
        assert_eq!(bands.total(), len);
        let mut at = 0;
        for i in 0..bands.len() {
            let w = bands.width(i);
            assert!((MIN_TILE_SIDE..=MAX_TILE_SIDE).contains(&w), "{len}: {w}");
            let last = i + 1 == bands.len();
            match parity {
                Parity::Even => assert_eq!(w % 2, 0),
                Parity::LastOdd => assert_eq!(w % 2 == 1, last, "{len}: {bands:?}"),
                Parity::Free => {}
            }
            assert_eq!(bands.start(i), at, "{len}: {bands:?}");
            for cell in at..at + w {
                assert_eq!(bands.band_of(cell), i, "{len} {cell}");
            }
            at += w;
        }
        assert_eq!(at, len);
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
