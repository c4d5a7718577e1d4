//! The disk spill: when a step's states do not fit the memory allowed, its successors are
//! written to files partitioned by a hash of the state, so that each partition, read back
//! on its own, can be summed in a table a fraction of the step's size. A state lands in one
//! partition only, so the partitions' sums are the step's states.
//!
//! The files live in a temporary directory made at the first spill and removed with
//! everything in it when the sweep ends, however it ends (a count, a time-out, a signal
//! that stops the run, an error). A run killed outright (SIGKILL, the machine going down)
//! cannot remove its own, so the directory is named after the process and locked while the
//! sweep lives, and the first spill of a later sweep removes those whose process is gone
//! and whose lock nobody holds.

use super::counter::Counter;
use super::layer::{Layer, LayerWriter};
use crate::files::{lock_dir, DirLock};
use std::io;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// The start of every spill directory's name, followed by the process's id and a dash.
const PREFIX: &str = "knights-frontier-";

/// Partitions at most: each holds an open file and its buffer.
pub const MAX_PARTITIONS: usize = 256;

/// Where spilled files go.
#[derive(Debug)]
pub struct SpillDir {
    /// The parent asked for; the system's temporary directory when `None`.
    parent: Option<PathBuf>,
    dir: Option<TempDir>,
    /// The lock of `dir`, which tells later sweeps that this one is alive.
    lock: Option<DirLock>,
    files: usize,
    stale: Stale,
}

/// Spill directories of killed runs removed at this sweep's first spill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stale {
    /// Directories removed.
    pub dirs: usize,
    /// The bytes of their files.
    pub bytes: u64,
}

impl SpillDir {
    /// Files under `parent` (or the system's temporary directory), made when first needed.
    pub fn new(parent: Option<PathBuf>) -> SpillDir {
        SpillDir {
            parent,
            dir: None,
            lock: None,
            files: 0,
            stale: Stale::default(),
        }
    }

    /// What the first spill removed of killed runs' directories.
    pub fn stale_removed(&self) -> Stale {
        self.stale
    }

    /// A path for a new file.
    pub fn new_path(&mut self) -> io::Result<PathBuf> {
        if self.dir.is_none() {
            let parent = self.parent.clone().unwrap_or_else(std::env::temp_dir);
            self.stale = remove_stale(&parent);
            let prefix = format!("{PREFIX}{}-", std::process::id());
            let dir = tempfile::Builder::new()
                .prefix(&prefix)
                .tempdir_in(&parent)?;
            self.lock = lock_dir(dir.path())?;
            self.dir = Some(dir);
        }
        self.files += 1;
        let dir = self.dir.as_ref().expect("made above");
        Ok(dir.path().join(format!("{}.states", self.files)))
    }
}

/// Removes the spill directories under `parent` left by runs that were killed: named after a
/// process that no longer runs, and not locked. A directory that cannot be read or removed
/// is left as it is: the sweep does not depend on it.
fn remove_stale(parent: &Path) -> Stale {
    let mut stale = Stale::default();
    let Ok(entries) = std::fs::read_dir(parent) else {
        return stale;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !is_dir || !left_by_a_killed_run(&entry.file_name().to_string_lossy(), &path) {
            continue;
        }
        let bytes = bytes_in(&path);
        if std::fs::remove_dir_all(&path).is_ok() {
            stale.dirs += 1;
            stale.bytes += bytes;
        }
    }
    stale
}

/// Whether the directory `name` at `path` is a spill directory whose run is gone: its process
/// does not run, and its lock is free (a directory of an older build, named without a
/// process, is never taken for one).
fn left_by_a_killed_run(name: &str, path: &Path) -> bool {
    let Some(pid) = name
        .strip_prefix(PREFIX)
        .and_then(|rest| rest.split('-').next())
        .and_then(|pid| pid.parse::<u32>().ok())
    else {
        return false;
    };
    if pid == std::process::id() || process_runs(pid) {
        return false;
    }
    matches!(lock_dir(path), Ok(Some(_)))
}

/// Whether process `pid` runs (always `true` where the system does not say).
fn process_runs(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// The bytes of the files directly in `dir`.
fn bytes_in(dir: &Path) -> u64 {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .map(|m| m.len())
            .sum()
    })
}

/// Successors of one step, being written to partition files.
#[derive(Debug)]
pub struct Partitions {
    writers: Vec<LayerWriter>,
}

