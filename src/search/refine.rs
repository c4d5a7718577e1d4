//! Cutting the heaviest pieces of a cut once more, so that no piece is a large share of the
//! work. A cut at one depth leaves pieces whose predicted sizes span several orders of
//! magnitude on the line-sum models (Knuth's estimate is heavy-tailed there); a piece that
//! alone is more than a job's share makes its job the tail of the whole run, however the
//! pieces are dealt. So the largest piece is replaced by its children, each estimated, until
//! the largest is below a cap or the pieces reach a limit.

use super::estimate::nodes_below;
use super::job::{replays, Prefix};
use super::setup::Setup;
use super::tree_piece::{PieceEstimate, TreePiece};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A piece may be predicted at most this many times the mean piece of the first cut: half
/// a job's share when a job gets 32 pieces.
const MAX_TO_MEAN: f64 = 16.0;

/// Refining stops at this many times the pieces asked for.
const MAX_PIECES_TO_WANT: usize = 2;

/// When refining stops.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The largest predicted size a piece may keep.
    pub cap: f64,
    /// The most pieces.
    pub limit: usize,
    /// Pieces this many moves deep are not cut.
    pub max_depth: usize,
}

impl Bounds {
    /// The bounds for a cut asked for `want` pieces: at most `MAX_TO_MEAN` times the mean
    /// of `pieces`, and `MAX_PIECES_TO_WANT` times `want` pieces.
    pub fn for_cut(pieces: &[PieceEstimate], want: usize, max_depth: usize) -> Bounds {
        let total: f64 = pieces.iter().map(|p| p.nodes).sum();
        Bounds {
            cap: MAX_TO_MEAN * total / pieces.len().max(1) as f64,
            limit: want.saturating_mul(MAX_PIECES_TO_WANT).max(pieces.len()),
            max_depth,
        }
    }
}

/// Replaces the largest pieces by their children until every piece is predicted at most
/// `bounds.cap`, or the pieces number `bounds.limit`, or the largest cannot be cut (a leaf,
/// a dead end, or `bounds.max_depth` moves deep). The pieces stay disjoint and cover the
/// same tours, in the order of the cut, children where their parent was.
pub fn refine<const W: usize, const M: u8>(
    setup: &Setup<W>,
    pieces: Vec<PieceEstimate>,
    bounds: Bounds,
    probes: usize,
    seed: u64,
) -> Vec<PieceEstimate> {
    // Each piece keeps a path of positions (its place in the cut, then among its parent's
    // children), so that sorting by it restores the cut's order.
    let mut heap: BinaryHeap<Ranked> = pieces
        .into_iter()
        .enumerate()
        .map(|(i, p)| Ranked {
            place: vec![i as u32],
            piece: p,
        })
        .collect();
    let mut done = Vec::new();
    let mut walker = setup.walker::<M>();
    let mut salt = seed;
    while let Some(top) = heap.pop() {
        if top.piece.nodes <= bounds.cap || heap.len() + done.len() + 1 >= bounds.limit {
            done.push(top);
            break;
        }
        let children = if top.piece.piece.moves.len() < bounds.max_depth {
            children_of(&mut walker, &top.piece.piece)
        } else {
            Vec::new()
        };
        if children.is_empty() {
            done.push(top);
            continue;
        }
        for (k, moves) in children.into_iter().enumerate() {
            salt = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let prefix = Prefix {
                root: top.piece.piece.root,
                moves,
            };
            let nodes = nodes_below::<W, M>(setup, &prefix, probes, salt);
            let mut place = top.place.clone();
            place.push(k as u32);
            heap.push(Ranked {
                place,
                piece: PieceEstimate {
                    piece: TreePiece {
                        root: prefix.root,
                        moves: prefix.moves,
                    },
                    nodes,
                },
            });
        }
    }
    done.extend(heap);
    done.sort_by(|a, b| a.place.cmp(&b.place));
    done.into_iter().map(|r| r.piece).collect()
}

/// The moves of each live child of `piece` (empty for a leaf or a dead end).
fn children_of<const W: usize, const M: u8>(
    w: &mut super::walker::Walker<'_, W, M>,
    piece: &TreePiece,
) -> Vec<Vec<u32>> {
    let prefix = Prefix {
        root: piece.root,
        moves: piece.moves.clone(),
    };
    if !replays(w, &prefix) || w.is_leaf() {
        return Vec::new();
    }
    let mut children = Vec::new();
    for v in w.candidates().iter() {
        if w.push(v) {
            let mut moves = piece.moves.clone();
            moves.push(v as u32);
            children.push(moves);
        }
        w.pop();
    }
    children
}

