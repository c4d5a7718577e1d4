//! Pseudo-Boolean constraints `sum w_i * l_i = K` (or `<= K`) as CNF.
//!
//! This module owns the choice of PB encoding ([`PbEncoding`]) and the
//! operations the models need: [`encode_weighted_eq`], [`encode_weighted_ub`]
//! and, for sums over exactly-one groups such as the numbers of a cell,
//! [`encode_grouped`]. Line sums of a numbered tour are built from these.
//!
//! rustsat 0.7 offers these PB encodings (`rustsat::encodings::pb`):
//!
//! - `GeneralizedTotalizer` (Joshi, Martins, Manquinho: "Generalized Totalizer
//!   Encoding for Pseudo-Boolean Constraints", CP 2015): upper bounds only;
//!   `DoubleGeneralizedTotalizer` pairs it with an inverted copy over the
//!   negated inputs for lower bounds.
//! - `DynamicPolyWatchdog` (Paxian, Reimer, Becker: "Dynamic Polynomial
//!   Watchdog Encoding for Solving Weighted MaxSAT", SAT 2018): upper bounds
//!   only; paired with `Inverted<DynamicPolyWatchdog>` here.
//! - `BinaryAdder` (Warners, IPL 1998; as described by Eén and Sörensson:
//!   "Translating Pseudo-Boolean Constraints into SAT", JSAT 2006): both
//!   bounds natively.
//!
//! [`encode_weighted_eq`] builds each with `encode_both(K..=K)` and adds the
//! literals returned by `enforce_eq(K)` as unit clauses, so the constraint
//! holds permanently (no assumptions needed). [`encode_weighted_ub`] does the
//! same for `sum <= K` with the upper-bound half only; line sums use it
//! twice (see [`crate::encode::linesum`]).
//!
//! The fourth choice, [`PbEncoding::GroupTree`], is ours (`group_tree`): a
//! totalizer whose leaves are exactly-one groups, so that a cell's numbers
//! enter a sum as one digit rather than as independent bits (the comparison
//! on line-sum models is in results/).
//!
//! The fifth, [`PbEncoding::Mdd`], also ours (`mdd`), is a decision diagram
//! over the same groups. It writes more clauses than the group tree but
//! propagates in both directions, and is the default because it is the
//! fastest on the line-sum models measured (results/).
//!
//! Before encoding, terms are normalised: repeated literals are merged, a
//! variable occurring in both polarities is folded into a constant
//! (`a*x + b*!x = b + (a-b)*x`), and zero weights are dropped. rustsat collects
//! inputs into a hash map, so without merging a repeated literal would silently
//! lose a weight.

use std::collections::BTreeMap;

use rustsat::encodings::pb::{
    BinaryAdder, BoundBoth, BoundUpper, DoubleGeneralizedTotalizer, DynamicPolyWatchdog,
    GeneralizedTotalizer,
};
use rustsat::encodings::{pb::simulators, CollectClauses, EnforceError};
use rustsat::instances::ManageVars;
use rustsat::types::{Clause, Lit, Var};
use serde::{Deserialize, Serialize};

mod group_tree;
mod mdd;

pub use group_tree::Goal;

/// Which CNF encoding carries a PB equality.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum PbEncoding {
    /// Generalized totalizer, doubled for both bounds (Joshi et al., CP 2015).
    Gte,
    /// Dynamic polynomial watchdog, doubled for both bounds (Paxian et al., SAT 2018).
    Dpw,
    /// Binary adder circuit (Warners 1998; Eén and Sörensson, JSAT 2006).
    Adder,
    /// Our totalizer over exactly-one groups (see `group_tree`): for line
    /// sums each cell is one group; elsewhere each literal is the group
    /// {literal, its negation}, so it writes far fewer clauses than the
    /// watchdog or the totalizer on line sums (results/encodings-*.md).
    GroupTree,
    /// A layered decision diagram over exactly-one groups with two-way
    /// propagation (see `mdd`): node per partial sum, every step a ternary
    /// relation any two of whose parts fix the third. The default: its
    /// propagation both ways cuts conflicts the most on the line-sum models
    /// measured (results/sat-measurements-*.md).
    #[default]
    Mdd,
    /// The decision diagram without its support clauses (see `mdd`): the
    /// same sums, slightly fewer clauses, cheaper conflicts. Under `mdd`, the
    /// cubes that Kissat refutes first are built with it, for both solvers
    /// (results/sat-measurements-*.md).
    MddLean,
}

