//! Where the search starts, and what each found solution stands for.
//!
//! **Numbered tours and directed paths** (`Form::Sequence`). Every solution has an ordered pair
//! (first cell, last cell). The automorphisms act on these pairs; the search visits only the
//! least pair of every orbit (cells ranked by degree, then index) and a solution found with
//! pair `p` stands for `|orbit(p)|` solutions, one for each image of `p`: an automorphism
//! carries the solutions with pair `p` one to one onto those with its image. Solutions fixed
//! by a symmetry need no care here, because the weight counts *pairs*, not tours. This is
//! seed 002's "starting fields" (only 10 of 64) with "allowed finishing fields" (a finish of
//! lower grade has been seen from the other end), derived for any puzzle.
//!
//! **Undirected cycles** (`Form::Cycle`). The cycle is written from one fixed cell `c0` of
//! least degree, towards the smaller of its two cycle neighbours `a < b`, so the search makes
//! `c0 -> a` first and must end on `b`: each cycle is found exactly once. The automorphisms
//! fixing `c0` act on the pairs `{a, b}`; only the least pair of each orbit is searched, with
//! the orbit size as weight.
//!
//! **Half-tours** (seed 002, and Knuth's method for seed 001's count). A closed tour mapped to
//! itself by the half turn `h` on a board of even size, where no cell is a move from its own
//! image, satisfies `c[i + n/2] = h(c[i])`: `h` acts on the cycle as an involution without
//! fixed cells, and the only such one that does not fix an edge is the rotation by `n/2`.
//! So the first `n/2` cells determine the tour; the search places `c` and `h(c)` together and
//! needs `c[n/2 - 1]` to be a move from `h(c[0])`. When the board allows other kinds of
//! symmetric tours, the plain search runs and checks the symmetry at the end.
//!
//! **Quarter-tours.** A closed tour mapped onto itself by the quarter turn `q` is mapped by
//! `q` to a rotation of itself by `n/4` steps, one way or the other (a cycle's symmetries of
//! order 4 are these two rotations), so `c[i + n/4] = g(c[i])` with `g` = `q` or `q^3`. The
//! first `n/4` cells and `g` determine the tour. Each root fixes `g` ("forward" for `q`), and
//! the search places `c` with its three images and needs `c[n/4 - 1]` to be a move from
//! `g(c[0])`. With line sums, the half-tour search runs and checks the quarter turn at the end.
//!
//! **Both ends** (numbered tours with line sums). Each root is a least pair `(first, last)`
//! itself, and the path grows from both of its ends alternately (see `walker`).

use super::autos::PackedAutomorphism;
use super::bits::Bits;
use super::mode::{FOLD, MEET, PLAIN, QUARTER};
use crate::board::Shape;
use crate::puzzle::{AngleBound, AngleCounts, Puzzle};
use crate::symmetry::{half_turn, quarter_turn, Form};
use crate::tour::Closure;

/// What one found solution stands for.
pub enum Weight {
    /// Every solution found from this root stands for this many.
    Const(u64),
    /// The orbit size of the pair (first cell, last cell) of the solution.
    Pair,
}

pub struct Root<const W: usize> {
    /// The first cells of the (half-)path: `[start]`, `[c0, a]` for cycles, or
    /// `[first, last]` when searching from both ends.
    pub path: Vec<u32>,
    /// Cells allowed as the last cell of the (half-)path.
    pub ends: Bits<W>,
    pub weight: Weight,
    /// In quarter-tours: `c[i + n/4]` is `q(c[i])` (else `q^3(c[i])`).
    pub forward: bool,
}

