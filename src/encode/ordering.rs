//! Eager connectivity: every cell gets a rank that grows by one along the tour.
//!
//! The ordering encoding of Hamiltonian problems (see Zhou: "In pursuit of an
//! efficient SAT encoding for the Hamiltonian cycle problem", CP 2020): a
//! rank `r(c)` in `1..=n` per cell, the first cell has rank 1, and a chosen
//! move `u -> v` forces `r(v) = r(u) + 1`. A cycle that avoids the first cell
//! would need ranks that grow forever, so every model is one tour.
//!
//! Ranks use the order encoding of Tamura, Taga, Kitagawa, Banbara:
//! "Compiling finite linear CSP into SAT" (Constraints, 2009):
//! `ge(c, k)` means `r(c) >= k` for `k` in `2..=n`, with `ge(c, k+1) -> ge(c, k)`.
//! "Plus one" is then two ternary clauses per move and rank.
//!
//! For undirected cycles an auxiliary orientation is chosen (one move out
//! and one in per cell, never both directions of an edge) and ranked from a
//! fixed root cell. Both orientations of a cycle satisfy the clauses; that is
//! harmless because enumeration blocks only the edge variables.

use rustsat::types::{Lit, Var};

use super::cardinality::exactly_one;
use super::cnf::CnfBuilder;
use super::edges::EdgeVars;
use super::moves::{ArcVars, MoveVars};
use super::EncodeError;
use crate::board::{Board, Cell};

/// Order-encoded ranks: `ge[c][k - 2]` is `r(c) >= k`.
struct Ranks {
    ge: Vec<Vec<Var>>,
    n: usize,
}

impl Ranks {
    fn allocate(b: &mut CnfBuilder, n: usize) -> Self {
        let ge: Vec<Vec<Var>> = (0..n)
            .map(|_| (2..=n).map(|_| b.new_var()).collect())
            .collect();
        let ranks = Ranks { ge, n };
        for ge in &ranks.ge {
            // ge[i] is r >= i + 2, so ge[i + 1] -> ge[i].
            for pair in ge.windows(2) {
                b.implies(pair[1].pos_lit(), pair[0].pos_lit());
            }
        }
        ranks
    }

    /// `r(cell) >= k` as a literal; `None` when trivially true (`k <= 1`) or
    /// false (`k > n`).
    fn at_least(&self, cell: Cell, k: usize) -> Option<Lit> {
        (2..=self.n)
            .contains(&k)
            .then(|| self.ge[cell][k - 2].pos_lit())
    }

    /// `r(cell) = 1`.
    fn make_first(&self, b: &mut CnfBuilder, premise: Option<Lit>, cell: Cell) {
        if let Some(ge2) = self.at_least(cell, 2) {
            b.add(premise.map(|p| !p).into_iter().chain([!ge2]));
        }
    }

    /// `arc -> r(v) = r(u) + 1`.
    fn step(&self, b: &mut CnfBuilder, arc: Lit, u: Cell, v: Cell) {
        for k in 1..=self.n {
            // r(u) >= k  ->  r(v) >= k + 1; for k = n this says r(u) < n.
            let clause: Vec<Lit> = [Some(!arc), self.at_least(u, k).map(|l| !l)]
                .into_iter()
                .flatten()
                .chain(self.at_least(v, k + 1))
                .collect();
            b.add(clause);
            // r(u) < k  ->  r(v) < k + 1
            if let (Some(u_ge), Some(v_ge)) = (self.at_least(u, k), self.at_least(v, k + 1)) {
                b.add([!arc, u_ge, !v_ge]);
            }
        }
    }
}

/// Ranks for an open tour in the move encoding: the start has rank 1 and
/// every move between cells adds one.
pub fn order_open_tour(b: &mut CnfBuilder, moves: &MoveVars) -> Result<(), EncodeError> {
    let n = moves.start.len();
    let ranks = Ranks::allocate(b, n);
    for (cell, start) in moves.start.iter().enumerate() {
        if let Some(start) = start {
            ranks.make_first(b, Some(start.pos_lit()), cell);
        }
    }
    for (u, v, arc) in moves.arcs.iter() {
        ranks.step(b, arc.pos_lit(), u, v);
    }
    Ok(())
}

/// Orients an undirected cycle and ranks it from cell 0.
pub fn order_cycle(b: &mut CnfBuilder, board: &Board, edges: &EdgeVars) -> Result<(), EncodeError> {
    let n = board.n_cells();
    let orientation = ArcVars::allocate(b, board);
    tie_orientation_to_edges(b, edges, &orientation);
    for cell in 0..n {
        let out: Vec<Lit> = orientation
            .out_of(cell)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        exactly_one(b, &out)?;
        let into: Vec<Lit> = orientation
            .into_cell(cell)
            .iter()
            .map(|&(_, v)| v.pos_lit())
            .collect();
        exactly_one(b, &into)?;
    }
    let root = 0;
    let ranks = Ranks::allocate(b, n);
    ranks.make_first(b, None, root);
    for (u, v, arc) in orientation.iter() {
        if v != root {
            ranks.step(b, arc.pos_lit(), u, v);
        }
    }
    Ok(())
}

/// `edge <-> (u -> v or v -> u)`, and never both directions.
fn tie_orientation_to_edges(b: &mut CnfBuilder, edges: &EdgeVars, orientation: &ArcVars) {
    for (u, v, edge) in edges.iter() {
        let (Some(uv), Some(vu)) = (orientation.arc(u, v), orientation.arc(v, u)) else {
            continue;
        };
        b.add([edge.neg_lit(), uv.pos_lit(), vu.pos_lit()]);
        b.implies(uv.pos_lit(), edge.pos_lit());
        b.implies(vu.pos_lit(), edge.pos_lit());
        b.add([uv.neg_lit(), vu.neg_lit()]);
    }
}
