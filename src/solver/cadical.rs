//! CaDiCaL backend: an adapter from rustsat literals to CaDiCaL, which the
//! `cadical` crate compiles.
//!
//! The crate statically links CaDiCaL 1.9.5 (Biere, Fazekas, Fleury,
//! Heisinger: "CaDiCaL, Kissat, Paracooba, Plingeling and Treengeling entering
//! the SAT Competition 2020"). It is built with `cc` only, which is why we use
//! it instead of `rustsat-cadical` (that one needs libclang for bindgen).
//!
//! What the adapter does:
//! - clauses, assumptions, model values and failed assumptions (IPASIR);
//! - a terminate hook polled during search, connected to the shared
//!   [`StopSignal`];
//! - option presets (`default`, `plain`, `sat`, `unsat`), and single options
//!   by name on top ([`CadicalOption`]);
//! - `freeze` on the variables the engine asks for ([`Backend::freeze`]), so
//!   that variable elimination never removes them.
//!
//! The calls go through `ccadical`, a small handle on CaDiCaL's C
//! interface, because the `cadical` crate's own `Solver` binds neither
//! `freeze` nor `frozen`. CaDiCaL aborts the process on API contract
//! violations, so this adapter tracks the solver state itself and refuses
//! out-of-state calls with an error before they reach C++.

use std::sync::OnceLock;
use std::time::Instant;

use rustsat::solvers::{Interrupt, SolverResult};
use rustsat::types::{Lit, Var};

use super::ccadical::{Answer, RawSolver};
use super::{
    check_variable, AnswerState, Backend, BackendError, BackendStats, CadicalOption, CadicalPreset,
    SolverKind, StopSignal, MAX_VARIABLE_INDEX,
};

const NAME: &str = "cadical";

/// CaDiCaL behind [`Backend`] and rustsat's solver traits.
pub struct CadicalBackend {
    solver: RawSolver,
    state: AnswerState,
    last_assumptions: Vec<Lit>,
    stop: StopSignal,
    usage: BackendStats,
    /// First error met inside rustsat's `Extend` impls, which cannot return
    /// one; reported by the next solve call instead of panicking.
    deferred_error: Option<BackendError>,
}

impl CadicalBackend {
    /// A fresh solver with the given option preset, polling `stop`.
    pub fn new(preset: CadicalPreset, stop: StopSignal) -> Result<Self, BackendError> {
        Self::with_options(preset, &[], stop)
    }

    /// A fresh solver with the given preset, then `options` set in order.
    pub fn with_options(
        preset: CadicalPreset,
        options: &[CadicalOption],
        stop: StopSignal,
    ) -> Result<Self, BackendError> {
        let mut solver = RawSolver::new(preset.config_name(), stop.clone()).ok_or_else(|| {
            BackendError::Configuration {
                backend: NAME,
                config: preset.config_name().to_owned(),
                message: "CaDiCaL does not know this preset".to_owned(),
            }
        })?;
        for option in options {
            if !solver.set_option(&option.name, option.value) {
                return Err(BackendError::Configuration {
                    backend: NAME,
                    config: option.to_string(),
                    message: "CaDiCaL has no such option, or the value is outside its range \
                              (`cadical --help` lists both)"
                        .to_owned(),
                });
            }
        }
        Ok(CadicalBackend {
            solver,
            state: AnswerState::Input,
            last_assumptions: Vec::new(),
            stop,
            usage: BackendStats::default(),
            deferred_error: None,
        })
    }

    fn refuse_if_stopped(&mut self) -> Option<SolverResult> {
        // Starting a search that the callback would abort at once only costs
        // time; answering right away keeps the statistics honest too.
        self.stop.is_raised().then_some(SolverResult::Interrupted)
    }

    fn run_search(&mut self, assumptions: &[i32]) -> SolverResult {
        match self.solver.solve(assumptions) {
            Answer::Sat => SolverResult::Sat,
            Answer::Unsat => SolverResult::Unsat,
            Answer::Interrupted => SolverResult::Interrupted,
        }
    }
}

/// DIMACS number of a literal (`x_i` is `i + 1`, negation is the sign).
fn dimacs_lit(lit: Lit) -> Result<i32, BackendError> {
    check_variable(NAME, lit)?;
    lit.to_ipasir_with_error()
        .map_err(|_| BackendError::VariableOutOfRange {
            backend: NAME,
            index: lit.vidx(),
            max: MAX_VARIABLE_INDEX,
        })
}

