//! The streaming verifier against hand-made tours: each rule broken on its own, its message,
//! every way of failing reached, and the same verdict as the whole-tour verifier.

use super::*;
use crate::puzzle::Puzzle;
use crate::tour::Closure;
use crate::tour::{text, Tour};
use crate::verify::tests::plain_with;
use proptest::prelude::*;

const OPEN_5X5: &str = include_str!("../../../tests/data/tours/open-5x5.txt");
const CLOSED_8X8: &str =
    include_str!("../../../tests/data/tours/near-magic-closed-centrosymmetric.txt");
const CUBE: &str = include_str!("../../../tests/data/tours/cube-4x4x4.txt");

/// A reference tour's shape and cells in visiting order.
fn reference(grid: &str) -> (Shape, Vec<u32>) {
    let tour = text::parse(grid).unwrap();
    (
        tour.shape(),
        tour.order().iter().map(|&c| c as u32).collect(),
    )
}

/// The streaming verdict on `cells`, handed over in chunks of `chunk` cells.
fn streamed(
    shape: Shape,
    closed: Closure,
    cells: &[u32],
    chunk: usize,
) -> Result<StreamReport, StreamViolation> {
    let mut verifier = StreamVerifier::new(shape, Leaper::KNIGHT, closed);
    for part in cells.chunks(chunk.max(1)) {
        verifier.push(part)?;
    }
    verifier.finish()
}

fn violation(shape: Shape, closed: Closure, cells: &[u32]) -> StreamViolation {
    streamed(shape, closed, cells, 3).expect_err("a broken rule")
}

/// The cell at row `r`, column `c` of a flat board.
fn cell(shape: Shape, r: usize, c: usize) -> u32 {
    (r * shape.cols + c) as u32
}

#[test]
fn reference_tours_pass_in_any_chunks() {
    let (shape, cells) = reference(CLOSED_8X8);
    for chunk in [1, 5, 63, 64, 1000] {
        let report = streamed(shape, Closure::Closed, &cells, chunk).unwrap();
        assert_eq!(
            report,
            StreamReport {
                cells: 64,
                closes: true
            }
        );
    }
    let (shape, cells) = reference(OPEN_5X5);
    let report = streamed(shape, Closure::Open, &cells, 7).unwrap();
    assert_eq!(
        report,
        StreamReport {
            cells: 25,
            closes: false
        }
    );
    let (shape, cells) = reference(CUBE);
    assert!(shape.solid);
    assert_eq!(
        streamed(shape, Closure::Closed, &cells, 10).unwrap().cells,
        64
    );
}

#[test]
fn an_off_board_entry_is_named_with_its_byte_offset() {
    let (shape, mut cells) = reference(OPEN_5X5);
    cells[3] = 25;
    let v = violation(shape, Closure::Open, &cells);
    assert_eq!(
        v.to_string(),
        "number 4 (byte offset 12) is cell 25, outside the 5x5 board of 25 cells"
    );
    assert_eq!(v.rule(), "integrity");
}

#[test]
fn a_second_visit_is_named_with_its_cell() {
    let (shape, mut cells) = reference(OPEN_5X5);
    // Number 3 goes back to number 1's cell, a leap from number 2's.
    cells[2] = cells[0];
    let v = violation(shape, Closure::Open, &cells);
    let at = shape.cell_name(cells[0] as Cell);
    assert_eq!(
        v.to_string(),
        format!("number 3 (byte offset 8) visits {at} a second time")
    );
}

#[test]
fn a_move_that_is_no_leap_is_named_with_both_cells() {
    let shape = Shape::flat(3, 4);
    let cells = [cell(shape, 0, 0), cell(shape, 1, 2), cell(shape, 1, 3)];
    let v = violation(shape, Closure::Open, &cells);
    assert_eq!(
        v.to_string(),
        "move 2 -> 3 (byte offsets 4 and 8) from (1,2) to (1,3) is not a 1,2 leap"
    );
    assert_eq!(v.rule(), "move");
    // Index 7 -> 17 on 8x8 is the index step of (0,0) -> (1,2), but (0,7) -> (2,1) is no leap:
    // leaps are read from coordinates, not from index differences.
    let wide = Shape::flat(8, 8);
    let wrap = [cell(wide, 1, 5), cell(wide, 0, 7), cell(wide, 2, 1)];
    assert!(matches!(
        violation(wide, Closure::Open, &wrap),
        StreamViolation::NotALeap { number: 2, .. }
    ));
}

