//! A Hamiltonian path of a ladder between any outer square and any inner square.
//!
//! With the start `o_s` left of the end `i_a` and far from it, the path has three parts: a
//! window round `o_s` that also covers everything to its left (a turn round the left end
//! stands in for the columns beyond a few), rounds in single file across the middle, and a
//! window round `i_a` that covers everything to its right the same way. Ends close together
//! share one window. An end right of the start is the mirror image of the other case.

use super::ladder::{inner, outer, rail_x, rail_y, turn_left, turn_right, Node, Segment};
use super::window::Window;

/// Ends at most this many columns apart share one window.
const SHARED_WINDOW: usize = 14;

/// A Hamiltonian path of the ladder `n` columns long, as segments.
pub struct LadderPath {
    segments: Vec<Segment>,
    /// Column `c` of the segments stands for column `n - 1 - c`.
    mirrored: bool,
    n: usize,
}

impl LadderPath {
    /// Calls `visit` on each square from the path's start, or from its end, stopping at its
    /// first error.
    pub fn try_for_each<E>(
        &self,
        backwards: bool,
        mut visit: impl FnMut(Node) -> Result<(), E>,
    ) -> Result<(), E> {
        let last = self.n - 1;
        let mut visit_mirrored = |node: Node| match self.mirrored {
            true => visit(Node {
                col: last - node.col,
                ..node
            }),
            false => visit(node),
        };
        let mut each = |segment: &Segment| segment.try_for_each(backwards, &mut visit_mirrored);
        if backwards {
            self.segments.iter().rev().try_for_each(&mut each)
        } else {
            self.segments.iter().try_for_each(&mut each)
        }
    }

    /// The path's squares, from its start or from its end.
    pub fn nodes(&self, backwards: bool) -> Box<dyn Iterator<Item = Node> + '_> {
        let mirror = move |node: Node| match self.mirrored {
            true => Node {
                col: self.n - 1 - node.col,
                ..node
            },
            false => node,
        };
        let segments: Box<dyn Iterator<Item = &Segment>> = if backwards {
            Box::new(self.segments.iter().rev())
        } else {
            Box::new(self.segments.iter())
        };
        Box::new(segments.flat_map(move |s| s.nodes(backwards)).map(mirror))
    }
}

/// A path through the whole ladder `n` columns long from `o_s` to `i_a`, or `None` if the
/// construction finds none.
pub fn ladder_path(n: usize, s: usize, a: usize) -> Option<LadderPath> {
    if s >= n || a >= n {
        return None;
    }
    if s > a {
        let mut path = ladder_path(n, n - 1 - s, n - 1 - a)?;
        path.mirrored = !path.mirrored;
        return Some(path);
    }
    let segments = if a - s <= SHARED_WINDOW {
        shared_window(n, s, a)?
    } else {
        apart(n, s, a)?
    };
    Some(LadderPath {
        segments,
        mirrored: false,
        n,
    })
}

/// The squares of columns `from..to`.
fn columns(from: usize, to: usize) -> Vec<Node> {
    (from..to).flat_map(|c| [outer(c), inner(c)]).collect()
}

/// Where a window may begin (with the column where a turn round the left end joins it), for
/// a window that must reach column `s`: the board's first column, or a few columns short of
/// `s` with the turn covering the rest.
fn left_edges(s: usize) -> Vec<Option<usize>> {
    if s < 7 {
        return vec![None];
    }
    (3..=5)
        .map(|gap| s - gap)
        .filter(|&lo| lo >= 3)
        .map(Some)
        .collect()
}

/// The same for the right end, for a window that must reach column `a`.
fn right_edges(n: usize, a: usize) -> Vec<Option<usize>> {
    if n - 1 - a < 7 {
        return vec![None];
    }
    (3..=5)
        .map(|gap| a + gap)
        .filter(|&hi| n - hi >= 4)
        .map(Some)
        .collect()
}

/// The pairs that stand for the turns at `left` and `right`.
fn turn_pairs(left: Option<usize>, right: Option<usize>) -> Vec<(Node, Node)> {
    [left, right]
        .into_iter()
        .flatten()
        .map(|c| (rail_x(c), rail_y(c)))
        .collect()
}

/// Both ends in one window.
fn shared_window(n: usize, s: usize, a: usize) -> Option<Vec<Segment>> {
    for left in left_edges(s) {
        for right in right_edges(n, a) {
            let (lo, hi) = (left.unwrap_or(0), right.unwrap_or(n - 1));
            let window = Window::new(columns(lo, hi + 1), &turn_pairs(left, right));
            if let Some(path) = window.path(outer(s), inner(a)) {
                return Some(expand(&path, left, right, n));
            }
        }
    }
    None
}

