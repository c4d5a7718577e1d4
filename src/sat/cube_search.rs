//! The search of one cube: in the run's shared solver, or in an encoding of its own with
//! lex-leader constraints; part by part; each family found blocked and, if the cube owns it,
//! reported.

use std::sync::mpsc;

use rustsat::types::Lit;

use super::error::interruption;
use super::family::{classes_of, solution_family};
use super::options::prefix_length;
use super::parts_done::{finished_before, PartsDone};
use super::pool::{Message, WorkPool, WorkerEnd};
use super::prefixes::{prefix_cubes, TooManyParts};
use super::refuter::refute;
use super::schedule::narrowed;
use super::{SatError, Session, Step};
use crate::encode::cubes::Cube;
use crate::encode::Encoding;
use crate::puzzle::Puzzle;
use crate::run::Ending;
use crate::solver::kissat::KissatVerdict;
use crate::solver::StopSignal;
use crate::tour::Tour;

/// Solves one cube in an encoding of its own, in a fresh solver. When
/// automorphisms map the cube onto itself, the encoding keeps only the
/// lex-leaders of their orbits ([`crate::encode::lex_leader`]): every family
/// found is still reported whole.
pub(super) fn search_own_cube(
    shared: &WorkPool<'_>,
    cube: Cube,
    stop: StopSignal,
    sender: &mpsc::Sender<Message>,
    end: &mut WorkerEnd,
) -> Result<Option<Ending>, SatError> {
    let narrow = narrowed(shared.puzzle, cube);
    let stabiliser = match shared.options.no_symmetry_breaking {
        true => Vec::new(),
        false => shared.plan.stabiliser(cube),
    };
    let encoding = Encoding::build(&narrow, &shared.cube_options)?.with_lex_leaders(&stabiliser)?;
    end.stats.lex_leader_clauses += encoding.lex_leader_clauses() as u64;
    end.signature = shared.options.solver.signature();
    let mut kissat_model = None;
    // Kissat would search the whole cube again; a cube stopped inside goes on part by part.
    if shared.refutes_first && finished_before(shared, cube).is_none() {
        let blocked: Vec<&Tour> = shared
            .blocked
            .iter()
            .filter(|tour| shared.plan.cube_of(tour) == cube)
            .collect();
        match refute(&encoding, cube, &blocked, stop.clone(), &mut end.stats)? {
            (KissatVerdict::Unsatisfiable, _) => return Ok(None),
            (KissatVerdict::Interrupted, _) => return Ok(Some(interruption(&stop)?)),
            (KissatVerdict::Satisfiable, model) => kissat_model = model,
        }
    }
    let mut search = Session::new(shared.puzzle, &encoding, shared.options, stop)?;
    search.only_in = Some((shared.plan, cube));
    search.block(shared.blocked)?;
    // Kissat's model is a tour already: reported and blocked, CaDiCaL need not
    // find it again, which would cost a whole solve call.
    if let Some(values) = kissat_model {
        let tour = search.tour_of_model(&values)?;
        report_family(shared, &mut search, cube, &tour, sender)?;
        search.stats.refuter_tours += 1;
    }
    let stopped = search_cube(shared, &mut search, cube, sender);
    search.finish_proof()?;
    end.stats.add(search.stats());
    end.signature = search.signature();
    stopped
}

/// Finds every family with a member in `cube`; sends the classes of those it owns.
pub(super) fn search_cube(
    shared: &WorkPool<'_>,
    search: &mut Session<'_>,
    cube: Cube,
    sender: &mpsc::Sender<Message>,
) -> Result<Option<Ending>, SatError> {
    let Some(assumptions) = search.encoding().cube_literals(&cube)? else {
        return Ok(None);
    };
    let length = prefix_length(shared.puzzle, shared.options);
    let parts = parts_of(shared.puzzle, search.encoding(), cube, length)?;
    let done = PartsDone::new(shared, cube, &parts);
    for (index, part) in parts.iter().enumerate() {
        if done.skips(index) {
            continue;
        }
        search.stats.prefix_cubes += 1;
        let assumptions: Vec<Lit> = assumptions.iter().chain(part).copied().collect();
        if let Some(reason) = search_part(shared, search, cube, &assumptions, sender)? {
            return Ok(Some(reason));
        }
        done.record(cube, index, sender);
    }
    search.certify_cube(&assumptions, parts.len())
}

/// The extra assumptions of each part of `cube` ([`super::prefixes`]); one
/// empty part when the cube is not split.
pub(super) fn parts_of(
    puzzle: &Puzzle,
    encoding: &Encoding,
    cube: Cube,
    length: u32,
) -> Result<Vec<Vec<Lit>>, TooManyParts> {
    match (cube.fixed_ends(), encoding.numbers()) {
        (Some((start, end)), Some(numbers)) => prefix_cubes(puzzle, numbers, start, end, length),
        _ => Ok(vec![Vec::new()]),
    }
}

/// Finds every family with a member under `assumptions`, a part of `cube`;
/// sends the classes of those the cube owns.
pub(super) fn search_part(
    shared: &WorkPool<'_>,
    search: &mut Session<'_>,
    cube: Cube,
    assumptions: &[Lit],
    sender: &mpsc::Sender<Message>,
) -> Result<Option<Ending>, SatError> {
    loop {
        let tour = match search.next_tour(assumptions)? {
            Step::Exhausted => return Ok(None),
            Step::Stopped(reason) => return Ok(Some(reason)),
            Step::Tour(tour) => tour,
        };
        report_family(shared, search, cube, &tour, sender)?;
    }
}

/// Blocks the family of `tour` in `search` and sends its classes if `cube`
/// owns it (the family's other members may lie in other cubes).
pub(super) fn report_family(
    shared: &WorkPool<'_>,
    search: &mut Session<'_>,
    cube: Cube,
    tour: &Tour,
    sender: &mpsc::Sender<Message>,
) -> Result<(), SatError> {
    let members = solution_family(shared.puzzle, shared.autos, tour)?;
    search.block(&members)?;
    if shared.plan.owner(&members) == cube {
        let classes = classes_of(shared.puzzle, &members);
        if sender.send(Message::Classes(classes)).is_err() {
            return Err(SatError::Worker("the reporting thread is gone".into()));
        }
    } else {
        search.stats.foreign_families += 1;
    }
    Ok(())
}
