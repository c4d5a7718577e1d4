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

use rustsat::types::Lit;
use serde::Serialize;

use crate::encode::MAX_VARIABLE_INDEX;
use crate::encode::{
    Connectivity, DecodeError, Decoded, EncodeError, EncodeOptions, Encoding, Primary,
    VariableFamily,
};
use crate::puzzle::Puzzle;
use crate::tour::Tour;

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
        puzzle.closed,
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
        "{tag} start: {}  end: {}  required moves: {}  rot180: {}  line sums: {}",
        cells(&puzzle.starts),
        cells(&puzzle.ends),
        puzzle.required.len(),
        puzzle.rot180,
        puzzle.sums.len()
    )
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

/// A solver's verdict as printed in the SAT-competition format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverAnswer {
    /// `s SATISFIABLE` with the values from the `v` lines.
    Satisfiable(Assignment),
    /// `s UNSATISFIABLE`.
    Unsatisfiable,
    /// `s UNKNOWN` (for example a time-out).
    Unknown,
}

/// Variable values from `v` lines, indexed by DIMACS variable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    /// `values[i]` is the value of DIMACS variable `i + 1`, if given.
    values: Vec<Option<bool>>,
}

impl Assignment {
    /// Value of the 0-based variable `index`, if the solver gave one.
    pub fn value(&self, index: usize) -> Option<bool> {
        self.values.get(index).copied().flatten()
    }

    /// Largest DIMACS variable mentioned.
    pub fn max_var(&self) -> usize {
        self.values.len()
    }

    /// Number of variables with a value.
    pub fn assigned(&self) -> usize {
        self.values.iter().flatten().count()
    }

    fn lit_true(&self, lit: Lit) -> bool {
        self.value(lit.vidx()).is_some_and(|v| v != lit.is_neg())
    }

    fn set(&mut self, dimacs: i64) -> Result<(), String> {
        let index = dimacs.unsigned_abs() as usize - 1;
        if index >= self.values.len() {
            self.values.resize(index + 1, None);
        }
        let value = dimacs > 0;
        match self.values[index].replace(value) {
            Some(old) if old != value => {
                Err(format!("variable {} is given both values", index + 1))
            }
            _ => Ok(()),
        }
    }
}

/// A deviation from the SAT-competition output format.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OutputError {
    /// No `s` line: the output does not say whether the CNF is satisfiable.
    #[error("no 's' status line (expected 's SATISFIABLE', 's UNSATISFIABLE' or 's UNKNOWN')")]
    NoStatus,
    /// A second `s` line: the output holds two answers.
    #[error("line {line}: a second 's' status line")]
    SecondStatus {
        /// 1-based line number of the second `s` line.
        line: usize,
    },
    /// An `s` line with a status other than the three allowed.
    #[error("line {line}: unknown status '{text}'")]
    UnknownStatus {
        /// 1-based line number of the `s` line.
        line: usize,
        /// The status as written.
        text: String,
    },
    /// `v` lines although the status is not SATISFIABLE.
    #[error("line {line}: 'v' values, but the status is not SATISFIABLE")]
    ValuesWithoutSat {
        /// 1-based line number of the first `v` line.
        line: usize,
    },
    /// SATISFIABLE without any `v` line: there is no model to check.
    #[error("the status is SATISFIABLE but there are no 'v' lines")]
    MissingValues,
    /// The values stop without the closing `0`, so the output may be truncated.
    #[error("the 'v' lines do not end with 0: the assignment may be cut off")]
    MissingTerminator,
    /// More values after the closing `0`.
    #[error("line {line}: values after the terminating 0")]
    ValuesAfterTerminator {
        /// 1-based line number of the stray values.
        line: usize,
    },
    /// A value token that is not an integer, or names a variable beyond the solver limit.
    #[error("line {line}: '{token}' is not a literal")]
    BadLiteral {
        /// 1-based line number of the token.
        line: usize,
        /// The token as written.
        token: String,
    },
    /// A variable is given both true and false.
    #[error("line {line}: {message}")]
    Contradiction {
        /// 1-based line number where the second value appears.
        line: usize,
        /// Which variable, in words.
        message: String,
    },
    /// A line that is not a comment, status or values line.
    #[error("line {line}: unexpected line '{text}' (only 'c', 's' and 'v' lines, or MiniSat's result file, are allowed)")]
    UnexpectedLine {
        /// 1-based line number.
        line: usize,
        /// The line as written, trimmed.
        text: String,
    },
}

