//! DIMACS export for external solvers and the way back from their output.
//!
//! This module owns four things:
//!
//! - [`write_dimacs`]: the CNF of a puzzle in DIMACS form. Its `c` header
//!   names the model, the encoding choices and maps every primary variable
//!   to its move or (cell, number), so the file can be read without this
//!   program. A static file cannot receive lazy subtour cuts, so lazy
//!   connectivity is replaced by the ordering encoding (and the header says so).
//! - [`read_dimacs`]: a DIMACS file read back, every clause with its line, and
//!   [`encoding_of_file`], which shows that a file is a puzzle's own encoding.
//! - [`parse_solver_output`]: the SAT-competition output format (`s` status
//!   line, `v` value lines ending in `0`, `c` comments), with an error for
//!   every deviation.
//! - [`decode_solver_output`]: re-encodes the puzzle, checks the assignment
//!   against every clause, decodes the primary variables and checks the tour
//!   with the puzzle's rules. Output for another CNF, a partial assignment or
//!   a violated clause is an error; it never becomes a wrong tour.

use std::io::{self, Write};

use serde::Serialize;

use crate::encode::{Connectivity, EncodeError, EncodeOptions, Encoding, Primary, VariableFamily};
use crate::puzzle::Puzzle;

/// Key of the header line that records the encoding options as JSON.
const OPTIONS_KEY: &str = "knights-options";

/// Prefix of that line in a DIMACS file.
const OPTIONS_TAG: &str = "c knights-options ";

