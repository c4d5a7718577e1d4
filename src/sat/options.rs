//! Everything the SAT engine can be told, and the defaults that depend on the puzzle.

use serde::{Deserialize, Serialize};

use super::proof::ProofDir;
use crate::encode::EncodeOptions;
use crate::puzzle::Puzzle;
use crate::run::FinishedCubes;
use crate::solver::{CadicalOption, CadicalPreset, SolverKind};

/// Everything the SAT engine can be told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SatOptions {
    /// The backend that enumerates.
    pub solver: SolverKind,
    /// CaDiCaL's option preset; ignored by varisat.
    pub cadical_preset: CadicalPreset,
    /// CaDiCaL options set after the preset (for experiments).
    #[serde(default)]
    pub cadical_options: Vec<CadicalOption>,
    /// The choices that shape the CNF.
    pub encode: EncodeOptions,
    /// Worker threads, each with its own solver taking cubes in turn; 0 means
    /// one per core. Counts and classes are the same for any number.
    #[serde(default)]
    pub jobs: usize,
    /// Search both halves of a cube that an automorphism maps onto itself,
    /// instead of only the lex-leaders (for measurements and cross-checks).
    #[serde(default)]
    pub no_symmetry_breaking: bool,
    /// Split each cube with a fixed start by the cells of numbers 2 to this
    /// ([`super::prefixes`]); `None` takes the puzzle's default.
    #[serde(default)]
    pub prefix_length: Option<u32>,
    /// Whether each cube first goes to Kissat, which may show it empty in one
    /// call, before CaDiCaL enumerates it.
    #[serde(default)]
    pub refute_first: RefuteFirst,
    /// Write a DRAT proof of every solver's work here (the `proof` module); not part of a
    /// job's options, which say what to compute, not where to put its evidence.
    #[serde(skip)]
    pub proof: Option<ProofDir>,
    /// Cubes an interrupted run finished (`--resume`): not searched again. Not part of a
    /// job's options either: it says what is already done, not what to compute.
    #[serde(skip)]
    pub finished: Option<FinishedCubes>,
}

/// Whether a cube is first handed to Kissat ([`crate::solver::kissat`]):
/// an empty cube is then done in one Kissat call; a cube with solutions goes on
/// to the enumerating backend, having cost one call more.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum RefuteFirst {
    /// Kissat for models whose cubes are mostly empty: numbered tours with line
    /// sums, cubes not split by prefix, CaDiCaL enumerating, no solution limit.
    #[default]
    Auto,
    /// Kissat before every cube of its own encoding.
    Kissat,
    /// Never: the enumerating backend does everything.
    Off,
}

/// How many numbers each prefix cube fixes: the option, or the default for
/// the puzzle. Closed half-turn symmetric tours split into paths of 8 cells:
/// their whole cubes are too hard for one incremental solver, while small
/// parts finish. Open models got slower with every length tried, so they are
/// not split (results/sat-measurements-2026-11-23.md).
pub(super) fn prefix_length(puzzle: &Puzzle, options: &SatOptions) -> u32 {
    options.prefix_length.unwrap_or(
        if puzzle.closed.is_closed() && puzzle.symmetry.has_half_turn() {
            8
        } else {
            1
        },
    )
}

pub(super) fn worker_count(jobs: usize) -> usize {
    crate::run::workers(jobs)
}
