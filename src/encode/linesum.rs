//! Line sums as pseudo-Boolean constraints over the numbering.
//!
//! A line `L` with target `T` says `sum over c in L of number(c) = T`, where
//! `number(c) = sum over k in dom(c) of k * p(c, k)`. The CNF comes from one
//! of rustsat's PB encodings, chosen by [`PbEncoding`] (see
//! [`super::pb`] for the encodings and their papers).
//!
//! With [`PbEncoding::Mdd`] (the default) and [`PbEncoding::GroupTree`] each
//! cell is one exactly-one group of the diagram or the group totalizer, which
//! never combine two numbers of one cell.
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
use super::pb::{encode_grouped, encode_weighted_ub, Goal, PbEncoding, PbStatus, PbSummary};
use super::EncodeError;
use crate::board::Cell;
use crate::puzzle::LineSum;

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
    unwritten(PbStatus::Implied)
}

/// What the report says about a line replaced by a [`fold_half_turn`] sum.
pub fn folded_summary() -> PbSummary {
    unwritten(PbStatus::Folded)
}

fn unwritten(status: PbStatus) -> PbSummary {
    PbSummary {
        status,
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
    let sum = WeightedSum {
        name: line.name.clone(),
        groups: weighted_cells(numbers, line.cells.iter().copied(), |k| k as usize),
        target: line.target,
    };
    encode_weighted_sum(b, &sum, encoding)
}

/// A sum over cells where each number a cell may carry has its own weight:
/// the number itself for a line sum, or one of the folded weights of
/// [`fold_half_turn`]. Each group is exactly one cell's literals.
#[derive(Clone, Debug)]
pub struct WeightedSum {
    /// The line's name, for errors and file headers.
    pub name: String,
    /// One group per cell: each of its literals with the weight it adds when true.
    pub groups: Vec<Vec<(Lit, usize)>>,
    /// What the weights of the true literals must add up to.
    pub target: u64,
}

/// One group per cell, each number weighted by `weight`.
fn weighted_cells(
    numbers: &NumberVars,
    cells: impl Iterator<Item = Cell>,
    weight: impl Fn(u32) -> usize + Copy,
) -> Vec<Vec<(Lit, usize)>> {
    cells
        .map(|cell| weighted_cell(numbers, cell, weight))
        .collect()
}

fn weighted_cell(
    numbers: &NumberVars,
    cell: usize,
    weight: impl Fn(u32) -> usize,
) -> Vec<(Lit, usize)> {
    numbers
        .of_cell(cell)
        .iter()
        .map(|&(k, v)| (v.pos_lit(), weight(k)))
        .collect()
}

/// Encodes `sum of the chosen weights = target`.
pub fn encode_weighted_sum(
    b: &mut CnfBuilder,
    sum: &WeightedSum,
    encoding: PbEncoding,
) -> Result<PbSummary, EncodeError> {
    let target = usize::try_from(sum.target).map_err(|_| EncodeError::TargetTooLarge {
        line: sum.name.clone(),
        target: sum.target,
    })?;
    if encoding.is_grouped() {
        let (cnf, vars) = b.parts();
        return encode_grouped(encoding, &sum.groups, Goal::Equal(target), cnf, vars).map_err(
            |cause| EncodeError::LineSum {
                line: sum.name.clone(),
                cause,
            },
        );
    }
    let Some(shifted) = ShiftedLine::new(&sum.groups) else {
        // A cell with no possible number: the numbering is already unsatisfiable.
        b.add([]);
        return Ok(infeasible_summary());
    };
    let upper = bound(
        b,
        encoding,
        &sum.name,
        &shifted.above_min,
        target.checked_sub(shifted.min_sum),
    )?;
    let lower = bound(
        b,
        encoding,
        &sum.name,
        &shifted.below_max,
        shifted.max_sum.checked_sub(target),
    )?;
    Ok(combine(upper, lower))
}

/// The line's terms shifted by each cell's least and greatest weight.
struct ShiftedLine {
    above_min: Vec<(Lit, usize)>,
    below_max: Vec<(Lit, usize)>,
    min_sum: usize,
    max_sum: usize,
}

impl ShiftedLine {
    fn new(groups: &[Vec<(Lit, usize)>]) -> Option<Self> {
        let mut shifted = ShiftedLine {
            above_min: Vec::new(),
            below_max: Vec::new(),
            min_sum: 0,
            max_sum: 0,
        };
        for group in groups {
            let least = group.iter().map(|&(_, w)| w).min()?;
            let greatest = group.iter().map(|&(_, w)| w).max()?;
            shifted.min_sum += least;
            shifted.max_sum += greatest;
            for &(lit, w) in group {
                if w > least {
                    shifted.above_min.push((lit, w - least));
                }
                if greatest > w {
                    shifted.below_max.push((lit, greatest - w));
                }
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
    line: &str,
    terms: &[(Lit, usize)],
    bound: Option<usize>,
) -> Result<PbSummary, EncodeError> {
    let Some(bound) = bound else {
        b.add([]);
        return Ok(infeasible_summary());
    };
    let (cnf, vars) = b.parts();
    encode_weighted_ub(encoding, terms, bound, cnf, vars).map_err(|cause| EncodeError::LineSum {
        line: line.to_string(),
        cause,
    })
}

/// The summary of a sum no numbering can meet: one empty clause, which makes the CNF UNSAT.
pub fn infeasible_summary() -> PbSummary {
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

/// Line sums restated for a closed tour whose opposite cells (under the half
/// turn `h`) are numbered `half = n / 2` apart, the reduction of seed 002.
///
/// Write each number as `r + half * high`, with the residue `r` in
/// `1..=half` and `high` in {0, 1}: opposite cells share `r` and have
/// opposite `high`. Then, for a line `L` of `m` cells with target `T`:
///
/// - if `h(L)` is another line, with target `T'`, the residues on `L` sum to
///   `R` and `H` cells of `L` are high, where `T = R + half * H` and
///   `T' = R + half * (m - H)`; the two lines become these two sums over the
///   cells of `L` alone, with residues in half the range;
/// - if `h(L) = L`, one cell from each opposite pair carries residues summing
///   to `(T - half * m / 2) / 2`.
///
/// Every restatement is equivalent to the lines it replaces, given that
/// opposite cells are numbered `half` apart (which the caller encodes).
#[derive(Clone, Debug, Default)]
pub struct HalfTurnFold {
    /// The sums to encode in place of the folded lines.
    pub sums: Vec<WeightedSum>,
    /// `folded[i]`: line `i` is replaced by `sums`.
    pub folded: Vec<bool>,
    /// Lines whose targets no numbering can meet (their names).
    pub impossible: Vec<String>,
}

/// Folds every line that the half turn maps onto itself or onto another line.
pub fn fold_half_turn(
    lines: &[LineSum],
    implied: &[bool],
    turn: &[Cell],
    half: u64,
    numbers: &NumberVars,
) -> HalfTurnFold {
    let sets: Vec<BTreeSet<Cell>> = lines
        .iter()
        .map(|line| line.cells.iter().copied().collect())
        .collect();
    let mut fold = HalfTurnFold {
        folded: vec![false; lines.len()],
        ..HalfTurnFold::default()
    };
    let digits = Digits { half, numbers };
    for (i, line) in lines.iter().enumerate() {
        if implied[i] || fold.folded[i] {
            continue;
        }
        let image: BTreeSet<Cell> = line.cells.iter().map(|&c| turn[c]).collect();
        if image == sets[i] {
            fold.folded[i] = true;
            fold.add(digits.self_image(line, turn));
            continue;
        }
        let Some(j) = (i + 1..lines.len()).find(|&j| !implied[j] && sets[j] == image) else {
            continue;
        };
        fold.folded[i] = true;
        fold.folded[j] = true;
        fold.add(digits.image_pair(line, &lines[j]));
    }
    fold
}

impl HalfTurnFold {
    /// Records the sums that replace folded lines, or the name of a line no numbering meets.
    fn add(&mut self, folded: Result<Vec<WeightedSum>, String>) {
        match folded {
            Ok(sums) => self.sums.extend(sums),
            Err(name) => self.impossible.push(name),
        }
    }
}

/// Numbers written as `r + half * high` ([`HalfTurnFold`]).
struct Digits<'a> {
    half: u64,
    numbers: &'a NumberVars,
}

impl Digits<'_> {
    fn residue(&self, k: u32) -> usize {
        ((u64::from(k) - 1) % self.half + 1) as usize
    }

    fn high(&self, k: u32) -> usize {
        usize::from(u64::from(k) > self.half)
    }

    /// A line the half turn maps onto itself: the residues of one cell per opposite pair.
    fn self_image(&self, line: &LineSum, turn: &[Cell]) -> Result<Vec<WeightedSum>, String> {
        let m = line.cells.len() as u64;
        let doubled = line.target.checked_sub(self.half * m / 2);
        let Some(target) = doubled
            .filter(|d| d.is_multiple_of(2) && m.is_multiple_of(2))
            .map(|d| d / 2)
        else {
            return Err(line.name.clone());
        };
        let one_per_pair = line.cells.iter().copied().filter(|&c| c < turn[c]);
        Ok(vec![WeightedSum {
            name: format!("{} (residues of one cell per opposite pair)", line.name),
            groups: weighted_cells(self.numbers, one_per_pair, |k| self.residue(k)),
            target,
        }])
    }

    /// A line and its image: the residues and the count of high numbers on the first.
    fn image_pair(&self, line: &LineSum, image: &LineSum) -> Result<Vec<WeightedSum>, String> {
        let (half, m) = (self.half, line.cells.len() as u64);
        let name = format!("{} with {}", line.name, image.name);
        let residues = (line.target + image.target)
            .checked_sub(half * m)
            .filter(|twice| twice.is_multiple_of(2))
            .map(|twice| twice / 2);
        let highs = residues
            .and_then(|r| line.target.checked_sub(r))
            .filter(|rest| rest.is_multiple_of(half) && rest / half <= m)
            .map(|rest| rest / half);
        let (Some(residues), Some(highs)) = (residues, highs) else {
            return Err(name);
        };
        let cells = || line.cells.iter().copied();
        Ok(vec![
            WeightedSum {
                name: format!("{name} (residues)"),
                groups: weighted_cells(self.numbers, cells(), |k| self.residue(k)),
                target: residues,
            },
            WeightedSum {
                name: format!("{name} (high numbers)"),
                groups: weighted_cells(self.numbers, cells(), |k| self.high(k)),
                target: highs,
            },
        ])
    }
}
