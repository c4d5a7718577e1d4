//! Read-only tables every worker shares: the move graph as cell sets, the
//! shifts that grow a set by one move in every direction at once (used by the connectivity
//! test), colours, required moves, and move distances (used to check that a pencilled-in
//! number can still be reached in time, seed 000).

use super::bits::Bits;
use crate::board::Board;
use crate::puzzle::Puzzle;

pub struct Tables<const W: usize> {
    pub n: usize,
    /// Neighbours of each cell as a set.
    pub nbr: Vec<Bits<W>>,
    /// One entry per displacement: the row-major offset it adds and the cells it is legal from.
    shifts: Vec<(i64, Bits<W>)>,
    /// Checkerboard colour of each cell.
    pub colour: Vec<u8>,
    /// Required partners of each cell (moves the tour must make).
    pub req: Vec<Bits<W>>,
    pub has_req: bool,
    /// `dist[a * n + b]`, in moves (255 when unreachable or at least 255); empty when not built.
    dist: Vec<u8>,
}

impl<const W: usize> Tables<W> {
    pub fn new(puzzle: &Puzzle, with_distances: bool) -> Self {
        let board = &puzzle.board;
        let n = board.n_cells();
        let nbr = (0..n)
            .map(|c| Bits::from_cells(board.neighbours(c).iter().copied()))
            .collect();
        let mut req = vec![Bits::EMPTY; n];
        for &(a, b) in &puzzle.required {
            req[a].insert(b);
            req[b].insert(a);
        }
        let dist = if with_distances {
            distances(board)
        } else {
            Vec::new()
        };
        Tables {
            n,
            nbr,
            shifts: shifts(board),
            colour: (0..n).map(|c| board.colour(c)).collect(),
            has_req: !puzzle.required.is_empty(),
            req,
            dist,
        }
    }

    /// Every cell one move from some cell of `set`.
    #[inline]
    pub fn spread(&self, set: Bits<W>) -> Bits<W> {
        let mut out = Bits::EMPTY;
        if W == 1 {
            // One word: every offset is a plain shift.
            let (x, mut acc) = (set.0[0], 0u64);
            for &(offset, from) in &self.shifts {
                let s = x & from.0[0];
                acc |= if offset >= 0 {
                    s << offset
                } else {
                    s >> -offset
                };
            }
            out.0[0] = acc;
            return out;
        }
        for &(offset, from) in &self.shifts {
            let s = set & from;
            out = out
                | if offset >= 0 {
                    s.shl(offset as usize)
                } else {
                    s.shr((-offset) as usize)
                };
        }
        out
    }

    /// The cells of `region` reachable from `seed` (within `region`) by moves inside `region`.
    #[inline]
    pub fn reach(&self, seed: Bits<W>, region: Bits<W>) -> Bits<W> {
        let mut reached = seed & region;
        let mut frontier = reached;
        while !frontier.is_empty() {
            frontier = self.spread(frontier).andnot(reached) & region;
            reached = reached | frontier;
        }
        reached
    }

    /// Moves from `a` to `b`, or `None` when no distance table was built.
    #[inline(always)]
    pub fn distance(&self, a: usize, b: usize) -> Option<usize> {
        if self.dist.is_empty() {
            None
        } else {
            Some(self.dist[a * self.n + b] as usize)
        }
    }
}

fn shifts<const W: usize>(board: &Board) -> Vec<(i64, Bits<W>)> {
    let shape = board.shape();
    let [layers, rows, cols] = shape.extent().map(|x| x as i64);
    let _ = layers;
    board
        .leaper()
        .displacements(shape.solid)
        .into_iter()
        .map(|d| {
            let offset = (d[0] * rows + d[1]) * cols + d[2];
            let from = Bits::from_cells(shape.cells().filter(|&c| {
                let p = shape.coord(c).axes_array().map(|x| x as i64);
                shape
                    .cell_at([p[0] + d[0], p[1] + d[1], p[2] + d[2]])
                    .is_some()
            }));
            (offset, from)
        })
        .collect()
}

fn distances(board: &Board) -> Vec<u8> {
    let n = board.n_cells();
    let mut out = Vec::with_capacity(n * n);
    for a in 0..n {
        out.extend(
            board
                .distances_from([a])
                .into_iter()
                .map(|d| d.min(255) as u8),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    #[test]
    fn spread_matches_neighbour_lists() {
        for board in ["8x8", "5x7", "4x4x4", "3x5x2"] {
            let puzzle = Puzzle::from_spec(&Spec::plain(board)).unwrap();
            let t: Tables<2> = Tables::new(&puzzle, false);
            for c in 0..t.n {
                assert_eq!(t.spread(Bits::single(c)), t.nbr[c], "{board} cell {c}");
                let mut list = puzzle.board.neighbours(c).to_vec();
                list.sort_unstable();
                assert_eq!(list, t.nbr[c].iter().collect::<Vec<_>>());
            }
        }
    }
}
