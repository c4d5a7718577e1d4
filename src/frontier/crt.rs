//! The Chinese remainder theorem: the one integer below the product of the primes that has
//! the given residues, by Garner's mixed-radix method (Knuth, TAOCP vol. 2, 4.3.2).

use super::bignum::BigCount;
use super::modular::{inverse_mod, mul_mod};

/// The integer `x < p0 * p1 * ...` with `x = residues[i] (mod primes[i])`. The primes must be
/// distinct, and each residue below its prime.
pub fn combine(residues: &[u64], primes: &[u64]) -> BigCount {
    let digits = mixed_radix_digits(residues, primes);
    let mut x = BigCount::default();
    for (digit, prime) in digits.iter().zip(primes).rev() {
        x = x.mul_add(*prime, 0);
        x = x.mul_add(1, *digit);
    }
    x
}

/// Digits `a` with `x = a0 + a1 p0 + a2 p0 p1 + ...`, each `a_i < p_i`.
fn mixed_radix_digits(residues: &[u64], primes: &[u64]) -> Vec<u64> {
    let mut digits: Vec<u64> = Vec::with_capacity(primes.len());
    for (i, (&residue, &p)) in residues.iter().zip(primes).enumerate() {
        let mut t = residue % p;
        for (&digit, &q) in digits.iter().zip(&primes[..i]) {
            let difference = (t + p - digit % p) % p;
            t = mul_mod(difference, inverse_mod(q % p, p), p);
        }
        digits.push(t);
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::super::modular::primes;
    use super::*;

    fn residues(n: u128, primes: &[u64]) -> Vec<u64> {
        primes.iter().map(|&p| (n % u128::from(p)) as u64).collect()
    }

    #[test]
    fn recovers_u128_numbers_from_their_residues() {
        let ps = primes(3);
        let samples = [
            0u128,
            1,
            u128::from(ps[0]) - 1,
            u128::from(ps[0]),
            u128::from(ps[0]) * u128::from(ps[1]) - 1,
            u128::from(u64::MAX) * 3 + 17,
            u128::MAX,
            13_267_364_410_532,
            19_591_828_170_979_904,
        ];
        for n in samples {
            assert_eq!(
                combine(&residues(n, &ps), &ps).to_string(),
                n.to_string(),
                "{n}"
            );
        }
    }

    #[test]
    fn two_primes_hold_every_u64_sum_of_u64s() {
        let ps = primes(2);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let n = u128::from(state) * u128::from(state >> 3) + u128::from(state);
            let below = n % (u128::from(ps[0]) * u128::from(ps[1]));
            assert_eq!(
                combine(&residues(below, &ps), &ps).to_string(),
                below.to_string()
            );
        }
    }
}
