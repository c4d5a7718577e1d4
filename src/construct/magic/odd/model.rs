//! The CNF of a block-structured semimagic tour (a port of the default, "strict" model of
//! experiments/magic-12x12/search.py).
//!
//! The board is an m x n grid of 4x4 blocks and the tour makes T = 4mn visits of 4 cells.
//! Visit t lies in one block (`block[t]`, exactly one) as one piece (`piece[t]`, exactly one
//! of the transversal paths) and numbers its cells 4t+1..4t+4; its last cell is a knight's
//! move from the first cell of visit t+1. Every cell is covered once. Each block gets exactly
//! 4 visits whose indices sum to 2(T-1), and along each line of a block the positions (1..4)
//! of its cells in their visits sum to 10. A board line then meets, in each of its n (or m)
//! blocks, one cell of each of that block's 4 visits: 4 * 2(T-1) + 10 per block, which is the
//! magic sum.

use rustsat::types::Lit;

use super::automaton::count_and_sum;
use super::pieces::{is_knight_move, transversal_paths, Piece};
use crate::encode::cardinality::exactly_one;
use crate::encode::cnf::CnfBuilder;
use crate::encode::EncodeError;

/// Sum of the positions 1..4 of a block line's cells in their visits.
const BALANCED: usize = 10;

/// The model's clauses and the variables a tour is read back from.
pub struct Model {
    /// The clauses, built in a fixed order.
    pub cnf: CnfBuilder,
    /// Block rows and columns.
    m: usize,
    n: usize,
    pieces: Vec<Piece>,
    /// `block[t][b]`: visit t lies in block b (row-major over the block grid).
    block: Vec<Vec<Lit>>,
    /// `piece[t][p]`: visit t lays piece p.
    piece: Vec<Vec<Lit>>,
}

/// `k` fresh literals.
fn fresh(cnf: &mut CnfBuilder, k: usize) -> Vec<Lit> {
    (0..k).map(|_| cnf.new_var().pos_lit()).collect()
}

/// A fresh literal equivalent to the disjunction of `lits`.
fn or_of(cnf: &mut CnfBuilder, lits: &[Lit]) -> Lit {
    let v = cnf.new_var().pos_lit();
    cnf.add(std::iter::once(!v).chain(lits.iter().copied()));
    for &l in lits {
        cnf.implies(l, v);
    }
    v
}

/// A fresh literal equivalent to `a & b`.
fn and_of(cnf: &mut CnfBuilder, a: Lit, b: Lit) -> Lit {
    let v = cnf.new_var().pos_lit();
    cnf.implies(v, a);
    cnf.implies(v, b);
    cnf.add([v, !a, !b]);
    v
}

