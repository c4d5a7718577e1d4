//! From a model back to a tour, and from a tour to the clause that blocks it.
//!
//! This module owns the reading direction of [`Encoding`]: decoding the
//! primary variables of a model into a [`Tour`] (or into the subtours a lazy
//! model still contains), the cut-set clause that forbids a subtour (Ohashi,
//! Soh, Le Berre, Nabeshima, Banbara, Inoue, Tamura: "SAT-based CEGAR method
//! for the Hamiltonian cycle problem enhanced by cut-set constraints", SAT
//! 2025), and the blocking clause that excludes one known solution.
//!
//! Decoding never guesses: a model whose primary variables do not describe
//! exactly one tour (a cell with two numbers, two successors, ...) is an
//! error, not a tour.

use rustsat::types::{Lit, Var};

use super::{EncodeError, Encoding, VariableFamily};
use crate::board::Cell;
use crate::tour::{Tour, TourError};

/// What the primary variables of a model describe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// One complete tour.
    Tour(Tour),
    /// Several cycles (lazy connectivity only): the cells of each cycle that
    /// must be cut off, none containing the whole board.
    Subtours(Vec<Vec<Cell>>),
}

/// A model that does not describe a tour.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DecodeError {
    /// A cell carries no number or several.
    #[error("cell {cell} carries {count} numbers, not exactly one")]
    NumbersPerCell {
        /// The cell, as `(row,col)` or `(layer,row,col)`.
        cell: String,
        /// How many numbers it carries.
        count: usize,
    },
    /// A cell is not entered, or not left, exactly once (the start and end count as moves).
    #[error("cell {cell} has {count} chosen moves {direction}, not exactly one")]
    MovesPerCell {
        /// The cell, as `(row,col)` or `(layer,row,col)`.
        cell: String,
        /// How many chosen moves enter it, or leave it.
        count: usize,
        /// Which of the two: `into it` or `out of it`.
        direction: &'static str,
    },
    /// A cell of a closed tour does not lie on exactly two chosen edges.
    #[error("cell {cell} has {count} chosen edges, not exactly two")]
    EdgesPerCell {
        /// The cell, as `(row,col)` or `(layer,row,col)`.
        cell: String,
        /// How many chosen edges it lies on.
        count: usize,
    },
    /// Not exactly one cell is chosen as the start.
    #[error("{count} start cells are chosen, not exactly one")]
    Starts {
        /// How many cells are chosen.
        count: usize,
    },
    /// Each cell has one successor, yet the moves do not form one path; says how.
    #[error("the chosen moves do not form a tour: {0}")]
    NotATour(String),
    /// The cells decoded are not a tour of the board.
    #[error(transparent)]
    Tour(#[from] TourError),
}

/// Marks a cell without a successor in the move family (the end of the path).
const NO_SUCCESSOR: Cell = Cell::MAX;

impl Encoding {
    /// Reads the tour (or subtours) from a model given as `value(var)`.
    pub fn decode(&self, value: impl Fn(Var) -> bool) -> Result<Decoded, DecodeError> {
        match self.family {
            VariableFamily::Numbering => self.decode_numbering(&value).map(Decoded::Tour),
            VariableFamily::Moves => self.decode_moves(&value),
            VariableFamily::Edges => self.decode_edges(&value),
        }
    }

    fn decode_numbering(&self, value: &dyn Fn(Var) -> bool) -> Result<Tour, DecodeError> {
        let numbers = self.numbers.as_ref().expect("numbering family has numbers");
        let n = self.shape.n_cells();
        let mut per_cell = Vec::with_capacity(n);
        for cell in 0..n {
            let carried: Vec<u32> = numbers
                .of_cell(cell)
                .iter()
                .filter(|&&(_, var)| value(var))
                .map(|&(k, _)| k)
                .collect();
            if carried.len() != 1 {
                return Err(DecodeError::NumbersPerCell {
                    cell: self.shape.cell_name(cell),
                    count: carried.len(),
                });
            }
            per_cell.push(carried[0]);
        }
        Ok(Tour::from_numbers(self.shape, &per_cell)?)
    }

    fn decode_moves(&self, value: &dyn Fn(Var) -> bool) -> Result<Decoded, DecodeError> {
        let moves = self.moves.as_ref().expect("move family has moves");
        let n = self.shape.n_cells();
        let successor = (0..n)
            .map(|cell| self.successor_of(cell, value))
            .collect::<Result<Vec<Cell>, DecodeError>>()?;
        let starts: Vec<Cell> = (0..n)
            .filter(|&c| moves.start[c].is_some_and(value))
            .collect();
        self.check_one_predecessor(&successor, &starts)?;
        let [start] = starts[..] else {
            return Err(DecodeError::Starts {
                count: starts.len(),
            });
        };
        let path = follow(start, &successor, n)?;
        if path.len() == n {
            return Ok(Decoded::Tour(Tour::new(self.shape, path)?));
        }
        let mut on_path = vec![false; n];
        path.iter().for_each(|&c| on_path[c] = true);
        Ok(Decoded::Subtours(cycles_off_path(&successor, on_path)?))
    }

