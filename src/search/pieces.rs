//! The search tree cut into pieces that separate processes search on their own: the pieces
//! of one cut are disjoint and cover the whole tree, so their counts add up to the count of
//! one run. A piece is a root and the moves made below it, valid for the puzzle and the
//! symmetry setting it was cut for (the roots depend on both).

use super::driver::{self, PieceDone};
use super::job::{replays, Context, Counters, Prefix};
use super::mode::{FOLD, MEET, PLAIN, QUARTER};
use super::refine::{refine, Bounds};
use super::setup::Setup;
use super::tree_piece::{PieceEstimate, TreePiece};
use super::{estimate, with_width, SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use crate::run::{Class, Limits, NodeProgress, Summary};
use std::collections::BTreeMap;
use std::time::Instant;

/// What a search over some pieces found.
#[derive(Clone, Debug)]
pub struct PieceCount {
    /// The run's summary. Its `classes` counts the classes handed over when enumerating;
    /// when only counting, classes are known from the whole tree only, through
    /// `by_class_size`.
    pub summary: Summary,
    /// Weighted solutions by the size of their class (counting only): summed over every
    /// piece of a cut, the solutions of classes of size `m` number `m` per class.
    pub by_class_size: BTreeMap<u64, u64>,
}

/// A piece that does not belong to the puzzle's tree (a job for another puzzle or version).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("piece {index} (root {root}, {moves} moves) is not a node of this search tree")]
pub struct ForeignPiece {
    /// The piece's position in the list given.
    pub index: usize,
    /// Its root.
    pub root: usize,
    /// How many moves it makes.
    pub moves: usize,
}

/// Cuts the tree into at least `want` pieces where it has that many nodes at some depth
/// (fewer otherwise), and estimates the size of each with `probes` random walks.
pub fn cut_pieces(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    want: usize,
    probes: usize,
    seed: u64,
    progress: &dyn Fn(usize, usize),
) -> Result<Vec<PieceEstimate>, SearchError> {
    macro_rules! go {
        ($w:literal) => {
            driver::with_setup::<$w, _>(puzzle, opts.symmetry, |setup| {
                Ok(cut_in_mode(setup, want, probes, seed, progress))
            })
        };
    }
    with_width(
        puzzle.n_cells(),
        || go!(1),
        || go!(2),
        || go!(4),
        || go!(16),
        || go!(64),
    )
}

/// Where a search over pieces reports.
#[derive(Clone, Copy)]
pub struct PieceObservers<'a> {
    /// Receives the classes found when enumerating; `None` only counts.
    pub sink: Option<&'a (dyn Fn(Class) + Sync)>,
    /// The whole run's progress.
    pub progress: &'a dyn Fn(NodeProgress),
    /// Hears of each piece searched to its end, after its last class: a run stopped and
    /// started again may skip the pieces it heard of.
    pub on_piece: Option<&'a (dyn Fn(PieceDone) + Sync)>,
}

/// Searches the tree below `pieces` only, on `opts.jobs` threads.
pub fn search_pieces(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    observers: PieceObservers,
    pieces: &[TreePiece],
) -> Result<PieceCount, SearchError> {
    let started = Instant::now();
    let given: Vec<Prefix> = pieces
        .iter()
        .map(|p| Prefix {
            root: p.root,
            moves: p.moves.clone(),
        })
        .collect();
    macro_rules! go {
        ($w:literal) => {
            driver::with_setup::<$w, _>(puzzle, opts.symmetry, |setup| {
                check_pieces(setup, &given)?;
                let run = driver::RunOn {
                    limits,
                    sink: observers.sink,
                    progress: observers.progress,
                    started,
                    given: Some(&given),
                    on_piece: observers.on_piece,
                };
                driver::search_setup(setup, opts, &run)
            })
        };
    }
    let (summary, buckets) = with_width(
        puzzle.n_cells(),
        || go!(1),
        || go!(2),
        || go!(4),
        || go!(16),
        || go!(64),
    )?;
    let by_class_size = buckets
        .into_iter()
        .enumerate()
        .filter(|&(_, weighted)| weighted > 0)
        .map(|(m, weighted)| (m as u64, weighted))
        .collect();
    Ok(PieceCount {
        summary,
        by_class_size,
    })
}

fn cut_in_mode<const W: usize>(
    setup: &Setup<W>,
    want: usize,
    probes: usize,
    seed: u64,
    progress: &dyn Fn(usize, usize),
) -> Vec<PieceEstimate> {
    macro_rules! cut {
        ($m:expr) => {{
            let counters = Counters::new(&Limits::default(), setup.rule.order());
            let ctx = Context {
                puzzle: setup.puzzle,
                rule: setup.rule,
                sink: None,
            };
            let prefixes = driver::cut_prefixes_to::<W, { $m }>(setup, &counters, &ctx, want);
            let total = prefixes.len();
            let cut: Vec<PieceEstimate> = prefixes
                .into_iter()
                .enumerate()
                .map(|(i, p)| {
                    let seed = seed.wrapping_add(i as u64);
                    let nodes = estimate::nodes_below::<W, { $m }>(setup, &p, probes, seed);
                    progress(i + 1, total);
                    PieceEstimate {
                        piece: TreePiece {
                            root: p.root,
                            moves: p.moves,
                        },
                        nodes,
                    }
                })
                .collect();
            let bounds = Bounds::for_cut(&cut, want, driver::max_cut_depth(setup.plan.len));
            let seed = seed.wrapping_add(total as u64);
            refine::<W, { $m }>(setup, cut, bounds, probes, seed)
        }};
    }
    match setup.plan.mode {
        FOLD => cut!(FOLD),
        QUARTER => cut!(QUARTER),
        MEET => cut!(MEET),
        _ => cut!(PLAIN),
    }
}

/// Every piece must replay in this tree: a root that exists and moves that are candidates.
fn check_pieces<const W: usize>(setup: &Setup<W>, pieces: &[Prefix]) -> Result<(), SearchError> {
    macro_rules! check {
        ($m:expr) => {{
            let mut w = setup.walker::<{ $m }>();
            for (index, p) in pieces.iter().enumerate() {
                let foreign = ForeignPiece {
                    index,
                    root: p.root,
                    moves: p.moves.len(),
                };
                if p.root >= setup.plan.roots.len() || !replays(&mut w, p) {
                    return Err(SearchError::ForeignPiece(foreign));
                }
            }
            Ok(())
        }};
    }
    match setup.plan.mode {
        FOLD => check!(FOLD),
        QUARTER => check!(QUARTER),
        MEET => check!(MEET),
        _ => check!(PLAIN),
    }
}
