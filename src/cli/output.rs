//! Streaming solutions: every tour an engine hands over is checked by the independent
//! verifier, then written as one JSON line and flushed, so a stopped run loses nothing.

use anyhow::{anyhow, Context, Result};
use knights::puzzle::Puzzle;
use knights::run::{Class, StopFlag};
use knights::tour::json::TourRecord;
use serde::Serialize;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// A buffered writer for an `-o FILE` option; `-` is standard output.
pub fn create_output(path: &Path) -> Result<Box<dyn Write>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(std::io::BufWriter::new(std::io::stdout())));
    }
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    Ok(Box::new(std::io::BufWriter::new(file)))
}

/// One line of `enumerate` output.
#[derive(Serialize)]
struct SolutionLine<'a> {
    /// 1-based index of the class in the order found.
    class: u64,
    /// 1-based index of this solution within its class.
    member: usize,
    class_size: usize,
    #[serde(flatten)]
    tour: &'a TourRecord,
}

#[derive(Default)]
struct Tally {
    solutions: u64,
    classes: u64,
}

/// Receives classes from any engine (possibly from several threads).
pub struct SolutionWriter<'a> {
    puzzle: &'a Puzzle,
    out: Mutex<Box<dyn Write + Send + 'a>>,
    tally: Mutex<Tally>,
    failure: Mutex<Option<anyhow::Error>>,
    stop: StopFlag,
    /// Write only the first member of each class.
    representatives_only: bool,
    /// Classes an earlier run wrote (`--resume`): the numbering continues after them.
    classes_before: u64,
}

impl<'a> SolutionWriter<'a> {
    pub fn new(
        puzzle: &'a Puzzle,
        out: Box<dyn Write + Send + 'a>,
        stop: StopFlag,
        representatives_only: bool,
    ) -> Self {
        SolutionWriter {
            puzzle,
            out: Mutex::new(out),
            tally: Mutex::default(),
            failure: Mutex::new(None),
            stop,
            representatives_only,
            classes_before: 0,
        }
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
            let violations = knights::verify::verify(self.puzzle, tour);
            if !violations.is_empty() {
                let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
                return Err(anyhow!(
                    "an engine produced a tour the verifier rejects (an engine bug): {}\n{}",
                    list.join("; "),
                    knights::tour::text::format(tour)
                ));
            }
        }
        let mut tally = self.tally.lock().expect("not poisoned");
        tally.classes += 1;
        tally.solutions += class.members.len() as u64;
        let mut out = self.out.lock().expect("not poisoned");
        let shown = if self.representatives_only {
            1
        } else {
            class.members.len()
        };
        for (i, tour) in class.members.iter().take(shown).enumerate() {
            let record = TourRecord::of(tour);
            let line = SolutionLine {
                class: self.classes_before + tally.classes,
                member: i + 1,
                class_size: class.members.len(),
                tour: &record,
            };
            // As an io::Error, a closed pipe stays recognisable to `main`.
            serde_json::to_writer(&mut *out, &line).map_err(std::io::Error::from)?;
            out.write_all(b"\n")?;
        }
        out.flush()?;
        Ok(())
    }

    /// Solutions and classes written so far.
    pub fn written(&self) -> (u64, u64) {
        let tally = self.tally.lock().expect("not poisoned");
        (tally.solutions, tally.classes)
    }

    /// The first failure, if any: the run's output cannot be trusted past it.
    pub fn take_failure(&self) -> Option<anyhow::Error> {
        self.failure.lock().expect("not poisoned").take()
    }
}
