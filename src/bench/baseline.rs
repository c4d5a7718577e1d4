//! The baseline every benchmark ratio is taken against: a plain depth-first backtracker of
//! the kind seed 003 starts from (try each move in turn, undo on a dead end), with a single
//! cheap prune: give up when an unvisited cell other than the next one has no unvisited
//! neighbour left. It counts directed paths or undirected cycles on a bare board and shares
//! no code with the engines, so a ratio measures the engines' pruning and symmetry work.

use crate::board::Board;

/// Directed Hamiltonian paths on the board (every start, every numbering once).
pub fn count_paths(board: &Board) -> u64 {
    let mut walk = Walk::new(board);
    (0..board.n_cells())
        .map(|start| walk.count_from(start, None))
        .sum()
}

/// Undirected Hamiltonian cycles: directed cycles through cell 0, halved.
pub fn count_cycles(board: &Board) -> u64 {
    let mut walk = Walk::new(board);
    walk.count_from(0, Some(0)) / 2
}

struct Walk<'b> {
    board: &'b Board,
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell.
    free: Vec<usize>,
}

impl<'b> Walk<'b> {
    fn new(board: &'b Board) -> Self {
        let free = (0..board.n_cells()).map(|c| board.degree(c)).collect();
        Walk {
            board,
            visited: vec![false; board.n_cells()],
            free,
        }
    }

    /// Tours starting at `start`; with `close_to`, only those whose last cell is a move away
    /// from it.
    fn count_from(&mut self, start: usize, close_to: Option<usize>) -> u64 {
        self.enter(start);
        let found = self.extend(start, 1, close_to);
        self.leave(start);
        found
    }

    fn extend(&mut self, at: usize, depth: usize, close_to: Option<usize>) -> u64 {
        let n = self.board.n_cells();
        if depth == n {
            return match close_to {
                Some(target) => u64::from(self.board.is_move(at, target)),
                None => 1,
            };
        }
        let mut found = 0;
        for &next in self.board.neighbours(at) {
            if self.visited[next] {
                continue;
            }
            self.enter(next);
            if !self.stranded(next) {
                found += self.extend(next, depth + 1, close_to);
            }
            self.leave(next);
        }
        found
    }

    /// Some unvisited cell, not next to `at`, can no longer be entered and left.
    fn stranded(&self, at: usize) -> bool {
        let remaining = self.visited.iter().filter(|v| !**v).count();
        remaining > 1
            && (0..self.board.n_cells())
                .any(|c| !self.visited[c] && self.free[c] == 0 && !self.board.is_move(at, c))
    }

    fn enter(&mut self, cell: usize) {
        self.visited[cell] = true;
        for &n in self.board.neighbours(cell) {
            self.free[n] -= 1;
        }
    }

    fn leave(&mut self, cell: usize) {
        self.visited[cell] = false;
        for &n in self.board.neighbours(cell) {
            self.free[n] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::puzzle::Puzzle;
    use crate::run::Limits;
    use crate::search::{count, SearchOptions};
    use crate::spec::Spec;

    fn search_count(spec: Spec) -> u64 {
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        count(
            &puzzle,
            &SearchOptions::default(),
            &Limits::default(),
            &|_| {},
        )
        .unwrap()
        .solutions
    }

    #[test]
    fn baseline_agrees_with_the_native_search() {
        for board in ["3x4", "4x5", "3x7"] {
            let shape = Shape::parse(board).unwrap();
            assert_eq!(
                count_paths(&Board::knight(shape)),
                search_count(Spec::plain(board)),
                "{board}"
            );
        }
        let closed = Spec {
            closed: true,
            ..Spec::plain("5x6")
        };
        assert_eq!(
            count_cycles(&Board::knight(Shape::flat(5, 6))),
            search_count(closed)
        );
    }

    #[test]
    fn baseline_reproduces_published_small_counts() {
        // OEIS A165134: 1,728 directed open paths on 5x5 (the 5x5 has no closed tour).
        assert_eq!(count_paths(&Board::knight(Shape::flat(5, 5))), 1728);
        // Schwenk (1991): no closed tour on 3x4.
        assert_eq!(count_cycles(&Board::knight(Shape::flat(3, 4))), 0);
    }
}
