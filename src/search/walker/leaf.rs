//! The end of a walk: the full tour unfolded from the searched path, and the checks the
//! pruning does not guarantee by itself.

use super::Walker;
use crate::search::mode::{FOLD, MEET, QUARTER};

impl<const W: usize, const M: u8> Walker<'_, W, M> {
    /// At a leaf: the full tour in `self.full` and whether it passes the checks the pruning
    /// does not guarantee by itself (required moves, the symmetry of a plain search).
    pub fn finish_leaf(&mut self) -> bool {
        let n = self.t.n;
        self.full.clear();
        if M == MEET {
            let k = self.path.len();
            self.full.extend((0..k).step_by(2).map(|i| self.path[i]));
            let back = (1..k).step_by(2).rev().map(|i| self.path[i]);
            self.full.extend(back);
        } else {
            self.full.extend_from_slice(&self.path);
            if self.last != super::NO_LAST {
                self.full.push(self.last as u32);
            }
        }
        if M == FOLD {
            let half = self.path.len();
            for i in 0..half {
                let c = n as u32 - 1 - self.full[i];
                self.full.push(c);
            }
        }
        if M == QUARTER {
            let quarter = self.path.len();
            for i in 0..3 * quarter {
                let c = self.unfolded(self.full[i] as usize);
                self.full.push(c as u32);
            }
        }
        if self.t.has_req || self.plan.check_rot180 || self.plan.check_rot90 {
            return self.edges_ok() && self.plan.angles_hold(&self.full);
        }
        self.plan.angles_hold(&self.full)
    }

    /// Full check of required moves and of the half-turn and quarter-turn symmetries on
    /// `self.full`.
    fn edges_ok(&mut self) -> bool {
        let n = self.t.n;
        let seq = &self.full;
        let pos = &mut self.pos;
        for (i, &c) in seq.iter().enumerate() {
            pos[c as usize] = i;
        }
        let closed = self.plan.closed;
        let adjacent = |a: usize, b: usize| {
            let d = pos[a].abs_diff(pos[b]);
            d == 1 || (closed && d == n - 1)
        };
        for a in 0..n {
            for b in self.t.req[a].iter() {
                if !adjacent(a, b) {
                    return false;
                }
            }
        }
        let last = if closed { n } else { n - 1 };
        let maps_onto_itself = |turn: &dyn Fn(usize) -> usize| {
            (0..last).all(|i| {
                let (a, b) = (seq[i] as usize, seq[(i + 1) % n] as usize);
                adjacent(turn(a), turn(b))
            })
        };
        if self.plan.check_rot180 && !maps_onto_itself(&|c| n - 1 - c) {
            return false;
        }
        match &self.plan.quarter_turn {
            Some(q) if self.plan.check_rot90 => maps_onto_itself(&|c| q[c] as usize),
            _ => true,
        }
    }

    /// The last cell of the full tour at a leaf.
    #[inline(always)]
    pub fn full_last(&self) -> usize {
        let last = *self.path.last().expect("leaf") as usize;
        if M == MEET {
            self.path[1] as usize
        } else if M == FOLD {
            self.t.n - 1 - last
        } else if M == QUARTER {
            // The turn's inverse g^3 = h g: the last cell is g^3 of the quarter's last.
            self.t.n - 1 - self.unfolded(last)
        } else if self.last != super::NO_LAST {
            self.last
        } else {
            last
        }
    }

    pub fn is_leaf(&self) -> bool {
        self.remaining == 0
    }
}
