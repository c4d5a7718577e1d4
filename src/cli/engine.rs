//! Options shared by the commands that run an engine, and the dispatch to the engine chosen.

use super::ModelArgs;
use anyhow::Result;
use clap::{Args, ValueEnum};
use knights::encode::{Connectivity, EncodeOptions};
use knights::puzzle::Puzzle;
use knights::run::{Class, Limits, StopFlag, Summary};
use knights::sat::pb::PbEncoding;
use knights::sat::search::{enumerate_observed, CubeProgress, SatOptions};
use knights::sat::{CadicalOption, CadicalPreset, SolverKind};
use knights::search::{Progress as SearchProgress, SearchOptions};
use knights::tour::Tour;
use std::path::Path;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// CNF encodings solved incrementally, with blocking clauses.
    Sat,
    /// The native backtracker.
    Search,
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Which engine finds the solutions.
    #[arg(long, value_enum, default_value = "sat")]
    pub engine: EngineKind,
    /// Worker threads (0: one per core). The counts are the same for any number.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Stop after this many solutions; the summary then says "complete": false.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Stop after this many seconds; the summary then says "complete": false.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// SAT backend.
    #[arg(long, value_enum, default_value_t = SolverKind::default())]
    pub solver: SolverKind,
    /// CaDiCaL option preset.
    #[arg(long, value_enum, default_value_t = CadicalPreset::default())]
    pub cadical_preset: CadicalPreset,
    /// A CaDiCaL option set after the preset, e.g. `elim=0` or `seed=3`
    /// (names and ranges as `cadical --help` lists them). Repeatable.
    #[arg(long = "cadical-option", value_name = "NAME=VALUE")]
    pub cadical_options: Vec<CadicalOption>,
    /// How line sums become clauses.
    #[arg(long, value_enum, default_value_t = PbEncoding::default())]
    pub pb_encoding: PbEncoding,
    /// How covers by several cycles are excluded.
    #[arg(long, value_enum, default_value_t = Connectivity::default())]
    pub connectivity: Connectivity,
    /// Search both halves of a cube that a symmetry of the model maps onto
    /// itself, instead of adding lex-leader constraints (same counts).
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    /// Split each cube of a numbered model with a fixed start by the cells
    /// of numbers 2..=N, solved one after another (same counts). Default: 8
    /// for closed half-turn symmetric tours, off (1) otherwise.
    #[arg(long, value_name = "N")]
    pub prefix_length: Option<u32>,
}

impl RunArgs {
    pub fn puzzle(&self) -> Result<Puzzle> {
        self.model.puzzle()
    }

    /// Limits for the run, with Ctrl-C and SIGTERM raising its stop flag.
    pub fn limits(&self) -> Result<Limits> {
        let stop = StopFlag::default();
        let handler_flag = stop.clone();
        // A second handler cannot be installed in one process; one run per process is all
        // the binary ever does.
        ctrlc::set_handler(move || handler_flag.raise())?;
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

    pub fn sat_options(&self) -> SatOptions {
        SatOptions {
            solver: self.solver,
            cadical_preset: self.cadical_preset,
            cadical_options: self.cadical_options.clone(),
            encode: EncodeOptions {
                connectivity: self.connectivity,
                pb_encoding: self.pb_encoding,
            },
            jobs: self.jobs,
            no_symmetry_breaking: self.no_symmetry_breaking,
            prefix_length: self.prefix_length,
        }
    }

    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            jobs: self.jobs,
            ..SearchOptions::default()
        }
    }

    /// `--resume` is only for the SAT engine: the native search cannot start from tours.
    pub fn check_resume(&self, resume: Option<&Path>) -> Result<()> {
        anyhow::ensure!(
            resume.is_none() || self.engine == EngineKind::Sat,
            "--resume needs --engine sat (the native search cannot start from written tours)"
        );
        Ok(())
    }

    /// `--cadical-option` only means something to CaDiCaL; refusing it
    /// elsewhere keeps a run from looking configured when it is not.
    fn check_cadical_options(&self) -> Result<()> {
        let Some(option) = self.cadical_options.first() else {
            return Ok(());
        };
        anyhow::ensure!(
            self.engine == EngineKind::Sat && self.solver == SolverKind::Cadical,
            "--cadical-option {option} needs --engine sat and --solver cadical"
        );
        Ok(())
    }

    /// Runs the chosen engine for its counts only: no tour leaves the engine. The classes of
    /// `already` (SAT engine only) are counted without being searched for.
    pub fn count(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_progress: &dyn Fn(SearchProgress),
        on_cube: &dyn Fn(CubeProgress),
    ) -> Result<Summary> {
        self.check_cadical_options()?;
        Ok(match self.engine {
            EngineKind::Search => {
                debug_assert!(already.is_empty(), "refused by check_resume");
                knights::search::count(puzzle, &self.search_options(), limits, on_progress)?
            }
            EngineKind::Sat => {
                let options = self.sat_options();
                enumerate_observed(puzzle, &options, limits, already, &mut |_| {}, on_cube)?
            }
        })
    }

    /// Runs the chosen engine, handing each class to `on_class` as it is found. The classes
    /// of `already` (SAT engine only) are counted but not handed over.
    pub fn enumerate(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_class: &(dyn Fn(Class) + Sync),
        on_progress: &dyn Fn(SearchProgress),
        on_cube: &dyn Fn(CubeProgress),
    ) -> Result<Summary> {
        self.check_cadical_options()?;
        match self.engine {
            EngineKind::Search => {
                debug_assert!(already.is_empty(), "refused by check_resume");
                let options = self.search_options();
                Ok(knights::search::enumerate(
                    puzzle,
                    &options,
                    limits,
                    on_class,
                    on_progress,
                )?)
            }
            EngineKind::Sat => {
                let options = self.sat_options();
                let summary = enumerate_observed(
                    puzzle,
                    &options,
                    limits,
                    already,
                    &mut |class| on_class(class.clone()),
                    on_cube,
                )?;
                Ok(summary)
            }
        }
    }
}
