//! The exceptions the package raises: a bad model is a `ValueError` (as a bad argument is in
//! Python), an engine's failure a `RuntimeError`.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    knights,
    ModelError,
    PyValueError,
    "A model the CLI would refuse: the message names the field, as the CLI's does."
);
create_exception!(
    knights,
    KnightsError,
    PyRuntimeError,
    "An engine, sampler or decoder failed on a model it accepted."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ModelError", m.py().get_type::<ModelError>())?;
    m.add("KnightsError", m.py().get_type::<KnightsError>())?;
    Ok(())
}

/// A model error from any error of the library's model layers.
pub fn model_error(context: &str, err: impl std::fmt::Display) -> PyErr {
    ModelError::new_err(format!("{context}: {err}"))
}

/// A run's failure.
pub fn run_error(err: impl std::fmt::Display) -> PyErr {
    KnightsError::new_err(err.to_string())
}

/// A bad argument to a function (not part of the model).
pub fn argument_error(name: &str, err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{name}: {err}"))
}
