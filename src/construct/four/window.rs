//! Paths through a few columns of a ladder, found by depth-first search.
//!
//! Far from the ends a ladder path is one of two regular patterns (rails or rounds, see
//! [`super::ladder`]); near an end it is whatever fits, and a search over a window of a few
//! columns finds it. A long stretch the window leaves out is stood in for by a pair of its
//! squares that the path must take one after the other (a turn round the board's end).

use super::ladder::{adjacent, Node};

/// Steps a search may take before giving up; the windows are small, so a search that needs
/// more is one that has no answer.
const STEP_BUDGET: usize = 2_000_000;

/// A window: its squares, and pairs of them that stand for a stretch outside it.
pub struct Window {
    nodes: Vec<Node>,
    /// For each square, the other square of its pair, if it has one.
    partner: Vec<Option<usize>>,
}

impl Window {
    /// The squares `nodes` (at most 64), with `pairs` to be taken one right after the other.
    pub fn new(mut nodes: Vec<Node>, pairs: &[(Node, Node)]) -> Window {
        nodes.sort();
        assert!(nodes.len() <= 64, "a window holds at most 64 squares");
        let index = |node: Node| nodes.binary_search(&node).ok();
        let mut partner = vec![None; nodes.len()];
        for &(a, b) in pairs {
            if let (Some(a), Some(b)) = (index(a), index(b)) {
                partner[a] = Some(b);
                partner[b] = Some(a);
            }
        }
        Window { nodes, partner }
    }

    /// A path through every square of the window from `start` to `end` that takes each pair
    /// in one step, or `None`.
    pub fn path(&self, start: Node, end: Node) -> Option<Vec<Node>> {
        let first = self.nodes.binary_search(&start).ok()?;
        let last = self.nodes.binary_search(&end).ok()?;
        let mut search = Search {
            window: self,
            last,
            path: vec![first],
            taken: 1u64 << first,
            steps: 0,
        };
        search
            .extend()
            .then(|| search.path.iter().map(|&i| self.nodes[i]).collect())
    }

    /// Where the path may go from square `at`, having come from `came_from`.
    fn next_squares(&self, at: usize, came_from: Option<usize>, taken: u64) -> Vec<usize> {
        if let Some(other) = self.partner[at] {
            if came_from != Some(other) {
                return vec![other];
            }
        }
        let here = self.nodes[at];
        (0..self.nodes.len())
            .filter(|&j| taken & (1 << j) == 0 && adjacent(here, self.nodes[j]))
            .collect()
    }
}

struct Search<'a> {
    window: &'a Window,
    last: usize,
    path: Vec<usize>,
    taken: u64,
    steps: usize,
}

impl Search<'_> {
    fn extend(&mut self) -> bool {
        let at = *self.path.last().expect("the path has its start");
        let came_from = self.path.len().checked_sub(2).map(|k| self.path[k]);
        if self.path.len() == self.window.nodes.len() {
            let paired = self.window.partner[at].is_none_or(|other| came_from == Some(other));
            return at == self.last && paired;
        }
        self.steps += 1;
        if at == self.last || self.steps > STEP_BUDGET {
            return false;
        }
        for next in self.window.next_squares(at, came_from, self.taken) {
            if self.taken & (1 << next) != 0 {
                continue;
            }
            self.taken |= 1 << next;
            self.path.push(next);
            if self.extend() {
                return true;
            }
            self.path.pop();
            self.taken &= !(1 << next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::ladder::{inner, outer, rail_x, rail_y};
    use super::*;

    fn columns(cols: std::ops::Range<usize>) -> Vec<Node> {
        cols.flat_map(|c| [outer(c), inner(c)]).collect()
    }

    #[test]
    fn finds_a_path_through_a_small_ladder() {
        let path = Window::new(columns(0..7), &[])
            .path(outer(0), inner(6))
            .unwrap();
        assert_eq!(path.len(), 14);
        assert!(path.windows(2).all(|w| adjacent(w[0], w[1])));
    }

    #[test]
    fn takes_each_pair_in_one_step() {
        let pair = (rail_x(6), rail_y(6));
        let path = Window::new(columns(0..7), &[pair])
            .path(outer(0), inner(0))
            .unwrap();
        let at = path
            .iter()
            .position(|&n| n == pair.0 || n == pair.1)
            .unwrap();
        assert!(path[at + 1] == pair.0 || path[at + 1] == pair.1);
    }

    /// Two outer squares are never joined, so no path can start and end on outer squares
    /// of a ladder with as many of each.
    #[test]
    fn reports_no_path_where_none_exists() {
        assert_eq!(
            Window::new(columns(0..6), &[]).path(outer(0), outer(5)),
            None
        );
    }
}