impl PbEncoding {
    /// Every encoding, for tests and `--help` listings.
    pub const ALL: [PbEncoding; 6] = [
        PbEncoding::Gte,
        PbEncoding::Dpw,
        PbEncoding::Adder,
        PbEncoding::GroupTree,
        PbEncoding::Mdd,
        PbEncoding::MddLean,
    ];

    /// Whether the encoding is one of ours over exactly-one groups, which
    /// takes a line's cells as groups instead of a flat weighted sum.
    pub fn is_grouped(self) -> bool {
        matches!(
            self,
            PbEncoding::GroupTree | PbEncoding::Mdd | PbEncoding::MddLean
        )
    }

    /// Short lower-case name, as accepted on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PbEncoding::Gte => "gte",
            PbEncoding::Dpw => "dpw",
            PbEncoding::Adder => "adder",
            PbEncoding::GroupTree => "group-tree",
            PbEncoding::Mdd => "mdd",
            PbEncoding::MddLean => "mdd-lean",
        }
    }
}

impl std::fmt::Display for PbEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The doubled watchdog: one copy bounds from above, one (over negated
/// inputs) from below.
type DoubleDynamicPolyWatchdog =
    simulators::Double<DynamicPolyWatchdog, simulators::Inverted<DynamicPolyWatchdog>>;

/// What [`encode_weighted_eq`] decided about the constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PbStatus {
    /// Encoded with the chosen PB encoding.
    Encoded,
    /// After normalisation the target forces every literal (all false, or
    /// all true); only unit clauses were written.
    Forced,
    /// Holds for every assignment; nothing was written.
    Tautology,
    /// Cannot hold; the empty clause was written.
    Infeasible,
    /// Follows from other constraints; nothing was written.
    Implied,
    /// Restated, with its half-turn image, as the sums listed after it.
    Folded,
}

/// Outcome of encoding one PB equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PbSummary {
    /// What happened.
    pub status: PbStatus,
    /// Clauses written to the collector.
    pub clauses: usize,
    /// Auxiliary variables taken from the variable manager.
    pub aux_vars: u32,
}

/// Errors from PB encoding. Infeasible constraints are *not* errors (they
/// are reported through [`PbStatus::Infeasible`]).
#[derive(Debug, thiserror::Error)]
pub enum PbError {
    /// Weights sum beyond `usize`.
    #[error("pseudo-Boolean weights overflow when summed")]
    WeightOverflow,
    /// The clause collector ran out of memory.
    #[error("out of memory while encoding a pseudo-Boolean constraint")]
    OutOfMemory,
    /// rustsat refused to enforce the bound it had just encoded.
    #[error("{encoding} could not enforce sum = {target}: {cause}")]
    Enforce {
        /// The PB encoding that was used.
        encoding: PbEncoding,
        /// The total it had to enforce.
        target: usize,
        /// Shown in the message, so not also a `source` (chains would print it twice).
        cause: EnforceError,
    },
}

impl From<rustsat::OutOfMemory> for PbError {
    fn from(_: rustsat::OutOfMemory) -> Self {
        PbError::OutOfMemory
    }
}

/// A PB sum with merged, strictly positive weights and a constant part.
#[derive(Clone, Debug, PartialEq, Eq)]
struct NormalSum {
    terms: Vec<(Lit, usize)>,
    constant: usize,
}

impl NormalSum {
    fn weight_sum(&self) -> Result<usize, PbError> {
        self.terms.iter().try_fold(0usize, |sum, &(_, weight)| {
            sum.checked_add(weight).ok_or(PbError::WeightOverflow)
        })
    }
}

