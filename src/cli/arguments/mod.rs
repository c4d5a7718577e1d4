//! The flags several commands share (the model, the engine and its limits) and their value
//! parsers. Imports `io` and `presentation` only.

pub mod flags;
pub mod model;
pub mod run;