impl Partitions {
    /// `parts` new files (at least 2, at most [`MAX_PARTITIONS`]) for words of `bits`
    /// bits and counts in `counter`, each with a write buffer of `buffer` bytes.
    pub fn open(
        dir: &mut SpillDir,
        bits: u32,
        counter: Counter,
        parts: usize,
        buffer: usize,
    ) -> io::Result<Partitions> {
        let parts = parts.clamp(2, MAX_PARTITIONS);
        let writers = (0..parts)
            .map(|_| LayerWriter::on_disk(bits, counter, dir.new_path()?, buffer))
            .collect::<io::Result<_>>()?;
        Ok(Partitions { writers })
    }

    /// Writes a state and its count to its partition.
    pub fn add(&mut self, word: u128, count: u128) -> io::Result<()> {
        let part = partition_of(word, self.writers.len());
        self.writers[part].push(word, count)
    }

    /// Records written.
    pub fn len(&self) -> usize {
        self.writers.iter().map(LayerWriter::len).sum()
    }

    /// The partitions, each a layer on disk whose states may repeat.
    pub fn finish(self) -> io::Result<Vec<Layer>> {
        self.writers.into_iter().map(LayerWriter::finish).collect()
    }
}

/// The partition of `word` among `parts`, from a hash unrelated to the one that places
/// words in a table: a partition's words then spread over all of its table's places.
fn partition_of(word: u128, parts: usize) -> usize {
    let mut x = (word as u64) ^ ((word >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^= x >> 32;
    x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^= x >> 32;
    ((u128::from(x) * parts as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_goes_to_one_partition_and_the_directory_goes_at_the_end() {
        let mut dir = SpillDir::new(None);
        let mut parts = Partitions::open(&mut dir, 72, Counter::Wide, 3, 128).unwrap();
        let words: Vec<u128> = (0..1000u128).map(|w| w * 0x1_0000_0001).collect();
        for &w in &words {
            parts.add(w, 1).unwrap();
            parts.add(w, 2).unwrap();
        }
        assert_eq!(parts.len(), 2000);
        let root = dir.dir.as_ref().unwrap().path().to_path_buf();
        let mut seen = Vec::new();
        for layer in parts.finish().unwrap() {
            assert!(layer.len() > 200, "the hash spreads the words");
            seen.extend(crate::frontier::layer::tests::read(layer));
        }
        seen.sort();
        let want: Vec<(u128, u128)> = words.iter().flat_map(|&w| [(w, 1), (w, 2)]).collect();
        assert_eq!(
            seen, want,
            "each word in one partition, both of its records"
        );
        assert!(root.exists());
        drop(dir);
        assert!(
            !root.exists(),
            "the spill directory is removed with the sweep"
        );
    }

    #[test]
    fn the_first_spill_removes_only_the_directories_of_runs_that_are_gone() {
        let parent = tempfile::tempdir().unwrap();
        let make = |name: &str| {
            let dir = parent.path().join(name);
            std::fs::create_dir(&dir).unwrap();
            std::fs::write(dir.join("1.states"), [0u8; 100]).unwrap();
            dir
        };
        // No process has this id (it is above any system's largest).
        let killed = make(&format!("{PREFIX}{}-aBc123", u32::MAX - 1));
        let killed_but_locked = make(&format!("{PREFIX}{}-dEf456", u32::MAX - 2));
        let _held = lock_dir(&killed_but_locked).unwrap().unwrap();
        // Process 1 always runs.
        let alive = make(&format!("{PREFIX}1-gHi789"));
        let older_build = make(&format!("{PREFIX}jKl012"));
        let mut dir = SpillDir::new(Some(parent.path().to_path_buf()));
        let first = dir.new_path().unwrap();
        assert_eq!(
            dir.stale_removed(),
            Stale {
                dirs: 1,
                bytes: 100
            }
        );
        assert!(!killed.exists());
        for kept in [&killed_but_locked, &alive, &older_build] {
            assert!(kept.exists(), "{}", kept.display());
        }
        let own = first.parent().unwrap();
        let name = own.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with(&format!("{PREFIX}{}-", std::process::id())),
            "{name}"
        );
        assert!(
            lock_dir(own).unwrap().is_none(),
            "a live sweep holds its directory's lock"
        );
    }
}
