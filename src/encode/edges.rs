//! Undirected edge encoding for closed tours counted as cycles.
//!
//! One variable per undirected move and exactly two chosen edges at every
//! cell: the standard degree formulation of the Hamiltonian cycle problem
//! (see e.g. Soh, Le Berre, Roussel, Banbara, Tamura: "Incremental SAT-based
//! method with native Boolean cardinality handling for the Hamiltonian cycle
//! problem", JELIA 2014). Because a cycle has no start and no direction, one
//! model is one undirected tour, which is what `SolutionKind::Cycle` counts.
//! Subtours are excluded elsewhere (lazy cut-set clauses or the ordering
//! encoding over an auxiliary orientation).

use rustsat::types::{Lit, Var};

use super::cardinality::exactly_two;
use super::cnf::CnfBuilder;
use super::EncodeError;
use crate::board::{Board, Cell};

/// Undirected move variables.
#[derive(Clone, Debug)]
pub struct EdgeVars {
    /// `at[c]`: (other end, variable) for every move at `c`, in board order.
    at: Vec<Vec<(Cell, Var)>>,
}

impl EdgeVars {
    /// The variable of the undirected move `{a, b}`, if it is a move.
    pub fn edge(&self, a: Cell, b: Cell) -> Option<Var> {
        let at = self.at.get(a)?;
        let i = at.binary_search_by_key(&b, |&(c, _)| c).ok()?;
        Some(at[i].1)
    }

    /// Moves at `cell` with their variables.
    pub fn at(&self, cell: Cell) -> &[(Cell, Var)] {
        &self.at[cell]
    }

    /// Every undirected move `(a, b, var)` with `a < b`, in variable order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Cell, Var)> + '_ {
        self.at.iter().enumerate().flat_map(|(a, at)| {
            at.iter()
                .filter(move |&&(b, _)| a < b)
                .map(move |&(b, var)| (a, b, var))
        })
    }

    /// Literals whose disjunction says the undirected move `{a, b}` is used.
    pub fn edge_lits(&self, a: Cell, b: Cell) -> Vec<Lit> {
        self.edge(a, b).map(Var::pos_lit).into_iter().collect()
    }
}

/// Allocates one variable per undirected move, exactly two at every cell.
pub fn encode_edges(b: &mut CnfBuilder, board: &Board) -> Result<EdgeVars, EncodeError> {
    let n = board.n_cells();
    let mut at: Vec<Vec<(Cell, Var)>> = vec![Vec::new(); n];
    for (u, v) in board.moves() {
        let var = b.new_var();
        at[u].push((v, var));
        at[v].push((u, var));
    }
    for list in &mut at {
        list.sort_unstable_by_key(|&(c, _)| c);
    }
    let edges = EdgeVars { at };
    for cell in 0..n {
        let lits: Vec<Lit> = edges.at(cell).iter().map(|&(_, v)| v.pos_lit()).collect();
        exactly_two(b, &lits)?;
    }
    Ok(edges)
}
