//! Tours with both ends chosen, on boards whose tiles all carry loops.
//!
//! The tiles from the start's tile to the end's form the route: along the start's band of
//! columns to the end's band of rows, then along that band (or the same from the end's tile,
//! walked backwards). The comb is laid with its spine in the band of columns the route runs
//! along (off the route if it runs along a band of rows only), so the route is a path in the
//! comb. Each route tile carries a path instead of a loop, found when the tour is planned (by
//! the native search, or the SAT engine where the search gives up quickly; the verifier checks
//! each): from the cell where the route enters it (the start, in the first tile) to a cell a
//! knight's move from where the next tile's path begins (the end, in the last tile), making the
//! agreed moves of the sides where the comb joins it to tiles off the route. The paths laid end
//! to end make one path from the start to the end, and every other tile joins it by the usual
//! stitch (a loop joined to a path gives a path), so the whole is one path between the chosen
//! ends.

use super::find::{find_tile_within, path_tile_spec, search_tile_within, FindError};
use super::plan::Layout;
use super::stitch::{Local, Side};
use super::tiles::Tile;
use crate::board::Leaper;
use crate::run::Limits;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Time the native search has for one route tile before the SAT engine is asked.
const SEARCH_TIME: Duration = Duration::from_millis(200);

/// Time the SAT engine has for one route tile before another choice of cells is tried.
const SAT_TIME: Duration = Duration::from_secs(5);

/// Time for planning a route, over every choice of cut and cells, before it is given up.
pub const PLAN_TIME: Duration = Duration::from_secs(20);

/// Cells by a border tried as a tile's exit, nearest the middle of the border first.
const EXITS_TRIED: usize = 24;

/// A board cell (row, column) or a band (row band, column band).
type Pair = (usize, usize);

/// The route tiles and the paths they carry.
pub struct Route {
    /// Bands of the route's two end tiles: `first` in the spine's band of columns, the
    /// corner in `last`'s band of rows.
    first: Pair,
    last: Pair,
    /// Band of columns of the comb's spine.
    spine: usize,
    /// Walked from `last` to `first`.
    reversed: bool,
    /// The paths found, and for each route tile in route order the index of its path.
    paths: Vec<Tile>,
    path_of: Vec<u32>,
}

/// Why no route was planned.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("find paths for the tiles between ({},{}) and {} with those ends", .start.0, .start.1, end_name(.end.as_ref()))]
pub struct NoRoute {
    /// The start asked for (or the one end asked for).
    pub start: Pair,
    /// The end asked for, if any.
    pub end: Option<Pair>,
}

fn end_name(end: Option<&Pair>) -> String {
    match end {
        Some((r, c)) => format!("({r},{c})"),
        None => "any cell of its tile".to_string(),
    }
}

fn between(x: usize, a: usize, b: usize) -> bool {
    a.min(b) <= x && x <= a.max(b)
}

fn toward(from: usize, to: usize, steps: usize) -> usize {
    if to >= from {
        from + steps
    } else {
        from - steps
    }
}

impl Route {
    /// The band of columns the comb's spine must lie in.
    pub fn spine(&self) -> usize {
        self.spine
    }

    /// Route tiles.
    pub fn len(&self) -> usize {
        self.path_of.len()
    }

    /// Whether the route is empty (never, once planned).
    pub fn is_empty(&self) -> bool {
        self.path_of.is_empty()
    }

    /// The paths the route tiles carry, indexed by [`Route::path_index`].
    pub fn paths(&self) -> &[Tile] {
        &self.paths
    }

    /// Index into [`Route::paths`] of route tile `k`'s path.
    pub fn path_index(&self, k: usize) -> usize {
        self.path_of[k] as usize
    }

    /// The place on the route of the tile in bands (`i`, `j`), if it lies on the route.
    pub fn index_of(&self, (i, j): Pair) -> Option<usize> {
        let ((i0, j0), (i1, j1)) = (self.first, self.last);
        let along = if j == j0 && between(i, i0, i1) {
            i.abs_diff(i0)
        } else if i == i1 && between(j, j0, j1) {
            i1.abs_diff(i0) + j.abs_diff(j0)
        } else {
            return None;
        };
        Some(self.walked(along))
    }

