//! Prefix cubes: a cube whose tour starts on a fixed cell, split further by
//! the cells that carry the next few numbers.
//!
//! Every tour of such a cube begins with a knight path `c1 c2 ... cL` from
//! the start, so the paths of length `L` split the cube into disjoint parts;
//! each part is the cube's assumptions plus `p(ci, i)` for `i = 2..=L`. One
//! incremental solver works through them in turn and keeps what it learnt,
//! which is the "conquer" half of cube and conquer (Heule, Kullmann,
//! Wieringa and Biere, HVC 2011) with the cubes written down by hand.
//!
//! Whether this pays depends on the model, so the caller chooses `L`
//! (results/ holds the measurements behind the default).
//!
//! Paths that break a rule the encoding states outright are left out: a cell
//! whose number is already fixed (the start, a fixed end, or the half-turn
//! image of a placed cell when the numbering of opposite cells is forced), a
//! number already placed elsewhere, or a (cell, number) pair the encoding
//! dropped. Leaving them out loses nothing, since no solution has them.

use rustsat::types::Lit;

use crate::board::Cell;
use crate::encode::numbering::NumberVars;
use crate::puzzle::Puzzle;

/// At most this many parts per cube. The default length gives magic-closed-
/// centrosymmetric at most about 27,000; a length that gives millions would
/// spend more time listing and assuming than solving.
pub const MAX_PARTS: usize = 1_000_000;

/// Why a cube could not be split.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "--prefix-length {length} splits one cube into more than {MAX_PARTS} parts; choose a shorter length"
)]
pub struct TooManyParts {
    /// The prefix length asked for: the number of cells each part fixes.
    pub length: u32,
}

/// The cells already numbered, both ways round, with undo for backtracking.
struct Placement {
    number_of: Vec<Option<u32>>,
    cell_of: Vec<Option<Cell>>,
    /// What `place` changed, to undo in reverse order.
    trail: Vec<(Cell, u32)>,
}

impl Placement {
    fn new(n_cells: usize) -> Self {
        Placement {
            number_of: vec![None; n_cells],
            cell_of: vec![None; n_cells + 1],
            trail: Vec::new(),
        }
    }

    /// Puts `number` on `cell` unless it contradicts what is placed.
    fn place(&mut self, cell: Cell, number: u32) -> bool {
        match (self.number_of[cell], self.cell_of[number as usize]) {
            (None, None) => {
                self.number_of[cell] = Some(number);
                self.cell_of[number as usize] = Some(cell);
                self.trail.push((cell, number));
                true
            }
            (Some(k), Some(c)) => k == number && c == cell,
            _ => false,
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (cell, number) = self.trail.pop().expect("trail longer than mark");
            self.number_of[cell] = None;
            self.cell_of[number as usize] = None;
        }
    }
}

/// What the paths must respect.
struct Rules<'a> {
    puzzle: &'a Puzzle,
    numbers: &'a NumberVars,
    /// `(turn, partner)`: the cell opposite `c` carries `partner[k - 1]`
    /// when `c` carries `k`.
    half_turn: Option<(Vec<Cell>, Vec<u32>)>,
    length: u32,
}

impl Rules<'_> {
    /// Places `number` on `cell`, and its partner on the opposite cell.
    fn place(&self, placed: &mut Placement, cell: Cell, number: u32) -> bool {
        if !placed.place(cell, number) {
            return false;
        }
        match &self.half_turn {
            Some((turn, partner)) => placed.place(turn[cell], partner[number as usize - 1]),
            None => true,
        }
    }
}

/// The parts of the cube "number 1 on `start`" (and "the last number on
/// `end`", when given): one list of extra assumption literals per knight
/// path of `length` cells from `start` that the encoding allows. `length`
/// below 2 gives the cube whole (one empty list).
pub fn prefix_cubes(
    puzzle: &Puzzle,
    numbers: &NumberVars,
    start: Cell,
    end: Option<Cell>,
    length: u32,
) -> Result<Vec<Vec<Lit>>, TooManyParts> {
    let n = puzzle.n_cells();
    if length < 2 {
        return Ok(vec![Vec::new()]);
    }
    let rules = Rules {
        puzzle,
        numbers,
        half_turn: half_turn_numbering(puzzle),
        length: length.min(n as u32),
    };
    let mut placed = Placement::new(n);
    let ends_fit = rules.place(&mut placed, start, 1)
        && end.is_none_or(|end| rules.place(&mut placed, end, n as u32));
    let mut out = Vec::new();
    if ends_fit {
        extend_paths(&rules, &mut placed, start, &mut Vec::new(), &mut out);
    }
    if out.len() > MAX_PARTS {
        return Err(TooManyParts { length });
    }
    Ok(out)
}

/// The forced numbering of opposite cells of a half-turn symmetric tour, if any.
fn half_turn_numbering(puzzle: &Puzzle) -> Option<(Vec<Cell>, Vec<u32>)> {
    if !puzzle.symmetry.has_half_turn() {
        return None;
    }
    let turn = crate::symmetry::half_turn(puzzle.board.shape()).perm;
    let partner = crate::encode::numbering::half_turn_partner(&puzzle.board, puzzle.closed, &turn)?;
    Some((turn, partner))
}

