//! Knuth's estimate with real subtrees: random walks stop at a fixed depth, and the whole
//! tree below each walk's end is searched. Each subtree's nodes, weighted by the walk's
//! branching product, estimate the nodes below that depth without bias, and far more
//! steadily than walks to the leaves: the tree's heavy tail is searched, not sampled.
//!
//! The walks can be saved and searched again by another build of the search. A variant that
//! prunes more searches a subtree of the same tree, so the same weights still estimate its
//! size, and two variants compared on the same walks differ only by what they prune and what
//! a node costs (paired measurements: the noise of the sampling cancels).

use super::driver::with_setup;
use super::estimate::{step_down, Rng};
use super::job::{replays, Prefix};
use super::mode::{FOLD, MEET, PLAIN, QUARTER};
use super::setup::Setup;
use super::walker::Walker;
use super::{with_width, SearchError};
use crate::puzzle::Puzzle;
use crate::run::Limits;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The end of one random walk: the cells it chose below a root, and the product of the
/// branching factors on the way (0 for a walk that died before the depth: it stands for no
/// node there, and still counts as a sample).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampledPrefix {
    /// The branching product: how many nodes at the depth this one stands for.
    pub weight: f64,
    /// The root the walk started from (an index into the search's roots).
    pub root: usize,
    /// The cells the walk chose below the root.
    pub moves: Vec<u32>,
}

/// What searching below the sampled prefixes found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SubtreeEstimate {
    /// Walks averaged, dead ones included.
    pub samples: usize,
    /// Walks whose end no longer replays in this search (a stronger rule pruned it above
    /// the depth): they stand for no node.
    pub pruned_above: usize,
    /// Estimated nodes of the search at and below the walks' depth.
    pub nodes: f64,
    /// Estimated solutions the search reaches (before symmetry weights).
    pub leaves: f64,
    /// Estimated solutions of the puzzle (what `count` would report).
    pub solutions: f64,
    /// Nodes actually searched, all subtrees together.
    pub searched_nodes: u64,
    /// Seconds spent searching them.
    pub seconds: f64,
    /// Estimated seconds of the search at and below the walks' depth: each subtree's time
    /// weighted as its nodes are.
    pub predicted_seconds: f64,
    /// Whether every subtree was searched (a stop leaves the figures partial).
    pub complete: bool,
}

/// Calls `$f::<W, M>(setup, args...)` for the puzzle's cell-set width `W` and its search
/// mode `M`.
macro_rules! in_mode {
    ($puzzle:expr, $f:ident($($arg:expr),*)) => {
        with_width(
            $puzzle.n_cells(),
            || in_mode!(@width 1, $puzzle, $f($($arg),*)),
            || in_mode!(@width 2, $puzzle, $f($($arg),*)),
            || in_mode!(@width 4, $puzzle, $f($($arg),*)),
            || in_mode!(@width 16, $puzzle, $f($($arg),*)),
            || in_mode!(@width 64, $puzzle, $f($($arg),*)),
        )
    };
    (@width $w:literal, $puzzle:expr, $f:ident($($arg:expr),*)) => {
        with_setup::<$w, _>($puzzle, true, |setup| {
            Ok(match setup.plan.mode {
                FOLD => $f::<$w, FOLD>(setup, $($arg),*),
                QUARTER => $f::<$w, QUARTER>(setup, $($arg),*),
                MEET => $f::<$w, MEET>(setup, $($arg),*),
                _ => $f::<$w, PLAIN>(setup, $($arg),*),
            })
        })
    };
}

/// Draws `count` random walks `depth` levels below the roots, as `estimate` walks.
pub fn sample_prefixes(
    puzzle: &Puzzle,
    count: usize,
    depth: usize,
    seed: u64,
) -> Result<Vec<SampledPrefix>, SearchError> {
    in_mode!(puzzle, sample(count, depth, seed))
}

/// Searches the whole tree below every prefix; `progress` hears after each one how many are
/// done and the nodes searched so far. Stops early, with `complete` false, when the limits'
/// stop flag is raised or their time-out passes (a solution limit does not apply).
pub fn search_below_prefixes(
    puzzle: &Puzzle,
    prefixes: &[SampledPrefix],
    limits: &Limits,
    progress: &dyn Fn(usize, u64),
) -> Result<SubtreeEstimate, SearchError> {
    let halt = Halt {
        limits,
        started: Instant::now(),
    };
    in_mode!(puzzle, exhaust(prefixes, &halt, progress))
}

fn sample<const W: usize, const M: u8>(
    setup: &Setup<W>,
    count: usize,
    depth: usize,
    seed: u64,
) -> Vec<SampledPrefix> {
    let mut w = setup.walker::<M>();
    let live_roots: Vec<usize> = (0..setup.plan.roots.len())
        .filter(|&r| w.start(r))
        .collect();
    let mut rng = Rng(seed);
    let mut live = Vec::with_capacity(64);
    let mut out = Vec::with_capacity(count);
    while out.len() < count && !live_roots.is_empty() {
        let root = live_roots[rng.below(live_roots.len())];
        w.start(root);
        let mut weight = live_roots.len() as f64;
        while w.depth() < depth && !w.is_leaf() {
            match step_down(&mut w, &mut live, &mut rng) {
                Some(children) => weight *= children as f64,
                None => {
                    weight = 0.0;
                    break;
                }
            }
        }
        out.push(SampledPrefix {
            weight,
            root,
            moves: w.moves(),
        });
    }
    out
}

/// When a search below the prefixes must stop.
struct Halt<'a> {
    limits: &'a Limits,
    started: Instant,
}

