//! One step's states packed one after another, with no empty place (see [`record`] for a
//! record's bytes). A layer is kept in memory, or in a file of the spill directory when
//! memory is short; either way it is read once, in the order it was written, and then given
//! back (the file removed). A layer can also be saved whole for a checkpoint, with the
//! SHA-256 of its bytes, and a saved one read back from the checkpoint's file, which it then
//! leaves in place.

mod record;
mod writer;

pub use record::{record_bytes, Records};
pub use writer::{LayerWriter, Slots};

use super::counter::Counter;
use crate::files::sha256::{self, Hashing};
use record::key_bytes;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Bytes of a file's read block, about.
const READ_BLOCK: usize = 1 << 20;

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

/// A file of records, removed when dropped if the sweep made it.
#[derive(Debug)]
struct Spilled {
    path: PathBuf,
    bytes: u64,
    /// The SHA-256 of the bytes, when they were hashed as they were written.
    sha256: Option<String>,
    /// Made by this sweep in its spill directory (a checkpoint's file is not).
    owned: bool,
}

impl Drop for Spilled {
    fn drop(&mut self) {
        // Only a file of this run's own temporary directory; the directory goes at the end
        // in any case, so a file that cannot be removed now is not an error.
        if self.owned {
            let _ = std::fs::remove_file(&self.path);
        }
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

    /// The layer saved at `path` (made by [`Layer::save`], checked by the caller) holding
    /// `len` states; reading it leaves the file in place.
    pub fn saved(path: PathBuf, bits: u32, counter: Counter, len: usize) -> Layer {
        let bytes = (len * record_bytes(bits, counter)) as u64;
        Layer {
            key: key_bytes(bits),
            count: counter.bytes(),
            len,
            store: Store::Disk(Spilled {
                path,
                bytes,
                sha256: None,
                owned: false,
            }),
        }
    }

    /// Saves the layer whole as the new file `to`, and returns the SHA-256 of its bytes: a
    /// layer in memory is written out, one on disk is linked (copied when `to` is on another
    /// file system), not written again. The file is synced to the disk.
    pub fn save(&self, to: &Path) -> io::Result<String> {
        match &self.store {
            Store::Memory(bytes) => write_hashed(bytes, to),
            Store::Disk(file) => {
                let sha256 = match &file.sha256 {
                    Some(sha256) => sha256.clone(),
                    None => sha256::of_file(&file.path)?,
                };
                if std::fs::hard_link(&file.path, to).is_err() {
                    std::fs::copy(&file.path, to)?;
                }
                File::open(to)?.sync_all()?;
                Ok(sha256)
            }
        }
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
        let (key, size) = (self.key, self.key + self.count);
        match self.store {
            Store::Memory(mut bytes) => {
                let records = Records::new(&bytes, key, size);
                records
                    .iter()
                    .try_for_each(|(word, count)| each(word, count))?;
                bytes.clear();
                Ok(bytes)
            }
            Store::Disk(file) => {
                // Whole records a block, read with one call and decoded from memory.
                let mut reader = File::open(&file.path)?;
                let per_block = (READ_BLOCK / size).max(1);
                let mut block = vec![0u8; per_block * size];
                let mut left = self.len;
                while left > 0 {
                    let records = left.min(per_block);
                    let bytes = &mut block[..records * size];
                    reader.read_exact(bytes)?;
                    let records = Records::new(bytes, key, size);
                    records
                        .iter()
                        .try_for_each(|(word, count)| each(word, count))?;
                    left -= records.len();
                }
                Ok(Vec::new())
            }
        }
    }

    /// The records of a layer in memory, to be read without emptying it; `None` for a
    /// layer on disk.
    pub fn records(&self) -> Option<Records<'_>> {
        match &self.store {
            Store::Memory(bytes) => Some(Records::new(bytes, self.key, self.key + self.count)),
            Store::Disk(_) => None,
        }
    }

    /// Gives the layer back unread: its memory, emptied, for the next layer to reuse (a
    /// layer on disk gives none, and its file goes as when drained).
    pub fn into_spare(self) -> Vec<u8> {
        match self.store {
            Store::Memory(mut bytes) => {
                bytes.clear();
                bytes
            }
            Store::Disk(_) => Vec::new(),
        }
    }
}

/// Writes `bytes` to the new file `to`, synced, and returns their SHA-256.
fn write_hashed(bytes: &[u8], to: &Path) -> io::Result<String> {
    let mut file = Hashing::new(File::create(to)?);
    file.write_all(bytes)?;
    file.get_ref().sync_all()?;
    Ok(file.finish())
}

#[cfg(test)]
pub(super) mod tests;
