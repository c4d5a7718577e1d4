//! A job's result file: a header naming the job, the solutions as the JSON lines `enumerate`
//! writes (so `verify`, `render` and `classify` read them too), and an end record sealed by a
//! checksum over the whole file.
//!
//! The file is written as `job-I.jsonl.partial` and renamed to `job-I.jsonl` only once the
//! end record is on disk, so a job killed at any point (SIGKILL included) leaves no file that
//! looks finished; a finished file cut short or edited fails its checksum.
//!
//! A finished file may be packed afterwards by `gzip` into `job-I.jsonl.gz` (a census of
//! millions of tours is a tenth of the size packed): it is read as the text it packs, and
//! its checksum is over that text, so packing changes nothing that is counted.

use super::checksum::{seal, unseal, Fnv};
use super::jobfile::Job;
use crate::files::{read_gzip_text, read_text};
use crate::run::{Class, Ending};
use crate::tour::json::{SolutionLine, TourRecord};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The result file format this version writes and reads.
pub const RESULT_FORMAT: u32 = 1;

/// The first line of a result file: which job of which split it answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultHeader {
    /// The result file format ([`RESULT_FORMAT`]).
    pub knights_result: u32,
    /// The split's run identifier.
    pub run: String,
    /// The job's index.
    pub index: usize,
    /// The checksum of the job's line.
    pub job: String,
}

impl ResultHeader {
    /// The header of `job`'s result.
    pub fn of(job: &Job) -> Self {
        ResultHeader {
            knights_result: RESULT_FORMAT,
            run: job.run.clone(),
            index: job.index,
            job: job.checksum(),
        }
    }
}

/// The last line of a finished result file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobEnd {
    /// Always `Exhausted` in a finished file: a stopped job is never renamed into place.
    pub ending: Ending,
    /// Solutions the job's part holds (for native counts: weighted, see `class_sizes`).
    pub solutions: u64,
    /// Classes the job reported; `None` for native counts, whose classes come from
    /// `class_sizes` summed over every job.
    pub classes: Option<u64>,
    /// Native counts: weighted solutions by the size of their class.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub class_sizes: BTreeMap<u64, u64>,
    /// Solution lines in the file.
    pub tour_lines: u64,
    /// Wall-clock seconds of the run that finished the job; for a native search that
    /// continued an earlier run, plus the seconds that run's threads spent on the pieces it
    /// finished (the stats' `resumed_seconds`), so that the figure is the whole job's.
    pub seconds: f64,
    /// The engine's figures.
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub stats: serde_json::Map<String, serde_json::Value>,
}

/// Where a job's finished result lives in `dir`.
pub fn result_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index}.jsonl"))
}

/// Where a job's finished result lives in `dir` once packed by `gzip`.
pub fn packed_result_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index}.jsonl.gz"))
}

/// The job's finished result in `dir`, packed or not, if there is one: the plain file when
/// both are there (`gzip -k` keeps it), since each is checked whole against the job.
pub fn finished_path(dir: &Path, index: usize) -> Option<PathBuf> {
    [result_path(dir, index), packed_result_path(dir, index)]
        .into_iter()
        .find(|path| path.exists())
}

/// Where a job's result is written until it is finished.
pub fn partial_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index}.jsonl.partial"))
}

/// Writes one job's result: header first, then classes as they come, then the end record.
pub struct ResultWriter {
    out: BufWriter<File>,
    fnv: Fnv,
    partial: PathBuf,
    finished: PathBuf,
    classes: u64,
    tour_lines: u64,
    /// Classes written since the file was last put on disk.
    unsynced: bool,
}

impl ResultWriter {
    /// Starts `job`'s partial result in `dir` with the classes an earlier run found
    /// (`resumed`), replacing any earlier partial file only once the new one holds them: a
    /// kill on the way leaves the earlier file whole.
    pub fn create(dir: &Path, job: &Job, resumed: &[Class]) -> io::Result<Self> {
        let partial = partial_path(dir, job.index);
        let fresh = dir.join(format!("job-{}.jsonl.partial.new", job.index));
        let mut writer = ResultWriter {
            out: BufWriter::new(File::create(&fresh)?),
            fnv: Fnv::default(),
            partial,
            finished: result_path(dir, job.index),
            classes: 0,
            tour_lines: 0,
            unsynced: false,
        };
        let header = serde_json::to_string(&ResultHeader::of(job)).expect("a header serialises");
        writer.line(&header)?;
        for class in resumed {
            writer.class(class)?;
        }
        writer.sync()?;
        std::fs::rename(&fresh, &writer.partial)?;
        Ok(writer)
    }

