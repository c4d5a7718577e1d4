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
/// a board of millions of bands costs nothing to hold: `count` bands of a spread (`wide`
/// bands of `narrow + unit`, then bands of `narrow`), with an optional band of its own width
/// inserted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bands {
    count: usize,
    narrow: usize,
    unit: usize,
    wide: usize,
    inserted: Option<Inserted>,
}

/// A band inserted among a spread's, by its index among the bands and its width: the odd band
/// of an odd length, or a first band of another width, which moves the borders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Inserted {
    at: usize,
    width: usize,
}

impl Bands {
    /// Cuts `len` into bands between the smallest and largest tile side, as equal as the
    /// parity allows; `None` if `len` cannot be cut so (too short, or odd for `Even`).
    pub fn cut(len: usize, parity: Parity) -> Option<Bands> {
        match parity {
            Parity::Even => even_bands(len, MAX_TILE_SIDE),
            Parity::Free => free_bands(len),
            Parity::LastOdd => last_odd_bands(len),
        }
    }

    /// The `variant`th cut of `len` for the parity: 0 is [`Bands::cut`], and each later one
    /// moves the borders between bands: one or two bands more, then a first band of each
    /// other width the parity allows before an even spread of the rest. `None` past the
    /// last, and for `LastOdd` past 0 (see [`Bands::cut_odd_holding`]).
    pub fn cut_variant(len: usize, parity: Parity, variant: usize) -> Option<Bands> {
        let base = Bands::cut(len, parity)?;
        let (unit, least) = match parity {
            Parity::Even => (2, 6),
            Parity::Free => (1, MIN_TILE_SIDE),
            Parity::LastOdd => return (variant == 0).then_some(base),
        };
        let finer = (1..=2).filter_map(|extra| {
            let parts = base.count + extra;
            (len / unit / parts * unit >= least).then(|| spread(len, parts, unit))
        });
        let first = (least..=MAX_TILE_SIDE)
            .step_by(unit)
            .filter_map(|width| first_band(len, parity, width));
        let mut cuts = vec![base];
        for cut in finer.chain(first) {
            if !cuts.contains(&cut) {
                cuts.push(cut);
            }
        }
        cuts.get(variant).copied()
    }

    /// Cuts an odd `len` into even bands and one odd band, which holds row (or column)
    /// `cell`; `None` if `len` is even or under the smallest tile. Of the cuts that do, the
    /// `variant`th (from 0), or `None` past the last.
    pub fn cut_odd_holding(len: usize, cell: usize, variant: usize) -> Option<Bands> {
        if len.is_multiple_of(2) || len < MIN_TILE_SIDE || cell >= len {
            return None;
        }
        // Narrower even bands leave smaller gaps for the odd band to fall short of `cell`.
        let odd_widths = (MIN_TILE_SIDE..MAX_TILE_SIDE).rev().step_by(2);
        odd_widths
            .flat_map(|width| [MAX_TILE_SIDE, MAX_TILE_SIDE - 2].map(move |max| (width, max)))
            .filter_map(|(width, max)| odd_band_holding(len, cell, width, max))
            .nth(variant)
    }

    /// Number of bands.
    pub fn len(&self) -> usize {
        self.count + usize::from(self.inserted.is_some())
    }

    /// Whether there are no bands (never, for a cut board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index in the spread of band `i`, or `None` for the inserted band.
    fn in_spread(&self, i: usize) -> Option<usize> {
        match self.inserted {
            Some(ins) if i == ins.at => None,
            Some(ins) if i > ins.at => Some(i - 1),
            _ => Some(i),
        }
    }

    /// Width of band `i`.
    pub fn width(&self, i: usize) -> usize {
        match (self.in_spread(i), self.inserted) {
            (None, Some(ins)) => ins.width,
            (Some(k), _) if k < self.wide => self.narrow + self.unit,
            _ => self.narrow,
        }
    }

    /// Start of the spread's band `k` (or its end, for `k == count`).
    fn spread_start(&self, k: usize) -> usize {
        k * self.narrow + k.min(self.wide) * self.unit
    }

    /// First row (or column) of band `i`.
    pub fn start(&self, i: usize) -> usize {
        match self.inserted {
            Some(ins) if i > ins.at => self.spread_start(i - 1) + ins.width,
            _ => self.spread_start(i),
        }
    }

    /// Sum of the widths: the length that was cut.
    pub fn total(&self) -> usize {
        self.spread_start(self.count) + self.inserted.map_or(0, |ins| ins.width)
    }

