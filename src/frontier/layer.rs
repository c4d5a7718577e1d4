//! One step's states packed one after another, with no empty place: each state's key bytes
//! (as few as its word needs) then its count (as many bytes as the sweep's counter takes). A
//! layer is kept in memory, or in a file of the spill directory when memory is short; either
//! way it is read once, in the order it was written, and then given back (the file removed).
//! A layer can also be saved whole for a checkpoint, with the SHA-256 of its bytes, and a
//! saved one read back from the checkpoint's file, which it then leaves in place.

use super::counter::Counter;
use crate::files::sha256::{self, Hashing};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Bytes of a file's read block, about.
const READ_BLOCK: usize = 1 << 20;

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
                // Whole records a block, read with one call and decoded from memory.
                let mut reader = File::open(&file.path)?;
                let per_block = (READ_BLOCK / size).max(1);
                let mut block = vec![0u8; per_block * size];
                let mut left = self.len;
                while left > 0 {
                    let records = left.min(per_block);
                    let bytes = &mut block[..records * size];
                    reader.read_exact(bytes)?;
                    for record in bytes.chunks_exact(size) {
                        let (word, count) = decode(record, key);
                        each(word, count)?;
                    }
                    left -= records;
                }
                Ok(Vec::new())
            }
        }
    }
    /// The records of a layer in memory, to be read without emptying it; `None` for a
    /// layer on disk.
    pub fn records(&self) -> Option<Records<'_>> {
        match &self.store {
            Store::Memory(bytes) => Some(Records {
                bytes,
                key: self.key,
                size: self.key + self.count,
            }),
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

/// Records of a layer in memory, read in parts (each part by its own thread, say).
#[derive(Clone, Copy, Debug)]
pub struct Records<'a> {
    bytes: &'a [u8],
    key: usize,
    size: usize,
}

impl<'a> Records<'a> {
    /// Number of records.
    pub fn len(&self) -> usize {
        self.bytes.len() / self.size
    }

    /// Records `from..to`.
    pub fn part(&self, from: usize, to: usize) -> Records<'a> {
        Records {
            bytes: &self.bytes[from * self.size..to * self.size],
            ..*self
        }
    }

    /// Each state and its count, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = (u128, u128)> + 'a {
        let key = self.key;
        self.bytes
            .chunks_exact(self.size)
            .map(move |record| decode(record, key))
    }
}

/// Writes `bytes` to the new file `to`, synced, and returns their SHA-256.
fn write_hashed(bytes: &[u8], to: &Path) -> io::Result<String> {
    let mut file = Hashing::new(File::create(to)?);
    file.write_all(bytes)?;
    file.get_ref().sync_all()?;
    Ok(file.finish())
}

// A record holds a count of at least 8 bytes after its key, so every load and store below of
// 8 bytes lies inside it: fixed-width moves, where copies of the key's own length would be
// calls to `memcpy`. A key's 8 bytes may reach into the count; they are masked on reading,
// and the count is written after the key.

