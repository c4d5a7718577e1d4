//! One record of a layer: a state's key bytes (as few as its word needs), then its count (as
//! many bytes as the sweep's counter takes); and [`Records`], the one decoder of a run of
//! them, whether a layer in memory or a block read from its file.

use super::super::counter::Counter;

/// The widest record: a 128-bit key and a 128-bit count.
pub(super) const MAX_RECORD: usize = 32;

/// Bytes a record takes for words of `bits` bits and counts in `counter`.
pub fn record_bytes(bits: u32, counter: Counter) -> usize {
    key_bytes(bits) + counter.bytes()
}

/// Bytes of a record's key for words of `bits` bits: at least one.
pub(super) fn key_bytes(bits: u32) -> usize {
    (bits as usize).div_ceil(8).max(1)
}

/// Whole records packed one after another, read in parts (each part by its own thread, say).
#[derive(Clone, Copy, Debug)]
pub struct Records<'a> {
    bytes: &'a [u8],
    key: usize,
    size: usize,
}

impl<'a> Records<'a> {
    /// The records of `bytes`, each `size` bytes whose first `key` are the key.
    pub(super) fn new(bytes: &'a [u8], key: usize, size: usize) -> Records<'a> {
        Records { bytes, key, size }
    }

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
fn decode(record: &[u8], key: usize) -> (u128, u128) {
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
pub(super) fn append(bytes: &mut Vec<u8>, key: usize, size: usize, word: u128, count: u128) {
    let at = bytes.len();
    bytes.extend_from_slice(&[0; MAX_RECORD]);
    encode(&mut bytes[at..at + size], key, word, count);
    bytes.truncate(at + size);
}
