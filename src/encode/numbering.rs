//! Numbering (position) encoding: cell `c` carries number `k`.
//!
//! The direct encoding of a Hamiltonian path as a permutation, as in Velev
//! and Gao: "Efficient SAT techniques for absolute encoding of permutation
//! problems: application to Hamiltonian cycles" (SARA 2009): a variable
//! `p(c, k)` per cell and number, exactly one number per cell, exactly one
//! cell per number, and consecutive numbers on cells a move apart. For a
//! closed tour the last number also neighbours the first. The numbering
//! alone is a complete model of a tour (no subtours are possible); it is
//! linked to the move variables so that rules about moves (required moves,
//! rot180) apply to it.
//!
//! Before any variable is created, (cell, number) pairs that no tour can use
//! are dropped, following the distance idea of Zhou: "In pursuit of an
//! efficient SAT encoding for the Hamiltonian cycle problem" (CP 2020):
//! - *distance*: number `k` lies `k - 1` moves after the start (and, on a
//!   closed tour, `n - k + 1` moves before it), so a cell farther than that
//!   from every allowed start cannot carry `k`; likewise for the end;
//! - *givens*: a cell given a number carries only that number, no other cell carries it,
//!   and a cell `d` moves from a cell given `g` carries no number within `d - 1` of `g`;
//! - *parity*: a colour-alternating leaper puts odd and even numbers on
//!   opposite colours, so once the colour of number 1 is known (all allowed
//!   starts share a colour, all allowed ends do, or one colour has more
//!   cells) half the pairs go. When it is not known, one auxiliary variable
//!   ("number 1 is on colour 1") ties every pair to it instead.

use rustsat::types::{Lit, Var};

use super::cardinality::exactly_one;
use super::cnf::CnfBuilder;
use super::moves::MoveVars;
use super::EncodeError;
use crate::board::{Board, Cell};
use crate::puzzle::Puzzle;
use crate::tour::Closure;

/// Which numbers each cell may carry, and why others were dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    /// `allowed[c]`: the numbers (1-based, increasing) cell `c` may carry.
    pub allowed: Vec<Vec<u32>>,
    /// Pairs dropped because they are too far from the allowed starts or ends, or break a
    /// given number (the cell given it, or too near or far from it).
    pub dropped_by_distance: usize,
    /// Pairs dropped because the colour of number 1 is known.
    pub dropped_by_parity: usize,
    /// Colour of number 1, when the parity argument fixes it.
    pub start_colour: Option<u8>,
}

/// The numbers a tour of `puzzle` could put on each cell.
pub fn number_domains(puzzle: &Puzzle) -> Domains {
    let board = &puzzle.board;
    let n = board.n_cells();
    let from_start = puzzle
        .starts
        .as_ref()
        .map(|s| board.distances_from(s.iter().copied()));
    let from_end = puzzle
        .ends
        .as_ref()
        .map(|e| board.distances_from(e.iter().copied()));
    let start_colour = known_start_colour(puzzle);
    let mut domains = Domains {
        allowed: vec![Vec::new(); n],
        dropped_by_distance: 0,
        dropped_by_parity: 0,
        start_colour,
    };
    let givens = GivenNumbers::of(puzzle);
    for cell in 0..n {
        for k in 1..=n {
            let near = |dist: &Option<Vec<usize>>, steps: usize| {
                dist.as_ref().is_none_or(|d| d[cell] <= steps)
            };
            let (after_start, before_end) = steps_from_ends(k, n, puzzle.closed);
            let ends_fit = near(&from_start, after_start) && near(&from_end, before_end);
            if !(ends_fit && givens.allow(cell, k, n, puzzle.closed)) {
                domains.dropped_by_distance += 1;
            } else if start_colour.is_some_and(|s| board.colour(cell) != colour_of(s, k)) {
                domains.dropped_by_parity += 1;
            } else {
                domains.allowed[cell].push(k as u32);
            }
        }
    }
    domains
}

/// The model's given numbers, as the domains read them.
struct GivenNumbers {
    /// `number_at[c]`: the number given to cell `c`, or 0.
    number_at: Vec<u32>,
    /// `taken[k]`: whether number `k` is given to some cell.
    taken: Vec<bool>,
    /// Each given number with the distances in moves from its cell.
    distances: Vec<(u32, Vec<usize>)>,
}

