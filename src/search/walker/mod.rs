//! The state of one search: the path so far, the unvisited cells, and the unvisited cells
//! with at most one unvisited neighbour, all updated move by move and restored on the way
//! back. A cell's unvisited neighbours are counted from the bitsets where needed rather than
//! kept per cell: a move then touches only its unvisited neighbours, and a move back nothing
//! but the two sets (measured in results/semimagic).
//!
//! The pruning rules (seed 000, generalised to any end set and to half-tours):
//!
//! - The rest of the path runs from the head through every unvisited cell and stops on an
//!   allowed end. A cell with at most one unvisited neighbour is therefore its first cell
//!   (a move from the head) or its last. One that is not a move from the head must be the
//!   last: two such cells, or one that is not an allowed end, end the branch ("more than one
//!   forced cell").
//! - A cell with one unvisited neighbour next to the head that may not be the end (or when the
//!   end is already forced elsewhere) must be visited next ("forced next moves"); two such
//!   cells end the branch. A cell with no unvisited neighbour ends it, unless it is the last.
//! - No allowed end left unvisited ends the branch ("end-cell set exhausted").
//! - The unvisited cells must be connected to each other and to the head (a cheap flood fill
//!   with whole-board shifts, every few levels).
//! - A required move at the head must be the next move; one at a cell already visited
//!   (other than the one just left) cannot be made any more.
//! - Given numbers (from 1 up): the next number goes on its given cell if it has one, else on
//!   a cell not given a number and within reach of the next given number's cell in time.
//! - Line sums: see `sums`.
//! - From 1 up with line sums, a quarter of the path's length below the root and deeper:
//!   once at most two cells can still be last, the node branches on the last cell instead,
//!   and the path must then end next to it; the cells that the back (the last cell, then
//!   `n - 1`, ...) is forced onto are pencilled in with their numbers (`front_or_last`,
//!   `follow_back`).
//!
//! In a half-tour (`FOLD`) every step places a cell and its image, the unvisited set is closed
//! under the half turn, and the rules count *pairs*: the rest of the first half runs from the
//! head to an allowed end, the rest of the second half is its image.
//!
//! Quarter-tours (`QUARTER`) are the same with a cell and its three images under the quarter
//! turn: the rules count quadruples.
//!
//! Searching from both ends (`MEET`, for line sums: small and large numbers are placed
//! together, so the free numbers are a middle range and the sum bounds bite early) extends the
//! two ends of the path alternately; the rest of the path runs from the end being extended to
//! a cell next to the other end, so the same rules apply with the other end's neighbours as the
//! allowed ends.

use super::bits::Bits;
use super::plan::{Plan, NO_GIVEN};
use super::sums::{LineTables, SumState};
use super::tables::Tables;

use super::mode::{FOLD, MEET, PLAIN, QUARTER};
use std::cell::Cell;

mod candidates;
mod leaf;
#[cfg(test)]
mod tests;

/// A `conn_mask` that no slot from 1 up passes.
const NO_FLOOD_FILL: usize = usize::MAX;

/// No last cell placed early.
const NO_LAST: usize = usize::MAX;

/// The last cell is placed early once at most this many cells can still be last: 1 and 2
/// are level on 8x8, 3 and 4 worse (results/semimagic).
const EARLY_LAST_AT_MOST: u32 = 2;

/// The last cell is placed early only this far below the root, in parts of the path's
/// length: the tree above, where runs are cut into pieces, is the plain one, so pieces cut
/// before the rule (the 8x8 census's, at most 13 moves) still replay.
const EARLY_LAST_FROM_PARTS: usize = 4;

