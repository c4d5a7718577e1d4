//! The block model checked against a semimagic 12x12 tour that lies in it: the tour passes
//! the project's verifier, the model accepts its visits, decodes them back to the tour, and
//! refuses them with one visit's piece reversed.

use super::model::{Model, Sequence};
use super::pieces::Piece;
use crate::board::Shape;
use crate::construct::magic::spec;
use crate::puzzle::Puzzle;
use crate::solver::{new_backend, Backend, BackendConfig};
use crate::tour::Tour;
use crate::verify::{line_sums, verify};
use rustsat::solvers::SolverResult;
use rustsat::types::Lit;

/// A semimagic 12x12 tour of the block model (found by the prototype in
/// experiments/magic-12x12), as the number of each cell, row by row.
#[rustfmt::skip]
const KNOWN_12X12: [usize; 144] = [
      1, 142,  71,  76,   5, 140,  65,  80,   9, 136,  63,  82,
     72,  75,   2, 141,  68,  77,   8, 137,  64,  81,  10, 135,
    143,  70,  73,   4, 139,   6,  79,  66, 133,  12,  83,  62,
     74,   3, 144,  69,  78,  67, 138,   7,  84,  61, 134,  11,
    119,  90,  25,  56, 121,  86,  23,  60,  13, 132, 103,  42,
     26,  55, 120,  89,  24,  59, 122,  85, 102,  43, 130,  15,
     91, 118,  53,  28,  57,  22,  87, 124, 131,  14,  41, 104,
     54,  27,  92, 117,  88, 123,  58,  21,  44, 101,  16, 129,
    115,  94,  29,  52,  33,  46, 111, 100, 125,  20, 105,  40,
     30,  51, 116,  93, 112,  99,  34,  45, 108,  37, 128,  17,
     95, 114,  49,  32,  97, 110,  47,  36,  19, 126,  39, 106,
     50,  31,  96, 113,  48,  35,  98, 109,  38, 107,  18, 127,
];

/// The known tour's cells in tour order.
fn known_order() -> Vec<(usize, usize)> {
    let mut order = vec![(0, 0); 144];
    for (i, &number) in KNOWN_12X12.iter().enumerate() {
        order[number - 1] = (i / 12, i % 12);
    }
    order
}

/// The block and piece of each visit of a tour in tour order.
fn visits(order: &[(usize, usize)]) -> Vec<(usize, Piece)> {
    order
        .chunks(4)
        .map(|cells| {
            let (bi, bj) = (cells[0].0 / 4, cells[0].1 / 4);
            let piece = std::array::from_fn(|k| (cells[k].0 - 4 * bi, cells[k].1 - 4 * bj));
            (3 * bi + bj, piece)
        })
        .collect()
}

/// The 3x3-block model in a fresh solver.
fn loaded(sequence: Sequence) -> (Model, Box<dyn Backend>) {
    let model = Model::new(3, 3, sequence).unwrap();
    let mut backend = new_backend(&BackendConfig::default()).unwrap();
    for clause in model.cnf.cnf() {
        backend.add_clause(clause.as_ref()).unwrap();
    }
    (model, backend)
}

/// Assumptions fixing every visit to the given block and piece.
fn assumptions(model: &Model, visits: &[(usize, Piece)]) -> Vec<Lit> {
    visits
        .iter()
        .enumerate()
        .flat_map(|(t, (b, piece))| model.laying(t, *b, piece).expect("a transversal piece"))
        .collect()
}

#[test]
fn the_known_tour_is_a_semimagic_knights_tour() {
    let order = known_order();
    let cells = order.iter().map(|&(r, c)| r * 12 + c).collect();
    let tour = Tour::new(Shape::flat(12, 12), cells).unwrap();
    let puzzle = Puzzle::from_spec(&spec(12, 12)).unwrap();
    let broken = verify(&puzzle, &tour);
    assert!(broken.is_empty(), "{broken:?}");
    let sums = line_sums(tour.shape(), tour.order()).unwrap();
    assert!(
        sums.rows.iter().chain(&sums.cols).all(|&s| s == 870),
        "{sums}"
    );
}