    /// The bands of route tile `k`.
    pub fn band(&self, k: usize) -> Pair {
        band_on(self.first, self.last, self.walked(k))
    }

    /// Place in walking order of the `k`th tile from `first` (and the other way round).
    fn walked(&self, k: usize) -> usize {
        if self.reversed {
            self.len() - 1 - k
        } else {
            k
        }
    }
}

fn band_on((i0, j0): Pair, (i1, j1): Pair, k: usize) -> Pair {
    let down = i1.abs_diff(i0);
    if k <= down {
        (toward(i0, i1, k), j0)
    } else {
        (i1, toward(j0, j1, k - down))
    }
}

/// The side of tile `a` that faces its neighbour `b`.
fn side_toward(a: Pair, b: Pair) -> Side {
    match (b.0.cmp(&a.0), b.1.cmp(&a.1)) {
        (std::cmp::Ordering::Greater, _) => Side::Bottom,
        (std::cmp::Ordering::Less, _) => Side::Top,
        (_, std::cmp::Ordering::Greater) => Side::Right,
        _ => Side::Left,
    }
}

/// Plans the route for a tour from `start` to `end` (board cells of opposite colours, or both
/// of the corners' colour on a board with both sides odd): down or up from the start's tile
/// and then across, or else (walked backwards) down or up from the end's tile and across.
/// `layout_ending_at(cell)` cuts the board for a route whose last tile holds `cell`: where
/// both sides are odd, the odd tile must be that last tile, since a path through it joins two
/// cells of one colour and every other route tile's path joins cells of both. Planning stops
/// at `deadline`.
pub fn plan(
    layout_ending_at: impl Fn(Pair) -> Option<Layout>,
    start: Pair,
    end: Pair,
    deadline: Instant,
) -> Result<(Layout, Route), NoRoute> {
    let one_way = |from: Pair, to: Pair, reversed: bool| {
        let layout = layout_ending_at(to)?;
        let route = plan_from(&layout, from, Some(to), reversed, deadline)?;
        Some((layout, route))
    };
    one_way(start, end, false)
        .or_else(|| one_way(end, start, true))
        .ok_or(NoRoute {
            start,
            end: Some(end),
        })
}

/// Plans a route of one tile for a path with only one end chosen, on a board with both sides
/// odd: the odd tile holds `end` (the start when `reversed` is false, else the end) and
/// carries a path from it to a cell of its own colour in the same tile.
pub fn plan_one_end(
    layout: &Layout,
    end: Pair,
    reversed: bool,
    deadline: Instant,
) -> Result<Route, NoRoute> {
    plan_from(layout, end, None, reversed, deadline).ok_or(NoRoute {
        start: end,
        end: None,
    })
}

/// The route from `from`'s tile (in the spine's band of columns) to `to`'s; `reversed`
/// turns its paths round so that it is walked from `to` to `from`.
fn plan_from(
    layout: &Layout,
    from: Pair,
    to: Option<Pair>,
    reversed: bool,
    deadline: Instant,
) -> Option<Route> {
    let band = |(r, c): Pair| (layout.rows.band_of(r), layout.cols.band_of(c));
    let (first, last) = (band(from), band(to.unwrap_or(from)));
    let len = first.0.abs_diff(last.0) + first.1.abs_diff(last.1) + 1;
    let mut finder = Finder {
        layout,
        spine: spine_for(layout, first, last),
        route: (first, last),
        len,
        known: HashMap::new(),
        paths: Vec::new(),
        deadline,
    };
    let local = |k: usize, (r, c): Pair| {
        let (i, j) = band_on(first, last, k);
        (r - layout.rows.start(i), c - layout.cols.start(j))
    };
    let colour = (from.0 + from.1) % 2;
    let ends = match to {
        Some(to) => vec![local(len - 1, to)],
        None => finder.cells_of_colour(first, colour, from),
    };
    let mut path_of = finder.choose(local(0, from), &ends, colour)?;
    if reversed {
        path_of.reverse();
        for path in &mut finder.paths {
            path.order.reverse();
        }
    }
    Some(Route {
        first,
        last,
        spine: finder.spine,
        reversed,
        paths: finder.paths,
        path_of,
    })
}

