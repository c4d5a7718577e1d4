//! The flags of the commands that run an engine: the model, the engine and its limits, and
//! the options only one engine takes. `lowering` turns them into a run.

use crate::cli::arguments::model::ModelArgs;
use clap::Args;
use knights::choice::EngineName;
use knights::encode::pb::PbEncoding;
use knights::encode::Connectivity;
use knights::sat::RefuteFirst;
use knights::solver::{CadicalOption, CadicalPreset, SolverKind};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Which engine finds the solutions.
    #[arg(long, value_enum, default_value = "auto")]
    pub engine: EngineName,
    /// Worker threads (0: one per core; at most four per core are started, and a larger N
    /// is said on stderr). The counts are the same for any number. The frontier engine
    /// runs each step in memory on them; a step that spills to disk, or of few states,
    /// runs on one.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Stop after N solutions: at most N are written and counted, exactly N when N exist
    /// (the class that reaches N is cut short); the summary then says "complete": false.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the summary then says "complete": false.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = crate::cli::arguments::flags::seconds)]
    pub timeout: Option<f64>,
    /// Memory the frontier engine's states may hold, e.g. 14G or 512M; past it a step
    /// spills to disk [default: three quarters of the memory available at the start].
    #[arg(long, value_name = "SIZE", value_parser = knights::frontier::parse_size)]
    pub memory: Option<usize>,
    /// Where the frontier engine's spill files go (a temporary directory made inside it and
    /// removed at the end) [default: the system's temporary directory, $TMPDIR].
    #[arg(long, value_name = "DIR")]
    pub spill_dir: Option<PathBuf>,
    /// Save the frontier engine's count in DIR (made if missing) at the end of a step, to
    /// continue it later: run the same command again and it continues from the last step
    /// saved. The checkpoint is removed when the count is done; one of another count, of a
    /// newer format or damaged is refused, and nothing removed.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds at least between two saves of the checkpoint (0: after every step)
    /// [default: 300].
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::arguments::flags::seconds_or_zero)]
    pub checkpoint_every: Option<f64>,
    #[command(flatten)]
    pub sat: SatFlags,
}

/// The SAT engine's options, shared by the commands that run it and by `split`.
#[derive(Args, Debug, Clone, Default)]
pub struct SatFlags {
    /// SAT backend [default: cadical]. The SAT-only options are refused with
    /// `--engine search`, which would ignore them.
    #[arg(long, value_enum)]
    pub solver: Option<SolverKind>,
    /// CaDiCaL option preset [default: default].
    #[arg(long, value_enum)]
    pub cadical_preset: Option<CadicalPreset>,
    /// A CaDiCaL option set after the preset, e.g. `elim=0` or `seed=3`
    /// (names and ranges as `cadical --help` lists them). Repeatable.
    #[arg(long = "cadical-option", value_name = "NAME=VALUE")]
    pub cadical_options: Vec<CadicalOption>,
    /// How line sums become clauses [default: mdd].
    #[arg(long, value_enum)]
    pub pb_encoding: Option<PbEncoding>,
    /// How covers by several cycles are excluded [default: lazy].
    #[arg(long, value_enum)]
    pub connectivity: Option<Connectivity>,
    /// Search both halves of a cube that a symmetry of the model maps onto
    /// itself, instead of adding lex-leader constraints (same counts).
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    /// Split each cube of a numbered model with a fixed start by the cells
    /// of numbers 2..=N, solved one after another (same counts). Default: 8
    /// for closed half-turn symmetric tours, off (1) otherwise.
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub prefix_length: Option<u32>,
    /// Hand each cube to Kissat first, which shows an empty cube in one call;
    /// CaDiCaL then enumerates the cubes that hold solutions (same counts).
    /// [default: auto: numbered models with line sums counted or enumerated to the end
    /// under --solver cadical]
    #[arg(long, value_enum, value_name = "WHEN")]
    pub refute_first: Option<RefuteFirst>,
    /// Write a DRAT proof of every CaDiCaL solver's work into DIR (a CNF and a proof per
    /// solver), for `knights check-proofs DIR`: the evidence behind every "no (further)
    /// solution". CaDiCaL then refutes every cube itself, without variable elimination.
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
}
