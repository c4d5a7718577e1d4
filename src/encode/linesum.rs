//! Line sums as pseudo-Boolean constraints over the numbering.
//!
//! A line `L` with target `T` says `sum over c in L of number(c) = T`, where
//! `number(c) = sum over k in dom(c) of k * p(c, k)`. The CNF comes from one
//! of rustsat's PB encodings, chosen by [`PbEncoding`] (see
//! [`crate::sat::pb`] for the encodings and their papers).
//!
//! With [`PbEncoding::GroupTree`] each cell is one exactly-one group of the
//! group totalizer, which never combines two numbers of one cell.
//!
//! With rustsat's encodings, which do not know the groups, the fact that
//! every cell carries exactly one number is used differently: the equality
//! is written as two *upper* bounds with small right-hand sides:
//!
//! - `sum_c sum_k (k - min_c) p(c, k) <= T - sum_c min_c`
//! - `sum_c sum_k (max_c - k) p(c, k) <= sum_c max_c - T`
//!
//! where `min_c`, `max_c` are the least and greatest numbers cell `c` may
//! carry. Each shift is exact because exactly one `p(c, k)` is true per cell.
//! Measured on one 8-cell line of an 8x8 board (target 260): rustsat's
//! doubled totalizer for `= 260` writes 481,364 clauses, because its
//! lower-bound half bounds the sum of all *negated* weights (about 16,000);
//! the two shifted upper bounds need only a few percent of that.

use std::collections::BTreeSet;

use rustsat::types::Lit;

use super::cnf::CnfBuilder;
use super::numbering::NumberVars;
use super::EncodeError;
use crate::puzzle::LineSum;
use crate::sat::pb::{encode_grouped, encode_weighted_ub, Goal, PbEncoding, PbStatus, PbSummary};

/// Steps the exact-cover search may take per line before giving up (then the
/// line is simply encoded).
const COVER_BUDGET: usize = 10_000;

/// Which lines follow from others: a line whose cells are split exactly by
/// smaller lines whose targets add up to its own (a full row of a nested
/// semimagic square, given its two halves) holds whenever they do.
///
/// Only strictly smaller lines are used, so no line is dropped because of
/// one that is dropped for it in turn.
pub fn implied_lines(lines: &[LineSum]) -> Vec<bool> {
    let sets: Vec<BTreeSet<usize>> = lines
        .iter()
        .map(|line| line.cells.iter().copied().collect())
        .collect();
    (0..lines.len())
        .map(|i| {
            let parts: Vec<usize> = (0..lines.len())
                .filter(|&j| sets[j].len() < sets[i].len() && sets[j].is_subset(&sets[i]))
                .collect();
            let mut budget = COVER_BUDGET;
            let cover = Cover {
                lines,
                sets: &sets,
                parts: &parts,
            };
            cover.search(&sets[i], lines[i].target, &mut budget)
        })
        .collect()
}

/// Exact cover of one line's cells by smaller lines with matching targets.
struct Cover<'a> {
    lines: &'a [LineSum],
    sets: &'a [BTreeSet<usize>],
    parts: &'a [usize],
}

impl Cover<'_> {
    /// Whether `rest` is split exactly by parts whose targets sum to `target`.
    fn search(&self, rest: &BTreeSet<usize>, target: u64, budget: &mut usize) -> bool {
        let Some(&first) = rest.iter().next() else {
            return target == 0;
        };
        for &j in self.parts {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let part = &self.sets[j];
            if !part.contains(&first) || !part.is_subset(rest) {
                continue;
            }
            let Some(left) = target.checked_sub(self.lines[j].target) else {
                continue;
            };
            let remaining: BTreeSet<usize> = rest.difference(part).copied().collect();
            if self.search(&remaining, left, budget) {
                return true;
            }
        }
        false
    }
}

/// What the report says about a line that is not encoded because others imply it.
pub fn implied_summary() -> PbSummary {
    PbSummary {
        status: PbStatus::Implied,
        clauses: 0,
        aux_vars: 0,
    }
}