pub struct Plan<const W: usize> {
    pub n: usize,
    pub form: Form,
    pub closed: bool,
    /// `PLAIN`, `FOLD` (half-tours: each step places `c` and `n - 1 - c`), `QUARTER`
    /// (quarter-tours: `c` and its images under the quarter turns) or `MEET` (from both ends).
    pub mode: u8,
    /// Length of the searched path: `n / 2` for half-tours, `n / 4` for quarter-tours, else `n`.
    pub len: usize,
    /// Open tour that must be half-turn symmetric: position `n - 1 - i` holds `h(c[i])`.
    pub open_mirror: bool,
    /// Plain search for a half-turn symmetric tour: check the symmetry at the end.
    pub check_rot180: bool,
    /// The quarter turn as a cell permutation, when the tour must be quarter-turn symmetric.
    pub quarter_turn: Option<Vec<u32>>,
    /// A search that does not fold by the quarter turn: check it at the end.
    pub check_rot90: bool,
    /// The model's angle bounds, checked at the end.
    pub angle_bounds: Vec<AngleBound>,
    /// The board, for the angles.
    pub shape: Shape,
    pub roots: Vec<Root<W>>,
    /// The puzzle's automorphisms used for the reduction, identity first.
    pub autos: Vec<PackedAutomorphism>,
    /// For sequences: `pair_weights[first][last]` is the orbit size of the pair when it is
    /// the least of its orbit, else 0 (empty rows for starts never searched from).
    pair_weights: Vec<Vec<u32>>,
    /// For cycles: the fixed cell.
    c0: usize,
    /// The model's given numbers (searched from 1 up only).
    pub givens: GivenTable<W>,
}

/// No given number, or no cell, in a [`GivenTable`].
pub const NO_GIVEN: u32 = u32::MAX;

/// The given numbers as the search from 1 up reads them, by the length `p` of the path so far
/// (the next cell carries number `p + 1`).
pub struct GivenTable<const W: usize> {
    /// Whether the model gives any number.
    pub any: bool,
    /// `cell[p]`: the cell given number `p + 1`, or `NO_GIVEN`.
    pub cell: Vec<u32>,
    /// The cells given a number: no other number may go there.
    pub cells: Bits<W>,
    /// `next[p]`: the least given number above `p + 1` as (its path length, its cell), or
    /// `(NO_GIVEN, NO_GIVEN)`: the next cell must lie within reach of it.
    pub next: Vec<(u32, u32)>,
}

impl<const W: usize> GivenTable<W> {
    fn of(puzzle: &Puzzle) -> Self {
        let n = puzzle.n_cells();
        let mut cell = vec![NO_GIVEN; n];
        for &(c, k) in &puzzle.givens {
            cell[k as usize - 1] = c as u32;
        }
        let mut next = vec![(NO_GIVEN, NO_GIVEN); n];
        for p in (0..n.saturating_sub(1)).rev() {
            next[p] = if cell[p + 1] == NO_GIVEN {
                next[p + 1]
            } else {
                ((p + 1) as u32, cell[p + 1])
            };
        }
        GivenTable {
            any: !puzzle.givens.is_empty(),
            cell,
            cells: Bits::from_cells(puzzle.givens.iter().map(|&(c, _)| c)),
            next,
        }
    }
}

/// `true` when every half-turn symmetric closed tour is a rotation of itself by `n / 2`.
pub fn fold_applies(puzzle: &Puzzle) -> bool {
    let n = puzzle.n_cells();
    if !(puzzle.symmetry.has_half_turn() && puzzle.closed.is_closed()) || n % 2 == 1 || n < 4 {
        return false;
    }
    let turn = half_turn(puzzle.board.shape());
    debug_assert!((0..n).all(|c| turn.apply(c) == n - 1 - c));
    (0..n).all(|c| !puzzle.board.is_move(c, n - 1 - c))
}

/// `true` when quarter-tours apply: every quarter-turn symmetric closed tour is a half-tour,
/// no line sum needs the numbers the quarter-tour search does not track, and a quarter holds
/// at least the two cells a cycle's root places.
pub fn quarter_fold_applies(puzzle: &Puzzle) -> bool {
    let n = puzzle.n_cells();
    puzzle.symmetry.has_quarter_turn()
        && puzzle.sums.is_empty()
        && n.is_multiple_of(4)
        && n >= 8
        && fold_applies(puzzle)
}

