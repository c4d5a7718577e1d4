//! An upper bound on the count, from Bregman's theorem: whether one sweep modulo 2^128 gives
//! the count exactly, and else how many primes the counts need.
//!
//! Bregman (1973; Minc's conjecture): a 0-1 square matrix with row sums r_i has permanent at
//! most the product of (r_i!)^(1/r_i). Each Hamiltonian cycle of the move graph, taken in one
//! direction, is a term of the permanent of its adjacency matrix (the permutation sending
//! each cell to the next), and distinct directed cycles are distinct terms, so the undirected
//! cycles are at most the permanent. Each Hamiltonian path, in one direction, closes into a
//! Hamiltonian cycle through an extra vertex joined to every cell, so the permanent of that
//! larger matrix bounds the directed paths, twice the undirected ones the sweep counts. Only
//! the degrees enter, so the bound holds for any graph the engine sweeps: any leaper on a
//! rectangle or a box. A degree counted too high only raises the bound, since (r!)^(1/r)
//! grows with r. The count is then below 2^128 whenever the bound is, and the product of the
//! primes must exceed it for the remainders to determine it.

use crate::board::Board;

/// Bits a prime contributes at least: the primes used lie just below 2^63.
const BITS_PER_PRIME: f64 = 62.0;
/// Slack for rounding in the floating-point sum of logarithms.
const ROUNDING_BITS: f64 = 2.0;

/// log2 of Bregman's bound for one row with `r` ones.
fn row_bits(r: usize) -> f64 {
    let log_factorial: f64 = (2..=r).map(|i| (i as f64).log2()).sum();
    log_factorial / r.max(1) as f64
}

/// An upper bound, in bits, on the number of Hamiltonian cycles (`closed`) or of undirected
/// Hamiltonian paths of the board's move graph.
pub fn count_bits(board: &Board, closed: bool) -> f64 {
    let n = board.n_cells();
    let extra = usize::from(!closed);
    let cells: f64 = (0..n).map(|c| row_bits(board.degree(c) + extra)).sum();
    let hub = if closed { 0.0 } else { row_bits(n) };
    cells + hub
}

/// The number of primes near 2^63 whose product exceeds `2^bits`.
pub fn primes_for(bits: f64) -> usize {
    (((bits + ROUNDING_BITS) / BITS_PER_PRIME).ceil() as usize).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn the_bound_is_above_published_counts() {
        // OEIS A001230: 13,267,364,410,532 closed 8x8 tours; A165134: 19,591,828,170,979,904
        // directed open 8x8 paths, half of them undirected.
        let board = Board::knight(Shape::flat(8, 8));
        assert!(count_bits(&board, true) > (13_267_364_410_532f64).log2());
        assert!(count_bits(&board, false) > (19_591_828_170_979_904f64 / 2.0).log2());
    }

    #[test]
    fn the_primes_chosen_multiply_past_the_bound() {
        use super::super::modular::primes;
        let closed_8x8 = count_bits(&Board::knight(Shape::flat(8, 8)), true);
        for bits in [0.0, 61.0, 62.5, closed_8x8, 200.0, 1000.0] {
            let product_bits: f64 = primes(primes_for(bits))
                .iter()
                .map(|&p| (p as f64).log2())
                .sum();
            assert!(product_bits > bits + 1.0, "{bits} bits");
        }
    }

    #[test]
    fn every_8x8_count_takes_one_wide_sweep_and_8x32_takes_primes() {
        use super::super::counter::{counters_for, Counter};
        let board = Board::knight(Shape::flat(8, 8));
        for closed in [true, false] {
            let bits = count_bits(&board, closed);
            assert!(bits > 62.0, "8x8 closed {closed}: {bits} bits");
            let counters = counters_for(bits);
            assert_eq!(counters, vec![Counter::Wide], "8x8 closed {closed}");
        }
        // The closed 8 x 32 count has 72 digits, past 2^128: its bound must be too.
        let long = Board::knight(Shape::flat(8, 32));
        assert!(counters_for(count_bits(&long, true)).len() > 1);
    }

    #[test]
    fn one_prime_per_62_bits() {
        assert_eq!(primes_for(0.0), 1);
        assert_eq!(primes_for(60.0), 1);
        assert_eq!(primes_for(61.0), 2);
        assert_eq!(primes_for(200.0), 4);
    }
}