/// A piece in the heap: the largest first, ties by the cut's order.
struct Ranked {
    place: Vec<u32>,
    piece: PieceEstimate,
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Ranked) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Ranked) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Ranked) -> Ordering {
        self.piece
            .nodes
            .total_cmp(&other.piece.nodes)
            .then_with(|| other.place.cmp(&self.place))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::run::Limits;
    use crate::search::driver::{cut_prefixes_to, with_setup};
    use crate::search::job::{Context, Counters};
    use crate::search::mode::PLAIN;
    use crate::search::{search_pieces, PieceObservers, SearchOptions};
    use crate::spec::Spec;

    fn open_5x5() -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml("board = \"5x5\"", "test").unwrap()).unwrap()
    }

    /// A cut of open 5x5 into `want` pieces, each estimated, then refined within `bounds`.
    fn cut_and_refine(puzzle: &Puzzle, want: usize, bounds: Bounds) -> (usize, Vec<PieceEstimate>) {
        with_setup::<1, _>(puzzle, true, |setup| {
            let counters = Counters::new(&Limits::default(), setup.rule.order());
            let ctx = Context {
                puzzle: setup.puzzle,
                rule: setup.rule,
                sink: None,
            };
            let cut: Vec<PieceEstimate> = cut_prefixes_to::<1, PLAIN>(setup, &counters, &ctx, want)
                .into_iter()
                .map(|p| PieceEstimate {
                    nodes: nodes_below::<1, PLAIN>(setup, &p, 8, 1),
                    piece: TreePiece {
                        root: p.root,
                        moves: p.moves,
                    },
                })
                .collect();
            let before = cut.len();
            Ok((before, refine::<1, PLAIN>(setup, cut, bounds, 8, 1)))
        })
        .unwrap()
    }

    fn solutions(puzzle: &Puzzle, pieces: &[PieceEstimate]) -> u64 {
        let pieces: Vec<TreePiece> = pieces.iter().map(|p| p.piece.clone()).collect();
        let opts = SearchOptions {
            jobs: 1,
            symmetry: true,
            node_budget: None,
        };
        let observers = PieceObservers {
            sink: None,
            progress: &|_| {},
            on_piece: None,
        };
        search_pieces(puzzle, &opts, &Limits::default(), observers, &pieces)
            .unwrap()
            .summary
            .solutions
    }

    #[test]
    fn refined_pieces_cover_the_same_tours_once() {
        let puzzle = open_5x5();
        let whole = cut_and_refine(
            &puzzle,
            4,
            Bounds {
                cap: f64::INFINITY,
                limit: 0,
                max_depth: 12,
            },
        );
        let refined = cut_and_refine(
            &puzzle,
            4,
            Bounds {
                cap: 0.0,
                limit: 60,
                max_depth: 12,
            },
        );
        assert_eq!(
            whole.1.len(),
            whole.0,
            "nothing over an infinite cap is cut"
        );
        assert!(
            refined.1.len() > refined.0,
            "a zero cap cuts: {} pieces",
            refined.1.len()
        );
        assert!(
            refined.1.len() <= 60 + 8,
            "the limit holds: {} pieces",
            refined.1.len()
        );
        assert_eq!(solutions(&puzzle, &refined.1), solutions(&puzzle, &whole.1));
        assert!(solutions(&puzzle, &whole.1) > 0);
    }

    #[test]
    fn no_piece_stays_over_the_cap_while_it_can_be_cut() {
        let puzzle = open_5x5();
        let (_, first) = cut_and_refine(
            &puzzle,
            4,
            Bounds {
                cap: f64::INFINITY,
                limit: 0,
                max_depth: 12,
            },
        );
        let largest = first.iter().map(|p| p.nodes).fold(0.0, f64::max);
        let cap = largest / 20.0;
        let (_, refined) = cut_and_refine(
            &puzzle,
            4,
            Bounds {
                cap,
                limit: 100_000,
                max_depth: 12,
            },
        );
        assert!(refined.len() > first.len());
        with_setup::<1, _>(&puzzle, true, |setup| {
            let mut w = setup.walker::<PLAIN>();
            for p in &refined {
                let uncut = p.piece.moves.len() >= 12 || children_of(&mut w, &p.piece).is_empty();
                assert!(p.nodes <= cap || uncut, "{p:?} over {cap}");
            }
            Ok(())
        })
        .unwrap();
    }
}