/// A leaper that changes colour with every move visits the colours alternately, so a tour
/// from `s` to `e` holds `ceil(n/2)` cells of the colour of `s`, and `e` has that colour
/// exactly when `n` is odd.
fn colours_allow(puzzle: &Puzzle, s: usize, e: usize) -> bool {
    let board = &puzzle.board;
    if !board.leaper().alternates_colour() {
        return true;
    }
    let n = board.n_cells();
    let own = (0..n)
        .filter(|&c| board.colour(c) == board.colour(s))
        .count();
    own == n.div_ceil(2) && (board.colour(s) == board.colour(e)) == (n % 2 == 1)
}

/// For the same reason a closed tour needs as many cells of each colour.
fn colours_allow_cycles(puzzle: &Puzzle) -> bool {
    let board = &puzzle.board;
    let n = board.n_cells();
    let white = (0..n).filter(|&c| board.colour(c) == 0).count();
    !board.leaper().alternates_colour() || 2 * white == n
}

impl<const W: usize> Plan<W> {
    /// `both_ends`: line sums may be searched from both ends (`MEET`) where that applies.
    pub fn new(puzzle: &Puzzle, autos: Vec<PackedAutomorphism>, both_ends: bool) -> Self {
        let n = puzzle.n_cells();
        let form = puzzle.form();
        let fold = fold_applies(puzzle);
        let quarter = quarter_fold_applies(puzzle);
        let meet = both_ends
            && !fold
            && form == Form::Sequence
            && !puzzle.sums.is_empty()
            && !puzzle.symmetry.has_half_turn()
            && puzzle.givens.is_empty();
        let (mode, len) = if quarter {
            (QUARTER, n / 4)
        } else if fold {
            (FOLD, n / 2)
        } else if meet {
            (MEET, n)
        } else {
            (PLAIN, n)
        };
        let mut plan = Plan {
            n,
            form,
            closed: puzzle.closed.is_closed(),
            mode,
            len,
            open_mirror: puzzle.symmetry.has_half_turn() && !puzzle.closed.is_closed(),
            check_rot180: puzzle.symmetry.has_half_turn() && !fold,
            quarter_turn: puzzle.symmetry.has_quarter_turn().then(|| {
                let perm = quarter_turn(puzzle.board.shape()).perm;
                perm.into_iter().map(|c| c as u32).collect()
            }),
            check_rot90: puzzle.symmetry.has_quarter_turn() && !quarter,
            angle_bounds: puzzle.angles.clone(),
            shape: puzzle.board.shape(),
            roots: Vec::new(),
            autos,
            pair_weights: vec![Vec::new(); n],
            c0: 0,
            givens: GivenTable::of(puzzle),
        };
        debug_assert!(
            !plan.givens.any || mode == PLAIN,
            "givens are read from 1 up"
        );
        match form {
            Form::Sequence => plan.sequence_roots(puzzle),
            Form::Cycle => plan.cycle_roots(puzzle),
        }
        plan
    }

    /// One root per start cell that is least in its orbit, with the end cells that make a
    /// least (start, end) pair; each pair weighs the size of its orbit.
    fn sequence_roots(&mut self, puzzle: &Puzzle) {
        let n = self.n;
        let mut by_rank: Vec<usize> = (0..n).collect();
        by_rank.sort_by_key(|&c| (puzzle.board.degree(c), c));
        let mut rank = vec![0usize; n];
        for (r, &c) in by_rank.iter().enumerate() {
            rank[c] = r;
        }
        for &s in &by_rank {
            if !allowed(puzzle.starts.as_ref(), s) {
                continue;
            }
            // A start that some reversal-free automorphism maps lower is never a least pair.
            let lowest = self
                .autos
                .iter()
                .filter(|a| !a.rev)
                .all(|a| rank[a.perm[s] as usize] >= rank[s]);
            if !lowest {
                continue;
            }
            let weights = self.pair_weights_from(puzzle, s, &rank);
            self.push_sequence_roots(s, &weights);
            self.pair_weights[s] = weights;
        }
    }

