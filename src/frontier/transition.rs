//! One step on one state: each move of the step's cell back is left out or taken in turn,
//! and after each the cells whose last move it was leave the frontier. A tour is finished
//! when a cycle closes (closed tours) or when both ends of a path are ends of the tour (open
//! tours); that is allowed only when it covers every cell, which is checked once the move's
//! cells have left.

use super::schedule::{Choice, Step};
use super::state::{Packing, FIRST_LABEL, FREE, FULL, LOOSE};

/// What is counted: cycles, or paths with two free ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourKind {
    /// Hamiltonian cycles.
    Cycle,
    /// Hamiltonian paths (undirected).
    Path,
}

/// How one state moves through one step.
#[derive(Clone, Copy, Debug)]
pub struct Transition {
    /// The word layout.
    pub packing: Packing,
    /// Cycles or paths.
    pub kind: TourKind,
    /// A label no canonical word holds, for a new path before renumbering.
    pub spare: u32,
}

impl Transition {
    /// Appends to `out` the states after `step` from `word`, one for each way of leaving out
    /// or taking the step's moves that breaks no rule; two ways may make the same state.
    pub fn successors(&self, word: u128, step: &Step, out: &mut Vec<u128>) {
        self.decide(word, &step.choices, out);
    }

    /// Depth first through `choices`: the states between them are canonical words, as a
    /// new path's label needs, but go through no table.
    fn decide(&self, word: u128, choices: &[Choice], out: &mut Vec<u128>) {
        let Some((choice, rest)) = choices.split_first() else {
            out.push(word);
            return;
        };
        for next in self.choose(word, choice).into_iter().flatten() {
            self.decide(next, rest, out);
        }
    }

    /// The states after `choice` from `word`: without the move, and with it.
    pub(super) fn choose(&self, word: u128, choice: &Choice) -> [Option<u128>; 2] {
        // Leaving the move out changes nothing when no cell leaves: the word stays canonical.
        let without = match choice.leaving.is_empty() {
            true => self.can_still_cover(word, choice).then_some(word),
            false => self.settle(word, choice, false, false),
        };
        let with = self
            .take(word, choice.first, choice.second)
            .and_then(|(taken, finished, moved)| self.settle(taken, choice, finished, moved));
        if choice.folds.is_empty() {
            return [without, with];
        }
        [without, with].map(|w| w.map(|w| self.folded(w, choice)))
    }

    /// The least canonical word among `word` and its images under the choice's folds.
    fn folded(&self, word: u128, choice: &Choice) -> u128 {
        let p = self.packing;
        choice
            .folds
            .iter()
            .map(|map| p.canonical(p.permuted(word, map)))
            .fold(word, u128::min)
    }

    /// The state with the move between slots `a` and `b` taken, whether that finished a
    /// tour, and whether its labels may be out of order (to be renumbered); `None` when the
    /// move cannot be taken.
    fn take(&self, word: u128, a: u8, b: u8) -> Option<(u128, bool, bool)> {
        let p = self.packing;
        let (ca, cb) = (p.get(word, a), p.get(word, b));
        if ca == FULL || cb == FULL {
            return None;
        }
        let both_full = p.set(p.set(word, a, FULL), b, FULL);
        Some(match (ca, cb) {
            (FREE, FREE) => self.new_path(word, a, b),
            (FREE, end) => self.extended(word, end, b, a),
            (end, FREE) => self.extended(word, end, a, b),
            (LOOSE, LOOSE) => (both_full, true, true),
            (LOOSE, label) | (label, LOOSE) => {
                let other = self.other_end(word, label, a, b)?;
                (p.set(both_full, other, LOOSE), false, true)
            }
            (x, y) if x == y => match self.kind {
                TourKind::Cycle => (both_full, true, true),
                TourKind::Path => return None,
            },
            (x, y) => {
                let other = self.other_end(word, y, a, b)?;
                (p.set(both_full, other, x), false, true)
            }
        })
    }

