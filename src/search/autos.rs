//! Symmetries of the puzzle itself, computed from its data, and what a class is made of.
//!
//! The automorphisms are the puzzle's own ([`crate::puzzle::Automorphism`], the same group the
//! SAT engine reduces by), copied here with `u32` cells as the walker's tables store them. They
//! map solutions to solutions one to one, which is all the symmetry reduction relies on.
//!
//! Classes are counted without ever listing them: a solution `t` whose class has `m(t)`
//! members contributes `1 / m(t)`, and `m` is the same on every image of `t` under an
//! automorphism, because the equivalence group is normal in the group of all board
//! symmetries and reversals.

use crate::puzzle::{Automorphism, Puzzle};
use crate::symmetry::{board_symmetries, cycle_key, Form};
use crate::tour::Tour;

/// A board symmetry, with or without reversal of the numbering.
#[derive(Clone, Debug)]
pub struct PackedAutomorphism {
    pub perm: Vec<u32>,
    pub rev: bool,
}

impl PackedAutomorphism {
    /// The image of a solution, as the key it is compared by in `form`.
    pub fn image(&self, seq: &[u32], form: Form) -> Vec<u32> {
        let mut out: Vec<u32> = seq.iter().map(|&c| self.perm[c as usize]).collect();
        match form {
            Form::Cycle => cycle_key_u32(&out),
            Form::Sequence => {
                if self.rev {
                    out.reverse();
                }
                out
            }
        }
    }

    /// Whether the solution `seq` is mapped to itself (`pos` is scratch space of `n` entries).
    fn fixes(&self, seq: &[u32], form: Form, pos: &mut [u32]) -> bool {
        let n = seq.len();
        let g = &self.perm;
        match (form, self.rev) {
            (Form::Sequence, false) => seq.iter().all(|&c| g[c as usize] == c),
            (Form::Sequence, true) => (0..n).all(|i| g[seq[i] as usize] == seq[n - 1 - i]),
            (Form::Cycle, _) => {
                for (i, &c) in seq.iter().enumerate() {
                    pos[c as usize] = i as u32;
                }
                (0..n).all(|i| {
                    let a = pos[g[seq[i] as usize] as usize] as usize;
                    let b = pos[g[seq[(i + 1) % n] as usize] as usize] as usize;
                    let d = (a + n - b) % n;
                    d == 1 || d == n - 1
                })
            }
        }
    }
}

pub fn cycle_key_u32(order: &[u32]) -> Vec<u32> {
    let as_usize: Vec<usize> = order.iter().map(|&c| c as usize).collect();
    cycle_key(&as_usize).into_iter().map(|c| c as u32).collect()
}

/// Whether the board symmetry `perm`, read backwards if `reverse`, maps the puzzle onto itself
/// (decided once for both engines by [`crate::puzzle::preserves`]).
fn preserves(puzzle: &Puzzle, perm: &[usize], reverse: bool) -> bool {
    let candidate = Automorphism {
        perm: perm.to_vec(),
        reverse,
    };
    crate::puzzle::preserves(puzzle, &candidate)
}

/// The automorphisms of the puzzle, identity first. For cycles reversal acts trivially and
/// is left out. With `use_symmetry` false, only the identity.
pub fn automorphisms(puzzle: &Puzzle, use_symmetry: bool) -> Vec<PackedAutomorphism> {
    let shape = puzzle.board.shape();
    let revs: &[bool] = match puzzle.form() {
        Form::Cycle => &[false],
        Form::Sequence => &[false, true],
    };
    let mut out = Vec::new();
    for g in board_symmetries(shape) {
        for &rev in revs {
            if (use_symmetry || (g.is_identity() && !rev)) && preserves(puzzle, &g.perm, rev) {
                let perm: Vec<u32> = g.perm.iter().map(|&c| c as u32).collect();
                // A side of length 1 makes its reflection act like the identity.
                if !out
                    .iter()
                    .any(|a: &PackedAutomorphism| a.perm == perm && a.rev == rev)
                {
                    out.push(PackedAutomorphism { perm, rev });
                }
            }
        }
    }
    out
}

/// The equivalence group as (element, is-an-automorphism) pairs, and the rule for `m(t)`.
pub struct ClassRule {
    elems: Vec<(PackedAutomorphism, bool)>,
    form: Form,
    /// `m(t)` when it is the same for every solution: every element is an automorphism and
    /// none but the identity can fix a numbered tour (no reversal in the group).
    constant: Option<u32>,
}

impl ClassRule {
    pub fn new(puzzle: &Puzzle) -> Self {
        let form = puzzle.form();
        let group = puzzle.equivalence_group();
        let with_rev = group.includes_reverse() && form == Form::Sequence;
        let mut elems = Vec::new();
        for g in group.elements() {
            for rev in [false, true] {
                if rev && !with_rev {
                    continue;
                }
                let auto = PackedAutomorphism {
                    perm: g.perm.iter().map(|&c| c as u32).collect(),
                    rev,
                };
                // Count each distinct map once (a side of length 1 repeats the identity).
                if elems
                    .iter()
                    .any(|(a, _): &(PackedAutomorphism, bool)| a.perm == auto.perm && a.rev == rev)
                {
                    continue;
                }
                let in_aut = preserves(puzzle, &g.perm, rev);
                elems.push((auto, in_aut));
            }
        }
        let all_aut = elems.iter().all(|(_, a)| *a);
        let constant =
            (all_aut && form == Form::Sequence && !with_rev).then_some(elems.len() as u32);
        ClassRule {
            elems,
            form,
            constant,
        }
    }

    pub fn order(&self) -> usize {
        self.elems.len()
    }

    /// `m(t)`: how many distinct solutions are images of `t` (itself included).
    pub fn multiplicity(&self, puzzle: &Puzzle, seq: &[u32], pos: &mut [u32]) -> u32 {
        if let Some(m) = self.constant {
            return m;
        }
        let mut solutions = 0u32;
        let mut fixing = 0u32;
        for (e, in_aut) in &self.elems {
            if e.fixes(seq, self.form, pos) {
                fixing += 1;
                solutions += 1;
            } else if *in_aut || image_is_solution(puzzle, seq, e) {
                solutions += 1;
            }
        }
        assert!(
            fixing > 0 && solutions.is_multiple_of(fixing),
            "internal error: class of a solution has a fractional size ({solutions} / {fixing})"
        );
        solutions / fixing
    }

    /// The members of the class of `seq` (a solution), as keys sorted ascending.
    pub fn members(&self, puzzle: &Puzzle, seq: &[u32]) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = Vec::new();
        for (e, in_aut) in &self.elems {
            let key = e.image(seq, self.form);
            if !out.contains(&key) && (*in_aut || image_is_solution(puzzle, seq, e)) {
                out.push(key);
            }
        }
        out.sort_unstable();
        out
    }
}

fn image_is_solution(puzzle: &Puzzle, seq: &[u32], e: &PackedAutomorphism) -> bool {
    let mut order: Vec<usize> = seq.iter().map(|&c| e.perm[c as usize] as usize).collect();
    if e.rev {
        order.reverse();
    }
    let tour = Tour::new(puzzle.board.shape(), order).expect("a permutation of a tour");
    puzzle.accepts(&tour)
}
