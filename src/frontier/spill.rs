//! The disk spill: when a step's states do not fit the memory allowed, its successors are
//! written to files partitioned by a hash of the state, so that each partition, read back
//! on its own, can be summed in a table a fraction of the step's size. A state lands in one
//! partition only, so the partitions' sums are the step's states.
//!
//! The files live in a temporary directory made at the first spill and removed with
//! everything in it when the sweep ends, however it ends (a count, a time-out, a signal
//! that stops the run, an error).

use super::counter::Counter;
use super::layer::{Layer, LayerWriter};
use std::io;
use std::path::PathBuf;
use tempfile::TempDir;

/// Partitions at most: each holds an open file and its buffer.
pub const MAX_PARTITIONS: usize = 256;

/// Where spilled files go.
#[derive(Debug)]
pub struct SpillDir {
    /// The parent asked for; the system's temporary directory when `None`.
    parent: Option<PathBuf>,
    dir: Option<TempDir>,
    files: usize,
}

impl SpillDir {
    /// Files under `parent` (or the system's temporary directory), made when first needed.
    pub fn new(parent: Option<PathBuf>) -> SpillDir {
        SpillDir {
            parent,
            dir: None,
            files: 0,
        }
    }

    /// A path for a new file.
    pub fn new_path(&mut self) -> io::Result<PathBuf> {
        if self.dir.is_none() {
            let mut builder = tempfile::Builder::new();
            builder.prefix("knights-frontier-");
            self.dir = Some(match &self.parent {
                Some(parent) => builder.tempdir_in(parent)?,
                None => builder.tempdir()?,
            });
        }
        self.files += 1;
        let dir = self.dir.as_ref().expect("made above");
        Ok(dir.path().join(format!("{}.states", self.files)))
    }
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
}