/// Parses a solver's standard output.
pub fn parse_solver_output(text: &str) -> Result<SolverAnswer, OutputError> {
    let mut reader = OutputReader::default();
    for (index, raw) in text.lines().enumerate() {
        reader.read_line(index + 1, raw.trim())?;
    }
    reader.finish()
}

#[derive(Default)]
struct OutputReader {
    status: Option<Status>,
    assignment: Assignment,
    saw_values: bool,
    terminated: bool,
    first_values_line: usize,
    /// MiniSat's result file (`minisat in.cnf out.txt`): a bare `SAT`, `UNSAT` or `INDET`
    /// line, then the literals without a `v` tag.
    bare_values: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Sat,
    Unsat,
    Unknown,
}

impl OutputReader {
    fn read_line(&mut self, line: usize, text: &str) -> Result<(), OutputError> {
        let (tag, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        match tag {
            "" | "c" => Ok(()),
            "s" => self.read_status(line, rest.trim()),
            "v" => self.read_values(line, rest),
            "SAT" | "UNSAT" | "INDET" if rest.is_empty() => self.read_bare_status(line, tag),
            _ if self.bare_values && tag.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
                self.read_values(line, text)
            }
            _ => Err(OutputError::UnexpectedLine {
                line,
                text: text.to_string(),
            }),
        }
    }

    fn read_bare_status(&mut self, line: usize, tag: &str) -> Result<(), OutputError> {
        let long = match tag {
            "SAT" => "SATISFIABLE",
            "UNSAT" => "UNSATISFIABLE",
            _ => "UNKNOWN",
        };
        self.bare_values = true;
        self.read_status(line, long)
    }

    fn read_status(&mut self, line: usize, text: &str) -> Result<(), OutputError> {
        if self.status.is_some() {
            return Err(OutputError::SecondStatus { line });
        }
        self.status = Some(match text {
            "SATISFIABLE" => Status::Sat,
            "UNSATISFIABLE" => Status::Unsat,
            "UNKNOWN" => Status::Unknown,
            _ => {
                return Err(OutputError::UnknownStatus {
                    line,
                    text: text.to_string(),
                })
            }
        });
        Ok(())
    }

