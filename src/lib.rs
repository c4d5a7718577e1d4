//! knights: a SAT and constraint-modelling pipeline for knight's tour problems.
//!
//! The pipeline flows one way:
//!
//! ```text
//! spec (model file / flags) -> puzzle (checked) -> encode -> solve -> decode -> tour
//! puzzle -> search (native backtracker) ---------------------------------> tour
//! tour -> verify (independent of every engine) / symmetry / render / report
//! ```

pub mod bench;
pub mod board;
pub mod encode;
pub mod format;
pub mod puzzle;
pub mod render;
pub mod run;
pub mod sat;
pub mod search;
pub mod solver;
pub mod spec;
pub mod symmetry;
pub mod tour;
pub mod verify;

#[cfg(test)]
mod parser_fuzz;
