//! A totalizer over exactly-one groups: `sum of the chosen weights = K` or `<= K`.
//!
//! The shape is the generalized totalizer of Joshi, Martins and Manquinho
//! ("Generalized Totalizer Encoding for Pseudo-Boolean Constraints", CP 2015):
//! a balanced binary tree whose nodes have one literal per reachable partial
//! sum, with `left(a) & right(b) -> node(a + b)`. The difference is at the
//! leaves: a leaf is a whole *group* of literals of which exactly one is true
//! (a cell and its possible numbers), as in the PB(AMO) encodings of Bofill,
//! Coll, Suy and Villaret ("An MDD-based SAT encoding for pseudo-Boolean
//! constraints with at-most-one relations", Artificial Intelligence Review,
//! 2020). A plain totalizer over the 8 x 64 literals of an 8x8 line builds
//! partial sums for impossible combinations (two numbers on one cell); here
//! they never arise.
//!
//! Further savings:
//! - a partial sum is kept only if the remaining groups can still complete it
//!   to the goal; pairs leading elsewhere become binary clauses forbidding
//!   the pair;
//! - each node's sums get an at-most-one (ladder), so a node literal is true
//!   exactly for the actual partial sum;
//! - at the root of an equality only `left(a) -> right(K - a)` (and the
//!   mirror) is needed: one binary clause per value instead of per pair.
//!
//! The caller guarantees that exactly one literal per group is true.

use std::collections::BTreeMap;

use rustsat::encodings::am1::{Encode as _, Ladder};
use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars;
use rustsat::types::{Clause, Lit};

use super::PbError;

/// What the total must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The weighted total must equal this value.
    Equal(usize),
    /// The weighted total must not exceed this value.
    AtMost(usize),
}

impl Goal {
    fn holds(self, total: usize) -> bool {
        match self {
            Goal::Equal(k) => total == k,
            Goal::AtMost(k) => total <= k,
        }
    }
}

/// Partial sums of a run of groups: one literal per reachable value.
struct Node {
    sums: BTreeMap<usize, Lit>,
}

/// Least and greatest total of the groups outside a run, to prune sums.
struct Slack {
    least_prefix: Vec<usize>,
    greatest_prefix: Vec<usize>,
    goal: Goal,
}

impl Slack {
    fn new(groups: &[Vec<(Lit, usize)>], goal: Goal) -> Option<Self> {
        let mut least_prefix = vec![0];
        let mut greatest_prefix = vec![0];
        for group in groups {
            let least = group.iter().map(|&(_, w)| w).min()?;
            let greatest = group.iter().map(|&(_, w)| w).max()?;
            least_prefix.push(least_prefix.last()? + least);
            greatest_prefix.push(greatest_prefix.last()? + greatest);
        }
        Some(Slack {
            least_prefix,
            greatest_prefix,
            goal,
        })
    }

    /// Whether a run `lo..hi` summing to `value` can still meet the goal.
    fn useful(&self, lo: usize, hi: usize, value: usize) -> bool {
        let n = self.least_prefix.len() - 1;
        let rest = |prefix: &[usize]| prefix[lo] + prefix[n] - prefix[hi];
        let least = value + rest(&self.least_prefix);
        match self.goal {
            Goal::AtMost(k) => least <= k,
            Goal::Equal(k) => least <= k && value + rest(&self.greatest_prefix) >= k,
        }
    }
}

/// Encodes the goal over `groups` into `collector`; returns whether any
/// clause could be needed (false: the constraint is trivially true).
pub fn encode_groups<C: CollectClauses>(
    groups: &[Vec<(Lit, usize)>],
    goal: Goal,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError> {
    let Some(slack) = Slack::new(groups, goal) else {
        // An empty group has no true literal: the caller's exactly-one fails anyway.
        collector.add_clause(Clause::new())?;
        return Ok(());
    };
    let mut writer = TreeWriter {
        groups,
        slack,
        collector,
        vars,
    };
    writer.root(0, groups.len())
}

struct TreeWriter<'a, C: CollectClauses> {
    groups: &'a [Vec<(Lit, usize)>],
    slack: Slack,
    collector: &'a mut C,
    vars: &'a mut dyn ManageVars,
}

