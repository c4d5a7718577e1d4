//! Kissat as a one-shot refuter: it decides whether a CNF has a model, once.
//!
//! Kissat (Biere, Fleury and others; SAT Competition 2020-2024 system
//! descriptions) is CaDiCaL's successor in C. It has no assumptions and
//! cannot take clauses after a solve call, so it cannot enumerate; but most
//! cubes of a line-sum model hold no solution, and one Kissat call is the
//! cheaper way to show that (results/sat-measurements-2026-11-23.md).
//!
//! The `cat_solver` crate compiles Kissat 3.1.1 with `cc` and links it
//! statically; this module declares the few C functions of `kissat.h` it
//! needs, as `ccadical.rs` does for CaDiCaL, because the crate's `Solver`
//! exposes neither its pointer nor `kissat_terminate`. Every `unsafe` block calls into that C interface with
//! the pointer [`Refuter`] owns, following `kissat.h`: literals are non-zero
//! and `solve` is called at most once, which `solve(self)` enforces.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rustsat::types::{Lit, Var};

use super::{check_variable, BackendError, StopSignal};

const NAME: &str = "kissat";

// Linking: the symbols come from the static library the `cat_solver` crate
// builds. Naming the crate makes sure it is linked.
use ::cat_solver as _;

extern "C" {
    fn kissat_signature() -> *const c_char;
    fn kissat_init() -> *mut c_void;
    fn kissat_release(solver: *mut c_void);
    fn kissat_add(solver: *mut c_void, lit: c_int);
    fn kissat_solve(solver: *mut c_void) -> c_int;
    fn kissat_terminate(solver: *mut c_void);
    fn kissat_value(solver: *mut c_void, lit: c_int) -> c_int;
}

/// How often a running call looks at the stop signal.
const STOP_POLL: Duration = Duration::from_millis(10);

/// The solver pointer, handed to the thread that may stop the call.
struct Running(*mut c_void);

// SAFETY: the watcher thread only calls `kissat_terminate`, which Kissat
// provides to be called while `kissat_solve` runs on another thread (its own
// binary calls it from a signal handler): it sets a flag the search polls.
unsafe impl Send for Running {}
unsafe impl Sync for Running {}

impl Running {
    /// Asks the running call to stop at its next check.
    fn terminate(&self) {
        // SAFETY: see the `Send` impl above; the solver outlives the call.
        unsafe { kissat_terminate(self.0) };
    }
}

/// What one Kissat call decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KissatVerdict {
    /// The clauses have a model ([`Refuter::solve_reading`] reads it).
    Satisfiable,
    /// The clauses have no model.
    Unsatisfiable,
    /// The stop signal was raised before Kissat decided.
    Interrupted,
}

/// One Kissat solver, to be loaded with clauses and solved once.
pub struct Refuter {
    solver: *mut c_void,
    stop: StopSignal,
    /// How many times the running call's watcher has looked at the stop signal.
    checks: Arc<AtomicU64>,
}

impl Refuter {
    /// A fresh Kissat solver that gives up when `stop` is raised.
    pub fn new(stop: StopSignal) -> Self {
        // SAFETY: returns a fresh solver, released in `drop`.
        let solver = unsafe { kissat_init() };
        Refuter {
            solver,
            stop,
            checks: Arc::default(),
        }
    }

