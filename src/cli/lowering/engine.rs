//! The commands' flags lowered into a run: the engine chosen (`auto` resolved), every flag
//! checked, and the one engine of the run built.

use crate::cli::arguments::run::{RunArgs, SatFlags};
use crate::cli::io::signals;
use crate::cli::presentation::choice::announce;
use crate::cli::presentation::command_line::command_line;
use crate::cli::presentation::progress::Progress;
use crate::cli::presentation::summary::utc_text;
use anyhow::{Context, Result};
use knights::choice::{Choice, EngineName, EngineRequest, Purpose, Resolved};
use knights::encode::EncodeOptions;
use knights::frontier::{Budget, Checkpoints, FrontierEngine, Workers};
use knights::puzzle::Puzzle;
use knights::run::{Engine, FinishedCubes, Limits, Progress as EngineProgress, StopFlag};
use knights::sat::{ProofDir, SatOptions};
use knights::solver::SolverKind;
use std::path::Path;
use std::time::Duration;

/// Seconds between two saves of a frontier checkpoint by default: a stopped count loses at
/// most this much work, and a save, which may write a layer of gigabytes, stays rare.
const CHECKPOINT_EVERY_SECONDS: f64 = 300.0;

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
        signals::watch(&stop)?;
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
            // The engine request sets the threads when it builds the engine.
            ..FrontierEngine::default()
        }
    }

    /// The proof directory of `--proof`, checked (it is made only when the first proof
    /// starts), with this command line recorded for its manifest.
    fn proof_dir(&self) -> Result<Option<ProofDir>> {
        let Some(dir) = &self.sat.proof else {
            return Ok(None);
        };
        let prepared = ProofDir::prepare(dir).context("--proof")?;
        Ok(Some(prepared.for_run(&command_line())))
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
                request.sat.finished = finished;
                request.sat.proof = self.proof_dir()?;
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
                utc_text(c.saved_unix)
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
