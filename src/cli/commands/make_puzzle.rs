//! `knights make-puzzle`: a puzzle with exactly one tour, made from that tour by leaving out
//! its numbers one at a time while the native search still finds only it.

use crate::cli::arguments::model::ModelFlags;
use crate::cli::io::tours;
use crate::cli::presentation::progress::Progress;
use anyhow::{Context, Result};
use clap::Args;
use knights::board::Shape;
use knights::clues::{thin_givens, ThinOptions, Thinned, Trial, Verdict};
use knights::puzzle::Puzzle;
use knights::run::StopFlag;
use knights::spec::Spec;
use knights::tour::Tour;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct MakePuzzleArgs {
    /// The model whose rules the puzzle keeps (its own givens stay), then the tour file
    /// (grid or JSON lines; the first tour, or the one --index picks). With the tour file
    /// alone the model is --board and the other model flags, or else the tour's own board.
    #[arg(value_name = "[MODEL] TOUR_FILE", required = true, num_args = 1..=2)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub flags: ModelFlags,
    /// Use the file's N-th tour (1 for the first).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    /// Where to write the puzzle's model file; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// Also draw the puzzle (the board with its given numbers) as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Seeds the order in which the numbers are left out; another seed, another puzzle.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most search nodes one trial may take; a number whose trial needs more stays
    /// given. Unlike a time-out, the same on every machine: with one thread (--jobs 1) the
    /// same command makes the same puzzle anywhere.
    #[arg(long, value_name = "N", default_value_t = 50_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub trial_nodes: u64,
    /// Also stop each trial after this many seconds (the puzzle then depends on the
    /// machine's speed and load).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = crate::cli::arguments::flags::seconds)]
    pub trial_timeout: Option<f64>,
    /// Worker threads for each trial's search (0: one per core).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

pub fn run(args: MakePuzzleArgs) -> Result<ExitCode> {
    let (model, tour_file) = match args.files.as_slice() {
        [tour] => (None, tour.as_path()),
        [model, tour] => (Some(model.as_path()), tour.as_path()),
        _ => unreachable!("clap takes one or two files"),
    };
    let tour = chosen_tour(tour_file, args.index)?;
    let spec = base_spec(&args.flags, model, tour.shape())?;
    let base = Puzzle::from_spec(&spec).with_context(|| format!("model {}", spec_name(&spec)))?;
    let stop = StopFlag::default();
    crate::cli::io::signals::watch(&stop)?;
    let options = ThinOptions {
        seed: args.seed,
        trial_nodes: Some(args.trial_nodes),
        trial_timeout: args.trial_timeout.map(Duration::from_secs_f64),
        jobs: args.jobs,
        stop,
    };
    let progress = Progress::start(&format!("{} puzzle", base.name), None);
    let kept = std::cell::Cell::new(tour.len());
    let thinned = thin_givens(&spec, &tour, &options, &|trial: &Trial, done, total| {
        if trial.verdict == Verdict::LeftOut {
            kept.set(kept.get() - 1);
        }
        progress.trials(done, total, kept.get());
    });
    progress.finish();
    let thinned = thinned.with_context(|| format!("{}", tour_file.display()))?;
    let puzzle_spec = thinned.puzzle_spec(&spec, &base, &options);
    write_outputs(&args, &puzzle_spec, &base, &thinned)?;
    report(&thinned, tour.len());
    Ok(ExitCode::SUCCESS)
}

/// The tour the puzzle is made from.
fn chosen_tour(path: &Path, index: Option<u64>) -> Result<Tour> {
    let all = tours::read(path, None)?;
    Ok(tours::nth(all, index.unwrap_or(1), path)?.tour)
}

/// The model's spec: the file and flags, or the flags on the tour's own board.
fn base_spec(flags: &ModelFlags, model: Option<&Path>, shape: Shape) -> Result<Spec> {
    if model.is_some() || flags.board.is_some() {
        return flags.spec(model);
    }
    let on_tour_board = ModelFlags {
        board: Some(shape.to_string()),
        ..flags.clone()
    };
    on_tour_board.spec(None)
}

fn spec_name(spec: &Spec) -> String {
    spec.name.clone().unwrap_or_else(|| spec.board.clone())
}

fn write_outputs(
    args: &MakePuzzleArgs,
    spec: &Spec,
    base: &Puzzle,
    thinned: &Thinned,
) -> Result<()> {
    let text = model_text(spec)?;
    if args.output.as_os_str() == "-" {
        out!("{text}")?;
    } else {
        crate::cli::io::atomic::write_whole(&args.output, text)?;
        errln!("wrote {}", args.output.display());
    }
    if let Some(path) = &args.svg {
        let svg =
            crate::cli::presentation::puzzle_picture::draw_puzzle(base, spec, &thinned.givens)
                .context("--svg")?;
        crate::cli::io::atomic::write_whole(path, svg)?;
        errln!("wrote {}", path.display());
    }
    Ok(())
}

/// The model file's text, its givens a few to a line as a person would write them; read back
/// here to make sure it says what `spec` does.
fn model_text(spec: &Spec) -> Result<String> {
    let bare = Spec {
        givens: Vec::new(),
        ..spec.clone()
    };
    let text = bare.to_toml();
    let mut block = String::from("givens = [\n");
    for row in spec.givens.chunks(8) {
        let entries: Vec<String> = row.iter().map(|e| format!("{e:?}")).collect();
        block.push_str(&format!("    {},\n", entries.join(", ")));
    }
    block.push_str("]\n");
    // Keys of the top table go before the first table header.
    let at = text
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .find(|&i| text[i..].starts_with('['))
        .unwrap_or(text.len());
    let (head, tables) = text.split_at(at);
    let tables = tables.trim_end();
    let whole = match tables.is_empty() {
        true => format!("{}\n{block}", head.trim_end()),
        false => format!("{}\n{block}\n{tables}\n", head.trim_end()),
    };
    let read = Spec::from_toml(&whole, "the puzzle's model")?;
    anyhow::ensure!(
        read == *spec,
        "internal error: the puzzle's model file does not read back as written"
    );
    Ok(whole)
}

/// The outcome in words on stderr.
fn report(thinned: &Thinned, cells: usize) {
    let given = thinned.givens.len();
    let left_out = cells - given;
    let tried = thinned.trials.len();
    let seconds: f64 = thinned.trials.iter().map(|t| t.seconds).sum();
    let nodes: u64 = thinned.trials.iter().map(|t| t.nodes).sum();
    errln!(
        "{given} givens: exactly one tour, the one given (native search; {tried} trials, {left_out} numbers left out, {nodes} nodes, {seconds:.1} s)"
    );
    if thinned.undecided() > 0 {
        errln!(
            "{} givens stayed because their trial ran out of nodes (--trial-nodes) or time (--trial-timeout)",
            thinned.undecided()
        );
    }
    if !thinned.complete {
        errln!("stopped before every given was tried: the puzzle has one tour, but some givens may still be left out");
    }
}
