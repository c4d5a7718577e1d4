//! The stitch construction, checked by the independent verifier: every board from 5x5 to
//! 60x60, a sample of larger ones, requested ends, and the refusals.

use knights::construct::{stitch, ConstructError, Request};
use knights::puzzle::Puzzle;
use knights::spec::{CellSetSpec, Spec};
use knights::tour::Tour;
use knights::verify::verify;

fn request(rows: usize, cols: usize) -> Request {
    Request {
        rows,
        cols,
        closed: None,
        start: None,
        end: None,
    }
}

fn cell_set(cell: Option<(usize, usize)>) -> Option<CellSetSpec> {
    cell.map(|(r, c)| CellSetSpec {
        cells: vec![vec![r as i64, c as i64]],
        ..CellSetSpec::default()
    })
}

/// Builds the tour and asks the verifier about it, against a model that says what was asked:
/// the board, closed where a closed tour exists (or as asked), and the ends.
fn construct_and_verify(request: &Request) -> Tour {
    let planned = stitch(request).unwrap_or_else(|e| panic!("{request:?}: {e}"));
    let mut spec = Spec::plain(&format!("{}x{}", request.rows, request.cols));
    spec.closed = request.wants_closed();
    spec.start = cell_set(request.start);
    spec.end = cell_set(request.end);
    let puzzle = Puzzle::from_spec(&spec).unwrap();
    if spec.closed {
        assert!(planned.tour.closed(), "{request:?}: not a loop");
    }
    let cells: Vec<usize> = planned.cells().iter().map(|&c| c as usize).collect();
    let tour =
        Tour::new(puzzle.board.shape(), cells).unwrap_or_else(|e| panic!("{request:?}: {e}"));
    let broken = verify(&puzzle, &tour);
    assert!(broken.is_empty(), "{request:?}: {broken:?}");
    tour
}

#[test]
fn every_board_from_5x5_to_60x60_gets_a_verified_tour() {
    for rows in 5..=60 {
        for cols in 5..=60 {
            construct_and_verify(&request(rows, cols));
        }
    }
}

#[test]
fn larger_odd_and_oblong_boards_get_verified_tours() {
    for (rows, cols) in [
        (61, 61),
        (99, 100),
        (101, 103),
        (127, 64),
        (5, 301),
        (300, 7),
        (257, 255),
        (1000, 11),
    ] {
        construct_and_verify(&request(rows, cols));
    }
}

#[test]
fn an_open_tour_is_given_where_asked_even_if_it_could_close() {
    let mut r = request(8, 8);
    r.closed = Some(false);
    construct_and_verify(&r);
}

#[test]
fn a_closed_tour_starts_or_ends_on_any_square_asked() {
    for (rows, cols) in [(6, 6), (13, 20), (30, 17)] {
        for cell in [
            (0, 0),
            (rows - 1, cols - 1),
            (rows / 2, cols / 3),
            (1, cols - 2),
        ] {
            let mut r = request(rows, cols);
            r.start = Some(cell);
            assert_eq!(construct_and_verify(&r).first(), cell.0 * cols + cell.1);
            let mut r = request(rows, cols);
            r.end = Some(cell);
            assert_eq!(construct_and_verify(&r).last(), cell.0 * cols + cell.1);
        }
    }
}

#[test]
fn a_path_on_an_odd_board_runs_either_way_between_its_ends() {
    let forward = construct_and_verify(&request(13, 15));
    let shape = forward.shape();
    let (first, last) = (shape.coord(forward.first()), shape.coord(forward.last()));
    let mut r = request(13, 15);
    r.start = Some((last.row, last.col));
    let backward = construct_and_verify(&r);
    assert_eq!(backward.last(), forward.first(), "{first:?}");
}

#[test]
fn impossible_requests_are_refused_with_the_reason() {
    let no_closed = Request {
        closed: Some(true),
        ..request(7, 9)
    };
    assert!(
        matches!(stitch(&no_closed), Err(ConstructError::NoTour(r)) if r.contains("odd number"))
    );
    let thin = Request {
        closed: Some(true),
        ..request(4, 40)
    };
    assert!(matches!(stitch(&thin), Err(ConstructError::NoTour(r)) if r.contains("Schwenk")));
    assert!(matches!(stitch(&request(2, 9)), Err(ConstructError::NoTour(r)) if r.contains("Cull")));
    let huge = request(100_000, 100_000);
    assert!(matches!(
        stitch(&huge),
        Err(ConstructError::TooLarge { .. })
    ));
    let wrong_colour = Request {
        start: Some((0, 1)),
        ..request(9, 9)
    };
    assert!(matches!(
        stitch(&wrong_colour),
        Err(ConstructError::ImpossibleEnd { .. })
    ));
    let same_colour = Request {
        start: Some((0, 0)),
        end: Some((1, 1)),
        ..request(8, 8)
    };
    assert!(matches!(
        stitch(&same_colour),
        Err(ConstructError::ImpossibleEnd { .. })
    ));
    let off = Request {
        end: Some((8, 0)),
        ..request(8, 8)
    };
    assert!(matches!(stitch(&off), Err(ConstructError::OffBoard { .. })));
}
