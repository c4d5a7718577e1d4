//! The construction checked by the project's independent verifier, its coverage against the
//! Python sweep, and its tables.

use super::paths::{ab_paths, ladder_paths, odd_paths, Block};
use super::plan::Plan;
use super::tiles::{self, PieceKey, Signature, Step};
use super::*;
use crate::board::Shape;
use crate::puzzle::Puzzle;
use crate::spec::{Spec, SumsSpec};
use crate::tour::Tour;
use crate::verify::{line_sums, verify};
use std::collections::HashSet;

/// The boards the tours are checked on: both block grid parities, transposed and not, two and
/// three block rows or columns, long boards, and odd x odd block grids.
const BOARDS: &[(usize, usize)] = &[
    (8, 8),
    (8, 12),
    (12, 8),
    (8, 28),
    (40, 8),
    (12, 12),
    (12, 20),
    (20, 12),
    (20, 20),
    (28, 36),
    (12, 44),
    (12, 16),
    (16, 12),
    (16, 16),
    (12, 24),
    (24, 12),
    (20, 16),
    (16, 20),
    (24, 24),
    (40, 16),
    (12, 40),
];

/// The tour the construction gives, as the project's tour type.
fn tour_of(rows: usize, cols: usize) -> Tour {
    let order = cells(rows, cols)
        .unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"))
        .map(|(r, c)| {
            assert!(
                r < rows && c < cols,
                "{rows}x{cols}: ({r},{c}) off the board"
            );
            r * cols + c
        })
        .collect();
    Tour::new(Shape::flat(rows, cols), order).unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"))
}

#[test]
fn the_tours_are_semimagic_knights_tours() {
    for &(rows, cols) in BOARDS {
        let tour = tour_of(rows, cols);
        let n = (rows * cols) as u64;
        let spec = Spec {
            sums: SumsSpec {
                rows: Some(cols as u64 * (n + 1) / 2),
                cols: Some(rows as u64 * (n + 1) / 2),
                ..SumsSpec::default()
            },
            ..Spec::plain(&format!("{rows}x{cols}"))
        };
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let broken = verify(&puzzle, &tour);
        assert!(broken.is_empty(), "{rows}x{cols}: {broken:?}");
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        let (row_magic, col_magic) = (sums.row_magic.unwrap(), sums.col_magic.unwrap());
        assert!(
            sums.rows.iter().all(|&s| s == row_magic),
            "{rows}x{cols}: {sums}"
        );
        assert!(
            sums.cols.iter().all(|&s| s == col_magic),
            "{rows}x{cols}: {sums}"
        );
    }
}

#[test]
fn the_odd_grids_up_to_11_blocks_a_side_give_semimagic_knights_tours() {
    for m in (3..=11).step_by(2) {
        for n in (3..=11).step_by(2) {
            let (rows, cols) = (4 * m, 4 * n);
            let tour = tour_of(rows, cols);
            let puzzle = Puzzle::from_spec(&spec(rows, cols)).unwrap();
            let broken = verify(&puzzle, &tour);
            assert!(broken.is_empty(), "{rows}x{cols}: {broken:?}");
        }
    }
}

#[test]
fn every_board_of_the_python_sweep_is_covered() {
    // sweep-8-40.txt: construct.py and its independent checker on every board with sides
    // 8..40, multiples of 4: 49 semimagic (8x8 from the census), the others not built then.
    // The odd x odd block grids and the boards 8 wide have their own paths since.
    let sweep = include_str!("../../../experiments/magic-construction/sweep-8-40.txt");
    let mut boards = Vec::new();
    let mut semimagic = 0;
    // One line per board, "RxC: result", then a summary line.
    for line in sweep.lines() {
        let Some((board, result)) = line.split_once(": ") else {
            continue;
        };
        let (r, c) = board.split_once('x').unwrap();
        boards.push((r.parse::<usize>().unwrap(), c.parse::<usize>().unwrap()));
        semimagic += usize::from(result.starts_with("semimagic knight's tour"));
    }
    assert_eq!((boards.len(), semimagic), (81, 49));
    for (rows, cols) in boards {
        assert_eq!(covers(rows, cols), Ok(()), "{rows}x{cols}");
    }
}

