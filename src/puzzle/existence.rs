//! Boards on which no tour exists at all, answered at once with the theorem that says so.
//!
//! Sources (see tests/data/known-counts.md): Schwenk 1991 for closed knight's tours on
//! rectangles; Cull & De Curtins 1978 and Conrad et al. 1994 for open ones; a leaper that
//! alternates colours cannot close a tour on an odd number of cells; and no tour crosses
//! between two parts of a disconnected move graph.

use crate::board::Board;
use crate::board::Leaper;

/// Why no tour of the kind asked for can exist on this board, or `None` if one may.
pub fn no_tour_reason(board: &Board, closed: bool) -> Option<String> {
    let n = board.n_cells();
    if n == 1 {
        return closed.then(|| "a single cell has no move to close a tour with".to_string());
    }
    if closed && n % 2 == 1 && board.leaper().alternates_colour() {
        return Some(format!(
            "the board has an odd number of cells ({n}) and every {} move changes colour, so no tour closes",
            board.leaper()
        ));
    }
    let shape = board.shape();
    if !shape.solid && board.leaper() == Leaper::KNIGHT {
        if let Some(reason) = no_knight_tour_reason(shape.rows, shape.cols, closed) {
            return Some(reason);
        }
    }
    if !is_connected(board) {
        return Some("the move graph is not connected: some cells cannot reach others".into());
    }
    None
}

/// Why no knight's tour of the kind asked for exists on a flat `rows` x `cols` board, or
/// `None` if one does: on rectangles the theorems are complete, so this needs no move graph
/// and answers for boards of any size.
pub fn no_knight_tour_reason(rows: usize, cols: usize, closed: bool) -> Option<String> {
    let (m, k) = (rows.min(cols), rows.max(cols));
    if closed && m * k == 1 {
        return Some("a single cell has no move to close a tour with".to_string());
    }
    if closed && (m * k) % 2 == 1 {
        return Some(format!(
            "the board has an odd number of cells ({}) and every knight's move changes colour, so no tour closes",
            m * k
        ));
    }
    if closed && schwenk_forbids(m, k) {
        return Some(format!(
            "Schwenk (1991): an m x n board with m <= n has no closed knight's tour when m and n are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8 ({m}x{k})"
        ));
    }
    if !closed && !open_tour_exists(m, k) {
        return Some(format!(
            "Cull & De Curtins (1978), Conrad et al. (1994): open knight's tours exist only on 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5) and boards with both sides >= 5; not on {m}x{k}"
        ));
    }
    None
}

fn schwenk_forbids(m: usize, n: usize) -> bool {
    (m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8))
}

fn open_tour_exists(m: usize, n: usize) -> bool {
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

fn is_connected(board: &Board) -> bool {
    let dist = board.distances_from([0]);
    dist.iter().all(|&d| d != usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    fn reason(board: &str, closed: bool) -> Option<String> {
        no_tour_reason(&Board::knight(Shape::parse(board).unwrap()), closed)
    }

    #[test]
    fn small_boards_have_no_tours() {
        assert!(reason("4x4", false).is_some());
        assert!(reason("5x5", true).unwrap().contains("odd number"));
        assert!(reason("4x8", true).unwrap().contains("Schwenk"));
        assert!(reason("3x3x3", false).unwrap().contains("not connected"));
    }

    #[test]
    fn tour_boards_are_not_refused() {
        assert_eq!(reason("5x5", false), None);
        assert_eq!(reason("6x6", true), None);
        assert_eq!(reason("3x4", false), None);
        assert_eq!(reason("4x4x4", true), None);
    }
}
