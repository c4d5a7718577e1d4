//! The ladder: one colour class of a board four squares wide, as a graph of its own.
//!
//! Take the outer squares (rows 0 and 3) of one colour and the inner squares (rows 1 and 2)
//! of the other. Each column holds exactly one of each: call them `o_c` and `i_c`. A knight
//! joins `o_c` and `i_d` exactly when `|c - d|` is 1 or 2, and no two outer squares, so the
//! class is the graph `L_n` on `o_0..o_{n-1}, i_0..i_{n-1}` with those edges, whatever the
//! colour. Read along the columns it is two rails, `x_c` (`o_c` for even `c`, `i_c` for odd)
//! and `y_c` (the other), each a path from column to column, crossed by the rungs `x_c - y_{c+2}`
//! and `y_c - x_{c+2}`. A tour of the board is a Hamiltonian path of one class's ladder, one
//! inner-to-inner move, and a Hamiltonian path of the other's ([`super`]).

/// A square of the ladder: its column and whether it is the inner one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Node {
    /// Column, from 0.
    pub col: usize,
    /// Inner (`i_c`) rather than outer (`o_c`).
    pub inner: bool,
}

/// `o_c`.
pub const fn outer(col: usize) -> Node {
    Node { col, inner: false }
}

/// `i_c`.
pub const fn inner(col: usize) -> Node {
    Node { col, inner: true }
}

/// The rail through `o_c` at even columns.
pub fn rail_x(col: usize) -> Node {
    Node {
        col,
        inner: col % 2 == 1,
    }
}

/// The rail through `i_c` at even columns.
pub fn rail_y(col: usize) -> Node {
    Node {
        col,
        inner: col.is_multiple_of(2),
    }
}

/// Whether a knight joins two squares of the ladder.
pub fn adjacent(a: Node, b: Node) -> bool {
    a.inner != b.inner && matches!(a.col.abs_diff(b.col), 1 | 2)
}

/// A stretch of a path through a ladder `n` columns long, generated rather than held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Squares listed one by one.
    Listed(Vec<Node>),
    /// Along one rail from column `from` to column `to`, both included, either way.
    Rail {
        /// Rail x (else rail y).
        x: bool,
        /// First column.
        from: usize,
        /// Last column.
        to: usize,
    },
    /// `count` rounds of three columns in single file, the first entered from `o_k`:
    /// `i_{k+2} o_{k+1} i_k o_{k+2} i_{k+1} o_{k+3}`, then the same from `o_{k+3}`. Before a
    /// round every column left of `k` and `o_k` are taken, and after it the same holds for
    /// `k + 3`, so the rounds chain without end.
    Rounds {
        /// Column of the square before the first round.
        k: usize,
        /// Rounds.
        count: usize,
        /// Read from the last square back to the first.
        backwards: bool,
    },
}

/// One round of [`Segment::Rounds`], from `o_k` (not included).
const ROUND: [(usize, bool); 6] = [
    (2, true),
    (1, false),
    (0, true),
    (2, false),
    (1, true),
    (3, false),
];

impl Segment {
    /// Squares in the segment.
    pub fn len(&self) -> usize {
        match self {
            Segment::Listed(nodes) => nodes.len(),
            Segment::Rail { from, to, .. } => from.abs_diff(*to) + 1,
            Segment::Rounds { count, .. } => ROUND.len() * count,
        }
    }

    /// Whether the segment has no squares.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `j`th square of the segment.
    pub fn at(&self, j: usize) -> Node {
        match self {
            Segment::Listed(nodes) => nodes[j],
            Segment::Rail { x, from, to } => {
                let col = if to >= from { from + j } else { from - j };
                if *x {
                    rail_x(col)
                } else {
                    rail_y(col)
                }
            }
            Segment::Rounds { k, backwards, .. } => {
                let j = if *backwards { self.len() - 1 - j } else { j };
                let (offset, inner) = ROUND[j % ROUND.len()];
                Node {
                    col: k + 3 * (j / ROUND.len()) + offset,
                    inner,
                }
            }
        }
    }

    /// The same squares in the opposite order.
    pub fn reversed(self) -> Segment {
        match self {
            Segment::Listed(mut nodes) => {
                nodes.reverse();
                Segment::Listed(nodes)
            }
            Segment::Rail { x, from, to } => Segment::Rail {
                x,
                from: to,
                to: from,
            },
            Segment::Rounds {
                k,
                count,
                backwards,
            } => Segment::Rounds {
                k,
                count,
                backwards: !backwards,
            },
        }
    }

