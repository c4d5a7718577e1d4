//! One attempt: a depth-first search that always tries the neighbour with the fewest ways
//! onward first (Warnsdorff's rule, ties broken by the chosen rule), backtracking on a dead
//! end, and giving up once it has made its budget of jumps.

use super::grid::Grid;
use super::TieBreak;
use crate::random::Stream;
use crate::tour::Closure;

/// How an attempt ended.
pub enum Attempt {
    /// The whole tour, as padded indices.
    Found(Vec<usize>),
    /// The budget ran out first.
    OutOfBudget,
    /// Every branch was tried: no tour from this start.
    Exhausted,
}

/// A level of the search: the cell and its remaining candidates, best last.
struct Level {
    cell: u32,
    candidates: [u32; 8],
    left: u8,
}

impl Level {
    fn pop(&mut self) -> Option<usize> {
        self.left = self.left.checked_sub(1)?;
        Some(self.candidates[self.left as usize] as usize)
    }
}

pub struct Search<'a> {
    pub grid: Grid,
    pub tie_break: TieBreak,
    /// Random order among cells the rule ranks equal; `None` keeps the rule's own order.
    pub shuffle: Option<&'a mut Stream>,
    pub closed: Closure,
    pub budget: u64,
    pub jumps: u64,
}

impl Search<'_> {
    /// The level of `cell`: its unvisited neighbours, best last.
    fn level(&mut self, cell: usize, dead_end: bool) -> Level {
        let mut ranked = [(0u64, 0usize); 8];
        let mut left = 0;
        if !dead_end {
            let mut next = [0usize; 8];
            for n in self.grid.neighbours(cell) {
                next[left] = n;
                left += 1;
            }
            for (slot, &n) in ranked.iter_mut().zip(&next[..left]) {
                let noise = match self.shuffle.as_deref_mut() {
                    Some(rng) => u64::from(rng.next_u16()),
                    None => 0,
                };
                *slot = (self.rank(n) << 16 | noise, n);
            }
            ranked[..left].sort_unstable_by_key(|r| std::cmp::Reverse(r.0));
        }
        Level {
            cell: cell as u32,
            candidates: ranked.map(|(_, n)| n as u32),
            left: left as u8,
        }
    }

    /// The rule's rank of a candidate, lower first: its ways onward, then the tie-break.
    fn rank(&self, cell: usize) -> u64 {
        let degree = u64::from(self.grid.degree(cell));
        let tie = match self.tie_break {
            TieBreak::Random => 0,
            TieBreak::Pohl => {
                let onward = self
                    .grid
                    .neighbours(cell)
                    .map(|n| u64::from(self.grid.degree(n)));
                onward.sum::<u64>().min(0xFFFF)
            }
            TieBreak::Roth => {
                // Farther from the centre first: rank by the distance's complement.
                let (r, c) = self.grid.coord(cell);
                let dr = (2 * r).abs_diff(self.grid.rows - 1) as u64;
                let dc = (2 * c).abs_diff(self.grid.cols - 1) as u64;
                0xFFFF_FFFF - (dr * dr + dc * dc).min(0xFFFF_FFFF)
            }
        };
        degree << 32 | tie
    }

    /// Runs the attempt from `start`.
    pub fn run(&mut self, start: usize) -> Attempt {
        let n = self.grid.rows * self.grid.cols;
        self.grid.visit(start);
        let mut path = vec![start];
        let first = self.level(start, false);
        let mut levels = Vec::with_capacity(n);
        levels.push(first);
        while let Some(level) = levels.last_mut() {
            if path.len() == n
                && (!self.closed.is_closed() || self.closes(level.cell as usize, start))
            {
                return Attempt::Found(path);
            }
            let Some(next) = level.pop() else {
                let done = levels.pop().expect("a level");
                self.grid.unvisit(done.cell as usize);
                path.pop();
                continue;
            };
            if self.jumps >= self.budget {
                return Attempt::OutOfBudget;
            }
            self.jumps += 1;
            self.grid.visit(next);
            path.push(next);
            let dead_end = self.cuts_off_start(start, path.len(), n);
            let level = self.level(next, dead_end);
            levels.push(level);
        }
        Attempt::Exhausted
    }

    fn closes(&self, last: usize, start: usize) -> bool {
        self.grid.neighbours_of_any(last).any(|n| n == start)
    }

    /// For a closed tour: the start needs a free neighbour until the last cell.
    fn cuts_off_start(&self, start: usize, len: usize, n: usize) -> bool {
        self.closed.is_closed() && len < n && self.grid.degree(start) == 0
    }
}
