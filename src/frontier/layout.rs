//! The order the moves are taken in, and what each choice knows of the frontier.
//!
//! Cells are ordered by their coordinates with one axis most significant (the sweep) and the
//! others across; moves are taken in the order of their later cell, then their earlier one,
//! so that a cell enters the frontier only when its own moves back are decided and the
//! frontier holds no cell whose moves are mostly still to come. A step decides every move of
//! one cell back to the cells before it: its states are summed in one table, where a step a
//! move would read, rename and hash every state once a move (about three times as often).
//! A cell enters the frontier at its first move and leaves after its last. Each cell keeps
//! one slot of the packed state, at its position modulo the widest span of the frontier, so
//! a cell entering finds its slot empty (the last holder has left) and entering costs nothing.
//! Of the axis orders, the one with the narrowest frontier is taken: the narrow side across.

use super::fold::folds_after_each_step;
use super::schedule::{Choice, Schedule, Step};
use crate::board::{Board, Cell, AXIS_ORDERS};

/// Codes a slot holds besides path labels: a cell of degree 0, one of degree 2, and a path
/// end whose other end has already left the frontier as an end of the tour.
pub const RESERVED_CODES: u32 = 3;

/// Each cell's position when the axes are taken in `axes` order, most significant first.
pub(super) fn positions(board: &Board, axes: [usize; 3]) -> Vec<usize> {
    let shape = board.shape();
    let extent = shape.extent();
    let mut cells: Vec<Cell> = shape.cells().collect();
    cells.sort_by_key(|&c| {
        let at = shape.coord(c).axes_array();
        axes.iter()
            .fold(0, |key, &axis| key * extent[axis] + at[axis])
    });
    let mut position = vec![0; cells.len()];
    for (p, &c) in cells.iter().enumerate() {
        position[c] = p;
    }
    position
}

/// The moves as pairs of positions, earlier first, in the order they are taken.
pub(super) fn ordered_moves(board: &Board, position: &[usize]) -> Vec<(usize, usize)> {
    let mut moves: Vec<(usize, usize)> = board
        .moves()
        .into_iter()
        .map(|(a, b)| {
            let (pa, pb) = (position[a], position[b]);
            (pa.min(pb), pa.max(pb))
        })
        .collect();
    moves.sort_unstable_by_key(|&(a, b)| (b, a));
    moves
}

/// The first and last step at which each position is in the frontier (`None` without moves).
fn lifetimes(n: usize, moves: &[(usize, usize)]) -> Vec<Option<(usize, usize)>> {
    let mut life: Vec<Option<(usize, usize)>> = vec![None; n];
    for (i, &(a, b)) in moves.iter().enumerate() {
        for p in [a, b] {
            life[p] = Some(life[p].map_or((i, i), |(first, _)| (first, i)));
        }
    }
    life
}

/// For each step, the cells with exactly one move left after it.
fn moves_left(n: usize, moves: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut left = vec![0usize; n];
    for &(a, b) in moves {
        left[a] += 1;
        left[b] += 1;
    }
    let mut out = Vec::with_capacity(moves.len());
    for &(a, b) in moves {
        left[a] -= 1;
        left[b] -= 1;
        out.push((0..n).filter(|&p| left[p] == 1).collect());
    }
    out
}

/// The schedule with the narrowest frontier over every order of the axes; `None` when even
/// that does not fit 128 bits.
pub fn best_schedule(board: &Board) -> Option<Schedule> {
    AXIS_ORDERS
        .into_iter()
        .filter_map(|axes| schedule(board, axes))
        .min_by_key(|s| (s.slots as u32 * s.bits, s.widest))
}

