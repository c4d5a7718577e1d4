//! The way back from an external solver: its output in the SAT-competition format read with
//! an error for every deviation, then checked against every clause of the puzzle's CNF and
//! decoded to a tour the puzzle's rules accept.

use rustsat::types::Lit;

use super::static_options;
use crate::encode::MAX_VARIABLE_INDEX;
use crate::encode::{DecodeError, Decoded, EncodeError, EncodeOptions, Encoding};
use crate::puzzle::Puzzle;
use crate::tour::Tour;

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

/// Decodes an external solver's output for the DIMACS file that
/// [`write_dimacs`](super::write_dimacs) wrote for the same puzzle and options.
pub fn decode_solver_output(
    puzzle: &Puzzle,
    options: &EncodeOptions,
    text: &str,
) -> Result<Verdict, SolverOutputError> {
    let (options, _) = static_options(puzzle, options);
    let encoding = Encoding::build(puzzle, &options)?;
    decode_with_encoding(puzzle, &encoding, text)
}

/// Decodes an external solver's output for `encoding` (see [`encoding_of_file`](super::encoding_of_file)): the
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
