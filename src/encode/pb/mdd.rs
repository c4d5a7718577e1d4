//! A layered decision diagram over exactly-one groups: `sum of the chosen weights = K` or `<= K`.
//!
//! The groups are taken in order; layer `i` has one node per partial sum of
//! the first `i` groups that is reachable from the start *and* can still meet
//! the goal (the pruned MDD of Abío, Nieuwenhuis, Oliveras, Rodríguez-Carbonell
//! and Mayer-Eichberger: "A New Look at BDDs for Pseudo-Boolean Constraints",
//! JAIR 2012; with exactly-one groups as the MDD levels, as in Bofill, Coll,
//! Suy and Villaret: "An MDD-based SAT encoding for pseudo-Boolean constraints
//! with at-most-one relations", Artificial Intelligence Review 2020). A node
//! variable is true exactly when the partial sum has that value; the first
//! layer (sum 0) and, for an equality, the last layer (sum `K`) are constants.
//!
//! Each step from layer `i - 1` to layer `i` through group `i` is a ternary
//! relation `next = previous + weight`, written so that any two of the three
//! fix the third by unit propagation, as in Bacchus' encoding of a DFA
//! ("GAC via unit propagation", CP 2007):
//!
//! - forward: `prev(s) & x(w) -> next(s + w)` (or `!(prev(s) & x(w))` when
//!   `s + w` is no node);
//! - backward: `next(t) & x(w) -> prev(t - w)`;
//! - choice: `next(t) & prev(s) -> x(t - s)` (the literals of that weight);
//! - support: a literal, and every node, needs a partner on each side: `x(w)
//!   -> OR prev(s)` over the `s` with `s + w` a node, `prev(s) -> OR x(w)`
//!   over the weights leading to a node, and so on.
//!
//! Because every step relates both neighbouring layers, this propagates
//! sums downwards as well as upwards, unlike the group tree, whose sums only
//! flow upwards (the comparison on the nested semimagic model is in results/).
//!
//! The caller guarantees that exactly one literal per group is true.

use std::collections::BTreeMap;

use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars;
use rustsat::types::{Clause, Lit};

use super::group_tree::Goal;
use super::PbError;

/// One layer: a literal per partial sum (`None`: the node is always true).
type Layer = BTreeMap<usize, Option<Lit>>;

/// Literals of one group, by weight.
type ByWeight = BTreeMap<usize, Vec<Lit>>;

/// Whether the support clauses are written. The other three families
/// already define the sum (forward clauses alone lead from the constant
/// first layer to the constant last one), so leaving support out keeps every
/// solution and admits no new one; it only changes what unit propagation
/// sees: fewer clauses to propagate through at each conflict
/// (results/sat-measurements-2026-11-23.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    Written,
    Left,
}

/// Encodes the goal over `groups` into `collector`.
pub fn encode_groups<C: CollectClauses>(
    groups: &[Vec<(Lit, usize)>],
    goal: Goal,
    support: Support,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError> {
    let by_weight: Vec<ByWeight> = groups.iter().map(|g| group_by_weight(g)).collect();
    let Some(sums) = node_sums(&by_weight, goal) else {
        collector.add_clause(Clause::new())?;
        return Ok(());
    };
    let last = by_weight.len();
    let layers: Vec<Layer> = sums
        .iter()
        .enumerate()
        .map(|(i, values)| {
            let constant = i == 0 || (i == last && matches!(goal, Goal::Equal(_)));
            values
                .iter()
                .map(|&s| (s, (!constant).then(|| vars.new_lit())))
                .collect()
        })
        .collect();
    let mut clauses = Vec::new();
    for (i, group) in by_weight.iter().enumerate() {
        let step = Step {
            prev: &layers[i],
            next: &layers[i + 1],
            group,
        };
        step.write(support, &mut clauses);
    }
    if let (Goal::AtMost(_), Some(final_layer)) = (goal, layers.last()) {
        // The last layer's nodes are variables here: one of them holds.
        clauses.push(final_layer.values().flatten().copied().collect());
    }
    collector.extend_clauses(clauses)?;
    Ok(())
}

fn group_by_weight(group: &[(Lit, usize)]) -> ByWeight {
    let mut by_weight = ByWeight::new();
    for &(lit, weight) in group {
        by_weight.entry(weight).or_default().push(lit);
    }
    by_weight
}

/// The partial sums of every layer that lie on some path meeting the goal;
/// `None` when no path does.
fn node_sums(groups: &[ByWeight], goal: Goal) -> Option<Vec<Vec<usize>>> {
    let bound = match goal {
        Goal::Equal(k) | Goal::AtMost(k) => k,
    };
    let mut forward = vec![vec![0usize]];
    for group in groups {
        let previous = forward.last()?;
        let mut next: Vec<usize> = previous
            .iter()
            .flat_map(|&s| group.keys().map(move |&w| s + w))
            .filter(|&t| t <= bound)
            .collect();
        next.sort_unstable();
        next.dedup();
        forward.push(next);
    }
    let finals: Vec<usize> = match goal {
        Goal::Equal(k) => forward
            .last()?
            .iter()
            .copied()
            .filter(|&s| s == k)
            .collect(),
        Goal::AtMost(_) => forward.last()?.clone(),
    };
    let mut layers = vec![finals];
    for (i, group) in groups.iter().enumerate().rev() {
        let reachable = layers.last()?;
        let kept: Vec<usize> = forward[i]
            .iter()
            .copied()
            .filter(|&s| {
                group
                    .keys()
                    .any(|&w| reachable.binary_search(&(s + w)).is_ok())
            })
            .collect();
        layers.push(kept);
    }
    layers.reverse();
    layers
        .iter()
        .all(|layer| !layer.is_empty())
        .then_some(layers)
}

/// The clauses between two neighbouring layers.
struct Step<'a> {
    prev: &'a Layer,
    next: &'a Layer,
    group: &'a ByWeight,
}