pub struct Walker<'a, const W: usize, const M: u8> {
    pub t: &'a Tables<W>,
    pub plan: &'a Plan<W>,
    lt: Option<&'a LineTables>,
    /// Unvisited cells.
    pub u: Bits<W>,
    remaining: u32,
    /// Unvisited cells with at most one unvisited neighbour.
    low: Bits<W>,
    /// The (half-)path so far.
    pub path: Vec<u32>,
    /// Allowed last cells of the (half-)path.
    ends: Bits<W>,
    saved: Vec<(Bits<W>, Bits<W>, usize)>,
    sums: Option<SumState<W>>,
    /// Root the current search started from.
    pub root: usize,
    root_len: usize,
    /// Flood-fill test at the levels where `slot & conn_mask == 0` (never with
    /// [`NO_FLOOD_FILL`]: `push` sees slots of 1 and more).
    conn_mask: usize,
    /// The full tour of the last leaf (half-tours unfolded).
    pub full: Vec<u32>,
    /// Scratch: position of each cell in `full`.
    pos: Vec<usize>,
    /// In quarter-tours, the way the current root's turn acts (see `Root::forward`).
    forward: bool,
    /// From 1 up with line sums: whether the last cell may be placed before its turn, once
    /// few cells can still be last (see `front_or_last`)...
    early_last_ok: bool,
    /// ...from which depth on...
    early_from: usize,
    /// ...the last cell once placed (else `NO_LAST`) and `path.len()` when it was...
    last: usize,
    last_at: usize,
    /// ...and whether the candidates handed out are for the last cell: set by `candidates`,
    /// read by `push`, restored by `pop` for the siblings of the move it takes back.
    last_next: Cell<bool>,
    /// Whether the model gives numbers (`plan.givens`), kept here beside the other flags the
    /// hot loop reads.
    has_givens: bool,
}

impl<'a, const W: usize, const M: u8> Walker<'a, W, M> {
    pub fn new(t: &'a Tables<W>, plan: &'a Plan<W>, lt: Option<&'a LineTables>) -> Self {
        let n = t.n;
        Walker {
            t,
            plan,
            lt,
            u: Bits::EMPTY,
            remaining: 0,
            low: Bits::EMPTY,
            path: Vec::with_capacity(n),
            ends: Bits::EMPTY,
            saved: Vec::with_capacity(n),
            sums: lt.map(SumState::new),
            root: 0,
            root_len: 0,
            // Every fourth level: measured best on 6x6 paths and 8x8 half-tours. With line
            // sums it cuts a few nodes in ten thousand and costs more than they do (see
            // results/semimagic/README.md), so those searches never flood-fill.
            conn_mask: if lt.is_some() { NO_FLOOD_FILL } else { 3 },
            full: Vec::with_capacity(n),
            pos: vec![0; n],
            forward: true,
            early_last_ok: M == PLAIN
                && lt.is_some_and(LineTables::places_last_early)
                && !t.has_req
                && !plan.open_mirror,
            early_from: plan.len / EARLY_LAST_FROM_PARTS,
            last: NO_LAST,
            last_at: 0,
            last_next: Cell::new(false),
            has_givens: plan.givens.any,
        }
    }

    /// The moves below the root in the order they were made (a last cell placed early
    /// where it was placed): what replays this node.
    pub fn moves(&self) -> Vec<u32> {
        let mut out = self.path[self.root_len..].to_vec();
        if self.last != NO_LAST {
            out.insert(self.last_at - self.root_len, self.last as u32);
        }
        out
    }

    /// Depth below the root: 0 at the root itself (a last cell placed early counts).
    #[inline(always)]
    pub fn depth(&self) -> usize {
        self.path.len() - self.root_len + usize::from(self.last != NO_LAST)
    }

    /// Sets up the search from `root`; `false` when the root is already a dead end.
    pub fn start(&mut self, root: usize) -> bool {
        let n = self.t.n;
        let r = &self.plan.roots[root];
        self.root = root;
        self.root_len = r.path.len();
        self.u = Bits::first_n(n);
        self.remaining = n as u32;
        self.low = Bits::EMPTY;
        for c in 0..n {
            self.low.insert_if(c, !self.t.nbr[c].at_least_two());
        }
        self.path.clear();
        self.saved.clear();
        self.ends = r.ends;
        self.forward = r.forward;
        self.last = NO_LAST;
        self.last_next.set(false);
        let first = r.path[0] as usize;
        self.remove_placed(first);
        self.path.push(first as u32);
        self.low = self.low & self.u;
        if let (Some(s), Some(lt)) = (self.sums.as_mut(), self.lt) {
            s.reset(lt, self.t, first);
            if !s.place(lt, self.t, first, 0, &self.u, [first; 2]) {
                return false;
            }
            // Given numbers count in their lines from the start, as numbers pencilled in
            // do; number 1's cell, if given, was just placed, and a line may already have
            // pencilled a given number in on its cell.
            if self.has_givens {
                let given = self.plan.givens.cell.iter().enumerate().skip(1);
                for (p, &c) in given.filter(|&(_, &c)| c != NO_GIVEN) {
                    let (c, k) = (c as usize, p + 1);
                    let done = match s.pencilled_with(c) {
                        Some(m) => m as usize == k,
                        None => s.pencil_back(lt, self.t, c, k, 0, &self.u, [first; 2]),
                    };
                    if !done {
                        return false;
                    }
                }
            }
        }
        // Searching from both ends: the last cell is part of the root.
        if M == MEET {
            let e = r.path[1] as usize;
            self.remove(e);
            self.path.push(e as u32);
            self.low = self.low & self.u;
            if let (Some(s), Some(lt)) = (self.sums.as_mut(), self.lt) {
                if !s.place(lt, self.t, e, 1, &self.u, [first, e]) {
                    return false;
                }
            }
        }
        if let (Some(s), Some(lt)) = (self.sums.as_mut(), self.lt) {
            let heads = [first, *self.path.last().expect("placed") as usize];
            if !s.check_all(lt, self.t, self.path.len() - 1, &self.u, heads) {
                return false;
            }
        }
        for i in self.path.len()..r.path.len() {
            let c = self.plan.roots[root].path[i] as usize;
            if !self.candidates().contains(c) || !self.push(c) {
                return false;
            }
        }
        // The root cells are not levels to come back to.
        self.saved.clear();
        true
    }