impl Model {
    /// The model for an `m` x `n` grid of blocks (a 4m x 4n board).
    pub fn new(m: usize, n: usize) -> Result<Model, EncodeError> {
        let pieces = transversal_paths();
        let (blocks, visits, cols) = (m * n, 4 * m * n, 4 * n);
        let mut cnf = CnfBuilder::new();
        let block: Vec<Vec<Lit>> = (0..visits).map(|_| fresh(&mut cnf, blocks)).collect();
        let piece: Vec<Vec<Lit>> = (0..visits).map(|_| fresh(&mut cnf, pieces.len())).collect();
        for t in 0..visits {
            exactly_one(&mut cnf, &block[t])?;
            exactly_one(&mut cnf, &piece[t])?;
        }
        // at[t][cell][k]: visit t's k-th cell is this cell of its block (cells row-major);
        // covers[t][cell]: visit t's piece holds the cell.
        let mut at = Vec::with_capacity(visits);
        let mut covers = Vec::with_capacity(visits);
        for piece_t in &piece {
            let mut at_t = Vec::with_capacity(16);
            let mut covers_t = Vec::with_capacity(16);
            for cell in 0..16 {
                let local = (cell / 4, cell % 4);
                let kth: Vec<Lit> = (0..4)
                    .map(|k| {
                        let laying: Vec<Lit> = (0..pieces.len())
                            .filter(|&p| pieces[p][k] == local)
                            .map(|p| piece_t[p])
                            .collect();
                        or_of(&mut cnf, &laying)
                    })
                    .collect();
                covers_t.push(or_of(&mut cnf, &kth));
                at_t.push(kth);
            }
            at.push(at_t);
            covers.push(covers_t);
        }
        // first[t][g], last[t][g]: visit t starts, ends on board cell g (row-major).
        let mut first = Vec::with_capacity(visits);
        let mut last = Vec::with_capacity(visits);
        for t in 0..visits {
            let (mut first_t, mut last_t) = (Vec::new(), Vec::new());
            for g in 0..blocks * 16 {
                let (r, c) = (g / cols, g % cols);
                let b = (r / 4) * n + c / 4;
                let cell = (r % 4) * 4 + c % 4;
                first_t.push(and_of(&mut cnf, block[t][b], at[t][cell][0]));
                last_t.push(and_of(&mut cnf, block[t][b], at[t][cell][3]));
            }
            first.push(first_t);
            last.push(last_t);
        }
        let board = |g: usize| (g / cols, g % cols);
        let jumps: Vec<Vec<usize>> = (0..blocks * 16)
            .map(|g| {
                (0..blocks * 16)
                    .filter(|&h| is_knight_move(board(g), board(h)))
                    .collect()
            })
            .collect();
        for t in 0..visits - 1 {
            for g in 0..blocks * 16 {
                let onward = jumps[g].iter().map(|&h| first[t + 1][h]);
                cnf.add(std::iter::once(!last[t][g]).chain(onward));
            }
            // Implied by the jumps, but it prunes before the pieces are known.
            for b in 0..blocks {
                for c in 0..blocks {
                    let apart = (b / n).abs_diff(c / n).max((b % n).abs_diff(c % n));
                    if apart > 1 {
                        cnf.add([!block[t][b], !block[t + 1][c]]);
                    }
                }
            }
        }
        // Each block cell is covered once; position[b][cell][k]: it is its visit's k-th cell.
        let position: Vec<Vec<Vec<Lit>>> = (0..blocks)
            .map(|_| (0..16).map(|_| fresh(&mut cnf, 4)).collect())
            .collect();
        for b in 0..blocks {
            for cell in 0..16 {
                let covered: Vec<Lit> = (0..visits)
                    .map(|t| and_of(&mut cnf, block[t][b], covers[t][cell]))
                    .collect();
                exactly_one(&mut cnf, &covered)?;
                exactly_one(&mut cnf, &position[b][cell])?;
                for t in 0..visits {
                    for k in 0..4 {
                        cnf.add([!block[t][b], !at[t][cell][k], position[b][cell][k]]);
                    }
                }
            }
        }
        // Balance: every combination of positions along a block line off the sum is excluded.
        let lines: Vec<[usize; 4]> = (0..4)
            .map(|r| [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3])
            .chain((0..4).map(|c| [c, c + 4, c + 8, c + 12]))
            .collect();
        for position_b in &position {
            for line in &lines {
                for combo in 0..256usize {
                    let ks: [usize; 4] = std::array::from_fn(|i| combo >> (2 * i) & 3);
                    if ks.iter().map(|k| k + 1).sum::<usize>() != BALANCED {
                        cnf.add((0..4).map(|i| !position_b[line[i]][ks[i]]));
                    }
                }
            }
        }
        let indices: Vec<usize> = (0..visits).collect();
        for b in 0..blocks {
            let here: Vec<Lit> = block.iter().map(|visit| visit[b]).collect();
            count_and_sum(&mut cnf, &here, &indices, 4, 2 * (visits - 1));
        }
        // The board's symmetries map a tour of the model to another: visit 0 starts in the
        // top-left quarter of the block grid, and on a square grid on or above its diagonal.
        for (b, &there) in block[0].iter().enumerate() {
            let (i, j) = (b / n, b % n);
            let kept = 2 * i < m && 2 * j < n && (m != n || i <= j);
            if !kept {
                cnf.add([!there]);
            }
        }
        Ok(Model {
            cnf,
            m,
            n,
            pieces,
            block,
            piece,
        })
    }

    /// The literals saying that visit `t` lays `piece` in block `b`; `None` for a shape that is
    /// no transversal piece.
    pub fn laying(&self, t: usize, b: usize, piece: &Piece) -> Option<[Lit; 2]> {
        let p = self.pieces.iter().position(|q| q == piece)?;
        Some([self.block[t][b], self.piece[t][p]])
    }

    /// The tour's cells (row, col) in order, read from a model by `value` (true literals).
    pub fn decode(&self, value: impl Fn(Lit) -> bool) -> Option<Vec<(usize, usize)>> {
        let mut cells = Vec::with_capacity(16 * self.m * self.n);
        for (block_t, piece_t) in self.block.iter().zip(&self.piece) {
            let b = block_t.iter().position(|&l| value(l))?;
            let p = piece_t.iter().position(|&l| value(l))?;
            let (bi, bj) = (b / self.n, b % self.n);
            cells.extend(
                self.pieces[p]
                    .iter()
                    .map(|&(r, c)| (4 * bi + r, 4 * bj + c)),
            );
        }
        Some(cells)
    }
}