    /// A new path between the free slots `a` and `b` of the canonical `word`. When no
    /// label lies above the first of them, the path's label is the next one in order, and
    /// the word needs no renumbering (which is a chain of dependent operations per label).
    fn new_path(&self, word: u128, a: u8, b: u8) -> (u128, bool, bool) {
        let p = self.packing;
        let labelled = p.labelled(word);
        if labelled & p.above(a.min(b)) == 0 {
            // A canonical word's labels each mark two ends of one path.
            let next = FIRST_LABEL + labelled.count_ones() / 2;
            if next < self.spare {
                return (p.set(p.set(word, a, next), b, next), false, false);
            }
        }
        (
            p.set(p.set(word, a, self.spare), b, self.spare),
            false,
            true,
        )
    }

    /// The canonical `word` with the path end `end` moved from slot `from` to the free slot
    /// `to` (`from` taking degree 2). The labels keep their order unless the first slot of
    /// `end`'s path moves past a slot holding another label.
    fn extended(&self, word: u128, end: u32, from: u8, to: u8) -> (u128, bool, bool) {
        let p = self.packing;
        let moved = p.set(p.set(word, to, end), from, FULL);
        if end < FIRST_LABEL {
            return (moved, false, false);
        }
        let Some(other) = p.find(word, end, from) else {
            return (moved, false, true);
        };
        let (was, is) = (from.min(other), to.min(other));
        let passed = p.between(was.min(is), was.max(is));
        (moved, false, p.labelled(word) & passed != 0)
    }

    /// The slot holding the other end of the path labelled `label`, which is at `a` or `b`.
    fn other_end(&self, word: u128, label: u32, a: u8, b: u8) -> Option<u8> {
        debug_assert!(label >= FIRST_LABEL);
        let p = self.packing;
        let here = if p.get(word, a) == label { a } else { b };
        p.find(word, label, here)
    }

    /// The state once the choice's leaving cells are out, renumbered unless no label moved
    /// (`relabelled` says whether one did before); `None` if a cell leaves uncovered or a
    /// finished tour misses a cell.
    fn settle(
        &self,
        mut word: u128,
        choice: &Choice,
        mut finished: bool,
        mut relabelled: bool,
    ) -> Option<u128> {
        let p = self.packing;
        let leaving = match self.kind {
            TourKind::Cycle => {
                // In a cycle every cell leaves with degree 2, whatever else it holds ends the
                // state: one comparison of the leaving slots, then they are emptied at once.
                if word & choice.leaving_mask != choice.leaving_full {
                    return None;
                }
                word &= !choice.leaving_mask;
                &[][..]
            }
            TourKind::Path => &choice.leaving[..],
        };
        for &slot in leaving {
            let code = p.get(word, slot);
            word = p.set(word, slot, FREE);
            match code {
                FULL => {}
                FREE => return None,
                // A second tour finished by one move: two components, so neither covers all.
                LOOSE if finished => return None,
                LOOSE => finished = true,
                label => {
                    let other = p.find(word, label, slot)?;
                    word = p.set(word, other, LOOSE);
                    relabelled = true;
                    if p.count(word, LOOSE) > 2 {
                        return None;
                    }
                }
            }
        }
        if finished && !(choice.all_entered && word == choice.finished) {
            return None;
        }
        if !self.can_still_cover(word, choice) {
            return None;
        }
        // A cell of degree 2 leaving takes no label with it: the word is still canonical.
        Some(if relabelled { p.canonical(word) } else { word })
    }

    /// Whether the cells of degree 0 with one move left can still be covered: in a cycle
    /// they need two more moves, so none may be left; in a path each is an end of the tour
    /// to be, and with the ends already made there are at most two.
    fn can_still_cover(&self, word: u128, choice: &Choice) -> bool {
        let p = self.packing;
        let stuck = (choice.one_left & !p.nonzero(word)).count_ones() as usize;
        match self.kind {
            TourKind::Cycle => stuck == 0,
            TourKind::Path => stuck == 0 || stuck + p.count(word, LOOSE) <= 2,
        }
    }
}
