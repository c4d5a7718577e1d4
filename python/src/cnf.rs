//! The CNF boundary for PySAT users: a model's clauses and variable map, as `knights dimacs`
//! writes them, and a solver's model decoded back into a verified tour.

use crate::convert::named;
use crate::errors::{argument_error, model_error, run_error};
use crate::model::Model;
use crate::run::checked;
use crate::tour::{cell_tuple, Tour};
use knights::encode::{EncodeOptions, Primary};
use knights::format::dimacs::{decode_solver_output, write_dimacs, Verdict};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A model's CNF: clauses of DIMACS literals and what each primary variable means.
///
/// clauses: lists of nonzero ints; n_vars; variables: {var: meaning} for the primary
/// variables, whose values decode to a solution; dimacs: the text `knights dimacs` writes.
/// knights.pysat.to_cnf(cnf) makes a pysat.formula.CNF of it.
#[pyclass(module = "knights", frozen, get_all)]
pub struct Cnf {
    pub clauses: Vec<Vec<i32>>,
    pub n_vars: u32,
    pub variables: Py<PyDict>,
    pub dimacs: String,
}

#[pymethods]
impl Cnf {
    fn __repr__(&self) -> String {
        format!(
            "<Cnf: {} variables, {} clauses>",
            self.n_vars,
            self.clauses.len()
        )
    }
}

fn options(pb_encoding: Option<&str>, connectivity: Option<&str>) -> PyResult<EncodeOptions> {
    let mut options = EncodeOptions::default();
    if let Some(name) = pb_encoding {
        options.pb_encoding = named("pb_encoding", name)?;
    }
    if let Some(name) = connectivity {
        options.connectivity = named("connectivity", name)?;
    }
    Ok(options)
}

/// One primary variable's meaning as a dict: its kind and cells (and number).
fn meaning<'py>(
    py: Python<'py>,
    shape: knights::board::Shape,
    primary: Primary,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let cell = |c| cell_tuple(py, shape, c);
    match primary {
        Primary::Number { cell: c, number } => {
            dict.set_item("kind", "number")?;
            dict.set_item("cell", cell(c)?)?;
            dict.set_item("number", number)?;
        }
        Primary::Arc { from, to } => {
            dict.set_item("kind", "move")?;
            dict.set_item("from", cell(from)?)?;
            dict.set_item("to", cell(to)?)?;
        }
        Primary::Start { cell: c } => {
            dict.set_item("kind", "start")?;
            dict.set_item("cell", cell(c)?)?;
        }
        Primary::End { cell: c } => {
            dict.set_item("kind", "end")?;
            dict.set_item("cell", cell(c)?)?;
        }
        Primary::Edge { a, b } => {
            dict.set_item("kind", "edge")?;
            dict.set_item("cells", (cell(a)?, cell(b)?))?;
        }
    }
    Ok(dict)
}

/// The model's CNF as `knights dimacs` writes it (a static file: lazy connectivity becomes
/// the ordering encoding). pb_encoding and connectivity as the CLI's flags name them.
#[pyfunction]
#[pyo3(signature = (model, *, pb_encoding=None, connectivity=None))]
pub fn to_dimacs(
    py: Python<'_>,
    model: &Model,
    pb_encoding: Option<&str>,
    connectivity: Option<&str>,
) -> PyResult<Cnf> {
    let puzzle = &model.puzzle;
    let options = options(pb_encoding, connectivity)?;
    let mut text = Vec::new();
    let encoding = py
        .detach(|| write_dimacs(puzzle, &options, &mut text))
        .map_err(|e| model_error(&format!("model {}", puzzle.name), e))?;
    let clauses = encoding
        .cnf()
        .iter()
        .map(|clause| clause.iter().map(|lit| lit.to_ipasir()).collect())
        .collect();
    let variables = PyDict::new(py);
    let shape = puzzle.board.shape();
    for (var, primary) in encoding.primary() {
        variables.set_item(var.to_ipasir(), meaning(py, shape, primary)?)?;
    }
    Ok(Cnf {
        clauses,
        n_vars: encoding.n_vars(),
        variables: variables.unbind(),
        dimacs: String::from_utf8(text).map_err(run_error)?,
    })
}

/// The tour a SAT solver's model of to_dimacs(model) describes, checked against every clause
/// and verified; `literals` is the model as a list of DIMACS literals (PySAT's
/// get_model()), giving every variable of the CNF a value. The options must be those the CNF
/// was made with.
#[pyfunction]
#[pyo3(signature = (model, literals, *, pb_encoding=None, connectivity=None))]
pub fn decode(
    py: Python<'_>,
    model: &Model,
    literals: Vec<i64>,
    pb_encoding: Option<&str>,
    connectivity: Option<&str>,
) -> PyResult<Tour> {
    let puzzle = &model.puzzle;
    let options = options(pb_encoding, connectivity)?;
    // The solver's model goes through the same reader and checks as a solver's output file
    // does under `knights decode`.
    let mut answer = String::from("s SATISFIABLE\nv");
    for literal in &literals {
        answer.push_str(&format!(" {literal}"));
    }
    answer.push_str(" 0\n");
    let verdict = py
        .detach(|| decode_solver_output(puzzle, &options, &answer))
        .map_err(|e| argument_error("literals", e))?;
    match verdict {
        Verdict::Tour(tour) => checked(puzzle, tour),
        Verdict::NoTour | Verdict::Unknown => Err(argument_error("literals", "no model given")),
    }
}
