//! `knights estimate`: Knuth's Monte Carlo estimate of the native search tree, turned into a
//! predicted running time with the node rate measured on this machine.

pub mod subtrees;

use crate::cli::arguments::run::RunArgs;
use crate::cli::presentation::output::Format;
use anyhow::Result;
use clap::Args;
use knights::run::human_duration;
use knights::search::{predict, Estimate, Prediction};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Random root-to-leaf probes.
    #[arg(long, default_value_t = 20_000, value_parser = crate::cli::arguments::flags::positive)]
    pub probes: usize,
    /// Seed of the probes' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds of real search used to measure the node rate.
    #[arg(long, default_value_t = 2.0, value_parser = crate::cli::arguments::flags::seconds, allow_negative_numbers = true)]
    pub rate_seconds: f64,
    /// Then run the whole search and report how close the prediction was.
    #[arg(long)]
    pub check: bool,
    /// Instead of walks to the leaves: this many walks to --depth, and the whole tree
    /// below each searched. Steadier than the probes, and a benchmark two builds can share
    /// through --save-prefixes and --prefixes.
    #[arg(long, value_name = "N", value_parser = crate::cli::arguments::flags::positive)]
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

/// Whether the command asks for the estimate with whole subtrees searched (`--subtrees`,
/// `--prefixes`), which `subtrees` makes.
pub fn wants_subtrees(args: &EstimateArgs) -> bool {
    args.subtrees.is_some() || args.prefixes.is_some()
}

pub fn run(args: EstimateArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    let options = args.run.request(None).search_options();
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