    /// A count of the looks at the stop signal while a call runs (every few milliseconds):
    /// whoever stops a call from another thread can wait for it to rise, and so know that
    /// the stop reaches a running search rather than one not yet started.
    pub fn stop_checks(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.checks)
    }

    /// Solver name and version, e.g. `kissat-3.1.1`.
    pub fn signature() -> String {
        // SAFETY: returns a pointer to a static NUL-terminated string.
        let version = unsafe { CStr::from_ptr(kissat_signature()) };
        version.to_string_lossy().into_owned()
    }

    /// Adds one clause; a variable past [`super::MAX_VARIABLE_INDEX`] is refused
    /// before Kissat sees any literal of the clause.
    pub fn add_clause(&mut self, clause: &[Lit]) -> Result<(), BackendError> {
        for &lit in clause {
            check_variable(NAME, lit)?;
        }
        for &lit in clause {
            // SAFETY: a non-zero DIMACS literal (checked in range above) added
            // to a live solver before solving.
            unsafe { kissat_add(self.solver, lit.to_ipasir()) };
        }
        // SAFETY: 0 ends the clause.
        unsafe { kissat_add(self.solver, 0) };
        Ok(())
    }

    /// Decides the clauses added. Consumes the refuter: Kissat solves once.
    pub fn solve(self) -> KissatVerdict {
        self.solve_reading(&[]).0
    }

    /// Decides the clauses added and, when they have a model, gives the value
    /// of each of `vars` in it (in the order asked; a variable Kissat never
    /// saw reads false). Consumes the refuter: Kissat solves once.
    pub fn solve_reading(self, vars: &[Var]) -> (KissatVerdict, Option<Vec<bool>>) {
        let verdict = self.decide();
        let model = (verdict == KissatVerdict::Satisfiable).then(|| {
            vars.iter()
                // SAFETY: a live solver whose last call answered 10
                // (satisfiable); `kissat_value` takes any non-zero literal.
                .map(|&var| unsafe { kissat_value(self.solver, var.pos_lit().to_ipasir()) } > 0)
                .collect()
        });
        (verdict, model)
    }

    /// Kissat 3.1.1 stores a terminate callback but never calls it, so a
    /// watcher thread polls the stop signal and calls `kissat_terminate`.
    fn decide(&self) -> KissatVerdict {
        if self.stop.is_raised() {
            return KissatVerdict::Interrupted;
        }
        let finished = AtomicBool::new(false);
        let running = &Running(self.solver);
        let stop = &self.stop;
        let checks = &self.checks;
        let answer = std::thread::scope(|scope| {
            scope.spawn(|| {
                while !finished.load(Ordering::Acquire) {
                    checks.fetch_add(1, Ordering::Relaxed);
                    if stop.is_raised() {
                        // A flag set just after the call ended is never
                        // read: the solver is then only released.
                        running.terminate();
                        return;
                    }
                    std::thread::sleep(STOP_POLL);
                }
            });
            // SAFETY: a live solver with its clauses, solved once (`self`).
            let answer = unsafe { kissat_solve(self.solver) };
            finished.store(true, Ordering::Release);
            answer
        });
        match answer {
            10 => KissatVerdict::Satisfiable,
            20 => KissatVerdict::Unsatisfiable,
            _ => KissatVerdict::Interrupted,
        }
    }
}

impl Drop for Refuter {
    fn drop(&mut self) {
        // SAFETY: the solver is released exactly once; nothing calls the
        // hook afterwards.
        unsafe { kissat_release(self.solver) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decides_small_formulas_both_ways() {
        let (a, b) = (Lit::positive(0), Lit::positive(1));
        let mut sat = Refuter::new(StopSignal::new());
        sat.add_clause(&[a, b]).unwrap();
        sat.add_clause(&[!a]).unwrap();
        let (verdict, model) = sat.solve_reading(&[a.var(), b.var()]);
        assert_eq!(verdict, KissatVerdict::Satisfiable);
        assert_eq!(model, Some(vec![false, true]));
        let mut unsat = Refuter::new(StopSignal::new());
        for clause in [[a, b], [a, !b], [!a, b], [!a, !b]] {
            unsat.add_clause(&clause).unwrap();
        }
        assert_eq!(
            unsat.solve_reading(&[a.var()]),
            (KissatVerdict::Unsatisfiable, None)
        );
        assert!(Refuter::signature().contains("3.1.1"));
    }

    #[test]
    fn a_raised_stop_signal_is_never_a_verdict() {
        let stop = StopSignal::new();
        stop.request_stop();
        let mut refuter = Refuter::new(stop);
        refuter.add_clause(&[Lit::positive(0)]).unwrap();
        assert_eq!(refuter.solve(), KissatVerdict::Interrupted);
    }
}
