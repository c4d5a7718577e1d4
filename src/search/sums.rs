//! Line sums: the pruning of seeds 000 and 002 for numbered tours.
//!
//! Numbers are placed in increasing order (in a half-tour, `k` and `k + n/2` together), so
//! after slot `i` the free numbers are known exactly. For every line the search keeps the sum
//! and the count of its known cells (placed, or pencilled in), split by the parity the number
//! must have (seed 002: a leaper that changes colour every move gives all cells of one colour
//! numbers of one parity). Then:
//!
//! - a complete line must hit its target (seed 000);
//! - a line with one unknown cell fixes that cell's number: it is *pencilled in* (seed 000),
//!   must be free, of the right parity, and reachable in time; from then on the search must
//!   step there at exactly that number, and the number counts in the cell's other lines,
//!   which may in turn pencil further cells;
//! - a line with several unknown cells must be completable: the least and greatest sums of
//!   that many free numbers of the right parities bound what it still needs (seed 002's
//!   "feasible-sum tables by cells left", seed 000's bounds). The least sum only grows as the
//!   search deepens, so each line also keeps the last slot at which it can still be
//!   completed, and every step checks all lines against that deadline, touched or not.

use super::bits::Bits;
use super::tables::Tables;
use crate::puzzle::Puzzle;

const NONE: u32 = u32::MAX;

pub struct LineTables {
    n: usize,
    fold: bool,
    /// Numbers per half: `n / 2` for half-tours, `n` otherwise.
    half: usize,
    /// Slots in the searched path.
    slots: usize,
    parity: bool,
    target: Vec<i64>,
    cells: Vec<Vec<u32>>,
    of_cell: Vec<Vec<u32>>,
    max_r: usize,
    /// `lo[(slot * 2 + class) * (max_r + 1) + r]`: least sum of `r` free numbers of a class
    /// after `slot` was filled; `hi` the greatest. Infeasible entries are `i64::MAX` / `MIN`.
    lo: Vec<i64>,
    hi: Vec<i64>,
}

/// The bound tables would be too large (more than this many entries).
pub const MAX_TABLE: usize = 1 << 24;

impl LineTables {
    pub fn new(puzzle: &Puzzle, fold: bool, parity: bool) -> Result<Self, String> {
        let n = puzzle.n_cells();
        let half = if fold { n / 2 } else { n };
        let slots = half;
        let max_r = puzzle.sums.iter().map(|s| s.cells.len()).max().unwrap_or(0);
        let size = slots * 2 * (max_r + 1);
        if size > MAX_TABLE {
            return Err(format!(
                "line sums on {n} cells with lines of {max_r} cells need bound tables of {size} entries"
            ));
        }
        let mut of_cell = vec![Vec::new(); n];
        for (l, s) in puzzle.sums.iter().enumerate() {
            for &c in &s.cells {
                of_cell[c].push(l as u32);
            }
        }
        let mut lo = vec![i64::MAX; size];
        let mut hi = vec![i64::MIN; size];
        for slot in 0..slots {
            for class in 0..2usize {
                // Free numbers after `slot` was filled, ascending (in a half-tour two runs).
                let free: Vec<i64> = ((slot + 2)..=half)
                    .chain((slot + 2 + half)..=n)
                    .filter(|&m| !parity || (m - 1) % 2 == class)
                    .map(|m| m as i64)
                    .collect();
                let base = (slot * 2 + class) * (max_r + 1);
                let (mut low, mut high) = (0i64, 0i64);
                for r in 0..=max_r.min(free.len()) {
                    lo[base + r] = low;
                    hi[base + r] = high;
                    if r < free.len() {
                        low += free[r];
                        high += free[free.len() - 1 - r];
                    }
                }
            }
        }
        Ok(LineTables {
            n,
            fold,
            half,
            slots,
            parity,
            target: puzzle.sums.iter().map(|s| s.target as i64).collect(),
            cells: puzzle
                .sums
                .iter()
                .map(|s| s.cells.iter().map(|&c| c as u32).collect())
                .collect(),
            of_cell,
            max_r,
            lo,
            hi,
        })
    }

