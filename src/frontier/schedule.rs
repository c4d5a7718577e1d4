//! The whole order of the moves: its steps, each step's choices, and the packing of the
//! frontier they assume. [`layout`](super::layout) builds it.

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

/// One step: the moves of one cell back to the cells before it, decided one after another
/// from each state of a table before the states they make are summed in the next.
#[derive(Clone, Debug)]
pub struct Step {
    /// The moves, in the order they are decided.
    pub choices: Vec<Choice>,
}

impl Step {
    /// The most states one state can make in this step: the step's cell enters with no
    /// move, and takes at most two of its moves back.
    pub fn most_successors(&self) -> usize {
        let k = self.choices.len();
        (1 + k + k * k.saturating_sub(1) / 2).min(1 << k.min(usize::BITS as usize - 1))
    }
}

/// One move of a step: the slots of its ends, and what happens after it is left out or taken.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Slot of the move's earlier cell.
    pub first: u8,
    /// Slot of the move's later cell.
    pub second: u8,
    /// Slots of the cells whose last move this is.
    pub leaving: Vec<u8>,
    /// Every bit of the leaving cells' slots.
    pub leaving_mask: u128,
    /// The lowest bit of each leaving cell's slot: the leaving slots of a word in which each
    /// of them holds degree 2.
    pub leaving_full: u128,
    /// The packed state in which every cell still in the frontier after this choice has
    /// degree two: the only state a finished tour may be in here.
    pub finished: u128,
    /// Whether every cell has entered the frontier by this choice: before that, no tour can
    /// be finished.
    pub all_entered: bool,
    /// The lowest bit of the slot of each frontier cell with one move left after this choice:
    /// such a cell still of degree 0 can end with degree 1 at most.
    pub one_left: u128,
    /// For each board symmetry under which the moves to come are the same set, the slot each
    /// frontier slot's code moves to: a state and its image have as many ways to finish.
    pub folds: Vec<Vec<(u8, u8)>>,
}
