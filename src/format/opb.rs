//! OPB export: the puzzle as a pseudo-Boolean problem for PB solvers.
//!
//! The format is that of the Pseudo-Boolean Competitions (Roussel and
//! Manquinho: "Input/Output Format and Solver Requirements for the
//! Competitions of Pseudo-Boolean Solvers", 2016): a first line
//! `* #variable= N #constraint= M`, comment lines starting with `*`, and one
//! linear constraint per line, `+3 x1 -1 x2 >= 1 ;` or `... = 130 ;`.
//!
//! What goes in:
//!
//! - every line sum as one linear *equality* over the position variables,
//!   `sum over its cells c and numbers k of k * p(c, k) = target` (exact
//!   because each cell carries exactly one number), instead of a CNF encoding
//!   of it; lines implied by others are stated too (a PB solver reasons on
//!   them natively);
//! - every other rule as the clauses of the CNF, each written as `>= 1`; a
//!   negated literal `!x` becomes the term `1 - x`, moved to the right-hand
//!   side, so only plain variables appear (some solvers reject `~x`).
//!
//! Variable `xi` is DIMACS variable `i` of the same puzzle and options
//! without line sums; the `*` header maps each primary variable to its
//! meaning, as the DIMACS header does. Lazy connectivity becomes the ordering
//! encoding, as in DIMACS.

use std::io::{self, Write};

use rustsat::types::Lit;

use super::dimacs::{static_options, write_header, DimacsError};
use crate::encode::numbering::NumberVars;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::puzzle::{LineSum, Puzzle};

/// Encodes `puzzle` without line sums and writes it with them as equalities;
/// returns the encoding whose variables the file uses.
pub fn write_opb(
    puzzle: &Puzzle,
    options: &EncodeOptions,
    out: &mut dyn Write,
) -> Result<Encoding, DimacsError> {
    let (options, upgraded) = static_options(puzzle, options);
    let encoding = Encoding::build_without_line_sums(puzzle, &options)?;
    let equalities = line_equalities(puzzle, &encoding)?;
    let constraints = encoding.cnf().len() + equalities.len();
    // At least one variable, so that the constant terms below name one.
    let n_vars = encoding.n_vars().max(1);
    writeln!(out, "* #variable= {n_vars} #constraint= {constraints}")?;
    write_header(puzzle, &encoding, upgraded, "*", out)?;
    writeln!(
        out,
        "* {} line sums as equalities over the position variables, then {} clauses as '>= 1'",
        equalities.len(),
        encoding.cnf().len()
    )?;
    for equality in &equalities {
        writeln!(out, "{equality}")?;
    }
    write_clauses(&encoding, out)?;
    Ok(encoding)
}

/// One `sum k * p(c, k) = target ;` line per line sum.
fn line_equalities(puzzle: &Puzzle, encoding: &Encoding) -> Result<Vec<String>, DimacsError> {
    if puzzle.sums.is_empty() {
        return Ok(Vec::new());
    }
    let numbers = encoding.numbers().ok_or_else(|| {
        DimacsError::Encode(EncodeError::Internal(
            "line sums need the numbering family".into(),
        ))
    })?;
    Ok(puzzle
        .sums
        .iter()
        .map(|line| equality(line, numbers))
        .collect())
}

/// `+k x(p(c, k)) ... = target ;` over every cell of the line.
fn equality(line: &LineSum, numbers: &NumberVars) -> String {
    let mut text = String::new();
    for &cell in &line.cells {
        for &(k, var) in numbers.of_cell(cell) {
            text.push_str(&format!("+{k} x{} ", var.idx() + 1));
        }
    }
    if text.is_empty() {
        text.push_str(NOTHING);
    }
    text.push_str(&format!("= {} ;", line.target));
    text
}

/// A sum that is always 0, for constraints without terms (the grammar wants one).
const NOTHING: &str = "+1 x1 -1 x1 ";

fn write_clauses(encoding: &Encoding, out: &mut dyn Write) -> io::Result<()> {
    let mut line = String::new();
    for clause in encoding.cnf() {
        line.clear();
        let negated = clause_terms(clause.iter().copied(), &mut line);
        if clause.is_empty() {
            line.push_str(NOTHING);
        }
        line.push_str(&format!(">= {} ;", 1 - negated as i64));
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Appends `+1 xi` or `-1 xi` per literal; returns how many were negated.
fn clause_terms(lits: impl Iterator<Item = Lit>, line: &mut String) -> usize {
    let mut negated = 0;
    for lit in lits {
        let sign = if lit.is_neg() {
            negated += 1;
            '-'
        } else {
            '+'
        };
        line.push_str(&format!("{sign}1 x{} ", lit.vidx() + 1));
    }
    negated
}