/// Merges repeated literals and opposite polarities of one variable.
fn normalise(terms: &[(Lit, usize)]) -> Result<NormalSum, PbError> {
    // Per variable: (weight on the positive literal, weight on the negative).
    let mut by_var: BTreeMap<Var, (usize, usize)> = BTreeMap::new();
    for &(lit, weight) in terms {
        let entry = by_var.entry(lit.var()).or_default();
        let slot = if lit.is_neg() {
            &mut entry.1
        } else {
            &mut entry.0
        };
        *slot = slot.checked_add(weight).ok_or(PbError::WeightOverflow)?;
    }
    let mut normal = NormalSum {
        terms: Vec::new(),
        constant: 0,
    };
    for (var, (positive, negative)) in by_var {
        // a*x + b*!x = min(a,b) + |a-b| * (x if a > b else !x)
        let shared = positive.min(negative);
        normal.constant = normal
            .constant
            .checked_add(shared)
            .ok_or(PbError::WeightOverflow)?;
        if positive > negative {
            normal.terms.push((var.pos_lit(), positive - negative));
        } else if negative > positive {
            normal.terms.push((var.neg_lit(), negative - positive));
        }
    }
    Ok(normal)
}

/// Writes clauses enforcing `sum(weight * lit) = target` into `collector`,
/// taking auxiliary variables from `vars`.
///
/// The caller must already have reserved every input variable in `vars`
/// (e.g. with `increase_next_free`), otherwise auxiliary variables would
/// collide with inputs.
pub fn encode_weighted_eq<C: CollectClauses>(
    encoding: PbEncoding,
    terms: &[(Lit, usize)],
    target: usize,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<PbSummary, PbError> {
    let clauses_before = collector.n_clauses();
    let vars_before = vars.n_used();
    let status = encode_normalised(encoding, &normalise(terms)?, target, collector, vars)?;
    Ok(PbSummary {
        status,
        clauses: collector.n_clauses() - clauses_before,
        aux_vars: vars.n_used() - vars_before,
    })
}

fn encode_normalised<C: CollectClauses>(
    encoding: PbEncoding,
    sum: &NormalSum,
    target: usize,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<PbStatus, PbError> {
    let weight_sum = sum.weight_sum()?;
    let Some(rest) = target.checked_sub(sum.constant) else {
        return infeasible(collector);
    };
    if rest > weight_sum {
        return infeasible(collector);
    }
    if sum.terms.is_empty() {
        return Ok(PbStatus::Tautology);
    }
    if rest == 0 || rest == weight_sum {
        // Every literal is forced; an encoding would only add dead weight.
        let value = rest != 0;
        let units = sum
            .terms
            .iter()
            .map(|&(lit, _)| unit(if value { lit } else { !lit }));
        collector.extend_clauses(units)?;
        return Ok(PbStatus::Forced);
    }
    match encoding {
        PbEncoding::Gte => {
            encode_eq_with::<DoubleGeneralizedTotalizer, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::Dpw => {
            encode_eq_with::<DoubleDynamicPolyWatchdog, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::Adder => {
            encode_eq_with::<BinaryAdder, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::GroupTree | PbEncoding::Mdd | PbEncoding::MddLean => {
            encode_as_groups(encoding, sum, Goal::Equal(rest), collector, vars)?;
        }
    }
    Ok(PbStatus::Encoded)
}

/// Writes clauses enforcing `sum(weight * lit) <= bound` into `collector`.
///
/// Same normalisation and variable rules as [`encode_weighted_eq`];
/// `Forced` here means every literal is forced false (`bound` is 0 after
/// normalisation).
pub fn encode_weighted_ub<C: CollectClauses>(
    encoding: PbEncoding,
    terms: &[(Lit, usize)],
    bound: usize,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<PbSummary, PbError> {
    let clauses_before = collector.n_clauses();
    let vars_before = vars.n_used();
    let status = encode_normalised_ub(encoding, &normalise(terms)?, bound, collector, vars)?;
    Ok(PbSummary {
        status,
        clauses: collector.n_clauses() - clauses_before,
        aux_vars: vars.n_used() - vars_before,
    })
}

fn encode_normalised_ub<C: CollectClauses>(
    encoding: PbEncoding,
    sum: &NormalSum,
    bound: usize,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<PbStatus, PbError> {
    let Some(rest) = bound.checked_sub(sum.constant) else {
        return infeasible(collector);
    };
    if rest >= sum.weight_sum()? {
        return Ok(PbStatus::Tautology);
    }
    if rest == 0 {
        collector.extend_clauses(sum.terms.iter().map(|&(lit, _)| unit(!lit)))?;
        return Ok(PbStatus::Forced);
    }
    match encoding {
        PbEncoding::Gte => {
            encode_ub_with::<GeneralizedTotalizer, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::Dpw => {
            encode_ub_with::<DynamicPolyWatchdog, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::Adder => {
            encode_ub_with::<BinaryAdder, C>(sum, rest, encoding, collector, vars)?;
        }
        PbEncoding::GroupTree | PbEncoding::Mdd | PbEncoding::MddLean => {
            encode_as_groups(encoding, sum, Goal::AtMost(rest), collector, vars)?;
        }
    }
    Ok(PbStatus::Encoded)
}

fn encode_ub_with<E, C>(
    sum: &NormalSum,
    bound: usize,
    encoding: PbEncoding,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError>
where
    E: BoundUpper + FromIterator<(Lit, usize)>,
    C: CollectClauses,
{
    let mut encoder: E = sum.terms.iter().copied().collect();
    encoder.encode_ub(bound..=bound, collector, vars)?;
    let units = encoder
        .enforce_ub(bound)
        .map_err(|cause| PbError::Enforce {
            encoding,
            target: bound,
            cause,
        })?;
    collector.extend_clauses(units.into_iter().map(unit))?;
    Ok(())
}

/// Each literal as the exactly-one group {literal: its weight, negation: 0}.
fn encode_as_groups<C: CollectClauses>(
    encoding: PbEncoding,
    sum: &NormalSum,
    goal: Goal,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError> {
    let groups: Vec<Vec<(Lit, usize)>> = sum
        .terms
        .iter()
        .map(|&(lit, weight)| vec![(!lit, 0), (lit, weight)])
        .collect();
    encode_groups_with(encoding, &groups, goal, collector, vars)
}

fn encode_groups_with<C: CollectClauses>(
    encoding: PbEncoding,
    groups: &[Vec<(Lit, usize)>],
    goal: Goal,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError> {
    match encoding {
        PbEncoding::Mdd => mdd::encode_groups(groups, goal, mdd::Support::Written, collector, vars),
        PbEncoding::MddLean => {
            mdd::encode_groups(groups, goal, mdd::Support::Left, collector, vars)
        }
        _ => group_tree::encode_groups(groups, goal, collector, vars),
    }
}

/// Writes clauses for `goal` over the total of the chosen weights, where the
/// caller guarantees that exactly one literal of every group is true (as
/// for the numbers of one cell). Uses the decision diagram for
/// [`PbEncoding::Mdd`] and the group totalizer otherwise.
pub fn encode_grouped<C: CollectClauses>(
    encoding: PbEncoding,
    groups: &[Vec<(Lit, usize)>],
    goal: Goal,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<PbSummary, PbError> {
    let clauses_before = collector.n_clauses();
    let vars_before = vars.n_used();
    encode_groups_with(encoding, groups, goal, collector, vars)?;
    Ok(PbSummary {
        status: PbStatus::Encoded,
        clauses: collector.n_clauses() - clauses_before,
        aux_vars: vars.n_used() - vars_before,
    })
}

fn encode_eq_with<E, C>(
    sum: &NormalSum,
    target: usize,
    encoding: PbEncoding,
    collector: &mut C,
    vars: &mut dyn ManageVars,
) -> Result<(), PbError>
where
    E: BoundBoth + FromIterator<(Lit, usize)>,
    C: CollectClauses,
{
    let mut encoder: E = sum.terms.iter().copied().collect();
    encoder.encode_both(target..=target, collector, vars)?;
    let units = encoder
        .enforce_eq(target)
        .map_err(|cause| PbError::Enforce {
            encoding,
            target,
            cause,
        })?;
    collector.extend_clauses(units.into_iter().map(unit))?;
    Ok(())
}

fn infeasible<C: CollectClauses>(collector: &mut C) -> Result<PbStatus, PbError> {
    collector.add_clause(Clause::new())?;
    Ok(PbStatus::Infeasible)
}

fn unit(lit: Lit) -> Clause {
    Clause::from([lit])
}

#[cfg(test)]
mod tests;
