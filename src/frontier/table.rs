//! The states of one step and their counts, one residue per prime for each state.
//!
//! States are packed words kept in the order first met, with a hash index from word to
//! position that is dropped once the step is built: the next step only reads them in order.

use super::modular::add_mod;
use rustc_hash::FxHashMap;

/// States and their counts modulo each prime.
#[derive(Debug)]
pub struct Table {
    words: Vec<u128>,
    /// `primes.len()` residues per state, in the order of `words`.
    counts: Vec<u64>,
    index: FxHashMap<u128, u32>,
    primes: usize,
}

impl Table {
    /// An empty table for counts modulo `primes` primes, with room for about `states`.
    pub fn with_capacity(primes: usize, states: usize) -> Self {
        Table {
            words: Vec::with_capacity(states),
            counts: Vec::with_capacity(states * primes),
            index: FxHashMap::with_capacity_and_hasher(states, Default::default()),
            primes,
        }
    }

    /// The table of the empty frontier before any step, counted once.
    pub fn start(primes: usize) -> Self {
        let mut table = Table::with_capacity(primes, 1);
        table.words.push(0);
        table.counts.extend(std::iter::repeat_n(1, primes));
        table
    }

    /// Adds `counts` to the state `word`, creating it if new; `false` when the table is full.
    pub fn add(&mut self, word: u128, counts: &[u64], primes: &[u64]) -> bool {
        let next = self.words.len();
        let Ok(next_index) = u32::try_from(next) else {
            return false;
        };
        let at = *self.index.entry(word).or_insert(next_index) as usize;
        if at == next {
            self.words.push(word);
            self.counts.extend_from_slice(counts);
            return true;
        }
        let mine = &mut self.counts[at * self.primes..(at + 1) * self.primes];
        for ((c, &add), &p) in mine.iter_mut().zip(counts).zip(primes) {
            *c = add_mod(*c, add, p);
        }
        true
    }

    /// Frees the index: the table is only read in order from now on.
    pub fn seal(&mut self) {
        self.index = FxHashMap::default();
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Each state with its residues.
    pub fn iter(&self) -> impl Iterator<Item = (u128, &[u64])> {
        self.words
            .iter()
            .copied()
            .zip(self.counts.chunks_exact(self.primes.max(1)))
    }

    /// The residues of `word`, zero when it is absent.
    pub fn residues_of(&self, word: u128) -> Vec<u64> {
        self.iter()
            .find(|&(w, _)| w == word)
            .map_or_else(|| vec![0; self.primes], |(_, c)| c.to_vec())
    }

    /// Bytes held: words, counts and the index's slots (key, value and control byte).
    pub fn bytes(&self) -> usize {
        let index_slot = std::mem::size_of::<(u128, u32)>() + 1;
        self.words.capacity() * std::mem::size_of::<u128>()
            + self.counts.capacity() * std::mem::size_of::<u64>()
            + self.index.capacity() * index_slot
    }
}
