//! Boards four squares wide, of any length, with any ends a tour can have.
//!
//! A knight on an outer row (0 or 3) can only move to an inner row (1 or 2). An open tour
//! of 4 x n visits 2n outer squares among 4n, never two in a row, so it alternates outer
//! and inner except for a single inner-to-inner move, and it starts and ends on outer
//! squares. A knight also changes colour with every move, so the outer squares before that
//! move share the start's colour and those after it share the other: the ends lie on the
//! outer rows, on squares of opposite colours, and the tour is a Hamiltonian path through one
//! colour class (the start's outer squares with the inner squares of the other colour), one
//! inner-to-inner move, and a Hamiltonian path through the other class. Each class is a
//! ladder ([`ladder`]), the same graph for both colours, and [`path::ladder_path`] joins
//! any outer square of a ladder to any inner square (from 7 columns on); so from 7 columns
//! on, every pair of outer squares of opposite colours are the ends of some tour.

pub mod ladder;
pub mod path;
pub mod window;

use ladder::Node;
use path::{ladder_path, LadderPath};

/// Rows of the boards built here.
pub const FOUR_ROWS: usize = 4;

/// One class's path, walked forwards or backwards.
struct Half {
    path: LadderPath,
    /// Colour (`(row + col) % 2`) of the class's outer squares.
    colour: usize,
    backwards: bool,
}

/// An open tour of a 4 x n board (or, transposed, n x 4), walked on demand.
pub struct FourRows {
    halves: [Half; 2],
    n: usize,
    transposed: bool,
}

impl FourRows {
    /// A tour of 4 x `n` (n x 4 when `transposed`) from `start` to `end` (board cells, row
    /// and column), each free if `None`; `None` if the construction finds no such tour.
    pub fn new(
        n: usize,
        transposed: bool,
        start: Option<(usize, usize)>,
        end: Option<(usize, usize)>,
    ) -> Option<FourRows> {
        let along = |cell: (usize, usize)| if transposed { (cell.1, cell.0) } else { cell };
        let (start, end) = (start.map(along), end.map(along));
        let halves = match (start, end) {
            (None, None) => halves_from(n, (0, 0), None)?,
            (Some(start), end) => halves_from(n, start, end)?,
            (None, Some(end)) => {
                let [first, second] = halves_from(n, end, None)?;
                [second, first].map(|half| Half {
                    backwards: !half.backwards,
                    ..half
                })
            }
        };
        Some(FourRows {
            halves,
            n,
            transposed,
        })
    }

    /// Number of cells.
    pub fn n_cells(&self) -> u64 {
        (FOUR_ROWS * self.n) as u64
    }

    /// Walks the tour, handing cells to `sink` in chunks of about `chunk`.
    pub fn walk<E>(
        &self,
        chunk: usize,
        mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut out = Vec::with_capacity(chunk);
        for half in &self.halves {
            half.path.try_for_each(half.backwards, |node| {
                out.push(self.index(node, half.colour));
                if out.len() >= chunk {
                    sink(&mut out)?;
                    out.clear();
                }
                Ok(())
            })?;
        }
        if !out.is_empty() {
            sink(&mut out)?;
        }
        Ok(())
    }

    /// The board index of a ladder square of the class whose outer squares have `colour`.
    fn index(&self, node: Node, colour: usize) -> u32 {
        let (row, col) = square(node, colour);
        let index = if self.transposed {
            col * FOUR_ROWS + row
        } else {
            row * self.n + col
        };
        index as u32
    }
}

/// The square (row, column) of 4 x n that a ladder square of a class stands for.
fn square(node: Node, colour: usize) -> (usize, usize) {
    let upper = node.col % 2 == colour;
    let row = match (node.inner, upper) {
        (false, true) => 0,
        (true, true) => 1,
        (true, false) => 2,
        (false, false) => 3,
    };
    (row, node.col)
}

