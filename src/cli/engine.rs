//! Options shared by the commands that run an engine, and the dispatch to the engine chosen.

use super::choice::announce;
use super::progress::Progress;
use super::ModelArgs;
use anyhow::{Context, Result};
use clap::Args;
use knights::choice::{Choice, EngineName, EngineRequest, Purpose, Resolved};
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions};
use knights::frontier::{Budget, Checkpoints, FrontierEngine, Workers};
use knights::puzzle::Puzzle;
use knights::run::{Engine, FinishedCubes, Limits, Progress as EngineProgress, StopFlag};
use knights::sat::{ProofDir, RefuteFirst, SatOptions};
use knights::search::SearchOptions;
use knights::solver::{CadicalOption, CadicalPreset, SolverKind};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seconds between two saves of a frontier checkpoint by default: a stopped count loses at
/// most this much work, and a save, which may write a layer of gigabytes, stays rare.
const CHECKPOINT_EVERY_SECONDS: f64 = 300.0;

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
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = super::flags::seconds)]
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
    #[arg(long, value_name = "SECONDS", value_parser = super::flags::seconds_or_zero)]
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

impl SatFlags {
    /// The SAT engine's options from these flags, with `jobs` worker threads.
    pub fn options(&self, jobs: usize) -> SatOptions {
        SatOptions {
            solver: self.solver.unwrap_or_default(),
            cadical_preset: self.cadical_preset.unwrap_or_default(),
            cadical_options: self.cadical_options.clone(),
            encode: EncodeOptions {
                connectivity: self.connectivity.unwrap_or_default(),
                pb_encoding: self.pb_encoding.unwrap_or_default(),
            },
            jobs,
            no_symmetry_breaking: self.no_symmetry_breaking,
            prefix_length: self.prefix_length,
            refute_first: self.refute_first.unwrap_or_default(),
            proof: None,
            finished: None,
        }
    }

    /// Options the chosen backend would ignore are refused instead, so that a run never
    /// looks configured when it is not (options another engine would ignore are refused by
    /// the engine request).
    pub fn check(&self) -> Result<()> {
        if self.solver.unwrap_or_default() != SolverKind::Cadical {
            anyhow::ensure!(
                self.proof.is_none(),
                "--proof needs --solver cadical: {} writes no proofs",
                self.solver.unwrap_or_default().name()
            );
            if let Some(option) = self.cadical_options.first() {
                anyhow::bail!("--cadical-option {option} needs --solver cadical");
            }
            anyhow::ensure!(
                self.cadical_preset.is_none(),
                "--cadical-preset needs --solver cadical"
            );
        }
        Ok(())
    }

    /// The SAT-only options given on the command line, named without their dashes.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.solver.is_some(), "solver"),
            (self.cadical_preset.is_some(), "cadical-preset"),
            (!self.cadical_options.is_empty(), "cadical-option"),
            (self.pb_encoding.is_some(), "pb-encoding"),
            (self.connectivity.is_some(), "connectivity"),
            (self.no_symmetry_breaking, "no-symmetry-breaking"),
            (self.prefix_length.is_some(), "prefix-length"),
            (self.refute_first.is_some(), "refute-first"),
            (self.proof.is_some(), "proof"),
        ]
        .into_iter()
        .filter_map(|(given, flag)| given.then_some(flag))
        .collect()
    }
}

impl RunArgs {
    pub fn puzzle(&self) -> Result<Puzzle> {
        self.model.puzzle()
    }

    /// Limits for the run, with Ctrl-C, SIGTERM and SIGHUP raising its stop flag.
    pub fn limits(&self) -> Result<Limits> {
        let stop = StopFlag::default();
        super::signals::watch(&stop)?;
        let timeout = match self.timeout {
            Some(s) if !(s.is_finite() && s > 0.0) => {
                anyhow::bail!("--timeout must be a positive number of seconds")
            }
            Some(s) => Some(Duration::from_secs_f64(s)),
            None => None,
        };
        Ok(Limits {
            solutions: self.limit,
            timeout,
            stop,
        })
    }

    /// The memory the frontier engine's states may hold, and where the rest spills.
    pub fn frontier_budget(&self) -> Budget {
        let bytes = self.memory.unwrap_or_else(|| Budget::default().bytes);
        Budget::new(bytes, self.spill_dir.clone())
    }

    /// The frontier engine's threads.
    pub fn frontier_workers(&self) -> Workers {
        Workers::new(knights::run::workers(self.jobs))
    }

    /// The frontier engine within the memory asked for.
    fn frontier(&self) -> FrontierEngine {
        FrontierEngine {
            budget: self.frontier_budget(),
            checkpoints: self.checkpoint.as_ref().map(|dir| Checkpoints {
                dir: dir.clone(),
                every: Duration::from_secs_f64(
                    self.checkpoint_every.unwrap_or(CHECKPOINT_EVERY_SECONDS),
                ),
            }),
            workers: self.frontier_workers(),
        }
    }

