//! The walk along a stitched tour, one run of a tile's own tour at a time.
//!
//! The stitched tour is never held: each tile keeps its own tour, and the walk follows it
//! until the next dropped (agreed) move, where it crosses the border into the neighbouring
//! tile and goes on there, away from that tile's dropped move. The tiles are joined along a
//! comb: the first band of columns is the spine (each tile joined to the one below), and
//! every band of rows is joined left to right from its spine tile. A comb is a tree, so each
//! join merges two separate loops (or the path and a loop) into one. A tour between chosen
//! ends puts the spine where its [`Route`] needs it and follows the route's tiles, which
//! carry paths, each path's last cell a knight's move from the next one's first.

use super::plan::Layout;
use super::route::Route;
use super::stitch::Side;
use super::tiles::{Tile, TileSet};
use crate::tour::Closure;

/// One tile size as the walk uses it: where each step of its tour lands on the board.
struct Kind {
    len: u32,
    closed: Closure,
    /// Board offset (`row * board_cols + col`) of each position of the tile's tour.
    offsets: Vec<u32>,
    /// Tile-local cell -> position in the tile's tour.
    positions: Vec<u32>,
    /// Positions of the two ends of each side's agreed move, by [`Side::slot`].
    stitch: [[u32; 2]; 4],
}

impl Kind {
    fn new(tile: &Tile, board_cols: usize) -> Kind {
        let positions = tile.positions();
        let offsets = tile
            .order
            .iter()
            .map(|&cell| {
                let (r, c) = (cell as usize / tile.cols, cell as usize % tile.cols);
                (r * board_cols + c) as u32
            })
            .collect();
        let stitch = Side::ALL.map(|side| {
            side.stitch_move(tile.rows, tile.cols)
                .map(|end| positions[tile.cell(end) as usize])
        });
        Kind {
            len: tile.order.len() as u32,
            closed: tile.closed,
            offsets,
            positions,
            stitch,
        }
    }

    /// Steps from `from` to `to` going forward (or backward): along a loop it may wrap.
    fn distance(&self, from: u32, to: u32, forward: bool) -> Option<u32> {
        let (a, b) = if forward { (from, to) } else { (to, from) };
        if b >= a {
            Some(b - a)
        } else if self.closed.is_closed() {
            Some(b + self.len - a)
        } else {
            None
        }
    }
}

/// Where the walk is: a tile (by band of rows and band of columns), a position in that
/// tile's tour, and the direction it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    row_band: u32,
    col_band: u32,
    position: u32,
    forward: bool,
}

/// A run of one tile's tour: `len` cells from the cursor, then (unless the tour ends there)
/// the crossing by end `end` of the agreed move by `side`.
struct Run {
    len: u32,
    crossing: Option<(Side, usize)>,
}

/// A tour of a whole board, stitched from tiles and walked on demand.
pub struct Stitched {
    layout: Layout,
    board_cols: usize,
    kinds: Vec<Kind>,
    /// Kind of each pair of (row band, column band) width classes.
    kind_of: [[u8; 3]; 3],
    closed: Closure,
    /// Band of columns of the comb's spine.
    spine: usize,
    /// The route between chosen ends, with a kind for each path its tiles carry.
    route: Option<(Route, Vec<Kind>)>,
}

/// A tile size the layout needs and the tile set lacks.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the tile set has no {rows}x{cols} tile")]
pub struct MissingTile {
    /// Rows of the tile.
    pub rows: usize,
    /// Columns of the tile.
    pub cols: usize,
}

impl Stitched {
    /// The tour of the board the layout cuts, from the set's tiles.
    pub fn new(layout: Layout, tiles: &TileSet) -> Result<Stitched, MissingTile> {
        let board_cols = layout.cols.total();
        let mut kinds = Vec::new();
        let mut kind_of = [[0; 3]; 3];
        for i in layout.rows.representatives() {
            for j in layout.cols.representatives() {
                let (rows, cols) = (layout.rows.width(i), layout.cols.width(j));
                let tile = tiles.get(rows, cols).ok_or(MissingTile { rows, cols })?;
                kinds.push(Kind::new(tile, board_cols));
                kind_of[layout.rows.width_class(i)][layout.cols.width_class(j)] = kinds.len() as u8;
            }
        }
        let closed = Closure::from(kinds.iter().all(|k| k.closed.is_closed()));
        Ok(Stitched {
            layout,
            board_cols,
            kinds,
            kind_of,
            closed,
            spine: 0,
            route: None,
        })
    }

    /// The tour from the route's first cell to its last: the comb's spine where the route
    /// puts it, and the route's tiles carrying its paths.
    pub fn with_route(
        layout: Layout,
        tiles: &TileSet,
        route: Route,
    ) -> Result<Stitched, MissingTile> {
        let mut tour = Stitched::new(layout, tiles)?;
        let kinds = route
            .paths()
            .iter()
            .map(|path| Kind::new(path, tour.board_cols))
            .collect();
        tour.spine = route.spine();
        tour.closed = Closure::Open;
        tour.route = Some((route, kinds));
        Ok(tour)
    }

