//! varisat backend: an adapter from rustsat literals to the `varisat` crate.
//!
//! varisat 0.2 (Jannis Harder) is a pure-Rust CDCL solver with incremental
//! clauses and assumptions. It has no interrupt or terminate hook, so the
//! shared [`StopSignal`] is checked only before each solve call: a running
//! varisat search always runs to its verdict. It never eliminates variables,
//! so nothing needs freezing.
//!
//! varisat reports a model only for variables it has seen; every other
//! variable reads as false, the same convention CaDiCaL follows, so both
//! backends give identical answers for the same clauses.

use std::time::Instant;

use ::varisat::ExtendFormula;
use rustsat::solvers::SolverResult;
use rustsat::types::{Lit, Var};

use super::{
    check_variable, AnswerState, Backend, BackendError, BackendStats, SolverKind, StopSignal,
};

const NAME: &str = "varisat";

/// varisat behind [`Backend`] and rustsat's solver traits.
pub struct VarisatBackend {
    solver: ::varisat::Solver<'static>,
    state: AnswerState,
    /// Value of each variable index in the last model.
    model: Vec<bool>,
    failed: Vec<Lit>,
    stop: StopSignal,
    usage: BackendStats,
    /// First error met inside rustsat's `Extend` impls, reported by the next
    /// solve call instead of panicking.
    deferred_error: Option<BackendError>,
}

impl VarisatBackend {
    /// A fresh solver that checks `stop` before every solve call.
    pub fn new(stop: StopSignal) -> Self {
        VarisatBackend {
            solver: ::varisat::Solver::new(),
            state: AnswerState::Input,
            model: Vec::new(),
            failed: Vec::new(),
            stop,
            usage: BackendStats::default(),
            deferred_error: None,
        }
    }

    fn run_search(&mut self, assumptions: &[::varisat::Lit]) -> Result<SolverResult, BackendError> {
        // `assume` replaces the previous assumptions, so an empty slice clears them.
        self.solver.assume(assumptions);
        match self.solver.solve() {
            Ok(true) => Ok(SolverResult::Sat),
            Ok(false) => Ok(SolverResult::Unsat),
            Err(::varisat::solver::SolverError::Interrupted) => Ok(SolverResult::Interrupted),
            Err(err) => Err(BackendError::Solver {
                backend: NAME,
                message: err.to_string(),
            }),
        }
    }

    fn remember_answer(&mut self, result: SolverResult) {
        self.model.clear();
        self.failed.clear();
        match result {
            SolverResult::Sat => self.remember_model(),
            SolverResult::Unsat => self.remember_failed_assumptions(),
            SolverResult::Interrupted => {}
        }
    }

    fn remember_model(&mut self) {
        let Some(lits) = self.solver.model() else {
            return;
        };
        let len = lits.iter().map(|lit| lit.index() + 1).max().unwrap_or(0);
        self.model = vec![false; len];
        for lit in lits {
            self.model[lit.index()] = lit.is_positive();
        }
    }

    fn remember_failed_assumptions(&mut self) {
        let core = self.solver.failed_core().unwrap_or(&[]);
        self.failed = core.iter().map(|&lit| from_varisat(lit)).collect();
    }
}

fn to_varisat(lit: Lit) -> Result<::varisat::Lit, BackendError> {
    // MAX_VARIABLE_INDEX is below varisat's own limit (checked in a test).
    check_variable(NAME, lit)?;
    Ok(::varisat::Lit::from_index(lit.vidx(), lit.is_pos()))
}

fn to_varisat_lits(lits: &[Lit]) -> Result<Vec<::varisat::Lit>, BackendError> {
    lits.iter().map(|&lit| to_varisat(lit)).collect()
}

fn from_varisat(lit: ::varisat::Lit) -> Lit {
    // Indices came from rustsat literals, so they fit back.
    Lit::new(lit.index() as u32, lit.is_negative())
}

/// Name and version of the solver.
pub(super) const SIGNATURE: &str = "varisat-0.2";

impl Backend for VarisatBackend {
    fn kind(&self) -> SolverKind {
        SolverKind::Varisat
    }

    fn signature(&self) -> &'static str {
        SIGNATURE
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<(), BackendError> {
        let lits = to_varisat_lits(clause)?;
        self.solver.add_clause(&lits);
        self.usage.note_clause(clause);
        self.state = AnswerState::Input;
        Ok(())
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SolverResult, BackendError> {
        self.take_deferred_error()?;
        let lits = to_varisat_lits(assumptions)?;
        assumptions
            .iter()
            .for_each(|lit| self.usage.note_var(lit.var()));
        let started = Instant::now();
        let result = if self.stop.is_raised() {
            SolverResult::Interrupted
        } else {
            self.run_search(&lits)?
        };
        self.usage.note_answer(result, started.elapsed());
        self.state = AnswerState::from_result(result);
        self.remember_answer(result);
        Ok(result)
    }

    fn value(&self, var: Var) -> Result<bool, BackendError> {
        self.state
            .require(AnswerState::Sat, NAME, "reading a model value")?;
        Ok(self.model.get(var.idx()).copied().unwrap_or(false))
    }

    fn failed_assumptions(&self) -> Result<Vec<Lit>, BackendError> {
        self.state
            .require(AnswerState::Unsat, NAME, "reading failed assumptions")?;
        Ok(self.failed.clone())
    }

    fn stop_signal(&self) -> &StopSignal {
        &self.stop
    }

    fn interrupts_running_solve(&self) -> bool {
        false
    }

    fn usage(&self) -> &BackendStats {
        &self.usage
    }
}

super::rustsat_traits::impl_rustsat_traits!(VarisatBackend);
