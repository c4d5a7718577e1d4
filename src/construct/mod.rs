//! Constructions: tours of boards far too large for any search, built from small tiles.
//!
//! A board is cut into tiles ([`plan`]), each tile carries a tour from the tile set that the
//! SAT engine found ([`tiles`], [`find`]), and neighbouring tiles' tours are stitched into
//! one ([`stitch`]). Boards three squares wide grow by inserting blocks instead ([`strip`]);
//! boards four wide are two paths through the colour classes, joined by one move ([`four`]).
//! The tour is walked on demand ([`walk`]) and streamed in chunks ([`stream`], [`output`]),
//! so no board-sized array is ever held. Warnsdorff's rule ([`warnsdorff`]) is the seed's
//! search, kept for comparison. Every tour a command emits is still checked by the
//! independent verifier. Semimagic tours of boards cut into 4x4 blocks have a construction of
//! their own ([`magic`]).

pub mod find;
pub mod four;
pub mod magic;
pub mod output;
pub mod plan;
pub mod route;
pub mod stitch;
pub mod stream;
pub mod strip;
pub mod tiles;
pub mod walk;
pub mod warnsdorff;

use crate::board::MAX_STREAMED_CELLS;
use crate::puzzle::existence::no_knight_tour_reason;
use crate::spec::{CellSetSpec, Spec};
use crate::tour::Closure;
use four::{outer_end_reason, FourRows, FOUR_ROWS};
use plan::Layout;
use route::{NoRoute, Route};
use std::time::Instant;
use strip::chain::Chain;
use strip::{split_length, BLOCK_COLS, STRIP_ROWS};
use tiles::TileSet;
use walk::{Cursor, MissingTile, Stitched};

/// A tour asked for: the board, whether it must close, and optional ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// `Some(true)`: closed; `Some(false)`: any tour (a closed one is also open); `None`:
    /// closed wherever a closed tour exists, unless both ends are given.
    pub closed: Option<bool>,
    /// The cell (row, col) that must carry number 1.
    pub start: Option<(usize, usize)>,
    /// The cell (row, col) that must carry the last number.
    pub end: Option<(usize, usize)>,
}