/// The two halves of a tour of 4 x n from `start`, to `end` or to any square that works.
fn halves_from(n: usize, start: (usize, usize), end: Option<(usize, usize)>) -> Option<[Half; 2]> {
    if !matches!(start.0, 0 | 3) {
        return None;
    }
    let colour = (start.0 + start.1) % 2;
    match end {
        Some(end) => halves_between(n, start, end),
        None => free_ends(n, colour).find_map(|end| halves_between(n, start, end)),
    }
}

/// Squares where a tour from a square of `colour` may end, the corners first; generated, as
/// there are as many as columns.
fn free_ends(n: usize, colour: usize) -> impl Iterator<Item = (usize, usize)> {
    let cols = [0, n - 1].into_iter().chain(1..n - 1);
    cols.flat_map(|c| [(0, c), (3, c)])
        .filter(move |&(r, c)| (r + c) % 2 != colour)
}

/// A tour from outer `start` to outer `end`: the first class's path from the start to some
/// `i_a`, the move to `i_b` of the other class (`b = a ± 2`), and that class's path from
/// `i_b` back to the end.
fn halves_between(n: usize, start: (usize, usize), end: (usize, usize)) -> Option<[Half; 2]> {
    let colours = [(start.0 + start.1) % 2, (end.0 + end.1) % 2];
    if colours[0] == colours[1] || !matches!(end.0, 0 | 3) {
        return None;
    }
    for a in (0..n).rev() {
        let Some(first) = ladder_path(n, start.1, a) else {
            continue;
        };
        let joins = [a.checked_sub(2), Some(a + 2).filter(|&b| b < n)];
        let Some(second) = joins
            .into_iter()
            .flatten()
            .find_map(|b| ladder_path(n, end.1, b))
        else {
            continue;
        };
        return Some([
            Half {
                path: first,
                colour: colours[0],
                backwards: false,
            },
            Half {
                path: second,
                colour: colours[1],
                backwards: true,
            },
        ]);
    }
    None
}

/// Why no tour of a board four squares wide can end on `cell` (row and column along the
/// board's length: `row` counts across the four), if none can.
pub fn outer_end_reason(row: usize) -> Option<&'static str> {
    (!matches!(row, 0 | 3)).then_some(
        "a square of an outer line meets only squares of the two inner lines, and a tour of 4 x n visits 2n of each, so it alternates but for one move and starts and ends on the outer lines",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_tour(cells: &[u32], rows: usize, cols: usize) -> bool {
        let mut seen = vec![false; rows * cols];
        let at = |c: u32| (c as usize / cols, c as usize % cols);
        cells.len() == rows * cols
            && cells
                .iter()
                .all(|&c| !std::mem::replace(&mut seen[c as usize], true))
            && cells.windows(2).all(|w| {
                let (a, b) = (at(w[0]), at(w[1]));
                let step = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
                step == (1, 2) || step == (2, 1)
            })
    }

    fn cells(tour: &FourRows) -> Vec<u32> {
        let mut all = Vec::new();
        let _ = tour.walk(7, |chunk: &mut Vec<u32>| {
            all.extend_from_slice(chunk);
            Ok::<(), ()>(())
        });
        all
    }

    #[test]
    fn every_length_has_a_tour_both_ways_round() {
        for n in 5..60 {
            let tour = FourRows::new(n, false, None, None).unwrap();
            assert!(is_tour(&cells(&tour), 4, n), "4x{n}");
            let tour = FourRows::new(n, true, None, None).unwrap();
            assert!(is_tour(&cells(&tour), n, 4), "{n}x4");
        }
    }

    #[test]
    fn a_lone_end_is_met() {
        let n = 23;
        let tour = FourRows::new(n, false, None, Some((3, 8))).unwrap();
        let all = cells(&tour);
        assert!(is_tour(&all, 4, n));
        assert_eq!(all.last(), Some(&(3 * n as u32 + 8)));
    }

    #[test]
    fn inner_rows_are_never_ends() {
        assert!(outer_end_reason(1).is_some() && outer_end_reason(2).is_some());
        assert!(outer_end_reason(0).is_none() && outer_end_reason(3).is_none());
        assert!(FourRows::new(9, false, Some((1, 0)), None).is_none());
    }
}