    /// For each end cell `e`, the orbit size of the pair `(s, e)` when it is the least of its
    /// orbit (by rank) and a solution could have those ends; 0 otherwise.
    fn pair_weights_from(&self, puzzle: &Puzzle, s: usize, rank: &[usize]) -> Vec<u32> {
        let board = &puzzle.board;
        let mut weights = vec![0u32; self.n];
        for e in 0..self.n {
            let admissible = e != s
                && allowed(puzzle.ends.as_ref(), e)
                && (!self.closed || board.is_move(s, e))
                && colours_allow(puzzle, s, e);
            if !admissible {
                continue;
            }
            let key = (rank[s], rank[e]);
            let mut images: Vec<(usize, usize)> = Vec::with_capacity(self.autos.len());
            let mut least = true;
            for a in &self.autos {
                let (gs, ge) = (a.perm[s] as usize, a.perm[e] as usize);
                let image = if a.rev { (ge, gs) } else { (gs, ge) };
                if (rank[image.0], rank[image.1]) < key {
                    least = false;
                    break;
                }
                if !images.contains(&image) {
                    images.push(image);
                }
            }
            if least {
                weights[e] = images.len() as u32;
            }
        }
        weights
    }

    /// The roots from start `s`: one walk with every admissible end, or, searching from both
    /// ends, one walk per end.
    fn push_sequence_roots(&mut self, s: usize, weights: &[u32]) {
        let n = self.n;
        let admissible: Vec<usize> = (0..n).filter(|&e| weights[e] > 0).collect();
        if admissible.is_empty() {
            return;
        }
        if self.mode == QUARTER {
            for forward in [true, false] {
                let mut ends = Bits::EMPTY;
                for &e in &admissible {
                    ends.insert(self.quarter_image(e, forward));
                }
                self.roots.push(Root {
                    path: vec![s as u32],
                    ends,
                    weight: Weight::Pair,
                    forward,
                });
            }
            return;
        }
        let mut ends = Bits::EMPTY;
        for &e in &admissible {
            ends.insert(if self.mode == FOLD { n - 1 - e } else { e });
        }
        if self.mode == MEET {
            for e in (0..n).filter(|&e| weights[e] > 0) {
                self.roots.push(Root {
                    path: vec![s as u32, e as u32],
                    ends: Bits::single(e),
                    weight: Weight::Pair,
                    forward: true,
                });
            }
        } else {
            self.roots.push(Root {
                path: vec![s as u32],
                ends,
                weight: Weight::Pair,
                forward: true,
            });
        }
    }

    /// Where the quarter-tour's unfolding turn `g` (`q` when `forward`, else `q^3`) sends `c`.
    #[inline(always)]
    pub fn quarter_image(&self, c: usize, forward: bool) -> usize {
        let q = self
            .quarter_turn
            .as_ref()
            .expect("quarter-tours have the quarter turn");
        let image = q[c] as usize;
        if forward {
            image
        } else {
            self.n - 1 - image
        }
    }