    /// The band of the spread holding `at`, measured from the spread's start.
    fn spread_band_of(&self, at: usize) -> usize {
        let wide_end = self.wide * (self.narrow + self.unit);
        let band = if at < wide_end {
            at / (self.narrow + self.unit)
        } else {
            self.wide + (at - wide_end) / self.narrow.max(1)
        };
        band.min(self.count.saturating_sub(1))
    }

    /// The band holding row (or column) `at`.
    pub fn band_of(&self, at: usize) -> usize {
        let Some(ins) = self.inserted else {
            return self.spread_band_of(at);
        };
        let ins_start = self.spread_start(ins.at);
        if at < ins_start {
            self.spread_band_of(at)
        } else if at < ins_start + ins.width {
            ins.at
        } else {
            self.spread_band_of(at - ins.width) + 1
        }
    }

    /// One band of each width class present, by index.
    pub fn representatives(&self) -> impl Iterator<Item = usize> {
        let band = |k: usize| match self.inserted {
            Some(ins) if k >= ins.at => k + 1,
            _ => k,
        };
        let wide = (self.wide > 0).then(|| band(0));
        let narrow = (self.wide < self.count).then(|| band(self.wide));
        let inserted = self.inserted.map(|ins| ins.at);
        [wide, narrow, inserted].into_iter().flatten()
    }

    /// Which of the (at most three) widths band `i` has: 0 wide, 1 narrow, 2 the inserted one.
    pub fn width_class(&self, i: usize) -> usize {
        match self.in_spread(i) {
            None => 2,
            Some(k) => usize::from(k >= self.wide),
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
        inserted: None,
    }
}

fn free_bands(len: usize) -> Option<Bands> {
    (len >= MIN_TILE_SIDE).then(|| spread(len, len.div_ceil(MAX_TILE_SIDE), 1))
}

/// Even widths from 6 to `max`: halves of 3 and more.
fn even_bands(len: usize, max: usize) -> Option<Bands> {
    if len % 2 == 1 || len < 6 {
        return None;
    }
    Some(spread(len, (len / 2).div_ceil(max / 2), 2))
}

/// An odd last band of 5 to 11 after even ones.
fn last_odd_bands(len: usize) -> Option<Bands> {
    if len.is_multiple_of(2) || len < MIN_TILE_SIDE {
        return None;
    }
    if len < MAX_TILE_SIDE {
        return Some(only_odd(len));
    }
    // Past the largest tile, 7 leaves an even remainder of at least 6.
    let even = even_bands(len - 7, MAX_TILE_SIDE)?;
    Some(Bands {
        inserted: Some(Inserted {
            at: even.count,
            width: 7,
        }),
        ..even
    })
}

/// A first band of `width`, then the cut of the rest; `None` where the rest cannot be cut.
fn first_band(len: usize, parity: Parity, width: usize) -> Option<Bands> {
    let rest = Bands::cut(len.checked_sub(width)?, parity)?;
    Some(Bands {
        inserted: Some(Inserted { at: 0, width }),
        ..rest
    })
}

/// One odd band the whole length.
fn only_odd(len: usize) -> Bands {
    Bands {
        count: 0,
        narrow: 1,
        unit: 0,
        wide: 0,
        inserted: Some(Inserted { at: 0, width: len }),
    }
}

/// An odd band of `width` holding `cell`, among even bands of at most `max`, if they fit.
fn odd_band_holding(len: usize, cell: usize, width: usize, max: usize) -> Option<Bands> {
    if len == width {
        return Some(only_odd(len));
    }
    let even = even_bands(len.checked_sub(width)?, max)?;
    // The last spread band starting at or before `cell`; the odd band goes in its place.
    let at = (0..=even.count)
        .rev()
        .find(|&k| even.spread_start(k) <= cell)?;
    let bands = Bands {
        inserted: Some(Inserted { at, width }),
        ..even
    };
    let start = bands.start(at);
    (start <= cell && cell < start + width).then_some(bands)
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
        let (row_parity, col_parity) = parities(rows, cols);
        Some(Layout {
            rows: Bands::cut(rows, row_parity)?,
            cols: Bands::cut(cols, col_parity)?,
        })
    }

