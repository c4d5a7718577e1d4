//! Boards and the moves of a leaper on them.
//!
//! A board is a 2D rectangle (rows x cols) or a 3D box (layers x rows x cols). Cells are
//! numbered 0.. in row-major order (layer, then row, then column), so a `Cell` is a plain index
//! that every engine can use to address arrays. An (a, b) leaper moves by `a` along one axis and
//! `b` along another; the knight is (1, 2). In 3D the third coordinate stays fixed.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a cell in row-major order.
pub type Cell = usize;

/// The largest number of cells a puzzle may have: its tours are held whole, as `Vec<Cell>`,
/// and numbered with `u32`.
pub const MAX_CELLS: usize = 1 << 24;

/// The largest number of cells a streamed tour may have: every cell index fits a `u32`.
pub const MAX_STREAMED_CELLS: usize = u32::MAX as usize;

/// The six orders of the three axes (0 layer, 1 row, 2 column): a box's symmetries permute
/// its axes, and a sweep across it may take them in any order.
pub const AXIS_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Layer, row and column of a cell; `layer` is 0 on a 2D board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    /// 0-based layer; always 0 on a flat board.
    pub layer: usize,
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl Coord {
    /// The coordinates of `row`, `col` on a flat board (layer 0).
    pub fn flat(row: usize, col: usize) -> Self {
        Coord { layer: 0, row, col }
    }

    /// Layer, row and column as an array, indexed by axis.
    pub fn axes_array(self) -> [usize; 3] {
        [self.layer, self.row, self.col]
    }
}

/// The extent of a board, without any notion of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    /// Number of layers; 1 on a flat board.
    pub layers: usize,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// `true` for a 3D box (even with one layer), `false` for a flat board.
    pub solid: bool,
}

/// Why a board written as text (`8x8`, `4x4x4`) is not one.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShapeError {
    /// Not two or three sides joined by `x`; holds the text as written.
    #[error(
        "board '{0}' is not of the form ROWSxCOLS or LAYERSxROWSxCOLS (for example 8x8 or 4x4x4)"
    )]
    Syntax(String),
    /// A side is 0, so the board has no cells; holds the text as written.
    #[error("board '{0}' has a side of length 0")]
    Empty(String),
    /// A side does not even fit a machine integer; holds the board text and that side.
    #[error("board '{0}': side {1} is larger than any board this tool handles")]
    SideTooLarge(String, String),
    /// More cells than the limit; holds the board text, its number of cells and the limit
    /// ([`MAX_CELLS`] for puzzles, [`MAX_STREAMED_CELLS`] for streamed tours).
    #[error("board '{0}' has {1} cells, more than the {2} this command handles")]
    TooLarge(String, u128, usize),
}

/// Why a leaper written as text is not one.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LeaperError {
    /// Not two step lengths; holds the text as written.
    #[error("leaper '{0}' is not two step lengths A,B (for example 1,2 for the knight)")]
    Syntax(String),
    /// Both step lengths are 0, so the piece never leaves its cell; holds the text as written.
    #[error("leaper '{0}' does not move: at least one step length must be more than 0")]
    Still(String),
}

impl Shape {
    /// A 2D board of `rows` x `cols` cells.
    pub fn flat(rows: usize, cols: usize) -> Self {
        Shape {
            layers: 1,
            rows,
            cols,
            solid: false,
        }
    }

    /// A 3D box of `layers` x `rows` x `cols` cells.
    pub fn solid(layers: usize, rows: usize, cols: usize) -> Self {
        Shape {
            layers,
            rows,
            cols,
            solid: true,
        }
    }

    /// Parses `8x8` or `4x4x4`, of at most [`MAX_CELLS`] cells.
    pub fn parse(text: &str) -> Result<Self, ShapeError> {
        Self::parse_within(text, MAX_CELLS)
    }

    /// Parses `8x8` or `4x4x4`, of at most `max_cells` cells.
    pub fn parse_within(text: &str, max_cells: usize) -> Result<Self, ShapeError> {
        let parts: Vec<&str> = text.trim().split(['x', 'X', '×']).collect();
        let sides: Vec<usize> = parts
            .iter()
            .map(|p| Self::parse_side(text, p.trim()))
            .collect::<Result<_, _>>()?;
        let shape = match sides[..] {
            [rows, cols] => Shape::flat(rows, cols),
            [layers, rows, cols] => Shape::solid(layers, rows, cols),
            _ => return Err(ShapeError::Syntax(text.to_string())),
        };
        if sides.contains(&0) {
            return Err(ShapeError::Empty(text.to_string()));
        }
        let cells = sides.iter().map(|&s| s as u128).product::<u128>();
        if cells > max_cells as u128 {
            return Err(ShapeError::TooLarge(text.to_string(), cells, max_cells));
        }
        Ok(shape)
    }

