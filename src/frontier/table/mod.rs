//! The states of one step and their counts, each count in the sweep's [`Counter`].
//!
//! An open-addressing hash table of fixed-width places, each a state's key words (one when
//! every state fits 64 bits, else two) then its count's (one modulo a prime, two for a
//! 128-bit count), so that adding to a state touches one place in memory. Entries are added
//! in batches: the places of a whole batch are looked up ahead (prefetched) before any is
//! written, so that the cache misses of a table larger than the cache overlap instead of
//! following each other.
//!
//! Between steps the states are a packed layer (see `layer`), not a table. A step adds the
//! successors of the layer's states to its table (on several threads, to one table per
//! shard, see [`shard_of`]), then moves the table into the next layer in place order:
//! [`Table::drain_to`] for a layer in memory, [`Table::drain`] for a file or the spill.
//! Each place is emptied as it is read, while its cache line is at hand, so the same table
//! takes the next step's states without being allocated again (new pages cost a fault
//! each) or cleared in a separate pass; [`Table::make_room`] makes a new one only when it is
//! too small or far too large for the next step.
//!
//! The number of places is any multiple of eight, not only a power of two: a word's first
//! place is the high half of its hash times the number of places, so that a table asked
//! for a little more than a power of two does not take twice the memory.
//!
//! The hash takes a seed, and a table emptied takes a new one. A step's layer comes in the
//! place order of the table it was drained from, that is sorted by hash, and many of its
//! successors are the words read (a move left out changes nothing); under the same hash
//! they would come in sorted, and with linear probing a sorted stream pushes a growing run
//! of full places ahead of itself until every word added walks it (measured in
//! results/counts/README.md, "Issue 33 (session 40)"). Under a new seed the order a step
//! reads its words in says nothing of their places.

mod hash;
mod hints;

pub use hash::shard_of;

use super::counter::Counter;
use super::layer::Slots;
use hash::{hash, next_seed};
use hints::{ask_for_huge_pages, prefetch};
use std::collections::TryReserveError;

/// The key words of an empty place. No state has them: a word with every bit set holds the
/// same label in three or more slots, or uses bits above the slots.
const EMPTY: u64 = u64::MAX;

/// At most this share of places (in eighths) is filled before the table doubles.
const FILL_EIGHTHS: usize = 6;

/// A table this many times larger than its states need is given back for a smaller one.
const SHRINK_FACTOR: usize = 8;

/// Entries looked up together.
pub const BATCH: usize = 32;

/// States with their counts waiting to be added to a table together.
pub struct Batch {
    pub words: [u128; BATCH],
    pub counts: [u128; BATCH],
    pub held: usize,
}

impl Default for Batch {
    fn default() -> Batch {
        Batch {
            words: [0; BATCH],
            counts: [0; BATCH],
            held: 0,
        }
    }
}

impl Batch {
    #[inline]
    pub fn push(&mut self, word: u128, count: u128) {
        self.words[self.held] = word;
        self.counts[self.held] = count;
        self.held += 1;
    }

    pub fn is_full(&self) -> bool {
        self.held == BATCH
    }

    /// Adds the batch to `table` (see [`Table::add_batch`]) and empties it.
    pub fn add_to(&mut self, table: &mut Table, max_bytes: usize) -> Result<(), AddError> {
        let held = std::mem::take(&mut self.held);
        table.add_batch(&self.words[..held], &self.counts[..held], max_bytes)
    }
}

/// States and their counts.
#[derive(Debug)]
pub struct Table {
    /// `stride` words per place: the state's key words (low half first), then its count's
    /// (low half first).
    places: Vec<u64>,
    /// Key words per place: 1 when every state fits 64 bits, else 2.
    key: usize,
    stride: usize,
    counter: Counter,
    len: usize,
    /// Places in all.
    places_n: usize,
    /// The seed of the hash, new each time the table is emptied.
    seed: u64,
}

/// Why states could not be added.
#[derive(Debug)]
pub enum AddError {
    /// The table is as full as allowed and was not to grow.
    Full,
    /// Growing it asked for more memory than the machine gave.
    NoMemory,
}