#[test]
fn too_few_and_too_many_cells_are_counted() {
    let (shape, cells) = reference(OPEN_5X5);
    let v = violation(shape, Closure::Open, &cells[..24]);
    assert_eq!(
        v.to_string(),
        "the tour ends after 24 cells (at byte offset 96) but the board has 25"
    );
    assert_eq!(
        violation(shape, Closure::Open, &[]),
        StreamViolation::TooFew {
            found: 0,
            expected: 25
        }
    );
    let mut longer = cells.clone();
    longer.push(cells[1]);
    let v = violation(shape, Closure::Open, &longer);
    assert_eq!(
        v.to_string(),
        "the board has 25 cells but the tour goes on: number 26 at byte offset 100"
    );
}

#[test]
fn an_open_tour_is_not_closed() {
    let (shape, cells) = reference(OPEN_5X5);
    let v = violation(shape, Closure::Closed, &cells);
    let (last, first) = (cells[24] as Cell, cells[0] as Cell);
    let want = format!(
        "the tour is not closed: 25 at {} is not a 1,2 leap from 1 at {}",
        shape.cell_name(last),
        shape.cell_name(first)
    );
    assert_eq!((v.to_string(), v.rule()), (want, "closed"));
}

/// Which way of failing a violation is; the match has no catch-all, so a new kind of
/// violation must be added here, and then reached by the test below.
fn kind(v: &StreamViolation) -> usize {
    match v {
        StreamViolation::OffBoard { .. } => 0,
        StreamViolation::Repeated { .. } => 1,
        StreamViolation::NotALeap { .. } => 2,
        StreamViolation::TooFew { .. } => 3,
        StreamViolation::TooMany { .. } => 4,
        StreamViolation::NotClosed { .. } => 5,
        StreamViolation::LineSum { .. } => 6,
    }
}
const KINDS: usize = 7;

#[test]
fn every_way_of_failing_is_reached() {
    let (shape, cells) = reference(OPEN_5X5);
    let mut cases: Vec<(Vec<u32>, bool)> = Vec::new();
    let edit = |at: usize, value: u32| {
        let mut edited = cells.clone();
        edited[at] = value;
        edited
    };
    cases.push((edit(10, 1000), false));
    cases.push((edit(2, cells[0]), false));
    cases.push((edit(10, cells[24]), false));
    cases.push((cells[..20].to_vec(), false));
    cases.push(([&cells[..], &[0]].concat(), false));
    cases.push((cells.clone(), true));
    let mut reached = [false; KINDS];
    for (tour, closed) in &cases {
        reached[kind(&violation(shape, Closure::from(*closed), tour))] = true;
    }
    let summed = with_sums(shape, &cells, 3, Some(1), None).expect_err("row sums of 1");
    reached[kind(&summed)] = true;
    assert_eq!(reached, [true; KINDS]);
}

/// The streaming verdict on `cells`, in chunks of `chunk`, with row and column sums asked.
fn with_sums(
    shape: Shape,
    cells: &[u32],
    chunk: usize,
    rows: Option<u64>,
    cols: Option<u64>,
) -> Result<StreamReport, StreamViolation> {
    let mut verifier = StreamVerifier::new(shape, Leaper::KNIGHT, Closure::Open)
        .with_line_sums(rows, cols)
        .expect("a flat board");
    for part in cells.chunks(chunk) {
        verifier.push(part)?;
    }
    verifier.finish()
}

/// Asked for a sum every row (or column) has, the streamed check passes; asked for another,
/// it names the first line off and its sum, as the whole-tour line sums give them, in any
/// chunks.
#[test]
fn streamed_line_sums_agree_with_the_whole_tour_sums() {
    for grid in [OPEN_5X5, CLOSED_8X8] {
        let (shape, cells) = reference(grid);
        let order: Vec<Cell> = cells.iter().map(|&c| c as Cell).collect();
        let held = crate::verify::line_sums(shape, &order).unwrap();
        for chunk in [1, 7, 64] {
            for (line, sums) in [("row", &held.rows), ("column", &held.cols)] {
                for target in [sums[0], sums[0] + 1, held.row_magic.unwrap_or(0)] {
                    let asked = Some(target);
                    let (rows, cols) = if line == "row" {
                        (asked, None)
                    } else {
                        (None, asked)
                    };
                    let verdict = with_sums(shape, &cells, chunk, rows, cols);
                    match sums.iter().position(|&sum| sum != target) {
                        None => assert!(verdict.is_ok(), "{line} {target}: {verdict:?}"),
                        Some(index) => assert_eq!(
                            verdict.unwrap_err(),
                            StreamViolation::LineSum {
                                line,
                                index,
                                found: u128::from(sums[index]),
                                target,
                            }
                        ),
                    }
                }
            }
        }
    }
}

