//! Cases for tours built rather than searched: a large board written as binary through the
//! streaming verifier, set against writing as many bytes of nothing (the disk's floor), and
//! Warnsdorff's rule set against the seed's random tie-breaks.

use crate::tour::Closure;
use std::io::Write;
use std::time::Instant;

use super::case::{Case, Runner};
use crate::board::{Shape, MAX_STREAMED_CELLS};
use crate::construct::output::{write_verified, WINDOW_CELLS};
use crate::construct::warnsdorff::{warnsdorff, TieBreak, WarnsdorffOptions};
use crate::construct::{build, Request};
use crate::puzzle::SolutionKind;
use crate::run::{Ending, Summary};
use crate::spec::Spec;
use crate::verify::stream::StreamVerifier;

/// A case on a bare board, by the given runner.
fn board_case(name: &str, board: &str, runner: Runner, baseline: Option<&str>) -> Case {
    Case {
        name: name.into(),
        model: format!("board = \"{board}\"\n"),
        runner,
        baseline: baseline.map(String::from),
        heavy: false,
        cap_seconds: None,
    }
}

/// The large-board and Warnsdorff cases.
pub fn large_cases() -> Vec<Case> {
    let floor = |board: &str| format!("large boards: {board} writing zeros");
    let mut cases = Vec::new();
    for board in ["1000x1000", "10000x10000"] {
        cases.push(board_case(&floor(board), board, Runner::WriteFloor, None));
        let name = format!("large boards: {board} stitched, verified, written");
        cases.push(board_case(
            &name,
            board,
            Runner::Construct,
            Some(&floor(board)),
        ));
    }
    let seed_rule = "warnsdorff: 30x30 random ties (the seed's rule)";
    cases.push(board_case(
        seed_rule,
        "30x30",
        Runner::Warnsdorff {
            tie_break: TieBreak::Random,
        },
        None,
    ));
    for (tie_break, label) in [(TieBreak::Pohl, "pohl"), (TieBreak::Roth, "roth")] {
        let name = format!("warnsdorff: 30x30 {label} ties");
        cases.push(board_case(
            &name,
            "30x30",
            Runner::Warnsdorff { tie_break },
            Some(seed_rule),
        ));
    }
    cases
}

/// Runs a large-board or Warnsdorff case once; `None` for any other runner.
pub fn run_large(case: &Case) -> Option<Result<Summary, String>> {
    let run = match case.runner {
        Runner::Construct => construct,
        Runner::WriteFloor => write_floor,
        Runner::Warnsdorff { tie_break } => {
            return Some(board(case).and_then(|s| search(s, tie_break)))
        }
        _ => return None,
    };
    Some(board(case).and_then(run))
}

fn board(case: &Case) -> Result<Shape, String> {
    let spec = Spec::from_toml(&case.model, &case.name).map_err(|e| e.to_string())?;
    Shape::parse_within(&spec.board, MAX_STREAMED_CELLS).map_err(|e| e.to_string())
}

fn summary(shape: Shape, engine: &str, kind: SolutionKind, started: Instant) -> Summary {
    let mut summary = Summary {
        model: shape.to_string(),
        engine: engine.into(),
        kind,
        solutions: 1,
        classes: 1,
        complete: false,
        ending: Ending::Exhausted,
        seconds: 0.0,
        theorem: None,
        stats: serde_json::Map::new(),
        count_only: None,
        finished_cubes: None,
        checkpoint: None,
    };
    summary.finish(Ending::Exhausted, started);
    summary
}

/// A scratch file for the written tour, removed when dropped: the case measures writing,
/// not keeping.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn scratch() -> Result<(Scratch, std::io::BufWriter<std::fs::File>), String> {
    let path = std::env::temp_dir().join(format!("knights-bench-{}.bin", std::process::id()));
    let file = std::fs::File::create(&path).map_err(|e| e.to_string())?;
    Ok((
        Scratch(path),
        std::io::BufWriter::with_capacity(1 << 20, file),
    ))
}

fn construct(shape: Shape) -> Result<Summary, String> {
    let started = Instant::now();
    let request = Request {
        rows: shape.rows,
        cols: shape.cols,
        closed: None,
        start: None,
        end: None,
    };
    let planned = build(&request).map_err(|e| e.to_string())?;
    let (_path, mut out) = scratch()?;
    write_verified(&planned, &request, WINDOW_CELLS, &mut out, |_| {})
        .map_err(|e| e.to_string())?;
    let kind = if planned.closed() {
        SolutionKind::Cycle
    } else {
        SolutionKind::Path
    };
    Ok(summary(shape, "stitch", kind, started))
}

fn write_floor(shape: Shape) -> Result<Summary, String> {
    let started = Instant::now();
    let (_path, mut out) = scratch()?;
    let zeros = vec![0u8; 1 << 18];
    let mut left = shape.n_cells() * 4;
    while left > 0 {
        let n = left.min(zeros.len());
        out.write_all(&zeros[..n]).map_err(|e| e.to_string())?;
        left -= n;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(summary(shape, "zeros", SolutionKind::Path, started))
}

fn search(shape: Shape, tie_break: TieBreak) -> Result<Summary, String> {
    let started = Instant::now();
    let options = WarnsdorffOptions {
        tie_break,
        ..WarnsdorffOptions::default()
    };
    let corner = (shape.rows - 1, shape.cols - 1);
    let found = warnsdorff(shape.rows, shape.cols, corner, &options).map_err(|e| e.to_string())?;
    let mut verifier = StreamVerifier::new(shape, crate::board::Leaper::KNIGHT, Closure::Open);
    verifier.push(&found.order).map_err(|e| e.to_string())?;
    verifier.finish().map_err(|e| e.to_string())?;
    let mut result = summary(shape, "warnsdorff", SolutionKind::Path, started);
    result
        .stats
        .insert("attempts".into(), found.attempts.into());
    result.stats.insert("jumps".into(), found.jumps.into());
    result.stats.insert(
        "last_attempt_backtracks".into(),
        found.last_attempt_backtracks.into(),
    );
    Ok(result)
}
