//! Line sums: the pruning of seeds 000 and 002 for numbered tours.
//!
//! Each step of the search places known numbers: `k` at step `k - 1` in a plain search, `k`
//! and `k + n/2` together in a half-tour, and in a search from both ends alternately
//! `1, n, 2, n - 1, ...`; a plain search may also place `n` early, on the last cell (then the
//! free numbers after step `k - 1` are `k + 1..n - 1`, `place_last`). So after every step the
//! free numbers are known exactly. For every
//! line the search keeps the sum and the count of its known cells (placed, or pencilled in),
//! split by the parity the number must have (seed 002: a leaper that changes colour every move
//! gives all cells of one colour numbers of one parity). Then:
//!
//! - a complete line must hit its target (seed 000);
//! - a line with one unknown cell fixes that cell's number: it is *pencilled in* (seed 000),
//!   must be free, of the right parity, and reachable in time from the end of the path that
//!   will place it; from then on the search must step there at exactly that number, and the
//!   number counts in the cell's other lines, which may in turn pencil further cells;
//! - a line with several unknown cells must be completable: the least and greatest sums of
//!   that many free numbers of the right parities bound what it still needs (seed 002's
//!   "feasible-sum tables by cells left", seed 000's bounds). The free numbers only shrink as
//!   the search deepens, so each line also keeps the last step at which it can still be
//!   completed (looked up in a table by unknown cells and missing sum), and every step checks
//!   all lines against that deadline, touched or not;
//! - on a *spread* line, one with no two cells a move apart, the bounds are those of free
//!   numbers no two of which are consecutive: a leaper's consecutive numbers stand a move
//!   apart. Unions of three far-apart lines (rows 0, 3 and 6 of 8x8) are spread lines of their
//!   own, which the tables add (`build::spread_unions`).

mod bounds;
mod build;

use bounds::Bounds;

pub use build::TablesTooLarge;

use super::bits::Bits;
use super::tables::Tables;

const NONE: u32 = u32::MAX;
/// Deadline table entry: the line cannot be completed whatever the step.
const NEVER: u32 = u32::MAX - 1;

/// How the search hands out numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// `1, 2, ..., n`.
    Plain,
    /// Half-tours: step `i` places `i + 1` on its cell and `i + 1 + n/2` on the image.
    Fold,
    /// From both ends alternately: `1, n, 2, n - 1, ...`.
    Meet,
}

pub struct LineTables {
    n: usize,
    fold: bool,
    half: usize,
    /// Steps in a complete search.
    steps: usize,
    /// Number placed by each step on the step's own cell.
    num: Vec<u32>,
    /// Which end of the path each step extends (0 or 1).
    side: Vec<u8>,
    /// For each number `m` (index `m`), the step that places it...
    step_of: Vec<u32>,
    /// ...and whether it goes on the image of that step's cell (half-tours).
    on_image: Vec<bool>,
    parity: bool,
    /// Numbers come from both ends.
    meet: bool,
    target: Vec<i64>,
    cells: Vec<Vec<u32>>,
    of_cell: Vec<Vec<u32>>,
    /// The bounds while every free number is still to be placed, then from 1 up once the
    /// last cell holds `n` (numbers `step + 2..n - 1` free; see `SumState::place_last`),
    /// which only the plain order builds (empty otherwise).
    bounds: [Bounds; 2],
    /// Lines with no two cells a move apart: consecutive numbers never share one.
    spread: Vec<bool>,
}

/// The bound tables would be too large (more than this many entries).
pub const MAX_TABLE: usize = 1 << 24;

impl LineTables {
    /// Searching from both ends: the numbers at the first and the second end after `step`.
    #[inline(always)]
    fn end_numbers(&self, step: usize) -> (usize, usize) {
        let (x, y) = (self.num[step] as usize, self.num[step - 1] as usize);
        if self.side[step] == 0 {
            (x, y)
        } else {
            (y, x)
        }
    }

    /// Whether a search from 1 up may place the last cell early (see `SumState::place_last`).
    pub fn places_last_early(&self) -> bool {
        !self.bounds[1].is_empty()
    }

    pub fn n_lines(&self) -> usize {
        self.target.len()
    }