#[test]
fn a_box_has_no_rows_and_columns_to_sum() {
    let (shape, _) = reference(CUBE);
    let verifier = StreamVerifier::new(shape, Leaper::KNIGHT, Closure::Open);
    assert!(verifier.with_line_sums(Some(1), None).is_none());
}

fn plain(shape: Shape, closed: Closure) -> Puzzle {
    plain_with(shape, Leaper::KNIGHT, closed)
}

/// A reference tour with random edits: entries swapped, a stretch reversed, or an entry
/// replaced by any value, some off the board.
fn edited_tour() -> impl Strategy<Value = (Shape, Vec<u32>, bool)> {
    let grids = prop::sample::select(vec![OPEN_5X5, CLOSED_8X8, CUBE]);
    let edits = prop::collection::vec((any::<usize>(), any::<usize>(), 0..4u8), 0..3);
    (grids, edits, any::<bool>()).prop_map(|(grid, edits, closed)| {
        let (shape, mut cells) = reference(grid);
        for (i, j, how) in edits {
            let n = cells.len();
            let (i, j) = (i % n, j % n);
            match how {
                0 => cells.swap(i, j),
                1 => cells[i.min(j)..=i.max(j)].reverse(),
                2 => cells[i] = (j % (n + 3)) as u32,
                _ => cells.truncate(i.max(1)),
            }
        }
        (shape, cells, closed)
    })
}

/// The verdict of a check made in passes with windows of at most `max_cells`, each pass
/// fed in chunks of `chunk`: the first violation any pass finds, or the reports, which must
/// agree, and the one digest all passes share.
fn in_passes(
    shape: Shape,
    closed: Closure,
    cells: &[u32],
    max_cells: u64,
    chunk: usize,
) -> Result<(StreamReport, u64), StreamViolation> {
    let mut agreed: Option<(StreamReport, u64)> = None;
    for window in windows(shape.n_cells() as u64, max_cells) {
        let mut verifier = StreamVerifier::windowed(shape, Leaper::KNIGHT, closed, window);
        for part in cells.chunks(chunk.max(1)) {
            verifier.push(part)?;
        }
        let digest = verifier.digest().expect("a windowed verifier hashes");
        let report = verifier.finish()?;
        if let Some(first) = agreed {
            assert_eq!(first, (report, digest), "passes over one sequence disagree");
        }
        agreed = Some((report, digest));
    }
    Ok(agreed.expect("at least one window"))
}

#[test]
fn windows_cover_the_cells_once_each_within_the_limit() {
    for cells in [1u64, 63, 64, 65, 1000, 4096, 100_000] {
        for max in [1u64, 64, 100, 1000, 1 << 20] {
            let found = windows(cells, max);
            assert_eq!(found[0].start, 0);
            assert_eq!(found.last().unwrap().end, cells);
            for pair in found.windows(2) {
                assert_eq!(pair[0].end, pair[1].start, "{cells} {max}");
            }
            for w in &found {
                assert!(w.end - w.start <= max.max(64), "{cells} {max}: {w:?}");
                assert!(!w.is_empty(), "{cells} {max}: {found:?}");
                assert_eq!(w.start % 64, 0);
            }
        }
    }
}

