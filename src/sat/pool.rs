//! What the worker threads share: the pool they take cubes from ([`WorkPool`]), the messages
//! they send the reporting thread ([`Message`]) and how each ends ([`WorkerEnd`]).

use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use super::{SatError, SatOptions, SatStats};
use crate::encode::cubes::{Cube, CubePlan};
use crate::encode::{EncodeOptions, Encoding};
use crate::puzzle::{Automorphism, Puzzle};
use crate::run::StopFlag;
use crate::run::{Class, Ending};
use crate::solver::StopSignal;
use crate::tour::Tour;

/// What every worker reads.
pub(super) struct WorkPool<'a> {
    pub(super) puzzle: &'a Puzzle,
    /// The one encoding every cube is solved in, under assumptions; `None`
    /// when each cube gets an encoding of its own ([`per_cube`]).
    pub(super) encoding: Option<&'a Encoding>,
    /// What each cube's own encoding is built with ([`cube_options`]).
    pub(super) cube_options: EncodeOptions,
    /// Kissat sees each cube of its own encoding first ([`refutes_first`]).
    pub(super) refutes_first: bool,
    pub(super) options: &'a SatOptions,
    pub(super) autos: &'a [Automorphism],
    pub(super) plan: &'a CubePlan,
    /// Solutions blocked before any solving (families of resumed tours).
    pub(super) blocked: &'a [Tour],
    /// The cubes in the order workers take them ([`hand_out_order`]).
    pub(super) cubes: Vec<Cube>,
    pub(super) next_cube: AtomicUsize,
    /// Raised when the solution limit is met, or a worker failed.
    pub(super) halt: StopFlag,
    pub(super) stop: StopSignal,
    /// When the run started, for the solvers' progress.
    pub(super) started: Instant,
}

/// What a worker sends to the thread that reports.
pub(super) enum Message {
    Classes(Vec<Class>),
    /// One part of a cube split into parts finished: the part's index in the split whose
    /// fingerprint is given.
    PartDone {
        cube: Cube,
        split: String,
        part: usize,
    },
    /// One cube finished.
    CubeDone(Cube),
    Done(Result<WorkerEnd, SatError>),
}

pub(super) struct WorkerEnd {
    pub(super) stopped: Option<Ending>,
    pub(super) stats: SatStats,
    pub(super) signature: &'static str,
}