    /// The last step at which line `l`, with `e` unknown cells short of `need`, can still be
    /// completed; `without_last` once the last cell holds `n`.
    #[inline(always)]
    fn deadline(&self, l: usize, e: [u32; 2], need: i64, without_last: bool) -> u32 {
        let bounds = &self.bounds[usize::from(without_last)];
        // Spread lines use their own bounds when these were built.
        let kind = usize::from(self.spread[l] && bounds.has_spread());
        bounds.deadline(kind, e, need)
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
    /// The cell holding `n` when a search from 1 up placed it early, else `NONE`.
    last: u32,
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
            expected: vec![NONE; lt.steps],
            pencilled: Bits::EMPTY,
            pending: Bits::EMPTY,
            class: vec![0; lt.n],
            last: NONE,
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
        self.last = NONE;
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
                    self.sum[line as usize] -= i64::from(m);
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

    /// The number pencilled in on `cell`, if any.
    #[inline(always)]
    pub fn pencilled_with(&self, cell: usize) -> Option<u32> {
        (self.pencil[cell] != 0).then_some(self.pencil[cell])
    }

    /// The cell that must be placed at `slot`, if a number was pencilled in for it.
    #[inline(always)]
    pub fn expected(&self, slot: usize) -> Option<usize> {
        let e = self.expected[slot];
        (e != NONE).then_some(e as usize)
    }

    /// Records `cell` placed at `step` (and in a half-tour its image), then checks every
    /// line. `u` is the set of cells without a number after the placement; `heads` the cells
    /// at the two ends of the path (the same cell twice when the path grows at one end).
    pub fn place<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        cell: usize,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
    ) -> bool {
        let m = lt.num[step];
        match self.claim(lt, cell, m, step) {
            None => return false,
            Some(true) if lt.fold => self.assign(lt, lt.n - 1 - cell, m + lt.half as u32),
            Some(_) => {}
        }
        self.settle(lt, t, step, u, heads)
    }

