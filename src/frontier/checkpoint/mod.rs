//! Checkpoints: a long sweep saved at the end of a step, so that a stopped run (a time-out, a
//! signal, a full disk, the machine going down) continues from there when started again.
//!
//! A checkpoint is a directory holding a header (`checkpoint.json`, see [`header`]) and the
//! layer it names (`layer-R-S.states`: the packed states after step S of sweep R). A new one is
//! written beside the old one: the layer first (linked from the spill directory when it is
//! already a file there), then the header under a temporary name, renamed over the old header
//! (the switch: a rename is atomic), and only then the old layer removed. A kill at any moment
//! leaves one whole checkpoint: the old header with its layer, or the new one with its. Files
//! a killed save left are removed by the next save. An OS lock on the directory keeps a
//! second run from writing into it at the same time.

mod header;

pub use header::{Header, Problem, FORMAT};

use super::counter::Counter;
use super::layer::Layer;
use super::FrontierError;
use crate::files::{lock_dir, read_text_if_there, sha256, DirLock};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// The header's name in the checkpoint's directory.
pub const HEADER: &str = "checkpoint.json";

/// The header being written, before it is renamed into place.
const HEADER_NEW: &str = "checkpoint.json.new";

/// Where checkpoints go, and how often.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoints {
    /// The directory (made if missing).
    pub dir: PathBuf,
    /// At least this long between saves; zero saves after every step.
    pub every: Duration,
}

/// A checkpoint read back: where the sweep continues.
#[derive(Debug)]
pub struct Resume {
    /// The sweep (0-based) to continue.
    pub round: usize,
    /// Steps of that sweep done.
    pub step: usize,
    /// The counts of the sweeps before it.
    pub residues: Vec<u128>,
    /// The states after `step`, read from the checkpoint's file (left in place).
    pub layer: Layer,
    /// When it was saved, in seconds since 1970.
    pub saved_unix: u64,
}

/// The checkpoint directory of a running sweep, locked while it runs.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    every: Duration,
    last_save: Instant,
    /// The header on disk, if any.
    current: Option<Header>,
    _lock: DirLock,
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> FrontierError + '_ {
    move |source| FrontierError::CheckpointIo {
        file: path.display().to_string(),
        source,
    }
}

impl Store {
    /// Opens (and locks) `plan`'s directory for `problem`, with the checkpoint it holds read
    /// back and checked: one of another problem, of a newer format or damaged is an error,
    /// and nothing is removed.
    pub fn open(
        plan: &Checkpoints,
        problem: &Problem,
        bits: u32,
    ) -> Result<(Store, Option<Resume>), FrontierError> {
        let dir = plan.dir.clone();
        std::fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        let lock = lock(&dir)?;
        let mut store = Store {
            dir,
            every: plan.every,
            last_save: Instant::now(),
            current: None,
            _lock: lock,
        };
        let resume = store.read(problem, bits)?;
        Ok((store, resume))
    }

    /// Whether the time between saves has passed.
    pub fn due(&self) -> bool {
        self.last_save.elapsed() >= self.every
    }

    /// The sweep and step the checkpoint on disk holds, if any.
    pub fn saved(&self) -> Option<(usize, usize)> {
        self.current.as_ref().map(|h| (h.round, h.step))
    }

    fn read(&mut self, problem: &Problem, bits: u32) -> Result<Option<Resume>, FrontierError> {
        let path = self.dir.join(HEADER);
        let file = path.display().to_string();
        let Some(text) = read_text_if_there(&path)? else {
            return Ok(None);
        };
        let header = parse(&text, &file)?;
        problem.check(&header, &file)?;
        let layer_path = self.layer_path(&header, &file)?;
        check_layer(&layer_path, &header)?;
        let counter = counter_of(&header.counters[header.round]);
        let residues = header.residues.iter().map(|r| r.parse().unwrap_or(0));
        let resume = Resume {
            round: header.round,
            step: header.step,
            residues: residues.collect(),
            layer: Layer::saved(layer_path, bits, counter, header.states),
            saved_unix: header.saved_unix,
        };
        self.current = Some(header);
        Ok(Some(resume))
    }

    /// The path of the layer a header names, which must be a layer file's name.
    fn layer_path(&self, header: &Header, file: &str) -> Result<PathBuf, FrontierError> {
        if !is_layer_name(&header.layer) {
            return Err(FrontierError::CheckpointDamaged {
                file: file.to_string(),
                what: format!(
                    "field `layer` is {:?}, not a layer file's name",
                    header.layer
                ),
            });
        }
        Ok(self.dir.join(&header.layer))
    }

    /// Saves `layer`, the states after step `header.step`, as the checkpoint, and removes
    /// the one before.
    pub fn save(&mut self, mut header: Header, layer: &Layer) -> Result<(), FrontierError> {
        header.layer = format!("layer-{}-{}.states", header.round, header.step);
        let path = self.dir.join(&header.layer);
        // A file of a save that was killed before its switch.
        let _ = std::fs::remove_file(&path);
        let failed = |file: &Path, source: io::Error| {
            // What this save wrote goes, so that a rerun does not meet it (a full disk
            // would fail the same way) and the checkpoint in place stays the only one.
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(self.dir.join(HEADER_NEW));
            FrontierError::CheckpointSave {
                file: file.display().to_string(),
                source,
                previous: self.saved(),
            }
        };
        header.sha256 = layer.save(&path).map_err(|e| failed(&path, e))?;
        header.saved_unix = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let header = header.sealed();
        self.switch_to(&header)
            .map_err(|(file, e)| failed(&file, e))?;
        // The new header is in place from here on: nothing of it may be removed.
        self.sync_dir()?;
        self.remove_layers_but(Some(&header.layer))?;
        self.current = Some(header);
        self.last_save = Instant::now();
        Ok(())
    }

