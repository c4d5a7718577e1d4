//! The search engine against a naive reference written here: every Hamiltonian path of the
//! move graph by plain depth-first search, kept when `Puzzle::accepts` says so, deduplicated
//! by the key of the puzzle's form, classes as distinct `Puzzle::canonical` forms. Random small
//! puzzles (proptest) mix every feature: closed or open, start and end sets, required moves,
//! a line sum, half-turn and quarter-turn symmetry, an angle bound, other leapers, boxes, and both class rules.

use crate::common::classes;
use knights::board::{Board, Leaper, Shape};
use knights::puzzle::{AngleBound, AngleKind, Equivalence, LineSum, Puzzle, Symmetry};
use knights::run::{Class, Limits};
use knights::search::{count, enumerate, SearchOptions};
use knights::symmetry::key;
use knights::tour::Closure;
use knights::tour::Tour;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::Mutex;

/// Every solution (by key) and the number of classes, the slow and obvious way.
fn reference(puzzle: &Puzzle) -> (u64, u64) {
    let form = puzzle.form();
    let mut keys = BTreeSet::new();
    let mut classes = BTreeSet::new();
    for tour in solutions(puzzle) {
        if keys.insert(key(&tour, form)) {
            classes.insert(puzzle.canonical(&tour));
        }
    }
    (keys.len() as u64, classes.len() as u64)
}

/// Every Hamiltonian path of the move graph that the puzzle accepts (cycles once per
/// numbering).
fn solutions(puzzle: &Puzzle) -> Vec<Tour> {
    let board = &puzzle.board;
    let n = board.n_cells();
    let shape = board.shape();
    let mut out = Vec::new();
    let mut path = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    fn walk(
        board: &Board,
        path: &mut Vec<usize>,
        seen: &mut [bool],
        found: &mut dyn FnMut(&[usize]),
    ) {
        if path.len() == seen.len() {
            found(path);
            return;
        }
        let h = *path.last().unwrap();
        for &v in board.neighbours(h) {
            if !seen[v] {
                seen[v] = true;
                path.push(v);
                walk(board, path, seen, found);
                path.pop();
                seen[v] = false;
            }
        }
    }
    let mut found = |p: &[usize]| {
        let tour = Tour::new(shape, p.to_vec()).unwrap();
        if puzzle.accepts(&tour) {
            out.push(tour);
        }
    };
    for s in 0..n {
        seen[s] = true;
        path.push(s);
        walk(board, &mut path, &mut seen, &mut found);
        path.pop();
        seen[s] = false;
    }
    out
}

fn search_count(puzzle: &Puzzle, jobs: usize, symmetry: bool) -> (u64, u64) {
    let opts = SearchOptions {
        jobs,
        symmetry,
        node_budget: None,
    };
    let s = count(puzzle, &opts, &Limits::default(), &|_| {}).unwrap();
    assert!(s.complete);
    (s.solutions, s.classes)
}

/// Enumerates and checks the classes (`common::classes::check`); returns (solutions, classes).
fn search_enumerate(puzzle: &Puzzle) -> (u64, u64) {
    let got = Mutex::new(Vec::<Class>::new());
    let sink = |c: Class| got.lock().unwrap().push(c);
    let opts = SearchOptions {
        jobs: 2,
        symmetry: true,
        node_budget: None,
    };
    let s = enumerate(puzzle, &opts, &Limits::default(), &sink, &|_| {}).unwrap();
    assert!(s.complete);
    classes::check(puzzle, &got.into_inner().unwrap(), &s);
    (s.solutions, s.classes)
}

fn check(puzzle: &Puzzle) {
    let want = reference(puzzle);
    assert_eq!(search_count(puzzle, 1, true), want, "count, {puzzle:?}");
    assert_eq!(
        search_count(puzzle, 2, false),
        want,
        "no symmetry, {puzzle:?}"
    );
    assert_eq!(search_enumerate(puzzle), want, "enumerate, {puzzle:?}");
}

