//! Reading a DIMACS CNF file back: the `p cnf` line, every clause with the line it starts
//! on, and the `c knights-options` line when `knights dimacs` wrote it. Every deviation is an
//! error naming its line, and a file that ends early is named as cut off.

use super::OPTIONS_TAG;
use crate::encode::EncodeOptions;
use crate::encode::MAX_VARIABLE_INDEX;

/// A CNF as a DIMACS file states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsFile {
    /// The encoding options from the `c knights-options` line, if the file has one.
    pub options: Option<EncodeOptions>,
    /// Number of variables the `p cnf` line declares.
    pub n_vars: u32,
    /// Clauses as DIMACS literals, in file order.
    pub clauses: Vec<Vec<i32>>,
    /// The line (1-based) each clause starts on.
    pub clause_lines: Vec<usize>,
}

/// What is wrong with a DIMACS file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DimacsReadError {
    /// The `c knights-options` line does not hold valid encoding options.
    #[error("line {line}: the 'c knights-options' line is not valid: {message}")]
    BadOptions {
        /// 1-based line number.
        line: usize,
        /// What the JSON reader objected to.
        message: String,
    },
    /// A `p` line that is not `p cnf VARIABLES CLAUSES`, or declares more variables than allowed.
    #[error("line {line}: not a valid 'p cnf VARIABLES CLAUSES' line")]
    BadProblemLine {
        /// 1-based line number.
        line: usize,
    },
    /// A second `p` line.
    #[error("line {line}: a second 'p cnf' line")]
    SecondProblemLine {
        /// 1-based line number of the second `p` line.
        line: usize,
    },
    /// Literals before any `p cnf` line.
    #[error("line {line}: a clause before the 'p cnf' line")]
    ClauseBeforeProblemLine {
        /// 1-based line number of the first literal.
        line: usize,
    },
    /// A token in a clause that is not an integer.
    #[error("line {line}: '{token}' is not a literal")]
    BadLiteral {
        /// 1-based line number.
        line: usize,
        /// The token as written.
        token: String,
    },
    /// A literal names a variable the `p cnf` line does not declare.
    #[error(
        "line {line}: literal {literal} is beyond the {n_vars} variables the 'p cnf' line declares"
    )]
    VariableOutOfRange {
        /// 1-based line number.
        line: usize,
        /// The literal as written.
        literal: i64,
        /// Number of variables the `p cnf` line declares.
        n_vars: u32,
    },
    /// The file has no `p cnf` line.
    #[error("no 'p cnf VARIABLES CLAUSES' line")]
    NoProblemLine,
    /// The last clause has no closing `0`, so the file is cut off.
    #[error("the last clause (from line {line}) has no terminating 0: the file is cut off")]
    Unterminated {
        /// 1-based line number where that clause starts.
        line: usize,
    },
    /// The number of clauses differs from what the `p cnf` line declares.
    #[error("the file holds {found} clauses, but its 'p cnf' line (line {line}) declares {declared}: it is cut off or altered")]
    ClauseCount {
        /// Clauses in the file.
        found: usize,
        /// Clauses the `p cnf` line declares.
        declared: usize,
        /// 1-based line number of the `p cnf` line.
        line: usize,
    },
}

/// Reads a DIMACS CNF file.
pub fn read_dimacs(text: &str) -> Result<DimacsFile, DimacsReadError> {
    let mut reader = Reader::default();
    for (index, raw) in text.lines().enumerate() {
        reader.read_line(index + 1, raw.trim())?;
    }
    reader.finish()
}

#[derive(Default)]
struct Reader {
    options: Option<EncodeOptions>,
    /// (variables, clauses, line) of the `p cnf` line.
    problem: Option<(u32, usize, usize)>,
    clauses: Vec<Vec<i32>>,
    clause_lines: Vec<usize>,
    /// The clause being read and the line it started on.
    open: Option<(Vec<i32>, usize)>,
}

impl Reader {
    fn read_line(&mut self, line: usize, text: &str) -> Result<(), DimacsReadError> {
        if let Some(json) = text.strip_prefix(OPTIONS_TAG.trim_end()) {
            let options =
                serde_json::from_str(json.trim()).map_err(|e| DimacsReadError::BadOptions {
                    line,
                    message: e.to_string(),
                })?;
            self.options = Some(options);
            return Ok(());
        }
        if text.is_empty() || text.starts_with('c') || text == "%" {
            return Ok(());
        }
        if let Some(rest) = text.strip_prefix('p') {
            return self.read_problem_line(line, rest);
        }
        self.read_literals(line, text)
    }

    fn read_problem_line(&mut self, line: usize, rest: &str) -> Result<(), DimacsReadError> {
        if self.problem.is_some() {
            return Err(DimacsReadError::SecondProblemLine { line });
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let bad = DimacsReadError::BadProblemLine { line };
        let [format, vars, clauses] = words[..] else {
            return Err(bad);
        };
        let vars = vars
            .parse::<u32>()
            .ok()
            .filter(|&v| v as usize <= MAX_VARIABLE_INDEX + 1);
        let clauses = clauses.parse::<usize>().ok();
        match (format, vars, clauses) {
            ("cnf", Some(vars), Some(clauses)) => {
                self.problem = Some((vars, clauses, line));
                Ok(())
            }
            _ => Err(bad),
        }
    }

    fn read_literals(&mut self, line: usize, text: &str) -> Result<(), DimacsReadError> {
        let Some((n_vars, _, _)) = self.problem else {
            return Err(DimacsReadError::ClauseBeforeProblemLine { line });
        };
        for token in text.split_whitespace() {
            let literal: i64 = token.parse().map_err(|_| DimacsReadError::BadLiteral {
                line,
                token: token.to_string(),
            })?;
            if literal.unsigned_abs() > u64::from(n_vars) {
                return Err(DimacsReadError::VariableOutOfRange {
                    line,
                    literal,
                    n_vars,
                });
            }
            let (clause, _) = self.open.get_or_insert_with(|| (Vec::new(), line));
            if literal == 0 {
                let (clause, start) = self.open.take().expect("just opened");
                self.clauses.push(clause);
                self.clause_lines.push(start);
            } else {
                clause.push(literal as i32);
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<DimacsFile, DimacsReadError> {
        let (n_vars, declared, line) = self.problem.ok_or(DimacsReadError::NoProblemLine)?;
        if let Some((_, line)) = self.open {
            return Err(DimacsReadError::Unterminated { line });
        }
        if self.clauses.len() != declared {
            return Err(DimacsReadError::ClauseCount {
                found: self.clauses.len(),
                declared,
                line,
            });
        }
        Ok(DimacsFile {
            options: self.options,
            n_vars,
            clauses: self.clauses,
            clause_lines: self.clause_lines,
        })
    }
}
