//! Command-line interface: one module per command, each a thin layer over the library, on
//! layers shared by the commands (see `src/layering/cli.rs`).

/// `println!` that hands back the write error instead of panicking, so that a
/// reader closing the pipe early (`knights show M | head`) ends the command
/// quietly (see `main`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `print!` that hands back the write error; see [`outln`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `eprintln!` that never panics: a message or a progress note that cannot be written (a
/// full disk under `2>log`, `2>/dev/full`, a closed stream) is dropped, and the run goes on.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

// Layers, lowest first: each imports only those above it in this list (`src/layering/cli.rs`
// checks it).
mod arguments;
mod commands;
mod io;
mod lowering;
mod presentation;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

use commands::{
    bench, check_proofs, classify, dimacs, enumerate, estimate, jobs, make_puzzle, opb, optimise,
    render, sample, show, solve, tiles, tour, verify,
};
use estimate::subtrees;
use io::signals;

/// Knight's tour puzzles: state them, count and enumerate their solutions up to symmetry,
/// verify tours, and hand the CNF to any SAT solver.
#[derive(Parser, Debug)]
#[command(name = "knights", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the checked model: board, rules, what a solution is, and its symmetry.
    Show(show::ShowArgs),
    /// Count solutions and classes; prints only the summary (text on a terminal, else JSON).
    #[command(
        disable_help_flag = true,
        arg = enumerate::short_help_flag(),
        mut_args = enumerate::count_help,
        after_help = enumerate::count_after_help()
    )]
    Count(enumerate::EnumerateArgs),
    /// Write every solution (verified first), then the summary: numbered grids on a
    /// terminal, one JSON line each otherwise.
    Enumerate(enumerate::EnumerateArgs),
    /// Predict the native search's tree size and running time (Knuth's Monte Carlo method).
    Estimate(estimate::EstimateArgs),
    /// Print the first solution as a numbered grid; exit 1 when there is none.
    Solve(solve::SolveArgs),
    /// The least number of cells with an angle of one kind (obtuse, say), proved by an
    /// exhausted search for fewer, and every class of tours that attains it.
    Optimise(optimise::OptimiseArgs),
    /// Write the model's CNF in DIMACS form for any SAT solver.
    Dimacs(dimacs::DimacsArgs),
    /// Write the model in OPB form for pseudo-Boolean solvers (line sums as equalities).
    Opb(opb::OpbArgs),
    /// Turn a SAT solver's answer for a `dimacs` file into a verified tour, once the file is
    /// shown to be the model's own CNF.
    Decode(dimacs::DecodeArgs),
    /// Run the benchmark suite; write medians and baseline ratios to results/.
    Bench(bench::BenchArgs),
    /// Check tours against every rule of a model; exit 1 naming each broken rule.
    Verify(verify::VerifyArgs),
    /// Draw a tour as SVG: the numbered grid and the path (3D: layers side by side); only a
    /// tour of the leaper is drawn. A model file (.toml) with givens is drawn as its puzzle.
    Render(render::RenderArgs),
    /// Make a puzzle from a tour: its numbers, each left out in turn while the native search
    /// still finds that tour alone; writes the model file, and with --svg its picture.
    MakePuzzle(make_puzzle::MakePuzzleArgs),
    /// Build a tour of any rectangle that has one (closed where possible), verified, in text,
    /// JSON or binary; boards up to 2^32 - 1 cells are streamed, never held.
    Tour(tour::TourArgs),
    /// Find, with the SAT engine, the tiles the stitch construction joins into large tours.
    Tiles(tiles::TilesArgs),
    /// Write distinct random tours of a model (any board or box, any leaper) as JSON lines,
    /// the same for the same seed.
    Sample(sample::SampleArgs),
    /// Classify tours of one board by seed 004's tour types and by the box's symmetries:
    /// a table, JSON, and an SVG histogram of category sizes.
    Classify(classify::ClassifyArgs),
    /// Cut one run into self-contained jobs (a JSON line each) for GNU parallel or Slurm,
    /// balanced by the native search's estimate.
    Split(jobs::SplitArgs),
    /// Run one job of a `split` file and write its result file; a finished job is left as
    /// it is, and only a finished job leaves a file under its final name.
    RunJob(jobs::RunJobArgs),
    /// Check the jobs' result files and add them up; without every job finished, say
    /// which are missing and give no count.
    Merge(jobs::MergeArgs),
    /// Check every proof a `--proof DIR` run wrote with an outside DRAT checker (rate, or
    /// drat-trim), one JSON line each; exit 1 unless every one is verified.
    CheckProofs(check_proofs::CheckProofsArgs),
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    match (dispatch(cli), signals::exit_code()) {
        (Ok(code), signal) => Ok(signal.unwrap_or(code)),
        // A command a signal cut short exits as stopped by it, as shells expect, not as failed.
        (Err(err), Some(signal)) => {
            errln!("stopped: {err:#}");
            Ok(signal)
        }
        (Err(err), None) => Err(err),
    }
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Show(args) => show::run(args),
        Command::Count(args) => enumerate::run(args, false),
        Command::Enumerate(args) => enumerate::run(args, true),
        Command::MakePuzzle(args) => make_puzzle::run(args),
        Command::Estimate(args) if estimate::wants_subtrees(&args) => subtrees::run(&args),
        Command::Estimate(args) => estimate::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Optimise(args) => optimise::run(args),
        Command::Dimacs(args) => dimacs::run_dimacs(args),
        Command::Opb(args) => opb::run(args),
        Command::Decode(args) => dimacs::run_decode(args),
        Command::Bench(args) => bench::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Render(args) => render::run(args),
        Command::Tiles(args) => tiles::run(args),
        Command::Tour(args) => tour::run(args),
        Command::Sample(args) => sample::run(args),
        Command::Classify(args) => classify::run(args),
        Command::Split(args) => jobs::run_split(args),
        Command::RunJob(args) => jobs::run_run_job(args),
        Command::Merge(args) => jobs::run_merge(args),
        Command::CheckProofs(args) => check_proofs::run(args),
    }
}