    /// The place on the route of the cursor's tile, if it is on the route.
    fn route_index(&self, cursor: Cursor) -> Option<usize> {
        let (route, _) = self.route.as_ref()?;
        route.index_of((cursor.row_band as usize, cursor.col_band as usize))
    }

    /// The first cell of route tile `k`'s path, heading along it.
    fn route_entry(&self, route: &Route, k: usize) -> Cursor {
        let (i, j) = route.band(k);
        Cursor {
            row_band: i as u32,
            col_band: j as u32,
            position: 0,
            forward: true,
        }
    }

    /// Whether the stitched tour is a loop (every tile closed).
    pub fn closed(&self) -> bool {
        self.closed.is_closed()
    }

    /// Number of cells on the board.
    pub fn n_cells(&self) -> u64 {
        (self.layout.rows.total() * self.board_cols) as u64
    }

    fn kind(&self, cursor: Cursor) -> &Kind {
        if let (Some((route, kinds)), Some(k)) = (&self.route, self.route_index(cursor)) {
            return &kinds[route.path_index(k)];
        }
        let ri = self.layout.rows.width_class(cursor.row_band as usize);
        let cj = self.layout.cols.width_class(cursor.col_band as usize);
        &self.kinds[self.kind_of[ri][cj] as usize - 1]
    }

    /// Whether the comb joins the tile at `cursor` to its neighbour by `side` with a stitch.
    /// Two route tiles side by side are not stitched: their paths meet end to end.
    fn joined(&self, cursor: Cursor, side: Side) -> bool {
        let band = (cursor.row_band as usize, cursor.col_band as usize);
        if !self.layout.comb_joins(self.spine, band, side) {
            return false;
        }
        let Some((route, _)) = &self.route else {
            return true;
        };
        let neighbour = side.neighbour(band).and_then(|n| route.index_of(n));
        route.index_of(band).is_none() || neighbour.is_none()
    }

    /// The run from `cursor` to the next dropped move in its direction.
    fn run(&self, cursor: Cursor) -> Run {
        let kind = self.kind(cursor);
        let mut best: Option<(u32, Side, usize)> = None;
        for side in Side::ALL {
            if !self.joined(cursor, side) {
                continue;
            }
            let ends = kind.stitch[side.slot()];
            // The end met first going this way is the one the dropped move leaves from.
            let first = usize::from(kind.distance(ends[0], ends[1], cursor.forward) != Some(1));
            let Some(d) = kind.distance(cursor.position, ends[first], cursor.forward) else {
                continue;
            };
            if best.is_none_or(|(b, _, _)| d < b) {
                best = Some((d, side, first));
            }
        }
        match best {
            Some((d, side, end)) => Run {
                len: d + 1,
                crossing: Some((side, end)),
            },
            None => Run {
                len: self.rest_of_tour(kind, cursor),
                crossing: None,
            },
        }
    }

    /// Cells from the cursor to the end of the tile's tour when nothing is dropped ahead.
    fn rest_of_tour(&self, kind: &Kind, cursor: Cursor) -> u32 {
        match (kind.closed, cursor.forward) {
            (Closure::Closed, _) => kind.len,
            (Closure::Open, true) => kind.len - cursor.position,
            (Closure::Open, false) => cursor.position + 1,
        }
    }

    /// The cursor just across the border, having crossed by end `end` of the dropped move
    /// by `side`: on the neighbour's matching end, heading away from its dropped move.
    fn cross(&self, cursor: Cursor, side: Side, end: usize) -> Cursor {
        let (mut row_band, mut col_band) = (cursor.row_band, cursor.col_band);
        match side {
            Side::Top => row_band -= 1,
            Side::Bottom => row_band += 1,
            Side::Left => col_band -= 1,
            Side::Right => col_band += 1,
        }
        let mut next = Cursor {
            row_band,
            col_band,
            position: 0,
            forward: true,
        };
        let kind = self.kind(next);
        let ends = kind.stitch[side.opposite().slot()];
        next.position = ends[end];
        next.forward = kind.distance(ends[end], ends[1 - end], true) != Some(1);
        next
    }

    fn base(&self, cursor: Cursor) -> u32 {
        let row = self.layout.rows.start(cursor.row_band as usize);
        let col = self.layout.cols.start(cursor.col_band as usize);
        (row * self.board_cols + col) as u32
    }