    #[inline(always)]
    fn remove(&mut self, c: usize) {
        self.u.remove(c);
        self.remaining -= 1;
        // Only the unvisited neighbours can join `low`; their degree is counted from the
        // bitsets, so that a move back restores `u` alone (and `low` from `saved`).
        for w in (self.t.nbr[c] & self.u).iter() {
            self.low
                .insert_if(w, !(self.t.nbr[w] & self.u).at_least_two());
        }
    }

    /// Removes `c` and, in a folded search, its images.
    #[inline(always)]
    fn remove_placed(&mut self, c: usize) {
        let n = self.t.n;
        self.remove(c);
        if M == FOLD || M == QUARTER {
            self.remove(n - 1 - c);
        }
        if M == QUARTER {
            let qc = self.turned(c);
            self.remove(qc);
            self.remove(n - 1 - qc);
        }
    }

    /// Restores `c` and, in a folded search, its images.
    #[inline(always)]
    fn restore_placed(&mut self, c: usize) {
        let n = self.t.n;
        if M == QUARTER {
            let qc = self.turned(c);
            self.restore(n - 1 - qc);
            self.restore(qc);
        }
        if M == FOLD || M == QUARTER {
            self.restore(n - 1 - c);
        }
        self.restore(c);
    }

    /// The quarter turn of `c` (quarter-tours only).
    #[inline(always)]
    fn turned(&self, c: usize) -> usize {
        self.plan.quarter_image(c, true)
    }

    /// Where the unfolding turn `g` of a quarter-tour sends `c`.
    #[inline(always)]
    fn unfolded(&self, c: usize) -> usize {
        self.plan.quarter_image(c, self.forward)
    }

    /// `s` with its images under every turn the search folds by.
    #[inline(always)]
    fn orbits(&self, s: Bits<W>) -> Bits<W> {
        let n = self.t.n;
        match M {
            FOLD => s | s.reversed(n),
            QUARTER => {
                let mut out = s | s.reversed(n);
                for c in s.iter() {
                    let qc = self.turned(c);
                    out.insert(qc);
                    out.insert(n - 1 - qc);
                }
                out
            }
            _ => s,
        }
    }

    #[inline(always)]
    fn restore(&mut self, c: usize) {
        self.u.insert(c);
        self.remaining += 1;
    }

    /// Cells placed by one step: 2 in a half-tour, 4 in a quarter-tour, else 1.
    const PLACED: u32 = match M {
        FOLD => 2,
        QUARTER => 4,
        _ => 1,
    };

    /// Moves to `v`, a candidate. On `false` the branch is dead; `pop` must follow either way.
    #[inline]
    pub fn push(&mut self, v: usize) -> bool {
        if M == PLAIN && self.last_next.get() {
            return self.push_last(v);
        }
        let t = self.t;
        let (h, other) = self.heads();
        let slot = self.path.len();
        let mark = self.sums.as_ref().map_or(0, super::sums::SumState::mark);
        self.saved.push((self.low, self.ends, mark));
        self.path.push(v as u32);
        self.remove_placed(v);
        self.low = self.low & self.u;
        if t.has_req && !self.required_ok(h, other, v, slot) {
            return false;
        }
        if let (Some(s), Some(lt)) = (self.sums.as_mut(), self.lt) {
            let heads = if M == MEET && slot % 2 == 1 {
                [other, v]
            } else if M == MEET {
                [v, other]
            } else {
                [v, v]
            };
            if !s.place(lt, t, v, slot, &self.u, heads) {
                return false;
            }
        }
        if slot & self.conn_mask == 0 && self.remaining > 4 {
            let reached = t.reach(t.nbr[v] & self.u, self.u);
            if self.orbits(reached) != self.u {
                return false;
            }
        }
        M != PLAIN || self.last == NO_LAST || self.follow_back()
    }

