//! One step's states packed one after another, with no empty place: each state's key bytes
//! (as few as its word needs) then its count (as many bytes as the sweep's counter takes). A layer is kept in memory, or in a file of
//! the spill directory when memory is short; either way it is read once, in the order it
//! was written, and then given back (the file removed).

use super::counter::Counter;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;

/// Bytes of a file's read or write buffer.
const FILE_BUFFER: usize = 1 << 20;

/// The widest record: a 128-bit key and a 128-bit count.
const MAX_RECORD: usize = 32;

/// Bytes a record takes for words of `bits` bits and counts in `counter`.
pub fn record_bytes(bits: u32, counter: Counter) -> usize {
    key_bytes(bits) + counter.bytes()
}

fn key_bytes(bits: u32) -> usize {
    (bits as usize).div_ceil(8).max(1)
}

/// States with one count each, packed.
#[derive(Debug)]
pub struct Layer {
    key: usize,
    count: usize,
    len: usize,
    store: Store,
}

#[derive(Debug)]
enum Store {
    Memory(Vec<u8>),
    Disk(Spilled),
}

/// A file of records, removed when dropped.
#[derive(Debug)]
struct Spilled {
    path: PathBuf,
    bytes: u64,
}

impl Drop for Spilled {
    fn drop(&mut self) {
        // Only a file of this run's own temporary directory; the directory goes at the end
        // in any case, so a file that cannot be removed now is not an error.
        let _ = std::fs::remove_file(&self.path);
    }
}

impl Layer {
    /// The layer before any step: the empty frontier, counted once.
    pub fn start(bits: u32, counter: Counter) -> Layer {
        let mut writer = LayerWriter::in_memory(bits, counter);
        writer
            .push(0, 1)
            .expect("memory is written without an I/O error");
        writer
            .finish()
            .expect("memory is written without an I/O error")
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held in memory.
    pub fn memory_bytes(&self) -> usize {
        match &self.store {
            Store::Memory(bytes) => bytes.capacity(),
            Store::Disk(_) => 0,
        }
    }

    /// Bytes held on disk.
    pub fn disk_bytes(&self) -> u64 {
        match &self.store {
            Store::Memory(_) => 0,
            Store::Disk(file) => file.bytes,
        }
    }

    /// Hands each state and its count to `each` in the order they were written, and gives
    /// the layer back: its memory, emptied, for the next layer to reuse (a layer on disk
    /// gives none). An error from `each` or from reading stops the walk.
    pub fn drain<E: From<io::Error>>(
        self,
        mut each: impl FnMut(u128, u128) -> Result<(), E>,
    ) -> Result<Vec<u8>, E> {
        let key = self.key;
        let size = key + self.count;
        match self.store {
            Store::Memory(mut bytes) => {
                for record in bytes.chunks_exact(size) {
                    let (word, residue) = decode(record, key);
                    each(word, residue)?;
                }
                bytes.clear();
                Ok(bytes)
            }
            Store::Disk(file) => {
                let mut reader = BufReader::with_capacity(FILE_BUFFER, File::open(&file.path)?);
                let mut record = [0u8; MAX_RECORD];
                for _ in 0..self.len {
                    reader.read_exact(&mut record[..size])?;
                    let (word, residue) = decode(&record[..size], key);
                    each(word, residue)?;
                }
                Ok(Vec::new())
            }
        }
    }
}

fn decode(record: &[u8], key: usize) -> (u128, u128) {
    let mut word = [0u8; 16];
    word[..key].copy_from_slice(&record[..key]);
    let mut count = [0u8; 16];
    count[..record.len() - key].copy_from_slice(&record[key..]);
    (u128::from_le_bytes(word), u128::from_le_bytes(count))
}

/// A layer being written.
#[derive(Debug)]
pub struct LayerWriter {
    key: usize,
    count: usize,
    len: usize,
    sink: Sink,
}

#[derive(Debug)]
enum Sink {
    Memory(Vec<u8>),
    Disk(Spilled, BufWriter<File>),
}

impl LayerWriter {
    /// A layer kept in memory.
    pub fn in_memory(bits: u32, counter: Counter) -> LayerWriter {
        LayerWriter::in_memory_reusing(bits, counter, Vec::new(), 0)
    }

