//! The tile set: one tour per tile size, each making the four agreed moves of
//! [`super::stitch`], found by the SAT engine (`knights tiles`) and kept in `data/tiles.toml`.
//!
//! Loading checks every tile's shape: a visiting order of every cell once, by knight's moves,
//! closed when the tile says so, and with the agreed moves among its moves. That is the
//! construction's own guard against an edited file; the tours it builds are still checked by
//! the independent verifier.

use super::stitch::{Local, Side, MIN_TILE_SIDE};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The largest tile side the set holds.
pub const MAX_TILE_SIDE: usize = 12;

/// A tour of a small board that makes the four agreed moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Whether the last cell is a move from the first (every tile with an even number of
    /// cells); an odd tile is an open path.
    pub closed: bool,
    /// Tile-local cells (row-major, `row * cols + col`) in visiting order.
    pub order: Vec<u32>,
}

/// Why a tile file does not hold a usable tile set.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TileError {
    /// The file is not TOML of the expected form.
    #[error("{origin}: {message}")]
    Syntax {
        /// What the text came from.
        origin: String,
        /// The TOML reader's message, which names the line.
        message: String,
    },
    /// A tile is not a tour with the agreed moves; names the tile (1-based) and why.
    #[error("{origin}: tile {index} ({board}): {reason}")]
    Invalid {
        /// What the text came from.
        origin: String,
        /// 1-based position of the tile in the file.
        index: usize,
        /// The tile's board as written.
        board: String,
        /// What is wrong with it.
        reason: String,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    tile: Vec<TileRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileRecord {
    board: String,
    closed: bool,
    order: Vec<u32>,
}

impl Tile {
    /// Position in `order` of a tile-local cell.
    pub fn positions(&self) -> Vec<u32> {
        let mut position = vec![0; self.order.len()];
        for (k, &cell) in self.order.iter().enumerate() {
            position[cell as usize] = k as u32;
        }
        position
    }

    /// The local cell of (row, col).
    pub fn cell(&self, (row, col): Local) -> u32 {
        (row * self.cols + col) as u32
    }

    /// Why this is not a tour of its board with the four agreed moves, if it is not.
    fn defect(&self) -> Option<String> {
        let n = self.rows * self.cols;
        if self.rows < MIN_TILE_SIDE || self.cols < MIN_TILE_SIDE {
            return Some(format!(
                "sides under {MIN_TILE_SIDE} cannot make the agreed moves"
            ));
        }
        if self.order.len() != n {
            return Some(format!("{} cells in the order, not {n}", self.order.len()));
        }
        let mut seen = vec![false; n];
        for &cell in &self.order {
            if cell as usize >= n || std::mem::replace(&mut seen[cell as usize], true) {
                return Some(format!("cell {cell} is off the tile or visited twice"));
            }
        }
        let leap = |a: u32, b: u32| self.is_knight_move(a as usize, b as usize);
        if let Some(k) = (1..n).find(|&k| !leap(self.order[k - 1], self.order[k])) {
            return Some(format!(
                "steps {k} and {} are not a knight's move apart",
                k + 1
            ));
        }
        if self.closed && !leap(self.order[n - 1], self.order[0]) {
            return Some("marked closed, but the last cell is not a move from the first".into());
        }
        let missing = Side::ALL.into_iter().find(|&side| !self.makes(side));
        missing.map(|side| format!("the agreed move by the {side:?} side is not made"))
    }

    fn is_knight_move(&self, a: usize, b: usize) -> bool {
        let (ra, ca) = (a / self.cols, a % self.cols);
        let (rb, cb) = (b / self.cols, b % self.cols);
        let step = (ra.abs_diff(rb), ca.abs_diff(cb));
        step == (1, 2) || step == (2, 1)
    }

    /// Whether the tour makes the agreed move by `side`: its ends are neighbours in `order`.
    pub fn makes(&self, side: Side) -> bool {
        let [a, b] = side.stitch_move(self.rows, self.cols);
        let position = self.positions();
        let (pa, pb) = (
            position[self.cell(a) as usize],
            position[self.cell(b) as usize],
        );
        let n = self.order.len() as u32;
        pa.abs_diff(pb) == 1 || (self.closed && pa.abs_diff(pb) == n - 1)
    }
}

/// Tours for every tile size the construction uses, looked up by size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileSet {
    tiles: Vec<Tile>,
}

impl TileSet {
    /// The set kept in the repository (`data/tiles.toml`), loaded and checked once.
    pub fn builtin() -> &'static TileSet {
        static SET: OnceLock<TileSet> = OnceLock::new();
        SET.get_or_init(|| {
            let text = include_str!("../../data/tiles.toml");
            TileSet::parse(text, "data/tiles.toml")
                .expect("the built-in tile set is checked by a test")
        })
    }

    /// A set from its TOML form; every tile is checked.
    pub fn parse(text: &str, origin: &str) -> Result<TileSet, TileError> {
        let file: TileFile = toml::from_str(text).map_err(|e| TileError::Syntax {
            origin: origin.to_string(),
            message: e.to_string().trim_end().to_string(),
        })?;
        let mut set = TileSet::default();
        for (i, record) in file.tile.into_iter().enumerate() {
            let invalid = |reason: String| TileError::Invalid {
                origin: origin.to_string(),
                index: i + 1,
                board: record.board.clone(),
                reason,
            };
            let (rows, cols) =
                parse_size(&record.board).ok_or_else(|| invalid("not ROWSxCOLS".into()))?;
            let tile = Tile {
                rows,
                cols,
                closed: record.closed,
                order: record.order.clone(),
            };
            if let Some(reason) = tile.defect() {
                return Err(invalid(reason));
            }
            if set.get(rows, cols).is_some() {
                return Err(invalid("a second tile of this size".into()));
            }
            set.tiles.push(tile);
        }
        Ok(set)
    }

    /// Adds a tile, or says why it is not one the construction can use.
    pub fn insert(&mut self, tile: Tile) -> Result<(), String> {
        if let Some(reason) = tile.defect() {
            return Err(reason);
        }
        self.tiles
            .retain(|t| (t.rows, t.cols) != (tile.rows, tile.cols));
        self.tiles.push(tile);
        Ok(())
    }

    /// The tile of `rows` x `cols`, if the set has one.
    pub fn get(&self, rows: usize, cols: usize) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.rows == rows && t.cols == cols)
    }

    /// Every tile, in the order kept.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The TOML form, after `header` (comment lines, each starting with `#`).
    pub fn to_toml(&self, header: &str) -> String {
        let mut tiles: Vec<&Tile> = self.tiles.iter().collect();
        tiles.sort_by_key(|t| (t.rows, t.cols));
        let file = TileFile {
            tile: tiles
                .into_iter()
                .map(|t| TileRecord {
                    board: format!("{}x{}", t.rows, t.cols),
                    closed: t.closed,
                    order: t.order.clone(),
                })
                .collect(),
        };
        let body = toml::to_string(&file).expect("a tile set always serialises");
        format!("{header}\n{body}")
    }
}

fn parse_size(board: &str) -> Option<(usize, usize)> {
    let (rows, cols) = board.split_once('x')?;
    Some((rows.parse().ok()?, cols.parse().ok()?))
}
