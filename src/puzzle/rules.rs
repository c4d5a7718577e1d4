//! The puzzle's own test of a candidate solution, for engines that need to know which images
//! of a solution are solutions too. The verifier (`crate::verify`) checks the same rules with
//! code of its own, so a mistake here cannot hide a wrong answer.

use super::{AngleCounts, Puzzle};
use crate::symmetry::{half_turn, quarter_turn, Symmetry};
use crate::tour::Tour;

impl Puzzle {
    /// Whether a tour satisfies every rule of the model.
    pub fn accepts(&self, tour: &Tour) -> bool {
        let order = tour.order();
        if tour.shape() != self.board.shape() || order.is_empty() {
            return false;
        }
        let moves_legal = order.windows(2).all(|w| self.board.is_move(w[0], w[1]));
        let closes = self.board.is_move(tour.last(), tour.first());
        moves_legal
            && (!self.closed.is_closed() || closes)
            && self
                .starts
                .as_ref()
                .is_none_or(|s| s.binary_search(&tour.first()).is_ok())
            && self
                .ends
                .as_ref()
                .is_none_or(|s| s.binary_search(&tour.last()).is_ok())
            && self.givens_hold(tour)
            && self.sums_hold(tour)
            && self.required_moves_made(tour)
            && (!self.symmetry.has_half_turn()
                || self.is_mapped_onto_itself(tour, &half_turn(self.board.shape())))
            && (!self.symmetry.has_quarter_turn()
                || self.is_mapped_onto_itself(tour, &quarter_turn(self.board.shape())))
            && self.angles_hold(tour)
    }

    fn givens_hold(&self, tour: &Tour) -> bool {
        let numbers = tour.numbers();
        self.givens.iter().all(|&(c, k)| numbers[c] == k)
    }

    fn sums_hold(&self, tour: &Tour) -> bool {
        let numbers = tour.numbers();
        self.sums
            .iter()
            .all(|s| s.cells.iter().map(|&c| u64::from(numbers[c])).sum::<u64>() == s.target)
    }

    /// The undirected moves of the tour, including the closing one for closed models.
    fn tour_moves(&self, tour: &Tour) -> Vec<(usize, usize)> {
        let order = tour.order();
        let mut moves: Vec<(usize, usize)> = order
            .windows(2)
            .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
            .collect();
        if self.closed.is_closed() {
            let (a, b) = (tour.first(), tour.last());
            moves.push((a.min(b), a.max(b)));
        }
        moves.sort_unstable();
        moves
    }

    /// Whether the tour's angles meet every bound of the model.
    pub fn angles_hold(&self, tour: &Tour) -> bool {
        if self.angles.is_empty() {
            return true;
        }
        let counts = self.angle_counts(tour);
        self.angles.iter().all(|bound| bound.holds(&counts))
    }

    /// How many cells of the tour have each kind of angle, as the model reads the tour
    /// (closed or open).
    pub fn angle_counts(&self, tour: &Tour) -> AngleCounts {
        AngleCounts::of(self.board.shape(), tour.order(), self.closed)
    }

    fn required_moves_made(&self, tour: &Tour) -> bool {
        let moves = self.tour_moves(tour);
        self.required.iter().all(|m| moves.binary_search(m).is_ok())
    }

    fn is_mapped_onto_itself(&self, tour: &Tour, turn: &Symmetry) -> bool {
        let moves = self.tour_moves(tour);
        moves.iter().all(|&(a, b)| {
            let (x, y) = (turn.apply(a), turn.apply(b));
            moves.binary_search(&(x.min(y), x.max(y))).is_ok()
        })
    }
}
