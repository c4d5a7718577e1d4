//! What a benchmark case is: a named model, what runs it, and what it is measured against.

use serde::Serialize;

use crate::encode::pb::PbEncoding;
use crate::encode::Connectivity;
use crate::solver::SolverKind;
use crate::spec::Spec;

/// What a case runs.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runner {
    /// The native search, with this many threads.
    Search {
        /// Worker threads (0: one per core).
        jobs: usize,
    },
    /// The SAT engine counting every class.
    SatCount {
        /// The enumerating backend.
        solver: SolverKind,
    },
    /// The SAT engine finding one solution.
    SatFirst {
        /// The backend.
        solver: SolverKind,
    },
    /// The SAT engine counting every class with a chosen line-sum encoding, on one
    /// thread: the encoding comparison measures CNF size, time and conflicts.
    SatEncoding {
        /// How the line sums become clauses.
        pb_encoding: PbEncoding,
    },
    /// The SAT engine finding one solution with a chosen line-sum encoding, on one thread:
    /// the encoding comparison on models too large to count.
    SatEncodingFirst {
        /// How the line sums become clauses.
        pb_encoding: PbEncoding,
    },
    /// The SAT engine counting every class with a chosen backend and connectivity: the
    /// options comparison measures time, solver calls and subtour cuts.
    SatConnectivity {
        /// The enumerating backend.
        solver: SolverKind,
        /// How covers by several cycles are excluded.
        connectivity: Connectivity,
    },
    /// The frontier engine's count (no tour listed), with this many threads.
    Frontier {
        /// Worker threads for the steps in memory (0: one per core).
        jobs: usize,
    },
    /// The baseline backtracker on the bare board.
    Baseline,
    /// The stitch construction, written as binary through the streaming verifier to a
    /// scratch file.
    Construct,
    /// Writing as many bytes as the binary tour, all zeros, to a scratch file: the floor
    /// under any construction that writes its tour.
    WriteFloor,
    /// Warnsdorff's rule from the corner, with this tie-break.
    Warnsdorff {
        /// How ties are broken.
        tie_break: crate::construct::warnsdorff::TieBreak,
    },
    /// `count` distinct random tours of the model by this method (seed 0).
    Sample {
        /// How the samples are found.
        method: crate::sample::Method,
        /// Tours wanted.
        count: usize,
    },
    /// The SAT engine's descent to the least number of cells with an angle of `kind`, then
    /// its count of the tours that attain it (those are the case's solutions and classes).
    Minimise {
        /// The kind of angle minimised.
        kind: crate::puzzle::AngleKind,
    },
    /// `count` tours sampled by Warnsdorff's rule, then classified both ways.
    Classify {
        /// Tours sampled and classified.
        count: usize,
    },
}

/// One benchmark: a model, what runs it, and what its time is set against.
#[derive(Clone, Debug, Serialize)]
pub struct Case {
    /// "group: what", as `--filter` matches it.
    pub name: String,
    /// The model, as TOML, so the record says exactly what ran.
    pub model: String,
    /// The engine and options that run it.
    pub runner: Runner,
    /// The case whose median this one is divided by, if any.
    pub baseline: Option<String>,
    /// Only with `--heavy`: minutes, not seconds.
    pub heavy: bool,
    /// A time-out of the case's own in seconds, used where it is shorter than the run's:
    /// a case that records how far a run gets in a fixed time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cap_seconds: Option<f64>,
}

impl Case {
    /// The same case, stopped after `seconds` at most.
    pub fn capped(self, seconds: f64) -> Case {
        Case {
            cap_seconds: Some(seconds),
            ..self
        }
    }
}

pub(super) fn model_toml(spec: &Spec) -> String {
    spec.to_toml()
}
