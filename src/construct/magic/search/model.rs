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
use super::pieces::{transversal_paths, Piece};
use crate::board::{Board, Shape};
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

/// Which block sequences the model admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    /// Any order of visits whose indices sum to the constant in every block.
    Free,
    /// Four passes, each meeting every block once, in the order P, Q, Q reversed, P reversed:
    /// a block's visits t and T-1-t sum to T-1 by themselves.
    Palindrome,
    /// Four passes A, B, A reversed, B reversed (the order the built tours follow): a block
    /// at place a of A and b of B has visits a, N+b, 3N-1-a and 4N-1-b, summing to 8N-2.
    /// CaDiCaL answers it soonest of the three on the grids measured.
    Mirrored,
}

/// The literals of each visit's cells: `at[t][cell][k]` says visit t's k-th cell is this cell
/// of its block (cells row-major), `covers[t][cell]` that visit t's piece holds the cell.
struct PieceCells {
    at: Vec<Vec<Vec<Lit>>>,
    covers: Vec<Vec<Lit>>,
}

impl Model {
    /// The model for an `m` x `n` grid of blocks (a 4m x 4n board) whose visits follow
    /// `sequence`.
    pub fn new(m: usize, n: usize, sequence: Sequence) -> Result<Model, EncodeError> {
        let pieces = transversal_paths();
        let visits = 4 * m * n;
        let mut cnf = CnfBuilder::new();
        let block: Vec<Vec<Lit>> = (0..visits).map(|_| fresh(&mut cnf, m * n)).collect();
        let piece: Vec<Vec<Lit>> = (0..visits).map(|_| fresh(&mut cnf, pieces.len())).collect();
        for t in 0..visits {
            exactly_one(&mut cnf, &block[t])?;
            exactly_one(&mut cnf, &piece[t])?;
        }
        let mut model = Model {
            cnf,
            m,
            n,
            pieces,
            block,
            piece,
        };
        let cells = model.piece_cells();
        model.link_visits(&cells.at);
        let position = model.cover_blocks(&cells)?;
        model.balance_block_lines(&position);
        model.sum_visit_indices(sequence)?;
        model.break_symmetry();
        Ok(model)
    }

    fn n_blocks(&self) -> usize {
        self.m * self.n
    }

    fn n_visits(&self) -> usize {
        self.block.len()
    }

    /// Which cells of its block each visit's piece lays, and in which place.
    fn piece_cells(&mut self) -> PieceCells {
        let cnf = &mut self.cnf;
        let mut at = Vec::with_capacity(self.piece.len());
        let mut covers = Vec::with_capacity(self.piece.len());
        for piece_t in &self.piece {
            let mut at_t = Vec::with_capacity(16);
            let mut covers_t = Vec::with_capacity(16);
            for cell in 0..16 {
                let local = (cell / 4, cell % 4);
                let kth: Vec<Lit> = (0..4)
                    .map(|k| {
                        let laying: Vec<Lit> = (0..self.pieces.len())
                            .filter(|&p| self.pieces[p][k] == local)
                            .map(|p| piece_t[p])
                            .collect();
                        or_of(cnf, &laying)
                    })
                    .collect();
                covers_t.push(or_of(cnf, &kth));
                at_t.push(kth);
            }
            at.push(at_t);
            covers.push(covers_t);
        }
        PieceCells { at, covers }
    }

    /// Each visit's last cell is a knight's move from the next visit's first cell.
    fn link_visits(&mut self, at: &[Vec<Vec<Lit>>]) {
        let (n, blocks) = (self.n, self.n_blocks());
        let board = Board::knight(Shape::flat(4 * self.m, 4 * n));
        // The block and the cell in it of board cell g (row-major).
        let place = |g: usize| {
            let (r, c) = (g / (4 * n), g % (4 * n));
            ((r / 4) * n + c / 4, (r % 4) * 4 + c % 4)
        };
        // first[t][g], last[t][g]: visit t starts, ends on board cell g.
        let mut first = Vec::with_capacity(at.len());
        let mut last = Vec::with_capacity(at.len());
        for (block_t, at_t) in self.block.iter().zip(at) {
            let (mut first_t, mut last_t) = (Vec::new(), Vec::new());
            for g in 0..blocks * 16 {
                let (b, cell) = place(g);
                first_t.push(and_of(&mut self.cnf, block_t[b], at_t[cell][0]));
                last_t.push(and_of(&mut self.cnf, block_t[b], at_t[cell][3]));
            }
            first.push(first_t);
            last.push(last_t);
        }
        for t in 0..at.len() - 1 {
            for (g, &ends_here) in last[t].iter().enumerate() {
                let onward = board.neighbours(g).iter().map(|&h| first[t + 1][h]);
                self.cnf.add(std::iter::once(!ends_here).chain(onward));
            }
            // Implied by the jumps, but it prunes before the pieces are known.
            for b in 0..blocks {
                for c in 0..blocks {
                    let apart = (b / n).abs_diff(c / n).max((b % n).abs_diff(c % n));
                    if apart > 1 {
                        self.cnf.add([!self.block[t][b], !self.block[t + 1][c]]);
                    }
                }
            }
        }
    }