#[test]
fn both_models_accept_the_known_tour_and_decode_it() {
    // The known tour's visits meet every block once in each run of 9, in the order P, Q,
    // Q reversed, P reversed.
    let order = known_order();
    for sequence in [Sequence::Free, Sequence::Palindrome] {
        let (model, mut backend) = loaded(sequence);
        let fixed = assumptions(&model, &visits(&order));
        assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Sat);
        let decoded = model.decode(|lit| backend.value(lit.var()).unwrap() != lit.is_neg());
        assert_eq!(decoded.as_ref(), Some(&order), "{sequence:?}");
    }
}

#[test]
fn a_model_of_passes_refuses_a_first_pass_that_returns_to_a_block() {
    // The known tour's first 8 visits, then visit 8 back in visit 0's block: the first run
    // of 9 visits would miss a block.
    let known = visits(&known_order());
    let (model, mut backend) = loaded(Sequence::Palindrome);
    let start = assumptions(&model, &known[..8]);
    assert_eq!(backend.solve_under(&start).unwrap(), SolverResult::Sat);
    let (b0, piece0) = &known[0];
    let back_in_b0 = model.laying(8, *b0, piece0).unwrap()[0];
    let fixed: Vec<Lit> = start.into_iter().chain([back_in_b0]).collect();
    assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Unsat);
}

#[test]
fn the_model_refuses_the_known_tour_with_a_piece_reversed() {
    let mut visits = visits(&known_order());
    // Reversed, visit 5 still covers its cells, but each of its cells' positions k becomes
    // 5 - k, which unbalances every line of its block.
    visits[5].1.reverse();
    for sequence in [Sequence::Free, Sequence::Palindrome] {
        let (model, mut backend) = loaded(sequence);
        let fixed = assumptions(&model, &visits);
        assert_eq!(
            backend.solve_under(&fixed).unwrap(),
            SolverResult::Unsat,
            "{sequence:?}"
        );
    }
}

#[test]
fn the_mirrored_model_refuses_the_known_palindromic_tour() {
    // Its third pass reverses the second, not the first.
    let (model, mut backend) = loaded(Sequence::Mirrored);
    let fixed = assumptions(&model, &visits(&known_order()));
    assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Unsat);
}

#[test]
fn the_search_finds_a_verified_semimagic_12x12_tour_of_mirrored_passes() {
    let order = super::search_cells(12, 12, &Default::default()).unwrap();
    let cells = order.iter().map(|&(r, c)| r * 12 + c).collect();
    let tour = Tour::new(Shape::flat(12, 12), cells).unwrap();
    let puzzle = Puzzle::from_spec(&spec(12, 12)).unwrap();
    let broken = verify(&puzzle, &tour);
    assert!(broken.is_empty(), "{broken:?}");
    // Passes A, B, A reversed, B reversed over the 9 blocks.
    let blocks: Vec<usize> = visits(&order).iter().map(|&(b, _)| b).collect();
    let (a, b) = (&blocks[..9], &blocks[9..18]);
    let reversed = |pass: &[usize]| pass.iter().rev().copied().collect::<Vec<_>>();
    assert_eq!(blocks[18..27], reversed(a)[..]);
    assert_eq!(blocks[27..], reversed(b)[..]);
    let mut sorted = a.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..9).collect::<Vec<_>>());
}

#[test]
fn the_mirrored_model_accepts_the_constructed_12x12_tour() {
    // The construction's odd paths give passes A, B, A reversed, B reversed: a tour of the
    // model, found without it.
    let order: Vec<(usize, usize)> = crate::construct::magic::cells(12, 12).unwrap().collect();
    let (model, mut backend) = loaded(Sequence::Mirrored);
    let fixed = assumptions(&model, &visits(&order));
    assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Sat);
}
