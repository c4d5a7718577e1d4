//! One random walk of the leaper over the board, never revisiting a cell, until it has
//! visited every cell or is stuck. Two rules choose each next cell: seed 004's (any
//! unvisited neighbour, uniformly at random) and Warnsdorff's (an unvisited neighbour with the
//! fewest unvisited neighbours of its own, ties uniformly at random).

use crate::board::{Board, Cell};
use crate::random::Stream;

/// How a walk chooses its next cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Any unvisited neighbour, uniformly at random: seed 004's greedy search.
    Greedy,
    /// Warnsdorff's rule: an unvisited neighbour with the fewest ways onward, ties at random.
    Warnsdorff,
}

/// A walker's state, reused from walk to walk so that a walk allocates nothing.
pub struct Walker<'a> {
    board: &'a Board,
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell (kept for Warnsdorff's rule).
    onward: Vec<u32>,
    order: Vec<Cell>,
    /// Candidates of the current step.
    choices: Vec<Cell>,
}

impl<'a> Walker<'a> {
    /// A walker on `board`.
    pub fn new(board: &'a Board) -> Self {
        let n = board.n_cells();
        Walker {
            board,
            visited: vec![false; n],
            onward: vec![0; n],
            order: Vec::with_capacity(n),
            choices: Vec::new(),
        }
    }

    /// One walk from `start` by `rule`: the cells in visiting order if it visits every cell,
    /// else `None` (stuck).
    pub fn walk(&mut self, start: Cell, rule: Rule, rng: &mut Stream) -> Option<&[Cell]> {
        let n = self.board.n_cells();
        let order = self.walk_up_to(start, rule, n, rng);
        (order.len() == n).then_some(order)
    }

    /// The first cells of a walk from `start` by `rule`: `length` of them, or fewer when
    /// the walk is stuck.
    pub fn walk_up_to(
        &mut self,
        start: Cell,
        rule: Rule,
        length: usize,
        rng: &mut Stream,
    ) -> &[Cell] {
        self.reset();
        let mut at = start;
        self.visit(at);
        while self.order.len() < length {
            self.collect_choices(at, rule);
            if self.choices.is_empty() {
                break;
            }
            at = self.choices[rng.below(self.choices.len())];
            self.visit(at);
        }
        &self.order
    }

    fn reset(&mut self) {
        self.visited.fill(false);
        self.order.clear();
        for cell in 0..self.board.n_cells() {
            self.onward[cell] = self.board.degree(cell) as u32;
        }
    }

    fn visit(&mut self, cell: Cell) {
        self.visited[cell] = true;
        self.order.push(cell);
        for &next in self.board.neighbours(cell) {
            self.onward[next] -= 1;
        }
    }

    /// The unvisited neighbours of `at` the rule allows.
    fn collect_choices(&mut self, at: Cell, rule: Rule) {
        self.choices.clear();
        let free = self
            .board
            .neighbours(at)
            .iter()
            .copied()
            .filter(|&c| !self.visited[c]);
        match rule {
            Rule::Greedy => self.choices.extend(free),
            Rule::Warnsdorff => {
                let mut least = u32::MAX;
                for cell in free {
                    let ways = self.onward[cell];
                    if ways < least {
                        least = ways;
                        self.choices.clear();
                    }
                    if ways == least {
                        self.choices.push(cell);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    /// A finished walk visits every cell once, each a move from the one before.
    #[test]
    fn a_finished_walk_is_a_path_through_every_cell() {
        let board = Board::knight(Shape::solid(4, 4, 4));
        let mut walker = Walker::new(&board);
        let mut rng = Stream::new(7);
        let mut finished = 0;
        for attempt in 0..2000 {
            let Some(order) = walker.walk(attempt % 64, Rule::Warnsdorff, &mut rng) else {
                continue;
            };
            finished += 1;
            let mut seen = order.to_vec();
            seen.sort_unstable();
            assert_eq!(seen, (0..64).collect::<Vec<_>>());
            assert!(order.windows(2).all(|w| board.is_move(w[0], w[1])));
        }
        assert!(finished > 0, "no walk of 2000 finished");
    }

    /// A walk that gets stuck says so, on a board with no tour at all.
    #[test]
    fn a_board_without_a_tour_leaves_every_walk_stuck() {
        let board = Board::knight(Shape::flat(3, 3));
        let mut walker = Walker::new(&board);
        let mut rng = Stream::new(1);
        for start in 0..9 {
            assert!(walker.walk(start, Rule::Greedy, &mut rng).is_none());
        }
    }
}
