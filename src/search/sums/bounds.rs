//! The bounds on what a line's unknown cells can still add up to, step by step, for one
//! sequence of free-number sets: the least and greatest sums of so many free numbers of each
//! parity class, the same with no two consecutive (spread lines), and the deadline table
//! looked up while searching.

use super::NEVER;

pub(super) struct Bounds {
    /// Steps in a complete search.
    steps: usize,
    /// `max_r + 1`: the widest line's cells, and one.
    w: usize,
    max_need: usize,
    /// `lo[(step * 2 + class) * w + r]`: least sum of `r` free numbers of a class after
    /// `step`; `hi` the greatest. Infeasible entries are `i64::MAX` / `MIN`.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// For spread lines, `spread[(step * w + e0) * w + e1]`: the least and greatest sums of
    /// `e0` and `e1` free numbers of the two classes after `step`, no two consecutive
    /// (`(i64::MAX, i64::MIN)` when there are none); empty when too large.
    spread: Vec<(i64, i64)>,
    /// `deadlines[((kind * w + e0) * w + e1) * (max_need + 1) + need]`: the last step after
    /// which `e0` and `e1` free numbers of the two classes can still make `need` (`NEVER` if
    /// none), `kind` 1 for spread lines; empty when too large, then found by binary search.
    deadlines: Vec<u32>,
}

impl Bounds {
    pub(super) fn new(
        steps: usize,
        max_r: usize,
        max_need: usize,
        (lo, hi): (Vec<i64>, Vec<i64>),
        spread: Vec<(i64, i64)>,
    ) -> Self {
        let mut b = Bounds {
            steps,
            w: max_r + 1,
            max_need,
            lo,
            hi,
            spread,
            deadlines: Vec::new(),
        };
        b.deadlines = b.deadline_table();
        b
    }

    /// Bounds no search looks up.
    pub(super) fn empty() -> Self {
        Bounds {
            steps: 0,
            w: 1,
            max_need: 0,
            lo: Vec::new(),
            hi: Vec::new(),
            spread: Vec::new(),
            deadlines: Vec::new(),
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.steps == 0
    }

    /// Whether the spread lines have tables of their own.
    #[inline(always)]
    pub(super) fn has_spread(&self) -> bool {
        !self.spread.is_empty()
    }

    /// Whether `need` can be made of `e[0]` and `e[1]` free numbers of the two classes after
    /// `step`; on a spread line (`kind` 1) no two of them consecutive.
    #[inline(always)]
    fn feasible(&self, step: usize, e: [u32; 2], need: i64, kind: usize) -> bool {
        let w = self.w;
        if kind == 1 {
            let (l, h) = self.spread[(step * w + e[0] as usize) * w + e[1] as usize];
            return l <= need && need <= h;
        }
        let b0 = step * 2 * w;
        let (l0, h0) = (self.lo[b0 + e[0] as usize], self.hi[b0 + e[0] as usize]);
        let (l1, h1) = (
            self.lo[b0 + w + e[1] as usize],
            self.hi[b0 + w + e[1] as usize],
        );
        if l0 == i64::MAX || l1 == i64::MAX {
            return false;
        }
        l0 + l1 <= need && need <= h0 + h1
    }

    /// The last step after which the line can still be completed, by binary search.
    fn search_deadline(&self, e: [u32; 2], need: i64, kind: usize) -> u32 {
        if !self.feasible(0, e, need, kind) {
            return NEVER;
        }
        let (mut ok, mut bad) = (0, self.steps);
        while bad - ok > 1 {
            let mid = (ok + bad) / 2;
            if self.feasible(mid, e, need, kind) {
                ok = mid;
            } else {
                bad = mid;
            }
        }
        ok as u32
    }

    /// The last step after which `e` unknown cells (by class) can still add up to `need`.
    #[inline(always)]
    pub(super) fn deadline(&self, kind: usize, e: [u32; 2], need: i64) -> u32 {
        if need < 0 || need as usize > self.max_need {
            return NEVER;
        }
        if self.deadlines.is_empty() {
            return self.search_deadline(e, need, kind);
        }
        let w = self.w;
        self.deadlines
            [((kind * w + e[0] as usize) * w + e[1] as usize) * (self.max_need + 1) + need as usize]
    }

    /// Every deadline, looked up while searching; empty when the table would be too large
    /// (then each is found by binary search).
    fn deadline_table(&self) -> Vec<u32> {
        let (w, max_need) = (self.w, self.max_need);
        let kinds = if self.spread.is_empty() { 1 } else { 2 };
        let entries = kinds * w * w * (max_need + 1);
        if entries > 1 << 22 {
            return Vec::new();
        }
        let mut table = vec![NEVER; entries];
        for kind in 0..kinds {
            for e0 in 0..w {
                for e1 in 0..w - e0 {
                    for need in 0..=max_need {
                        let e = [e0 as u32, e1 as u32];
                        table[((kind * w + e0) * w + e1) * (max_need + 1) + need] =
                            self.search_deadline(e, need as i64, kind);
                    }
                }
            }
        }
        table
    }
}
