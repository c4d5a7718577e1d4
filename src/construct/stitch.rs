//! The stitch: how two neighbouring tiles' tours become one.
//!
//! Every tile's tour makes four agreed moves, one by each side. Two tiles side by side (or
//! one above the other) drop the agreed move of their shared side each and add the two moves
//! that cross the border between the four freed ends. Dropping one move from each of two
//! separate loops and adding two that join their ends gives one loop; a loop joined to a path
//! the same way gives one path. The four moves below are chosen so that the crossing moves
//! exist on every pair of tiles with at least four rows and four columns: the left and right
//! moves sit in the top four rows, the top and bottom moves in the left four columns, so the
//! tiles of one band of rows (or columns) line up.

/// A side of a tile, named by where its neighbour lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The neighbour above.
    Top,
    /// The neighbour to the right.
    Right,
    /// The neighbour below.
    Bottom,
    /// The neighbour to the left.
    Left,
}

/// A tile-local cell: (row, column), 0-based.
pub type Local = (usize, usize);

impl Side {
    /// Every side, in a fixed order (the index of a side in this list is its slot).
    pub const ALL: [Side; 4] = [Side::Top, Side::Right, Side::Bottom, Side::Left];

    /// The side of the neighbour that faces this one.
    pub fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Right => Side::Left,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
        }
    }

    /// The tile (row band, column band) beyond this side of the tile at `band`, or `None`
    /// past the first band.
    pub fn neighbour(self, (i, j): (usize, usize)) -> Option<(usize, usize)> {
        Some(match self {
            Side::Top => (i.checked_sub(1)?, j),
            Side::Bottom => (i + 1, j),
            Side::Left => (i, j.checked_sub(1)?),
            Side::Right => (i, j + 1),
        })
    }

    /// This side's slot in [`Side::ALL`].
    pub fn slot(self) -> usize {
        self as usize
    }

    /// The agreed move by this side of a `rows` x `cols` tile, as its two ends. The ends are
    /// ordered so that end `k` of a tile's right (bottom) move and end `k` of its neighbour's
    /// left (top) move are a knight's move apart: those are the two crossing moves.
    pub fn stitch_move(self, rows: usize, cols: usize) -> [Local; 2] {
        match self {
            Side::Right => [(0, cols - 2), (2, cols - 1)],
            Side::Left => [(1, 0), (3, 1)],
            Side::Bottom => [(rows - 2, 0), (rows - 1, 2)],
            Side::Top => [(0, 1), (1, 3)],
        }
    }
}

/// The smallest side a tile may have: the agreed moves reach four rows and columns in, and
/// the smallest tiles with all four moves have five.
pub const MIN_TILE_SIDE: usize = 5;

#[cfg(test)]
mod tests {
    use super::*;

    fn is_knight_move(a: (i64, i64), b: (i64, i64)) -> bool {
        let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    }

    fn global(cell: Local, origin: (usize, usize)) -> (i64, i64) {
        ((cell.0 + origin.0) as i64, (cell.1 + origin.1) as i64)
    }

    /// On every pair of tile sizes, each agreed move is a move, and end k of one side's move
    /// is a move from end k of the facing side's move once the tiles are put side by side.
    #[test]
    fn agreed_moves_cross_every_border() {
        for rows in MIN_TILE_SIDE..=12 {
            for cols in MIN_TILE_SIDE..=12 {
                for side in Side::ALL {
                    let [a, b] = side.stitch_move(rows, cols);
                    assert!(is_knight_move(global(a, (0, 0)), global(b, (0, 0))));
                    assert!(a.0 < rows && a.1 < cols && b.0 < rows && b.1 < cols);
                }
                for other in MIN_TILE_SIDE..=12 {
                    let right = Side::Right.stitch_move(rows, cols);
                    let left = Side::Left.stitch_move(rows, other);
                    let below = Side::Bottom.stitch_move(rows, cols);
                    let top = Side::Top.stitch_move(other, cols);
                    for k in 0..2 {
                        assert!(is_knight_move(
                            global(right[k], (0, 0)),
                            global(left[k], (0, cols))
                        ));
                        assert!(is_knight_move(
                            global(below[k], (0, 0)),
                            global(top[k], (rows, 0))
                        ));
                    }
                }
            }
        }
    }

    #[test]
    fn the_four_moves_are_distinct() {
        let moves: Vec<[Local; 2]> = Side::ALL.iter().map(|s| s.stitch_move(5, 5)).collect();
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                assert!(
                    a.iter().all(|cell| !b.contains(cell)),
                    "{a:?} and {b:?} share a cell"
                );
            }
        }
    }
}
