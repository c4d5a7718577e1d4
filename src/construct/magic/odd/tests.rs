//! The block model checked against a semimagic 12x12 tour that lies in it: the tour passes
//! the project's verifier, the model accepts its visits, decodes them back to the tour, and
//! refuses them with one visit's piece reversed.

use super::model::Model;
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
fn loaded() -> (Model, Box<dyn Backend>) {
    let model = Model::new(3, 3).unwrap();
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
fn the_model_accepts_the_known_tour_and_decodes_it() {
    let order = known_order();
    let (model, mut backend) = loaded();
    let fixed = assumptions(&model, &visits(&order));
    assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Sat);
    let decoded = model.decode(|lit| backend.value(lit.var()).unwrap() != lit.is_neg());
    assert_eq!(decoded, Some(order));
}

#[test]
fn the_model_refuses_the_known_tour_with_a_piece_reversed() {
    let mut visits = visits(&known_order());
    // Reversed, visit 5 still covers its cells, but each of its cells' positions k becomes
    // 5 - k, which unbalances every line of its block.
    visits[5].1.reverse();
    let (model, mut backend) = loaded();
    let fixed = assumptions(&model, &visits);
    assert_eq!(backend.solve_under(&fixed).unwrap(), SolverResult::Unsat);
}