/// The ends far apart: a window round each and rounds between.
fn apart(n: usize, s: usize, a: usize) -> Option<Vec<Segment>> {
    for left in left_edges(s) {
        let lo = left.unwrap_or(0);
        for k1 in s + 1..(s + 9).min(n) {
            let mut nodes = columns(lo, k1);
            nodes.push(outer(k1));
            let window = Window::new(nodes, &turn_pairs(left, None));
            let Some(first) = window.path(outer(s), outer(k1)) else {
                continue;
            };
            for tail in 1..10 {
                let Some(k2) = a.checked_sub(tail).filter(|&k2| k2 >= k1) else {
                    continue;
                };
                if (k2 - k1) % 3 != 0 {
                    continue;
                }
                let Some(last) = last_window(n, a, k2) else {
                    continue;
                };
                let mut segments = expand(&first, left, None, n);
                segments.push(Segment::Rounds {
                    k: k1,
                    count: (k2 - k1) / 3,
                    backwards: false,
                });
                segments.extend(last);
                return Some(segments);
            }
        }
    }
    None
}

/// From `o_k2` (already on the path) through `i_k2` and every column right of `k2`, to
/// `i_a`; the segments leave out `o_k2`.
fn last_window(n: usize, a: usize, k2: usize) -> Option<Vec<Segment>> {
    for right in right_edges(n, a) {
        let hi = right.unwrap_or(n - 1);
        let mut nodes = vec![outer(k2), inner(k2)];
        nodes.extend(columns(k2 + 1, hi + 1));
        let window = Window::new(nodes, &turn_pairs(None, right));
        if let Some(path) = window.path(outer(k2), inner(a)) {
            return Some(expand(&path[1..], None, right, n));
        }
    }
    None
}

/// A window's path with each pair that stands for a turn replaced by the turn.
fn expand(path: &[Node], left: Option<usize>, right: Option<usize>, n: usize) -> Vec<Segment> {
    let mut segments = Vec::new();
    let mut listed = Vec::new();
    let mut j = 0;
    while j < path.len() {
        let here = path[j];
        let turn = match (left, right) {
            (Some(c), _) if here.col == c && j + 1 < path.len() && path[j + 1].col == c => {
                Some(turn_left(c + 1))
            }
            (_, Some(c)) if here.col == c && j + 1 < path.len() && path[j + 1].col == c => {
                Some(turn_right(c, n))
            }
            _ => None,
        };
        let Some(turn) = turn else {
            listed.push(here);
            j += 1;
            continue;
        };
        segments.push(Segment::Listed(std::mem::take(&mut listed)));
        if here == rail_x(here.col) {
            segments.extend(turn);
        } else {
            segments.extend(turn.into_iter().rev().map(Segment::reversed));
        }
        j += 2;
    }
    segments.push(Segment::Listed(listed));
    segments.retain(|s| !s.is_empty());
    segments
}

#[cfg(test)]
mod tests {
    use super::super::ladder::adjacent;
    use super::*;

    fn check(n: usize, s: usize, a: usize) -> bool {
        let Some(path) = ladder_path(n, s, a) else {
            return false;
        };
        let nodes: Vec<Node> = path.nodes(false).collect();
        let mut sorted = nodes.clone();
        sorted.sort();
        sorted.dedup();
        let back: Vec<Node> = path.nodes(true).collect();
        let mut visited = Vec::new();
        let _ = path.try_for_each(false, |node| {
            visited.push(node);
            Ok::<(), ()>(())
        });
        if visited != nodes {
            return false;
        }
        sorted == columns(0, n)
            && nodes.windows(2).all(|w| adjacent(w[0], w[1]))
            && nodes[0] == outer(s)
            && nodes[nodes.len() - 1] == inner(a)
            && back.into_iter().rev().eq(nodes)
    }

    /// From 7 columns on, every outer square is joined to every inner one.
    #[test]
    fn joins_every_outer_square_to_every_inner_one() {
        for n in (7..=34).chain([47, 61]) {
            for s in 0..n {
                for a in 0..n {
                    assert!(check(n, s, a), "{n}: o_{s} to i_{a}");
                }
            }
        }
    }

    #[test]
    fn long_ladders_are_rounds_in_the_middle() {
        let n = 1_000_003;
        for (s, a) in [(0, n - 1), (n / 2, 5), (17, n - 20), (n - 1, 0)] {
            let path = ladder_path(n, s, a).unwrap();
            assert!(path.segments.len() < 20, "{s} {a}");
            let mut count = 0;
            let mut previous: Option<Node> = None;
            for node in path.nodes(false) {
                assert!(previous.is_none_or(|p| adjacent(p, node)));
                previous = Some(node);
                count += 1;
            }
            assert_eq!(count, 2 * n);
        }
    }
}