/// The 8 bytes of `record` from `at`, little-endian.
#[inline]
fn load(record: &[u8], at: usize) -> u64 {
    let bytes: [u8; 8] = record[at..at + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(bytes)
}

#[inline]
fn store(record: &mut [u8], at: usize, value: u64) {
    record[at..at + 8].copy_from_slice(&value.to_le_bytes());
}

/// The low `bytes` bytes of `value`.
#[inline]
fn low_bytes(value: u64, bytes: usize) -> u64 {
    match bytes {
        8.. => value,
        _ => value & ((1u64 << (bytes * 8)) - 1),
    }
}

/// The state and count of a record whose key takes `key` bytes.
#[inline]
pub(super) fn decode(record: &[u8], key: usize) -> (u128, u128) {
    let mut word = u128::from(low_bytes(load(record, 0), key));
    if key > 8 {
        word |= u128::from(low_bytes(load(record, 8), key - 8)) << 64;
    }
    let mut count = u128::from(load(record, key));
    if record.len() - key > 8 {
        count |= u128::from(load(record, key + 8)) << 64;
    }
    (word, count)
}

/// Writes a state and its count as one record of `record.len()` bytes whose key takes `key`
/// bytes: the inverse of [`decode`].
#[inline]
pub(super) fn encode(record: &mut [u8], key: usize, word: u128, count: u128) {
    store(record, 0, word as u64);
    if key > 8 {
        store(record, 8, (word >> 64) as u64);
    }
    store(record, key, count as u64);
    if record.len() - key > 8 {
        store(record, key + 8, (count >> 64) as u64);
    }
}

/// Adds a record of `size` bytes to `bytes`, which has room for [`MAX_RECORD`] more: a fixed
/// run of zeros is cheaper to add than one of the record's own length, and is cut back after.
#[inline]
fn append(bytes: &mut Vec<u8>, key: usize, size: usize, word: u128, count: u128) {
    let at = bytes.len();
    bytes.extend_from_slice(&[0; MAX_RECORD]);
    encode(&mut bytes[at..at + size], key, word, count);
    bytes.truncate(at + size);
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

    #[test]
    fn a_reused_buffer_grows_to_the_layer_and_no_further() {
        let counter = Counter::Wide;
        let size = record_bytes(72, counter);
        let spare = Vec::with_capacity(1_000 * size);
        let writer = LayerWriter::in_memory_reusing(72, counter, spare, 1_500);
        assert_eq!(writer.memory_bytes(), 1_500 * size + MAX_RECORD);
        let large = Vec::with_capacity(3_000 * size);
        let writer = LayerWriter::in_memory_reusing(72, counter, large, 1_500);
        assert_eq!(
            writer.memory_bytes(),
            3_000 * size,
            "a larger buffer is kept as it is"
        );
        let mut writer = LayerWriter::in_memory_reusing(72, counter, Vec::new(), 1_500);
        for i in 0..1_500 {
            writer.push(i, u128::MAX - i).unwrap();
        }
        assert_eq!(
            writer.memory_bytes(),
            1_500 * size + MAX_RECORD,
            "the last record fits without growing the buffer"
        );
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
    fn a_file_of_several_blocks_comes_back_whole_and_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let size = record_bytes(72, Counter::Wide);
        let n = (3 * READ_BLOCK / size + 7) as u128;
        let want: Vec<(u128, u128)> = (0..n).map(|i| (i << 50 | i, u128::MAX - i)).collect();
        // A write block that is no multiple of the record size: records straddle blocks.
        let path = dir.path().join("blocks");
        let mut writer = LayerWriter::on_disk(72, Counter::Wide, path, 1000).unwrap();
        for &(w, c) in &want {
            writer.push(w, c).unwrap();
        }
        let layer = writer.finish().unwrap();
        assert_eq!(layer.disk_bytes(), n as u64 * size as u64);
        let got = read(layer);
        assert!(got == want, "{} records back of {}", got.len(), want.len());
    }

    #[test]
    fn a_layer_saved_is_linked_from_its_file_or_written_from_memory_with_its_hash() {
        use std::os::unix::fs::MetadataExt as _;
        let dir = tempfile::tempdir().unwrap();
        let want = records(72, Counter::Wide);
        let spilled = dir.path().join("spilled");
        let writers = [
            LayerWriter::in_memory(72, Counter::Wide),
            LayerWriter::on_disk(72, Counter::Wide, spilled.clone(), 64)
                .unwrap()
                .hashing(),
        ];
        for (i, mut writer) in writers.into_iter().enumerate() {
            for &(w, c) in &want {
                writer.push(w, c).unwrap();
            }
            let layer = writer.finish().unwrap();
            let to = dir.path().join(format!("saved-{i}"));
            let sha256 = layer.save(&to).unwrap();
            assert_eq!(sha256, sha256::of_file(&to).unwrap(), "layer {i}");
            if layer.disk_bytes() > 0 {
                let links = std::fs::metadata(&to).unwrap().nlink();
                assert_eq!(links, 2, "a layer on disk is linked, not written again");
            }
            assert_eq!(read(layer), want);
            let back = Layer::saved(to.clone(), 72, Counter::Wide, want.len());
            assert_eq!(read(back), want, "layer {i} read back");
            assert!(to.exists(), "a saved layer read back stays");
        }
        assert!(!spilled.exists());
    }

    #[test]
    fn a_record_takes_the_key_bytes_and_a_count() {
        assert_eq!(record_bytes(72, Counter::Prime(7)), 17);
        assert_eq!(record_bytes(64, Counter::Prime(7)), 16);
        assert_eq!(record_bytes(12, Counter::Prime(7)), 10);
        assert_eq!(record_bytes(72, Counter::Wide), 25);
    }
}
