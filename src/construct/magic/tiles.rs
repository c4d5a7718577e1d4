//! The tile tables: for each block signature, the block's pieces as cells in visiting order.
//!
//! The tables are construction data, not code: `tiles_ab.json` (4 or more block rows) and
//! `tiles_ab3.json` (3 block rows) were found by experiments/magic-construction/tiles_search.py
//! (`--ab --sat`), which picks one balanced tile per signature so that every pair of pieces
//! that follow each other on some board is a knight move apart. `tiles_odd.json` (odd x odd
//! block grids) was found the same way by experiments/magic-odd/tiletable.py, solved jointly
//! on five grid sizes, and written in this form by its to_table.py; `tiles_ladder.json` (two
//! block rows) likewise by experiments/magic-eight/eight.py. They are copied here unchanged
//! and parsed once.

use super::paths::Block;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A step from a block to one of its eight neighbours: (row offset, column offset), each -1,
/// 0 or 1 and not both 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step(i8, i8);

impl Step {
    /// The step from `from` to `to`, neighbouring blocks (consecutive blocks of a path or
    /// the ends joined between passes are always neighbours).
    pub fn between(from: Block, to: Block) -> Step {
        let offset = [to.0 as i64 - from.0 as i64, to.1 as i64 - from.1 as i64];
        Step::of_offset(offset)
    }

    /// The step of a table's `[row offset, column offset]`.
    fn of_offset(offset: [i64; 2]) -> Step {
        match offset {
            [0, 0] => panic!("a step leaves its block"),
            [dr @ -1..=1, dc @ -1..=1] => Step(dr as i8, dc as i8),
            _ => panic!("offset {offset:?} is not a step to a neighbouring block"),
        }
    }
}

/// One piece of a block: the passes it covers (two for a join) and where the tour comes from
/// and goes to (`None` at the tour's ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceKey {
    /// Pass of the piece's first visit.
    pub first: u8,
    /// Pass of its last visit.
    pub last: u8,
    /// Step to the previous piece's block.
    pub prev: Option<Step>,
    /// Step to the next piece's block.
    pub next: Option<Step>,
}

/// A block's signature: its pieces (three or four) in pass order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Signature(pub [Option<PieceKey>; 4]);

impl Signature {
    /// The pieces, in pass order.
    pub fn pieces(&self) -> impl Iterator<Item = PieceKey> + '_ {
        self.0.iter().flatten().copied()
    }
}

/// A tile: the cells (row, column inside the block) of each piece in visiting order, in the
/// order of the signature's pieces.
pub struct Tile {
    /// The signature it serves.
    pub signature: Signature,
    /// Cells of each piece, 4 per pass it covers.
    pub pieces: Vec<Vec<(usize, usize)>>,
}

impl Tile {
    /// The cells of the piece that starts in `pass`.
    pub fn piece_from(&self, pass: usize) -> &[(usize, usize)] {
        let k = self
            .signature
            .pieces()
            .position(|p| usize::from(p.first) == pass)
            .expect("a piece starts at every visit that does not continue a join");
        &self.pieces[k]
    }
}

/// A table: tiles by signature.
pub type Table = HashMap<Signature, Tile>;

/// The table for 4 or more block rows.
pub fn ab() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(include_str!("tiles_ab.json")))
}

/// The table for odd x odd block grids (the paths of [`super::paths::odd_paths`]).
pub fn odd() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(include_str!("tiles_odd.json")))
}

/// The table for two block rows (the paths of [`super::paths::ladder_paths`]).
pub fn ladder() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(include_str!("tiles_ladder.json")))
}

/// The table for 3 block rows (pooled with the other boards it would be unsatisfiable).
pub fn ab3() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(include_str!("tiles_ab3.json")))
}

/// The file as tiles_search.py writes it; `dev` and `closed` are not read.
#[derive(Deserialize)]
struct File {
    scheme: String,
    merge: bool,
    tiles: Vec<Entry>,
}

/// One piece of a signature: block offset, first and last pass, size in cells, offsets to the
/// previous and next piece's blocks.
type RawPiece = ([i64; 2], u8, u8, usize, Option<[i64; 2]>, Option<[i64; 2]>);

#[derive(Deserialize)]
struct Entry {
    /// Blocks of the tile, pieces, marker (the A/B scheme has one block and no marker).
    signature: (Vec<[i64; 2]>, Vec<RawPiece>, Option<serde_json::Value>),
    pieces: Vec<Vec<[usize; 2]>>,
}

/// Parses a table, checking that it is of the A/B scheme's form: one block per tile, pieces
/// in pass order, each of 4 cells per pass inside the block. The data is compiled in, so a
/// table of another form is a build mistake and panics.
fn parse(text: &str) -> Table {
    let file: File = serde_json::from_str(text).expect("a tile table is valid JSON");
    assert!(file.scheme == "ab" && !file.merge, "an A/B table");
    let mut table = Table::new();
    for entry in file.tiles {
        let (blocks, raw, marker) = entry.signature;
        assert!(blocks == [[0, 0]] && marker.is_none(), "one-block tiles");
        assert!(raw.len() <= 4 && raw.len() == entry.pieces.len());
        let mut keys = [None; 4];
        for (k, &(offset, first, last, size, prev, next)) in raw.iter().enumerate() {
            assert_eq!(offset, [0, 0]);
            assert!(first <= last && last < 4);
            assert_eq!(size, 4 * usize::from(last - first + 1));
            assert_eq!(entry.pieces[k].len(), size);
            keys[k] = Some(PieceKey {
                first,
                last,
                prev: prev.map(Step::of_offset),
                next: next.map(Step::of_offset),
            });
        }
        let signature = Signature(keys);
        let firsts: Vec<u8> = signature.pieces().map(|p| p.first).collect();
        assert!(
            firsts.windows(2).all(|w| w[0] < w[1]),
            "pieces in pass order"
        );
        let pieces: Vec<Vec<(usize, usize)>> = entry
            .pieces
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&[r, c]| {
                        assert!(r < 4 && c < 4, "cells inside the block");
                        (r, c)
                    })
                    .collect()
            })
            .collect();
        let tile = Tile { signature, pieces };
        assert!(
            table.insert(signature, tile).is_none(),
            "one tile per signature"
        );
    }
    table
}
