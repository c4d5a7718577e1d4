//! What a state's count is kept in during one sweep: the count modulo 2^128 (one sweep, exact
//! when a proven bound on the count is below 2^128), or a residue modulo a prime (one sweep
//! per prime, joined by the Chinese remainder theorem, for counts that may pass 2^128).
//!
//! The sweep only ever adds counts, so it computes the count in any ring of integers modulo
//! m: wrapping `u128` additions give the count modulo 2^128, which is the count itself when
//! the count is below 2^128, whatever the sizes of the partial sums on the way.

use super::modular::{add_mod, primes};

/// The bits of the wide counter.
pub const WIDE_BITS: f64 = 128.0;

/// Slack, in bits, for the rounding of the floating-point bound (a sum of logarithms off by
/// far less than this).
const ROUNDING_BITS: f64 = 2.0;

/// How one sweep keeps its counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// The count modulo 2^128, in two 64-bit words.
    Wide,
    /// The count modulo this prime (below 2^63), in one word.
    Prime(u64),
}

impl Counter {
    /// The 64-bit words a count takes.
    pub fn words(self) -> usize {
        match self {
            Counter::Wide => 2,
            Counter::Prime(_) => 1,
        }
    }

    /// The bytes a count takes in a packed record.
    pub fn bytes(self) -> usize {
        self.words() * std::mem::size_of::<u64>()
    }

    /// `a + b` in the counter's ring, both already reduced.
    #[inline]
    pub fn add(self, a: u128, b: u128) -> u128 {
        match self {
            Counter::Wide => a.wrapping_add(b),
            Counter::Prime(p) => u128::from(add_mod(a as u64, b as u64, p)),
        }
    }
}

/// The sweeps a count bounded by `2^bound_bits` needs: one sweep modulo one prime when a
/// prime passes the bound (a count of one word is the smallest record), else one wide sweep
/// when the bound (with rounding slack) is below 2^128, else one sweep per prime, as many
/// as [`super::bound::primes_for`] says.
pub fn counters_for(bound_bits: f64) -> Vec<Counter> {
    let needed = super::bound::primes_for(bound_bits);
    if needed > 1 && bound_bits + ROUNDING_BITS < WIDE_BITS {
        return vec![Counter::Wide];
    }
    primes(needed).into_iter().map(Counter::Prime).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_sums_wrap_and_prime_sums_reduce() {
        assert_eq!(Counter::Wide.add(u128::MAX, 3), 2);
        assert_eq!(Counter::Prime(7).add(5, 4), 2);
        assert_eq!((Counter::Wide.bytes(), Counter::Prime(7).bytes()), (16, 8));
    }

    #[test]
    fn a_bound_below_two_to_the_128_takes_one_wide_sweep_and_above_it_primes() {
        let one_prime = |bits| matches!(counters_for(bits).as_slice(), [Counter::Prime(_)]);
        assert!(
            one_prime(0.0) && one_prime(59.9),
            "one prime passes the bound"
        );
        assert_eq!(counters_for(61.0), vec![Counter::Wide]);
        assert_eq!(counters_for(125.9), vec![Counter::Wide]);
        let above = counters_for(126.0);
        assert_eq!(above.len(), 3, "three primes of 62 bits pass 128 bits");
        assert!(above.iter().all(|c| matches!(c, Counter::Prime(_))));
    }
}