    /// One side of a board: digits that fit a `usize` (a side that does not could never
    /// make a board this tool handles, and is named as such).
    fn parse_side(text: &str, side: &str) -> Result<usize, ShapeError> {
        if side.is_empty() || !side.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ShapeError::Syntax(text.to_string()));
        }
        side.parse::<usize>()
            .map_err(|_| ShapeError::SideTooLarge(text.to_string(), side.to_string()))
    }

    /// Number of cells on the board.
    pub fn n_cells(&self) -> usize {
        self.layers * self.rows * self.cols
    }

    /// Lengths of the three axes: layers, rows, columns.
    pub fn extent(&self) -> [usize; 3] {
        [self.layers, self.rows, self.cols]
    }

    /// Layer, row and column of `cell`, which must be on the board.
    pub fn coord(&self, cell: Cell) -> Coord {
        let per_layer = self.rows * self.cols;
        Coord {
            layer: cell / per_layer,
            row: (cell % per_layer) / self.cols,
            col: cell % self.cols,
        }
    }

    /// The cell at `coord`, or `None` when it lies off the board.
    pub fn cell(&self, coord: Coord) -> Option<Cell> {
        let inside = coord.layer < self.layers && coord.row < self.rows && coord.col < self.cols;
        inside.then(|| (coord.layer * self.rows + coord.row) * self.cols + coord.col)
    }

    /// The cell at signed coordinates, or `None` off the board.
    pub fn cell_at(&self, axes: [i64; 3]) -> Option<Cell> {
        let ext = self.extent();
        let inside = (0..3).all(|i| axes[i] >= 0 && (axes[i] as usize) < ext[i]);
        inside.then(|| {
            self.cell(Coord {
                layer: axes[0] as usize,
                row: axes[1] as usize,
                col: axes[2] as usize,
            })
            .expect("checked inside")
        })
    }

    /// Every cell of the board, in row-major order.
    pub fn cells(&self) -> std::ops::Range<Cell> {
        0..self.n_cells()
    }

    /// Checkerboard colour (0 or 1): the parity of the coordinate sum.
    pub fn colour(&self, cell: Cell) -> u8 {
        let c = self.coord(cell);
        ((c.layer + c.row + c.col) % 2) as u8
    }

    /// Cell name as people write it: `r,c` on a flat board, `l,r,c` in a box (0-based).
    pub fn cell_name(&self, cell: Cell) -> String {
        let c = self.coord(cell);
        if self.solid {
            format!("({},{},{})", c.layer, c.row, c.col)
        } else {
            format!("({},{})", c.row, c.col)
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.solid {
            write!(f, "{}x{}x{}", self.layers, self.rows, self.cols)
        } else {
            write!(f, "{}x{}", self.rows, self.cols)
        }
    }
}

/// An (a, b) leaper: the knight is (1, 2), the camel (1, 3), the zebra (2, 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leaper {
    /// Step length along one axis.
    pub a: usize,
    /// Step length along another axis.
    pub b: usize,
}

impl Default for Leaper {
    fn default() -> Self {
        Leaper::KNIGHT
    }
}

impl Leaper {
    /// The chess knight: one step along one axis, two along another.
    pub const KNIGHT: Leaper = Leaper { a: 1, b: 2 };

    /// Parses `1,2` (also `1:2` or `(1,2)`).
    pub fn parse(text: &str) -> Result<Self, LeaperError> {
        let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
        let mut parts = inner.split([',', ':']).map(|p| p.trim().parse::<usize>());
        match (parts.next(), parts.next(), parts.next()) {
            (Some(Ok(0)), Some(Ok(0)), None) => Err(LeaperError::Still(text.to_string())),
            (Some(Ok(a)), Some(Ok(b)), None) => Ok(Leaper { a, b }),
            _ => Err(LeaperError::Syntax(text.to_string())),
        }
    }

    /// Every displacement (dlayer, drow, dcol) of one move, without repeats.
    pub fn displacements(&self, solid: bool) -> Vec<[i64; 3]> {
        let (a, b) = (self.a as i64, self.b as i64);
        let axes: &[usize] = if solid { &[0, 1, 2] } else { &[1, 2] };
        let mut out = Vec::new();
        for &i in axes {
            for &j in axes {
                if i == j {
                    continue;
                }
                for sa in [-1, 1] {
                    for sb in [-1, 1] {
                        let mut d = [0i64; 3];
                        d[i] += sa * a;
                        d[j] += sb * b;
                        if d != [0, 0, 0] && !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
            }
        }
        out
    }

    /// `true` when every move changes the checkerboard colour, so tours alternate colours.
    pub fn alternates_colour(&self) -> bool {
        (self.a + self.b) % 2 == 1
    }
}

impl fmt::Display for Leaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.a, self.b)
    }
}

/// A board with its move graph.
#[derive(Clone, Debug)]
pub struct Board {
    shape: Shape,
    leaper: Leaper,
    neighbours: Vec<Vec<Cell>>,
}