impl GivenNumbers {
    fn of(puzzle: &Puzzle) -> Self {
        let n = puzzle.n_cells();
        let mut number_at = vec![0; n];
        let mut taken = vec![false; n + 1];
        let mut distances = Vec::with_capacity(puzzle.givens.len());
        for &(cell, k) in &puzzle.givens {
            number_at[cell] = k;
            taken[k as usize] = true;
            distances.push((k, puzzle.board.distances_from([cell])));
        }
        GivenNumbers {
            number_at,
            taken,
            distances,
        }
    }

    /// Whether `cell` may carry `k`: its own given number if it has one, else no given
    /// number, and each given cell within the moves the tour makes between the two numbers.
    fn allow(&self, cell: Cell, k: usize, n: usize, closed: Closure) -> bool {
        let own = self.number_at[cell];
        let fits = if own != 0 {
            own as usize == k
        } else {
            !self.taken[k]
        };
        fits && self.distances.iter().all(|(g, d)| {
            let apart = k.abs_diff(*g as usize);
            let steps = if closed.is_closed() {
                apart.min(n - apart)
            } else {
                apart
            };
            d[cell] <= steps
        })
    }
}

/// Moves between number `k` and number 1, and between `k` and number `n`.
/// On a closed tour the way round through the closing move may be shorter.
fn steps_from_ends(k: usize, n: usize, closed: Closure) -> (usize, usize) {
    let forward = k - 1;
    let backward = n - k;
    if closed.is_closed() {
        (forward.min(n - k + 1), backward.min(k))
    } else {
        (forward, backward)
    }
}

/// Colour carried by number `k` when number 1 is on `start_colour`.
fn colour_of(start_colour: u8, k: usize) -> u8 {
    start_colour ^ ((k as u8 - 1) & 1)
}

/// The colour number 1 must have, if the parity argument decides it.
fn known_start_colour(puzzle: &Puzzle) -> Option<u8> {
    let board = &puzzle.board;
    if !board.leaper().alternates_colour() {
        return None;
    }
    let n = board.n_cells();
    let single_colour = |cells: &Option<Vec<Cell>>| {
        let cells = cells.as_ref()?;
        let first = board.colour(*cells.first()?);
        cells
            .iter()
            .all(|&c| board.colour(c) == first)
            .then_some(first)
    };
    if let Some(colour) = single_colour(&puzzle.starts) {
        return Some(colour);
    }
    if let Some(&(cell, k)) = puzzle.givens.first() {
        return Some(colour_of(board.colour(cell), k as usize));
    }
    if let Some(colour) = single_colour(&puzzle.ends) {
        return Some(colour_of(colour, n));
    }
    // Odd numbers are one more than even ones when n is odd: the colour
    // with more cells must carry them.
    let ones = (0..n).filter(|&c| board.colour(c) == 1).count();
    let zeros = n - ones;
    match ones.cmp(&zeros) {
        std::cmp::Ordering::Greater => Some(1),
        std::cmp::Ordering::Less => Some(0),
        std::cmp::Ordering::Equal => None,
    }
}

/// The numbering variables.
#[derive(Clone, Debug)]
pub struct NumberVars {
    /// `by_cell[c]`: (number, variable) for every allowed number of `c`.
    by_cell: Vec<Vec<(u32, Var)>>,
    /// `by_number[k - 1]`: (cell, variable) for every cell that may carry `k`.
    by_number: Vec<Vec<(Cell, Var)>>,
}

impl NumberVars {
    /// The variable of "cell carries number", if that pair was kept.
    pub fn var(&self, cell: Cell, number: u32) -> Option<Var> {
        let list = self.by_cell.get(cell)?;
        let i = list.binary_search_by_key(&number, |&(k, _)| k).ok()?;
        Some(list[i].1)
    }

    /// (number, variable) pairs of one cell.
    pub fn of_cell(&self, cell: Cell) -> &[(u32, Var)] {
        &self.by_cell[cell]
    }

    /// (cell, variable) pairs of one number (1-based).
    pub fn of_number(&self, number: u32) -> &[(Cell, Var)] {
        &self.by_number[number as usize - 1]
    }

