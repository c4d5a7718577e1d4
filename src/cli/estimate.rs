//! `knights estimate`: Knuth's Monte Carlo estimate of the native search tree, turned into a
//! predicted running time with the node rate measured on this machine.

use super::engine::RunArgs;
use super::output::Format;
use anyhow::Result;
use clap::Args;
use knights::puzzle::Puzzle;
use knights::run::human_duration;
use knights::run::Limits;
use knights::search::{Estimate, SearchOptions};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Random root-to-leaf probes.
    #[arg(long, default_value_t = 20_000, value_parser = super::flags::positive)]
    pub probes: usize,
    /// Seed of the probes' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds of real search used to measure the node rate.
    #[arg(long, default_value_t = 2.0, value_parser = super::flags::seconds, allow_negative_numbers = true)]
    pub rate_seconds: f64,
    /// Then run the whole search and report how close the prediction was.
    #[arg(long)]
    pub check: bool,
    /// Instead of walks to the leaves: this many walks to --depth, and the whole tree
    /// below each searched. Steadier than the probes, and a benchmark two builds can share
    /// through --save-prefixes and --prefixes.
    #[arg(long, value_name = "N", value_parser = super::flags::positive)]
    pub subtrees: Option<usize>,
    /// Depth of the --subtrees walks: the shallower, the larger and fewer the subtrees.
    #[arg(long, default_value_t = 12)]
    pub depth: usize,
    /// Write the --subtrees walks to FILE (JSON lines), for --prefixes.
    #[arg(long, value_name = "FILE", requires = "subtrees")]
    pub save_prefixes: Option<std::path::PathBuf>,
    /// Search below the walks in FILE (written by --save-prefixes, maybe by another build)
    /// instead of drawing new ones.
    #[arg(long, value_name = "FILE", conflicts_with = "subtrees")]
    pub prefixes: Option<std::path::PathBuf>,
    /// text: one sentence ("about 101 days"); json: one record.
    /// [default: text on a terminal, json when stdout is a file or a pipe]
    #[arg(long, value_enum)]
    pub format: Option<Format>,
}

/// What `estimate` prints (one JSON object).
#[derive(Serialize)]
pub struct Prediction {
    pub model: String,
    #[serde(flatten)]
    pub estimate: Estimate,
    /// Worker threads of the rate trial, as the count would start them: the prediction is
    /// wall-clock time with that many (CPU time is about this many times more).
    pub workers: usize,
    pub nodes_per_second: f64,
    pub predicted_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual_nodes: Option<u64>,
    /// actual / predicted nodes, after `--check`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
}

/// Estimates the tree and measures the node rate with a short real run.
pub fn predict(
    puzzle: &Puzzle,
    options: &SearchOptions,
    probes: usize,
    seed: u64,
    rate_seconds: f64,
) -> Result<Prediction> {
    let estimate = knights::search::estimate(puzzle, probes, seed)?;
    predict_from(puzzle, options, estimate, rate_seconds)
}

/// [`predict`] from an estimate already made.
pub fn predict_from(
    puzzle: &Puzzle,
    options: &SearchOptions,
    estimate: Estimate,
    rate_seconds: f64,
) -> Result<Prediction> {
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(rate_seconds)),
        ..Limits::default()
    };
    let sample = knights::search::count(puzzle, options, &limits, &|_| {})?;
    let nodes = sample
        .stats
        .get("nodes")
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(0.0);
    let nodes_per_second = nodes / sample.seconds.max(1e-9);
    let predicted_seconds = if sample.complete {
        sample.seconds
    } else {
        estimate.nodes / nodes_per_second.max(1.0)
    };
    Ok(Prediction {
        model: puzzle.name.clone(),
        estimate,
        workers: knights::run::workers(options.jobs),
        nodes_per_second,
        predicted_seconds,
        actual_nodes: None,
        ratio: None,
    })
}

/// Whether the command asks for the estimate with whole subtrees searched (`--subtrees`,
/// `--prefixes`), which `subtrees` makes.
pub fn wants_subtrees(args: &EstimateArgs) -> bool {
    args.subtrees.is_some() || args.prefixes.is_some()
}

pub fn run(args: EstimateArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    let options = args.run.search_options();
    let mut prediction = predict(&puzzle, &options, args.probes, args.seed, args.rate_seconds)?;
    print_depths(&prediction.estimate);
    if args.check {
        let limits = args.run.limits()?;
        let summary = knights::search::count(&puzzle, &options, &limits, &|_| {})?;
        anyhow::ensure!(
            summary.complete,
            "the checking run was {}; no comparison",
            summary.ending.describe()
        );
        let actual = summary
            .stats
            .get("nodes")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0);
        prediction.actual_nodes = Some(actual);
        prediction.ratio = Some(actual as f64 / prediction.estimate.nodes.max(1.0));
    }
    match Format::resolve(args.format) {
        Format::Json => outln!("{}", serde_json::to_string(&prediction)?)?,
        Format::Text => outln!("{}", describe(&prediction))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The prediction in a sentence, for people.
fn describe(prediction: &Prediction) -> String {
    let mut text = format!(
        "{}: the native search is predicted to take about {} of wall clock with {} ({:.2e} \
         nodes at {:.2e} nodes/s, about {:.3e} solutions)",
        prediction.model,
        human_duration(prediction.predicted_seconds),
        workers_phrase(prediction.workers),
        prediction.estimate.nodes,
        prediction.nodes_per_second,
        prediction.estimate.solutions
    );
    if let (Some(actual), Some(ratio)) = (prediction.actual_nodes, prediction.ratio) {
        text.push_str(&format!(
            "; the whole search took {actual} nodes, {ratio:.2} x the prediction"
        ));
    }
    text
}

fn workers_phrase(workers: usize) -> String {
    if workers == 1 {
        "1 worker thread".to_string()
    } else {
        format!("{workers} worker threads")
    }
}

/// The tree's profile on stderr, for people: predicted nodes at each depth.
fn print_depths(estimate: &Estimate) {
    errln!("depth  predicted nodes");
    for (depth, nodes) in estimate.nodes_per_depth.iter().enumerate() {
        if *nodes >= 0.5 {
            errln!("{depth:>5}  {nodes:.3e}");
        }
    }
}
