//! Fixed-width cell sets: `W` words of 64 bits, one bit a cell (or a path position).
//!
//! Boards of up to 64 cells use `W = 1`, a single machine word, which the compiler treats as
//! well as a plain `u64`; wider boards take the next width the engine is built for (see
//! `search::WIDTHS`). Every operation is branch-free over the words and allocation-free.

use std::ops::{BitAnd, BitOr, BitXor};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);

    /// Capacity in bits.
    pub const CAPACITY: usize = 64 * W;

    #[inline(always)]
    pub fn single(c: usize) -> Self {
        let mut b = Self::EMPTY;
        b.insert(c);
        b
    }

    /// The set `{0, 1, ..., n - 1}`.
    pub fn first_n(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for (i, w) in b.0.iter_mut().enumerate() {
            let lo = i * 64;
            *w = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        b
    }

    pub fn from_cells(cells: impl IntoIterator<Item = usize>) -> Self {
        let mut b = Self::EMPTY;
        for c in cells {
            b.insert(c);
        }
        b
    }

    #[inline(always)]
    pub fn contains(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1u64 << (c & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1u64 << (c & 63));
    }

    /// Sets bit `c` when `on` is true, without a branch.
    #[inline(always)]
    pub fn insert_if(&mut self, c: usize, on: bool) {
        self.0[c >> 6] |= u64::from(on) << (c & 63);
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// `true` when the set has at least two elements (cheaper than `count() >= 2`).
    #[inline(always)]
    pub fn at_least_two(&self) -> bool {
        if W == 1 {
            let w = self.0[0];
            w & w.wrapping_sub(1) != 0
        } else {
            self.count() >= 2
        }
    }

    /// Elements of `self` not in `other`.
    #[inline(always)]
    pub fn andnot(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    #[inline(always)]
    pub fn is_subset(&self, other: &Self) -> bool {
        (0..W).all(|i| self.0[i] & !other.0[i] == 0)
    }

    #[inline(always)]
    pub fn first(&self) -> Option<usize> {
        for i in 0..W {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
        }
        None
    }

    /// The least element that is `>= k`.
    #[inline]
    pub fn first_from(&self, k: usize) -> Option<usize> {
        let mut i = k >> 6;
        if i >= W {
            return None;
        }
        let w = self.0[i] & (u64::MAX << (k & 63));
        if w != 0 {
            return Some(i * 64 + w.trailing_zeros() as usize);
        }
        i += 1;
        while i < W {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    #[inline(always)]
    pub fn iter(&self) -> BitIter<W> {
        BitIter {
            bits: *self,
            word: 0,
        }
    }

    /// The image under `c -> n - 1 - c` (the half turn in row-major numbering).
    #[inline]
    pub fn reversed(&self, n: usize) -> Self {
        if W == 1 {
            if n == 0 {
                return Self::EMPTY;
            }
            let mut out = Self::EMPTY;
            out.0[0] = self.0[0].reverse_bits() >> (64 - n);
            return out;
        }
        // Reverse all 64W bits, then shift down by the unused top bits.
        let mut rev = Self::EMPTY;
        for i in 0..W {
            rev.0[W - 1 - i] = self.0[i].reverse_bits();
        }
        rev.shr(Self::CAPACITY - n)
    }

    /// Every element moved down by `k` (elements below `k` are dropped).
    #[inline]
    pub fn shr(&self, k: usize) -> Self {
        let (words, bits) = (k >> 6, k & 63);
        let mut out = Self::EMPTY;
        for i in 0..W {
            let src = i + words;
            if src >= W {
                break;
            }
            let mut w = self.0[src] >> bits;
            if bits != 0 && src + 1 < W {
                w |= self.0[src + 1] << (64 - bits);
            }
            out.0[i] = w;
        }
        out
    }

    /// Every element moved up by `k` (elements beyond the capacity are dropped).
    #[inline]
    pub fn shl(&self, k: usize) -> Self {
        let (words, bits) = (k >> 6, k & 63);
        let mut out = Self::EMPTY;
        for i in (0..W).rev() {
            if i < words {
                break;
            }
            let src = i - words;
            let mut w = self.0[src] << bits;
            if bits != 0 && src >= 1 {
                w |= self.0[src - 1] >> (64 - bits);
            }
            out.0[i] = w;
        }
        out
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] &= o.0[i];
        }
        out
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] |= o.0[i];
        }
        out
    }
}

impl<const W: usize> BitXor for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] ^= o.0[i];
        }
        out
    }
}

/// Elements in increasing order.
pub struct BitIter<const W: usize> {
    bits: Bits<W>,
    word: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.bits.0[self.word];
            if w != 0 {
                self.bits.0[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_rev<const W: usize>(b: &Bits<W>, n: usize) -> Bits<W> {
        Bits::from_cells(b.iter().map(|c| n - 1 - c))
    }

    #[test]
    fn reversal_matches_the_definition() {
        let cells = [0usize, 3, 17, 63, 64, 65, 100, 127, 128, 150];
        for n in [1usize, 7, 64, 65, 128, 129, 151, 192] {
            let b1: Bits<1> = Bits::from_cells(cells.iter().copied().filter(|&c| c < n.min(64)));
            assert_eq!(b1.reversed(n.min(64)), naive_rev(&b1, n.min(64)));
            let b3: Bits<3> = Bits::from_cells(cells.iter().copied().filter(|&c| c < n));
            assert_eq!(b3.reversed(n), naive_rev(&b3, n), "n={n}");
        }
    }

    #[test]
    fn shifts_and_iteration() {
        let b: Bits<2> = Bits::from_cells([1, 63, 64, 90]);
        assert_eq!(b.shl(5).iter().collect::<Vec<_>>(), vec![6, 68, 69, 95]);
        assert_eq!(b.shr(2).iter().collect::<Vec<_>>(), vec![61, 62, 88]);
        assert_eq!(b.first_from(2), Some(63));
        assert_eq!(b.first_from(65), Some(90));
        assert_eq!(b.first_from(91), None);
        assert_eq!(Bits::<2>::first_n(70).count(), 70);
        assert!(b.at_least_two());
        assert!(!Bits::<1>::single(5).at_least_two());
    }
}