impl Step<'_> {
    fn write(&self, support: Support, out: &mut Vec<Clause>) {
        self.forward(out);
        self.backward(out);
        self.choice(out);
        if support == Support::Written {
            self.support(out);
        }
    }

    /// `prev(s) & x -> next(s + w)`.
    fn forward(&self, out: &mut Vec<Clause>) {
        for (&s, &prev) in self.prev {
            for (&w, lits) in self.group {
                let target = self.next.get(&(s + w));
                if let Some(None) = target {
                    continue; // the next node is always true
                }
                for &x in lits {
                    out.push(clause([
                        Some(!x),
                        prev.map(|p| !p),
                        target.copied().flatten(),
                    ]));
                }
            }
        }
    }

    /// `next(t) & x -> prev(t - w)`.
    fn backward(&self, out: &mut Vec<Clause>) {
        for (&t, &next) in self.next {
            for (&w, lits) in self.group {
                let source = t.checked_sub(w).and_then(|s| self.prev.get(&s));
                if let Some(None) = source {
                    continue;
                }
                for &x in lits {
                    out.push(clause([
                        Some(!x),
                        next.map(|n| !n),
                        source.copied().flatten(),
                    ]));
                }
            }
        }
    }

    /// `next(t) & prev(s) -> x(t - s)`.
    fn choice(&self, out: &mut Vec<Clause>) {
        for (&t, &next) in self.next {
            for (&s, &prev) in self.prev {
                if next.is_none() && prev.is_none() {
                    continue; // both constant: the weight t - s is forced by support
                }
                let mut lits: Vec<Lit> = [next.map(|n| !n), prev.map(|p| !p)]
                    .into_iter()
                    .flatten()
                    .collect();
                if let Some(xs) = t.checked_sub(s).and_then(|w| self.group.get(&w)) {
                    lits.extend(xs.iter().copied());
                }
                out.push(lits.into_iter().collect());
            }
        }
    }

    /// Every literal and every node has a partner on each side.
    fn support(&self, out: &mut Vec<Clause>) {
        for (&w, lits) in self.group {
            let before: Vec<Option<Lit>> = self
                .prev
                .iter()
                .filter(|&(&s, _)| self.next.contains_key(&(s + w)))
                .map(|(_, &p)| p)
                .collect();
            let after: Vec<Option<Lit>> = self
                .next
                .iter()
                .filter(|&(&t, _)| t.checked_sub(w).is_some_and(|s| self.prev.contains_key(&s)))
                .map(|(_, &n)| n)
                .collect();
            for &x in lits {
                for side in [&before, &after] {
                    if let Some(c) = implied_by(x, side) {
                        out.push(c);
                    }
                }
            }
        }
        for (&s, &prev) in self.prev {
            if let Some(p) = prev {
                let ws = self.weights(|w| self.next.contains_key(&(s + w)));
                out.push(std::iter::once(!p).chain(ws).collect());
            }
        }
        for (&t, &next) in self.next {
            if let Some(n) = next {
                let ws =
                    self.weights(|w| t.checked_sub(w).is_some_and(|s| self.prev.contains_key(&s)));
                out.push(std::iter::once(!n).chain(ws).collect());
            }
        }
    }

    /// The literals of the weights that pass `keep`.
    fn weights(&self, keep: impl Fn(usize) -> bool) -> Vec<Lit> {
        self.group
            .iter()
            .filter(|&(&w, _)| keep(w))
            .flat_map(|(_, lits)| lits.iter().copied())
            .collect()
    }
}

/// `x -> OR side`, or nothing when a node of `side` is always true.
fn implied_by(x: Lit, side: &[Option<Lit>]) -> Option<Clause> {
    if side.iter().any(Option::is_none) {
        return None;
    }
    Some(
        std::iter::once(!x)
            .chain(side.iter().flatten().copied())
            .collect(),
    )
}

fn clause<const N: usize>(lits: [Option<Lit>; N]) -> Clause {
    lits.into_iter().flatten().collect()
}