    /// Appends `len` cells of the tile's tour from the cursor to `out`.
    fn emit(&self, cursor: Cursor, len: u32, out: &mut Vec<u32>) {
        let kind = self.kind(cursor);
        let base = self.base(cursor);
        let (p, n, len) = (cursor.position as usize, kind.len as usize, len as usize);
        let offsets = &kind.offsets;
        if cursor.forward {
            let first = len.min(n - p);
            out.extend(offsets[p..p + first].iter().map(|&o| base + o));
            out.extend(offsets[..len - first].iter().map(|&o| base + o));
        } else {
            let first = len.min(p + 1);
            out.extend(offsets[p + 1 - first..=p].iter().rev().map(|&o| base + o));
            out.extend(offsets[n - (len - first)..].iter().rev().map(|&o| base + o));
        }
    }

    /// Where the tour starts when no start is asked for: a loop anywhere, a path at the
    /// first end of the open tile's path.
    pub fn default_start(&self) -> Cursor {
        if let Some((route, _)) = &self.route {
            return self.route_entry(route, 0);
        }
        let last = |bands: usize| (bands - 1) as u32;
        let (row_band, col_band) = if self.closed.is_closed() {
            (0, 0)
        } else {
            (last(self.layout.rows.len()), last(self.layout.cols.len()))
        };
        Cursor {
            row_band,
            col_band,
            position: 0,
            forward: true,
        }
    }

    /// The cursor on board cell (`row`, `col`), heading forward.
    pub fn cursor_at(&self, row: usize, col: usize) -> Cursor {
        let (i, j) = (self.layout.rows.band_of(row), self.layout.cols.band_of(col));
        let mut cursor = Cursor {
            row_band: i as u32,
            col_band: j as u32,
            position: 0,
            forward: true,
        };
        let kind = self.kind(cursor);
        let tile_cols = self.layout.cols.width(j);
        let local =
            (row - self.layout.rows.start(i)) * tile_cols + (col - self.layout.cols.start(j));
        cursor.position = kind.positions[local];
        cursor
    }

    /// The same cell, heading the other way.
    pub fn reversed(&self, mut cursor: Cursor) -> Cursor {
        cursor.forward = !cursor.forward;
        cursor
    }

    /// The two cursors a path may start from (on a loop: the default start both ways).
    pub fn path_starts(&self) -> [Cursor; 2] {
        let start = self.default_start();
        let last = self.kind(start).len - 1;
        if self.closed.is_closed() {
            return [start, self.reversed(start)];
        }
        [
            start,
            Cursor {
                position: last,
                forward: false,
                ..start
            },
        ]
    }

    /// The board cell (row, col) under the cursor.
    pub fn cell_of(&self, cursor: Cursor) -> (usize, usize) {
        let offset = self.base(cursor) + self.kind(cursor).offsets[cursor.position as usize];
        (
            offset as usize / self.board_cols,
            offset as usize % self.board_cols,
        )
    }

    /// The cursor one step along the tour from `cursor`.
    pub fn step(&self, cursor: Cursor) -> Cursor {
        let run = self.run(cursor);
        match run.crossing {
            Some((side, end)) if run.len == 1 => self.cross(cursor, side, end),
            _ => {
                let kind = self.kind(cursor);
                let position = if cursor.forward {
                    (cursor.position + 1) % kind.len
                } else {
                    (cursor.position + kind.len - 1) % kind.len
                };
                Cursor { position, ..cursor }
            }
        }
    }

    /// Where the walk goes on after the path of the cursor's route tile: the next route
    /// tile's first cell.
    fn next_on_route(&self, cursor: Cursor) -> Option<Cursor> {
        let (route, _) = self.route.as_ref()?;
        let k = self.route_index(cursor)? + 1;
        (k < route.len()).then(|| self.route_entry(route, k))
    }

    /// Walks the whole tour from `start`, handing the cells (board indices) to `sink` in
    /// chunks of about `chunk` cells, in order. The sink may take the buffer (swapping in
    /// an empty one), so chunks need not be copied.
    pub fn walk<E>(
        &self,
        start: Cursor,
        chunk: usize,
        mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut remaining = self.n_cells();
        let mut buffer = Vec::with_capacity(chunk + 256);
        let mut cursor = start;
        while remaining > 0 {
            let run = self.run(cursor);
            let take = u64::from(run.len).min(remaining) as u32;
            self.emit(cursor, take, &mut buffer);
            remaining -= u64::from(take);
            if buffer.len() >= chunk {
                sink(&mut buffer)?;
                buffer.clear();
            }
            match run.crossing {
                Some((side, end)) if remaining > 0 => cursor = self.cross(cursor, side, end),
                None if remaining > 0 => match self.next_on_route(cursor) {
                    Some(next) => cursor = next,
                    // The tile's tour ended with cells left: not a tour of the board, which
                    // the verifier will name (too few cells).
                    None => break,
                },
                _ => break,
            }
        }
        if !buffer.is_empty() {
            sink(&mut buffer)?;
        }
        Ok(())
    }
}
