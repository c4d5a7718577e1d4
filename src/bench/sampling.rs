//! Cases for random tours of the 4x4x4 cube (seed 004): a thousand distinct tours by
//! Warnsdorff's rule with random ties, and by the SAT engine from random paths, against the
//! seed's own greedy walk, and the Warnsdorff thousand classified both ways.

use std::time::Instant;

use super::case::{Case, Runner};
use crate::classify::classify;
use crate::puzzle::Puzzle;
use crate::run::{Ending, Summary};
use crate::sample::{sample, Method, SampleOptions};
use crate::tour::Tour;

/// Tours sampled in each case, as many as the seed classifies.
const TOURS: usize = 1000;

fn cube_case(name: &str, runner: Runner, baseline: Option<&str>) -> Case {
    Case {
        name: name.into(),
        model: "board = \"4x4x4\"\n".into(),
        runner,
        baseline: baseline.map(String::from),
        heavy: false,
        cap_seconds: None,
    }
}

/// The sampling and classification cases.
pub fn sampling_cases() -> Vec<Case> {
    let greedy = "sample: 4x4x4 1000 tours, greedy walks (the seed's)";
    let warnsdorff = "sample: 4x4x4 1000 tours, warnsdorff walks";
    vec![
        cube_case(
            greedy,
            Runner::Sample {
                method: Method::Greedy,
                count: TOURS,
            },
            None,
        ),
        cube_case(
            warnsdorff,
            Runner::Sample {
                method: Method::Warnsdorff,
                count: TOURS,
            },
            Some(greedy),
        ),
        cube_case(
            "sample: 4x4x4 1000 tours, SAT from random paths",
            Runner::Sample {
                method: Method::Sat,
                count: TOURS,
            },
            Some(greedy),
        ),
        cube_case(
            "sample: 4x4x4 1000 tours, warnsdorff walks, classified",
            Runner::Classify { count: TOURS },
            Some(warnsdorff),
        ),
    ]
}

/// Runs a sampling case once: the summary counts the tours found as solutions and, when
/// classified, the geometric classes as classes.
pub fn run_sampling(runner: &Runner, puzzle: &Puzzle, started: Instant) -> Result<Summary, String> {
    let (method, count, classified) = match *runner {
        Runner::Sample { method, count } => (method, count, false),
        Runner::Classify { count } => (Method::Warnsdorff, count, true),
        _ => return Err("not a sampling case".into()),
    };
    let options = SampleOptions {
        method,
        solver: Default::default(),
        count,
        seed: 0,
        walks_per_sample: 1000,
    };
    let mut tours: Vec<Tour> = Vec::with_capacity(count);
    let report =
        sample(puzzle, &options, |s| tours.push(s.tour.clone())).map_err(|e| e.to_string())?;
    let classes = if classified {
        classify(&puzzle.board, &tours).classes.len() as u64
    } else {
        report.found as u64
    };
    let mut summary = Summary::new(puzzle, "sample");
    summary.solutions = report.found as u64;
    summary.classes = classes;
    summary.finish(Ending::Exhausted, started);
    summary.complete = report.found == count;
    Ok(summary)
}