    /// Every cell is entered exactly once: from one cell, or as the start.
    /// (With one successor each, this makes the moves a path plus cycles.)
    fn check_one_predecessor(
        &self,
        successor: &[Cell],
        starts: &[Cell],
    ) -> Result<(), DecodeError> {
        let mut entered = vec![0usize; successor.len()];
        successor
            .iter()
            .chain(starts)
            .filter(|&&c| c != NO_SUCCESSOR)
            .for_each(|&c| entered[c] += 1);
        match entered.iter().position(|&count| count != 1) {
            None => Ok(()),
            Some(cell) => Err(DecodeError::MovesPerCell {
                cell: self.shape.cell_name(cell),
                count: entered[cell],
                direction: "into it",
            }),
        }
    }

    /// The chosen successor of `cell` ([`NO_SUCCESSOR`] for the end cell).
    fn successor_of(&self, cell: Cell, value: &dyn Fn(Var) -> bool) -> Result<Cell, DecodeError> {
        let moves = self.moves.as_ref().expect("move family has moves");
        let mut chosen: Vec<Cell> = moves
            .arcs
            .out_of(cell)
            .iter()
            .filter(|&&(_, var)| value(var))
            .map(|&(to, _)| to)
            .collect();
        if moves.end[cell].is_some_and(value) {
            chosen.push(NO_SUCCESSOR);
        }
        match chosen[..] {
            [next] => Ok(next),
            _ => Err(DecodeError::MovesPerCell {
                cell: self.shape.cell_name(cell),
                count: chosen.len(),
                direction: "out of it",
            }),
        }
    }

    fn decode_edges(&self, value: &dyn Fn(Var) -> bool) -> Result<Decoded, DecodeError> {
        let edges = self.edges.as_ref().expect("edge family has edges");
        let n = self.shape.n_cells();
        let mut chosen: Vec<[Cell; 2]> = Vec::with_capacity(n);
        for cell in 0..n {
            let ends: Vec<Cell> = edges
                .at(cell)
                .iter()
                .filter(|&&(_, var)| value(var))
                .map(|&(other, _)| other)
                .collect();
            let [a, b] = ends[..] else {
                return Err(DecodeError::EdgesPerCell {
                    cell: self.shape.cell_name(cell),
                    count: ends.len(),
                });
            };
            chosen.push([a, b]);
        }
        let cycles = undirected_cycles(&chosen);
        match &cycles[..] {
            [only] if only.len() == n => Ok(Decoded::Tour(Tour::new(self.shape, only.clone())?)),
            _ => Ok(Decoded::Subtours(cycles)),
        }
    }

    /// The clause "leave `cells` at least once", excluding every model in
    /// which they form a closed subtour.
    pub fn subtour_cut(&self, cells: &[Cell]) -> Vec<Lit> {
        let mut inside = vec![false; self.shape.n_cells()];
        cells.iter().for_each(|&c| inside[c] = true);
        match self.family {
            VariableFamily::Moves => self.leaving_arcs(cells, &inside),
            VariableFamily::Edges => self.crossing_edges(cells, &inside),
            // A numbering never has subtours.
            VariableFamily::Numbering => Vec::new(),
        }
    }

    fn leaving_arcs(&self, cells: &[Cell], inside: &[bool]) -> Vec<Lit> {
        let moves = self.moves.as_ref().expect("move family has moves");
        let mut lits = Vec::new();
        for &u in cells {
            lits.extend(
                moves
                    .arcs
                    .out_of(u)
                    .iter()
                    .filter(|&&(v, _)| !inside[v])
                    .map(|&(_, var)| var.pos_lit()),
            );
            lits.extend(moves.end[u].map(Var::pos_lit));
        }
        lits
    }

    fn crossing_edges(&self, cells: &[Cell], inside: &[bool]) -> Vec<Lit> {
        let edges = self.edges.as_ref().expect("edge family has edges");
        cells
            .iter()
            .flat_map(|&u| edges.at(u).iter())
            .filter(|&&(v, _)| !inside[v])
            .map(|&(_, var)| var.pos_lit())
            .collect()
    }

    /// The clause that excludes exactly this solution (as the family sees
    /// it: one numbering, one directed path, or one undirected cycle).
    pub fn blocking_clause(&self, tour: &Tour) -> Result<Vec<Lit>, EncodeError> {
        if tour.shape() != self.shape {
            return Err(EncodeError::Unrepresentable(format!(
                "the tour is on a {} board, the model on {}",
                tour.shape(),
                self.shape
            )));
        }
        let chosen = match self.family {
            VariableFamily::Numbering => self.numbering_vars(tour)?,
            VariableFamily::Moves => self.path_vars(tour)?,
            VariableFamily::Edges => self.cycle_vars(tour)?,
        };
        Ok(chosen.into_iter().map(Var::neg_lit).collect())
    }