    pub fn n_lines(&self) -> usize {
        self.target.len()
    }

    /// Whether `need` can be made of `e[0]` and `e[1]` free numbers of the two classes after
    /// `slot` was filled.
    #[inline(always)]
    fn feasible(&self, slot: usize, e: [u32; 2], need: i64) -> bool {
        let w = self.max_r + 1;
        let b0 = slot * 2 * w;
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
}

enum Undo {
    Line { line: u32, m: u32, class: u8 },
    Deadline { line: u32, old: u32 },
    Pencil { cell: u32, slot: u32 },
}

pub struct SumState<const W: usize> {
    sum: Vec<i64>,
    /// Unknown cells of each line by the class of number they need.
    empty: Vec<[u32; 2]>,
    deadline: Vec<u32>,
    pencil: Vec<u32>,
    expected: Vec<u32>,
    /// Cells with a pencilled number (in half-tours, both of each pair).
    pub pencilled: Bits<W>,
    /// Slots with an expected cell.
    pending: Bits<W>,
    class: Vec<u8>,
    trail: Vec<Undo>,
    queue: Vec<u32>,
}

impl<const W: usize> SumState<W> {
    pub fn new(lt: &LineTables) -> Self {
        let lines = lt.n_lines();
        SumState {
            sum: vec![0; lines],
            empty: vec![[0, 0]; lines],
            deadline: vec![NONE; lines],
            pencil: vec![0; lt.n],
            expected: vec![NONE; lt.slots],
            pencilled: Bits::EMPTY,
            pending: Bits::EMPTY,
            class: vec![0; lt.n],
            trail: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// Clears everything for a search from `start`.
    pub fn reset<const V: usize>(&mut self, lt: &LineTables, t: &Tables<V>, start: usize) {
        self.trail.clear();
        self.queue.clear();
        self.pencilled = Bits::EMPTY;
        self.pending = Bits::EMPTY;
        self.pencil.iter_mut().for_each(|p| *p = 0);
        self.expected.iter_mut().for_each(|e| *e = NONE);
        for c in 0..lt.n {
            self.class[c] = if lt.parity {
                t.colour[c] ^ t.colour[start]
            } else {
                0
            };
        }
        for (l, cells) in lt.cells.iter().enumerate() {
            self.sum[l] = 0;
            self.deadline[l] = NONE;
            self.empty[l] = [0, 0];
            for &c in cells {
                self.empty[l][self.class[c as usize] as usize] += 1;
            }
        }
    }

    #[inline(always)]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("above mark") {
                Undo::Line { line, m, class } => {
                    self.sum[line as usize] -= m as i64;
                    self.empty[line as usize][class as usize] += 1;
                }
                Undo::Deadline { line, old } => self.deadline[line as usize] = old,
                Undo::Pencil { cell, slot } => {
                    self.pencil[cell as usize] = 0;
                    self.pencilled.remove(cell as usize);
                    self.expected[slot as usize] = NONE;
                    self.pending.remove(slot as usize);
                }
            }
        }
    }

    /// The cell that must be placed at `slot`, if a number was pencilled in for it.
    #[inline(always)]
    pub fn expected(&self, slot: usize) -> Option<usize> {
        let e = self.expected[slot];
        (e != NONE).then_some(e as usize)
    }

