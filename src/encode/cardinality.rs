//! Small cardinality constraints: exactly one, at most one, exactly two.
//!
//! This module owns how "exactly one move out of a cell", "exactly one number
//! per cell" and "exactly two edges at a cell" become clauses. Short lists use
//! the direct (pairwise / binomial) clauses, which add no variables and
//! propagate fully; long lists use rustsat's ladder at-most-one (Gent and
//! Nightingale: "A new encoding of AllDifferent into SAT", ModRef 2004) and
//! totalizer (Bailleux and Boufkhad: "Efficient CNF encoding of Boolean
//! cardinality constraints", CP 2003), which stay linear.

use rustsat::encodings::am1::{Encode as _, Ladder};
use rustsat::encodings::card::{BoundBoth as _, Totalizer};
use rustsat::types::{Clause, Lit};

use super::cnf::CnfBuilder;
use super::EncodeError;

/// Up to this many literals, at-most-one uses all pairs (at most 15 clauses).
const PAIRWISE_LIMIT: usize = 6;

/// Up to this many literals, exactly-two uses binomial clauses: C(8,3) = 56
/// ternary clauses, fine for a 2D knight's degree of at most 8.
const BINOMIAL_LIMIT: usize = 8;

/// At most one of `lits` is true.
pub fn at_most_one(b: &mut CnfBuilder, lits: &[Lit]) -> Result<(), EncodeError> {
    if lits.len() <= PAIRWISE_LIMIT {
        for (i, &x) in lits.iter().enumerate() {
            for &y in &lits[i + 1..] {
                b.add([!x, !y]);
            }
        }
        return Ok(());
    }
    let mut ladder = Ladder::from(lits.to_vec());
    let (cnf, vars) = b.parts();
    ladder.encode(cnf, vars)?;
    Ok(())
}

/// Exactly one of `lits` is true (none given: unsatisfiable).
pub fn exactly_one(b: &mut CnfBuilder, lits: &[Lit]) -> Result<(), EncodeError> {
    b.add(lits.iter().copied());
    at_most_one(b, lits)
}

/// Exactly two of `lits` are true (fewer than two given: unsatisfiable).
pub fn exactly_two(b: &mut CnfBuilder, lits: &[Lit]) -> Result<(), EncodeError> {
    if lits.len() < 2 {
        b.add([]);
        return Ok(());
    }
    if lits.len() <= BINOMIAL_LIMIT {
        at_least_two_direct(b, lits);
        at_most_two_direct(b, lits);
        return Ok(());
    }
    let mut totalizer = Totalizer::from(lits.to_vec());
    let (cnf, vars) = b.parts();
    totalizer.encode_both(2..=2, cnf, vars)?;
    let units = totalizer
        .enforce_eq(2)
        .map_err(|err| EncodeError::Internal(format!("totalizer refused = 2: {err}")))?;
    for unit in units {
        b.add([unit]);
    }
    Ok(())
}

/// For each literal, one of the others is true: then no single literal (and
/// not none) can be the only true one.
fn at_least_two_direct(b: &mut CnfBuilder, lits: &[Lit]) {
    for skip in 0..lits.len() {
        let others: Clause = lits
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .map(|(_, &lit)| lit)
            .collect();
        b.add(others);
    }
}

/// No three literals are true together.
fn at_most_two_direct(b: &mut CnfBuilder, lits: &[Lit]) {
    for i in 0..lits.len() {
        for j in i + 1..lits.len() {
            for k in j + 1..lits.len() {
                b.add([!lits[i], !lits[j], !lits[k]]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::enumerate::count_projected;
    use crate::solver::{new_backend, BackendConfig};
    use rustsat::types::Var;

    fn count_models(n: u32, constrain: impl Fn(&mut CnfBuilder, &[Lit])) -> u64 {
        let mut b = CnfBuilder::new();
        let lits: Vec<Lit> = (0..n).map(|_| b.new_var().pos_lit()).collect();
        constrain(&mut b, &lits);
        let mut backend = new_backend(&BackendConfig::default()).unwrap();
        for clause in b.cnf() {
            backend.add_clause(clause.as_ref()).unwrap();
        }
        let projection: Vec<Var> = lits.iter().map(|l| l.var()).collect();
        count_projected(&mut *backend, &projection, None)
            .unwrap()
            .found
    }

    fn binomial(n: u64, k: u64) -> u64 {
        if k > n {
            return 0;
        }
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn exactly_one_has_n_models_for_short_and_long_lists() {
        for n in [0, 1, 2, 5, 6, 7, 12] {
            let count = count_models(n, |b, lits| exactly_one(b, lits).unwrap());
            assert_eq!(count, u64::from(n), "n = {n}");
        }
    }

    #[test]
    fn at_most_one_has_n_plus_one_models() {
        for n in [0, 3, 6, 7, 10] {
            let count = count_models(n, |b, lits| at_most_one(b, lits).unwrap());
            assert_eq!(count, u64::from(n) + 1, "n = {n}");
        }
    }

    #[test]
    fn exactly_two_has_n_choose_two_models() {
        for n in [0, 1, 2, 3, 8, 9, 14] {
            let count = count_models(n, |b, lits| exactly_two(b, lits).unwrap());
            assert_eq!(count, binomial(u64::from(n), 2), "n = {n}");
        }
    }
}