/// Places for about `states` entries at most [`FILL_EIGHTHS`] full, a multiple of eight.
fn places_for(states: usize) -> usize {
    let places = states.saturating_mul(8) / FILL_EIGHTHS + 1;
    places.saturating_add(7).max(16) / 8 * 8
}

/// Bytes a place takes with a key of `bits` bits and a count in `counter`.
pub fn place_bytes(bits: u32, counter: Counter) -> usize {
    (usize::from(bits > 64) + 1 + counter.words()) * std::mem::size_of::<u64>()
}

/// The most states a table of at most `bytes` bytes takes before it is full.
pub fn states_within(bytes: usize, bits: u32, counter: Counter) -> usize {
    bytes / place_bytes(bits, counter) * FILL_EIGHTHS / 8
}

impl Table {
    /// An empty table for states of `bits` bits with counts in `counter`, with room for
    /// about `states`. The error is the allocation's: the machine has not the
    /// memory asked for.
    pub fn with_capacity(
        bits: u32,
        counter: Counter,
        states: usize,
    ) -> Result<Self, TryReserveError> {
        let key = if bits <= 64 { 1 } else { 2 };
        Table::with_places(key, counter, places_for(states), next_seed(0))
    }

    fn with_places(
        key: usize,
        counter: Counter,
        places: usize,
        seed: u64,
    ) -> Result<Self, TryReserveError> {
        let stride = key + counter.words();
        let mut data = Vec::new();
        // A size past `usize` saturates, which the allocator refuses like any other.
        data.try_reserve_exact(places.saturating_mul(stride))?;
        ask_for_huge_pages(&data);
        data.resize(places * stride, EMPTY);
        Ok(Table {
            places: data,
            key,
            stride,
            counter,
            len: 0,
            places_n: places,
            seed,
        })
    }

    /// Readies the (empty) table for a step of at least `needed` states: kept when it has
    /// room for them, is at most about [`SHRINK_FACTOR`] times the places they need and takes at
    /// most `max_bytes`, else made anew with room for `preferred` (within `max_bytes`, if
    /// that leaves room for `needed`). An empty
    /// table's places are all empty, so keeping it costs nothing; a new one costs a page
    /// fault per page, hence the room to spare.
    pub fn make_room(
        &mut self,
        needed: usize,
        preferred: usize,
        max_bytes: usize,
    ) -> Result<(), TryReserveError> {
        debug_assert_eq!(self.len, 0);
        let wanted = places_for(needed);
        let places = self.places_n;
        let too_large = places / SHRINK_FACTOR > wanted || self.bytes() > max_bytes;
        if places < wanted || too_large {
            let within = max_bytes / (self.stride * std::mem::size_of::<u64>()) / 8 * 8;
            let chosen = places_for(preferred).min(within).max(wanted);
            // The old places go before the new are asked for, to keep the peak down.
            self.places = Vec::new();
            *self = Table::with_places(self.key, self.counter, chosen, self.seed)?;
        }
        Ok(())
    }

    fn start_of(&self, word: u128) -> usize {
        ((u128::from(hash(word, self.seed)) * self.places_n as u128) >> 64) as usize
    }

    /// The place after `at`, the first after the last.
    fn after(&self, at: usize) -> usize {
        if at + 1 == self.places_n {
            0
        } else {
            at + 1
        }
    }

    fn word_at(&self, at: usize) -> u128 {
        let place = &self.places[at * self.stride..];
        match self.key {
            1 => u128::from(place[0]),
            _ => u128::from(place[0]) | u128::from(place[1]) << 64,
        }
    }

    fn is_empty_at(&self, at: usize) -> bool {
        self.places[at * self.stride..][..self.key]
            .iter()
            .all(|&w| w == EMPTY)
    }

