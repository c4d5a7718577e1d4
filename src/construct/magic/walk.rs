//! The tour's cells in order: each piece of the visit sequence, looked up in its block's tile,
//! emitted at 4 * block + cell (a port of `cells` in experiments/magic-construction/construct.py).

use super::plan::Plan;
use super::tiles::{Table, Tile};

/// The cells of the tour, in order, one piece at a time.
pub struct Cells {
    plan: Plan,
    /// Each block's tile, at `i * n + j` (block columns `n`).
    tiles: Vec<&'static Tile>,
    n: usize,
    /// Whether the plan was built on the transposed board.
    transposed: bool,
    /// The next visit that starts a piece.
    visit: usize,
    /// The cells of the current piece, and the place in it.
    piece: &'static [(usize, usize)],
    at: usize,
    /// The current piece's block.
    block: (usize, usize),
}

impl Cells {
    /// The walk of a plan with every block's tile looked up in `table`, once, so that no
    /// walk can miss one; `None` if the table lacks a signature.
    pub fn of(plan: Plan, table: &'static Table, transposed: bool) -> Option<Cells> {
        let n = plan.n_cols();
        let mut tiles = Vec::with_capacity(plan.n_blocks());
        for i in 0..plan.n_blocks() / n {
            for j in 0..n {
                tiles.push(table.get(&plan.signature((i, j)))?);
            }
        }
        Some(Cells::new(plan, tiles, n, transposed))
    }

    /// The walk of a plan whose blocks have these tiles.
    fn new(plan: Plan, tiles: Vec<&'static Tile>, n: usize, transposed: bool) -> Cells {
        Cells {
            plan,
            tiles,
            n,
            transposed,
            visit: 0,
            piece: &[],
            at: 0,
            block: (0, 0),
        }
    }
}

impl Iterator for Cells {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        if self.at == self.piece.len() {
            if self.visit == self.plan.n_visits() {
                return None;
            }
            let t = self.visit;
            self.block = self.plan.block_at(t);
            let tile = self.tiles[self.block.0 * self.n + self.block.1];
            self.piece = tile.piece_from(t / self.plan.n_blocks());
            self.at = 0;
            self.visit = self.plan.piece_end(t) + 1;
        }
        let (r, c) = self.piece[self.at];
        self.at += 1;
        let cell = (4 * self.block.0 + r, 4 * self.block.1 + c);
        Some(if self.transposed {
            (cell.1, cell.0)
        } else {
            cell
        })
    }
}
