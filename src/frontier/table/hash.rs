//! Where a word goes: its place in a table, under a seed new at every step, and its shard
//! when a step's states are split among the tables of several threads.

/// Where a word's search for its place starts, in a table of hash seed `seed`. Each half
/// of the word is mixed in whole: folding the halves together first (one shifted onto the
/// other) lets words that differ in both halves alike share a hash.
pub(super) fn hash(word: u128, seed: u64) -> u64 {
    let (low, high) = (word as u64, (word >> 64) as u64);
    mix(low ^ mix(high ^ seed))
}

/// A bijection of 64-bit words in which every input bit changes about half the output bits:
/// the finaliser of MurmurHash3 (Austin Appleby), shifts and multiplications by its two
/// constants.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// The seed after `seed`: the steps of a Weyl sequence, mixed.
pub(super) fn next_seed(seed: u64) -> u64 {
    mix(seed.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// Which of `shards` tables holds `word` when a step's states are split among several: a
/// second hash, with its own rotation and multiplier, so that a shard's words are spread
/// over all of its table's places (the high bits of [`hash`] would give each shard one
/// range of places).
pub fn shard_of(word: u128, shards: usize) -> usize {
    let mixed = (word as u64).rotate_left(17) ^ ((word >> 64) as u64);
    let spread = mixed.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    ((u128::from(spread) * shards as u128) >> 64) as usize
}