    /// Adds to each word of `words` (at most [`BATCH`] of them) the count beside it in
    /// `counts`, creating states as needed. A full table doubles when the old places and
    /// the doubled ones, held together while the states move, take at most `max_bytes`
    /// (three times its bytes); else it adds none of the batch and says it is full.
    pub fn add_batch(
        &mut self,
        words: &[u128],
        counts: &[u128],
        max_bytes: usize,
    ) -> Result<(), AddError> {
        debug_assert!(words.len() <= BATCH && counts.len() == words.len());
        while (self.len + words.len()) * 8 > self.places_n * FILL_EIGHTHS {
            if self.bytes().saturating_mul(3) > max_bytes {
                return Err(AddError::Full);
            }
            self.grow().map_err(|_| AddError::NoMemory)?;
        }
        let mut starts = [0usize; BATCH];
        for (start, &word) in starts.iter_mut().zip(words) {
            *start = self.start_of(word);
            prefetch(&self.places[*start * self.stride..]);
        }
        let starts = &starts[..words.len()];
        match (self.key, self.stride) {
            (1, 2) => self.add_all::<1, 2>(starts, words, counts),
            (1, 3) => self.add_all::<1, 3>(starts, words, counts),
            (2, 3) => self.add_all::<2, 3>(starts, words, counts),
            _ => self.add_all::<2, 4>(starts, words, counts),
        }
        Ok(())
    }

    /// Adds each count of `counts` to its word's, looking from its start on, in a table
    /// whose places are `STRIDE` words, the first `KEY` of them the state's. The shape is
    /// known when compiled (one copy for each of the four there are), so that a place is
    /// read and written by a few moves instead of loops over slices of a length known only
    /// when run.
    fn add_all<const KEY: usize, const STRIDE: usize>(
        &mut self,
        starts: &[usize],
        words: &[u128],
        counts: &[u128],
    ) {
        debug_assert_eq!((self.key, self.stride), (KEY, STRIDE));
        for ((&start, &word), &add) in starts.iter().zip(words).zip(counts) {
            self.add_at::<KEY, STRIDE>(start, word, add);
        }
    }

    /// Adds `add` to `word`'s count, looking from place `at` on.
    #[inline]
    fn add_at<const KEY: usize, const STRIDE: usize>(
        &mut self,
        mut at: usize,
        word: u128,
        add: u128,
    ) {
        let (lo, hi) = (word as u64, (word >> 64) as u64);
        let counter = self.counter;
        loop {
            let place: &mut [u64; STRIDE] = (&mut self.places[at * STRIDE..(at + 1) * STRIDE])
                .try_into()
                .expect("a whole place");
            if place[0] == lo && (KEY == 1 || place[1] == hi) {
                let sum = counter.add(read_count(&place[KEY..]), add);
                write_count(&mut place[KEY..], sum);
                return;
            }
            if place[0] == EMPTY && (KEY == 1 || place[1] == EMPTY) {
                place[0] = lo;
                if KEY == 2 {
                    place[1] = hi;
                }
                write_count(&mut place[KEY..], add);
                self.len += 1;
                return;
            }
            at = self.after(at);
        }
    }

    /// Doubles the places, moving every entry to its place in the larger table.
    fn grow(&mut self) -> Result<(), TryReserveError> {
        // The same seed: the words come in the old order of places, which is the new one's.
        let mut larger = Table::with_places(self.key, self.counter, self.places_n * 2, self.seed)?;
        for (word, count) in self.iter() {
            let start = larger.start_of(word);
            larger.insert_new(start, word, count);
        }
        *self = larger;
        Ok(())
    }

    /// Puts a word known to be absent at its place.
    fn insert_new(&mut self, mut at: usize, word: u128, count: u128) {
        while !self.is_empty_at(at) {
            at = self.after(at);
        }
        let key = self.key;
        let place = &mut self.places[at * self.stride..(at + 1) * self.stride];
        place[0] = word as u64;
        if key == 2 {
            place[1] = (word >> 64) as u64;
        }
        write_count(&mut place[key..], count);
        self.len += 1;
    }

    /// Hands each state with its count to `each`, in place order, emptying the table as it
    /// goes. An error from `each` stops the walk; the table is emptied all the same.
    pub fn drain<E>(&mut self, each: impl FnMut(u128, u128) -> Result<(), E>) -> Result<(), E> {
        let places = &mut self.places;
        let outcome = match (self.key, self.stride) {
            (1, 2) => drain_places::<1, 2, E>(places, each),
            (1, 3) => drain_places::<1, 3, E>(places, each),
            (2, 3) => drain_places::<2, 3, E>(places, each),
            _ => drain_places::<2, 4, E>(places, each),
        };
        self.emptied();
        outcome
    }

