//! The engine's counters: summed over workers while it runs, and the typed record that
//! closes its summary.

use serde::Serialize;

use super::options::worker_count;
use super::SatOptions;
use crate::encode::cubes::CubePlan;
use crate::encode::pb::PbEncoding;
use crate::encode::{Connectivity, Encoding, VariableFamily};
use crate::solver::kissat::Refuter;

/// Counters of one SAT run (summed over workers).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SatStats {
    /// Calls to the SAT solver.
    pub solve_calls: u64,
    /// Clauses added to cut subtours out of models (lazy connectivity only).
    pub subtour_cuts: u64,
    /// Clauses added to block solutions already found.
    pub blocking_clauses: u64,
    /// Seconds spent inside solve calls, summed over worker threads.
    pub solve_cpu_seconds: f64,
    /// Cubes whose search finished.
    pub cubes_done: u64,
    /// Families found by a worker that did not own them (blocked, not reported).
    pub foreign_families: u64,
    /// CaDiCaL's conflicts (counted as learnt clauses); `None` where the
    /// backend does not count them (varisat), so no summary shows 0 for them.
    pub conflicts: Option<u64>,
    /// Parts of cubes solved one after another ([`super::prefixes`]).
    pub prefix_cubes: u64,
    /// Cubes handed to Kissat first, and those it showed empty.
    pub refuter_calls: u64,
    /// Cubes Kissat showed to hold no solution.
    pub refuted_cubes: u64,
    /// Tours taken from Kissat's models (one per cube it found satisfiable).
    pub refuter_tours: u64,
    /// Seconds spent in Kissat calls, summed over worker threads.
    pub refuter_cpu_seconds: f64,
    /// Lex-leader clauses added to cubes' own encodings.
    pub lex_leader_clauses: u64,
    /// DRAT proofs written (proof mode: one per solver that refuted a cube).
    pub proofs: u64,
}

impl SatStats {
    pub(super) fn add(&mut self, other: &SatStats) {
        self.solve_calls += other.solve_calls;
        self.subtour_cuts += other.subtour_cuts;
        self.blocking_clauses += other.blocking_clauses;
        self.solve_cpu_seconds += other.solve_cpu_seconds;
        self.cubes_done += other.cubes_done;
        self.foreign_families += other.foreign_families;
        self.conflicts = match (self.conflicts, other.conflicts) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        self.prefix_cubes += other.prefix_cubes;
        self.refuter_calls += other.refuter_calls;
        self.refuted_cubes += other.refuted_cubes;
        self.refuter_tours += other.refuter_tours;
        self.refuter_cpu_seconds += other.refuter_cpu_seconds;
        self.lex_leader_clauses += other.lex_leader_clauses;
        self.proofs += other.proofs;
    }
}

/// The SAT engine's figures for the summary's `stats` object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatRunStats {
    /// The enumerating backend, with its version.
    pub solver: String,
    /// Which variables carry the solution.
    pub family: VariableFamily,
    /// How subtours are ruled out.
    pub connectivity: Connectivity,
    /// The PB encoding of the run's own CNF (cubes may use a leaner one).
    pub pb_encoding: PbEncoding,
    /// Size of the run's CNF (one cube's, when each cube has its own).
    pub variables: u32,
    /// Number of clauses in the run's CNF.
    pub clauses: usize,
    /// Number of variables that carry the solution.
    pub primary_variables: usize,
    /// Worker threads.
    pub jobs: usize,
    /// The puzzle's automorphisms.
    pub automorphisms: usize,
    /// Cubes in the split, those searched after symmetry, and those finished.
    pub cubes: usize,
    /// Cubes left to search once symmetry has skipped the rest.
    pub cubes_searched: usize,
    /// Cubes whose search finished.
    pub cubes_done: u64,
    /// Calls to the SAT solver.
    pub solve_calls: u64,
    /// Clauses added to cut subtours out of models.
    pub subtour_cuts: u64,
    /// Clauses added to block solutions already found.
    pub blocking_clauses: u64,
    /// Families found by a worker that did not own them (blocked, not reported).
    pub foreign_families: u64,
    /// Parts of cubes solved one after another.
    pub prefix_cubes: u64,
    /// CaDiCaL's conflicts; absent where the backend does not count them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<u64>,
    /// Seconds spent inside solve calls, summed over worker threads.
    pub solve_cpu_seconds: f64,
    /// Clauses added to break symmetry inside cubes; shown only when some were.
    #[serde(skip_serializing_if = "is_zero")]
    pub lex_leader_clauses: u64,
    /// DRAT proofs written; shown only in proof mode.
    #[serde(skip_serializing_if = "is_zero")]
    pub proofs: u64,
    /// Kissat's part, shown only when it had one.
    #[serde(flatten)]
    pub refuter: Option<RefuterStats>,
    /// Classes counted from the tours a resumed run started with.
    pub resumed_classes: u64,
}

/// What Kissat did when it saw cubes first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RefuterStats {
    /// Kissat, with its version.
    pub refuter: String,
    /// Cubes handed to Kissat before the enumerating solver.
    pub refuter_calls: u64,
    /// Cubes Kissat showed to hold no solution.
    pub refuted_cubes: u64,
    /// Tours taken from Kissat's models.
    pub refuter_tours: u64,
    /// Seconds spent in Kissat calls, summed over worker threads.
    pub refuter_cpu_seconds: f64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

/// What a run's figures are drawn from, besides its counters.
pub(super) struct RunShape<'a> {
    pub encoding: &'a Encoding,
    pub options: &'a SatOptions,
    pub plan: &'a CubePlan,
    pub automorphisms: usize,
    pub signature: &'a str,
    pub resumed_classes: u64,
}

impl SatRunStats {
    pub(super) fn new(shape: &RunShape<'_>, stats: &SatStats) -> Self {
        let report = shape.encoding.report();
        SatRunStats {
            solver: shape.signature.to_string(),
            family: shape.encoding.family(),
            connectivity: shape.options.encode.connectivity,
            pb_encoding: shape.encoding.options().pb_encoding,
            variables: report.variables,
            clauses: report.clauses,
            primary_variables: report.primary_variables,
            jobs: worker_count(shape.options.jobs),
            automorphisms: shape.automorphisms,
            cubes: shape.plan.total(),
            cubes_searched: shape.plan.searched().len(),
            cubes_done: stats.cubes_done,
            solve_calls: stats.solve_calls,
            subtour_cuts: stats.subtour_cuts,
            blocking_clauses: stats.blocking_clauses,
            foreign_families: stats.foreign_families,
            prefix_cubes: stats.prefix_cubes,
            conflicts: stats.conflicts,
            solve_cpu_seconds: stats.solve_cpu_seconds,
            lex_leader_clauses: stats.lex_leader_clauses,
            proofs: stats.proofs,
            refuter: (stats.refuter_calls > 0).then(|| RefuterStats {
                refuter: Refuter::signature(),
                refuter_calls: stats.refuter_calls,
                refuted_cubes: stats.refuted_cubes,
                refuter_tours: stats.refuter_tours,
                refuter_cpu_seconds: stats.refuter_cpu_seconds,
            }),
            resumed_classes: shape.resumed_classes,
        }
    }
}
