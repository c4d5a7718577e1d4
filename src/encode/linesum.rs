//! Line sums as pseudo-Boolean equalities over the numbering.
//!
//! A line `L` with target `T` becomes `sum over c in L, k in dom(c) of
//! k * p(c, k) = T`. Because every cell carries exactly one number this is
//! exactly "the numbers on the line add up to T". The CNF comes from one of
//! rustsat's PB encodings, chosen by [`PbEncoding`] (see [`crate::sat::pb`]
//! for the encodings and their papers).

use rustsat::types::Lit;

use super::cnf::CnfBuilder;
use super::numbering::NumberVars;
use super::EncodeError;
use crate::puzzle::LineSum;
use crate::sat::pb::{encode_weighted_eq, PbEncoding, PbSummary};

/// Encodes one line sum; the summary says how it was encoded.
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
    let terms: Vec<(Lit, usize)> = line
        .cells
        .iter()
        .flat_map(|&cell| numbers.of_cell(cell).iter())
        .map(|&(k, var)| (var.pos_lit(), k as usize))
        .collect();
    let (cnf, vars) = b.parts();
    encode_weighted_eq(encoding, &terms, target, cnf, vars).map_err(|source| EncodeError::LineSum {
        line: line.name.clone(),
        source,
    })
}
