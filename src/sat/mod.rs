//! The SAT engine: solve, cut subtours, decode, block whole families, repeat.
//!
//! This folder owns the loop between an [`Encoding`](crate::encode::Encoding) and its solvers:
//!
//! 1. the puzzle's solutions are split into cubes and only the cubes that
//!    symmetry cannot skip are searched ([`crate::encode::cubes`]); each cube
//!    may get an encoding of its own (`schedule`);
//! 2. each worker thread takes cubes one at a time (`workers`), solving under
//!    the cube's assumption literals in one incremental solver ([`session`]);
//!    UNSAT means the cube is done. A cube with a fixed start may be split
//!    further by the path its tours begin with, the parts solved in turn
//!    ([`prefixes`]), and may first go to Kissat, which can show it empty in one
//!    call (`refuter`);
//! 3. a model is decoded; with lazy connectivity it may still be a set of
//!    subtours, which get one cut-set clause each (solve again);
//! 4. a tour is checked with `Puzzle::accepts` (a wrong tour is an error, never
//!    an answer) and expanded to its family ([`family`]); every member is
//!    blocked on the primary variables, and the family's classes are reported
//!    by the worker whose cube owns the family (`cube_search`), so every class
//!    is reported exactly once whatever the number of workers;
//! 5. the run stops on the solution limit (*limit*), a signal (*signal*) or the
//!    deadline (*timeout*). Only an exhausted run is a count (`tally`).
//!
//! [`enumerate_resuming`] starts from tours an interrupted run already wrote:
//! their families are blocked before any solving and count in the totals.
//!
//! The entry points are in [`enumerate`](mod@enumerate); [`SatEngine`] puts them behind
//! the [`Engine`](crate::run::Engine) interface. Nothing here prints.

mod cube_search;
mod engine;
pub mod enumerate;
mod error;
pub mod family;
pub mod manifest;
mod options;
mod parts_done;
mod pool;
pub mod prefixes;
mod proof;
mod refuter;
mod schedule;
pub mod session;
mod stats;
mod tally;
mod workers;

pub use engine::SatEngine;
pub use enumerate::{
    class_of, count, cube_plan_fingerprint, enumerate, enumerate_cubes, enumerate_observed,
    enumerate_resuming, searched_cubes, solve,
};
pub use error::SatError;
pub use options::{RefuteFirst, SatOptions};
pub use proof::{ProofDir, ProofDirError};
pub use session::{Session, Step};
pub use stats::{RefuterStats, SatRunStats, SatStats};
pub use workers::Observers;

#[cfg(test)]
mod tests;