#[test]
fn refusals_say_why() {
    use MagicRefusal::*;
    assert_eq!(covers(8, 8), Ok(()));
    assert_eq!(covers(4, 16), Err(SideOfFour { rows: 4, cols: 16 }));
    assert_eq!(covers(16, 4), Err(SideOfFour { rows: 16, cols: 4 }));
    assert_eq!(covers(12, 12), Ok(()));
    assert_eq!(covers(100, 100), Ok(()));
    assert_eq!(covers(9, 16), Err(OddSide { rows: 9, cols: 16 }));
    assert_eq!(covers(7, 7), Err(OddSide { rows: 7, cols: 7 }));
    assert_eq!(covers(10, 14), Err(BothTwoModFour { rows: 10, cols: 14 }));
    assert_eq!(covers(6, 16), Err(NotMultipleOfFour { rows: 6, cols: 16 }));
    assert!(cells(4, 12).is_err());
    assert_eq!(covers(400, 12), Ok(()));
}

#[test]
fn the_paths_are_hamiltonian_with_through_joins() {
    for m in 3..=10 {
        for n in (4..=12).step_by(2) {
            let (a, b) = ab_paths(m, n);
            for path in [&a, &b] {
                let seen: HashSet<_> = path.iter().copied().collect();
                assert_eq!((path.len(), seen.len()), (m * n, m * n), "{m}x{n}");
                assert!(path.iter().all(|&(i, j)| i < m && j < n));
                for w in path.windows(2) {
                    Step::between(w[0], w[1]);
                }
            }
            let (x, y) = ((1, 1), (1, 2));
            assert_eq!((a[0], a[m * n - 1], b[0], b[m * n - 1]), (y, x, x, y));
            // Neither join turns back the way it came.
            assert_ne!(a[m * n - 2], b[1], "{m}x{n}");
            assert_ne!(a[1], b[m * n - 2], "{m}x{n}");
        }
    }
}

/// The signatures as plan.py computes them: the whole visit list, grouped into runs.
fn signatures_from_the_visit_list(plan: &Plan) -> Vec<((usize, usize), Signature)> {
    let visits: Vec<_> = (0..plan.n_visits()).map(|t| plan.block_at(t)).collect();
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (t, &block) in visits.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if visits[run.0] == block => run.1 = t,
            _ => runs.push((t, t, 0)),
        }
    }
    let big_n = plan.n_blocks();
    let mut out: Vec<((usize, usize), Vec<PieceKey>)> = Vec::new();
    for (k, &(first, last, _)) in runs.iter().enumerate() {
        let block = visits[first];
        let key = PieceKey {
            first: (first / big_n) as u8,
            last: (last / big_n) as u8,
            prev: (k > 0).then(|| Step::between(block, visits[runs[k - 1].0])),
            next: runs.get(k + 1).map(|r| Step::between(block, visits[r.0])),
        };
        match out.iter_mut().find(|(b, _)| *b == block) {
            Some((_, keys)) => keys.push(key),
            None => out.push((block, vec![key])),
        }
    }
    out.into_iter()
        .map(|(block, mut keys)| {
            keys.sort_by_key(|k| k.first);
            let mut sig = [None; 4];
            for (slot, key) in sig.iter_mut().zip(keys) {
                *slot = Some(key);
            }
            (block, Signature(sig))
        })
        .collect()
}

#[test]
fn block_signatures_match_the_visit_list() {
    let even = [(3, 4), (3, 10), (4, 4), (5, 6), (6, 4), (7, 8)].map(|(m, n)| Plan::new(m, n));
    let odd = [(3, 3), (3, 5), (5, 3), (7, 9)].map(|(m, n)| Plan::odd(m, n));
    for plan in even.iter().chain(&odd) {
        for (block, sig) in signatures_from_the_visit_list(plan) {
            assert_eq!(plan.signature(block), sig, "block {block:?}");
        }
    }
}