/// Depth-first over the paths that continue `path` (numbers 2, 3, ... so far)
/// from `last`; every complete one goes to `out`, up to one more than
/// [`MAX_PARTS`].
fn extend_paths(
    rules: &Rules<'_>,
    placed: &mut Placement,
    last: Cell,
    path: &mut Vec<Lit>,
    out: &mut Vec<Vec<Lit>>,
) {
    if out.len() > MAX_PARTS {
        return;
    }
    let number = path.len() as u32 + 2;
    if number > rules.length {
        out.push(path.clone());
        return;
    }
    for &next in rules.puzzle.board.neighbours(last) {
        let Some(var) = rules.numbers.var(next, number) else {
            continue;
        };
        let mark = placed.trail.len();
        if rules.place(placed, next, number) {
            path.push(var.pos_lit());
            extend_paths(rules, placed, next, path, out);
            path.pop();
        }
        placed.undo_to(mark);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{EncodeOptions, Encoding};
    use crate::spec::Spec;
    use crate::tour::Tour;

    fn puzzle(toml: &str) -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
    }

    fn numbers(puzzle: &Puzzle) -> NumberVars {
        let encoding = Encoding::build(puzzle, &EncodeOptions::default()).unwrap();
        encoding.numbers().expect("a numbered model").clone()
    }

    /// The literals a tour sets for numbers 2..=length.
    fn prefix_of(numbers: &NumberVars, tour: &Tour, length: usize) -> Vec<Lit> {
        (2..=length)
            .map(|k| {
                numbers
                    .var(tour.order()[k - 1], k as u32)
                    .unwrap()
                    .pos_lit()
            })
            .collect()
    }

    #[test]
    fn a_short_length_keeps_the_cube_whole() {
        let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
        assert_eq!(
            prefix_cubes(&p, &numbers(&p), 0, None, 1).unwrap(),
            vec![Vec::<Lit>::new()]
        );
    }

    #[test]
    fn paths_from_a_corner_follow_the_knight() {
        let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
        let vars = numbers(&p);
        // From (0,0) the knight reaches (1,2) and (2,1); from each, the
        // paths go on to every neighbour but the corner.
        let cubes = prefix_cubes(&p, &vars, 0, None, 3).unwrap();
        let expected: usize = [7, 11]
            .iter()
            .map(|&second| p.board.neighbours(second).len() - 1)
            .sum();
        assert_eq!(cubes.len(), expected);
        assert!(cubes.iter().all(|cube| cube.len() == 2));
    }

    /// Every numbered solution, from the native engine without symmetry.
    fn all_tours(puzzle: &Puzzle) -> Vec<Tour> {
        let found = std::sync::Mutex::new(Vec::new());
        let options = crate::search::SearchOptions {
            jobs: 1,
            symmetry: false,
            node_budget: None,
        };
        let sink = |class: crate::run::Class| found.lock().unwrap().extend(class.members);
        crate::search::enumerate(puzzle, &options, &Default::default(), &sink, &|_| {}).unwrap();
        let tours = found.into_inner().unwrap();
        for tour in &tours {
            assert!(crate::verify::verify(puzzle, tour).is_empty(), "{tour:?}");
        }
        tours
    }

    fn assert_each_solution_in_one_cube(p: &Puzzle, end: Option<Cell>, length: u32) {
        let vars = numbers(p);
        let cubes = prefix_cubes(p, &vars, 0, end, length).unwrap();
        let tours = all_tours(p);
        assert!(!tours.is_empty());
        for tour in &tours {
            let prefix = prefix_of(&vars, tour, length as usize);
            assert_eq!(cubes.iter().filter(|cube| **cube == prefix).count(), 1);
        }
    }

    #[test]
    fn every_open_tour_lies_in_exactly_one_prefix_cube() {
        let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
        assert_each_solution_in_one_cube(&p, None, 6);
    }

    #[test]
    fn every_half_turn_symmetric_cycle_lies_in_exactly_one_prefix_cube() {
        let p = puzzle(
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n[start]\ncells = [[0, 0]]",
        );
        assert_each_solution_in_one_cube(&p, None, 7);
    }

    #[test]
    fn opposite_cells_of_placed_ones_are_not_visited() {
        let open = puzzle("board = \"6x6\"\nclosed = true\n[start]\ncells = [[0, 0]]");
        let turned = puzzle(
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n[start]\ncells = [[0, 0]]",
        );
        let plain = prefix_cubes(&open, &numbers(&open), 0, None, 6)
            .unwrap()
            .len();
        let fewer = prefix_cubes(&turned, &numbers(&turned), 0, None, 6)
            .unwrap()
            .len();
        assert!(
            fewer < plain,
            "{fewer} cubes with the half turn, {plain} without"
        );
    }

    #[test]
    fn a_split_into_too_many_parts_is_refused() {
        let p = puzzle("board = \"8x8\"\n[start]\ncells = [[0, 0]]");
        assert_eq!(
            prefix_cubes(&p, &numbers(&p), 0, None, 40),
            Err(TooManyParts { length: 40 })
        );
    }
}