    fn numbering_vars(&self, tour: &Tour) -> Result<Vec<Var>, EncodeError> {
        let numbers = self.numbers.as_ref().expect("numbering family has numbers");
        let name = |c| self.shape.cell_name(c);
        tour.order()
            .iter()
            .zip(1u32..)
            .map(|(&cell, k)| {
                numbers.var(cell, k).ok_or_else(|| {
                    EncodeError::Unrepresentable(format!("{} cannot carry {k}", name(cell)))
                })
            })
            .collect()
    }

    fn path_vars(&self, tour: &Tour) -> Result<Vec<Var>, EncodeError> {
        let moves = self.moves.as_ref().expect("move family has moves");
        let missing = |what: String| EncodeError::Unrepresentable(what);
        let order = tour.order();
        let mut vars = Vec::with_capacity(order.len() + 1);
        vars.push(moves.start[tour.first()].ok_or_else(|| missing("no start variable".into()))?);
        vars.push(moves.end[tour.last()].ok_or_else(|| missing("no end variable".into()))?);
        for pair in order.windows(2) {
            let arc = moves.arcs.arc(pair[0], pair[1]);
            vars.push(arc.ok_or_else(|| missing(self.not_a_move(pair[0], pair[1])))?);
        }
        Ok(vars)
    }

    fn cycle_vars(&self, tour: &Tour) -> Result<Vec<Var>, EncodeError> {
        let edges = self.edges.as_ref().expect("edge family has edges");
        let order = tour.order();
        let closing = [tour.last(), tour.first()];
        let mut vars = Vec::with_capacity(order.len());
        for pair in order.windows(2).chain(std::iter::once(&closing[..])) {
            let (a, b) = (pair[0], pair[1]);
            if self.is_turn_image_of_smaller(a, b) {
                continue;
            }
            let edge = edges.edge(a, b);
            vars.push(edge.ok_or_else(|| EncodeError::Unrepresentable(self.not_a_move(a, b)))?);
        }
        Ok(vars)
    }

    /// Under rot180 (or rot90) an edge is used exactly when its images under
    /// the required turns are, so a blocking clause needs only one edge of
    /// each orbit: this skips every edge but the least. (It halves the
    /// blocking clauses of `closed-8x8-rot180`, whose count blocks 2.4
    /// million cycles.)
    fn is_turn_image_of_smaller(&self, a: Cell, b: Cell) -> bool {
        let edge = (a.min(b), a.max(b));
        self.tour_turns.iter().any(|turn| {
            let (x, y) = (turn[a], turn[b]);
            (x.min(y), x.max(y)) < edge
        })
    }

    fn not_a_move(&self, a: Cell, b: Cell) -> String {
        format!(
            "{} to {} is not a move",
            self.shape.cell_name(a),
            self.shape.cell_name(b)
        )
    }

    /// Whether `closed` applies (numbered closed tours keep their closing arc).
    pub fn is_closed(&self) -> bool {
        self.closed.is_closed()
    }
}

/// The cells from `start` along `successor` up to the end of the path.
fn follow(start: Cell, successor: &[Cell], n: usize) -> Result<Vec<Cell>, DecodeError> {
    let mut path = vec![start];
    let mut at = start;
    while successor[at] != NO_SUCCESSOR {
        at = successor[at];
        path.push(at);
        if path.len() > n {
            return Err(DecodeError::NotATour(
                "the path from the start cell never reaches the end".into(),
            ));
        }
    }
    Ok(path)
}

/// The cycles formed by the cells that are not on the path.
fn cycles_off_path(successor: &[Cell], mut seen: Vec<bool>) -> Result<Vec<Vec<Cell>>, DecodeError> {
    let mut cycles = Vec::new();
    for first in 0..successor.len() {
        if seen[first] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut at = first;
        while !seen[at] {
            seen[at] = true;
            cycle.push(at);
            at = successor[at];
            if at == NO_SUCCESSOR {
                return Err(DecodeError::NotATour("a second path ends".into()));
            }
        }
        cycles.push(cycle);
    }
    Ok(cycles)
}

/// The cycles of a 2-regular graph given by each cell's two neighbours.
fn undirected_cycles(chosen: &[[Cell; 2]]) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; chosen.len()];
    let mut cycles = Vec::new();
    for first in 0..chosen.len() {
        if seen[first] {
            continue;
        }
        let mut cycle = vec![first];
        seen[first] = true;
        let (mut previous, mut at) = (first, chosen[first][0].min(chosen[first][1]));
        while !seen[at] {
            seen[at] = true;
            cycle.push(at);
            let [a, b] = chosen[at];
            let next = if a == previous { b } else { a };
            (previous, at) = (at, next);
        }
        cycles.push(cycle);
    }
    cycles
}