    fn cycle_roots(&mut self, puzzle: &Puzzle) {
        let n = self.n;
        let board = &puzzle.board;
        if !colours_allow_cycles(puzzle) {
            return;
        }
        let c0 = (0..n).min_by_key(|&c| (board.degree(c), c)).expect("cells");
        self.c0 = c0;
        let stab: Vec<&PackedAutomorphism> = self
            .autos
            .iter()
            .filter(|a| a.perm[c0] as usize == c0)
            .collect();
        let required: Vec<usize> = puzzle
            .required
            .iter()
            .filter_map(|&(x, y)| {
                if x == c0 {
                    Some(y)
                } else if y == c0 {
                    Some(x)
                } else {
                    None
                }
            })
            .collect();
        let nbrs = board.neighbours(c0);
        let mut pairs = Vec::new();
        for (i, &a) in nbrs.iter().enumerate() {
            for &b in &nbrs[i + 1..] {
                if !required.iter().all(|&r| r == a || r == b) {
                    continue;
                }
                let mut images: Vec<(usize, usize)> = Vec::new();
                let mut least = true;
                for g in &stab {
                    let (x, y) = (g.perm[a] as usize, g.perm[b] as usize);
                    let image = (x.min(y), x.max(y));
                    if image < (a, b) {
                        least = false;
                        break;
                    }
                    if !images.contains(&image) {
                        images.push(image);
                    }
                }
                if least {
                    pairs.push((a, b, images.len() as u64));
                }
            }
        }
        for (a, b, weight) in pairs {
            self.push_cycle_roots(a, b, weight);
        }
    }

    /// The roots of cycles written `c0, a, ..., b`: in quarter-tours one for each way the
    /// quarter turn may act, each ending where that way sends `b`.
    fn push_cycle_roots(&mut self, a: usize, b: usize, weight: u64) {
        let ways: &[bool] = if self.mode == QUARTER {
            &[true, false]
        } else {
            &[true]
        };
        for &forward in ways {
            let end = match self.mode {
                QUARTER => self.quarter_image(b, forward),
                FOLD => self.n - 1 - b,
                _ => b,
            };
            self.roots.push(Root {
                path: vec![self.c0 as u32, a as u32],
                ends: Bits::single(end),
                weight: Weight::Const(weight),
                forward,
            });
        }
    }

    /// Whether the tour visiting `full` meets the model's angle bounds.
    pub fn angles_hold(&self, full: &[u32]) -> bool {
        if self.angle_bounds.is_empty() {
            return true;
        }
        let at = |i: usize| full[i] as usize;
        let counts =
            AngleCounts::of_indexed(self.shape, full.len(), Closure::from(self.closed), at);
        self.angle_bounds.iter().all(|bound| bound.holds(&counts))
    }

    /// What a solution found from `root` whose full tour ends on `last` stands for.
    #[inline(always)]
    pub fn weight(&self, root: usize, last: usize) -> u64 {
        let r = &self.roots[root];
        match r.weight {
            Weight::Const(w) => w,
            Weight::Pair => u64::from(self.pair_weights[r.path[0] as usize][last]),
        }
    }

    /// Whether the search finds this solution (given as its full sequence, or for cycles in
    /// any rotation and direction): used to hand each orbit over exactly once.
    pub fn searched(&self, seq: &[u32]) -> bool {
        let n = self.n;
        match self.form {
            Form::Sequence => {
                let (s, e) = (seq[0] as usize, seq[n - 1] as usize);
                self.pair_weights[s].get(e).is_some_and(|&w| w > 0)
            }
            Form::Cycle => {
                let i = seq
                    .iter()
                    .position(|&c| c as usize == self.c0)
                    .expect("a cycle covers c0");
                let (x, y) = (seq[(i + 1) % n], seq[(i + n - 1) % n]);
                let (a, b) = (x.min(y), x.max(y));
                let end = match self.mode {
                    QUARTER => self.quarter_image(b as usize, true),
                    FOLD => n - 1 - b as usize,
                    _ => b as usize,
                };
                self.roots
                    .iter()
                    .any(|r| r.path[1] == a && r.forward && r.ends == Bits::single(end))
            }
        }
    }
}

/// Whether `c` is in the optional cell set (no set allows every cell).
fn allowed(set: Option<&Vec<usize>>, c: usize) -> bool {
    set.is_none_or(|s| s.binary_search(&c).is_ok())
}
