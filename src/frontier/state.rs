//! A frontier state packed into one word: a small code per slot.
//!
//! Code 0: a cell of degree 0 (or a slot no frontier cell holds); 1: degree 2; 2 (open paths
//! only): a path end whose other end is an end of the tour, already out of the frontier;
//! 3 and up: a path end labelled by its path, the other end carrying the same label. Labels
//! are renumbered by first appearance in slot order, so equal partial tours (as far as the
//! rest of the board can tell) share one word.

use super::layout::RESERVED_CODES;

/// Degree 0, or an empty slot.
pub const FREE: u32 = 0;
/// Degree 2: the cell takes no more moves.
pub const FULL: u32 = 1;
/// A path end whose other end is an end of the tour.
pub const LOOSE: u32 = 2;
/// The first path label.
pub const FIRST_LABEL: u32 = RESERVED_CODES;

/// How codes sit in a word: `slots` codes of `bits` bits each.
#[derive(Clone, Copy, Debug)]
pub struct Packing {
    /// Bits per slot.
    pub bits: u32,
    /// The lowest bit of every slot.
    low: u128,
    /// Whether every slot lies in the low 64 bits: the word's operations then take one
    /// machine word instead of two.
    narrow: bool,
}

impl Packing {
    /// `slots` codes of `bits` bits, which must fit 128 bits.
    pub fn new(slots: u32, bits: u32) -> Self {
        let low = (0..slots).fold(0u128, |low, s| low | 1u128 << (s * bits));
        let narrow = slots * bits <= 64;
        Packing { bits, low, narrow }
    }

    fn mask(self) -> u128 {
        (1u128 << self.bits) - 1
    }

    /// The code in `slot`.
    #[inline]
    pub fn get(self, word: u128, slot: u8) -> u32 {
        let shift = u32::from(slot) * self.bits;
        if self.narrow {
            return ((word as u64).wrapping_shr(shift) & self.mask() as u64) as u32;
        }
        ((word >> shift) & self.mask()) as u32
    }

    /// `word` with `code` in `slot`.
    #[inline]
    pub fn set(self, word: u128, slot: u8, code: u32) -> u128 {
        let shift = u32::from(slot) * self.bits;
        if self.narrow {
            let cleared = word as u64 & !(self.mask() as u64).wrapping_shl(shift);
            return u128::from(cleared | u64::from(code).wrapping_shl(shift));
        }
        (word & !(self.mask() << shift)) | (u128::from(code) << shift)
    }

    /// The lowest bit of each slot whose code is not zero.
    #[inline]
    pub fn nonzero(self, word: u128) -> u128 {
        if self.narrow {
            return u128::from(any_bit(word as u64, self.bits) & self.low as u64);
        }
        any_bit(word, self.bits) & self.low
    }

    /// The lowest bit of each slot holding `code`.
    #[inline]
    fn holding(self, word: u128, code: u32) -> u128 {
        if self.narrow {
            let low = self.low as u64;
            let differ = self.nonzero(u128::from(word as u64 ^ (low * u64::from(code))));
            return u128::from(low & !(differ as u64));
        }
        self.low & !self.nonzero(word ^ (self.low * u128::from(code)))
    }

    /// The slot other than `except` holding `code`, if any.
    #[inline]
    pub fn find(self, word: u128, code: u32, except: u8) -> Option<u8> {
        let others = self.holding(word, code) & !(1u128 << (u32::from(except) * self.bits));
        (others != 0).then(|| self.slot_at(others.trailing_zeros()))
    }

    /// The slot holding bit `bit`: a shift for slots of 4 bits, where a division by the
    /// bits (known only when run) would take tens of cycles.
    #[inline]
    fn slot_at(self, bit: u32) -> u8 {
        match self.bits {
            4 => (bit >> 2) as u8,
            bits => (bit / bits) as u8,
        }
    }

    /// The number of slots holding `code`.
    pub fn count(self, word: u128, code: u32) -> usize {
        self.holding(word, code).count_ones() as usize
    }

    /// A code no slot holds in a canonical word of at most `widest` cells: one above every
    /// label such a word can carry.
    pub fn spare_label(widest: usize) -> u32 {
        FIRST_LABEL + (widest / 2) as u32
    }