#[test]
fn the_odd_paths_are_hamiltonian_with_through_joins() {
    for m in (3..=11).step_by(2) {
        for n in (3..=11).step_by(2) {
            let (a, b) = odd_paths(m, n);
            for path in [&a, &b] {
                let seen: HashSet<_> = path.iter().copied().collect();
                assert_eq!((path.len(), seen.len()), (m * n, m * n), "{m}x{n}");
                assert!(path.iter().all(|&(i, j)| i < m && j < n));
                for w in path.windows(2) {
                    let apart = w[0].0.abs_diff(w[1].0).max(w[0].1.abs_diff(w[1].1));
                    assert_eq!(apart, 1, "{m}x{n}: {w:?}");
                }
            }
            let last = m * n - 1;
            // A ends where B starts, and reversed A ends where reversed B starts; B's end
            // neighbours reversed A's start.
            assert_eq!((a[last], b[0]), ((1, 0), (1, 0)), "{m}x{n}");
            assert_eq!((a[0], b[last]), ((1, 1), (1, 1)), "{m}x{n}");
            // Neither join turns back the way it came.
            assert_ne!(a[last - 1], b[1], "{m}x{n}");
            assert_ne!(a[1], b[last - 1], "{m}x{n}");
        }
    }
}

#[test]
fn the_ladder_paths_go_round_the_boundary_both_ways() {
    for n in 2..=12 {
        let (a, b) = ladder_paths(n);
        // A is the boundary cycle read from (0,0) eastwards; B the same cycle the other way
        // round, from (1,0): A reversed. The passes A, B, A reversed, B reversed are then
        // P, P reversed, P reversed, P.
        let boundary: Vec<Block> = (0..n)
            .map(|j| (0, j))
            .chain((0..n).rev().map(|j| (1, j)))
            .collect();
        assert_eq!(a, boundary, "2x{n}");
        assert!(b.iter().eq(a.iter().rev()), "2x{n}");
        for w in a.windows(2) {
            Step::between(w[0], w[1]);
        }
        assert_eq!(
            Step::between(a[2 * n - 1], a[0]),
            Step::between((1, 0), (0, 0))
        );
    }
}

#[test]
fn the_ladder_table_holds_every_signature_of_the_ladders_up_to_60_blocks_long() {
    let mut met = HashSet::new();
    for n in 2..=60 {
        let plan = Plan::ladder(n);
        for i in 0..2 {
            for j in 0..n {
                let sig = plan.signature((i, j));
                assert!(tiles::ladder().contains_key(&sig), "2x{n}: {sig:?}");
                met.insert(sig);
            }
        }
    }
    assert_eq!(met.len(), tiles::ladder().len(), "every tile is used");
}

#[test]
fn the_odd_table_holds_every_signature_of_the_odd_grids_up_to_41_blocks_a_side() {
    let mut met = HashSet::new();
    for m in (3..=41).step_by(2) {
        for n in (3..=41).step_by(2) {
            let plan = Plan::odd(m, n);
            for i in 0..m {
                for j in 0..n {
                    let sig = plan.signature((i, j));
                    assert!(tiles::odd().contains_key(&sig), "{m}x{n}: {sig:?}");
                    met.insert(sig);
                }
            }
        }
    }
    assert_eq!(met.len(), tiles::odd().len(), "every tile is used");
}

#[test]
fn the_tables_parse_and_hold_every_signature_met() {
    assert_eq!(tiles::ab().len(), 26);
    assert_eq!(tiles::ab3().len(), 15);
    assert_eq!(tiles::odd().len(), 15);
    assert_eq!(tiles::ladder().len(), 6);
    for &(rows, cols) in BOARDS {
        let (m, n) = (rows / 4, cols / 4);
        let (plan, table) = if m == 2 || n == 2 {
            (Plan::ladder(m.max(n)), tiles::ladder())
        } else if m % 2 == 1 && n % 2 == 1 {
            (Plan::odd(m, n), tiles::odd())
        } else {
            let (m, n) = if n % 2 == 1 { (n, m) } else { (m, n) };
            let table = if m == 3 { tiles::ab3() } else { tiles::ab() };
            (Plan::new(m, n), table)
        };
        let (m, n) = (plan.n_blocks() / plan.n_cols(), plan.n_cols());
        for i in 0..m {
            for j in 0..n {
                let sig = plan.signature((i, j));
                assert!(table.contains_key(&sig), "{rows}x{cols}: {sig:?}");
            }
        }
    }
}
