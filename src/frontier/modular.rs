//! Arithmetic modulo primes just below 2^63: the residues the counts are kept in.
//!
//! The frontier counts only ever add, so a residue needs one comparison per addition; primes
//! below 2^63 keep the sum of two residues inside a `u64`. The primes are found at run time
//! by a Miller-Rabin test whose bases are deterministic for every 64-bit number (Jaeschke
//! 1993; the first twelve primes as bases suffice below 3.3 x 10^24).

/// Where the search for primes starts: every prime used is below it.
const PRIME_CEILING: u64 = 1 << 63;

/// Bases that make Miller-Rabin exact for every `u64`.
const WITNESSES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// `a + b` modulo `p`, for residues already below `p < 2^63`.
pub fn add_mod(a: u64, b: u64, p: u64) -> u64 {
    let sum = a + b;
    if sum >= p {
        sum - p
    } else {
        sum
    }
}

/// `a * b` modulo `p`.
pub fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(p)) as u64
}

/// `base^exp` modulo `p`.
pub fn pow_mod(mut base: u64, mut exp: u64, p: u64) -> u64 {
    let mut out = 1 % p;
    base %= p;
    while exp > 0 {
        if exp & 1 == 1 {
            out = mul_mod(out, base, p);
        }
        base = mul_mod(base, base, p);
        exp >>= 1;
    }
    out
}

/// The inverse of `a` modulo the prime `p` (Fermat), for `a` not a multiple of `p`.
pub fn inverse_mod(a: u64, p: u64) -> u64 {
    pow_mod(a, p - 2, p)
}

/// Whether `n` is prime.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for &w in &WITNESSES {
        if n.is_multiple_of(w) {
            return n == w;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    WITNESSES.iter().all(|&w| passes(n, w, d, s))
}

/// One Miller-Rabin round: `w` is no witness that `n = d * 2^s + 1` is composite.
fn passes(n: u64, w: u64, d: u64, s: u32) -> bool {
    let mut x = pow_mod(w, d, n);
    if x == 1 || x == n - 1 {
        return true;
    }
    for _ in 1..s {
        x = mul_mod(x, x, n);
        if x == n - 1 {
            return true;
        }
    }
    false
}

/// The `k` largest primes below 2^63, largest first.
pub fn primes(k: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(k);
    let mut candidate = PRIME_CEILING - 1;
    while out.len() < k {
        if is_prime(candidate) {
            out.push(candidate);
        }
        candidate -= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trial division, slow but plainly right, for the small numbers it is asked about.
    fn by_trial(n: u64) -> bool {
        n >= 2
            && (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    }

    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        for n in 0..20_000 {
            assert_eq!(is_prime(n), by_trial(n), "{n}");
        }
        // Strong pseudoprimes to several small bases, which a weaker test would pass.
        for n in [3_215_031_751u64, 2_152_302_898_747, 3_474_749_660_383] {
            assert!(!is_prime(n), "{n}");
        }
    }

    #[test]
    fn the_primes_are_distinct_primes_below_two_to_the_63() {
        let ps = primes(6);
        for (i, &p) in ps.iter().enumerate() {
            assert!(p < 1 << 63 && is_prime(p));
            assert!(ps[..i].iter().all(|&q| q > p));
        }
    }

    #[test]
    fn add_and_inverse_agree_with_u128_arithmetic() {
        let p = primes(1)[0];
        for (a, b) in [(0, 0), (p - 1, p - 1), (p - 1, 1), (12_345, p - 12_345)] {
            let sum = (u128::from(a) + u128::from(b)) % u128::from(p);
            assert_eq!(u128::from(add_mod(a, b, p)), sum);
        }
        for a in [1, 2, 3, p - 1, 1 << 40] {
            assert_eq!(mul_mod(a, inverse_mod(a, p), p), 1, "{a}");
        }
    }
}