/// Why no tour is constructed for a request.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConstructError {
    /// No tour of this kind exists on the board; holds the theorem that says so.
    #[error("no tour: {0}")]
    NoTour(String),
    /// The board is larger than a tour's cell indices can address.
    #[error("the {rows}x{cols} board has {cells} cells; tours are written as 32-bit cell indices, so at most {MAX_STREAMED_CELLS}")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Cells that makes.
        cells: u128,
    },
    /// A board too thin for any construction here.
    #[error("the {rows}x{cols} board is too thin to build a tour on")]
    TooThin {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A requested end lies off the board.
    #[error("the {which} cell ({row},{col}) is off the {rows}x{cols} board")]
    OffBoard {
        /// `start` or `end`.
        which: &'static str,
        /// The row given.
        row: usize,
        /// The column given.
        col: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A requested end that no tour of this board can have, with the reason.
    #[error("no tour of the {rows}x{cols} board can {what}: {reason}")]
    ImpossibleEnd {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// What was asked, in words.
        what: String,
        /// Why it cannot be.
        reason: String,
    },
    /// A request this construction does not meet, though a tour may exist.
    #[error("the stitch construction cannot {0}")]
    Unsupported(String),
    /// The tile set lacks a tile the cut needs.
    #[error(transparent)]
    MissingTile(#[from] MissingTile),
}

impl Request {
    /// Whether the tour must close: as asked; else wherever a closed tour exists, unless
    /// both ends are given (a loop's ends are neighbours, which two squares asked for rarely
    /// are).
    pub fn wants_closed(&self) -> bool {
        self.closed.unwrap_or_else(|| {
            let both_ends = self.start.is_some() && self.end.is_some();
            !both_ends && no_knight_tour_reason(self.rows, self.cols, Closure::Closed).is_none()
        })
    }

    /// An open tour of the `rows` x `cols` board, with no ends asked for.
    pub fn open(rows: usize, cols: usize) -> Self {
        Request {
            rows,
            cols,
            closed: Some(false),
            start: None,
            end: None,
        }
    }

    /// The model a tour for this request must satisfy: the board, closed as
    /// [`wants_closed`](Self::wants_closed) says, and the ends asked for.
    pub fn spec(&self) -> Spec {
        let mut spec = Spec::plain(&format!("{}x{}", self.rows, self.cols));
        spec.closed = self.wants_closed();
        spec.start = self.start.map(|(r, c)| CellSetSpec::cell(r, c));
        spec.end = self.end.map(|(r, c)| CellSetSpec::cell(r, c));
        spec
    }

    /// Refuses, before any work, a board no tour exists on, one too large to address, and
    /// ends off the board or of the wrong colour.
    pub fn check(&self) -> Result<(), ConstructError> {
        let (rows, cols) = (self.rows, self.cols);
        let cells = rows as u128 * cols as u128;
        if cells > MAX_STREAMED_CELLS as u128 {
            return Err(ConstructError::TooLarge { rows, cols, cells });
        }
        if let Some(reason) = no_knight_tour_reason(rows, cols, Closure::from(self.wants_closed()))
        {
            return Err(ConstructError::NoTour(reason));
        }
        for (which, end) in [("start", self.start), ("end", self.end)] {
            if let Some((row, col)) = end {
                if row >= rows || col >= cols {
                    return Err(ConstructError::OffBoard {
                        which,
                        row,
                        col,
                        rows,
                        cols,
                    });
                }
            }
        }
        self.check_colours()?;
        self.check_four_rows()
    }

    /// On a board four squares wide every open tour starts and ends on an outer line.
    fn check_four_rows(&self) -> Result<(), ConstructError> {
        if self.rows.min(self.cols) != FOUR_ROWS {
            return Ok(());
        }
        for (which, end) in [("start", self.start), ("end", self.end)] {
            let Some((row, col)) = end else { continue };
            let across = if self.rows == FOUR_ROWS { row } else { col };
            if let Some(reason) = outer_end_reason(across) {
                return Err(self.impossible(&format!("{which} on ({row},{col})"), reason));
            }
        }
        Ok(())
    }

    /// On a board with an odd number of cells a knight's path has an even number of moves,
    /// so both ends lie on the colour with more cells: the colour of the corners.
    fn check_colours(&self) -> Result<(), ConstructError> {
        if (self.rows * self.cols).is_multiple_of(2) {
            if let (Some(s), Some(e)) = (self.start, self.end) {
                if (s.0 + s.1) % 2 == (e.0 + e.1) % 2 {
                    return Err(self.impossible(
                        "start and end on squares of one colour",
                        "a tour of an even number of squares makes an odd number of moves, so its ends differ in colour",
                    ));
                }
            }
            return Ok(());
        }
        for (which, end) in [("start", self.start), ("end", self.end)] {
            if let Some((row, col)) = end {
                if (row + col) % 2 == 1 {
                    return Err(self.impossible(
                        &format!("{which} on ({row},{col})"),
                        "on a board with an odd number of squares both ends of a tour lie on the corners' colour, and this square is of the other",
                    ));
                }
            }
        }
        Ok(())
    }

    fn impossible(&self, what: &str, reason: &str) -> ConstructError {
        ConstructError::ImpossibleEnd {
            rows: self.rows,
            cols: self.cols,
            what: what.to_string(),
            reason: reason.to_string(),
        }
    }
}

/// The semimagic tour of a board [`magic::covers`] accepts, ready to be walked and streamed
/// like any constructed tour; its rows and columns are checked as it streams (see
/// [`Planned::line_sums`]). Memory is linear in its 4x4 blocks, not its cells.
pub fn build_magic(rows: usize, cols: usize) -> Result<Planned, magic::MagicRefusal> {
    // Every tile the board needs is looked up here, once, so that no walk can miss one.
    let _tour_with_every_tile = magic::cells(rows, cols)?;
    Ok(Planned {
        built: Built::Magic { rows, cols },
    })
}

/// The cells of the semimagic tour of a covered board, in chunks of about `chunk`.
fn walk_magic<E>(
    rows: usize,
    cols: usize,
    chunk: usize,
    mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
) -> Result<(), E> {
    let cells = magic::cells(rows, cols).expect("a board whose tiles build_magic found");
    let mut buffer = Vec::with_capacity(chunk);
    for (r, c) in cells {
        buffer.push((r * cols + c) as u32);
        if buffer.len() == chunk {
            sink(&mut buffer)?;
            buffer.clear();
        }
    }
    if buffer.is_empty() {
        return Ok(());
    }
    sink(&mut buffer)
}

/// A constructed tour, ready to be walked.
pub struct Planned {
    built: Built,
}

enum Built {
    /// The one cell of a 1 x 1 board.
    Single,
    /// Tiles stitched together, walked from a start.
    Stitched(Stitched, Cursor),
    /// A strip three squares wide, walked from a place in its walk (a loop read from another
    /// of its cells).
    Strip(Chain, u64),
    /// A board four squares wide.
    Four(FourRows),
    /// A semimagic tour of a rows x cols board ([`magic`]), built afresh at each walk.
    Magic {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
}

impl Planned {
    /// Whether the tour is a loop.
    pub fn closed(&self) -> bool {
        match &self.built {
            Built::Single => false,
            Built::Stitched(tour, _) => tour.closed(),
            Built::Strip(chain, _) => chain.closed(),
            Built::Four(_) => false,
            Built::Magic { .. } => false,
        }
    }

    /// Number of cells on the board.
    pub fn n_cells(&self) -> u64 {
        match &self.built {
            Built::Single => 1,
            Built::Stitched(tour, _) => tour.n_cells(),
            Built::Strip(chain, _) => chain.n_cells(),
            Built::Four(tour) => tour.n_cells(),
            Built::Magic { rows, cols } => (rows * cols) as u64,
        }
    }

    /// Walks the tour, handing cells (board indices) to `sink` in order, in chunks of about
    /// `chunk`; the sink may take the buffer, swapping in an empty one.
    pub fn walk<E>(
        &self,
        chunk: usize,
        mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
    ) -> Result<(), E> {
        match &self.built {
            Built::Single => sink(&mut vec![0]),
            Built::Stitched(tour, start) => tour.walk(*start, chunk, sink),
            Built::Strip(chain, 0) => chain.walk(chunk, sink),
            Built::Strip(chain, from) => chain.walk_from(*from, chunk, sink),
            Built::Four(tour) => tour.walk(chunk, sink),
            Built::Magic { rows, cols } => walk_magic(*rows, *cols, chunk, sink),
        }
    }

    /// The row and column sums every line of the tour has, for a semimagic tour; the
    /// streaming verifier checks them as the tour is written.
    pub fn line_sums(&self) -> Option<(u64, u64)> {
        match self.built {
            Built::Magic { rows, cols } => Some((
                magic::line_sum(cols, rows * cols),
                magic::line_sum(rows, rows * cols),
            )),
            _ => None,
        }
    }

    /// Hands the tour's cells, in order and in chunks, to `consume` (see [`stream::stream`]).
    pub fn stream<E: Send>(&self, consume: impl FnMut(&[u32]) -> Result<(), E>) -> Result<(), E> {
        stream::stream(self, consume)
    }

    /// The whole tour as board cell indices, for boards small enough to hold.
    pub fn cells(&self) -> Vec<u32> {
        let mut cells = Vec::with_capacity(self.n_cells() as usize);
        let _ = self.walk(stream::CHUNK_CELLS, |chunk: &mut Vec<u32>| {
            cells.extend_from_slice(chunk);
            Ok::<(), ()>(())
        });
        cells
    }
}

/// Plans a tour for a request with the built-in tile set: stitched tiles on boards with
/// both sides at least 5, a strip on boards three wide, two ladder paths on boards four wide.
pub fn build(request: &Request) -> Result<Planned, ConstructError> {
    build_with(request, TileSet::builtin())
}

/// [`build`] from the given tiles.
pub fn build_with(request: &Request, tiles: &TileSet) -> Result<Planned, ConstructError> {
    request.check()?;
    let (rows, cols) = (request.rows, request.cols);
    let built = match rows.min(cols) {
        _ if rows * cols == 1 => Built::Single,
        // Check refused every board one or two wide but 1 x 1.
        1 | 2 => return Err(ConstructError::TooThin { rows, cols }),
        3 => {
            let chain = strip_chain(request, tiles)?;
            let from = strip_start(&chain, request)?;
            Built::Strip(chain, from)
        }
        FOUR_ROWS => Built::Four(four_rows(request)?),
        _ => {
            let layout = Layout::of(rows, cols).ok_or(ConstructError::TooThin { rows, cols })?;
            stitched(request, layout, tiles)?
        }
    };
    Ok(Planned { built })
}

/// The stitched tour for a board with both sides at least 5. Ends that the loop (or the odd
/// tile's path) cannot give are met by a route of tiles carrying paths between them
/// ([`route`]).
fn stitched(request: &Request, layout: Layout, tiles: &TileSet) -> Result<Built, ConstructError> {
    let tour = Stitched::new(layout, tiles)?;
    let refused = match start_cursor(&tour, request) {
        Ok(start) => return Ok(Built::Stitched(tour, start)),
        Err(refused) => refused,
    };
    if request.wants_closed() {
        return Err(refused);
    }
    let deadline = Instant::now() + route::PLAN_TIME;
    let mut planned =
        plan_route(request, Closure::from(tour.closed()), 0, deadline).ok_or(refused)?;
    for variant in 1..CUTS_TRIED {
        if planned.is_ok() || Instant::now() > deadline {
            break;
        }
        if let Some(other) = plan_route(request, Closure::from(tour.closed()), variant, deadline) {
            planned = other;
        }
    }
    let (layout, route) = planned.map_err(|e| {
        ConstructError::Unsupported(format!("{e} (--method sat takes any ends on small boards)"))
    })?;
    let tour = Stitched::with_route(layout, tiles, route)?;
    let start = tour.default_start();
    Ok(Built::Stitched(tour, start))
}

/// Cuts of the board tried in turn for a route between chosen ends: more than any side has
/// (see [`plan::Bands::cut_variant`]).
const CUTS_TRIED: usize = 12;

/// The route for the request's ends on the `variant`th cut of the board, or `None` where
/// the ends need no route: both ends of a board whose tiles all close, or one end where the
/// odd tile's path is planned from it. On a board with both sides odd the route must end in
/// the odd tile, so the cut follows the ends; another cut moves the borders between tiles,
/// and with them where the ends fall.
fn plan_route(
    request: &Request,
    closed: Closure,
    variant: usize,
    deadline: Instant,
) -> Option<Result<(Layout, Route), NoRoute>> {
    let (rows, cols) = (request.rows, request.cols);
    let cut = |cell| match closed {
        Closure::Closed => Layout::variant(rows, cols, variant),
        Closure::Open => Layout::odd_holding(rows, cols, cell, variant),
    };
    let one_end = |end, reversed| {
        let layout = cut(end).ok_or(NoRoute {
            start: end,
            end: None,
        })?;
        route::plan_one_end(&layout, end, reversed, deadline).map(|route| (layout, route))
    };
    match (request.start, request.end) {
        (Some(start), Some(end)) => Some(route::plan(cut, start, end, deadline)),
        (Some(start), None) if !closed.is_closed() => Some(one_end(start, false)),
        (None, Some(end)) if !closed.is_closed() => Some(one_end(end, true)),
        _ => None,
    }
}

/// The strip for a board three squares wide (along its rows or its columns).
fn strip_chain(request: &Request, tiles: &TileSet) -> Result<Chain, ConstructError> {
    let transposed = request.cols == STRIP_ROWS && request.rows != STRIP_ROWS;
    let len = if transposed {
        request.rows
    } else {
        request.cols
    };
    let closed =
        request.wants_closed() || no_knight_tour_reason(STRIP_ROWS, len, Closure::Closed).is_none();
    let missing = |cols| MissingTile {
        rows: STRIP_ROWS,
        cols,
    };
    let (base_cols, blocks) = split_length(len, Closure::from(closed)).ok_or(missing(len))?;
    let base = tiles.strip_base(base_cols).ok_or(missing(base_cols))?;
    let block = tiles.strip_block().ok_or(missing(BLOCK_COLS))?;
    Chain::new(base, block, blocks, transposed)
        .ok_or(ConstructError::MissingTile(missing(base_cols)))
}

/// Where in the strip's walk the tour starts so that it has the requested ends: a loop is
/// read from the start, or from just after the end, or from a start whose neighbour back
/// along the loop is the end.
fn strip_start(chain: &Chain, request: &Request) -> Result<u64, ConstructError> {
    let n = chain.n_cells();
    let place = |(row, col): (usize, usize)| {
        chain
            .position_of((row * request.cols + col) as u32)
            .expect("every cell of the board is on the strip's tour")
    };
    let refused = |what: &str| {
        ConstructError::Unsupported(format!(
            "yet give a tour of a board three squares wide {what} (--method sat takes any ends on boards small enough for it)"
        ))
    };
    if !chain.closed() {
        // A path's own ends are the only ones it gives.
        let own =
            |asked: Option<(usize, usize)>, at: u64| asked.is_none_or(|cell| place(cell) == at);
        return match own(request.start, 0) && own(request.end, n - 1) {
            true => Ok(0),
            false => Err(refused("other ends than its own when it is open")),
        };
    }
    match (request.start, request.end) {
        (None, None) => Ok(0),
        (Some(start), None) => Ok(place(start)),
        (None, Some(end)) => Ok((place(end) + 1) % n),
        (Some(start), Some(end)) => {
            let from = place(start);
            (place(end) == (from + n - 1) % n)
                .then_some(from)
                .ok_or_else(|| {
                    refused("both a start and an end, unless they are neighbours on its loop")
                })
        }
    }
}

/// The tour of a board four squares wide (along its rows or its columns).
fn four_rows(request: &Request) -> Result<FourRows, ConstructError> {
    let transposed = request.cols == FOUR_ROWS && request.rows != FOUR_ROWS;
    let len = request.rows.max(request.cols);
    FourRows::new(len, transposed, request.start, request.end).ok_or_else(|| {
        ConstructError::Unsupported(format!(
            "find a tour of the {}x{} board with these ends (--method sat searches for one)",
            request.rows, request.cols
        ))
    })
}

/// Where the walk starts so that the tour has the requested ends.
fn start_cursor(tour: &Stitched, request: &Request) -> Result<Cursor, ConstructError> {
    if !tour.closed() {
        return path_start(tour, request);
    }
    let at = |(row, col)| tour.cursor_at(row, col);
    match (request.start, request.end) {
        (None, None) => Ok(tour.default_start()),
        (Some(start), None) => Ok(at(start)),
        // The loop read from the end's successor onwards ends on the end.
        (None, Some(end)) => Ok(tour.step(at(end))),
        (Some(start), Some(end)) => {
            let forward = at(start);
            let backward = tour.reversed(forward);
            [forward, backward]
                .into_iter()
                .find(|&c| tour.cell_of(tour.step(tour.reversed(c))) == end)
                .ok_or_else(|| {
                    ConstructError::Unsupported(format!(
                        "yet give a tour both a start and an end unless they are neighbours on its loop, and ({},{}) and ({},{}) are not (--method sat takes any ends on small boards)",
                        start.0, start.1, end.0, end.1
                    ))
                })
        }
    }
}

/// On a board with a path (both sides odd) the ends are those of the odd tile's path.
fn path_start(tour: &Stitched, request: &Request) -> Result<Cursor, ConstructError> {
    let starts = tour.path_starts();
    let ends = starts.map(|c| tour.cell_of(c));
    let fits = |k: usize| {
        request.start.is_none_or(|s| s == ends[k]) && request.end.is_none_or(|e| e == ends[1 - k])
    };
    (0..2).find(|&k| fits(k)).map(|k| starts[k]).ok_or_else(|| {
        ConstructError::Unsupported(format!(
            "give the odd tile's path these ends: it runs between ({},{}) and ({},{})",
            ends[0].0, ends[0].1, ends[1].0, ends[1].1
        ))
    })
}