impl Board {
    /// The board of `shape` with every move of `leaper` on it.
    pub fn new(shape: Shape, leaper: Leaper) -> Self {
        let displacements = leaper.displacements(shape.solid);
        let neighbours = shape
            .cells()
            .map(|cell| {
                let c = shape.coord(cell).axes_array().map(|x| x as i64);
                let mut next: Vec<Cell> = displacements
                    .iter()
                    .filter_map(|d| shape.cell_at([c[0] + d[0], c[1] + d[1], c[2] + d[2]]))
                    .collect();
                next.sort_unstable();
                next
            })
            .collect();
        Board {
            shape,
            leaper,
            neighbours,
        }
    }

    /// The board of `shape` with the knight's moves on it.
    pub fn knight(shape: Shape) -> Self {
        Board::new(shape, Leaper::KNIGHT)
    }

    /// The extent of the board.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The piece whose moves the board holds.
    pub fn leaper(&self) -> Leaper {
        self.leaper
    }

    /// Number of cells on the board.
    pub fn n_cells(&self) -> usize {
        self.shape.n_cells()
    }

    /// Cells one move away, in increasing order.
    pub fn neighbours(&self, cell: Cell) -> &[Cell] {
        &self.neighbours[cell]
    }

    /// Number of moves from `cell`.
    pub fn degree(&self, cell: Cell) -> usize {
        self.neighbours[cell].len()
    }

    /// Whether `to` is one move from `from`.
    pub fn is_move(&self, from: Cell, to: Cell) -> bool {
        self.neighbours[from].binary_search(&to).is_ok()
    }

    /// Every undirected move once, as (smaller cell, larger cell).
    pub fn moves(&self) -> Vec<(Cell, Cell)> {
        self.shape
            .cells()
            .flat_map(|a| {
                self.neighbours[a]
                    .iter()
                    .filter(move |&&b| a < b)
                    .map(move |&b| (a, b))
            })
            .collect()
    }

    /// Checkerboard colour of `cell` (0 or 1).
    pub fn colour(&self, cell: Cell) -> u8 {
        self.shape.colour(cell)
    }

    /// Breadth-first distances in moves from a set of cells; `usize::MAX` where unreachable.
    pub fn distances_from(&self, sources: impl IntoIterator<Item = Cell>) -> Vec<usize> {
        let mut dist = vec![usize::MAX; self.n_cells()];
        let mut queue = std::collections::VecDeque::new();
        for s in sources {
            if dist[s] != 0 {
                dist[s] = 0;
                queue.push_back(s);
            }
        }
        while let Some(c) = queue.pop_front() {
            for &n in &self.neighbours[c] {
                if dist[n] == usize::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_degrees_on_8x8_match_the_chessboard() {
        let board = Board::knight(Shape::flat(8, 8));
        let corner = board.degree(0);
        let centre = board.degree(Shape::flat(8, 8).cell(Coord::flat(3, 3)).unwrap());
        assert_eq!((corner, centre), (2, 8));
        // 168 undirected knight moves on the 8x8 board.
        assert_eq!(board.moves().len(), 168);
    }

    #[test]
    fn knight_on_6x6_has_160_directed_moves() {
        // Seed 001: "160 legal knight moves" on 6x6 (directed).
        let board = Board::knight(Shape::flat(6, 6));
        assert_eq!(board.moves().len() * 2, 160);
    }

    #[test]
    fn centre_of_3x3x3_has_no_move() {
        let shape = Shape::solid(3, 3, 3);
        let board = Board::knight(shape);
        let centre = shape
            .cell(Coord {
                layer: 1,
                row: 1,
                col: 1,
            })
            .unwrap();
        assert_eq!(board.degree(centre), 0);
    }

    #[test]
    fn solid_knight_has_24_displacements() {
        assert_eq!(Leaper::KNIGHT.displacements(true).len(), 24);
        assert_eq!(Leaper::KNIGHT.displacements(false).len(), 8);
        assert_eq!(Leaper { a: 1, b: 1 }.displacements(false).len(), 4);
    }

    #[test]
    fn shape_parsing_rejects_nonsense() {
        assert_eq!(Shape::parse("8x8"), Ok(Shape::flat(8, 8)));
        assert_eq!(Shape::parse("4x4x4"), Ok(Shape::solid(4, 4, 4)));
        assert!(matches!(Shape::parse("8"), Err(ShapeError::Syntax(_))));
        assert!(matches!(Shape::parse("0x5"), Err(ShapeError::Empty(_))));
        assert!(matches!(
            Shape::parse("100000x100000"),
            Err(ShapeError::TooLarge(..))
        ));
    }

    #[test]
    fn coords_round_trip() {
        let shape = Shape::solid(2, 3, 4);
        for cell in shape.cells() {
            assert_eq!(shape.cell(shape.coord(cell)), Some(cell));
        }
    }
}
