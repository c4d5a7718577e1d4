//! The SAT engine: solve, cut subtours, decode, block whole classes, repeat.
//!
//! This module owns the loop between an [`Encoding`] and a [`Backend`]:
//!
//! 1. solve; UNSAT means every solution has been found (*exhausted*);
//! 2. decode the primary variables; with lazy connectivity a model may still
//!    be a set of subtours, which get one cut-set clause each (step 1 again);
//! 3. a tour is checked with `Puzzle::accepts` (a wrong tour is an error,
//!    never an answer), expanded to its class with `Puzzle::class_members`,
//!    and every member is blocked on the primary variables only, so the
//!    next model is a new class;
//! 4. stop on the solution limit (*limit*), Ctrl-C (*signal*) or the
//!    deadline (*timeout*). Only an exhausted run is a count.
//!
//! The CLI calls [`enumerate`], [`count`] and [`solve`]; nothing here
//! prints.

use std::time::Instant;

use rustsat::solvers::SolverResult;
use rustsat::types::Var;
use serde::{Deserialize, Serialize};

use super::backend::{
    new_backend, Backend, BackendConfig, BackendError, CadicalPreset, SolverKind, StopReason,
    StopSignal,
};
use crate::encode::{DecodeError, Decoded, EncodeError, EncodeOptions, Encoding};
use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits, Summary};
use crate::symmetry::key;
use crate::tour::Tour;

/// Everything the SAT engine can be told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SatOptions {
    pub solver: SolverKind,
    pub cadical_preset: CadicalPreset,
    pub encode: EncodeOptions,
}

/// Why the SAT engine could not give an answer.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("the solver's model does not decode to a tour: {0}")]
    Decode(#[from] DecodeError),
    /// The decoded tour breaks a rule of the puzzle: an encoding bug, caught
    /// before it could be reported as a solution.
    #[error("internal error: the SAT model decodes to a tour the puzzle rejects: {0:?}")]
    WrongTour(Vec<usize>),
    #[error("internal error: an eager encoding produced {0} subtours")]
    UnexpectedSubtours(usize),
    #[error("the solver stopped without a verdict although no stop was requested")]
    UnexplainedInterruption,
}

/// Counters of one SAT run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SatStats {
    pub solve_calls: u64,
    pub subtour_cuts: u64,
    pub blocking_clauses: u64,
    pub solve_seconds: f64,
}

/// What the next solve produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution not blocked yet.
    Tour(Tour),
    /// No solution is left.
    Exhausted,
    /// Stopped from outside.
    Stopped(StopReason),
}

/// One puzzle loaded into one solver.
pub struct Search<'p> {
    puzzle: &'p Puzzle,
    encoding: Encoding,
    backend: Box<dyn Backend>,
    primary: Vec<Var>,
    stats: SatStats,
}

impl<'p> Search<'p> {
    /// Encodes `puzzle` and loads the CNF into a fresh solver polling `stop`.
    pub fn new(
        puzzle: &'p Puzzle,
        options: &SatOptions,
        stop: StopSignal,
    ) -> Result<Self, SatError> {
        let encoding = Encoding::build(puzzle, &options.encode)?;
        let config = BackendConfig {
            kind: options.solver,
            cadical_preset: options.cadical_preset,
            stop,
        };
        let mut backend = new_backend(&config)?;
        for clause in encoding.cnf().iter() {
            backend.add_clause(clause.as_ref())?;
        }
        let primary = encoding.primary_vars();
        Ok(Search {
            puzzle,
            encoding,
            backend,
            primary,
            stats: SatStats::default(),
        })
    }

    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    pub fn stats(&self) -> &SatStats {
        &self.stats
    }

    /// Solves until a tour (or the end) is reached, cutting subtours on the way.
    pub fn next_tour(&mut self) -> Result<Next, SatError> {
        loop {
            match self.solve_once()? {
                SolverResult::Unsat => return Ok(Next::Exhausted),
                SolverResult::Interrupted => return self.stopped(),
                SolverResult::Sat => {}
            }
            match self.decode_model()? {
                Decoded::Tour(tour) => return self.checked(tour).map(Next::Tour),
                Decoded::Subtours(cycles) => self.cut(&cycles)?,
            }
        }
    }

    /// Blocks every given solution (normally a whole class).
    pub fn block(&mut self, tours: &[Tour]) -> Result<(), SatError> {
        for tour in tours {
            let clause = self.encoding.blocking_clause(tour)?;
            self.backend.add_clause(&clause)?;
            self.stats.blocking_clauses += 1;
        }
        Ok(())
    }