    /// Writes every member of a class and flushes, so a kill loses at most a line.
    pub fn class(&mut self, class: &Class) -> io::Result<()> {
        self.classes += 1;
        for (i, tour) in class.members.iter().enumerate() {
            let record = TourRecord::of(tour);
            let line = SolutionLine {
                class: self.classes,
                member: i + 1,
                class_size: class.members.len(),
                tour: &record,
            };
            let text = serde_json::to_string(&line).expect("a solution serialises");
            self.line(&text)?;
            self.tour_lines += 1;
        }
        self.unsynced = true;
        self.out.flush()
    }

    /// Puts the classes written so far on disk, if any were written since the last time:
    /// before a record elsewhere says they are there (see `piece_log`).
    pub fn sync(&mut self) -> io::Result<()> {
        self.out.flush()?;
        if std::mem::take(&mut self.unsynced) {
            self.out.get_ref().sync_data()?;
        }
        Ok(())
    }

    /// Classes written so far.
    pub fn classes(&self) -> u64 {
        self.classes
    }

    /// Solution lines written so far.
    pub fn tour_lines(&self) -> u64 {
        self.tour_lines
    }

    /// Writes the end record, puts the file on disk, and only then renames it into place.
    pub fn finish(mut self, end: &JobEnd) -> io::Result<PathBuf> {
        debug_assert_eq!(end.tour_lines, self.tour_lines);
        let object = serde_json::to_string(end).expect("an end record serialises");
        let sealed = seal(self.fnv, &object);
        writeln!(self.out, "{sealed}")?;
        self.out.flush()?;
        self.out.get_ref().sync_all()?;
        std::fs::rename(&self.partial, &self.finished)?;
        if let Some(dir) = self.finished.parent() {
            // The rename itself is durable once the directory is; not every system lets a
            // directory be opened for that, and the rename has happened either way.
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            if let Ok(handle) = File::open(dir) {
                let _ = handle.sync_all();
            }
        }
        Ok(self.finished)
    }

    fn line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.fnv.feed(text.as_bytes());
        self.fnv.feed(b"\n");
        Ok(())
    }
}

/// A finished result file, read back and checked against its job.
#[derive(Clone, Debug)]
pub struct JobResult {
    /// The end record.
    pub end: JobEnd,
    /// The file's text without its end record: header and solution lines.
    pub body: String,
}

/// Why a result file cannot be counted.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {reason}")]
pub struct ResultError {
    /// The file.
    pub file: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Reads a finished result file, packed by `gzip` if its name ends in `.gz`, and checks it:
/// the checksum over the whole text, the header against `job`, and the number of solution
/// lines against the end record.
pub fn read_result(path: &Path, job: &Job) -> Result<JobResult, ResultError> {
    let file = path.display().to_string();
    let fail = |reason: String| ResultError {
        file: file.clone(),
        reason,
    };
    let packed = path.extension().is_some_and(|e| e == "gz");
    let read = if packed { read_gzip_text } else { read_text };
    let text = read(path).map_err(|e| fail(format!("cannot read it: {}", e.problem)))?;
    let body_end = last_line_start(&text);
    let (body, last) = text.split_at(body_end);
    let mut fnv = Fnv::default();
    fnv.feed(body.as_bytes());
    let object = unseal(fnv, last).map_err(|e| {
        fail(format!(
            "truncated or altered: the end record does not check ({e})"
        ))
    })?;
    let end: JobEnd =
        serde_json::from_str(&object).map_err(|e| fail(format!("bad end record: {e}")))?;
    check_header(body, job).map_err(&fail)?;
    let lines = body
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count() as u64;
    if lines != end.tour_lines {
        return Err(fail(format!(
            "{lines} solution lines, but its end record says {}",
            end.tour_lines
        )));
    }
    Ok(JobResult {
        end,
        body: body.to_string(),
    })
}

/// The header of a result (finished or partial) must name this job of this split.
pub fn check_header(body: &str, job: &Job) -> Result<(), String> {
    let first = body.lines().next().unwrap_or("");
    let header: ResultHeader = serde_json::from_str(first)
        .map_err(|e| format!("line 1 is not a knights result header: {e}"))?;
    let ours = ResultHeader::of(job);
    if header.knights_result != RESULT_FORMAT {
        return Err(format!(
            "result format {} where this version reads {RESULT_FORMAT}",
            header.knights_result
        ));
    }
    if header.run != ours.run || header.index != ours.index {
        return Err(format!(
            "the result of job {} of run {}, not of job {} of run {}",
            header.index, header.run, ours.index, ours.run
        ));
    }
    if header.job != ours.job {
        return Err("written for another version of this job's line".into());
    }
    Ok(())
}

/// Where the last non-empty line of `text` starts.
fn last_line_start(text: &str) -> usize {
    let trimmed = text.trim_end_matches('\n');
    trimmed.rfind('\n').map_or(0, |i| i + 1)
}
