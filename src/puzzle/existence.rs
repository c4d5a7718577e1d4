//! Boards on which no tour exists at all, answered at once with the theorem that says so.
//!
//! Sources (see tests/data/known-counts.md): Schwenk 1991 for closed knight's tours on
//! rectangles; Cull & De Curtins 1978 and Conrad et al. 1994 for open ones; a leaper that
//! alternates colours cannot close a tour on an odd number of cells; and no tour crosses
//! between two parts of a disconnected move graph. For the quarter-turn rule: Jelliss,
//! "Birotary symmetry" (mayhematics.com/t/sq.htm): such closed knight's tours of square
//! boards need a side of the form 4k + 2.

use super::Puzzle;
use crate::board::Board;
use crate::board::Leaper;
use crate::tour::Closure;

/// Why no solution of the puzzle can exist, by a theorem about its board and its symmetry
/// rule, or `None` if one may.
pub fn no_solution_reason(puzzle: &Puzzle) -> Option<String> {
    no_tour_reason(&puzzle.board, puzzle.closed).or_else(|| no_quarter_turn_tour_reason(puzzle))
}

/// The quarter turn `q` can map a tour onto itself only as a symmetry of order 4 of the
/// tour's graph: a path has none (its one symmetry, reversal, has order 2), and a cycle of
/// `n` cells has only the rotations by `n/4` steps. On a board of even side `q` carries each
/// cell to one of the other colour, and a leaper that alternates colours needs an odd number
/// of steps between cells of different colours: `n/4 = (side/2)^2` must be odd.
fn no_quarter_turn_tour_reason(puzzle: &Puzzle) -> Option<String> {
    let side = puzzle.board.shape().rows;
    if !puzzle.symmetry.has_quarter_turn() || side == 1 {
        return None;
    }
    if !puzzle.closed.is_closed() {
        return Some(
            "an open tour's only symmetry is its reversal, of order 2, so no open tour is mapped onto itself by the quarter turn (order 4)"
                .into(),
        );
    }
    if side.is_multiple_of(4) && puzzle.board.leaper().alternates_colour() {
        let quarter = side * side / 4;
        return Some(format!(
            "Jelliss (mayhematics.com/t/sq.htm): a closed tour mapped onto itself by the quarter turn needs a side 4k + 2; the turn maps each cell to one of the other colour, which lies {quarter} moves further along the tour, but an even number of {} moves, each changing colour, ends on the colour it started from",
            puzzle.board.leaper()
        ));
    }
    None
}

/// Why no tour of the kind asked for can exist on this board, or `None` if one may.
pub fn no_tour_reason(board: &Board, closed: Closure) -> Option<String> {
    let n = board.n_cells();
    if n == 1 {
        return closed
            .is_closed()
            .then(|| "a single cell has no move to close a tour with".to_string());
    }
    if closed.is_closed() && n % 2 == 1 && board.leaper().alternates_colour() {
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
pub fn no_knight_tour_reason(rows: usize, cols: usize, closed: Closure) -> Option<String> {
    let (m, k) = (rows.min(cols), rows.max(cols));
    if closed.is_closed() && m * k == 1 {
        return Some("a single cell has no move to close a tour with".to_string());
    }
    if closed.is_closed() && (m * k) % 2 == 1 {
        return Some(format!(
            "the board has an odd number of cells ({}) and every knight's move changes colour, so no tour closes",
            m * k
        ));
    }
    if closed.is_closed() && schwenk_forbids(m, k) {
        return Some(format!(
            "Schwenk (1991): an m x n board with m <= n has no closed knight's tour when m and n are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8 ({m}x{k})"
        ));
    }
    if !closed.is_closed() && !open_tour_exists(m, k) {
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

    fn reason(board: &str, closed: Closure) -> Option<String> {
        no_tour_reason(&Board::knight(Shape::parse(board).unwrap()), closed)
    }

    #[test]
    fn small_boards_have_no_tours() {
        assert!(reason("4x4", Closure::Open).is_some());
        assert!(reason("5x5", Closure::Closed)
            .unwrap()
            .contains("odd number"));
        assert!(reason("4x8", Closure::Closed).unwrap().contains("Schwenk"));
        assert!(reason("3x3x3", Closure::Open)
            .unwrap()
            .contains("not connected"));
    }

    fn quarter_turn_reason(board: &str, closed: Closure) -> Option<String> {
        let closed = if closed.is_closed() {
            "closed = true\n"
        } else {
            ""
        };
        let toml = format!("board = \"{board}\"\n{closed}symmetry = \"rot90\"");
        let spec = crate::spec::Spec::from_toml(&toml, "test").unwrap();
        no_solution_reason(&Puzzle::from_spec(&spec).unwrap())
    }

    #[test]
    fn the_quarter_turn_needs_a_closed_tour_and_a_side_of_4k_plus_2() {
        assert!(quarter_turn_reason("8x8", Closure::Closed)
            .unwrap()
            .contains("4k + 2"));
        assert!(quarter_turn_reason("12x12", Closure::Closed)
            .unwrap()
            .contains("4k + 2"));
        assert!(quarter_turn_reason("6x6", Closure::Open)
            .unwrap()
            .contains("open"));
        assert!(quarter_turn_reason("7x7", Closure::Closed)
            .unwrap()
            .contains("odd number"));
        assert_eq!(quarter_turn_reason("6x6", Closure::Closed), None);
        assert_eq!(quarter_turn_reason("10x10", Closure::Closed), None);
        assert_eq!(quarter_turn_reason("18x18", Closure::Closed), None);
    }

    #[test]
    fn tour_boards_are_not_refused() {
        assert_eq!(reason("5x5", Closure::Open), None);
        assert_eq!(reason("6x6", Closure::Closed), None);
        assert_eq!(reason("3x4", Closure::Open), None);
        assert_eq!(reason("4x4x4", Closure::Closed), None);
    }
}
