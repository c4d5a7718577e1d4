//! The project's own files: shipped models (`models/NAME.toml`), reference tours
//! (`tests/data/tours/NAME.txt`, copied from the seeds; tests/data/known-counts.md gives
//! their sources), and models written inline as TOML.

use knights::puzzle::Puzzle;
use knights::spec::Spec;
use knights::tour::{text, Tour};
use std::path::PathBuf;

/// The crate's root folder, where `models/` and `tests/` are.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped model `models/NAME.toml`.
pub fn model(name: &str) -> Puzzle {
    let path = root().join("models").join(format!("{name}.toml"));
    Puzzle::from_spec(&Spec::from_file(&path).unwrap()).unwrap()
}

/// A model written inline as TOML.
pub fn puzzle(toml: &str) -> Puzzle {
    Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
}

/// The reference tour `tests/data/tours/NAME.txt`.
pub fn tour(name: &str) -> Tour {
    let path = root().join("tests/data/tours").join(format!("{name}.txt"));
    text::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The eight nested semimagic reference tours (seed 000), one per class.
pub fn nested_tours() -> Vec<Tour> {
    (1..=8)
        .map(|i| tour(&format!("nested-semimagic-{i}")))
        .collect()
}