    fn read_values(&mut self, line: usize, text: &str) -> Result<(), OutputError> {
        if !self.saw_values {
            self.first_values_line = line;
        }
        self.saw_values = true;
        for token in text.split_whitespace() {
            if self.terminated {
                return Err(OutputError::ValuesAfterTerminator { line });
            }
            let literal: i64 = token.parse().map_err(|_| OutputError::BadLiteral {
                line,
                token: token.to_string(),
            })?;
            if literal == 0 {
                self.terminated = true;
            } else if literal.unsigned_abs() > MAX_VARIABLE_INDEX as u64 + 1 {
                // A garbled number must not make us allocate gigabytes.
                return Err(OutputError::BadLiteral {
                    line,
                    token: token.to_string(),
                });
            } else {
                self.assignment
                    .set(literal)
                    .map_err(|message| OutputError::Contradiction { line, message })?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<SolverAnswer, OutputError> {
        let status = self.status.ok_or(OutputError::NoStatus)?;
        if status != Status::Sat {
            if self.saw_values {
                return Err(OutputError::ValuesWithoutSat {
                    line: self.first_values_line,
                });
            }
            return Ok(match status {
                Status::Unsat => SolverAnswer::Unsatisfiable,
                _ => SolverAnswer::Unknown,
            });
        }
        if !self.saw_values {
            return Err(OutputError::MissingValues);
        }
        if !self.terminated {
            return Err(OutputError::MissingTerminator);
        }
        Ok(SolverAnswer::Satisfiable(self.assignment))
    }
}

/// What an external solver's output means for the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A tour, checked against every clause and every rule of the puzzle.
    Tour(Tour),
    /// The solver proved there is no solution.
    NoTour,
    /// The solver gave up.
    Unknown,
}

/// Why solver output could not be turned into a verdict.
#[derive(Debug, thiserror::Error)]
pub enum SolverOutputError {
    /// The output does not follow the SAT-competition format.
    #[error(transparent)]
    Format(#[from] OutputError),
    /// The puzzle could not be re-encoded to check the output against.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The output names a variable the CNF does not have.
    #[error("the output gives a value to variable {found}, but the CNF has only {expected}: it answers another file")]
    TooManyVariables {
        /// Largest variable the output gives a value (1-based DIMACS number).
        found: usize,
        /// Number of variables in the CNF.
        expected: u32,
    },
    /// The output leaves some of the CNF's variables without a value.
    #[error("the output assigns {assigned} of the CNF's {expected} variables (variable {first_missing} has no value)")]
    MissingVariables {
        /// Number of variables that have a value.
        assigned: usize,
        /// Number of variables in the CNF.
        expected: u32,
        /// 1-based DIMACS number of the first variable without a value.
        first_missing: usize,
    },
    /// The assignment falsifies a clause, so it is not a model of this CNF.
    #[error("the assignment violates clause {index} ({clause}): it is not a model of this CNF")]
    UnsatisfiedClause {
        /// 1-based position of the clause in the CNF.
        index: usize,
        /// The clause's literals in DIMACS form.
        clause: String,
    },
    /// The primary variables do not describe a tour.
    #[error("the model does not decode to a tour")]
    Decode(#[from] DecodeError),
    /// The moves form this many separate cycles instead of one tour.
    #[error("the model contains {0} subtours; it was not produced from this CNF")]
    Subtours(usize),
    /// The decoded tour breaks a rule of the puzzle; holds its cells in visiting order.
    #[error("the decoded tour breaks a rule of the model (this is a bug): {0:?}")]
    Rejected(Vec<usize>),
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

/// Decodes an external solver's output for the DIMACS file that
/// [`write_dimacs`] wrote for the same puzzle and options.
pub fn decode_solver_output(
    puzzle: &Puzzle,
    options: &EncodeOptions,
    text: &str,
) -> Result<Verdict, SolverOutputError> {
    let (options, _) = static_options(puzzle, options);
    let encoding = Encoding::build(puzzle, &options)?;
    decode_with_encoding(puzzle, &encoding, text)
}

/// Decodes an external solver's output for `encoding` (see [`encoding_of_file`]): the
/// assignment must give every variable a value and satisfy every clause.
pub fn decode_with_encoding(
    puzzle: &Puzzle,
    encoding: &Encoding,
    text: &str,
) -> Result<Verdict, SolverOutputError> {
    let answer = parse_solver_output(text)?;
    let assignment = match answer {
        SolverAnswer::Unsatisfiable => return Ok(Verdict::NoTour),
        SolverAnswer::Unknown => return Ok(Verdict::Unknown),
        SolverAnswer::Satisfiable(assignment) => assignment,
    };
    check_model(encoding, &assignment)?;
    let tour = match encoding.decode(|var| assignment.value(var.idx()).unwrap_or(false))? {
        Decoded::Tour(tour) => tour,
        Decoded::Subtours(cycles) => return Err(SolverOutputError::Subtours(cycles.len())),
    };
    if !puzzle.accepts(&tour) {
        return Err(SolverOutputError::Rejected(tour.order().to_vec()));
    }
    Ok(Verdict::Tour(tour))
}

/// The assignment covers exactly the CNF's variables and satisfies every clause.
fn check_model(encoding: &Encoding, assignment: &Assignment) -> Result<(), SolverOutputError> {
    let expected = encoding.n_vars();
    if assignment.max_var() > expected as usize {
        return Err(SolverOutputError::TooManyVariables {
            found: assignment.max_var(),
            expected,
        });
    }
    if let Some(missing) = (0..expected as usize).find(|&i| assignment.value(i).is_none()) {
        return Err(SolverOutputError::MissingVariables {
            assigned: assignment.assigned(),
            expected,
            first_missing: missing + 1,
        });
    }
    for (index, clause) in encoding.cnf().iter().enumerate() {
        if !clause.iter().any(|&lit| assignment.lit_true(lit)) {
            let text: Vec<String> = clause.iter().map(|l| l.to_ipasir().to_string()).collect();
            return Err(SolverOutputError::UnsatisfiedClause {
                index: index + 1,
                clause: text.join(" "),
            });
        }
    }
    Ok(())
}

mod read;

pub use read::{read_dimacs, DimacsFile, DimacsReadError};

#[cfg(test)]
mod tests;