/// The comb's spine for a route: the first tile's band of columns where the route runs
/// along it; for a route within one band of rows, a band of columns off the route where
/// there is one, so that no route tile must also make the spine's agreed moves.
fn spine_for(layout: &Layout, first: Pair, last: Pair) -> usize {
    let (low, high) = (first.1.min(last.1), first.1.max(last.1));
    if first.0 != last.0 {
        first.1
    } else if low > 0 {
        0
    } else if high + 1 < layout.cols.len() {
        high + 1
    } else {
        first.1
    }
}

/// Paths for route tiles, each model solved once.
struct Finder<'a> {
    layout: &'a Layout,
    spine: usize,
    route: (Pair, Pair),
    /// Route tiles.
    len: usize,
    /// Model (size, entry, exit, sides) -> index of its path, or `None` if none was found.
    known: HashMap<(Pair, Local, Local, [bool; 4]), Option<u32>>,
    paths: Vec<Tile>,
    deadline: Instant,
}

/// A choice of where a route tile's path ends and the next begins.
struct Step {
    /// (exit in this tile, entry in the next), in the order tried.
    choices: Vec<(Local, Local)>,
    tried: usize,
    entry: Local,
    path: u32,
}

impl Finder<'_> {
    /// Paths for the route tiles from `entry` in the first to one of `ends` in the last,
    /// trying the cells between tiles in turn and going back a tile when one has no path.
    fn choose(&mut self, entry: Local, ends: &[Local], colour: usize) -> Option<Vec<u32>> {
        let len = self.len;
        let mut steps: Vec<Step> = Vec::new();
        let mut next_entry = entry;
        loop {
            let k = steps.len();
            if k + 1 == len {
                if let Some(last) = self.last_path(k, next_entry, ends) {
                    return Some(steps.iter().map(|s| s.path).chain([last]).collect());
                }
            } else {
                let choices = self.exits(k, next_entry, colour);
                steps.push(Step {
                    choices,
                    tried: 0,
                    entry: next_entry,
                    path: 0,
                });
            }
            // Advance the last step to its next choice that has a path, backing up as needed.
            loop {
                let step = steps.last_mut()?;
                let Some(&(out, into)) = step.choices.get(step.tried) else {
                    steps.pop();
                    continue;
                };
                step.tried += 1;
                let entry = step.entry;
                let k = steps.len() - 1;
                if Instant::now() > self.deadline {
                    return None;
                }
                if let Some(path) = self.path(k, entry, out) {
                    steps[k].path = path;
                    next_entry = into;
                    break;
                }
            }
        }
    }

    /// Candidate exits from route tile `k` into tile `k + 1`, with the entry each gives:
    /// cells by the shared border, of the colour opposite the start's, not the tile's entry.
    fn exits(&self, k: usize, entry: Local, colour: usize) -> Vec<(Local, Local)> {
        let (a, b) = (self.band(k), self.band(k + 1));
        let (ra, rb) = (self.rect(a), self.rect(b));
        let side = side_toward(a, b);
        let mut found = Vec::new();
        for r in ra.0..ra.0 + ra.2 {
            for c in ra.1..ra.1 + ra.3 {
                let near = match side {
                    Side::Bottom => ra.0 + ra.2 - r <= 2,
                    Side::Top => r - ra.0 < 2,
                    Side::Right => ra.1 + ra.3 - c <= 2,
                    Side::Left => c - ra.1 < 2,
                };
                let local = (r - ra.0, c - ra.1);
                if !near || (r + c) % 2 == colour || local == entry {
                    continue;
                }
                for [_, dr, dc] in Leaper::KNIGHT.displacements(false) {
                    let y = (r as i64 + dr, c as i64 + dc);
                    if let (Ok(yr), Ok(yc)) = (usize::try_from(y.0), usize::try_from(y.1)) {
                        if inside((yr, yc), rb) {
                            found.push(((r, c), (yr, yc)));
                        }
                    }
                }
            }
        }
        let middle = (ra.0 + ra.2 / 2, ra.1 + ra.3 / 2);
        let off_middle = |(x, _): &(Pair, Pair)| match side {
            Side::Top | Side::Bottom => x.1.abs_diff(middle.1),
            Side::Left | Side::Right => x.0.abs_diff(middle.0),
        };
        found.sort_by_key(|pair| (off_middle(pair), *pair));
        found
            .into_iter()
            .take(EXITS_TRIED)
            .map(|(x, y)| ((x.0 - ra.0, x.1 - ra.1), (y.0 - rb.0, y.1 - rb.1)))
            .collect()
    }

    /// The last tile's path from `entry` to the first of `ends` that has one.
    fn last_path(&mut self, k: usize, entry: Local, ends: &[Local]) -> Option<u32> {
        let deadline = self.deadline;
        ends.iter()
            .take_while(|_| Instant::now() <= deadline)
            .find_map(|&end| self.path(k, entry, end))
    }

    /// The cells of the tile in bands `band` of colour `colour` but `but` (all local).
    fn cells_of_colour(&self, band: Pair, colour: usize, but: Pair) -> Vec<Local> {
        let (r0, c0, rows, cols) = self.rect(band);
        let cells = (r0..r0 + rows).flat_map(|r| (c0..c0 + cols).map(move |c| (r, c)));
        cells
            .filter(|&(r, c)| (r + c) % 2 == colour && (r, c) != but)
            .map(|(r, c)| (r - r0, c - c0))
            .collect()
    }

    fn band(&self, k: usize) -> Pair {
        band_on(self.route.0, self.route.1, k)
    }

    /// (first row, first column, rows, columns) of the tile in bands `band`.
    fn rect(&self, (i, j): Pair) -> (usize, usize, usize, usize) {
        let (rows, cols) = (&self.layout.rows, &self.layout.cols);
        (rows.start(i), cols.start(j), rows.width(i), cols.width(j))
    }

    /// The path of route tile `k` from `entry` to `exit`, found once per model.
    fn path(&mut self, k: usize, entry: Local, exit: Local) -> Option<u32> {
        let band = self.band(k);
        let (_, _, rows, cols) = self.rect(band);
        let mut sides = [false; 4];
        for side in Side::ALL {
            let neighbour_on_route = |k2: usize| Some(self.band(k2)) == side.neighbour(band);
            let on_route = (k > 0 && neighbour_on_route(k - 1))
                || (k + 1 < self.len && neighbour_on_route(k + 1));
            sides[side.slot()] = !on_route && self.layout.comb_joins(self.spine, band, side);
        }
        let key = ((rows, cols), entry, exit, sides);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let required: Vec<Side> = Side::ALL.into_iter().filter(|s| sides[s.slot()]).collect();
        let spec = path_tile_spec(rows, cols, entry, exit, &required);
        let within = |time| Limits {
            timeout: Some(time),
            ..Limits::default()
        };
        // The search's "none" is an answer; only its time running out calls for the solver.
        let found = match search_tile_within(&spec, &within(SEARCH_TIME)) {
            Err(FindError::Undecided { .. }) => find_tile_within(&spec, &within(SAT_TIME)),
            found => found,
        };
        let found = found.ok().map(|tile| {
            self.paths.push(tile);
            (self.paths.len() - 1) as u32
        });
        self.known.insert(key, found);
        found
    }
}

fn inside((r, c): Pair, rect: (usize, usize, usize, usize)) -> bool {
    (rect.0..rect.0 + rect.2).contains(&r) && (rect.1..rect.1 + rect.3).contains(&c)
}
