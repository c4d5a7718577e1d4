//! A safe handle on CaDiCaL's C interface (`ccadical.h`), for the calls the
//! `cadical` crate does not bind: `freeze` and `frozen`.
//!
//! The `cadical` crate compiles CaDiCaL 1.9.5 with `cc` and links it
//! statically, C interface included; this module declares the C functions it
//! needs and calls them on a solver of its own. Nothing here needs bindgen,
//! so a fresh machine still needs only a C++ compiler.
//!
//! Every `unsafe` block below calls into that C interface with a pointer
//! [`RawSolver`] owns, and follows the contract stated in `ccadical.h` and
//! `cadical.hpp`: literals are non-zero, `val` only after a SAT answer,
//! `failed` only after an UNSAT answer and only for a literal assumed in that
//! call. The adapter in `cadical.rs` enforces the state part before calling.

use std::ffi::{c_char, c_int, c_void, CStr, CString};

use super::StopSignal;

// Linking: the symbols come from the static library the `cadical` crate
// builds. Naming the crate makes sure it is linked even though no Rust item
// of it is used.
use ::cadical as _;

/// CaDiCaL's opaque C handle.
#[repr(C)]
struct CCaDiCaL {
    _opaque: [u8; 0],
}

extern "C" {
    fn ccadical_signature() -> *const c_char;
    fn ccadical_init() -> *mut CCaDiCaL;
    fn ccadical_release(solver: *mut CCaDiCaL);
    fn ccadical_add(solver: *mut CCaDiCaL, lit: c_int);
    fn ccadical_assume(solver: *mut CCaDiCaL, lit: c_int);
    fn ccadical_solve(solver: *mut CCaDiCaL) -> c_int;
    fn ccadical_val(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
    fn ccadical_failed(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
    fn ccadical_freeze(solver: *mut CCaDiCaL, lit: c_int);
    fn ccadical_frozen(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
    fn ccadical_set_terminate(
        solver: *mut CCaDiCaL,
        state: *mut c_void,
        terminate: Option<extern "C" fn(*mut c_void) -> c_int>,
    );
    fn ccadical_set_learn(
        solver: *mut CCaDiCaL,
        state: *mut c_void,
        max_length: c_int,
        learn: Option<extern "C" fn(*mut c_void, *mut c_int)>,
    );
    /// Part of the `cadical` crate's C extension: applies an option preset;
    /// 0 means the name is unknown.
    fn ccadical_configure(solver: *mut CCaDiCaL, name: *const c_char) -> c_int;
    fn ccadical_set_option(solver: *mut CCaDiCaL, name: *const c_char, val: c_int);
    fn ccadical_get_option(solver: *mut CCaDiCaL, name: *const c_char) -> c_int;
    fn ccadical_limit(solver: *mut CCaDiCaL, name: *const c_char, limit: c_int);
    fn ccadical_trace_proof(
        solver: *mut CCaDiCaL,
        file: *mut libc::FILE,
        name: *const c_char,
    ) -> c_int;
    fn ccadical_close_proof(solver: *mut CCaDiCaL);
    fn ccadical_fixed(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
}

/// What CaDiCaL calls back during search: the stop signal it polls, and a
/// count of the clauses it learns (one per conflict; 1.9.5 exposes no
/// statistics to C otherwise), kept for this solver and added to the
/// signal's count for the whole run.
struct Hooks {
    stop: StopSignal,
    learnt: u64,
}

extern "C" fn terminate_hook(state: *mut c_void) -> c_int {
    // SAFETY: `state` is the `Hooks` allocation of the solver being run; it
    // lives until the solver is released, and nothing else touches it during
    // a solve call.
    let hooks = unsafe { &*(state as *const Hooks) };
    c_int::from(hooks.stop.is_raised())
}

extern "C" fn learn_hook(state: *mut c_void, _clause: *mut c_int) {
    // SAFETY: as in `terminate_hook`; the clause itself is not read.
    let hooks = unsafe { &mut *(state as *mut Hooks) };
    hooks.learnt += 1;
    hooks.stop.count_conflict();
}

/// How a solve call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat,
    Unsat,
    /// The terminate hook asked CaDiCaL to stop.
    Interrupted,
}

/// One CaDiCaL solver, released on drop.
pub struct RawSolver {
    solver: *mut CCaDiCaL,
    /// Owned here (from `Box::into_raw`) and handed to CaDiCaL as the hooks' state.
    hooks: *mut Hooks,
    /// The proof file CaDiCaL traces into, opened and closed here; `null` when none.
    proof: *mut libc::FILE,
}

impl RawSolver {
    /// A fresh solver with the option preset `config` ("default", "plain",
    /// "sat", "unsat"), polling `stop`. `None` when CaDiCaL does not know the
    /// preset.
    pub fn new(config: &str, stop: StopSignal) -> Option<Self> {
        let name = CString::new(config).ok()?;
        let hooks = Box::into_raw(Box::new(Hooks { stop, learnt: 0 }));
        // SAFETY: `ccadical_init` returns a fresh solver; `hooks` stays valid
        // until `drop`, which first detaches it and then releases the solver.
        let raw = unsafe {
            RawSolver {
                solver: ccadical_init(),
                hooks,
                proof: std::ptr::null_mut(),
            }
        };
        // SAFETY: the solver is fresh, as `configure` requires; the hooks
        // pointer is valid (see above).
        unsafe {
            if ccadical_configure(raw.solver, name.as_ptr()) == 0 {
                return None;
            }
            ccadical_set_terminate(raw.solver, hooks.cast(), Some(terminate_hook));
            ccadical_set_learn(raw.solver, hooks.cast(), c_int::MAX, Some(learn_hook));
        }
        Some(raw)
    }

    /// Solver name and version, e.g. `cadical-1.9.5`.
    pub fn signature() -> String {
        // SAFETY: returns a pointer to a static NUL-terminated string.
        let signature = unsafe { CStr::from_ptr(ccadical_signature()) };
        signature.to_string_lossy().into_owned()
    }

    /// Adds one clause of non-zero DIMACS literals.
    pub fn add_clause(&mut self, clause: &[c_int]) {
        for &lit in clause {
            debug_assert_ne!(lit, 0);
            // SAFETY: a non-zero literal added to a live solver.
            unsafe { ccadical_add(self.solver, lit) };
        }
        // SAFETY: 0 ends the clause.
        unsafe { ccadical_add(self.solver, 0) };
    }

    /// Solves under non-zero DIMACS `assumptions`.
    pub fn solve(&mut self, assumptions: &[c_int]) -> Answer {
        for &lit in assumptions {
            debug_assert_ne!(lit, 0);
            // SAFETY: a non-zero literal assumed on a live solver.
            unsafe { ccadical_assume(self.solver, lit) };
        }
        // SAFETY: the hooks it may call are valid (see `new`).
        match unsafe { ccadical_solve(self.solver) } {
            10 => Answer::Sat,
            20 => Answer::Unsat,
            _ => Answer::Interrupted,
        }
    }

    /// Caps the conflicts of the next solve call only; a call that reaches the cap answers
    /// [`Answer::Interrupted`].
    pub fn limit_conflicts(&mut self, conflicts: c_int) {
        // SAFETY: a live solver and a NUL-terminated name CaDiCaL knows.
        unsafe { ccadical_limit(self.solver, c"conflicts".as_ptr(), conflicts) };
    }

    /// Whether `lit` is true in the model. Only right after a SAT answer.
    pub fn value(&self, lit: c_int) -> bool {
        // SAFETY: the caller guarantees the SAT state; `lit` is non-zero.
        unsafe { ccadical_val(self.solver, lit) > 0 }
    }

    /// Whether the assumption `lit` was used to refute the last call. Only
    /// right after an UNSAT answer, for a literal assumed in that call.
    pub fn failed(&self, lit: c_int) -> bool {
        // SAFETY: the caller guarantees the UNSAT state and the assumption.
        unsafe { ccadical_failed(self.solver, lit) != 0 }
    }

    /// Keeps the variable of `lit` out of variable elimination and other
    /// simplifications that would remove it.
    pub fn freeze(&mut self, lit: c_int) {
        // SAFETY: a non-zero literal on a live solver (any state).
        unsafe { ccadical_freeze(self.solver, lit) };
    }

    /// Whether the variable of `lit` is frozen.
    pub fn frozen(&self, lit: c_int) -> bool {
        // SAFETY: a non-zero literal on a live solver (any state).
        unsafe { ccadical_frozen(self.solver, lit) != 0 }
    }

    /// Sets option `name` to `value`; false when CaDiCaL does not take it
    /// (a name it does not know, or a value outside the option's range).
    /// Must come before the first clause. The C interface reports nothing,
    /// so the value is read back; an unknown name also reads back as 0, so
    /// a requested 0 counts only once the name has taken a 1 as well.
    pub fn set_option(&mut self, name: &str, value: i32) -> bool {
        let Ok(name) = CString::new(name) else {
            return false;
        };
        let takes = |v: c_int| {
            // SAFETY: a live solver in its configuring state (no clause yet,
            // as the caller guarantees) and a NUL-terminated name.
            unsafe {
                ccadical_set_option(self.solver, name.as_ptr(), v);
                ccadical_get_option(self.solver, name.as_ptr()) == v
            }
        };
        (value != 0 || takes(1)) && takes(value)
    }

    /// Traces a DRAT proof of everything the solver derives into a new file at `path`. Only
    /// right after configuring, before the first clause; `false` when the file cannot be
    /// created.
    pub fn trace_proof(&mut self, path: &CStr) -> bool {
        debug_assert!(self.proof.is_null(), "one proof per solver");
        // SAFETY: `path` is NUL-terminated and so is the mode.
        let file = unsafe { libc::fopen(path.as_ptr(), c"w".as_ptr()) };
        if file.is_null() {
            return false;
        }
        self.proof = file;
        // SAFETY: a live solver in its configuring state (the caller guarantees no clause
        // yet) and an open file, which stays open until `close_proof` or `drop`.
        unsafe { ccadical_trace_proof(self.solver, file, path.as_ptr()) != 0 }
    }

    /// Writes one clause into the traced proof as a lemma of the text DRAT format, in
    /// order with what CaDiCaL has written there (both go through the same `FILE`).
    /// `false` when no proof is traced or the write failed.
    pub fn write_lemma(&mut self, clause: &[c_int]) -> bool {
        if self.proof.is_null() {
            return false;
        }
        let mut line = String::with_capacity(clause.len() * 6 + 2);
        for lit in clause {
            line.push_str(&lit.to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        let Ok(line) = CString::new(line) else {
            return false;
        };
        // SAFETY: an open file and a NUL-terminated line; no solve call is running
        // (`&mut self`), so CaDiCaL is not writing to the same file.
        unsafe { libc::fputs(line.as_ptr(), self.proof) >= 0 }
    }

    /// Whether `lit` is fixed at the root: 1 when true in every model, -1 when false in
    /// every model, 0 when not fixed.
    pub fn fixed(&self, lit: c_int) -> c_int {
        // SAFETY: a non-zero literal on a live solver, no solve call running (`&self`).
        unsafe { ccadical_fixed(self.solver, lit) }
    }

    /// Ends the traced proof and closes its file; `false` when the file could not be
    /// written out. Nothing happens when no proof is traced.
    pub fn close_proof(&mut self) -> bool {
        if self.proof.is_null() {
            return true;
        }
        // SAFETY: the proof is traced into `self.proof`, which is open; CaDiCaL flushes
        // what it wrote and stops tracing, and only then is the file closed, once.
        unsafe {
            ccadical_close_proof(self.solver);
            let closed = libc::fclose(self.proof) == 0;
            self.proof = std::ptr::null_mut();
            closed
        }
    }

    /// Clauses learnt so far: one per conflict.
    pub fn learnt(&self) -> u64 {
        // SAFETY: no solve call is running (`&self` excludes `solve`).
        unsafe { (*self.hooks).learnt }
    }
}

impl Drop for RawSolver {
    fn drop(&mut self) {
        // SAFETY: the solver is released exactly once, after which nothing
        // can call the hooks, whose allocation is then freed exactly once.
        self.close_proof();
        unsafe {
            ccadical_release(self.solver);
            drop(Box::from_raw(self.hooks));
        }
    }
}
