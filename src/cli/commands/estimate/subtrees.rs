//! `knights estimate --subtrees N` and `--prefixes FILE`: the estimate with the whole tree
//! searched below sampled walks, and the walks kept in a file so that another build can be
//! measured on the same subtrees.

use super::EstimateArgs;
use crate::cli::presentation::output::Format;
use crate::cli::presentation::progress::Progress;
use anyhow::{Context, Result};
use knights::puzzle::Puzzle;
use knights::run::human_duration;
use knights::search::{sample_prefixes, search_below_prefixes, SampledPrefix, SubtreeEstimate};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::ExitCode;

/// The first line of a prefix file: what the walks belong to.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Header {
    knights_prefixes: u32,
    model: String,
    cells: usize,
    depth: usize,
    seed: u64,
}

const FORMAT: u32 = 1;

/// What the command prints (one JSON object).
#[derive(Serialize)]
struct Report<'a> {
    model: &'a str,
    depth: usize,
    seed: u64,
    #[serde(flatten)]
    estimate: &'a SubtreeEstimate,
}

pub fn run(args: &EstimateArgs) -> Result<ExitCode> {
    let puzzle = &args.run.puzzle()?;
    let (header, walks) = match &args.prefixes {
        Some(path) => read(path, puzzle)?,
        None => {
            let count = args.subtrees.expect("--subtrees or --prefixes");
            let walks = sample_prefixes(puzzle, count, args.depth, args.seed)?;
            let header = Header {
                knights_prefixes: FORMAT,
                model: puzzle.name.clone(),
                cells: puzzle.n_cells(),
                depth: args.depth,
                seed: args.seed,
            };
            if let Some(path) = &args.save_prefixes {
                write(path, &header, &walks)?;
            }
            (header, walks)
        }
    };
    let limits = args.run.limits()?;
    let progress = Progress::start(&puzzle.name, None);
    let total = walks.len();
    let found = search_below_prefixes(puzzle, &walks, &limits, &|done, nodes| {
        progress.subtrees(done, total, nodes);
    });
    progress.finish();
    let found = found?;
    let report = Report {
        model: &puzzle.name,
        depth: header.depth,
        seed: header.seed,
        estimate: &found,
    };
    match Format::resolve(args.format) {
        Format::Json => outln!("{}", serde_json::to_string(&report)?)?,
        Format::Text => outln!("{}", describe(&report))?,
    }
    if found.complete {
        return Ok(ExitCode::SUCCESS);
    }
    Ok(crate::cli::io::signals::exit_code().unwrap_or(ExitCode::from(3)))
}

fn describe(report: &Report) -> String {
    let e = report.estimate;
    let mut text = format!(
        "{}: {:.3e} nodes at depth {} and below, about {} of search ({} walks, {} pruned \
         above the depth; {} nodes searched in {:.1} s; about {:.3e} solutions)",
        report.model,
        e.nodes,
        report.depth,
        human_duration(e.predicted_seconds),
        e.samples,
        e.pruned_above,
        e.searched_nodes,
        e.seconds,
        e.solutions
    );
    if !e.complete {
        text.push_str("; stopped before the last subtree, so the figures are partial");
    }
    text
}

fn write(path: &Path, header: &Header, walks: &[SampledPrefix]) -> Result<()> {
    let mut text = serde_json::to_string(header)?;
    text.push('\n');
    for walk in walks {
        text.push_str(&serde_json::to_string(walk)?);
        text.push('\n');
    }
    crate::cli::io::atomic::write_whole(path, text)
}

fn read(path: &Path, puzzle: &Puzzle) -> Result<(Header, Vec<SampledPrefix>)> {
    let shown = path.display();
    let text = knights::files::read_text(path)?;
    let mut lines = text.lines();
    let header: Header = serde_json::from_str(lines.next().unwrap_or(""))
        .with_context(|| format!("{shown}, line 1: not a prefix file's header"))?;
    anyhow::ensure!(
        header.knights_prefixes == FORMAT,
        "{shown}, line 1: prefix file format {} (this build reads {FORMAT})",
        header.knights_prefixes
    );
    anyhow::ensure!(
        header.model == puzzle.name && header.cells == puzzle.n_cells(),
        "{shown}: walks of the model '{}' on {} cells, not of '{}' on {} cells",
        header.model,
        header.cells,
        puzzle.name,
        puzzle.n_cells()
    );
    let walks = lines
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str::<SampledPrefix>(line)
                .with_context(|| format!("{shown}, line {}: not a walk", i + 2))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((header, walks))
}