    /// A layer kept in memory in `bytes` (emptied, its memory kept: pages already touched
    /// cost no fault), with room made for `states`.
    pub fn in_memory_reusing(
        bits: u32,
        counter: Counter,
        mut bytes: Vec<u8>,
        states: usize,
    ) -> LayerWriter {
        bytes.clear();
        bytes.reserve(states.saturating_mul(record_bytes(bits, counter)));
        LayerWriter {
            key: key_bytes(bits),
            count: counter.bytes(),
            len: 0,
            sink: Sink::Memory(bytes),
        }
    }

    /// A layer written to a new file at `path`, with a write buffer of `buffer` bytes.
    pub fn on_disk(
        bits: u32,
        counter: Counter,
        path: PathBuf,
        buffer: usize,
    ) -> io::Result<LayerWriter> {
        let file = File::create(&path)?;
        Ok(LayerWriter {
            key: key_bytes(bits),
            count: counter.bytes(),
            len: 0,
            sink: Sink::Disk(
                Spilled { path, bytes: 0 },
                BufWriter::with_capacity(buffer, file),
            ),
        })
    }

    /// Records written so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held in memory (a file's buffer not counted).
    pub fn memory_bytes(&self) -> usize {
        match &self.sink {
            Sink::Memory(bytes) => bytes.capacity(),
            Sink::Disk(..) => 0,
        }
    }

    /// Adds a state and its count.
    pub fn push(&mut self, word: u128, count: u128) -> io::Result<()> {
        let key = &word.to_le_bytes()[..self.key];
        let count = count.to_le_bytes();
        let residue = &count[..self.count];
        self.len += 1;
        match &mut self.sink {
            Sink::Memory(bytes) => {
                bytes.extend_from_slice(key);
                bytes.extend_from_slice(residue);
                Ok(())
            }
            Sink::Disk(file, writer) => {
                file.bytes += (key.len() + residue.len()) as u64;
                writer.write_all(key)?;
                writer.write_all(residue)
            }
        }
    }

    /// The layer written, its file flushed.
    pub fn finish(self) -> io::Result<Layer> {
        let store = match self.sink {
            Sink::Memory(bytes) => Store::Memory(bytes),
            Sink::Disk(file, writer) => {
                writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)?;
                Store::Disk(file)
            }
        };
        Ok(Layer {
            key: self.key,
            count: self.count,
            len: self.len,
            store,
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn records(bits: u32, counter: Counter) -> Vec<(u128, u128)> {
        let top = if bits >= 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        let most = match counter {
            Counter::Wide => u128::MAX,
            Counter::Prime(p) => u128::from(p - 1),
        };
        vec![(0, 1), (top, most), (top / 3, 12_345), (5, 0)]
    }

    /// Every record of `layer`, in its order.
    pub(in crate::frontier) fn read(layer: Layer) -> Vec<(u128, u128)> {
        let mut out = Vec::new();
        layer
            .drain(|w, c| {
                out.push((w, c));
                Ok::<(), io::Error>(())
            })
            .unwrap();
        out
    }

    #[test]
    fn records_come_back_as_written_in_memory_and_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        for counter in [Counter::Prime(u64::MAX >> 1), Counter::Wide] {
            for bits in [4, 64, 72, 128] {
                let want = records(bits, counter);
                let path = dir.path().join(format!("{bits}"));
                let writers = [
                    LayerWriter::in_memory(bits, counter),
                    LayerWriter::on_disk(bits, counter, path.clone(), 64).unwrap(),
                ];
                for mut writer in writers {
                    for &(w, c) in &want {
                        writer.push(w, c).unwrap();
                    }
                    let layer = writer.finish().unwrap();
                    assert_eq!(layer.len(), want.len());
                    assert_eq!(read(layer), want, "{bits} bits, {counter:?}");
                }
                assert!(!path.exists(), "a layer read from disk removes its file");
            }
        }
    }

    #[test]
    fn a_record_takes_the_key_bytes_and_a_count() {
        assert_eq!(record_bytes(72, Counter::Prime(7)), 17);
        assert_eq!(record_bytes(64, Counter::Prime(7)), 16);
        assert_eq!(record_bytes(12, Counter::Prime(7)), 10);
        assert_eq!(record_bytes(72, Counter::Wide), 25);
    }
}