    /// Every pair `(cell, number, var)`, in variable order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, u32, Var)> + '_ {
        self.by_cell
            .iter()
            .enumerate()
            .flat_map(|(c, list)| list.iter().map(move |&(k, v)| (c, k, v)))
    }

    /// Number of (cell, number) variables, one per pair kept.
    pub fn len(&self) -> usize {
        self.by_cell.iter().map(Vec::len).sum()
    }

    /// Whether no (cell, number) pair was kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Allocates `p(c, k)` for the kept pairs and writes the permutation and
/// adjacency constraints.
pub fn encode_numbering(
    b: &mut CnfBuilder,
    board: &Board,
    closed: Closure,
    domains: &Domains,
) -> Result<NumberVars, EncodeError> {
    let n = board.n_cells();
    let numbers = allocate(b, n, domains);
    for cell in 0..n {
        let lits: Vec<Lit> = numbers
            .of_cell(cell)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        exactly_one(b, &lits)?;
    }
    for k in 1..=n as u32 {
        let lits: Vec<Lit> = numbers
            .of_number(k)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        exactly_one(b, &lits)?;
    }
    write_neighbour_support(b, board, closed, &numbers);
    if domains.start_colour.is_none() && board.leaper().alternates_colour() {
        tie_to_start_colour(b, board, &numbers);
    }
    Ok(numbers)
}

fn allocate(b: &mut CnfBuilder, n: usize, domains: &Domains) -> NumberVars {
    let mut by_number: Vec<Vec<(Cell, Var)>> = vec![Vec::new(); n];
    let by_cell = domains
        .allowed
        .iter()
        .enumerate()
        .map(|(cell, allowed)| {
            allowed
                .iter()
                .map(|&k| {
                    let var = b.new_var();
                    by_number[k as usize - 1].push((cell, var));
                    (k, var)
                })
                .collect()
        })
        .collect();
    NumberVars { by_cell, by_number }
}

/// The number after (and before) `k` sits on a neighbouring cell. Either
/// direction alone defines the tour; both propagate much better.
fn write_neighbour_support(
    b: &mut CnfBuilder,
    board: &Board,
    closed: Closure,
    numbers: &NumberVars,
) {
    let n = board.n_cells() as u32;
    for (cell, k, var) in numbers.iter() {
        for next in [successor(k, n, closed), predecessor(k, n, closed)]
            .into_iter()
            .flatten()
        {
            let mut clause = vec![var.neg_lit()];
            clause.extend(
                board
                    .neighbours(cell)
                    .iter()
                    .filter_map(|&d| numbers.var(d, next))
                    .map(Var::pos_lit),
            );
            b.add(clause);
        }
    }
}

fn successor(k: u32, n: u32, closed: Closure) -> Option<u32> {
    if k < n {
        Some(k + 1)
    } else {
        (closed.is_closed() && n > 1).then_some(1)
    }
}

fn predecessor(k: u32, n: u32, closed: Closure) -> Option<u32> {
    if k > 1 {
        Some(k - 1)
    } else {
        (closed.is_closed() && n > 1).then_some(n)
    }
}

/// One variable for "number 1 is on colour 1": every pair implies its value.
fn tie_to_start_colour(b: &mut CnfBuilder, board: &Board, numbers: &NumberVars) {
    let start_on_one = b.new_var();
    for (cell, k, var) in numbers.iter() {
        let one_if_start_on_one = colour_of(1, k as usize) == board.colour(cell);
        b.implies(var.pos_lit(), start_on_one.lit(!one_if_start_on_one));
    }
}

/// Ties the move variables to the numbering: `u -> v` is chosen exactly when
/// `v` carries the number after `u`'s; the tour starts and ends where 1 and
/// `n` are.
pub fn link_moves(b: &mut CnfBuilder, board: &Board, numbers: &NumberVars, moves: &MoveVars) {
    let n = board.n_cells() as u32;
    for (u, v, arc) in moves.arcs.iter() {
        for &(k, at_u) in numbers.of_cell(u) {
            match successor(k, n, moves.closed).and_then(|next| numbers.var(v, next)) {
                Some(at_v) => {
                    b.add([arc.neg_lit(), at_u.neg_lit(), at_v.pos_lit()]);
                    b.add([at_u.neg_lit(), at_v.neg_lit(), arc.pos_lit()]);
                }
                None => b.add([arc.neg_lit(), at_u.neg_lit()]),
            }
        }
    }
    if moves.closed.is_closed() {
        // A closed tour has no virtual node: number 1 follows number n.
        return;
    }
    for cell in 0..board.n_cells() {
        link_virtual(b, moves.start[cell], numbers.var(cell, 1));
        link_virtual(b, moves.end[cell], numbers.var(cell, n));
    }
}