    /// `word` with the code of each slot `from` moved to slot `to`, for every pair of `map`;
    /// slots no pair moves to are empty.
    pub fn permuted(self, word: u128, map: &[(u8, u8)]) -> u128 {
        map.iter().fold(0, |out, &(from, to)| {
            out | u128::from(self.get(word, from)) << (u32::from(to) * self.bits)
        })
    }

    /// The lowest bit of each slot holding a label: the codes from 3 on, that is 3 itself
    /// and every code with a bit above the lowest two.
    #[inline]
    pub fn labelled(self, word: u128) -> u128 {
        debug_assert_eq!(FIRST_LABEL, 3);
        self.nonzero(word & !(self.low * 3)) | self.holding(word, FIRST_LABEL)
    }

    /// Every bit of the slots below slot `slot` (which may be one past the last).
    #[inline]
    fn below(self, slot: u8) -> u128 {
        let shift = u32::from(slot) * self.bits;
        1u128.checked_shl(shift).unwrap_or(0).wrapping_sub(1)
    }

    /// Every bit of the slots strictly between slots `lo` and `hi`.
    #[inline]
    pub fn between(self, lo: u8, hi: u8) -> u128 {
        self.below(hi) & !self.below(lo + 1)
    }

    /// Every bit of the slots above slot `slot`.
    #[inline]
    pub fn above(self, slot: u8) -> u128 {
        !self.below(slot + 1)
    }

    /// `word` with its labels renumbered by first appearance.
    pub fn canonical(self, word: u128) -> u128 {
        // Only slots holding a label change: walk those, lowest slot first. Labels are the
        // codes from 3 on: 3 itself, and every code with a bit above the lowest two.
        if self.narrow && self.bits <= 4 {
            let (narrow, low) = (word as u64, self.low as u64);
            let labels = self.nonzero(u128::from(narrow & !(low * 3)));
            let labelled = (labels | self.holding(word, FIRST_LABEL)) as u64;
            if labelled == 0 {
                return word;
            }
            return u128::from(self.renamed_narrow(narrow, labelled));
        }
        let labelled = self.labelled(word);
        if labelled == 0 {
            return word;
        }
        match (self.bits <= 4, u64::try_from(word)) {
            (true, Ok(narrow)) if labelled >> 64 == 0 => {
                u128::from(self.renamed_narrow(narrow, labelled as u64))
            }
            _ => self.renamed_wide(word, labelled),
        }
    }

    /// [`Packing::canonical`] for a word inside 64 bits whose codes fit 4 bits: the new name
    /// of each code is kept in a register (a nibble per code), with no branch on whether a
    /// label is met for the first time, which the processor cannot predict.
    fn renamed_narrow(self, word: u64, mut labelled: u64) -> u64 {
        let mask = self.mask() as u64;
        let (mut names, mut next, mut out) = (0u64, u64::from(FIRST_LABEL), word);
        while labelled != 0 {
            let shift = labelled.trailing_zeros();
            labelled &= labelled - 1;
            let at = ((word >> shift) & mask) * 4;
            let named = (names >> at) & 15;
            let fresh = u64::from(named == 0);
            let name = named | (next * fresh);
            names |= name << at;
            next += fresh;
            out = (out & !(mask << shift)) | name << shift;
        }
        out
    }

    /// [`Packing::canonical`] for any word.
    fn renamed_wide(self, word: u128, mut labelled: u128) -> u128 {
        let mut renamed = [0u8; 64];
        let mut next = FIRST_LABEL as u8;
        let mut out = word;
        while labelled != 0 {
            let shift = labelled.trailing_zeros();
            labelled &= labelled - 1;
            let code = ((word >> shift) & self.mask()) as usize;
            let entry = &mut renamed[code];
            let fresh = *entry == 0;
            *entry = if fresh { next } else { *entry };
            next += u8::from(fresh);
            out = (out & !(self.mask() << shift)) | u128::from(*entry) << shift;
        }
        out
    }
}