    /// Every block cell is covered by one visit; returns `position[b][cell][k]`: the cell is
    /// the k-th of its visit.
    fn cover_blocks(&mut self, cells: &PieceCells) -> Result<Vec<Vec<Vec<Lit>>>, EncodeError> {
        let (blocks, visits) = (self.n_blocks(), self.n_visits());
        let cnf = &mut self.cnf;
        let position: Vec<Vec<Vec<Lit>>> = (0..blocks)
            .map(|_| (0..16).map(|_| fresh(cnf, 4)).collect())
            .collect();
        for (b, position_b) in position.iter().enumerate() {
            for (cell, place) in position_b.iter().enumerate() {
                let covered: Vec<Lit> = (0..visits)
                    .map(|t| and_of(cnf, self.block[t][b], cells.covers[t][cell]))
                    .collect();
                exactly_one(cnf, &covered)?;
                exactly_one(cnf, place)?;
                for t in 0..visits {
                    for (k, &kth) in place.iter().enumerate() {
                        cnf.add([!self.block[t][b], !cells.at[t][cell][k], kth]);
                    }
                }
            }
        }
        Ok(position)
    }

    /// Along each line of a block the positions of its cells sum to [`BALANCED`]: every
    /// combination off the sum is excluded.
    fn balance_block_lines(&mut self, position: &[Vec<Vec<Lit>>]) {
        let lines: Vec<[usize; 4]> = (0..4)
            .map(|r| [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3])
            .chain((0..4).map(|c| [c, c + 4, c + 8, c + 12]))
            .collect();
        for position_b in position {
            for line in &lines {
                for combo in 0..256usize {
                    let ks: [usize; 4] = std::array::from_fn(|i| combo >> (2 * i) & 3);
                    if ks.iter().map(|k| k + 1).sum::<usize>() != BALANCED {
                        self.cnf.add((0..4).map(|i| !position_b[line[i]][ks[i]]));
                    }
                }
            }
        }
    }

    /// Each block gets 4 visits whose indices sum to 2(T-1): counted by an automaton over
    /// any sequence, or implied by a sequence of four passes, each the reverse of another.
    fn sum_visit_indices(&mut self, sequence: Sequence) -> Result<(), EncodeError> {
        let (blocks, visits) = (self.n_blocks(), self.n_visits());
        // The visit that lies in the same block as visit t, in the reversed pass.
        let twin = |t: usize| match sequence {
            Sequence::Palindrome => visits - 1 - t,
            _ => (t / blocks + 2) * blocks + blocks - 1 - t % blocks,
        };
        for b in 0..blocks {
            let here: Vec<Lit> = self.block.iter().map(|visit| visit[b]).collect();
            if sequence == Sequence::Free {
                let indices: Vec<usize> = (0..visits).collect();
                count_and_sum(&mut self.cnf, &here, &indices, 4, 2 * (visits - 1));
                continue;
            }
            for pass in here.chunks(blocks) {
                exactly_one(&mut self.cnf, pass)?;
            }
            for t in 0..visits / 2 {
                self.cnf.implies(here[t], here[twin(t)]);
                self.cnf.implies(here[twin(t)], here[t]);
            }
        }
        Ok(())
    }

    /// The board's symmetries map a tour of the model to another: visit 0 starts in the
    /// top-left quarter of the block grid, and on a square grid on or above its diagonal.
    fn break_symmetry(&mut self) {
        let (m, n) = (self.m, self.n);
        for (b, &there) in self.block[0].iter().enumerate() {
            let (i, j) = (b / n, b % n);
            let kept = 2 * i < m && 2 * j < n && (m != n || i <= j);
            if !kept {
                self.cnf.add([!there]);
            }
        }
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