    fn solve_once(&mut self) -> Result<SolverResult, SatError> {
        let started = Instant::now();
        let result = self.backend.solve_under(&[])?;
        self.stats.solve_calls += 1;
        self.stats.solve_seconds += started.elapsed().as_secs_f64();
        Ok(result)
    }

    fn stopped(&self) -> Result<Next, SatError> {
        let reason = self.backend.stop_signal().reason();
        reason
            .map(Next::Stopped)
            .ok_or(SatError::UnexplainedInterruption)
    }

    fn decode_model(&self) -> Result<Decoded, SatError> {
        let mut values = vec![false; self.encoding.n_vars() as usize];
        for &var in &self.primary {
            values[var.idx()] = self.backend.value(var)?;
        }
        Ok(self.encoding.decode(|var| values[var.idx()])?)
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
            self.stats.subtour_cuts += 1;
        }
        Ok(())
    }

    /// Engine figures for the summary's `stats` object.
    pub fn summary_stats(
        &self,
        options: &SatOptions,
    ) -> serde_json::Map<String, serde_json::Value> {
        let report = self.encoding.report();
        let mut map = serde_json::Map::new();
        let mut put = |name: &str, value: serde_json::Value| {
            map.insert(name.to_string(), value);
        };
        put("solver", self.backend.signature().into());
        put(
            "family",
            serde_json::to_value(self.encoding.family()).unwrap_or_default(),
        );
        put(
            "connectivity",
            serde_json::to_value(options.encode.connectivity).unwrap_or_default(),
        );
        put(
            "pb_encoding",
            serde_json::to_value(options.encode.pb_encoding).unwrap_or_default(),
        );
        put("variables", report.variables.into());
        put("clauses", report.clauses.into());
        put("primary_variables", report.primary_variables.into());
        put("solve_calls", self.stats.solve_calls.into());
        put("subtour_cuts", self.stats.subtour_cuts.into());
        put("blocking_clauses", self.stats.blocking_clauses.into());
        put("solve_seconds", self.stats.solve_seconds.into());
        map
    }
}

/// The solutions in the class of `tour`, least key first (the representative).
pub fn class_of(puzzle: &Puzzle, tour: &Tour) -> Class {
    let form = puzzle.form();
    let mut members = puzzle.class_members(tour);
    members.sort_by_cached_key(|member| key(member, form));
    Class { members }
}

/// Finds every class of solutions, handing each to `on_class` as it is found.
pub fn enumerate(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    on_class: &mut dyn FnMut(&Class),
) -> Result<Summary, SatError> {
    let started = Instant::now();
    let mut search = Search::new(puzzle, options, StopSignal::from_limits(limits, started))?;
    let mut summary = Summary::new(puzzle, "sat");
    let ending = loop {
        if limits
            .solutions
            .is_some_and(|limit| summary.solutions >= limit)
        {
            break Ending::Limit;
        }
        match search.next_tour()? {
            Next::Exhausted => break Ending::Exhausted,
            Next::Stopped(reason) => break reason.ending(),
            Next::Tour(tour) => {
                let class = class_of(puzzle, &tour);
                search.block(&class.members)?;
                summary.solutions += class.members.len() as u64;
                summary.classes += 1;
                on_class(&class);
            }
        }
    };
    summary.stats = search.summary_stats(options);
    summary.finish(ending, started);
    Ok(summary)
}

/// Counts solutions and classes (see [`enumerate`]).
pub fn count(puzzle: &Puzzle, options: &SatOptions, limits: &Limits) -> Result<Summary, SatError> {
    enumerate(puzzle, options, limits, &mut |_| {})
}

/// Finds one solution. The summary's ending says what `None` means:
/// `Exhausted` proves there is none; `Timeout` or `Signal` decide nothing.
pub fn solve(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
) -> Result<(Option<Tour>, Summary), SatError> {
    let started = Instant::now();
    let mut search = Search::new(puzzle, options, StopSignal::from_limits(limits, started))?;
    let mut summary = Summary::new(puzzle, "sat");
    let (tour, ending) = match search.next_tour()? {
        Next::Tour(tour) => {
            summary.solutions = 1;
            summary.classes = 1;
            (Some(tour), Ending::Limit)
        }
        Next::Exhausted => (None, Ending::Exhausted),
        Next::Stopped(reason) => (None, reason.ending()),
    };
    summary.stats = search.summary_stats(options);
    summary.finish(ending, started);
    Ok((tour, summary))
}
