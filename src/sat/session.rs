//! One encoded puzzle loaded into one incremental solver: solve under assumptions, cut
//! subtours, decode, check, block.

use std::time::Instant;

use rustsat::solvers::SolverResult;
use rustsat::types::{Lit, Var};

use std::path::PathBuf;

use super::error::interruption;
use super::manifest;
use super::proof::{proof_options, SessionProof};
use super::{SatError, SatOptions, SatStats};
use crate::encode::cubes::{Cube, CubePlan};
use crate::encode::{Decoded, Encoding};
use crate::puzzle::Puzzle;
use crate::run::Ending;
use crate::solver::{new_backend, Backend, BackendConfig, BackendError, SolverKind, StopSignal};
use crate::tour::Tour;

/// What the next solve produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A solution not blocked yet.
    Tour(Tour),
    /// No solution is left (under the assumptions).
    Exhausted,
    /// Stopped from outside.
    Stopped(Ending),
}

/// One encoded puzzle loaded into one solver.
pub struct Session<'a> {
    puzzle: &'a Puzzle,
    encoding: &'a Encoding,
    pub(super) backend: Box<dyn Backend>,
    primary: Vec<Var>,
    pub(super) stats: SatStats,
    /// When the encoding holds one cube only: solutions elsewhere cannot be
    /// (and need not be) blocked.
    pub(super) only_in: Option<(&'a CubePlan, Cube)>,
    /// In proof mode, what the proof of this solver's work refers to.
    proof: Option<SessionProof>,
}

impl<'a> Session<'a> {
    /// Loads the CNF of `encoding` into a fresh solver polling `stop`.
    pub fn new(
        puzzle: &'a Puzzle,
        encoding: &'a Encoding,
        options: &SatOptions,
        stop: StopSignal,
    ) -> Result<Self, SatError> {
        let mut config = BackendConfig {
            kind: options.solver,
            cadical_preset: options.cadical_preset,
            cadical_options: options.cadical_options.clone(),
            stop,
        };
        let proof = match &options.proof {
            Some(dir) => Some(SessionProof::new(dir)?),
            None => None,
        };
        if proof.is_some() && options.solver == SolverKind::Cadical {
            config.cadical_options.extend(proof_options());
        }
        let mut backend = new_backend(&config)?;
        if let Some(proof) = &proof {
            if !backend.trace_proof(&proof.drat_path())? {
                return Err(SatError::Backend(BackendError::Unsupported {
                    backend: options.solver.name(),
                    what: "proofs",
                }));
            }
        }
        for clause in encoding.cnf() {
            backend.add_clause(clause.as_ref())?;
        }
        Ok(Session {
            puzzle,
            encoding,
            backend,
            primary: encoding.primary_vars(),
            stats: SatStats::default(),
            only_in: None,
            proof,
        })
    }

    /// The encoding loaded into the solver.
    pub fn encoding(&self) -> &Encoding {
        self.encoding
    }

    /// The counters, with the solver's conflicts brought up to date.
    pub fn stats(&mut self) -> &SatStats {
        self.stats.conflicts = self.backend.conflicts();
        &self.stats
    }

