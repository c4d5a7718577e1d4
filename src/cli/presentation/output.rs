//! Streaming solutions: every tour an engine hands over is checked by the independent
//! verifier, then written as one JSON line and flushed, so a stopped run loses nothing.

use crate::cli::presentation::broken_rules::broken_rules;
use crate::cli::presentation::progress::Progress;
use anyhow::{anyhow, Result};
use knights::puzzle::Puzzle;
use knights::run::{Class, StopFlag};
use knights::tour::json::{SolutionLine, TourRecord};
use std::io::Write;
use std::sync::Mutex;

/// How a command writes solutions and its summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Numbered grids and a short summary, for people.
    Text,
    /// One JSON record a line, for programs.
    Json,
}

impl Format {
    /// The format asked for, or by default text on a terminal and JSON anywhere else (a
    /// file, a pipe), so that redirected output can be read back and resumed.
    pub fn resolve(asked: Option<Format>) -> Format {
        use std::io::IsTerminal as _;
        asked.unwrap_or(if std::io::stdout().is_terminal() {
            Format::Text
        } else {
            Format::Json
        })
    }
}

#[derive(Default)]
struct Tally {
    solutions: u64,
    classes: u64,
}

/// Receives classes from any engine (possibly from several threads) and writes at most
/// `limit` solutions: the class that reaches the limit is cut short there, and classes
/// handed over after it (engines stop at whole classes) are dropped.
pub struct SolutionWriter<'a> {
    puzzle: &'a Puzzle,
    out: Mutex<Box<dyn Write + Send + 'a>>,
    tally: Mutex<Tally>,
    failure: Mutex<Option<anyhow::Error>>,
    stop: StopFlag,
    format: Format,
    /// Write only the first member of each class.
    representatives_only: bool,
    /// Solutions this run may write (`--limit`, less what a resumed file holds).
    limit: Option<u64>,
    /// Classes an earlier run wrote (`--resume`): the numbering continues after them.
    classes_before: u64,
    /// The progress line on stderr, cleared while solutions are written.
    progress: Option<&'a Progress>,
}

impl<'a> SolutionWriter<'a> {
    pub fn new(
        puzzle: &'a Puzzle,
        out: Box<dyn Write + Send + 'a>,
        stop: StopFlag,
        format: Format,
    ) -> Self {
        SolutionWriter {
            puzzle,
            out: Mutex::new(out),
            tally: Mutex::default(),
            failure: Mutex::new(None),
            stop,
            format,
            representatives_only: false,
            limit: None,
            classes_before: 0,
            progress: None,
        }
    }

    /// Clears `progress` while writing, as both may share one terminal.
    pub fn beside(mut self, progress: &'a Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Writes only the first member (the representative) of each class.
    pub fn representatives_only(mut self, yes: bool) -> Self {
        self.representatives_only = yes;
        self
    }

    /// Writes at most `limit` solutions.
    pub fn limited_to(mut self, limit: Option<u64>) -> Self {
        self.limit = limit;
        self
    }

    /// Numbers the classes written from `classes + 1` on, continuing an earlier run's file.
    pub fn continuing_after(mut self, classes: u64) -> Self {
        self.classes_before = classes;
        self
    }

    /// Verifies and writes a class; on any failure records it and stops the run.
    pub fn accept(&self, class: Class) {
        if let Err(err) = self.try_accept(&class) {
            self.failure
                .lock()
                .expect("not poisoned")
                .get_or_insert(err);
            self.stop.raise();
        }
    }

    fn try_accept(&self, class: &Class) -> Result<()> {
        for tour in &class.members {
            if let Some(broken) = broken_rules(self.puzzle, tour) {
                return Err(anyhow!(
                    "an engine produced a tour the verifier rejects (an engine bug): {broken}\n{}",
                    knights::tour::text::format(tour)
                ));
            }
        }
        let mut tally = self.tally.lock().expect("not poisoned");
        let room = self
            .limit
            .map_or(u64::MAX, |l| l.saturating_sub(tally.solutions));
        let kept = class
            .members
            .len()
            .min(usize::try_from(room).unwrap_or(usize::MAX));
        if kept == 0 {
            return Ok(());
        }
        tally.classes += 1;
        tally.solutions += kept as u64;
        let shown = if self.representatives_only { 1 } else { kept };
        let number = self.classes_before + tally.classes;
        let mut out = self.out.lock().expect("not poisoned");
        let mut write = || -> Result<()> {
            for (i, tour) in class.members.iter().take(shown).enumerate() {
                self.write_solution(&mut *out, number, i + 1, class.members.len(), tour)?;
            }
            out.flush()?;
            Ok(())
        };
        match self.progress {
            Some(progress) => progress.suspend(write),
            None => write(),
        }
    }

    fn write_solution(
        &self,
        out: &mut dyn Write,
        class: u64,
        member: usize,
        class_size: usize,
        tour: &knights::tour::Tour,
    ) -> Result<()> {
        match self.format {
            Format::Json => {
                let record = TourRecord::of(tour);
                let line = SolutionLine {
                    class,
                    member,
                    class_size,
                    tour: &record,
                };
                // As an io::Error, a closed pipe stays recognisable to `main`.
                serde_json::to_writer(&mut *out, &line).map_err(std::io::Error::from)?;
                out.write_all(b"\n")?;
            }
            Format::Text if self.representatives_only => {
                let grid = knights::tour::text::format(tour);
                writeln!(out, "class {class} ({class_size} solutions)\n{grid}")?;
            }
            Format::Text => {
                let grid = knights::tour::text::format(tour);
                writeln!(
                    out,
                    "class {class}, solution {member} of {class_size}\n{grid}"
                )?;
            }
        }
        Ok(())
    }

    /// Solutions and classes written so far.
    pub fn written(&self) -> (u64, u64) {
        let tally = self.tally.lock().expect("not poisoned");
        (tally.solutions, tally.classes)
    }

    /// Whether the limit on solutions is reached.
    pub fn is_full(&self) -> bool {
        let tally = self.tally.lock().expect("not poisoned");
        self.limit.is_some_and(|limit| tally.solutions >= limit)
    }

    /// The first failure, if any: the run's output cannot be trusted past it.
    pub fn take_failure(&self) -> Option<anyhow::Error> {
        self.failure.lock().expect("not poisoned").take()
    }
}