/// Each bit of `word` or'd with the `bits - 1` bits above it: at the lowest bit of a slot of
/// `bits` bits, whether any of the slot is set. Slots of 4 bits (every board up to 8 cells
/// across) take four straight operations instead of a loop whose length is known only when
/// run; one body serves the one-word and the two-word states.
#[inline]
fn any_bit<T>(word: T, bits: u32) -> T
where
    T: Copy + std::ops::Shr<u32, Output = T> + std::ops::BitOr<Output = T>,
{
    match bits {
        4 => word | word >> 1 | word >> 2 | word >> 3,
        bits => (1..bits).fold(word, |any, shift| any | word >> shift),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(p: Packing, codes: &[u32]) -> u128 {
        codes
            .iter()
            .enumerate()
            .fold(0, |w, (s, &c)| p.set(w, s as u8, c))
    }

    #[test]
    fn labels_are_renumbered_by_first_appearance() {
        let p = Packing::new(6, 3);
        let w = word(p, &[5, 1, 3, 5, 0, 3]);
        assert_eq!(p.canonical(w), word(p, &[3, 1, 4, 3, 0, 4]));
        assert_eq!(p.canonical(p.canonical(w)), p.canonical(w));
    }

    #[test]
    fn narrow_and_wide_words_are_renumbered_alike() {
        // Sixteen 4-bit slots fill 64 bits (renamed in a register); 20 slots do not.
        let codes = [9, 2, 11, 0, 9, 1, 3, 11, 7, 3, 2, 7, 10, 0, 10, 1];
        let want = [3, 2, 4, 0, 3, 1, 5, 4, 6, 5, 2, 6, 7, 0, 7, 1];
        for slots in [16, 20] {
            let p = Packing::new(slots, 4);
            let mut w = word(p, &codes);
            let mut canonical = word(p, &want);
            if slots == 20 {
                // The same pattern shifted up four slots, past bit 64.
                w <<= 16;
                canonical <<= 16;
            }
            assert_eq!(p.canonical(w), canonical, "{slots} slots");
        }
        let p = Packing::new(16, 4);
        assert_eq!(p.canonical(word(p, &[1, 0, 2, 1])), word(p, &[1, 0, 2, 1]));
    }

    #[test]
    fn words_within_64_bits_take_the_same_operations_as_wider_ones() {
        // Fourteen 4-bit slots lie in one machine word; twenty do not. The same codes in the
        // low fourteen slots of either must read, change and renumber alike.
        let (narrow, wide) = (Packing::new(14, 4), Packing::new(20, 4));
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..2_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let codes: Vec<u32> = (0..14).map(|s| ((seed >> (s * 4)) & 7) as u32).collect();
            let (n, w) = (word(narrow, &codes), word(wide, &codes));
            assert_eq!(n, w);
            assert_eq!(narrow.nonzero(n), wide.nonzero(w));
            assert_eq!(narrow.canonical(n), wide.canonical(w), "{codes:?}");
            // The six slots only the wide packing has are empty.
            assert_eq!(narrow.count(n, FREE) + 6, wide.count(w, FREE));
            for code in 1..8 {
                assert_eq!(narrow.count(n, code), wide.count(w, code));
                assert_eq!(narrow.find(n, code, 3), wide.find(w, code, 3));
            }
            for slot in 0..14 {
                assert_eq!(narrow.get(n, slot), wide.get(w, slot));
                let code = (seed >> 60) as u32;
                assert_eq!(narrow.set(n, slot, code), wide.set(w, slot, code));
            }
        }
    }

    #[test]
    fn the_slots_between_and_above_are_masked_whole() {
        let p = Packing::new(32, 4);
        assert_eq!(p.between(2, 5), 0xff << 12, "slots 3 and 4");
        assert_eq!(p.between(4, 5), 0, "no slot between neighbours");
        assert_eq!(p.above(29), 0xff << 120, "slots 30 and 31");
        assert_eq!(p.above(31), 0, "nothing above the last slot of a full word");
        let w = word(p, &[3, 1, 0, 2, 4, 5, 1]);
        assert_eq!(p.labelled(w), 1 | 1 << 16 | 1 << 20, "codes 3 and up");
    }

    #[test]
    fn set_changes_one_slot_only() {
        let p = Packing::new(32, 4);
        let w = word(p, &[7; 32]);
        let changed = p.set(w, 31, 2);
        assert_eq!(p.get(changed, 31), 2);
        assert!((0..31).all(|s| p.get(changed, s) == 7));
        assert_eq!(p.find(changed, 2, 0), Some(31));
        assert_eq!(p.count(changed, 7), 31);
    }
}
