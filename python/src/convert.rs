//! Values between the library and Python: choices by their serde names, and records as
//! Python objects.

use crate::errors::{argument_error, run_error};
use pyo3::prelude::*;

/// A choice named as the CLI and the model files name it (its serde name).
pub fn named<T: serde::de::DeserializeOwned>(what: &str, name: &str) -> PyResult<T> {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .map_err(|e| argument_error(what, e))
}

/// A choice's serde name, for enums that serialise as one word.
pub fn serde_name(value: &impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// A Python object from any value serde can write.
pub fn to_python(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(run_error)?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