    /// Writes `header` under a temporary name and renames it over the header in place; an
    /// error names the file it was writing, and leaves the header in place as it was.
    fn switch_to(&self, header: &Header) -> Result<(), (PathBuf, io::Error)> {
        let new = self.dir.join(HEADER_NEW);
        let mut text = serde_json::to_string_pretty(header).expect("a header serialises");
        text.push('\n');
        let write = || -> io::Result<()> {
            let mut file = File::create(&new)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()
        };
        write().map_err(|e| (new.clone(), e))?;
        let path = self.dir.join(HEADER);
        std::fs::rename(&new, &path).map_err(|e| (path, e))
    }

    /// Syncs the directory, so that a rename in it reaches the disk.
    fn sync_dir(&self) -> Result<(), FrontierError> {
        File::open(&self.dir)
            .and_then(|d| d.sync_all())
            .map_err(io_error(&self.dir))
    }

    /// Removes every layer file in the directory but `keep`.
    fn remove_layers_but(&self, keep: Option<&str>) -> Result<(), FrontierError> {
        let entries = std::fs::read_dir(&self.dir).map_err(io_error(&self.dir))?;
        for entry in entries {
            let entry = entry.map_err(io_error(&self.dir))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if is_layer_name(name) && Some(name) != keep {
                std::fs::remove_file(entry.path()).map_err(io_error(&entry.path()))?;
            }
        }
        Ok(())
    }

    /// Removes the checkpoint once the count is done: the header first, so that no header
    /// is ever left naming a missing layer.
    pub fn remove(mut self) -> Result<(), FrontierError> {
        for name in [HEADER, HEADER_NEW] {
            let path = self.dir.join(name);
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_error(&path)(e)),
                _ => {}
            }
        }
        self.remove_layers_but(None)?;
        self.current = None;
        Ok(())
    }
}

/// Reads a header, refusing a newer format before any other field is read.
fn parse(text: &str, file: &str) -> Result<Header, FrontierError> {
    let damaged = |what: String| FrontierError::CheckpointDamaged {
        file: file.to_string(),
        what,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| damaged(format!("it is not JSON ({e})")))?;
    let format = value
        .get("format")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| damaged("it has no field `format`".to_string()))?;
    if format > u64::from(FORMAT) {
        return Err(FrontierError::CheckpointNewer {
            file: file.to_string(),
            format,
            known: FORMAT,
        });
    }
    let header: Header = serde_json::from_value(value).map_err(|e| damaged(format!("{e}")))?;
    if !header.seal_holds() {
        return Err(damaged(
            "field `seal` is not the digest of the other fields: the header was edited or \
             damaged"
                .to_string(),
        ));
    }
    Ok(header)
}

/// Refuses a layer file whose length or SHA-256 is not the header's.
fn check_layer(path: &Path, header: &Header) -> Result<(), FrontierError> {
    let file = path.display().to_string();
    let damaged = |what: String| FrontierError::CheckpointDamaged {
        file: file.clone(),
        what,
    };
    let length = std::fs::metadata(path).map_err(io_error(path))?.len();
    if length != header.bytes {
        let record = header.record_bytes as u64;
        return Err(damaged(format!(
            "it has {length} bytes where the header's `bytes` says {} ({} states of {record} \
             bytes){}",
            header.bytes,
            header.states,
            if length < header.bytes {
                format!(": it ends inside state {}", length / record.max(1))
            } else {
                String::new()
            }
        )));
    }
    let digest = sha256::of_file(path).map_err(io_error(path))?;
    if digest != header.sha256 {
        return Err(damaged(format!(
            "its SHA-256 is {digest} where the header's `sha256` says {}: its bytes were altered",
            header.sha256
        )));
    }
    Ok(())
}

/// Whether `name` is a layer file's name, `layer-R-S.states`.
fn is_layer_name(name: &str) -> bool {
    let Some(middle) = name
        .strip_prefix("layer-")
        .and_then(|n| n.strip_suffix(".states"))
    else {
        return false;
    };
    let mut parts = middle.split('-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}

/// The counter a header names (checked against the problem's before).
fn counter_of(text: &str) -> Counter {
    match text.strip_prefix("prime ").and_then(|p| p.parse().ok()) {
        Some(p) => Counter::Prime(p),
        None => Counter::Wide,
    }
}

/// An OS lock on the directory, released by the kernel however the process ends.
fn lock(dir: &Path) -> Result<DirLock, FrontierError> {
    lock_dir(dir)
        .map_err(io_error(dir))?
        .ok_or_else(|| FrontierError::CheckpointBusy {
            dir: dir.display().to_string(),
        })
}

#[cfg(test)]
mod tests;
