//! The clause collector every encoding writes into.
//!
//! This module owns [`CnfBuilder`]: a rustsat [`Cnf`] plus the variable
//! manager that hands out fresh variables, so that rustsat encodings (which
//! want both) and our own clause writers share one numbering. Variables are
//! allocated in the order encodings ask for them, which makes every CNF (and
//! so every DIMACS file) reproducible for the same puzzle and options.

use rustsat::encodings::CollectClauses;
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Clause, Lit, Var};

/// A CNF under construction together with its variable supply.
#[derive(Debug, Default)]
pub struct CnfBuilder {
    cnf: Cnf,
    vars: BasicVarManager,
}

impl CnfBuilder {
    /// An empty CNF with no variables.
    pub fn new() -> Self {
        Self::default()
    }

    /// A variable no clause has used yet.
    pub fn new_var(&mut self) -> Var {
        self.vars.new_var()
    }

    /// Adds the disjunction of `lits` (the empty clause makes the CNF UNSAT).
    pub fn add(&mut self, lits: impl IntoIterator<Item = Lit>) {
        self.cnf.add_clause(lits.into_iter().collect::<Clause>());
    }

    /// `premise -> conclusion`, as the clause `!premise | conclusion`.
    pub fn implies(&mut self, premise: Lit, conclusion: Lit) {
        self.add([!premise, conclusion]);
    }

    /// Variables allocated so far (they are numbered `0..n_vars`).
    pub fn n_vars(&self) -> u32 {
        self.vars.n_used()
    }

    /// Number of clauses added so far.
    pub fn n_clauses(&self) -> usize {
        self.cnf.len()
    }

    /// The clauses added so far.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// The collector and the variable manager, as rustsat encodings want them.
    pub fn parts(&mut self) -> (&mut Cnf, &mut dyn ManageVars) {
        (&mut self.cnf, &mut self.vars)
    }

    /// The finished CNF and its variable count.
    pub fn finish(self) -> (Cnf, u32) {
        let n_vars = self.vars.n_used();
        (self.cnf, n_vars)
    }
}

impl CollectClauses for CnfBuilder {
    fn n_clauses(&self) -> usize {
        self.cnf.len()
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        self.cnf.extend_clauses(clauses)
    }
}
