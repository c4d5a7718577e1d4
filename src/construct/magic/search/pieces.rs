//! The pieces a visit can lay in a 4x4 block: oriented 4-cell knight paths meeting each row
//! and each column of the block once.

use crate::board::{Board, Shape};

/// A piece's cells (row, col) inside its block, in the order the tour visits them.
pub type Piece = [(usize, usize); 4];

/// Whether `a` and `b` are a knight's move apart in a 4x4 block.
fn is_knight_move(block: &Board, a: (usize, usize), b: (usize, usize)) -> bool {
    block.is_move(4 * a.0 + a.1, 4 * b.0 + b.1)
}

/// Every oriented transversal knight path of a 4x4 block, in lexicographic order of its cells
/// (row-major), so that a model built from them is the same every run.
pub fn transversal_paths() -> Vec<Piece> {
    let cells: Vec<(usize, usize)> = (0..4).flat_map(|r| (0..4).map(move |c| (r, c))).collect();
    let mut out = Vec::new();
    let mut path = Vec::with_capacity(4);
    extend(
        &Board::knight(Shape::flat(4, 4)),
        &cells,
        &mut path,
        &mut out,
    );
    out
}

/// Extends `path` by every cell in a row and a column it has not met, a knight's move on.
fn extend(
    block: &Board,
    cells: &[(usize, usize)],
    path: &mut Vec<(usize, usize)>,
    out: &mut Vec<Piece>,
) {
    if path.len() == 4 {
        out.push([path[0], path[1], path[2], path[3]]);
        return;
    }
    for &cell in cells {
        let fresh = path.iter().all(|&(r, c)| r != cell.0 && c != cell.1);
        let joined = path
            .last()
            .is_none_or(|&last| is_knight_move(block, last, cell));
        if fresh && joined {
            path.push(cell);
            extend(block, cells, path, out);
            path.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn there_are_48_transversal_paths_closed_under_reversal() {
        let paths = transversal_paths();
        assert_eq!(paths.len(), 48);
        let set: HashSet<Piece> = paths.iter().copied().collect();
        assert_eq!(set.len(), 48);
        for p in &paths {
            let rows: HashSet<_> = p.iter().map(|c| c.0).collect();
            let cols: HashSet<_> = p.iter().map(|c| c.1).collect();
            assert_eq!((rows.len(), cols.len()), (4, 4), "{p:?}");
            let jumps = |a: (usize, usize), b: (usize, usize)| {
                matches!((a.0.abs_diff(b.0), a.1.abs_diff(b.1)), (1, 2) | (2, 1))
            };
            assert!(p.windows(2).all(|w| jumps(w[0], w[1])), "{p:?}");
            assert!(p.iter().all(|&(r, c)| r < 4 && c < 4));
            let reversed = [p[3], p[2], p[1], p[0]];
            assert!(set.contains(&reversed), "{p:?}");
        }
        assert!(paths.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
    }
}