    /// Places the last cell on `v` before its turn (from 1 up): the path must now end next
    /// to it.
    fn push_last(&mut self, v: usize) -> bool {
        let mark = self.sums.as_ref().map_or(0, super::sums::SumState::mark);
        self.saved.push((self.low, self.ends, mark));
        self.remove(v);
        self.low = self.low & self.u;
        self.last = v;
        self.last_at = self.path.len();
        self.ends = self.t.nbr[v];
        let h = *self.path.last().expect("started") as usize;
        let (s, lt) = (self.sums.as_mut().expect("sums"), self.lt.expect("sums"));
        s.place_last(lt, self.t, v, self.path.len() - 1, &self.u, [h, h]) && self.follow_back()
    }

    /// Once the last cell is placed, the path also has a back: the last cell, then the cells
    /// pencilled in for `n - 1`, `n - 2`, ... each a move from the one before. Where the
    /// back's lowest cell has a single unvisited neighbour free of any other number, that
    /// neighbour takes the next number down (pencilled in, so its lines count it); none kills
    /// the branch.
    fn follow_back(&mut self) -> bool {
        let t = self.t;
        let front = self.path.len();
        let h = *self.path.last().expect("started") as usize;
        let (mut cell, mut b) = (self.last, t.n);
        let (s, lt) = (self.sums.as_mut().expect("sums"), self.lt.expect("sums"));
        // Numbers `front + 1..b` are still to be placed.
        while b - 1 > front {
            // The step that places number `b - 1` from 1 up is `b - 2`.
            if let Some(c) = s.expected(b - 2) {
                if !t.nbr[cell].contains(c) {
                    return false;
                }
                (cell, b) = (c, b - 1);
                continue;
            }
            let next = (t.nbr[cell] & self.u).andnot(s.pencilled);
            if next.at_least_two() {
                return true;
            }
            let Some(c) = next.first() else {
                return false;
            };
            if !s.pencil_back(lt, t, c, b - 1, front - 1, &self.u, [h, h]) {
                return false;
            }
            (cell, b) = (c, b - 1);
        }
        true
    }

    /// Required moves at `v`, just entered from `h` at `slot` (`other`: the other end).
    fn required_ok(&mut self, h: usize, other: usize, v: usize, slot: usize) -> bool {
        let t = self.t;
        let n = t.n;
        let mut visited = t.req[v].andnot(self.u);
        visited.remove(h);
        if !visited.is_empty() {
            // Only the closing move of the last cell can join a visited cell.
            let c0 = self.path[0] as usize;
            let closing = if M == MEET {
                Some(other)
            } else if M == FOLD {
                Some(n - 1 - c0)
            } else if M == QUARTER {
                Some(self.unfolded(c0))
            } else if self.plan.closed {
                Some(c0)
            } else {
                None
            };
            let ok = self.u.is_empty() && closing.is_some_and(|c| visited == Bits::single(c));
            if !ok {
                return false;
            }
        }
        if M != MEET && slot == 1 && self.plan.closed {
            // The start's required partner that is not the second cell must be the last.
            let mut other = t.req[h];
            other.remove(v);
            if other.at_least_two() {
                return false;
            }
            if let Some(y) = other.first() {
                let e = match M {
                    FOLD => n - 1 - y,
                    QUARTER => self.unfolded(y),
                    _ => y,
                };
                self.ends = self.ends & Bits::single(e);
            }
        }
        true
    }

    #[inline]
    pub fn pop(&mut self) {
        if M == PLAIN && self.last != NO_LAST && self.path.len() == self.last_at {
            // The last cell was the latest placed: its siblings are last cells too.
            self.restore(self.last);
            self.last = NO_LAST;
            self.last_next.set(true);
            self.sums.as_mut().expect("sums").forget_last();
        } else {
            let v = self.path.pop().expect("pushed") as usize;
            self.restore_placed(v);
            if M == PLAIN {
                self.last_next.set(false);
            }
        }
        let (low, ends, mark) = self.saved.pop().expect("pushed");
        self.low = low;
        self.ends = ends;
        if let Some(s) = self.sums.as_mut() {
            s.undo(mark);
        }
    }
}
