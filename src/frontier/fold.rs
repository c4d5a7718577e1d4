//! Which board symmetries may fold a step's states together.
//!
//! After a step, the number of ways to finish a partial tour depends only on its frontier
//! state and on the moves still to come. Where a symmetry of the board (a mirror, say) maps
//! the set of moves still to come onto itself, a state and its image have equally many ways
//! to finish, so they can share one entry: the sweep keeps the least of their words. With
//! rows swept one after the other, a row's mirror holds at each row's end, and a box's other
//! mirrors at the end of each layer; in the middle of a row no mirror does.
//! The test is made on the moves themselves, so no order of the axes is assumed.

use crate::board::Board;
use crate::symmetry::board_symmetries;
use std::collections::HashMap;

/// A position map of the board (positions in sweep order) for each non-trivial symmetry.
fn position_maps(board: &Board, position: &[usize]) -> Vec<Vec<usize>> {
    let mut cell_at = vec![0; position.len()];
    for (cell, &p) in position.iter().enumerate() {
        cell_at[p] = cell;
    }
    let mut maps: Vec<Vec<usize>> = board_symmetries(board.shape())
        .into_iter()
        .map(|s| cell_at.iter().map(|&c| position[s.apply(c)]).collect())
        .filter(|map: &Vec<usize>| map.iter().enumerate().any(|(p, &q)| p != q))
        .collect();
    maps.sort();
    maps.dedup();
    maps
}

/// For each step, the position maps under which the moves after it are the same set.
pub fn folds_after_each_step(
    board: &Board,
    position: &[usize],
    moves: &[(usize, usize)],
) -> Vec<Vec<Vec<usize>>> {
    let maps = position_maps(board, position);
    let index: HashMap<(usize, usize), usize> =
        moves.iter().enumerate().map(|(i, &m)| (m, i)).collect();
    let image_of = |map: &[usize], (a, b): (usize, usize)| {
        let (x, y) = (map[a], map[b]);
        index[&(x.min(y), x.max(y))]
    };
    (0..moves.len())
        .map(|i| {
            maps.iter()
                .filter(|map| (i + 1..moves.len()).all(|j| image_of(map, moves[j]) > i))
                .cloned()
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::frontier::layout::best_schedule;
    use crate::frontier::layout::{ordered_moves, positions};

    /// Choices that carry folds, and how many each carries.
    fn folding_steps(board: &Board) -> Vec<(usize, usize)> {
        let schedule = best_schedule(board).unwrap();
        let choices = schedule.steps.iter().flat_map(|step| &step.choices);
        choices
            .enumerate()
            .filter(|(_, s)| !s.folds.is_empty())
            .map(|(i, s)| (i, s.folds.len()))
            .collect()
    }

    #[test]
    fn a_rectangle_folds_by_its_row_mirror_at_each_row_end() {
        // Rows of five across (axes: layer, row, column), swept along the seven.
        let board = Board::knight(Shape::flat(7, 5));
        let position = positions(&board, [0, 1, 2]);
        let moves = ordered_moves(&board, &position);
        let folds = folds_after_each_step(&board, &position, &moves);
        let mirror: Vec<usize> = (0..35).map(|p| p / 5 * 5 + 4 - p % 5).collect();
        let row_ends: Vec<usize> = (0..moves.len() - 1)
            .filter(|&i| moves[i].1 != moves[i + 1].1 && moves[i].1 % 5 == 4)
            .collect();
        assert_eq!(row_ends.len(), 5, "rows 2 to 6 end with moves to come");
        for i in row_ends {
            assert!(folds[i].contains(&mirror), "step {i}");
        }
        // In the middle of a row the mirror would send moves to come onto moves taken.
        let mid_row = (0..moves.len()).filter(|&i| moves[i].1 % 5 == 2);
        assert!(mid_row.into_iter().all(|i| !folds[i].contains(&mirror)));
    }

    #[test]
    fn a_box_folds_by_more_than_one_mirror_at_the_end_of_a_layer() {
        let board = Board::knight(Shape::solid(3, 2, 4));
        let most = folding_steps(&board).iter().map(|&(_, n)| n).max();
        assert!(
            most >= Some(3),
            "two mirrors of the cross-section and their product"
        );
    }
}