    /// Records `cell` placed at `slot` (and in a half-tour its image at `slot + n/2`), then
    /// checks every line. `u` is the set of cells without a number after the placement.
    pub fn place<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        cell: usize,
        slot: usize,
        u: &Bits<V>,
    ) -> bool {
        let m = slot as u32 + 1;
        if self.pencil[cell] != 0 {
            if self.pencil[cell] != m {
                return false;
            }
        } else {
            if self.expected[slot] != NONE {
                return false;
            }
            self.assign(lt, cell, m);
            if lt.fold {
                self.assign(lt, lt.n - 1 - cell, m + lt.half as u32);
            }
        }
        while let Some(l) = self.queue.pop() {
            if !self.check(lt, t, l as usize, slot, cell, u) {
                self.queue.clear();
                return false;
            }
        }
        if self.deadline.iter().any(|&d| (d as usize) < slot) {
            return false;
        }
        // The next pencilled number must still be reachable in time.
        if let Some(j) = self.pending.first_from(slot + 1) {
            let target = self.expected[j] as usize;
            if t.distance(cell, target).is_some_and(|d| d > j - slot) {
                return false;
            }
        }
        true
    }

    /// Checks every line after the first placement of a search.
    pub fn check_all<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        head: usize,
        u: &Bits<V>,
    ) -> bool {
        self.queue.extend(0..lt.n_lines() as u32);
        while let Some(l) = self.queue.pop() {
            if !self.check(lt, t, l as usize, 0, head, u) {
                self.queue.clear();
                return false;
            }
        }
        true
    }

    #[inline(always)]
    fn assign(&mut self, lt: &LineTables, cell: usize, m: u32) {
        let class = self.class[cell];
        for &l in &lt.of_cell[cell] {
            self.sum[l as usize] += m as i64;
            self.empty[l as usize][class as usize] -= 1;
            self.trail.push(Undo::Line { line: l, m, class });
            self.queue.push(l);
        }
    }

    fn set_deadline(&mut self, l: usize, d: u32) {
        if self.deadline[l] != d {
            self.trail.push(Undo::Deadline {
                line: l as u32,
                old: self.deadline[l],
            });
            self.deadline[l] = d;
        }
    }

    fn check<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        l: usize,
        slot: usize,
        head: usize,
        u: &Bits<V>,
    ) -> bool {
        let e = self.empty[l];
        let r = e[0] + e[1];
        let need = lt.target[l] - self.sum[l];
        match r {
            0 => {
                self.set_deadline(l, NONE);
                need == 0
            }
            1 => {
                self.set_deadline(l, NONE);
                let cell = lt.cells[l]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| u.contains(c) && self.pencil[c] == 0)
                    .expect("a line with one unknown cell has one");
                self.pencil_in(lt, t, cell, need, slot, head)
            }
            _ => {
                if !lt.feasible(slot, e, need) {
                    return false;
                }
                // Last slot after which the line can still be completed.
                let (mut ok, mut bad) = (slot, lt.slots);
                while bad - ok > 1 {
                    let mid = (ok + bad) / 2;
                    if lt.feasible(mid, e, need) {
                        ok = mid;
                    } else {
                        bad = mid;
                    }
                }
                self.set_deadline(l, ok as u32);
                true
            }
        }
    }

    /// The number `m` is the only one that completes a line at `cell`.
    fn pencil_in<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        cell: usize,
        m: i64,
        slot: usize,
        head: usize,
    ) -> bool {
        let n = lt.n as i64;
        if m < 1 || m > n {
            return false;
        }
        let m = m as usize;
        if lt.parity && (m - 1) % 2 != self.class[cell] as usize {
            return false;
        }
        let (j, at) = if m <= lt.half {
            (m - 1, cell)
        } else {
            (m - 1 - lt.half, lt.n - 1 - cell)
        };
        if j <= slot || self.expected[j] != NONE {
            return false;
        }
        if t.distance(head, at).is_some_and(|d| d > j - slot) {
            return false;
        }
        self.pencil[cell] = m as u32;
        self.pencilled.insert(cell);
        self.expected[j] = at as u32;
        self.pending.insert(j);
        self.trail.push(Undo::Pencil {
            cell: cell as u32,
            slot: j as u32,
        });
        self.assign(lt, cell, m as u32);
        if lt.fold {
            let (mirror, m2) = (
                lt.n - 1 - cell,
                if m <= lt.half {
                    m + lt.half
                } else {
                    m - lt.half
                },
            );
            self.pencil[mirror] = m2 as u32;
            self.pencilled.insert(mirror);
            // Undone with the slot entry above: record the mirror with the same slot.
            self.trail.push(Undo::Pencil {
                cell: mirror as u32,
                slot: j as u32,
            });
            self.assign(lt, mirror, m2 as u32);
        }
        true
    }
}