    /// The `variant`th cut of the board (0 is [`Layout::of`]): each side cut by
    /// [`Bands::cut_variant`], or as by [`Layout::of`] where the side has no such variant;
    /// `None` where neither side has it.
    pub fn variant(rows: usize, cols: usize, variant: usize) -> Option<Layout> {
        let (row_parity, col_parity) = parities(rows, cols);
        let row_cut = Bands::cut_variant(rows, row_parity, variant);
        let col_cut = Bands::cut_variant(cols, col_parity, variant);
        if variant > 0 && row_cut.is_none() && col_cut.is_none() {
            return None;
        }
        Some(Layout {
            rows: row_cut.or_else(|| Bands::cut(rows, row_parity))?,
            cols: col_cut.or_else(|| Bands::cut(cols, col_parity))?,
        })
    }

    /// The cut of a board with both sides odd whose odd tile holds `cell`, or `None` when a
    /// side is even or under the smallest tile; `variant` picks among such cuts (see
    /// [`Bands::cut_odd_holding`]), the same variant each way where both have it.
    pub fn odd_holding(
        rows: usize,
        cols: usize,
        (row, col): (usize, usize),
        variant: usize,
    ) -> Option<Layout> {
        let cut = |len, cell| {
            Bands::cut_odd_holding(len, cell, variant)
                .or_else(|| Bands::cut_odd_holding(len, cell, 0))
        };
        let layout = Layout {
            rows: cut(rows, row)?,
            cols: cut(cols, col)?,
        };
        let new = variant == 0
            || Some(&layout) != Layout::odd_holding(rows, cols, (row, col), 0).as_ref();
        new.then_some(layout)
    }
}

/// What the bands of rows and of columns must be for every tile but one to close.
fn parities(rows: usize, cols: usize) -> (Parity, Parity) {
    if rows.is_multiple_of(2) {
        (Parity::Even, Parity::Free)
    } else if cols.is_multiple_of(2) {
        (Parity::Free, Parity::Even)
    } else {
        (Parity::LastOdd, Parity::LastOdd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(len: usize, parity: Parity) {
        let bands = Bands::cut(len, parity).unwrap_or_else(|| panic!("{len} {parity:?}"));
        check_bands(&bands, len, parity);
        let mut variant = 1;
        while let Some(other) = Bands::cut_variant(len, parity, variant) {
            assert_ne!(other, bands, "{len} {parity:?} {variant}");
            check_bands(&other, len, parity);
            variant += 1;
        }
    }

    fn check_bands(bands: &Bands, len: usize, parity: Parity) {
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

    fn check_odd_holding(bands: &Bands, len: usize, cell: usize) {
        assert_eq!(bands.total(), len, "{bands:?}");
        let odd = bands.band_of(cell);
        assert_eq!(bands.width_class(odd), 2, "{len} {cell}: {bands:?}");
        let mut at = 0;
        for i in 0..bands.len() {
            let w = bands.width(i);
            assert!((MIN_TILE_SIDE..=MAX_TILE_SIDE).contains(&w), "{len}: {w}");
            assert_eq!(w % 2 == 1, i == odd, "{len} {cell}: {bands:?}");
            assert_eq!(bands.start(i), at, "{len} {cell}: {bands:?}");
            for c in [at, at + w - 1] {
                assert_eq!(bands.band_of(c), i, "{len} {cell} {c}: {bands:?}");
            }
            at += w;
        }
        let reps: Vec<usize> = bands.representatives().collect();
        assert!(reps.contains(&odd), "{len} {cell}: {bands:?}");
        for i in 0..bands.len() {
            let rep = reps
                .iter()
                .find(|&&r| bands.width_class(r) == bands.width_class(i));
            assert_eq!(
                rep.map(|&r| bands.width(r)),
                Some(bands.width(i)),
                "{bands:?}"
            );
        }
    }

    #[test]
    fn an_odd_band_can_hold_every_cell() {
        for len in (MIN_TILE_SIDE..700).step_by(2) {
            for cell in 0..len {
                let mut variants = 0;
                while let Some(bands) = Bands::cut_odd_holding(len, cell, variants) {
                    check_odd_holding(&bands, len, cell);
                    variants += 1;
                }
                assert!(variants > 0, "{len}: no cut holds {cell}");
            }
        }
        assert_eq!(Bands::cut_odd_holding(12, 3, 0), None);
        assert_eq!(Bands::cut_odd_holding(3, 1, 0), None);
    }

    #[test]
    fn short_or_wrong_parity_is_refused() {
        assert_eq!(Bands::cut(4, Parity::Free), None);
        assert_eq!(Bands::cut(7, Parity::Even), None);
        assert_eq!(Bands::cut(12, Parity::LastOdd), None);
        assert_eq!(Layout::of(4, 9), None);
    }
}
