//! Kissat first: whether a run hands each cube to Kissat before the enumerating backend,
//! and the one call that may show a cube empty.

use std::time::Instant;

use super::options::prefix_length;
use super::{RefuteFirst, SatError, SatOptions, SatStats};
use crate::encode::cubes::Cube;
use crate::encode::pb::PbEncoding;
use crate::encode::{variable_family_of, EncodeOptions, Encoding, VariableFamily};
use crate::puzzle::Puzzle;
use crate::run::Limits;
use crate::solver::kissat::{KissatVerdict, Refuter};
use crate::solver::{SolverKind, StopSignal};
use crate::tour::Tour;

/// Whether this run hands each cube of its own encoding to Kissat first
/// ([`RefuteFirst`]), decided before any encoding is built. `Auto` also needs
/// a run without a solution limit (`solve`, `--limit`): there the first tour
/// matters, and Kissat's call would only delay it. Tours blocked before
/// solving (`--resume`) are blocked in Kissat's copy of the cube too
/// ([`refute`]), so a resumed run keeps this step. Never when the encoding
/// needs subtour cuts: a Kissat model could be a cover by several cycles, so
/// only CaDiCaL may judge.
pub(super) fn refutes_first(puzzle: &Puzzle, options: &SatOptions, limits: &Limits) -> bool {
    let family = variable_family_of(puzzle.kind());
    // Kissat writes no proof: in proof mode CaDiCaL does all the refuting.
    let possible =
        options.proof.is_none() && !family.needs_subtour_cuts(options.encode.connectivity);
    let auto = || {
        limits.solutions.is_none()
            && options.solver == SolverKind::Cadical
            && family == VariableFamily::Numbering
            && !puzzle.sums.is_empty()
            && prefix_length(puzzle, options) <= 1
    };
    possible
        && match options.refute_first {
            RefuteFirst::Off => false,
            RefuteFirst::Kissat => true,
            RefuteFirst::Auto => auto(),
        }
}

/// The options each cube's own encoding is built with: the run's, except
/// that when Kissat refutes the cubes first the decision diagram drops its
/// support clauses (`mdd` becomes `mdd-lean`) for both solvers: cheaper
/// conflicts help both on cubes that are mostly empty. Where CaDiCaL searches
/// everything the full diagram stays, because there its extra propagation pays
/// (results/sat-measurements-2026-11-23.md).
pub(super) fn cube_options(run: &EncodeOptions, kissat_first: bool) -> EncodeOptions {
    match kissat_first && run.pb_encoding == PbEncoding::Mdd {
        true => EncodeOptions {
            pb_encoding: PbEncoding::MddLean,
            ..*run
        },
        false => *run,
    }
}

/// One Kissat call on `encoding` restricted to `cube`, with the `blocked` tours
/// (those of a resumed run that lie in the cube) excluded, so that a model is a
/// tour not found before; it comes back as the values of the primary
/// variables, in [`Encoding::primary_vars`] order.
pub(super) fn refute(
    encoding: &Encoding,
    cube: Cube,
    blocked: &[&Tour],
    stop: StopSignal,
    stats: &mut SatStats,
) -> Result<(KissatVerdict, Option<Vec<bool>>), SatError> {
    let started = Instant::now();
    let Some(assumptions) = encoding.cube_literals(&cube)? else {
        return Ok((KissatVerdict::Unsatisfiable, None));
    };
    let mut refuter = Refuter::new(stop);
    for clause in encoding.cnf() {
        refuter.add_clause(clause.as_ref())?;
    }
    for tour in blocked {
        refuter.add_clause(&encoding.blocking_clause(tour)?)?;
    }
    for &lit in &assumptions {
        refuter.add_clause(&[lit])?;
    }
    let (verdict, model) = refuter.solve_reading(&encoding.primary_vars());
    stats.refuter_calls += 1;
    stats.refuted_cubes += u64::from(verdict == KissatVerdict::Unsatisfiable);
    stats.refuter_cpu_seconds += started.elapsed().as_secs_f64();
    Ok((verdict, model))
}
