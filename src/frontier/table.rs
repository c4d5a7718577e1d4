//! The states of one step and their counts, one residue per prime for each state.
//!
//! An open-addressing hash table of fixed-width entries, each a packed word followed by its
//! residues, so that adding to a state touches one place in memory. Entries are added in
//! batches: the places of a whole batch are looked up ahead (prefetched) before any is
//! written, so that the cache misses of a table larger than the cache overlap instead of
//! following each other. Once a step is built its entries are packed to the front and the
//! empty places given back: the next step only reads them in order.

use super::modular::add_mod;
use std::collections::TryReserveError;

/// The word of an empty place. No state has it: a word with every bit set holds the same
/// label in three or more slots, or uses bits above the slots.
const EMPTY: u128 = u128::MAX;

/// At most this share of places (in eighths) is filled before the table doubles.
const FILL_EIGHTHS: usize = 6;

/// Entries looked up together.
pub const BATCH: usize = 32;

/// States and their counts modulo each prime.
#[derive(Debug)]
pub struct Table {
    /// `stride` words per place: the state's low and high halves, then its residues.
    places: Vec<u64>,
    stride: usize,
    primes: usize,
    len: usize,
    /// Places minus one (a power of two minus one); unused once sealed.
    mask: usize,
    sealed: bool,
}

