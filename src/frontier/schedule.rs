//! The whole order of the moves, and the choice among the axis orders: the one whose
//! frontier packs into the fewest bits.

use super::layout::{schedule, Step};
use crate::board::{Board, AXIS_ORDERS};

/// The whole order of moves.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// One step per cell with moves back, in the order of the cells.
    pub steps: Vec<Step>,
    /// Slots in the packed state.
    pub slots: usize,
    /// Bits per slot.
    pub bits: u32,
    /// The most cells in the frontier at once.
    pub widest: usize,
    /// The axes from most to least significant (0 layer, 1 row, 2 column).
    pub axes: [usize; 3],
    /// Cells across the sweep: the steps after which the frontier's shape repeats.
    pub row: usize,
}

/// The schedule with the narrowest frontier over every order of the axes; `None` when even
/// that does not fit 128 bits.
pub fn best_schedule(board: &Board) -> Option<Schedule> {
    AXIS_ORDERS
        .into_iter()
        .filter_map(|axes| schedule(board, axes))
        .min_by_key(|s| (s.slots as u32 * s.bits, s.widest))
}
