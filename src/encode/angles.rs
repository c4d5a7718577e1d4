//! Angle bounds as a pseudo-Boolean constraint over per-cell angle indicators.
//!
//! For every cell `c` and every pair of its moves `{c-p, c-s}` whose angle is of a bounded
//! kind, a pair variable `y <-> (c-p used) and (c-s used)`. A tour uses exactly two moves at
//! an inner cell (one at an end of an open tour), so at most one pair of `c` is true, and the
//! cell's indicator `x(c) <-> OR y` says whether `c` has an angle of the kind. The bound is a
//! cardinality constraint over the indicators, through the same encodings as line sums (at
//! least `k` of `x` is at most `N - k` of `!x`). Every family states "a move is used" through
//! [`EdgeUse`], so the rule holds for closed and open tours, numbered or not.

use rustsat::types::Lit;

use super::cnf::CnfBuilder;
use super::linesum::infeasible_summary;
use super::pb::{encode_weighted_ub, PbEncoding, PbSummary};
use super::rules::EdgeUse;
use super::EncodeError;
use crate::board::Board;
use crate::puzzle::{angle_at, AngleBound, AngleKind};

/// Adds every bound; returns a summary for each side encoded, named like `obtuse <= 4`.
pub fn require_angle_bounds(
    b: &mut CnfBuilder,
    model: &dyn EdgeUse,
    board: &Board,
    bounds: &[AngleBound],
    encoding: PbEncoding,
) -> Result<Vec<(String, PbSummary)>, EncodeError> {
    let mut summaries = Vec::new();
    for bound in bounds {
        let indicators = cell_indicators(b, model, board, bound.kind);
        summaries.extend(require_count(b, &indicators, bound, encoding)?);
    }
    Ok(summaries)
}

/// One literal per cell that has a pair of moves of `kind`: true exactly when the tour's
/// angle at that cell is of `kind`.
fn cell_indicators(
    b: &mut CnfBuilder,
    model: &dyn EdgeUse,
    board: &Board,
    kind: AngleKind,
) -> Vec<Lit> {
    let shape = board.shape();
    let mut indicators = Vec::new();
    for c in shape.cells() {
        let moves = board.neighbours(c);
        let mut pairs = Vec::new();
        for (i, &p) in moves.iter().enumerate() {
            for &s in &moves[i + 1..] {
                if kind.includes(angle_at(shape, c, p, s)) {
                    pairs.push(both_used(b, &model.edge_lits(c, p), &model.edge_lits(c, s)));
                }
            }
        }
        if pairs.is_empty() {
            continue;
        }
        let x = b.new_var().pos_lit();
        for &y in &pairs {
            b.implies(y, x);
        }
        b.add(std::iter::once(!x).chain(pairs.iter().copied()));
        indicators.push(x);
    }
    indicators
}

/// A fresh literal `y <-> (OR first) and (OR second)`.
fn both_used(b: &mut CnfBuilder, first: &[Lit], second: &[Lit]) -> Lit {
    let y = b.new_var().pos_lit();
    b.add(std::iter::once(!y).chain(first.iter().copied()));
    b.add(std::iter::once(!y).chain(second.iter().copied()));
    for &l1 in first {
        for &l2 in second {
            b.add([!l1, !l2, y]);
        }
    }
    y
}

/// `at_least <= sum(indicators) <= at_most`, each side only where the number of indicators
/// does not already imply it.
fn require_count(
    b: &mut CnfBuilder,
    indicators: &[Lit],
    bound: &AngleBound,
    encoding: PbEncoding,
) -> Result<Vec<(String, PbSummary)>, EncodeError> {
    let kind = bound.kind.name();
    let n = indicators.len();
    let mut sides = Vec::new();
    if bound.at_most < n {
        sides.push((format!("{kind} <= {}", bound.at_most), true, bound.at_most));
    }
    if bound.at_least > 0 {
        // At least k of the indicators: at most n - k of their negations.
        let Some(slack) = n.checked_sub(bound.at_least) else {
            b.add([]);
            return Ok(vec![(
                format!("{kind} >= {}", bound.at_least),
                infeasible_summary(),
            )]);
        };
        sides.push((format!("{kind} >= {}", bound.at_least), false, slack));
    }
    let mut summaries = Vec::with_capacity(sides.len());
    for (name, positive, most) in sides {
        let terms: Vec<(Lit, usize)> = indicators
            .iter()
            .map(|&x| (if positive { x } else { !x }, 1))
            .collect();
        let (cnf, vars) = b.parts();
        let summary = encode_weighted_ub(encoding, &terms, most, cnf, vars).map_err(|cause| {
            EncodeError::AngleBound {
                bound: name.clone(),
                cause,
            }
        })?;
        summaries.push((name, summary));
    }
    Ok(summaries)
}
