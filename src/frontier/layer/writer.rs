//! A layer being written: records added one at a time, in memory or through a file's
//! write buffer, or (in memory) into runs of [`Slots`] reserved at once and filled apart.

use super::super::counter::Counter;
use super::record::{append, encode, key_bytes, record_bytes, MAX_RECORD};
use super::{Layer, Spilled, Store};
use crate::files::sha256;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

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
    /// The file and the block being filled, written whole when the next record would not
    /// fit it, and the hash of the blocks written when asked for.
    Disk(Spilled, File, Vec<u8>, Option<Sha256>),
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
        // Exactly: `reserve` may double the old buffer, past what the memory budget allowed
        // for this layer. A record is written through a run of MAX_RECORD bytes: that much
        // room more.
        let room = states.saturating_mul(record_bytes(bits, counter));
        bytes.reserve_exact(room.saturating_add(MAX_RECORD));
        LayerWriter {
            key: key_bytes(bits),
            count: counter.bytes(),
            len: 0,
            sink: Sink::Memory(bytes),
        }
    }

    /// A layer written to a new file at `path` in blocks of about `buffer` bytes.
    pub fn on_disk(
        bits: u32,
        counter: Counter,
        path: PathBuf,
        buffer: usize,
    ) -> io::Result<LayerWriter> {
        let file = File::create(&path)?;
        let spilled = Spilled {
            path,
            bytes: 0,
            sha256: None,
            owned: true,
        };
        Ok(LayerWriter {
            key: key_bytes(bits),
            count: counter.bytes(),
            len: 0,
            sink: Sink::Disk(
                spilled,
                file,
                Vec::with_capacity(buffer.max(MAX_RECORD)),
                None,
            ),
        })
    }

    /// Hashes the blocks of a layer on disk as they are written, so that saving it for a
    /// checkpoint need not read it again. A layer in memory is hashed when saved.
    pub fn hashing(mut self) -> LayerWriter {
        if let Sink::Disk(_, _, _, hasher) = &mut self.sink {
            *hasher = Some(Sha256::new());
        }
        self
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
        let (key, size) = (self.key, self.key + self.count);
        self.len += 1;
        let bytes = match &mut self.sink {
            Sink::Memory(bytes) => bytes,
            Sink::Disk(spilled, file, block, hasher) => {
                if block.len() + MAX_RECORD > block.capacity() {
                    file.write_all(block)?;
                    if let Some(hasher) = hasher {
                        hasher.update(&block[..]);
                    }
                    block.clear();
                }
                spilled.bytes += size as u64;
                block
            }
        };
        append(bytes, key, size, word, count);
        Ok(())
    }

    /// Room at the end of a layer in memory for runs of `lens` records, one [`Slots`] a run
    /// in the order of `lens`, to be filled apart (each on its own thread, say); `None`
    /// for a layer on disk. Each run must be filled whole.
    pub fn slots(&mut self, lens: &[usize]) -> Option<Vec<Slots<'_>>> {
        let Sink::Memory(bytes) = &mut self.sink else {
            return None;
        };
        let (key, size) = (self.key, self.key + self.count);
        let total: usize = lens.iter().sum();
        let start = bytes.len();
        bytes.resize(start + total * size, 0);
        self.len += total;
        let mut rest = &mut bytes[start..];
        let mut runs = Vec::with_capacity(lens.len());
        for &len in lens {
            let (run, tail) = rest.split_at_mut(len * size);
            runs.push(Slots {
                bytes: run,
                key,
                size,
                at: 0,
            });
            rest = tail;
        }
        Some(runs)
    }

    /// The layer written, its last block written to its file.
    pub fn finish(self) -> io::Result<Layer> {
        let store = match self.sink {
            Sink::Memory(bytes) => Store::Memory(bytes),
            Sink::Disk(mut spilled, mut file, block, hasher) => {
                file.write_all(&block)?;
                spilled.sha256 = hasher.map(|mut hasher| {
                    hasher.update(&block);
                    sha256::hex(&hasher.finalize())
                });
                Store::Disk(spilled)
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

/// A run of records of a layer in memory, filled in order.
#[derive(Debug)]
pub struct Slots<'a> {
    bytes: &'a mut [u8],
    key: usize,
    size: usize,
    at: usize,
}

impl Slots<'_> {
    /// Writes a record at the next place, and moves past it only when `keep`: a record not
    /// kept is overwritten by the next, so a caller with records to skip needs no branch.
    /// Past the run's end is a bug of the caller (a panic).
    #[inline(always)]
    pub fn put(&mut self, word: u128, count: u128, keep: bool) {
        encode(
            &mut self.bytes[self.at..self.at + self.size],
            self.key,
            word,
            count,
        );
        self.at += self.size * usize::from(keep);
    }
}