/// Where a word's search for its place starts.
fn hash(word: u128) -> u64 {
    let mixed = (word as u64) ^ ((word >> 64) as u64).rotate_left(29);
    mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    /// An empty table for counts modulo `primes` primes, with room for about `states`.
    /// The error is the allocation's: the machine has not the memory asked for.
    pub fn with_capacity(primes: usize, states: usize) -> Result<Self, TryReserveError> {
        let places = states.saturating_mul(8) / FILL_EIGHTHS + 1;
        Table::with_places(
            primes,
            places.checked_next_power_of_two().unwrap_or(usize::MAX),
        )
    }

    fn with_places(primes: usize, places: usize) -> Result<Self, TryReserveError> {
        let places = places.max(16);
        let stride = 2 + primes;
        let mut data = Vec::new();
        // A size past `usize` saturates, which the allocator refuses like any other.
        data.try_reserve_exact(places.saturating_mul(stride))?;
        for _ in 0..places {
            data.extend_from_slice(&[EMPTY as u64, (EMPTY >> 64) as u64]);
            data.extend(std::iter::repeat_n(0, primes));
        }
        Ok(Table {
            places: data,
            stride,
            primes,
            len: 0,
            mask: places - 1,
            sealed: false,
        })
    }

    /// The table of the empty frontier before any step, counted once.
    pub fn start(primes: usize) -> Result<Self, TryReserveError> {
        let mut table = Table::with_capacity(primes, 1)?;
        table.insert_new(table.start_of(0), 0, &vec![1; primes]);
        table.seal();
        Ok(table)
    }

    fn start_of(&self, word: u128) -> usize {
        (hash(word) >> (64 - (self.mask + 1).trailing_zeros())) as usize
    }

    /// Adds to each word of `batch` (at most [`BATCH`] of them) its residues, creating
    /// states as needed; fails only when the table cannot grow.
    pub fn add_batch(
        &mut self,
        batch: &[(u128, &[u64])],
        primes: &[u64],
    ) -> Result<(), TryReserveError> {
        debug_assert!(!self.sealed && batch.len() <= BATCH);
        while (self.len + batch.len()) * 8 > (self.mask + 1) * FILL_EIGHTHS {
            self.grow()?;
        }
        let mut starts = [0usize; BATCH];
        for (start, &(word, _)) in starts.iter_mut().zip(batch) {
            *start = self.start_of(word);
            prefetch(&self.places[*start * self.stride..]);
        }
        for (&start, &(word, add)) in starts.iter().zip(batch) {
            self.add_at(start, word, add, primes);
        }
        Ok(())
    }

    /// Adds `add` to `word`, looking from place `start` on.
    fn add_at(&mut self, mut at: usize, word: u128, add: &[u64], primes: &[u64]) {
        let (lo, hi) = (word as u64, (word >> 64) as u64);
        loop {
            let place = &mut self.places[at * self.stride..(at + 1) * self.stride];
            if place[0] == lo && place[1] == hi {
                for ((c, &a), &p) in place[2..].iter_mut().zip(add).zip(primes) {
                    *c = add_mod(*c, a, p);
                }
                return;
            }
            if place[0] == EMPTY as u64 && place[1] == (EMPTY >> 64) as u64 {
                place[0] = lo;
                place[1] = hi;
                place[2..].copy_from_slice(add);
                self.len += 1;
                return;
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Doubles the places, moving every entry to its place in the larger table.
    fn grow(&mut self) -> Result<(), TryReserveError> {
        let mut larger = Table::with_places(self.primes, (self.mask + 1) * 2)?;
        for (word, counts) in self.iter() {
            let start = larger.start_of(word);
            larger.insert_new(start, word, counts);
        }
        *self = larger;
        Ok(())
    }

    /// Puts a word known to be absent at its place.
    fn insert_new(&mut self, mut at: usize, word: u128, counts: &[u64]) {
        loop {
            let place = &mut self.places[at * self.stride..(at + 1) * self.stride];
            if place[0] == EMPTY as u64 && place[1] == (EMPTY >> 64) as u64 {
                place[0] = word as u64;
                place[1] = (word >> 64) as u64;
                place[2..].copy_from_slice(counts);
                self.len += 1;
                return;
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Packs the entries to the front and frees the rest: the table is only read in order
    /// from now on.
    pub fn seal(&mut self) {
        let stride = self.stride;
        let mut to = 0;
        for from in 0..=self.mask {
            let lo = self.places[from * stride];
            let hi = self.places[from * stride + 1];
            if lo == EMPTY as u64 && hi == (EMPTY >> 64) as u64 {
                continue;
            }
            if to != from {
                self.places
                    .copy_within(from * stride..(from + 1) * stride, to * stride);
            }
            to += 1;
        }
        self.places.truncate(to * stride);
        self.places.shrink_to_fit();
        self.sealed = true;
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Each state with its residues.
    pub fn iter(&self) -> impl Iterator<Item = (u128, &[u64])> {
        self.places
            .chunks_exact(self.stride)
            .map(|place| {
                (
                    u128::from(place[0]) | u128::from(place[1]) << 64,
                    &place[2..],
                )
            })
            .filter(|&(word, _)| word != EMPTY)
    }

    /// The residues of `word`, zero when it is absent.
    pub fn residues_of(&self, word: u128) -> Vec<u64> {
        self.iter()
            .find(|&(w, _)| w == word)
            .map_or_else(|| vec![0; self.primes], |(_, c)| c.to_vec())
    }

    /// Bytes held by the places, empty or not.
    pub fn bytes(&self) -> usize {
        self.places.capacity() * std::mem::size_of::<u64>()
    }
}

/// Asks for the cache line holding `place` ahead of its use.
fn prefetch(place: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch reads nothing: it
        // cannot fault, whatever the address (here one inside `place`).
        unsafe { _mm_prefetch::<_MM_HINT_T0>(place.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = place;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_larger_than_memory_is_an_error_not_an_abort() {
        assert!(Table::with_capacity(2, usize::MAX / 2).is_err());
        assert!(Table::with_capacity(2, 1 << 60).is_err());
    }

    #[test]
    fn residues_of_one_word_add_up_across_batches_and_growth() {
        let primes = [7, 11];
        let mut table = Table::with_capacity(2, 1).unwrap();
        let one: &[u64] = &[5, 10];
        for _ in 0..3 {
            let batch: Vec<(u128, &[u64])> = (0..BATCH as u128).map(|w| (w << 70, one)).collect();
            table.add_batch(&batch, &primes).unwrap();
        }
        table.seal();
        assert_eq!(table.len(), BATCH);
        // Three times (5, 10): 15 mod 7 and 30 mod 11.
        assert_eq!(table.residues_of(3 << 70), vec![1, 8]);
        assert_eq!(table.residues_of(1 << 127), vec![0, 0]);
    }
}