fn dimacs_lits(lits: &[Lit]) -> Result<Vec<i32>, BackendError> {
    lits.iter().map(|&lit| dimacs_lit(lit)).collect()
}

pub(super) fn signature() -> &'static str {
    // Keep one owned copy so the rustsat trait can hand out `&'static str`.
    static SIGNATURE: OnceLock<String> = OnceLock::new();
    SIGNATURE.get_or_init(RawSolver::signature)
}

impl Backend for CadicalBackend {
    fn kind(&self) -> SolverKind {
        SolverKind::Cadical
    }

    fn signature(&self) -> &'static str {
        signature()
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<(), BackendError> {
        let dimacs = dimacs_lits(clause)?;
        self.solver.add_clause(&dimacs);
        self.usage.note_clause(clause);
        self.state = AnswerState::Input;
        Ok(())
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SolverResult, BackendError> {
        self.take_deferred_error()?;
        let dimacs = dimacs_lits(assumptions)?;
        assumptions
            .iter()
            .for_each(|lit| self.usage.note_var(lit.var()));
        let started = Instant::now();
        let result = match self.refuse_if_stopped() {
            Some(result) => result,
            None => self.run_search(&dimacs),
        };
        self.usage.note_answer(result, started.elapsed());
        self.state = AnswerState::from_result(result);
        self.last_assumptions = assumptions.to_vec();
        Ok(result)
    }

    fn value(&self, var: Var) -> Result<bool, BackendError> {
        self.state
            .require(AnswerState::Sat, NAME, "reading a model value")?;
        let lit = dimacs_lit(var.pos_lit())?;
        // CaDiCaL answers every variable; unknown ones are false.
        Ok(self.solver.value(lit))
    }

    fn failed_assumptions(&self) -> Result<Vec<Lit>, BackendError> {
        self.state
            .require(AnswerState::Unsat, NAME, "reading failed assumptions")?;
        let mut failed = Vec::new();
        for &lit in &self.last_assumptions {
            if self.solver.failed(dimacs_lit(lit)?) {
                failed.push(lit);
            }
        }
        Ok(failed)
    }

    fn stop_signal(&self) -> &StopSignal {
        &self.stop
    }

    fn interrupts_running_solve(&self) -> bool {
        true
    }

    fn usage(&self) -> &BackendStats {
        &self.usage
    }

    fn conflicts(&mut self) -> Option<u64> {
        Some(self.solver.learnt())
    }

    fn cap_next_conflicts(&mut self, conflicts: u32) -> bool {
        self.solver
            .limit_conflicts(i32::try_from(conflicts).unwrap_or(i32::MAX));
        true
    }

    fn freeze(&mut self, vars: &[Var]) -> Result<(), BackendError> {
        for &var in vars {
            self.solver.freeze(dimacs_lit(var.pos_lit())?);
        }
        Ok(())
    }

    fn is_frozen(&self, var: Var) -> Result<Option<bool>, BackendError> {
        Ok(Some(self.solver.frozen(dimacs_lit(var.pos_lit())?)))
    }

    fn trace_proof(&mut self, path: &std::path::Path) -> Result<bool, BackendError> {
        let failed = || BackendError::ProofFile {
            backend: NAME,
            path: path.display().to_string(),
        };
        let name =
            std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).map_err(|_| failed())?;
        match self.solver.trace_proof(&name) {
            true => Ok(true),
            false => Err(failed()),
        }
    }

    fn write_lemma(&mut self, clause: &[Lit]) -> Result<(), BackendError> {
        // A lemma whose every literal is false at the root says the formula is refuted at
        // the root already, which the checker finds by propagation; written, it would be a
        // falsified lemma, on which the rate checker fails an assertion.
        let dimacs = dimacs_lits(clause)?;
        if !dimacs.is_empty() && dimacs.iter().all(|&lit| self.solver.fixed(lit) < 0) {
            return Ok(());
        }
        match self.solver.write_lemma(&dimacs) {
            true => Ok(()),
            false => Err(BackendError::ProofFile {
                backend: NAME,
                path: "(the traced proof)".into(),
            }),
        }
    }

    fn close_proof(&mut self) -> Result<(), BackendError> {
        match self.solver.close_proof() {
            true => Ok(()),
            false => Err(BackendError::ProofFile {
                backend: NAME,
                path: "(the traced proof)".into(),
            }),
        }
    }
}

super::rustsat_traits::impl_rustsat_traits!(CadicalBackend);

impl Interrupt for CadicalBackend {
    type Interrupter = StopSignal;

    fn interrupter(&mut self) -> StopSignal {
        self.stop.clone()
    }
}
