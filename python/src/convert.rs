//! Values between the library and Python: choices by their serde names, and records as
//! Python objects, converted by serde directly (no JSON text on the way).

use crate::errors::argument_error;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyMapping, PyString};
use pythonize::{
    pythonize, pythonize_custom, PythonizeMappingType, PythonizeTypes,
    PythonizeUnnamedMappingAdapter,
};
use serde::de::IntoDeserializer;

/// A choice named as the CLI and the model files name it (its serde name).
pub fn named<T: serde::de::DeserializeOwned>(what: &str, name: &str) -> PyResult<T> {
    let name: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        name.into_deserializer();
    T::deserialize(name).map_err(|e| argument_error(what, e))
}

/// A choice's serde name, for enums that serialise as one word.
pub fn serde_name(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<String> {
    pythonize(py, value)?.extract()
}

/// A record as a Python object, the same as `json.loads` makes of the record's JSON text:
/// dicts in the record's order of fields, keyed by str as JSON is (a map keyed by numbers,
/// such as classify's sizes, keyed by their digits), lists, str, int, float, bool and None.
pub fn record_to_python(py: Python<'_>, record: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    Ok(pythonize_custom::<JsonShaped, _>(py, record)?.unbind())
}

/// The Python types of a record as JSON holds it: str-keyed dicts and lists.
struct JsonShaped;

impl PythonizeTypes for JsonShaped {
    type Map = StrKeyedDict;
    type NamedMap = PythonizeUnnamedMappingAdapter<StrKeyedDict>;
    type List = PyList;
}

/// A dict whose keys are str, as a JSON object's are: an int key (or a bool) is written as
/// JSON writes it.
struct StrKeyedDict;

impl PythonizeMappingType for StrKeyedDict {
    type Builder<'py> = Bound<'py, PyDict>;

    fn builder<'py>(py: Python<'py>, _len: Option<usize>) -> PyResult<Self::Builder<'py>> {
        Ok(PyDict::new(py))
    }

    fn push_item<'py>(
        builder: &mut Self::Builder<'py>,
        key: Bound<'py, PyAny>,
        value: Bound<'py, PyAny>,
    ) -> PyResult<()> {
        let key = if key.is_instance_of::<PyString>() {
            key
        } else if let Ok(flag) = key.cast::<PyBool>() {
            PyString::new(key.py(), if flag.is_true() { "true" } else { "false" }).into_any()
        } else if key.is_instance_of::<PyInt>() {
            key.str()?.into_any()
        } else {
            return Err(PyTypeError::new_err(format!(
                "a record's map key must be a string or an integer, not {}",
                key.get_type().name()?
            )));
        };
        builder.set_item(key, value)
    }

    fn finish<'py>(builder: Self::Builder<'py>) -> PyResult<Bound<'py, PyMapping>> {
        Ok(builder.into_mapping())
    }
}