    /// Records `n` on `cell`, the last cell of a search from 1 up placed before its turn,
    /// `step` being the last step made; then checks every line against the free numbers that
    /// are left (`step + 2..n - 1`).
    pub fn place_last<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        cell: usize,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
    ) -> bool {
        debug_assert!(lt.places_last_early() && self.last == NONE);
        let n = lt.n as u32;
        if lt.parity && (lt.n - 1) % 2 != self.class[cell] as usize {
            return false;
        }
        if self.claim(lt, cell, n, lt.step_of[lt.n] as usize).is_none() {
            return false;
        }
        self.last = cell as u32;
        // Every line's deadline moves earlier with `n` gone.
        self.queue.clear();
        self.queue.extend(0..lt.n_lines() as u32);
        self.settle(lt, t, step, u, heads)
    }

    /// Gives `cell` the number `m`, which step `step` places: a pencilled cell must hold `m`
    /// already, and no other cell may be pencilled in for that step. `Some(true)` when `m`
    /// was newly assigned, `None` when it cannot go there.
    #[inline(always)]
    fn claim(&mut self, lt: &LineTables, cell: usize, m: u32, step: usize) -> Option<bool> {
        if self.pencil[cell] != 0 {
            return (self.pencil[cell] == m).then_some(false);
        }
        if self.expected[step] != NONE {
            return None;
        }
        self.assign(lt, cell, m);
        Some(true)
    }

    /// Pencils `m` in on `cell` (free of any number), `step` being the last step made, then
    /// checks the lines as `place` does.
    #[allow(clippy::too_many_arguments)]
    pub fn pencil_back<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        cell: usize,
        m: usize,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
    ) -> bool {
        debug_assert_eq!(self.pencil[cell], 0);
        self.pencil_in(lt, t, cell, m as i64, step, heads) && self.settle(lt, t, step, u, heads)
    }

    /// Takes back `place_last` (the trail holds the rest; this keeps the trail's records to
    /// the few kinds the hot loop undoes).
    pub fn forget_last(&mut self) {
        self.last = NONE;
    }

    /// Checks the queued lines, every line's deadline and every pencilled number's cell.
    #[inline(always)]
    fn settle<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
    ) -> bool {
        while let Some(l) = self.queue.pop() {
            if !self.check(lt, t, l as usize, step, u, heads) {
                self.queue.clear();
                return false;
            }
        }
        // A branch-free minimum over all lines (vectorised).
        let soonest = self.deadline.iter().fold(NONE, |a, &d| a.min(d));
        if (soonest as usize) < step {
            return false;
        }
        // Every pencilled number must still be reachable in time.
        let mut from = step + 1;
        while let Some(j) = self.pending.first_from(from) {
            if !self.reachable(lt, t, step, j, self.expected[j] as usize, heads) {
                return false;
            }
            from = j + 1;
        }
        true
    }

    /// Checks every line after the first placements of a search.
    pub fn check_all<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
    ) -> bool {
        self.queue.extend(0..lt.n_lines() as u32);
        while let Some(l) = self.queue.pop() {
            if !self.check(lt, t, l as usize, step, u, heads) {
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
            self.sum[l as usize] += i64::from(m);
            self.empty[l as usize][class as usize] -= 1;
            self.trail.push(Undo::Line { line: l, m, class });
            self.queue.push(l);
        }
    }

    #[inline(always)]
    fn set_deadline(&mut self, l: usize, d: u32) {
        if self.deadline[l] != d {
            self.trail.push(Undo::Deadline {
                line: l as u32,
                old: self.deadline[l],
            });
            self.deadline[l] = d;
        }
    }

    #[inline]
    fn check<const V: usize>(
        &mut self,
        lt: &LineTables,
        t: &Tables<V>,
        l: usize,
        step: usize,
        u: &Bits<V>,
        heads: [usize; 2],
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
                self.pencil_in(lt, t, cell, need, step, heads)
            }
            _ => {
                let d = lt.deadline(l, e, need, self.last != NONE);
                if d == NEVER || (d as usize) < step {
                    return false;
                }
                self.set_deadline(l, d);
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
        step: usize,
        heads: [usize; 2],
    ) -> bool {
        if m < 1 || m > lt.n as i64 || (m == lt.n as i64 && self.last != NONE) {
            return false;
        }
        let m = m as usize;
        if lt.parity && (m - 1) % 2 != self.class[cell] as usize {
            return false;
        }
        let j = lt.step_of[m] as usize;
        let at = if lt.on_image[m] {
            lt.n - 1 - cell
        } else {
            cell
        };
        if j <= step || self.expected[j] != NONE || !self.reachable(lt, t, step, j, at, heads) {
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
            let mirror = lt.n - 1 - cell;
            let m2 = if lt.on_image[m] {
                m - lt.half
            } else {
                m + lt.half
            };
            self.pencil[mirror] = m2 as u32;
            self.pencilled.insert(mirror);
            self.trail.push(Undo::Pencil {
                cell: mirror as u32,
                slot: j as u32,
            });
            self.assign(lt, mirror, m2 as u32);
        }
        true
    }
}

impl<const W: usize> SumState<W> {
    /// Whether `cell` can still take the number of step `j`: reachable in time from the end
    /// that places it and, when the last cell is placed, able to reach that in time too.
    #[inline]
    fn reachable<const V: usize>(
        &self,
        lt: &LineTables,
        t: &Tables<V>,
        step: usize,
        j: usize,
        cell: usize,
        heads: [usize; 2],
    ) -> bool {
        if !reachable(lt, t, step, j, cell, heads) {
            return false;
        }
        self.last == NONE
            || t.distance(cell, self.last as usize)
                .is_none_or(|d| d <= lt.n - lt.num[j] as usize)
    }
}

/// Whether the end of the path that places step `j` can reach `cell` by then, standing at
/// `heads` after `step`.
#[inline]
fn reachable<const V: usize>(
    lt: &LineTables,
    t: &Tables<V>,
    step: usize,
    j: usize,
    cell: usize,
    heads: [usize; 2],
) -> bool {
    if lt.meet && step > 0 {
        // The path runs from the first end through `cell` (number m) to the second end.
        let m = lt.num[j] as usize;
        let (a, b) = lt.end_numbers(step);
        return t.distance(heads[0], cell).is_none_or(|d| d <= m - a)
            && t.distance(cell, heads[1]).is_none_or(|d| d <= b - m);
    }
    let side = lt.side[j] as usize;
    // The last step made at that end.
    let last = if lt.side[step] as usize == side {
        step
    } else if step == 0 {
        // That end has not started yet.
        return true;
    } else {
        step - 1
    };
    let budget = (i64::from(lt.num[j]) - i64::from(lt.num[last])).unsigned_abs() as usize;
    t.distance(heads[side], cell).is_none_or(|d| d <= budget)
}
