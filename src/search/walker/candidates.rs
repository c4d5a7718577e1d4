//! The moves worth trying from a walk's current state: the unvisited neighbours narrowed by
//! the cells of degree one, the required moves, the numbers and givens, and the line sums,
//! then ordered by Warnsdorff's rule.

use super::{Walker, EARLY_LAST_AT_MOST, NO_GIVEN, NO_LAST};
use crate::search::bits::Bits;
use crate::search::mode::{FOLD, MEET, QUARTER};

impl<const W: usize, const M: u8> Walker<'_, W, M> {
    /// More than one cell (or pair of cells, in a half-tour; quadruple in a quarter-tour).
    #[inline(always)]
    pub(super) fn several(s: Bits<W>) -> bool {
        if M == FOLD || M == QUARTER {
            s.count() > Self::PLACED
        } else {
            s.at_least_two()
        }
    }

    /// More than two cells (or pairs, or quadruples).
    #[inline(always)]
    pub(super) fn more_than_two(s: Bits<W>) -> bool {
        s.count() > 2 * Self::PLACED
    }

    /// The end of the path the next step extends, and the other end.
    #[inline(always)]
    pub(super) fn heads(&self) -> (usize, usize) {
        let k = self.path.len();
        if M == MEET {
            (self.path[k - 2] as usize, self.path[k - 1] as usize)
        } else {
            let h = self.path[k - 1] as usize;
            (h, h)
        }
    }

    /// Allowed last cells of the part of the path still to be found.
    #[inline(always)]
    pub(super) fn end_set(&self, other: usize) -> Bits<W> {
        if M == MEET {
            self.t.nbr[other]
        } else {
            self.ends
        }
    }

    /// The moves worth trying from the current state (empty when the branch is dead).
    #[inline]
    pub fn candidates(&self) -> Bits<W> {
        self.live_candidates().unwrap_or(Bits::EMPTY)
    }

    /// The candidates, or `None` when the branch is dead. Each step narrows them: the
    /// unvisited neighbours, the cells of degree one, required moves, line sums, the mirror.
    #[inline(always)]
    pub(super) fn live_candidates(&self) -> Option<Bits<W>> {
        let (h, other) = self.heads();
        let ends = self.end_set(other);
        let nh = self.t.nbr[h];
        let avail = nh & self.u;
        if avail.is_empty() {
            return None;
        }
        let cands = if self.remaining == Self::PLACED {
            avail & ends
        } else {
            if (ends & self.u).is_empty() {
                return None;
            }
            self.forced_by_low_degree(avail, nh, ends)?
        };
        let cands = self.required_moves(h, cands)?;
        let cands = self.restricted_by_numbers(cands);
        if self.early_last_ok {
            if self.last == NO_LAST && self.depth() >= self.early_from {
                return self.front_or_last(cands, nh, ends);
            }
            self.last_next.set(false);
        }
        Some(cands)
    }

    /// From 1 up before the last cell is placed: the candidates for the last cell when at
    /// most a few cells can still be last, else the front's. Placing it early adds `n` to its
    /// lines, and the rest of the path must reach it: both prune the levels below
    /// (results/semimagic).
    #[inline(always)]
    pub(super) fn front_or_last(
        &self,
        front: Bits<W>,
        nh: Bits<W>,
        ends: Bits<W>,
    ) -> Option<Bits<W>> {
        self.last_next.set(false);
        if self.remaining <= 2 || front.is_empty() {
            return Some(front);
        }
        let mut last = ends & self.u;
        // A cell of degree one that is not a move from the head can only be the last.
        let x = self.low.andnot(nh);
        if !x.is_empty() {
            last = last & x;
        }
        let s = self.sums.as_ref().expect("line sums");
        last = match s.expected(self.t.n - 1) {
            Some(c) => last & Bits::single(c),
            None => last.andnot(s.pencilled),
        };
        if last.is_empty() {
            return None;
        }
        if last.count() > EARLY_LAST_AT_MOST {
            return Some(front);
        }
        self.last_next.set(true);
        Some(last)
    }

    /// Cells with at most one unvisited neighbour left (`low`) must be entered next or be the
    /// far end: more than the path can serve kills the branch; otherwise they may force the
    /// next move.
    #[inline(always)]
    pub(super) fn forced_by_low_degree(
        &self,
        avail: Bits<W>,
        nh: Bits<W>,
        ends: Bits<W>,
    ) -> Option<Bits<W>> {
        let low = self.low;
        if low.is_empty() {
            return Some(avail);
        }
        let (nhh, ecl) = (self.orbits(nh), self.orbits(ends));
        let x = low.andnot(nhh);
        let y = low & nhh;
        let end_fixed = !x.is_empty();
        if end_fixed && (Self::several(x) || !x.is_subset(&ecl)) {
            return None;
        }
        let mut cands = avail;
        if !y.is_empty() {
            if end_fixed {
                if Self::several(y) {
                    return None;
                }
                cands = y & nh;
            } else {
                let first = y.andnot(ecl);
                if !first.is_empty() {
                    if Self::several(first) || Self::more_than_two(y) {
                        return None;
                    }
                    cands = first & nh;
                } else if Self::more_than_two(y) {
                    return None;
                } else if Self::several(y) {
                    cands = y & nh;
                }
            }
        }
        // A cell with no unvisited neighbour can only be the very last one.
        if low.iter().any(|c| (self.t.nbr[c] & self.u).is_empty()) {
            return None;
        }
        Some(cands)
    }

    /// Required moves from the head `h` that are still open must be taken next (at the start
    /// of a closed tour, one of them may be the closing move instead).
    #[inline(always)]
    pub(super) fn required_moves(&self, h: usize, cands: Bits<W>) -> Option<Bits<W>> {
        if !self.t.has_req {
            return Some(cands);
        }
        let r = self.t.req[h] & self.u;
        if r.is_empty() {
            return Some(cands);
        }
        if self.path.len() == 1 && self.plan.closed {
            // The start's other tour neighbour is the last cell.
            return match r.count() {
                k if k > 2 => None,
                2 => Some(cands & r),
                _ => Some(cands),
            };
        }
        if r.at_least_two() {
            return None;
        }
        Some(cands & r)
    }

    /// Line sums that fix or forbid the next number's cell, and the mirror rule of open
    /// tours that a reflection maps onto themselves.
    #[inline(always)]
    pub(super) fn restricted_by_numbers(&self, mut cands: Bits<W>) -> Bits<W> {
        if let Some(s) = &self.sums {
            cands = match s.expected(self.path.len()) {
                Some(c) => cands & Bits::single(c),
                None => cands.andnot(s.pencilled),
            };
        }
        if self.has_givens {
            cands = self.restricted_by_givens(cands);
        }
        if self.plan.open_mirror {
            let n = self.t.n;
            let p = self.path.len();
            let q = n - 1 - p;
            if q < p {
                cands = cands & Bits::single(n - 1 - self.path[q] as usize);
            } else if q == p {
                cands = cands & Bits::single(p);
            }
        }
        cands
    }

    /// Given numbers (from 1 up): the next number's own cell if it is given; else any cell
    /// not given a number, within reach of the next given number's cell in time.
    #[inline(never)]
    pub(super) fn restricted_by_givens(&self, cands: Bits<W>) -> Bits<W> {
        let g = &self.plan.givens;
        let p = self.path.len();
        if g.cell[p] != NO_GIVEN {
            return cands & Bits::single(g.cell[p] as usize);
        }
        let mut cands = cands.andnot(g.cells);
        let (q, target) = g.next[p];
        if q != NO_GIVEN {
            let steps = (q as usize) - p;
            for c in cands.iter() {
                if self
                    .t
                    .distance(c, target as usize)
                    .is_some_and(|d| d > steps)
                {
                    cands.remove(c);
                }
            }
        }
        cands
    }

    /// The candidates in Warnsdorff's order: fewest unvisited neighbours first, then by cell
    /// (seed 003). Used when a run stops at its first solutions; the tree is the same.
    pub fn warnsdorff(&self, cands: Bits<W>) -> ([u32; 32], usize) {
        let mut out = [0u32; 32];
        let mut k = 0;
        for c in cands.iter() {
            // More than 32 candidates cannot happen for a leaper (at most 24 moves), but stay safe.
            if k == out.len() {
                break;
            }
            out[k] = (self.t.nbr[c] & self.u).count() << 24 | c as u32;
            k += 1;
        }
        out[..k].sort_unstable();
        for x in &mut out[..k] {
            *x &= (1 << 24) - 1;
        }
        (out, k)
    }
}
