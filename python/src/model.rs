//! `Model`: a puzzle from keyword arguments or a model file, checked by the library exactly as
//! the CLI checks `--board ...` and model files.

use crate::errors::model_error;
use knights::puzzle::Puzzle;
use knights::spec::Spec;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pythonize::depythonize;
use std::path::PathBuf;

/// Keyword arguments that stand for a field of `[sums]`, so that
/// `Model(board="8x8", rows=260, cols=260)` reads as the model file would.
const SUM_FIELDS: [&str; 5] = ["rows", "cols", "half_rows", "half_cols", "diagonals"];

/// A knight's tour model: a board, a leaper and the rules a tour must meet.
///
/// Model(board="6x6", closed=True), Model(board="8x8", rows=260, cols=260),
/// Model(board="8x8", start={"cols": [0]}, symmetry="rot180"): the keywords are the fields
/// of a model file (models/README.md), with rows, cols, half_rows, half_cols and diagonals
/// as shorthands for the line sums of [sums]. Model.load(path) reads a model file. A model
/// the CLI refuses raises ModelError (a ValueError) naming the field.
#[pyclass(module = "knights", frozen)]
pub struct Model {
    pub spec: Spec,
    pub puzzle: Puzzle,
}

impl Model {
    pub fn checked(spec: Spec, origin: &str) -> PyResult<Model> {
        let puzzle = Puzzle::from_spec(&spec).map_err(|e| model_error(origin, e))?;
        Ok(Model { spec, puzzle })
    }
}

/// The spec of keyword arguments: each keyword's value taken as the TOML value a model file
/// would hold there, then read through the same serde definitions as a model file, so the same
/// fields are accepted and refused with the same words.
fn spec_of(board: &str, fields: Option<&Bound<'_, PyDict>>) -> PyResult<Spec> {
    let origin = format!("Model(board={board:?})");
    let mut table = toml::Table::new();
    table.insert("board".to_string(), toml::Value::String(board.to_string()));
    let mut sums = toml::Table::new();
    for (key, value) in fields.into_iter().flat_map(|d| d.iter()) {
        if value.is_none() {
            continue;
        }
        let name: String = key.extract()?;
        let (within, field) = match SUM_FIELDS.contains(&name.as_str()) {
            true => (&mut sums, format!("sums.{name}")),
            false => (&mut table, name.clone()),
        };
        let value = depythonize::<toml::Value>(&value)
            .map_err(|e| model_error(&origin, format!("{field}: {e}")))?;
        within.insert(name, value);
    }
    if !sums.is_empty() {
        if table.contains_key("sums") {
            return Err(model_error(
                "model",
                "give line sums either as sums={...} or as rows=/cols=/... keywords, not both",
            ));
        }
        table.insert("sums".to_string(), toml::Value::Table(sums));
    }
    toml::Value::Table(table)
        .try_into::<Spec>()
        .map_err(|e| model_error(&origin, e))
}

#[pymethods]
impl Model {
    #[new]
    #[pyo3(signature = (board, **fields))]
    fn new(board: &str, fields: Option<&Bound<'_, PyDict>>) -> PyResult<Model> {
        let spec = spec_of(board, fields)?;
        Model::checked(spec, &format!("Model(board={board:?})"))
    }

    /// Reads a model file (TOML, see models/README.md).
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<Model> {
        let origin = format!("Model.load({:?})", path.display().to_string());
        let spec = Spec::from_file(&path).map_err(|e| model_error(&origin, e))?;
        Model::checked(spec, &origin)
    }

    /// The model's name: the file stem, or the board.
    #[getter]
    fn name(&self) -> String {
        self.puzzle.name.clone()
    }

    /// The board, as "ROWSxCOLS" or "LAYERSxROWSxCOLS".
    #[getter]
    fn board(&self) -> String {
        self.puzzle.board.shape().to_string()
    }

    /// Whether a tour must close.
    #[getter]
    fn closed(&self) -> bool {
        self.puzzle.closed.is_closed()
    }

    /// What one solution is: "cycle", "path" or "numbered".
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<String> {
        crate::convert::serde_name(py, &self.puzzle.kind())
    }

    /// The given numbers, as (row, col, number), or (layer, row, col, number) in a box.
    #[getter]
    fn givens(&self) -> Vec<Vec<i64>> {
        self.spec.givens.clone()
    }

    /// The model as the TOML a model file holds.
    fn to_toml(&self) -> String {
        self.spec.to_toml()
    }

    fn __repr__(&self) -> String {
        format!(
            "Model(name={:?}, board={:?}, closed={})",
            self.puzzle.name,
            self.board(),
            if self.puzzle.closed.is_closed() {
                "True"
            } else {
                "False"
            }
        )
    }
}