impl<C: CollectClauses> TreeWriter<'_, C> {
    fn root(&mut self, lo: usize, hi: usize) -> Result<(), PbError> {
        match hi - lo {
            0 => self.require(self.slack.goal.holds(0)),
            1 => self.root_leaf(lo),
            _ => {
                let mid = lo + (hi - lo) / 2;
                let left = self.node(lo, mid)?;
                let right = self.node(mid, hi)?;
                match self.slack.goal {
                    Goal::Equal(k) => self.complete_to(&left, &right, k),
                    Goal::AtMost(k) => self.forbid_pairs_above(&left, &right, k),
                }
            }
        }
    }

    /// Empty clause unless `ok`.
    fn require(&mut self, ok: bool) -> Result<(), PbError> {
        if !ok {
            self.collector.add_clause(Clause::new())?;
        }
        Ok(())
    }

    /// A single group: literals whose weight misses the goal are false.
    fn root_leaf(&mut self, index: usize) -> Result<(), PbError> {
        let goal = self.slack.goal;
        let units: Vec<Clause> = self.groups[index]
            .iter()
            .filter(|&&(_, w)| !goal.holds(w))
            .map(|&(lit, _)| Clause::from([!lit]))
            .collect();
        self.collector.extend_clauses(units)?;
        Ok(())
    }

    /// The partial sums of groups `lo..hi`.
    fn node(&mut self, lo: usize, hi: usize) -> Result<Node, PbError> {
        if hi - lo == 1 {
            return self.leaf(lo);
        }
        let mid = lo + (hi - lo) / 2;
        let left = self.node(lo, mid)?;
        let right = self.node(mid, hi)?;
        let mut sums: BTreeMap<usize, Lit> = BTreeMap::new();
        let mut clauses = Vec::new();
        for (&a, &left_lit) in &left.sums {
            for (&b, &right_lit) in &right.sums {
                if self.slack.useful(lo, hi, a + b) {
                    let sum = *sums.entry(a + b).or_insert_with(|| self.vars.new_lit());
                    clauses.push(Clause::from([!left_lit, !right_lit, sum]));
                } else {
                    clauses.push(Clause::from([!left_lit, !right_lit]));
                }
            }
        }
        self.collector.extend_clauses(clauses)?;
        self.at_most_one(sums.values().copied().collect())?;
        Ok(Node { sums })
    }

    /// A group as a node: its literals, merged per weight, pruned by usefulness.
    fn leaf(&mut self, index: usize) -> Result<Node, PbError> {
        let mut by_weight: BTreeMap<usize, Vec<Lit>> = BTreeMap::new();
        for &(lit, weight) in &self.groups[index] {
            by_weight.entry(weight).or_default().push(lit);
        }
        let mut sums = BTreeMap::new();
        for (weight, lits) in by_weight {
            if !self.slack.useful(index, index + 1, weight) {
                let units: Vec<Clause> = lits.iter().map(|&l| Clause::from([!l])).collect();
                self.collector.extend_clauses(units)?;
                continue;
            }
            sums.insert(weight, self.either(&lits)?);
        }
        Ok(Node { sums })
    }

    /// One literal for "one of `lits`" (the literal itself when alone).
    fn either(&mut self, lits: &[Lit]) -> Result<Lit, PbError> {
        if let [only] = lits {
            return Ok(*only);
        }
        let any = self.vars.new_lit();
        let mut back = Clause::from([!any]);
        for &lit in lits {
            self.collector.add_clause(Clause::from([!lit, any]))?;
            back.add(lit);
        }
        self.collector.add_clause(back)?;
        Ok(any)
    }

    fn at_most_one(&mut self, lits: Vec<Lit>) -> Result<(), PbError> {
        let mut ladder = Ladder::from(lits);
        ladder.encode(self.collector, self.vars)?;
        Ok(())
    }

    /// Root of an equality: each side's value fixes the other's.
    fn complete_to(&mut self, left: &Node, right: &Node, k: usize) -> Result<(), PbError> {
        let mut clauses = Vec::new();
        for (one, other) in [(left, right), (right, left)] {
            for (&a, &lit) in &one.sums {
                let partner = k.checked_sub(a).and_then(|b| other.sums.get(&b));
                clauses.push(match partner {
                    Some(&partner) => Clause::from([!lit, partner]),
                    None => Clause::from([!lit]),
                });
            }
        }
        self.collector.extend_clauses(clauses)?;
        Ok(())
    }

    /// Root of an upper bound: no pair may exceed it.
    fn forbid_pairs_above(&mut self, left: &Node, right: &Node, k: usize) -> Result<(), PbError> {
        let mut clauses = Vec::new();
        for (&a, &left_lit) in &left.sums {
            for (&b, &right_lit) in &right.sums {
                if a + b > k {
                    clauses.push(Clause::from([!left_lit, !right_lit]));
                }
            }
        }
        self.collector.extend_clauses(clauses)?;
        Ok(())
    }
}