fn plain(board: &str, leaper: Leaper) -> Puzzle {
    let shape = Shape::parse(board).unwrap();
    Puzzle::plain(Board::new(shape, leaper), Closure::Open)
}

/// A puzzle built from random choices (all indices are reduced modulo what they pick from).
#[derive(Debug, Clone)]
struct Choice {
    board: usize,
    closed: bool,
    starts: Option<Vec<usize>>,
    ends: Option<Vec<usize>>,
    required: Vec<usize>,
    line: Option<(Vec<usize>, usize)>,
    rot180: bool,
    /// The quarter turn, on square boards (with the half turn).
    rot90: bool,
    /// An angle bound: the kind (index) and the most cells with it.
    angle: Option<(usize, usize)>,
    classes_board: bool,
    reverse: bool,
    /// Take the start, end, required moves and line target partly from this solution of the
    /// unconstrained board (so that some constraints are met), when there is one.
    seed: Option<usize>,
}

const WAZIR: Leaper = Leaper { a: 0, b: 1 };

const BOARDS: &[(&str, Leaper)] = &[
    ("3x4", Leaper::KNIGHT),
    ("4x4", Leaper::KNIGHT),
    ("3x5", Leaper::KNIGHT),
    ("4x5", Leaper::KNIGHT),
    ("4x5", Leaper::KNIGHT),
    ("3x7", Leaper::KNIGHT),
    ("3x7", Leaper::KNIGHT),
    ("4x4", WAZIR),
    ("3x4", WAZIR),
    ("3x5", WAZIR),
    ("4x5", WAZIR),
    ("2x6", Leaper { a: 1, b: 1 }),
    ("2x2", WAZIR),
    ("4x4", Leaper { a: 1, b: 3 }),
    ("2x2x4", Leaper::KNIGHT),
    ("2x3x3", Leaper::KNIGHT),
    ("2x2x3", WAZIR),
    ("1x3x4", WAZIR),
];

fn build(c: &Choice) -> Puzzle {
    let (name, leaper) = BOARDS[c.board % BOARDS.len()];
    let mut p = plain(name, leaper);
    let n = p.n_cells();
    let set = |v: &Vec<usize>| crate::common::draws::distinct_cells(v, n);
    p.closed = Closure::from(c.closed);
    let shape = p.board.shape();
    p.symmetry = if c.rot90 && !shape.solid && shape.rows == shape.cols {
        Symmetry::QuarterTurn
    } else if c.rot180 {
        Symmetry::HalfTurn
    } else {
        Symmetry::None
    };
    let seed = c.seed.and_then(|i| {
        let tours = solutions(&p);
        (!tours.is_empty()).then(|| tours[i % tours.len()].clone())
    });
    let with = |set: Vec<usize>, cell: Option<usize>| {
        let mut set = set;
        set.extend(cell);
        set.sort_unstable();
        set.dedup();
        set
    };
    p.starts = c
        .starts
        .as_ref()
        .map(|v| with(set(v), seed.as_ref().map(knights::tour::Tour::first)));
    p.ends = c
        .ends
        .as_ref()
        .map(|v| with(set(v), seed.as_ref().map(knights::tour::Tour::last)));
    let moves: Vec<(usize, usize)> = match &seed {
        Some(t) => t
            .order()
            .windows(2)
            .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
            .collect(),
        None => p.board.moves(),
    };
    let mut req: Vec<(usize, usize)> = c.required.iter().map(|&i| moves[i % moves.len()]).collect();
    req.sort_unstable();
    req.dedup();
    p.required = req;
    if let Some((cells, target)) = &c.line {
        let cells = set(cells);
        let (lo, hi) = Puzzle::sum_range(cells.len(), n);
        let target = if let Some(tour) = &seed {
            let numbers = tour.numbers();
            cells.iter().map(|&c| u64::from(numbers[c])).sum()
        } else {
            crate::common::draws::line_target(lo, hi, *target as u64)
        };
        p.sums = vec![LineSum {
            name: "random line".into(),
            cells,
            target,
        }];
    }
    if let Some((kind, most)) = c.angle {
        let kinds = AngleKind::ALL;
        p.angles = vec![AngleBound {
            kind: kinds[kind],
            at_least: 0,
            at_most: most,
        }];
    }
    p.equivalence = Equivalence {
        board: c.classes_board,
        reverse: c.reverse,
    };
    p
}

