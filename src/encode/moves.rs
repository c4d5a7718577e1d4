//! Knuth's move encoding: one Boolean per directed move.
//!
//! Follows Knuth, *The Art of Computer Programming* Vol. 4, Fascicle 6
//! "Satisfiability" (2015), on Hamiltonian paths and cycles: a variable
//! `arc(u -> v)` per directed move, with exactly one chosen move out of and
//! exactly one into every cell. An open tour gets a virtual node that is
//! entered from the last cell (`end(c)`) and leaves to the first (`start(c)`),
//! so an open tour is a Hamiltonian cycle through the virtual node; exactly
//! one `start` and one `end` are chosen, and only among allowed cells.
//!
//! These constraints admit any disjoint union of cycles covering the board
//! (one of them through the virtual node); connectivity comes from
//! elsewhere: lazy subtour cuts, the ordering encoding, or a numbering.
//! Two-cycles `u -> v -> u` are excluded here already because they are the
//! commonest spurious solution and cost one binary clause each.

use rustsat::types::{Lit, Var};

use super::cardinality::exactly_one;
use super::cnf::CnfBuilder;
use super::EncodeError;
use crate::board::{Board, Cell};
use crate::tour::Closure;

/// Directed move variables, one per (cell, neighbour) in board order.
#[derive(Clone, Debug)]
pub struct ArcVars {
    /// `out[u][i]` is the variable of `u -> board.neighbours(u)[i]`.
    out: Vec<Vec<(Cell, Var)>>,
}

impl ArcVars {
    /// A fresh variable for every directed move of the board.
    pub fn allocate(b: &mut CnfBuilder, board: &Board) -> Self {
        let out = (0..board.n_cells())
            .map(|u| {
                board
                    .neighbours(u)
                    .iter()
                    .map(|&v| (v, b.new_var()))
                    .collect()
            })
            .collect();
        ArcVars { out }
    }

    /// The variable of `from -> to`, if that is a move.
    pub fn arc(&self, from: Cell, to: Cell) -> Option<Var> {
        let out = self.out.get(from)?;
        let at = out.binary_search_by_key(&to, |&(v, _)| v).ok()?;
        Some(out[at].1)
    }

    /// Moves out of `cell` with their variables.
    pub fn out_of(&self, cell: Cell) -> &[(Cell, Var)] {
        &self.out[cell]
    }

    /// Moves into `cell` with their variables (moves are symmetric, so the
    /// sources are exactly the cell's neighbours).
    pub fn into_cell(&self, cell: Cell) -> Vec<(Cell, Var)> {
        self.out[cell]
            .iter()
            .filter_map(|&(u, _)| self.arc(u, cell).map(|var| (u, var)))
            .collect()
    }

    /// Every directed move `(from, to, var)`, in variable order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Cell, Var)> + '_ {
        self.out
            .iter()
            .enumerate()
            .flat_map(|(u, out)| out.iter().map(move |&(v, var)| (u, v, var)))
    }

    /// Literals whose disjunction says the undirected move `{a, b}` is used.
    pub fn edge_lits(&self, a: Cell, b: Cell) -> Vec<Lit> {
        [self.arc(a, b), self.arc(b, a)]
            .into_iter()
            .flatten()
            .map(Var::pos_lit)
            .collect()
    }
}

/// The variables of the move encoding.
#[derive(Clone, Debug)]
pub struct MoveVars {
    /// One variable per directed move: the tour makes that move.
    pub arcs: ArcVars,
    /// `start[c]`: the tour begins at `c` (virtual node -> c); open tours only.
    pub start: Vec<Option<Var>>,
    /// `end[c]`: the tour ends at `c` (c -> virtual node); open tours only.
    pub end: Vec<Option<Var>>,
    /// Whether the tour is closed; a closed tour has no virtual node, so no start or end.
    pub closed: Closure,
}

/// Where an open tour may begin and end (`None`: anywhere).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ends<'a> {
    /// Cells allowed to carry number 1; `None` allows every cell.
    pub starts: Option<&'a [Cell]>,
    /// Cells allowed to carry the last number; `None` allows every cell.
    pub ends: Option<&'a [Cell]>,
}

/// Allocates the move variables and writes Knuth's degree constraints.
pub fn encode_moves(
    b: &mut CnfBuilder,
    board: &Board,
    closed: Closure,
    ends: Ends<'_>,
) -> Result<MoveVars, EncodeError> {
    let n = board.n_cells();
    let arcs = ArcVars::allocate(b, board);
    let (start, end) = if closed.is_closed() {
        (vec![None; n], vec![None; n])
    } else {
        (
            virtual_arcs(b, n, ends.starts),
            virtual_arcs(b, n, ends.ends),
        )
    };
    let moves = MoveVars {
        arcs,
        start,
        end,
        closed,
    };
    write_degree_constraints(b, &moves)?;
    if n > 2 {
        forbid_two_cycles(b, &moves.arcs);
    }
    Ok(moves)
}

/// A variable for each allowed cell, `None` elsewhere.
fn virtual_arcs(b: &mut CnfBuilder, n: usize, allowed: Option<&[Cell]>) -> Vec<Option<Var>> {
    (0..n)
        .map(|c| {
            let ok = allowed.is_none_or(|cells| cells.binary_search(&c).is_ok());
            ok.then(|| b.new_var())
        })
        .collect()
}

fn write_degree_constraints(b: &mut CnfBuilder, moves: &MoveVars) -> Result<(), EncodeError> {
    let n = moves.start.len();
    for cell in 0..n {
        let mut out: Vec<Lit> = moves
            .arcs
            .out_of(cell)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        out.extend(moves.end[cell].map(Var::pos_lit));
        exactly_one(b, &out)?;
        let mut into: Vec<Lit> = moves
            .arcs
            .into_cell(cell)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        into.extend(moves.start[cell].map(Var::pos_lit));
        exactly_one(b, &into)?;
    }
    if !moves.closed.is_closed() {
        let starts: Vec<Lit> = moves.start.iter().flatten().map(|v| v.pos_lit()).collect();
        exactly_one(b, &starts)?;
        let ends: Vec<Lit> = moves.end.iter().flatten().map(|v| v.pos_lit()).collect();
        exactly_one(b, &ends)?;
    }
    Ok(())
}

fn forbid_two_cycles(b: &mut CnfBuilder, arcs: &ArcVars) {
    for (u, v, var) in arcs.iter() {
        if u < v {
            if let Some(back) = arcs.arc(v, u) {
                b.add([var.neg_lit(), back.neg_lit()]);
            }
        }
    }
}