/// `virtual_arc <-> number`, where either may be missing (then false).
fn link_virtual(b: &mut CnfBuilder, virtual_arc: Option<Var>, number: Option<Var>) {
    match (virtual_arc, number) {
        (Some(arc), Some(num)) => {
            b.implies(arc.pos_lit(), num.pos_lit());
            b.implies(num.pos_lit(), arc.pos_lit());
        }
        (Some(arc), None) => b.add([arc.neg_lit()]),
        (None, Some(num)) => b.add([num.neg_lit()]),
        (None, None) => {}
    }
}

/// How the half turn `h` renumbers a tour it maps onto itself, when that is
/// forced: `partner(k)` is the number `h(c)` carries when `c` carries `k`.
///
/// - An open tour is a path, and the only non-trivial map of a path onto
///   itself reverses it: `k -> n + 1 - k`.
/// - A cycle mapped onto itself by an involution is either turned half way
///   round (`k -> k + n/2`) or reflected; a reflection of an even cycle fixes
///   two cells or two moves. So when `h` fixes no cell and no move `{c, h(c)}`
///   exists, the half way round is forced (Jelliss's "centrosymmetric" tours,
///   seed 002: cells opposite through the centre are numbered `n/2` apart).
///
/// `None` when no renumbering is forced (the move rule still applies).
pub fn half_turn_partner(board: &Board, closed: Closure, turn: &[Cell]) -> Option<Vec<u32>> {
    let n = board.n_cells();
    if turn.iter().enumerate().all(|(c, &image)| c == image) {
        return None;
    }
    let numbers = 1..=n as u32;
    if !closed.is_closed() {
        return Some(numbers.map(|k| n as u32 + 1 - k).collect());
    }
    let fixes_a_cell = turn.iter().enumerate().any(|(c, &image)| c == image);
    let fixes_a_move = (0..n).any(|c| board.is_move(c, turn[c]));
    if n % 2 == 1 || fixes_a_cell || fixes_a_move {
        return None;
    }
    let half = n as u32 / 2;
    Some(numbers.map(|k| (k - 1 + half) % n as u32 + 1).collect())
}

/// `p(c, k) <-> p(h(c), partner(k))` for every kept pair; a pair whose
/// partner was dropped is dropped too. The move rule implies this only
/// through a long chain of propagations; stated directly it halves the
/// numbering the solver has to find.
pub fn require_half_turn_numbering(
    b: &mut CnfBuilder,
    numbers: &NumberVars,
    turn: &[Cell],
    partner: &[u32],
) {
    for (cell, k, var) in numbers.iter() {
        match numbers.var(turn[cell], partner[k as usize - 1]) {
            Some(image) => b.implies(var.pos_lit(), image.pos_lit()),
            None => b.add([var.neg_lit()]),
        }
    }
}

/// Under the quarter turn `q` a closed tour of `n` cells is a rotation of itself by `n/4`
/// steps, one way or the other: `p(c, k) -> p(q(c), k + n/4)` for every kept pair, or
/// `p(c, k) -> p(q(c), k - n/4)` for every one. A fresh variable chooses the way, so each
/// numbering still has exactly one model. Like the half turn's rule this is implied by the
/// moves, and stated directly it quarters the numbering the solver has to find.
pub fn require_quarter_turn_numbering(b: &mut CnfBuilder, numbers: &NumberVars, turn: &[Cell]) {
    let n = turn.len() as u32;
    let forward = b.new_var();
    for (way, shift) in [(forward.pos_lit(), n / 4), (forward.neg_lit(), n - n / 4)] {
        for (cell, k, var) in numbers.iter() {
            let image = (k - 1 + shift) % n + 1;
            match numbers.var(turn[cell], image) {
                Some(image) => b.add([!way, var.neg_lit(), image.pos_lit()]),
                None => b.add([!way, var.neg_lit()]),
            }
        }
    }
}
