//! A non-negative integer of any size, with only what the counts need: multiply by a word,
//! add a word, and print in decimal.

use std::fmt;

/// A non-negative integer in 64-bit limbs, least significant first, without leading zero limbs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BigCount {
    limbs: Vec<u64>,
}

/// The largest power of ten in a `u64`, so that decimal printing takes 19 digits per division.
const DECIMAL_CHUNK: u64 = 10_000_000_000_000_000_000;
const CHUNK_DIGITS: usize = 19;

impl BigCount {
    /// The number `n`.
    pub fn from_u64(n: u64) -> Self {
        let mut out = BigCount { limbs: vec![n] };
        out.trim();
        out
    }

    /// The number `n`.
    pub fn from_u128(n: u128) -> Self {
        BigCount::from_u64((n >> 64) as u64)
            .mul_add(1 << 32, 0)
            .mul_add(1 << 32, n as u64)
    }

    /// `self * factor + addend`.
    pub fn mul_add(&self, factor: u64, addend: u64) -> Self {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = u128::from(addend);
        for &limb in &self.limbs {
            let wide = u128::from(limb) * u128::from(factor) + carry;
            limbs.push(wide as u64);
            carry = wide >> 64;
        }
        limbs.push(carry as u64);
        let mut out = BigCount { limbs };
        out.trim();
        out
    }

    /// The quotient and remainder of division by a nonzero word.
    pub fn div_rem(&self, divisor: u64) -> (Self, u64) {
        let mut limbs = vec![0; self.limbs.len()];
        let mut rem: u128 = 0;
        for (i, &limb) in self.limbs.iter().enumerate().rev() {
            let wide = (rem << 64) | u128::from(limb);
            limbs[i] = (wide / u128::from(divisor)) as u64;
            rem = wide % u128::from(divisor);
        }
        let mut out = BigCount { limbs };
        out.trim();
        (out, rem as u64)
    }

    /// The number as a `u64`, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [n] => Some(*n),
            _ => None,
        }
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chunks = Vec::new();
        let mut rest = self.clone();
        while !rest.is_zero() {
            let (quotient, chunk) = rest.div_rem(DECIMAL_CHUNK);
            chunks.push(chunk);
            rest = quotient;
        }
        let Some((top, lower)) = chunks.split_last() else {
            return f.write_str("0");
        };
        write!(f, "{top}")?;
        for chunk in lower.iter().rev() {
            write!(f, "{chunk:0CHUNK_DIGITS$}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_u128_does() {
        for n in [
            0,
            1,
            9,
            10,
            u128::from(DECIMAL_CHUNK),
            u128::from(u64::MAX) + 1,
            u128::MAX,
        ] {
            assert_eq!(BigCount::from_u128(n).to_string(), n.to_string());
        }
    }

    #[test]
    fn mul_add_and_div_rem_agree_with_u128() {
        let mut n: u128 = 7;
        let mut big = BigCount::from_u64(7);
        for (factor, addend) in [
            (3u64, 5u64),
            (u64::MAX, u64::MAX),
            (1 << 20, 1),
            (1000, 999),
        ] {
            n = n * u128::from(factor) + u128::from(addend);
            big = big.mul_add(factor, addend);
            assert_eq!(big.to_string(), n.to_string());
            let (q, r) = big.div_rem(DECIMAL_CHUNK);
            assert_eq!(
                (q.to_string(), u128::from(r)),
                (
                    (n / u128::from(DECIMAL_CHUNK)).to_string(),
                    n % u128::from(DECIMAL_CHUNK)
                )
            );
        }
        assert_eq!(BigCount::from_u64(u64::MAX).to_u64(), Some(u64::MAX));
        assert_eq!(BigCount::from_u64(u64::MAX).mul_add(2, 0).to_u64(), None);
    }

    #[test]
    fn a_number_past_u128_prints_every_digit() {
        // 2^192 = (2^64)^3, checked digit by digit against its known decimal expansion.
        let big = BigCount::from_u64(1)
            .mul_add(1 << 32, 0)
            .mul_add(1 << 32, 0);
        let big = big.mul_add(1 << 32, 0).mul_add(1 << 32, 0);
        let big = big.mul_add(1 << 32, 0).mul_add(1 << 32, 0);
        assert_eq!(
            big.to_string(),
            "6277101735386680763835789423207666416102355444464034512896"
        );
    }
}