/// The schedule of the moves with the axes taken in `axes` order, most significant first;
/// `None` when its frontier does not fit a 128-bit word (its masks could not be written).
pub(super) fn schedule(board: &Board, axes: [usize; 3]) -> Option<Schedule> {
    let n = board.n_cells();
    let position = positions(board, axes);
    let moves = ordered_moves(board, &position);
    let folds = folds_after_each_step(board, &position, &moves);
    let life = lifetimes(n, &moves);
    let life = &life;
    let frontier_at =
        |i: usize| (0..n).filter(move |&p| life[p].is_some_and(|(f, l)| f <= i && i <= l));
    let (mut slots, mut widest) = (1, 0);
    for i in 0..moves.len() {
        let members: Vec<usize> = frontier_at(i).collect();
        if let (Some(lo), Some(hi)) = (members.first(), members.last()) {
            slots = slots.max(hi - lo + 1);
        }
        widest = widest.max(members.len());
    }
    let largest_code = RESERVED_CODES as usize + widest / 2;
    let bits = usize::BITS - largest_code.leading_zeros();
    if slots as u32 * bits > 128 {
        return None;
    }
    let last_entry = life.iter().flatten().map(|&(f, _)| f).max().unwrap_or(0);
    let one_left = moves_left(n, &moves);
    let choices = moves
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| {
            let slot = |p: usize| (p % slots) as u8;
            // The word with code 1 (`FULL`) in each of the given cells' slots.
            let ones = |cells: &mut dyn Iterator<Item = usize>| {
                cells.fold(0u128, |word, p| word | 1u128 << (u32::from(slot(p)) * bits))
            };
            let leaving_cells: Vec<usize> = [a, b]
                .into_iter()
                .filter(|&p| life[p].is_some_and(|(_, l)| l == i))
                .collect();
            let leaving_full = ones(&mut leaving_cells.iter().copied());
            let leaving: Vec<u8> = leaving_cells.iter().map(|&p| slot(p)).collect();
            let staying = |p: &usize| life[*p].is_some_and(|(f, l)| f <= i && i < l);
            let finished = ones(&mut (0..n).filter(staying));
            let folds = folds[i]
                .iter()
                .map(|map| {
                    (0..n)
                        .filter(staying)
                        .map(|p| (slot(p), slot(map[p])))
                        .collect()
                })
                .collect();
            Choice {
                first: slot(a),
                second: slot(b),
                leaving,
                leaving_mask: leaving_full * ((1u128 << bits) - 1),
                leaving_full,
                finished,
                all_entered: i >= last_entry,
                one_left: ones(&mut one_left[i].iter().copied()),
                folds,
            }
        })
        .collect();
    Some(Schedule {
        steps: steps_by_later_cell(&moves, choices),
        slots,
        bits,
        widest,
        axes,
        row: n / sweep_extent(board, axes),
    })
}

/// The cells along the sweep: the extent of the most significant axis longer than one cell.
fn sweep_extent(board: &Board, axes: [usize; 3]) -> usize {
    let extent = board.shape().extent();
    axes.iter()
        .map(|&axis| extent[axis])
        .find(|&e| e > 1)
        .unwrap_or(1)
}

/// The choices cut into one step per later cell (the moves are ordered by it).
fn steps_by_later_cell(moves: &[(usize, usize)], choices: Vec<Choice>) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, choice) in choices.into_iter().enumerate() {
        match steps.last_mut() {
            Some(step) if i > 0 && moves[i - 1].1 == moves[i].1 => step.choices.push(choice),
            _ => steps.push(Step {
                choices: vec![choice],
            }),
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn a_long_board_is_swept_along_its_long_side() {
        let board = Board::knight(Shape::flat(12, 5));
        let s = best_schedule(&board).unwrap();
        let before = |axes: [usize; 3], x, y| {
            axes.iter().position(|&a| a == x) < axes.iter().position(|&a| a == y)
        };
        assert!(
            before(s.axes, 1, 2),
            "rows most significant: five cells across"
        );
        let wide = best_schedule(&Board::knight(Shape::flat(5, 12))).unwrap();
        assert!(before(wide.axes, 2, 1), "columns most significant");
        assert_eq!((s.slots, s.bits), (wide.slots, wide.bits));
    }

    #[test]
    fn every_move_is_a_choice_and_every_cell_leaves_once() {
        let board = Board::knight(Shape::flat(6, 6));
        let s = best_schedule(&board).unwrap();
        let choices: Vec<&Choice> = s.steps.iter().flat_map(|step| &step.choices).collect();
        assert_eq!(choices.len(), board.moves().len());
        let leaves: usize = choices.iter().map(|choice| choice.leaving.len()).sum();
        assert_eq!(leaves, board.n_cells());
        assert!(choices.last().unwrap().all_entered);
        assert_eq!(choices.last().unwrap().finished, 0);
    }

    #[test]
    fn a_step_holds_the_moves_back_of_one_cell() {
        // Every cell has a move back but those of the first row.
        let board = Board::knight(Shape::flat(6, 6));
        let s = best_schedule(&board).unwrap();
        assert_eq!(s.steps.len(), board.n_cells() - 6);
        let most = s.steps.iter().map(|step| step.choices.len()).max();
        assert_eq!(
            most,
            Some(4),
            "a knight reaches four cells of the rows before"
        );
        // Each step's choices share the later slot, and no two steps in a row do.
        for step in &s.steps {
            assert!(step
                .choices
                .iter()
                .all(|c| c.second == step.choices[0].second));
        }
        for pair in s.steps.windows(2) {
            assert_ne!(pair[0].choices[0].second, pair[1].choices[0].second);
        }
        assert_eq!(s.steps[0].most_successors(), 2, "one move: out or taken");
        let four = s.steps.iter().find(|step| step.choices.len() == 4).unwrap();
        assert_eq!(four.most_successors(), 11, "none, one or two of four");
    }
}