fn choice() -> impl Strategy<Value = Choice> {
    let cells = prop::collection::vec(0usize..64, 1..6);
    (
        0usize..BOARDS.len(),
        any::<bool>(),
        prop::option::weighted(0.3, cells.clone()),
        prop::option::weighted(0.3, cells.clone()),
        prop::collection::vec(0usize..200, 0..3),
        prop::option::weighted(0.3, (prop::collection::vec(0usize..64, 2..6), 0usize..400)),
        (
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.2),
            prop::option::weighted(0.3, (0usize..5, 0usize..12)),
        ),
        prop::bool::weighted(0.8),
        any::<bool>(),
        prop::option::weighted(0.7, 0usize..100_000),
    )
        .prop_map(
            |(
                board,
                closed,
                starts,
                ends,
                required,
                line,
                (rot180, rot90, angle),
                classes_board,
                reverse,
                seed,
            )| {
                Choice {
                    board,
                    closed,
                    starts,
                    ends,
                    required,
                    line,
                    rot180,
                    rot90,
                    angle,
                    classes_board,
                    reverse,
                    seed,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_puzzles_match_the_reference(c in choice()) {
        check(&build(&c));
    }
}

#[test]
fn plain_boards_match_the_reference() {
    for (name, leaper) in BOARDS {
        let mut p = plain(name, *leaper);
        check(&p);
        p.closed = Closure::Closed;
        check(&p);
    }
}

#[test]
fn half_turn_symmetric_tours_match_the_reference() {
    // 4x5: a knight move joins some cells to their images, so symmetric tours of every kind
    // are possible and the plain search with a final check runs; 4x4 wazir and 2x2x4 knight
    // (no such moves) take the half-tour search.
    for (name, leaper) in [
        ("4x5", Leaper::KNIGHT),
        ("4x4", WAZIR),
        ("2x2x4", Leaper::KNIGHT),
        ("3x4", WAZIR),
    ] {
        for closed in [false, true] {
            let mut p = plain(name, leaper);
            p.symmetry = Symmetry::HalfTurn;
            p.closed = Closure::from(closed);
            check(&p);
            p.starts = Some(vec![0, 1, 2]);
            check(&p);
        }
    }
}

#[test]
fn tiny_boards_follow_the_definition() {
    for (name, leaper) in [("1x1", Leaper::KNIGHT), ("1x2", WAZIR), ("1x3", WAZIR)] {
        for closed in [false, true] {
            let mut p = plain(name, leaper);
            p.closed = Closure::from(closed);
            check(&p);
        }
    }
}

#[test]
fn lines_implied_by_others_change_nothing() {
    // A line made of two others with targets adding up is dropped by the search; with the
    // targets of a real tour, and with one target off by one, the answers must not change.
    for (name, leaper) in [("4x5", Leaper::KNIGHT), ("4x4", WAZIR)] {
        let base = plain(name, leaper);
        let tour = solutions(&base)[3].clone();
        let numbers = tour.numbers();
        let line = |cells: Vec<usize>, delta: i64| LineSum {
            name: format!("{cells:?}"),
            target: (cells.iter().map(|&c| i64::from(numbers[c])).sum::<i64>() + delta) as u64,
            cells,
        };
        for delta in [0, 1] {
            let mut p = base.clone();
            p.sums = vec![
                line(vec![0, 1, 2, 3], 0),
                line(vec![0, 1], delta),
                line(vec![2, 3], 0),
                line(vec![5, 6, 9], 0),
            ];
            check(&p);
        }
    }
}
