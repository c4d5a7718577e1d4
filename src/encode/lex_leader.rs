//! Symmetry breaking inside one cube: lex-leader constraints on the tour order.
//!
//! When an automorphism `a` of the puzzle maps a cube onto itself (Kelsey's
//! nested tours: reading a tour backwards and mirroring it left to right
//! keeps a start on `(r, 0)` and an end on `(r, 7)`), the cube holds every
//! tour together with its image, and a solver proves both halves of the
//! cube empty. The lex-leader constraint of Crawford, Ginsberg, Luks and Roy
//! ("Symmetry-breaking predicates for search problems", KR 1996) keeps only
//! tours `T` whose order (the cells of numbers 1, 2, ...) is
//! lexicographically no greater than that of `a(T)`; the least tour of every
//! orbit satisfies it for all of `a` at once, because every comparison uses
//! the same order. The engine still reports whole families (every image of a
//! found tour), so no solution and no class is lost.
//!
//! Only the first [`DEPTH`] positions are compared (a partial lex-leader:
//! weaker, still sound). Position `i` of `a(T)` is `a(T.order[i])`, or
//! `a(T.order[n - 1 - i])` when `a` reverses the numbering; with `E(i)`
//! meaning "the first `i + 1` positions agree", the clauses are
//! `E(i - 1) & p(x, i + 1) & p(z, j) -> false` when `x > a(z)` and
//! `-> E(i)` when `x = a(z)`. `E(i)` is only ever forced true, never false:
//! a solver that sets it freely gains nothing, since a true `E(i)` only adds
//! constraints.

use rustsat::types::{Clause, Lit, Var};

use super::numbering::NumberVars;
use super::MAX_VARIABLE_INDEX;
use super::{EncodeError, Encoding};
use crate::puzzle::Automorphism;

/// Positions of the tour order compared (after which ties are kept).
pub const DEPTH: usize = 8;

impl Encoding {
    /// Adds the partial lex-leader constraint of each symmetry. Each must map
    /// the solutions of this encoding onto themselves; only numbering
    /// encodings are supported (others are returned unchanged).
    pub fn with_lex_leaders(mut self, symmetries: &[&Automorphism]) -> Result<Self, EncodeError> {
        let Some(numbers) = self.numbers.as_ref() else {
            return Ok(self);
        };
        let n = self.shape.n_cells();
        let mut writer = Writer {
            next_var: self.n_vars,
            clauses: Vec::new(),
        };
        for symmetry in symmetries {
            writer.lex_leader(numbers, n, symmetry);
        }
        if writer.next_var as usize > MAX_VARIABLE_INDEX {
            return Err(EncodeError::Internal(
                "symmetry breaking needs more variables than the solvers take".into(),
            ));
        }
        self.n_vars = writer.next_var;
        self.lex_leader_clauses += writer.clauses.len();
        self.cnf.extend(writer.clauses);
        self.report.variables = self.n_vars;
        self.report.clauses = self.cnf.len();
        Ok(self)
    }
}

struct Writer {
    next_var: u32,
    clauses: Vec<Clause>,
}

impl Writer {
    fn new_var(&mut self) -> Var {
        let var = Var::new(self.next_var);
        self.next_var += 1;
        var
    }

    fn add(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.iter().copied().collect());
    }

    fn lex_leader(&mut self, numbers: &NumberVars, n: usize, symmetry: &Automorphism) {
        // Agreement up to the previous position (`None`: nothing compared yet).
        let mut agreed: Option<Lit> = None;
        let positions = DEPTH.min(n);
        for i in 0..positions {
            let own = i as u32 + 1;
            // `a(T)` puts on position `i` the image of the cell of this number.
            let theirs = if symmetry.reverse {
                (n - i) as u32
            } else {
                own
            };
            let next = (i + 1 < positions).then(|| self.new_var().pos_lit());
            for &(x, at_x) in numbers.of_number(own) {
                for &(z, at_z) in numbers.of_number(theirs) {
                    let y = symmetry.perm[z];
                    if x < y || (x == y && next.is_none()) {
                        continue;
                    }
                    let mut clause: Vec<Lit> = agreed.map(|e| !e).into_iter().collect();
                    clause.extend([at_x.neg_lit(), at_z.neg_lit()]);
                    if x == y {
                        clause.extend(next);
                    }
                    self.add(&clause);
                }
            }
            agreed = next;
        }
    }
}
