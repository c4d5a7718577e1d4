//! The tile set: one tour per tile size, each making the four agreed moves of
//! [`super::stitch`], found by the SAT engine (`knights tiles`) and kept in `data/tiles.toml`.
//!
//! Loading checks every tile's shape: a visiting order of every cell once, by knight's moves,
//! closed when the tile says so, and with the agreed moves among its moves. That is the
//! construction's own guard against an edited file; the tours it builds are still checked by
//! the independent verifier.

use super::stitch::{Local, Side, MIN_TILE_SIDE};
use super::strip::{hook, BLOCK_ENDS, STRIP_ROWS};
use crate::tour::Closure;
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
    pub closed: Closure,
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
    #[serde(default)]
    strip: Vec<TileRecord>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileRecord {
    board: String,
    /// `base` or `block`, for strip pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    part: Option<String>,
    closed: Closure,
    order: Vec<u32>,
}

impl TileRecord {
    fn of(tile: &Tile) -> TileRecord {
        TileRecord {
            board: format!("{}x{}", tile.rows, tile.cols),
            part: None,
            closed: tile.closed,
            order: tile.order.clone(),
        }
    }
}

/// What a tile of the set is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A stitch tile: makes the four agreed moves.
    Stitch,
    /// The base of a strip: makes the hook by its right end.
    StripBase,
    /// The block of a strip: a path between the agreed ends that makes the hook.
    StripBlock,
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

    /// Why this tile cannot serve in `role`, if it cannot.
    pub fn defect(&self, role: Role) -> Option<String> {
        let strip = matches!(role, Role::StripBase | Role::StripBlock);
        if !strip && (self.rows < MIN_TILE_SIDE || self.cols < MIN_TILE_SIDE) {
            return Some(format!(
                "sides under {MIN_TILE_SIDE} cannot make the agreed moves"
            ));
        }
        if strip && (self.rows != STRIP_ROWS || self.cols < 4) {
            return Some(format!(
                "a strip piece has {STRIP_ROWS} rows and at least 4 columns"
            ));
        }
        if let Some(defect) = self.tour_defect() {
            return Some(defect);
        }
        let hook_missing =
            || (!self.makes(hook(self.cols))).then(|| "the hook is not made".to_string());
        match role {
            Role::Stitch => {
                let mut sides = Side::ALL.into_iter();
                let missing =
                    sides.find(|side| !self.makes(side.stitch_move(self.rows, self.cols)));
                missing.map(|side| format!("the agreed move by the {side:?} side is not made"))
            }
            Role::StripBase => hook_missing(),
            Role::StripBlock => self.block_defect().or_else(hook_missing),
        }
    }

    /// Why the tile is not a path between the block's agreed ends, if it is not.
    fn block_defect(&self) -> Option<String> {
        let ends = BLOCK_ENDS.map(|end| self.cell(end));
        let between = self.order.first() == Some(&ends[0]) && self.order.last() == Some(&ends[1]);
        (self.closed.is_closed() || !between).then(|| {
            format!(
                "a block is a path from {:?} to {:?}",
                BLOCK_ENDS[0], BLOCK_ENDS[1]
            )
        })
    }

    /// Why the order is not a knight's tour of the tile (closed if marked so), if it is not.
    fn tour_defect(&self) -> Option<String> {
        let n = self.rows * self.cols;
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
        (self.closed.is_closed() && !leap(self.order[n - 1], self.order[0]))
            .then(|| "marked closed, but the last cell is not a move from the first".into())
    }

    fn is_knight_move(&self, a: usize, b: usize) -> bool {
        let (ra, ca) = (a / self.cols, a % self.cols);
        let (rb, cb) = (b / self.cols, b % self.cols);
        let step = (ra.abs_diff(rb), ca.abs_diff(cb));
        step == (1, 2) || step == (2, 1)
    }

    /// Whether the tour makes the move between `a` and `b`: they are neighbours in `order`.
    pub fn makes(&self, [a, b]: [Local; 2]) -> bool {
        let position = self.positions();
        let (pa, pb) = (
            position[self.cell(a) as usize],
            position[self.cell(b) as usize],
        );
        let n = self.order.len() as u32;
        pa.abs_diff(pb) == 1 || (self.closed.is_closed() && pa.abs_diff(pb) == n - 1)
    }
}

