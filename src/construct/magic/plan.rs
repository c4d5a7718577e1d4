//! The visit sequence A, B, A reversed, B reversed, read in O(1) per visit from the two paths
//! and their inverse indices, and each block's signature computed from it in O(1), without
//! building the 4N-visit list (a port of `visits_ab` and `unit_signatures` in
//! experiments/magic-construction/plan.py, scheme "ab": no merged units, no markers).

use super::paths::{ab_paths, ladder_paths, odd_paths, Block};
use super::tiles::{PieceKey, Signature, Step};

/// The block plan of an `m` x `n` grid: the paths and where each block lies on them.
pub struct Plan {
    /// Block columns.
    n: usize,
    a: Vec<Block>,
    b: Vec<Block>,
    /// Index along A of block (i, j), at `i * n + j`.
    in_a: Vec<usize>,
    /// Index along B of block (i, j), at `i * n + j`.
    in_b: Vec<usize>,
}

impl Plan {
    /// The plan of an `m` x `n` block grid (`n` even and at least 4, `m` at least 3).
    pub fn new(m: usize, n: usize) -> Plan {
        let (a, b) = ab_paths(m, n);
        Plan::of_paths(m, n, a, b)
    }

    /// The plan of an `m` x `n` block grid with `m` and `n` odd and at least 3.
    pub fn odd(m: usize, n: usize) -> Plan {
        let (a, b) = odd_paths(m, n);
        Plan::of_paths(m, n, a, b)
    }

    /// The plan of a 2 x `n` block grid (`n` at least 2).
    pub fn ladder(n: usize) -> Plan {
        let (a, b) = ladder_paths(n);
        Plan::of_paths(2, n, a, b)
    }

    /// The plan of two Hamiltonian paths of the `m` x `n` block grid.
    fn of_paths(m: usize, n: usize, a: Vec<Block>, b: Vec<Block>) -> Plan {
        let inverse = |path: &[Block]| {
            let mut at = vec![usize::MAX; m * n];
            for (k, &(i, j)) in path.iter().enumerate() {
                at[i * n + j] = k;
            }
            at
        };
        let (in_a, in_b) = (inverse(&a), inverse(&b));
        Plan {
            n,
            a,
            b,
            in_a,
            in_b,
        }
    }

    /// Number of block columns.
    pub fn n_cols(&self) -> usize {
        self.n
    }

    /// Number of blocks, N.
    pub fn n_blocks(&self) -> usize {
        self.a.len()
    }

    /// Number of visits, 4N: every block is visited once per pass.
    pub fn n_visits(&self) -> usize {
        4 * self.n_blocks()
    }

    /// The block of visit `t`: pass `t / N` walks A, B, A reversed, B reversed.
    pub fn block_at(&self, t: usize) -> Block {
        let big_n = self.n_blocks();
        match t / big_n {
            0 => self.a[t],
            1 => self.b[t - big_n],
            2 => self.a[3 * big_n - 1 - t],
            _ => self.b[4 * big_n - 1 - t],
        }
    }

    /// The visit of `block` in `pass`: the numbers a, N+b, 3N-1-a, 4N-1-b for indices a
    /// along A and b along B, which sum to 8N-2 for every block.
    pub fn visit_of(&self, block: Block, pass: usize) -> usize {
        let big_n = self.n_blocks();
        let at = block.0 * self.n + block.1;
        match pass {
            0 => self.in_a[at],
            1 => big_n + self.in_b[at],
            2 => 3 * big_n - 1 - self.in_a[at],
            _ => 4 * big_n - 1 - self.in_b[at],
        }
    }

    /// Whether visit `t` continues the piece of visit `t - 1`: two visits running at one
    /// block (the joins at X and Y) make one 8-cell piece.
    pub fn joins_previous(&self, t: usize) -> bool {
        t > 0 && self.block_at(t - 1) == self.block_at(t)
    }

    /// The last visit of the piece starting at visit `t`.
    pub fn piece_end(&self, t: usize) -> usize {
        if t + 1 < self.n_visits() && self.block_at(t + 1) == self.block_at(t) {
            t + 1
        } else {
            t
        }
    }

    /// The block's signature: for each of its pieces, in pass order, the first and last pass
    /// and the steps to the blocks of the previous and the next piece.
    pub fn signature(&self, block: Block) -> Signature {
        let big_n = self.n_blocks();
        let mut pieces = [None; 4];
        let mut count = 0;
        for pass in 0..4 {
            let t = self.visit_of(block, pass);
            if self.joins_previous(t) {
                continue;
            }
            let end = self.piece_end(t);
            let prev = (t > 0).then(|| Step::between(block, self.block_at(t - 1)));
            let next =
                (end + 1 < self.n_visits()).then(|| Step::between(block, self.block_at(end + 1)));
            pieces[count] = Some(PieceKey {
                first: pass as u8,
                last: (end / big_n) as u8,
                prev,
                next,
            });
            count += 1;
        }
        Signature(pieces)
    }
}
