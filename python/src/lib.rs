//! The `knights._native` extension module: the knights library's layers, called from Python.
//!
//! Each file owns one part of the API: the model (`model`), tours (`tour`), runs of an engine
//! (`run`) and their lazy stream (`stream`), the CNF boundary for PySAT (`cnf`), the
//! tools that take tours in or out (`tools`) and puzzles made from tours (`puzzles`). The
//! Python package `knights` re-exports them.

mod cnf;
mod convert;
mod errors;
mod model;
mod puzzles;
mod run;
mod stream;
mod tools;
mod tour;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_class::<model::Model>()?;
    m.add_class::<tour::Tour>()?;
    m.add_class::<run::CountResult>()?;
    m.add_class::<stream::TourIterator>()?;
    m.add_class::<cnf::Cnf>()?;
    m.add_function(wrap_pyfunction!(run::count, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve, m)?)?;
    m.add_function(wrap_pyfunction!(stream::enumerate, m)?)?;
    m.add_function(wrap_pyfunction!(stream::running_enumerations, m)?)?;
    m.add_function(wrap_pyfunction!(tools::sample, m)?)?;
    m.add_function(wrap_pyfunction!(tools::classify, m)?)?;
    m.add_function(wrap_pyfunction!(tools::construct_tour, m)?)?;
    m.add_function(wrap_pyfunction!(tools::verify, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::make_puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(cnf::to_dimacs, m)?)?;
    m.add_function(wrap_pyfunction!(cnf::decode, m)?)?;
    Ok(())
}