    /// Moves every state with its count to `run`, which has room for exactly the table's
    /// states, in place order, emptying the table. Every place's record is written, and
    /// the run moves on past the full ones only: whether a place is full goes either way
    /// from place to place, so a branch on it would be mispredicted about as often as not.
    pub fn drain_to(&mut self, run: &mut Slots) {
        let (places, len) = (&mut self.places, self.len);
        match (self.key, self.stride) {
            (1, 2) => drain_places_to::<1, 2>(places, len, run),
            (1, 3) => drain_places_to::<1, 3>(places, len, run),
            (2, 3) => drain_places_to::<2, 3>(places, len, run),
            _ => drain_places_to::<2, 4>(places, len, run),
        }
        self.emptied();
    }

    /// After every place is emptied: no state, and a new seed for the next step.
    fn emptied(&mut self) {
        self.len = 0;
        self.seed = next_seed(self.seed);
    }

    /// Empties the table, its places kept.
    pub fn clear(&mut self) {
        let _ = self.drain(|_, _| Ok::<(), ()>(()));
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Each state with its count, in place order.
    pub fn iter(&self) -> impl Iterator<Item = (u128, u128)> + '_ {
        (0..self.places_n)
            .filter(|&at| !self.is_empty_at(at))
            .map(|at| {
                let count = &self.places[at * self.stride + self.key..(at + 1) * self.stride];
                (self.word_at(at), read_count(count))
            })
    }

    /// The count of `word`, zero when it is absent.
    #[cfg(test)]
    pub fn count_of(&self, word: u128) -> u128 {
        self.iter().find(|&(w, _)| w == word).map_or(0, |(_, c)| c)
    }

    /// Bytes held by the places, empty or not.
    pub fn bytes(&self) -> usize {
        self.places.capacity() * std::mem::size_of::<u64>()
    }
}

/// [`Table::drain`] for places of `STRIDE` words, the first `KEY` of them the state's (see
/// [`Table::add_all`] for why the shape is a constant).
fn drain_places<const KEY: usize, const STRIDE: usize, E>(
    places: &mut [u64],
    mut each: impl FnMut(u128, u128) -> Result<(), E>,
) -> Result<(), E> {
    let mut outcome = Ok(());
    for place in places.chunks_exact_mut(STRIDE) {
        if place[0] == EMPTY && (KEY == 1 || place[1] == EMPTY) {
            continue;
        }
        if outcome.is_ok() {
            let word = match KEY {
                1 => u128::from(place[0]),
                _ => u128::from(place[0]) | u128::from(place[1]) << 64,
            };
            outcome = each(word, read_count(&place[KEY..]));
        }
        place[..KEY].fill(EMPTY);
    }
    outcome
}

/// [`Table::drain_to`] for places of `STRIDE` words, the first `KEY` of them the state's.
/// It stops after the last of the `len` full places: the places after it are empty, and the
/// record of an empty place before it is overwritten by the next full place's.
fn drain_places_to<const KEY: usize, const STRIDE: usize>(
    places: &mut [u64],
    len: usize,
    run: &mut Slots,
) {
    let mut left = len;
    for place in places.chunks_exact_mut(STRIDE) {
        if left == 0 {
            break;
        }
        let empty = place[0] == EMPTY && (KEY == 1 || place[1] == EMPTY);
        let word = match KEY {
            1 => u128::from(place[0]),
            _ => u128::from(place[0]) | u128::from(place[1]) << 64,
        };
        run.put(word, read_count(&place[KEY..]), !empty);
        left -= usize::from(!empty);
        place[..KEY].fill(EMPTY);
    }
}

/// The count in a place's count words: one word, or two (low first).
#[inline]
fn read_count(words: &[u64]) -> u128 {
    match words {
        [lo, hi] => u128::from(*lo) | u128::from(*hi) << 64,
        [one] => u128::from(*one),
        _ => unreachable!("a count takes one or two words"),
    }
}

#[inline]
fn write_count(words: &mut [u64], count: u128) {
    match words {
        [lo, hi] => {
            *lo = count as u64;
            *hi = (count >> 64) as u64;
        }
        [one] => *one = count as u64,
        _ => unreachable!("a count takes one or two words"),
    }
}

#[cfg(test)]
mod tests;