/// Encodes one line sum; the summary adds up both bounds.
pub fn encode_line_sum(
    b: &mut CnfBuilder,
    numbers: &NumberVars,
    line: &LineSum,
    encoding: PbEncoding,
) -> Result<PbSummary, EncodeError> {
    let target = usize::try_from(line.target).map_err(|_| EncodeError::TargetTooLarge {
        line: line.name.clone(),
        target: line.target,
    })?;
    if matches!(encoding, PbEncoding::GroupTree | PbEncoding::Mdd) {
        let groups: Vec<Vec<(Lit, usize)>> = line
            .cells
            .iter()
            .map(|&cell| {
                numbers
                    .of_cell(cell)
                    .iter()
                    .map(|&(k, v)| (v.pos_lit(), k as usize))
                    .collect()
            })
            .collect();
        let (cnf, vars) = b.parts();
        return encode_grouped(encoding, &groups, Goal::Equal(target), cnf, vars).map_err(
            |source| EncodeError::LineSum {
                line: line.name.clone(),
                source,
            },
        );
    }
    let Some(shifted) = ShiftedLine::new(numbers, line) else {
        // A cell with no possible number: the numbering is already unsatisfiable.
        b.add([]);
        return Ok(infeasible_summary());
    };
    let upper = bound(
        b,
        encoding,
        line,
        &shifted.above_min,
        target.checked_sub(shifted.min_sum),
    )?;
    let lower = bound(
        b,
        encoding,
        line,
        &shifted.below_max,
        shifted.max_sum.checked_sub(target),
    )?;
    Ok(combine(upper, lower))
}

/// The line's terms shifted by each cell's least and greatest number.
struct ShiftedLine {
    above_min: Vec<(Lit, usize)>,
    below_max: Vec<(Lit, usize)>,
    min_sum: usize,
    max_sum: usize,
}

impl ShiftedLine {
    fn new(numbers: &NumberVars, line: &LineSum) -> Option<Self> {
        let mut shifted = ShiftedLine {
            above_min: Vec::new(),
            below_max: Vec::new(),
            min_sum: 0,
            max_sum: 0,
        };
        for &cell in &line.cells {
            let domain = numbers.of_cell(cell);
            let least = domain.iter().map(|&(k, _)| k as usize).min()?;
            let greatest = domain.iter().map(|&(k, _)| k as usize).max()?;
            shifted.min_sum += least;
            shifted.max_sum += greatest;
            for &(k, var) in domain {
                shifted.above_min.push((var.pos_lit(), k as usize - least));
                shifted
                    .below_max
                    .push((var.pos_lit(), greatest - k as usize));
            }
        }
        Some(shifted)
    }
}

/// `sum(terms) <= bound`, where a missing bound means the line cannot reach
/// its target at all.
fn bound(
    b: &mut CnfBuilder,
    encoding: PbEncoding,
    line: &LineSum,
    terms: &[(Lit, usize)],
    bound: Option<usize>,
) -> Result<PbSummary, EncodeError> {
    let Some(bound) = bound else {
        b.add([]);
        return Ok(infeasible_summary());
    };
    let (cnf, vars) = b.parts();
    encode_weighted_ub(encoding, terms, bound, cnf, vars).map_err(|source| EncodeError::LineSum {
        line: line.name.clone(),
        source,
    })
}

fn infeasible_summary() -> PbSummary {
    PbSummary {
        status: PbStatus::Infeasible,
        clauses: 1,
        aux_vars: 0,
    }
}

/// One summary for both halves: the worse status, the summed sizes.
fn combine(upper: PbSummary, lower: PbSummary) -> PbSummary {
    use PbStatus::*;
    let status = match (upper.status, lower.status) {
        (Infeasible, _) | (_, Infeasible) => Infeasible,
        (Tautology, Tautology) => Tautology,
        (Encoded, _) | (_, Encoded) => Encoded,
        _ => Forced,
    };
    PbSummary {
        status,
        clauses: upper.clauses + lower.clauses,
        aux_vars: upper.aux_vars + lower.aux_vars,
    }
}
