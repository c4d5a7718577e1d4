//! Whether a tour returns to its start: one type instead of a `closed: bool` in every
//! signature, so that a call reads `Closure::Closed` rather than a bare `true`.

use super::Tour;
use crate::board::Board;
use serde::{Deserialize, Serialize};

/// An open tour ends anywhere; a closed one ends a move from its start, and that last move
/// belongs to the tour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "bool", into = "bool")]
pub enum Closure {
    /// A Hamiltonian path: the last cell need not be a move from the first.
    #[default]
    Open,
    /// A Hamiltonian cycle: the last cell is a move from the first.
    Closed,
}

impl Closure {
    /// Whether the tour must return to its start.
    pub fn is_closed(self) -> bool {
        self == Closure::Closed
    }

    /// What `tour` is on `board`, whatever a model asked of it: closed when its last cell is
    /// a move of the board's leaper from its first. Every picture and caption of a tour asks
    /// this, so that a tour is described the same by every command that draws it.
    pub fn of(tour: &Tour, board: &Board) -> Closure {
        let order = tour.order();
        // Two cells a move apart are a path there and back, not a cycle.
        let closes = order.len() > 2 && board.is_move(tour.last(), tour.first());
        Closure::from(closes)
    }
}

/// Files and flags keep `closed = true`: the type is the code's, not the formats'.
impl From<bool> for Closure {
    fn from(closed: bool) -> Self {
        if closed {
            Closure::Closed
        } else {
            Closure::Open
        }
    }
}

impl From<Closure> for bool {
    fn from(closure: Closure) -> bool {
        closure.is_closed()
    }
}

#[cfg(test)]
mod tests {
    use super::Closure;
    use crate::board::{Board, Leaper, Shape};
    use crate::tour::Tour;

    #[test]
    fn a_tour_is_closed_when_its_ends_are_a_move_apart() {
        let shape = Shape::flat(3, 4);
        let board = Board::new(shape, Leaper::KNIGHT);
        let open = Tour::from_numbers(shape, &[1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12]).unwrap();
        assert_eq!(Closure::of(&open, &board), Closure::Open);
        assert_eq!(Closure::of(&open.reversed(), &board), Closure::Open);
        // Round a square by the wazir's single steps: closed; two cells a step apart: open.
        let wazir = Leaper::parse("0,1").unwrap();
        let square = Shape::flat(2, 2);
        let round = Tour::from_numbers(square, &[1, 2, 4, 3]).unwrap();
        assert_eq!(
            Closure::of(&round, &Board::new(square, wazir)),
            Closure::Closed
        );
        let pair = Shape::flat(1, 2);
        let there = Tour::from_numbers(pair, &[1, 2]).unwrap();
        assert_eq!(Closure::of(&there, &Board::new(pair, wazir)), Closure::Open);
    }

    #[test]
    fn reads_and_writes_as_the_bool_the_formats_hold() {
        assert_eq!(serde_json::to_string(&Closure::Closed).unwrap(), "true");
        assert_eq!(
            serde_json::from_str::<Closure>("false").unwrap(),
            Closure::Open
        );
        assert!(Closure::from(true).is_closed());
        assert!(!bool::from(Closure::Open));
    }
}
