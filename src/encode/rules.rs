//! Rules stated in terms of moves: required moves and the rot180 symmetry.
//!
//! Every model family can say "the undirected move {a, b} is used" as a
//! disjunction of its own literals (two arcs, or one edge), so these rules are
//! written once against that view ([`EdgeUse`]).
//!
//! - A required move is the clause "{a, b} is used".
//! - rot180 (the half turn; in a box the central inversion `h`) requires the
//!   set of used moves to be mapped onto itself: `{a, b}` used implies
//!   `{h(a), h(b)}` used. As `h` permutes the finite set of moves, writing the
//!   implication for every move gives the equivalence. This is the same test
//!   the puzzle's `accepts` applies (including the closing move of a closed
//!   tour). rot90 is the same rule for the quarter turn.

use rustsat::types::Lit;

use super::cnf::CnfBuilder;
use crate::board::{Board, Cell};
use crate::symmetry::{half_turn, quarter_turn, Symmetry};

/// A model's view of undirected moves.
pub trait EdgeUse {
    /// Literals whose disjunction means the undirected move `{a, b}` is used
    /// (empty when `{a, b}` is not a move).
    fn edge_lits(&self, a: Cell, b: Cell) -> Vec<Lit>;
}

/// Each required move is used.
pub fn require_moves(b: &mut CnfBuilder, model: &dyn EdgeUse, required: &[(Cell, Cell)]) {
    for &(x, y) in required {
        b.add(model.edge_lits(x, y));
    }
}

/// The used moves are mapped onto themselves by the half turn.
pub fn require_half_turn_symmetry(b: &mut CnfBuilder, model: &dyn EdgeUse, board: &Board) {
    require_symmetry(b, model, board, &half_turn(board.shape()));
}

/// The used moves are mapped onto themselves by the quarter turn (a square flat board).
pub fn require_quarter_turn_symmetry(b: &mut CnfBuilder, model: &dyn EdgeUse, board: &Board) {
    require_symmetry(b, model, board, &quarter_turn(board.shape()));
}

fn require_symmetry(b: &mut CnfBuilder, model: &dyn EdgeUse, board: &Board, turn: &Symmetry) {
    for (x, y) in board.moves() {
        let image = model.edge_lits(turn.apply(x), turn.apply(y));
        for used in model.edge_lits(x, y) {
            b.add(std::iter::once(!used).chain(image.iter().copied()));
        }
    }
}
