//! knights: a SAT and constraint-modelling pipeline for knight's tour problems.
//!
//! The pipeline flows one way:
//!
//! ```text
//! spec (model file / flags) -> puzzle (checked) -> encode -> solve -> decode -> tour
//! puzzle -> search (native backtracker) ---------------------------------> tour
//! board -> construct (tiles found by sat, stitched) ----------------------> tour
//! tour -> verify (independent of every engine) / symmetry / render / report
//! ```
//!
//! The modules are layered, lowest first as listed here: each imports only from the layers
//! below its own (the table in docs/architecture.md; checked by a unit test on the sources).
//! Every engine implements [`run::Engine`].

pub mod board;
pub mod files;
pub mod random;
pub mod tour;

pub mod symmetry;

pub mod spec;

pub mod puzzle;

pub mod run;
pub mod verify;

pub mod encode;

pub mod format;
pub mod solver;

pub mod frontier;
pub mod sat;
pub mod search;

pub mod choice;

pub mod clues;
pub mod construct;
pub mod distribute;
pub mod optimise;
pub mod sample;

pub mod bench;
pub mod classify;
pub mod render;

#[cfg(test)]
mod layering;
#[cfg(test)]
mod parser_fuzz;