    /// Calls `visit` on each square in order, or backwards, stopping at its first error;
    /// the walk's fast path, with no per-square dispatch on the kind of segment.
    pub fn try_for_each<E>(
        &self,
        backwards: bool,
        mut visit: impl FnMut(Node) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Segment::Rounds { k, count, .. } if backwards != self.is_backwards() => {
                for round in (0..*count).rev() {
                    for &(offset, inner) in ROUND.iter().rev() {
                        visit(Node {
                            col: k + 3 * round + offset,
                            inner,
                        })?;
                    }
                }
                Ok(())
            }
            Segment::Rounds { k, count, .. } => {
                for round in 0..*count {
                    for &(offset, inner) in &ROUND {
                        visit(Node {
                            col: k + 3 * round + offset,
                            inner,
                        })?;
                    }
                }
                Ok(())
            }
            _ => self.nodes(backwards).try_for_each(visit),
        }
    }

    fn is_backwards(&self) -> bool {
        matches!(
            self,
            Segment::Rounds {
                backwards: true,
                ..
            }
        )
    }

    /// The squares in order, or backwards.
    pub fn nodes(&self, backwards: bool) -> Box<dyn Iterator<Item = Node> + '_> {
        let indices = 0..self.len();
        if backwards {
            Box::new(indices.rev().map(|j| self.at(j)))
        } else {
            Box::new(indices.map(|j| self.at(j)))
        }
    }
}

/// The path through columns `0..l` from `x_{l-1}` to `y_{l-1}` (`l >= 4`): out along rail x,
/// round the left end, back along rail y.
pub fn turn_left(l: usize) -> Vec<Segment> {
    vec![
        Segment::Rail {
            x: true,
            from: l - 1,
            to: 3,
        },
        Segment::Listed(vec![rail_y(1), rail_y(0), rail_x(2), rail_x(1), rail_x(0)]),
        Segment::Rail {
            x: false,
            from: 2,
            to: l - 1,
        },
    ]
}

/// The path through columns `r..n` from `x_r` to `y_r` (`n - r >= 4`): the mirror image of
/// [`turn_left`].
pub fn turn_right(r: usize, n: usize) -> Vec<Segment> {
    vec![
        Segment::Rail {
            x: true,
            from: r,
            to: n - 4,
        },
        Segment::Listed(vec![
            rail_y(n - 2),
            rail_y(n - 1),
            rail_x(n - 3),
            rail_x(n - 2),
            rail_x(n - 1),
        ]),
        Segment::Rail {
            x: false,
            from: n - 3,
            to: r,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flatten(segments: &[Segment]) -> Vec<Node> {
        segments.iter().flat_map(|s| s.nodes(false)).collect()
    }

    fn is_path_through(nodes: &[Node], cols: std::ops::Range<usize>) -> bool {
        let mut sorted = nodes.to_vec();
        sorted.sort();
        sorted.dedup();
        sorted.len() == nodes.len()
            && nodes.len() == 2 * cols.len()
            && nodes.iter().all(|n| cols.contains(&n.col))
            && nodes.windows(2).all(|w| adjacent(w[0], w[1]))
    }

    #[test]
    fn the_rails_and_rungs_are_ladder_edges() {
        for c in 0..10 {
            assert!(adjacent(rail_x(c), rail_x(c + 1)));
            assert!(adjacent(rail_y(c), rail_y(c + 1)));
            assert!(adjacent(rail_x(c), rail_y(c + 2)));
            assert!(adjacent(rail_y(c), rail_x(c + 2)));
            assert!(!adjacent(rail_x(c), rail_y(c)));
        }
    }

    #[test]
    fn turns_cover_their_columns_between_the_two_rails() {
        for l in 4..20 {
            let nodes = flatten(&turn_left(l));
            assert!(is_path_through(&nodes, 0..l), "left {l}");
            assert_eq!(
                (nodes[0], nodes[nodes.len() - 1]),
                (rail_x(l - 1), rail_y(l - 1))
            );
            let n = l + 7;
            let nodes = flatten(&turn_right(7, n));
            assert!(is_path_through(&nodes, 7..n), "right {n}");
            assert_eq!((nodes[0], nodes[nodes.len() - 1]), (rail_x(7), rail_y(7)));
        }
    }

    #[test]
    fn rounds_keep_single_file_and_read_the_same_backwards() {
        let rounds = Segment::Rounds {
            k: 2,
            count: 4,
            backwards: false,
        };
        let mut nodes = vec![outer(2)];
        nodes.extend(rounds.nodes(false));
        assert!(nodes.windows(2).all(|w| adjacent(w[0], w[1])));
        assert_eq!(nodes.last(), Some(&outer(14)));
        let mut taken: Vec<Node> = nodes.clone();
        taken.sort();
        let expected: Vec<Node> = (2..14).flat_map(|c| [outer(c), inner(c)]).collect();
        assert_eq!(taken[..taken.len() - 1], expected[..]);
        let back: Vec<Node> = rounds.nodes(true).collect();
        assert_eq!(back, nodes[1..].iter().rev().copied().collect::<Vec<_>>());
        let reversed = rounds.clone().reversed();
        assert_eq!(reversed.nodes(false).collect::<Vec<_>>(), back);
        for (segment, backwards) in [(&rounds, false), (&rounds, true), (&reversed, false)] {
            let mut visited = Vec::new();
            let _ = segment.try_for_each(backwards, |n| {
                visited.push(n);
                Ok::<(), ()>(())
            });
            assert_eq!(visited, segment.nodes(backwards).collect::<Vec<_>>());
        }
    }
}