/// Errors while writing a DIMACS file.
#[derive(Debug, thiserror::Error)]
pub enum DimacsError {
    /// The puzzle could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// Writing to the output failed.
    #[error("cannot write the DIMACS file")]
    Io(#[from] io::Error),
}

/// The options a static CNF must use: lazy connectivity becomes ordering
/// where the family needs connectivity at all. The flag says whether it changed.
pub fn static_options(puzzle: &Puzzle, options: &EncodeOptions) -> (EncodeOptions, bool) {
    let family = crate::encode::variable_family_of(puzzle.kind());
    let needs_upgrade =
        family != VariableFamily::Numbering && options.connectivity == Connectivity::Lazy;
    let mut fixed = *options;
    if needs_upgrade {
        fixed.connectivity = Connectivity::Ordering;
    }
    (fixed, needs_upgrade)
}

/// Encodes `puzzle` for a static file and writes it; returns the encoding.
pub fn write_dimacs(
    puzzle: &Puzzle,
    options: &EncodeOptions,
    out: &mut dyn Write,
) -> Result<Encoding, DimacsError> {
    let (options, upgraded) = static_options(puzzle, options);
    let encoding = Encoding::build(puzzle, &options)?;
    write_header(puzzle, &encoding, upgraded, "c", out)?;
    write_projection(&encoding, out)?;
    writeln!(out, "p cnf {} {}", encoding.n_vars(), encoding.cnf().len())?;
    write_clauses(&encoding, out)?;
    Ok(encoding)
}

/// The self-describing comment header; `tag` starts every line (`c` in
/// DIMACS, `*` in OPB).
pub(crate) fn write_header(
    puzzle: &Puzzle,
    encoding: &Encoding,
    upgraded: bool,
    tag: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let report = encoding.report();
    let options = encoding.options();
    writeln!(out, "{tag} knights: SAT encoding of a knight's tour model")?;
    writeln!(out, "{tag} model: {}", puzzle.name)?;
    writeln!(
        out,
        "{tag} board: {}  leaper: {}  closed: {}  solutions are {}",
        puzzle.board.shape(),
        puzzle.board.leaper(),
        puzzle.closed.is_closed(),
        puzzle.kind().describe()
    )?;
    writeln!(
        out,
        "{tag} family: {}  {}",
        file_name(&encoding.family()),
        connectivity_note(encoding, upgraded)
    )?;
    // Only clauses encode line sums with it: the OPB file states them as
    // equalities, and a model without line sums has none to encode.
    if !report.line_sums.is_empty() {
        writeln!(out, "{tag} pb-encoding: {}", options.pb_encoding)?;
    }
    write_rules(puzzle, tag, out)?;
    if let Some((kept, by_distance, by_parity)) = report.number_pairs {
        writeln!(
            out,
            "{tag} (cell, number) pairs: {kept} kept, {by_distance} dropped by distance, {by_parity} by parity"
        )?;
    }
    for (line, summary) in &report.line_sums {
        writeln!(
            out,
            "{tag} line sum '{line}': {}, {} clauses, {} auxiliary variables",
            file_name(&summary.status),
            summary.clauses,
            summary.aux_vars
        )?;
    }
    let options_json = serde_json::to_string(&options).map_err(io::Error::other)?;
    writeln!(out, "{tag} {OPTIONS_KEY} {options_json}")?;
    write_variable_map(puzzle, encoding, tag, out)
}

fn connectivity_note(encoding: &Encoding, upgraded: bool) -> String {
    match (encoding.family(), upgraded) {
        (VariableFamily::Numbering, _) => "connectivity: implied by the numbering".into(),
        (_, true) => "connectivity: ordering (lazy cuts are impossible in a static file)".into(),
        (_, false) => format!(
            "connectivity: {}",
            file_name(&encoding.options().connectivity)
        ),
    }
}

/// A choice as the files and flags name it (its serde name).
fn file_name(choice: &impl Serialize) -> String {
    match serde_json::to_value(choice) {
        Ok(serde_json::Value::String(name)) => name,
        _ => "?".to_string(),
    }
}

fn write_rules(puzzle: &Puzzle, tag: &str, out: &mut dyn Write) -> io::Result<()> {
    let cells = |set: &Option<Vec<usize>>| match set {
        None => "any cell".to_string(),
        Some(cells) => format!("{} cells", cells.len()),
    };
    writeln!(
        out,
        "{tag} start: {}  end: {}  givens: {}  required moves: {}  symmetry: {}  line sums: {}  angles: {}",
        cells(&puzzle.starts),
        cells(&puzzle.ends),
        puzzle.givens.len(),
        puzzle.required.len(),
        puzzle.tour_symmetry().unwrap_or("none"),
        puzzle.sums.len(),
        angle_rules(puzzle)
    )
}

/// The angle bounds, `obtuse<=4,right>=2`, or `none`.
fn angle_rules(puzzle: &Puzzle) -> String {
    if puzzle.angles.is_empty() {
        return "none".into();
    }
    let cells = crate::puzzle::angle_cells(puzzle.n_cells(), puzzle.closed);
    let bounds: Vec<String> = puzzle
        .angles
        .iter()
        .map(|bound| bound.describe(cells).replace(' ', ""))
        .collect();
    bounds.join(",")
}

fn write_variable_map(
    puzzle: &Puzzle,
    encoding: &Encoding,
    tag: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let primary = encoding.primary();
    writeln!(
        out,
        "{tag} primary variables: {} of {}; their values in a model decode to one solution",
        primary.len(),
        encoding.n_vars()
    )?;
    writeln!(
        out,
        "{tag} cells are (row,col) or (layer,row,col), 0-based; numbers are 1-based"
    )?;
    let name = |cell| puzzle.board.shape().cell_name(cell);
    for (var, meaning) in primary {
        let text = match meaning {
            Primary::Number { cell, number } => format!("{} carries {number}", name(cell)),
            Primary::Arc { from, to } => format!("move {} -> {}", name(from), name(to)),
            Primary::Start { cell } => format!("start {}", name(cell)),
            Primary::End { cell } => format!("end {}", name(cell)),
            Primary::Edge { a, b } => format!("edge {} - {}", name(a), name(b)),
        };
        writeln!(out, "{tag} var {} = {text}", var.to_ipasir())?;
    }
    Ok(())
}

/// The `c p show ... 0` line of projected model counters (Ganak reads it): the primary
/// variables. They decode to the solution and every solution has exactly one value of them
/// (the SAT engine blocks a solution by them alone), so the models' distinct values on them
/// are the solutions, one each, whatever the auxiliary variables do.
fn write_projection(encoding: &Encoding, out: &mut dyn Write) -> io::Result<()> {
    let shown: Vec<String> = encoding
        .primary()
        .iter()
        .map(|(var, _)| var.to_ipasir().to_string())
        .collect();
    writeln!(out, "c p show {} 0", shown.join(" "))
}

fn write_clauses(encoding: &Encoding, out: &mut dyn Write) -> io::Result<()> {
    let mut line = String::new();
    for clause in encoding.cnf() {
        line.clear();
        for lit in clause.iter() {
            line.push_str(&lit.to_ipasir().to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Why a CNF file is not the encoding of a model.
#[derive(Debug, thiserror::Error)]
pub enum CnfMismatch {
    /// The file has no encoding options line, so it cannot be rebuilt.
    #[error("it has no 'c knights-options' line, so it was not written by `knights dimacs`")]
    NoOptions,
    /// The puzzle could not be encoded with the options the file records.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The number of variables differs from the model's encoding.
    #[error("it declares {found} variables, but the model's encoding has {expected}: it was written for another model or with other options")]
    Variables {
        /// Variables declared in the file's `p cnf` line.
        found: u32,
        /// Variables in the model's encoding.
        expected: u32,
    },
    /// The number of clauses differs from the model's encoding.
    #[error("it holds {found} clauses, but the model's encoding has {expected}: it was written for another model or with other options")]
    Clauses {
        /// Clauses in the file.
        found: usize,
        /// Clauses in the model's encoding.
        expected: usize,
    },
    /// A clause differs from the model's encoding at the same position.
    #[error("clause {index} (line {line}) is '{found}', but the model's encoding has '{expected}' there: the file was written for another model or with other options, or altered")]
    Clause {
        /// 1-based position of the clause.
        index: usize,
        /// 1-based line number of the clause in the file.
        line: usize,
        /// The file's clause in DIMACS form.
        found: String,
        /// The encoding's clause in DIMACS form.
        expected: String,
    },
}

/// The encoding of `puzzle` under the options the file records, once it is shown to be
/// the file's CNF clause for clause: an answer for the file is then an answer for the model.
pub fn encoding_of_file(puzzle: &Puzzle, file: &DimacsFile) -> Result<Encoding, CnfMismatch> {
    let options = file.options.ok_or(CnfMismatch::NoOptions)?;
    let (options, _) = static_options(puzzle, &options);
    let encoding = Encoding::build(puzzle, &options)?;
    if file.n_vars != encoding.n_vars() {
        return Err(CnfMismatch::Variables {
            found: file.n_vars,
            expected: encoding.n_vars(),
        });
    }
    if file.clauses.len() != encoding.cnf().len() {
        return Err(CnfMismatch::Clauses {
            found: file.clauses.len(),
            expected: encoding.cnf().len(),
        });
    }
    let ours = encoding.cnf().iter();
    for (index, (theirs, ours)) in file.clauses.iter().zip(ours).enumerate() {
        let ours: Vec<i32> = ours.iter().map(|lit| lit.to_ipasir()).collect();
        if *theirs != ours {
            let text = |c: &[i32]| c.iter().map(|l| format!("{l} ")).collect::<String>() + "0";
            return Err(CnfMismatch::Clause {
                index: index + 1,
                line: file.clause_lines[index],
                found: text(theirs),
                expected: text(&ours),
            });
        }
    }
    Ok(encoding)
}

mod answer;
mod read;

pub use answer::{
    decode_solver_output, decode_with_encoding, parse_solver_output, OutputError, SolverAnswer,
    SolverOutputError, Verdict,
};
pub use read::{read_dimacs, DimacsFile, DimacsReadError};

#[cfg(test)]
mod tests;
