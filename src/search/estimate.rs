//! Knuth's estimate of the size of a backtrack tree ("Estimating the efficiency of backtrack
//! programs", 1975; seed 002 uses it to find where the tree is thickest): walk from the root
//! to a leaf choosing uniformly among the live children, and take the product of the
//! branching factors seen on the way as the number of nodes at each depth. The mean over many
//! probes is unbiased. The probes use the real search's roots, candidates and pruning, so they
//! predict *its* node count (the `nodes` figure of a summary).

use super::job::{replays, Prefix};
use super::setup::Setup;
use super::walker::Walker;
use super::Estimate;
use std::time::{Duration, Instant};

/// SplitMix64: small, fast and good enough to pick children.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub(super) fn below(&mut self, k: usize) -> usize {
        ((u128::from(self.next()) * k as u128) >> 64) as usize
    }
}

/// How many walks an estimate takes: at least `least`, then more while `budget` lasts (the
/// clock is read every `PROBES_BETWEEN_CLOCKS` walks), at most `most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probes {
    /// Walks taken whatever the time.
    pub least: usize,
    /// Walks never exceeded.
    pub most: usize,
    /// The time past which no walk beyond `least` starts.
    pub budget: Duration,
}

impl Probes {
    /// Exactly `n` walks, whatever they take.
    pub fn exactly(n: usize) -> Probes {
        Probes {
            least: n,
            most: n,
            budget: Duration::ZERO,
        }
    }
}

/// Walks between two readings of the clock past the least number of walks.
const PROBES_BETWEEN_CLOCKS: usize = 64;

pub fn probe<const W: usize, const M: u8>(setup: &Setup<W>, probes: Probes, seed: u64) -> Estimate {
    let started = Instant::now();
    let plan = setup.plan;
    let mut w = setup.walker::<M>();
    let live_roots: Vec<usize> = (0..plan.roots.len()).filter(|&r| w.start(r)).collect();
    let mut per_depth = vec![0f64; plan.len + 1];
    let (mut leaves, mut solutions) = (0f64, 0f64);
    let mut rng = Rng(seed);
    let mut live = Vec::with_capacity(64);
    let mut walked = 0;
    while walked < probes.most {
        let past_least =
            walked >= probes.least && (walked - probes.least).is_multiple_of(PROBES_BETWEEN_CLOCKS);
        if live_roots.is_empty() || (past_least && started.elapsed() >= probes.budget) {
            break;
        }
        walked += 1;
        let mut product = live_roots.len() as f64;
        let root = live_roots[rng.below(live_roots.len())];
        w.start(root);
        per_depth[0] += product;
        loop {
            if w.is_leaf() {
                if w.finish_leaf() {
                    leaves += product;
                    solutions += product * plan.weight(w.root, w.full_last()) as f64;
                }
                break;
            }
            let Some(children) = step_down(&mut w, &mut live, &mut rng) else {
                break;
            };
            product *= children as f64;
            per_depth[w.depth()] += product;
        }
    }
    // With no live root no walk is taken, and every figure is 0 whatever the divisor.
    let probes = if live_roots.is_empty() {
        probes.least
    } else {
        walked
    };
    let k = probes.max(1) as f64;
    per_depth.iter_mut().for_each(|x| *x /= k);
    while per_depth.len() > 1 && per_depth.last() == Some(&0.0) {
        per_depth.pop();
    }
    Estimate {
        probes,
        nodes: per_depth.iter().sum(),
        nodes_per_depth: per_depth,
        leaves: leaves / k,
        solutions: solutions / k,
    }
}

/// Knuth's estimate of the nodes below `prefix`, its own node included: the mean over
/// `probes` random walks down from it. A prefix that does not replay has none.
pub fn nodes_below<const W: usize, const M: u8>(
    setup: &Setup<W>,
    prefix: &Prefix,
    probes: usize,
    seed: u64,
) -> f64 {
    let mut w = setup.walker::<M>();
    if !replays(&mut w, prefix) {
        return 0.0;
    }
    let mut rng = Rng(seed);
    let mut live = Vec::with_capacity(64);
    let mut total = 0.0;
    for _ in 0..probes {
        let alive = replays(&mut w, prefix);
        debug_assert!(alive, "a prefix that replayed once replays again");
        let mut product = 1.0;
        total += product;
        while !w.is_leaf() {
            let Some(children) = step_down(&mut w, &mut live, &mut rng) else {
                break;
            };
            product *= children as f64;
            total += product;
        }
    }
    total / probes.max(1) as f64
}

/// One step of a probe: moves to a live child chosen uniformly and returns how many live
/// children there were; `None` at a dead end.
pub(super) fn step_down<const W: usize, const M: u8>(
    w: &mut Walker<'_, W, M>,
    live: &mut Vec<usize>,
    rng: &mut Rng,
) -> Option<usize> {
    live.clear();
    for v in w.candidates().iter() {
        if w.push(v) {
            live.push(v);
        }
        w.pop();
    }
    if live.is_empty() {
        return None;
    }
    let v = live[rng.below(live.len())];
    let alive = w.push(v);
    debug_assert!(alive);
    Some(live.len())
}