impl Halt<'_> {
    fn now(&self) -> bool {
        self.limits.stop.is_raised()
            || self
                .limits
                .timeout
                .is_some_and(|t: Duration| self.started.elapsed() >= t)
    }
}

fn exhaust<const W: usize, const M: u8>(
    setup: &Setup<W>,
    prefixes: &[SampledPrefix],
    halt: &Halt,
    progress: &dyn Fn(usize, u64),
) -> SubtreeEstimate {
    let mut w = setup.walker::<M>();
    let mut out = SubtreeEstimate {
        samples: prefixes.len(),
        complete: true,
        ..SubtreeEstimate::default()
    };
    for (i, p) in prefixes.iter().enumerate() {
        if halt.now() {
            out.complete = false;
            break;
        }
        if p.weight == 0.0 {
            continue;
        }
        let prefix = Prefix {
            root: p.root,
            moves: p.moves.clone(),
        };
        if p.root >= setup.plan.roots.len() || !replays(&mut w, &prefix) {
            out.pruned_above += 1;
            continue;
        }
        let started = Instant::now();
        let mut counts = Counts::default();
        counts.below(setup, &mut w, halt);
        if counts.halted {
            out.complete = false;
            break;
        }
        let seconds = started.elapsed().as_secs_f64();
        out.nodes += p.weight * counts.nodes as f64;
        out.leaves += p.weight * counts.leaves as f64;
        out.solutions += p.weight * counts.solutions as f64;
        out.predicted_seconds += p.weight * seconds;
        out.searched_nodes += counts.nodes;
        out.seconds += seconds;
        progress(i + 1, out.searched_nodes);
    }
    let k = prefixes.len().max(1) as f64;
    out.nodes /= k;
    out.leaves /= k;
    out.solutions /= k;
    out.predicted_seconds /= k;
    out
}

#[derive(Default)]
struct Counts {
    nodes: u64,
    leaves: u64,
    solutions: u64,
    halted: bool,
}

impl Counts {
    /// The nodes and solutions below the walker's node, counted as the search counts them.
    fn below<const W: usize, const M: u8>(
        &mut self,
        setup: &Setup<W>,
        w: &mut Walker<'_, W, M>,
        halt: &Halt,
    ) {
        self.nodes += 1;
        if self.halted || (self.nodes & 0xffff == 0 && halt.now()) {
            self.halted = true;
            return;
        }
        if w.is_leaf() {
            if w.finish_leaf() {
                self.leaves += 1;
                self.solutions += setup.plan.weight(w.root, w.full_last());
            }
            return;
        }
        for v in w.candidates().iter() {
            if w.push(v) {
                self.below(setup, w, halt);
            }
            w.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{sample_prefixes, search_below_prefixes};
    use crate::puzzle::Puzzle;
    use crate::run::Limits;
    use crate::search::{count, SearchOptions};
    use crate::spec::Spec;

    /// Open 5x5 tours from one corner: one root.
    fn corner_tours() -> Puzzle {
        let toml = "name = \"t\"\nboard = \"5x5\"\n[start]\ncells = [[0, 0]]\n\
";
        Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
    }

    fn native_nodes_and_solutions(p: &Puzzle) -> (f64, f64) {
        let summary = count(p, &SearchOptions::default(), &Limits::default(), &|_| {}).unwrap();
        (
            summary.stats["nodes"].as_f64().unwrap(),
            summary.solutions as f64,
        )
    }

    #[test]
    fn walks_of_depth_zero_search_the_whole_tree_of_the_only_root() {
        let p = corner_tours();
        let walks = sample_prefixes(&p, 3, 0, 1).unwrap();
        assert_eq!(walks.len(), 3);
        assert!(walks.iter().all(|w| w.weight == 1.0 && w.moves.is_empty()));
        let found = search_below_prefixes(&p, &walks, &Limits::default(), &|_, _| {}).unwrap();
        let (nodes, solutions) = native_nodes_and_solutions(&p);
        assert!(found.complete);
        assert_eq!(found.nodes, nodes);
        assert_eq!(found.solutions, solutions);
        assert_eq!(found.searched_nodes as f64, 3.0 * nodes);
    }

    /// Unbiased, not exact: with a fixed seed the figure is fixed, and a wrong weight (a
    /// branching factor missed or doubled) moves it far outside these bounds.
    #[test]
    fn deeper_walks_estimate_the_tree_below_them() {
        let p = corner_tours();
        let walks = sample_prefixes(&p, 300, 6, 7).unwrap();
        assert!(walks.iter().any(|w| w.weight > 1.0 && w.moves.len() == 6));
        let found = search_below_prefixes(&p, &walks, &Limits::default(), &|_, _| {}).unwrap();
        let (nodes, solutions) = native_nodes_and_solutions(&p);
        let ratio = found.nodes / nodes;
        assert!(
            (0.8..1.2).contains(&ratio),
            "nodes {} vs {nodes}",
            found.nodes
        );
        let ratio = found.solutions / solutions;
        assert!(
            (0.7..1.3).contains(&ratio),
            "solutions {} vs {solutions}",
            found.solutions
        );
    }

    #[test]
    fn a_raised_stop_leaves_the_figures_partial() {
        let p = corner_tours();
        let walks = sample_prefixes(&p, 5, 2, 3).unwrap();
        let limits = Limits::default();
        limits.stop.raise();
        let found = search_below_prefixes(&p, &walks, &limits, &|_, _| {}).unwrap();
        assert!(!found.complete);
    }
}