#[test]
fn the_digest_follows_the_sequence_not_its_chunks() {
    let (shape, cells) = reference(CLOSED_8X8);
    let digest = |cells: &[u32], chunk: usize| {
        let mut verifier = StreamVerifier::windowed(shape, Leaper::KNIGHT, Closure::Closed, 0..64);
        for part in cells.chunks(chunk) {
            let _ = verifier.push(part);
        }
        verifier.digest().unwrap()
    };
    let whole = digest(&cells, 64);
    for chunk in [1, 3, 5, 7, 63] {
        assert_eq!(digest(&cells, chunk), whole);
    }
    let mut swapped = cells.clone();
    swapped.swap(10, 11);
    assert_ne!(digest(&swapped, 64), whole);
    assert_eq!(
        StreamVerifier::new(shape, Leaper::KNIGHT, Closure::Closed).digest(),
        None
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A check made in passes, each tracking one window of cells, passes a sequence exactly
    /// when the single check does, and reports the same.
    #[test]
    fn passes_agree_with_one_check((shape, cells, closed) in edited_tour(), max in 1..80u64, chunk in 1..40usize) {
        let whole = streamed(shape, Closure::from(closed), &cells, chunk);
        let passes = in_passes(shape, Closure::from(closed), &cells, max, chunk);
        match (whole, passes) {
            (Ok(report), Ok((passed, _))) => prop_assert_eq!(report, passed),
            (Err(_), Err(_)) => {}
            (whole, passes) => prop_assert!(false, "{:?} against {:?}", whole, passes),
        }
    }

    /// The streaming verifier passes a tour exactly when the whole-tour verifier does, and
    /// names the first move it refuses as the whole-tour verifier's first.
    #[test]
    fn agrees_with_the_whole_tour_verifier((shape, cells, closed) in edited_tour(), chunk in 1..40usize) {
        let verdict = streamed(shape, Closure::from(closed), &cells, chunk);
        let order: Vec<Cell> = cells.iter().map(|&c| c as Cell).collect();
        let Ok(tour) = Tour::new(shape, order) else {
            prop_assert!(verdict.is_err(), "not a permutation of the cells, yet passed");
            return Ok(());
        };
        let whole = crate::verify::verify(&plain(shape, Closure::from(closed)), &tour);
        match (verdict, whole.first()) {
            (Ok(_), None) => {}
            (Err(StreamViolation::NotALeap { number, .. }), Some(crate::verify::Violation::IllegalMove { number: first, .. })) => {
                prop_assert_eq!(number as usize, *first);
            }
            (Err(v), Some(w)) => prop_assert_eq!(v.rule(), w.rule()),
            (verdict, first) => prop_assert!(false, "{:?} against {:?}", verdict, first),
        }
    }

    /// Division by multiplication is exact for every u32 dividend.
    #[test]
    fn division_is_exact(d in 2u64..=(1 << 33), n in any::<u32>()) {
        let n = u64::from(n);
        prop_assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d));
    }
}

#[test]
fn division_is_exact_at_the_edges() {
    let divisors = [2, 3, 7, 10_000, (1 << 32) - 1, 1 << 32, (1 << 32) + 1];
    for d in divisors {
        for n in [
            0,
            1,
            d - 1,
            d,
            d + 1,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
        ] {
            let n = n.min(u64::from(u32::MAX));
            assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d), "{n} / {d}");
        }
    }
}

#[test]
fn boards_with_sides_of_one_are_checked_like_any_other() {
    // The wazir (0,1) steps to a neighbour, so on a line of cells the walk along it is a tour.
    let wazir = Leaper { a: 0, b: 1 };
    let shapes = [
        Shape::flat(1, 7),
        Shape::flat(7, 1),
        Shape::flat(1, 1),
        Shape::solid(7, 1, 1),
        Shape::solid(1, 7, 1),
        Shape::solid(1, 1, 7),
        Shape::solid(2, 1, 3),
    ];
    for shape in shapes {
        let n = shape.n_cells() as u32;
        let walks: [Vec<u32>; 3] = [(0..n).collect(), (0..n).rev().collect(), [2, 1, 0].into()];
        for walk in walks.iter().filter(|w| w.iter().all(|&c| c < n)) {
            let mut verifier = StreamVerifier::new(shape, wazir, Closure::Open);
            let verdict = verifier.push(walk).and_then(|()| verifier.finish());
            let order: Vec<Cell> = walk.iter().map(|&c| c as Cell).collect();
            let whole = Tour::new(shape, order)
                .map(|tour| crate::verify::verify(&plain_with(shape, wazir, Closure::Open), &tour));
            let passes = matches!(&whole, Ok(broken) if broken.is_empty());
            assert_eq!(
                verdict.is_ok(),
                passes,
                "{shape} {walk:?}: {verdict:?} {whole:?}"
            );
        }
    }
}