    /// The SAT engine's options, with the proof directory checked (it is made only when the
    /// first proof starts).
    fn sat_options(&self) -> Result<SatOptions> {
        let mut options = self.sat.options(self.jobs);
        if let Some(dir) = &self.sat.proof {
            let prepared = ProofDir::prepare(dir).context("--proof")?;
            options.proof = Some(prepared.for_run(&super::bench::command_line()));
        }
        Ok(options)
    }

    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            jobs: self.jobs,
            ..SearchOptions::default()
        }
    }

    /// `--resume` cannot go with `--engine search`: the native search cannot start from tours.
    pub fn check_resume(&self, resume: Option<&Path>) -> Result<()> {
        anyhow::ensure!(
            resume.is_none() || self.engine != EngineName::Search,
            "--resume needs --engine sat (the native search cannot start from written tours)"
        );
        Ok(())
    }

    /// The engine request of this command line: the engine named, its threads and limits,
    /// and the options only one engine takes. `--resume` asks for the SAT engine: the
    /// native search cannot start from tours.
    pub fn request(&self, resume: Option<&Path>) -> EngineRequest {
        let frontier_only = [
            (self.memory.is_some(), "memory"),
            (self.spill_dir.is_some(), "spill-dir"),
            (self.checkpoint.is_some(), "checkpoint"),
        ];
        EngineRequest {
            engine: self.engine,
            jobs: self.jobs,
            limit: self.limit,
            timeout: self.timeout,
            sat: self.sat.options(self.jobs),
            sat_settings: self.sat.given(),
            resume: resume.is_some(),
            frontier: self.frontier(),
            frontier_settings: frontier_only
                .iter()
                .filter_map(|(given, flag)| given.then_some(*flag))
                .collect(),
            spelling: knights::run::Spelling::Flags,
        }
    }

    /// Resolves `--engine` for this model and a run for `purpose` (saying on stderr what
    /// `auto` chose), and refuses options the engine would ignore. A trial the choice runs
    /// stops on `stop`.
    fn choose(
        &self,
        puzzle: &Puzzle,
        request: &EngineRequest,
        purpose: Purpose,
        stop: &StopFlag,
    ) -> Result<Choice> {
        if let Some(length) = self.sat.prefix_length {
            anyhow::ensure!(
                length as usize <= puzzle.n_cells(),
                "--prefix-length {length}: a prefix fixes the cells of numbers 1..={length}, and the board {} has {} cells",
                puzzle.board.shape(),
                puzzle.n_cells()
            );
        }
        let choice = request.choose(puzzle, purpose, stop);
        announce(&choice);
        request.check(&choice).map_err(anyhow::Error::msg)?;
        self.sat.check()?;
        anyhow::ensure!(
            self.checkpoint_every.is_none() || self.checkpoint.is_some(),
            "--checkpoint-every needs --checkpoint DIR"
        );
        Ok(choice)
    }

    /// The command line lowered once into what a run of `puzzle` for `purpose` needs: the
    /// engine chosen (`auto` resolved), every flag checked and the engine built, with nothing
    /// created, opened or removed on the way. Commands build their engine here and nowhere
    /// else, so that one run is one engine (and one proof directory).
    pub fn lower(&self, puzzle: &Puzzle, purpose: Purpose) -> Result<RunConfig> {
        self.lower_resuming(puzzle, purpose, None, None)
    }

    /// [`RunArgs::lower`] for a run that continues `resume`, whose summaries recorded the
    /// cubes in `finished`: the SAT engine does not search them again.
    pub fn lower_resuming(
        &self,
        puzzle: &Puzzle,
        purpose: Purpose,
        resume: Option<&Path>,
        finished: Option<FinishedCubes>,
    ) -> Result<RunConfig> {
        let limits = self.limits()?;
        let mut request = self.request(resume);
        let choice = self.choose(puzzle, &request, purpose, &limits.stop)?;
        say_worker_cap("-j", self.jobs);
        // The proof directory is prepared only once the SAT engine is sure to run.
        let proof = match choice.engine {
            Resolved::Sat => {
                request.sat = SatOptions {
                    finished,
                    ..self.sat_options()?
                };
                request.sat.proof.clone()
            }
            _ => None,
        };
        let engine = request.build(&choice);
        Ok(RunConfig {
            limits,
            engine,
            proof,
            choice,
        })
    }
}

/// Says on stderr when `flag N` asks for more worker threads than a run starts.
pub fn say_worker_cap(flag: &str, asked: usize) {
    let used = knights::run::workers(asked);
    if asked > used {
        errln!(
            "note: {flag} {asked}: running {used} worker threads ({} per core on {} cores); more would only slow the run",
            used / knights::run::cores(),
            knights::run::cores()
        );
    }
}

/// A run's flags, checked, and its engine.
pub struct RunConfig {
    /// The limits, with the stop flag watching the stopping signals.
    pub limits: Limits,
    /// The one engine of the run.
    pub engine: Box<dyn Engine + Send + Sync>,
    /// Where the engine writes its proofs, if it does.
    pub proof: Option<ProofDir>,
    /// Which engine runs, and why.
    pub choice: Choice,
}

/// Shows an engine's progress on the progress line.
pub fn show_progress(progress: &Progress) -> impl Fn(EngineProgress) + '_ {
    move |report| match report {
        EngineProgress::Nodes(p) => progress.nodes(p.nodes, p.nodes_per_second),
        EngineProgress::Cubes(c) => progress.cubes(c.done, c.searched),
        EngineProgress::Solver(s) => progress.conflicts(s.conflicts, s.seconds),
        EngineProgress::Steps(s) => progress.steps(&s),
        EngineProgress::Continued(c) => progress.suspend(|| {
            errln!(
                "continuing from step {} of {} saved at {}",
                c.step,
                c.steps,
                super::summary::utc_text(c.saved_unix)
            );
        }),
        EngineProgress::JobResumed(r) => progress.suspend(|| say_job_resumed(&r)),
    }
}

/// What a job keeps from its earlier run, and what it sets aside, in one or two lines.
fn say_job_resumed(report: &knights::run::JobResumedProgress) {
    if let Some(problem) = report.set_aside {
        errln!("note: {problem}; that work is done again");
    }
    let pieces = match report.pieces {
        0 => String::new(),
        all => format!(", {} of {all} pieces done earlier", report.pieces_done),
    };
    if report.classes > 0 || report.pieces_done > 0 {
        errln!("continuing: {} classes kept{pieces}", report.classes);
    }
}