/// Tours for every tile size the construction uses, looked up by size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileSet {
    tiles: Vec<Tile>,
    strip_bases: Vec<Tile>,
    strip_block: Option<Tile>,
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

    /// A set from its TOML form; every tile is checked for the role it has.
    pub fn parse(text: &str, origin: &str) -> Result<TileSet, TileError> {
        let file: TileFile = toml::from_str(text).map_err(|e| TileError::Syntax {
            origin: origin.to_string(),
            message: e.to_string().trim_end().to_string(),
        })?;
        let mut set = TileSet::default();
        let records = file.tile.iter().map(|r| (r, Some(Role::Stitch)));
        let strips = file
            .strip
            .iter()
            .map(|r| (r, strip_role(r.part.as_deref())));
        for (i, (record, role)) in records.chain(strips).enumerate() {
            let invalid = |reason: String| TileError::Invalid {
                origin: origin.to_string(),
                index: i + 1,
                board: record.board.clone(),
                reason,
            };
            let role =
                role.ok_or_else(|| invalid("a strip's part is \"base\" or \"block\"".into()))?;
            let (rows, cols) =
                parse_size(&record.board).ok_or_else(|| invalid("not ROWSxCOLS".into()))?;
            let tile = Tile {
                rows,
                cols,
                closed: record.closed,
                order: record.order.clone(),
            };
            set.insert(tile, role).map_err(invalid)?;
        }
        Ok(set)
    }

    /// Adds a tile for a role, replacing one of the same size and role, or says why the
    /// tile cannot serve in it.
    pub fn insert(&mut self, tile: Tile, role: Role) -> Result<(), String> {
        if let Some(reason) = tile.defect(role) {
            return Err(reason);
        }
        let same_size = |t: &Tile| (t.rows, t.cols) == (tile.rows, tile.cols);
        match role {
            Role::Stitch => {
                self.tiles.retain(|t| !same_size(t));
                self.tiles.push(tile);
            }
            Role::StripBase => {
                self.strip_bases.retain(|t| !same_size(t));
                self.strip_bases.push(tile);
            }
            Role::StripBlock => self.strip_block = Some(tile),
        }
        Ok(())
    }

    /// The stitch tile of `rows` x `cols`, if the set has one.
    pub fn get(&self, rows: usize, cols: usize) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.rows == rows && t.cols == cols)
    }

    /// The strip base `cols` wide, if the set has one.
    pub fn strip_base(&self, cols: usize) -> Option<&Tile> {
        self.strip_bases.iter().find(|t| t.cols == cols)
    }

    /// The strip block, if the set has one.
    pub fn strip_block(&self) -> Option<&Tile> {
        self.strip_block.as_ref()
    }

    /// Every tile with its role.
    pub fn all(&self) -> impl Iterator<Item = (&Tile, Role)> {
        let stitch = self.tiles.iter().map(|t| (t, Role::Stitch));
        let bases = self.strip_bases.iter().map(|t| (t, Role::StripBase));
        stitch
            .chain(bases)
            .chain(self.strip_block.iter().map(|t| (t, Role::StripBlock)))
    }

    /// The TOML form, after `header` (comment lines, each starting with `#`).
    pub fn to_toml(&self, header: &str) -> String {
        fn sorted(tiles: &[Tile]) -> Vec<&Tile> {
            let mut tiles: Vec<&Tile> = tiles.iter().collect();
            tiles.sort_by_key(|t| (t.rows, t.cols));
            tiles
        }
        let mut strip: Vec<TileRecord> = sorted(&self.strip_bases)
            .into_iter()
            .map(|t| TileRecord {
                part: Some("base".into()),
                ..TileRecord::of(t)
            })
            .collect();
        if let Some(block) = &self.strip_block {
            strip.push(TileRecord {
                part: Some("block".into()),
                ..TileRecord::of(block)
            });
        }
        let file = TileFile {
            tile: sorted(&self.tiles)
                .into_iter()
                .map(TileRecord::of)
                .collect(),
            strip,
        };
        let body = toml::to_string(&file).expect("a tile set always serialises");
        format!("{header}\n{body}")
    }
}

fn strip_role(part: Option<&str>) -> Option<Role> {
    match part {
        Some("base") => Some(Role::StripBase),
        Some("block") => Some(Role::StripBlock),
        _ => None,
    }
}

fn parse_size(board: &str) -> Option<(usize, usize)> {
    let (rows, cols) = board.split_once('x')?;
    Some((rows.parse().ok()?, cols.parse().ok()?))
}