    /// The solver's name and version, e.g. `cadical-1.9.5`.
    pub fn signature(&self) -> &'static str {
        self.backend.signature()
    }

    /// Solves under `assumptions` until a tour (or the end) is reached,
    /// cutting subtours on the way.
    pub fn next_tour(&mut self, assumptions: &[Lit]) -> Result<Step, SatError> {
        self.next_tour_capped(assumptions, None)
            .map(|step| step.expect("an uncapped call is never cut short by a cap"))
    }

    /// As [`Session::next_tour`], with each solver call capped at `conflicts` where the
    /// backend can cap them: `None` when a call reached the cap, which decides nothing.
    pub fn next_tour_capped(
        &mut self,
        assumptions: &[Lit],
        conflicts: Option<u32>,
    ) -> Result<Option<Step>, SatError> {
        loop {
            let capped = conflicts.is_some_and(|cap| self.backend.cap_next_conflicts(cap));
            match self.solve_once(assumptions)? {
                SolverResult::Unsat => {
                    self.close_by_lemma(assumptions)?;
                    return Ok(Some(Step::Exhausted));
                }
                SolverResult::Interrupted if capped && !self.backend.stop_signal().is_raised() => {
                    return Ok(None)
                }
                SolverResult::Interrupted => return self.stopped().map(Some),
                SolverResult::Sat => {}
            }
            match self.decode_model()? {
                Decoded::Tour(tour) => return self.checked(tour).map(|t| Some(Step::Tour(t))),
                Decoded::Subtours(cycles) => self.cut(&cycles)?,
            }
        }
    }

    /// Blocks every given solution (normally a whole family).
    pub fn block(&mut self, tours: &[Tour]) -> Result<(), SatError> {
        for tour in tours {
            if let Some((plan, cube)) = self.only_in {
                if plan.cube_of(tour) != cube {
                    continue;
                }
            }
            let clause = self.encoding.blocking_clause(tour)?;
            self.freeze_primary()?;
            self.backend.add_clause(&clause)?;
            if let Some(proof) = &mut self.proof {
                proof.added.push(clause);
            }
            self.stats.blocking_clauses += 1;
        }
        Ok(())
    }

    /// Freezes the primary variables once blocking starts. From then on
    /// every solution adds a clause over them, and each clause would make
    /// CaDiCaL restore any it had eliminated. Before that they stay free, so
    /// that a cube with few solutions keeps the benefit of elimination
    /// (results/).
    fn freeze_primary(&mut self) -> Result<(), SatError> {
        if self.stats.blocking_clauses == 0 {
            self.backend.freeze(&self.primary)?;
        }
        Ok(())
    }

    /// In proof mode, after an UNSAT answer under `assumptions`: the clause refuting them
    /// goes into the proof as a lemma and into the solver.
    fn close_by_lemma(&mut self, assumptions: &[Lit]) -> Result<(), SatError> {
        if self.proof.is_none() {
            return Ok(());
        }
        let lemma: Vec<Lit> = assumptions.iter().map(|&lit| !lit).collect();
        self.backend.write_lemma(&lemma)?;
        self.backend.add_clause(&lemma)?;
        Ok(())
    }

    /// In proof mode, once every part of a cube is exhausted: the cube itself is refuted
    /// (one more call when it was split in several parts, which the parts' lemmas make
    /// short) and recorded for the proof's end. A stop during that call is reported.
    pub(super) fn certify_cube(
        &mut self,
        cube: &[Lit],
        parts: usize,
    ) -> Result<Option<Ending>, SatError> {
        if self.proof.is_none() {
            return Ok(None);
        }
        if parts != 1 {
            match self.next_tour(cube)? {
                Step::Exhausted => {}
                Step::Stopped(reason) => return Ok(Some(reason)),
                Step::Tour(tour) => return Err(SatError::WrongTour(tour.order().to_vec())),
            }
        }
        if let Some(proof) = &mut self.proof {
            proof.refuted.push(cube.to_vec());
        }
        Ok(None)
    }

    /// In proof mode, ends the proof: a lemma per refuted cube's selector and the empty
    /// clause, then the CNF it refers to beside it. A solver that refuted nothing leaves no
    /// files. Returns whether a proof was written.
    pub(super) fn finish_proof(&mut self) -> Result<bool, SatError> {
        let Some(proof) = self.proof.take() else {
            return Ok(false);
        };
        let backend = self.backend.kind().name();
        let unwritable = |path: PathBuf| {
            SatError::Backend(BackendError::ProofFile {
                backend,
                path: path.display().to_string(),
            })
        };
        if proof.refuted.is_empty() {
            self.backend.close_proof()?;
            let _ = std::fs::remove_file(proof.drat_path());
            return Ok(false);
        }
        for j in 0..proof.refuted.len() {
            let selector = SessionProof::selector(self.encoding, j);
            self.backend.write_lemma(&[selector.neg_lit()])?;
        }
        self.backend.write_lemma(&[])?;
        self.backend.close_proof()?;
        let cnf_sha256 = proof
            .write_cnf(self.encoding, &self.puzzle.name)
            .map_err(|_| unwritable(proof.cnf_path()))?;
        proof
            .record(self.puzzle, cnf_sha256)
            .map_err(|_| unwritable(proof.dir_path().join(manifest::MANIFEST)))?;
        self.stats.proofs += 1;
        Ok(true)
    }

    fn solve_once(&mut self, assumptions: &[Lit]) -> Result<SolverResult, SatError> {
        let started = Instant::now();
        let result = self.backend.solve_under(assumptions)?;
        self.stats.solve_calls += 1;
        self.stats.solve_cpu_seconds += started.elapsed().as_secs_f64();
        Ok(result)
    }

    fn stopped(&self) -> Result<Step, SatError> {
        interruption(self.backend.stop_signal()).map(Step::Stopped)
    }

    fn decode_model(&self) -> Result<Decoded, SatError> {
        let primary_values = self
            .primary
            .iter()
            .map(|&var| self.backend.value(var))
            .collect::<Result<Vec<bool>, _>>()?;
        self.decode_primary(&primary_values)
    }

    /// Decodes the values of the primary variables, in [`Encoding::primary_vars`] order.
    fn decode_primary(&self, primary_values: &[bool]) -> Result<Decoded, SatError> {
        let mut values = vec![false; self.encoding.n_vars() as usize];
        for (var, &value) in self.primary.iter().zip(primary_values) {
            values[var.idx()] = value;
        }
        Ok(self.encoding.decode(|var| values[var.idx()])?)
    }

    /// The tour in another solver's model of this encoding (the primary
    /// variables' values), checked like every tour this search finds.
    pub(super) fn tour_of_model(&self, primary_values: &[bool]) -> Result<Tour, SatError> {
        match self.decode_primary(primary_values)? {
            Decoded::Tour(tour) => self.checked(tour),
            Decoded::Subtours(cycles) => Err(SatError::UnexpectedSubtours(cycles.len())),
        }
    }

    fn checked(&self, tour: Tour) -> Result<Tour, SatError> {
        if self.puzzle.accepts(&tour) {
            Ok(tour)
        } else {
            Err(SatError::WrongTour(tour.order().to_vec()))
        }
    }

    fn cut(&mut self, cycles: &[Vec<usize>]) -> Result<(), SatError> {
        if !self.encoding.needs_subtour_cuts() {
            return Err(SatError::UnexpectedSubtours(cycles.len()));
        }
        for cycle in cycles {
            let clause = self.encoding.subtour_cut(cycle);
            self.backend.add_clause(&clause)?;
            if let Some(proof) = &mut self.proof {
                proof.added.push(clause.clone());
            }
            self.stats.subtour_cuts += 1;
        }
        Ok(())
    }
}
