//! The stitch construction, checked by the independent verifier: every board from 5x5 to
//! 60x60, a sample of larger ones, requested ends, and the refusals.

use knights::construct::{build, ConstructError, Request};
use knights::puzzle::existence::no_knight_tour_reason;
use knights::puzzle::Puzzle;
use knights::tour::Closure;
use knights::tour::Tour;
use knights::verify::verify;

mod ends;
mod four_rows;

fn request(rows: usize, cols: usize) -> Request {
    Request {
        rows,
        cols,
        closed: None,
        start: None,
        end: None,
    }
}

/// Builds the tour and asks the verifier about it, against a model that says what was asked:
/// the board, closed where a closed tour exists (or as asked), and the ends.
fn construct_and_verify(request: &Request) -> Tour {
    let planned = build(request).unwrap_or_else(|e| panic!("{request:?}: {e}"));
    let spec = request.spec();
    let puzzle = Puzzle::from_spec(&spec).unwrap();
    if spec.closed {
        assert!(planned.closed(), "{request:?}: not a loop");
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

/// Boards three squares wide, along rows and along columns, at every length up to 300 where a
/// tour exists, closed where a closed one does, and a sample of long ones.
#[test]
fn every_board_three_wide_with_a_tour_gets_a_verified_tour() {
    let lengths = (1..=300).chain([1001, 4099, 65_536 + 7]);
    for len in lengths {
        if no_knight_tour_reason(3, len, Closure::Open).is_some() {
            continue;
        }
        construct_and_verify(&request(3, len));
        construct_and_verify(&request(len, 3));
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
    let strips = [(3, 10), (3, 26), (18, 3), (3, 1002)];
    for (rows, cols) in [(6, 6), (13, 20), (30, 17)].into_iter().chain(strips) {
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

/// An open strip gives its own ends, and no others yet.
#[test]
fn an_open_strip_takes_its_own_ends_only() {
    for len in [7, 9, 31, 1001] {
        let path = construct_and_verify(&request(3, len));
        let shape = path.shape();
        let own = |cell| (shape.coord(cell).row, shape.coord(cell).col);
        let asked = Request {
            start: Some(own(path.first())),
            end: Some(own(path.last())),
            ..request(3, len)
        };
        assert_eq!(construct_and_verify(&asked).order(), path.order());
        let other = Request {
            end: Some(own(path.order()[2])),
            ..request(3, len)
        };
        assert!(
            matches!(build(&other), Err(ConstructError::Unsupported(_))),
            "{len}"
        );
    }
}

#[test]
fn impossible_requests_are_refused_with_the_reason() {
    let no_closed = Request {
        closed: Some(true),
        ..request(7, 9)
    };
    assert!(
        matches!(build(&no_closed), Err(ConstructError::NoTour(r)) if r.contains("odd number"))
    );
    let thin = Request {
        closed: Some(true),
        ..request(4, 40)
    };
    assert!(matches!(build(&thin), Err(ConstructError::NoTour(r)) if r.contains("Schwenk")));
    assert!(matches!(build(&request(2, 9)), Err(ConstructError::NoTour(r)) if r.contains("Cull")));
    let huge = request(100_000, 100_000);
    assert!(matches!(build(&huge), Err(ConstructError::TooLarge { .. })));
    let wrong_colour = Request {
        start: Some((0, 1)),
        ..request(9, 9)
    };
    assert!(matches!(
        build(&wrong_colour),
        Err(ConstructError::ImpossibleEnd { .. })
    ));
    let same_colour = Request {
        start: Some((0, 0)),
        end: Some((1, 1)),
        ..request(8, 8)
    };
    assert!(matches!(
        build(&same_colour),
        Err(ConstructError::ImpossibleEnd { .. })
    ));
    let off = Request {
        end: Some((8, 0)),
        ..request(8, 8)
    };
    assert!(matches!(build(&off), Err(ConstructError::OffBoard { .. })));
    let inner_end = Request {
        end: Some((20, 2)),
        ..request(30, 4)
    };
    assert!(
        matches!(build(&inner_end), Err(ConstructError::ImpossibleEnd { reason, .. }) if reason.contains("outer lines"))
    );
}

/// Every stored tile is a tour of its own model (the agreed moves or the hook, the block's
/// ends, closed where the model says), by the verifier's word, and the set has a tile for every
/// model `knights tiles` solves.
#[test]
fn every_stored_tile_passes_the_verifier() {
    use knights::construct::find::tile_models;
    use knights::construct::tiles::{TileSet, MAX_TILE_SIDE};
    let models = tile_models(MAX_TILE_SIDE);
    let stored: Vec<_> = TileSet::builtin().all().collect();
    assert_eq!(stored.len(), models.len());
    for (role, spec) in &models {
        let puzzle = Puzzle::from_spec(spec).unwrap();
        let shape = puzzle.board.shape();
        let same = |(tile, r): &&(&knights::construct::tiles::Tile, _)| {
            (tile.rows, tile.cols, *r) == (shape.rows, shape.cols, *role)
        };
        let (tile, _) = stored
            .iter()
            .find(same)
            .unwrap_or_else(|| panic!("no tile for {:?}", spec.name));
        let cells = tile.order.iter().map(|&c| c as usize).collect();
        let tour = Tour::new(shape, cells).unwrap();
        assert_eq!(verify(&puzzle, &tour), vec![], "{:?}", spec.name);
        assert_eq!(tile.closed, puzzle.closed, "{:?}", spec.name);
    }
}

/// A sample of the tile set, found again by the SAT engine, is what data/tiles.toml holds:
/// the file is the output of `knights tiles`, not edited by hand.
#[test]
fn a_sample_of_tiles_found_again_matches_the_stored_set() {
    use knights::construct::find::{find_tile, strip_base_spec, strip_block_spec, tile_spec};
    use knights::construct::tiles::TileSet;
    let set = TileSet::builtin();
    for (rows, cols) in [(5, 5), (6, 6), (7, 10), (11, 11), (12, 12)] {
        let found = find_tile(&tile_spec(rows, cols)).unwrap();
        let again = "run `knights tiles -o data/tiles.toml` again";
        assert_eq!(Some(&found), set.get(rows, cols), "{rows}x{cols}: {again}");
    }
    let base = find_tile(&strip_base_spec(13, Closure::Open)).unwrap();
    assert_eq!(Some(&base), set.strip_base(13));
    assert_eq!(
        Some(&find_tile(&strip_block_spec()).unwrap()),
        set.strip_block()
    );
}
