//! Given numbers (a puzzle's clues): the model layer refuses malformed or unjoinable givens
//! naming the entry, and every engine's count of a puzzle with givens is the number of the
//! puzzle's tours without them that carry the given numbers, listed by the native search and
//! filtered here. The verifier names a broken given.

use crate::common::load::puzzle;
use knights::puzzle::Puzzle;
use knights::run::{Class, Limits, Summary};
use knights::sat::{count as sat_count, SatOptions};
use knights::search::{count as search_count, enumerate as search_enumerate, SearchOptions};
use knights::solver::SolverKind;
use knights::spec::Spec;
use knights::tour::Tour;
use knights::verify::verify;
use std::sync::Mutex;

/// The model layer's message for a model, or a panic when it accepts it.
fn refusal(toml: &str) -> String {
    let spec = Spec::from_toml(toml, "m").expect("the syntax is valid");
    match Puzzle::from_spec(&spec) {
        Ok(_) => panic!("accepted:\n{toml}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_or_unjoinable_givens_are_refused_naming_the_entry() {
    let cases = [
        (
            "givens = [[0, 0, 1], [5, 0, 3]]",
            "givens[1]: cell [5, 0] is off the 5x5 board",
        ),
        (
            "givens = [[0, 0, 26]]",
            "givens[0]: number 26 is not in 1..=25",
        ),
        (
            "givens = [[0, 0, 0]]",
            "givens[0]: number 0 is not in 1..=25",
        ),
        (
            "givens = [[0, 0]]",
            "givens[0]: [0, 0] should be [row, col, number]",
        ),
        (
            "givens = [[]]",
            "givens[0]: [] should be [row, col, number]",
        ),
        (
            "givens = [[1, 2, 1], [1, 2, 3]]",
            "givens[1]: cell (1,2) is given twice (1 and 3)",
        ),
        (
            "givens = [[1, 2, 4], [0, 0, 4]]",
            "givens[1]: number 4 is given twice",
        ),
        // 1 and 2 on cells a move apart is fine; 1 and 3 on neighbours are an odd number
        // of moves apart, which two moves cannot be.
        (
            "givens = [[0, 0, 1], [1, 2, 3]]",
            "1 on (0,0) and 3 on (1,2) are 2 moves apart",
        ),
        ("givens = [[0, 0, 1], [4, 4, 3]]", "they are 4 moves apart"),
        (
            "givens = [[0, 0, 1]]\n[start]\ncells = [[2, 2]]",
            "givens[0]: number 1 on (0,0), a cell `start` does not allow",
        ),
        (
            "givens = [[0, 0, 25]]\n[end]\ncells = [[2, 2]]",
            "givens[0]: number 25 on (0,0), a cell `end` does not allow",
        ),
    ];
    for (rules, expected) in cases {
        let text = refusal(&format!("board = \"5x5\"\n{rules}\n"));
        assert!(text.contains(expected), "{rules}: {text}");
    }
    let text =
        refusal("board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\ngivens = [[0, 0, 1]]\n");
    assert!(
        text.contains("givens") && text.contains("symmetry"),
        "{text}"
    );
    // A closed tour joins its largest given to its smallest through the last number and 1.
    let text = refusal("board = \"6x6\"\nclosed = true\ngivens = [[0, 0, 1], [5, 5, 35]]\n");
    assert!(
        text.contains("35 on (5,5) and 1 on (0,0) are 2 moves apart"),
        "{text}"
    );
}

#[test]
fn givens_narrow_the_start_and_end_cells() {
    let p = puzzle("board = \"5x5\"\ngivens = [[0, 0, 1], [2, 2, 13]]\n");
    assert_eq!(p.starts, Some(vec![0]));
    let ends = p.ends.expect("narrowed");
    assert_eq!(ends.len(), 23);
    assert!(!ends.contains(&0) && !ends.contains(&12));
    let p = puzzle("board = \"5x5\"\ngivens = [[4, 4, 25]]\n[start]\ncells = [[0, 0], [4, 4]]\n");
    assert_eq!((p.starts, p.ends), (Some(vec![0]), Some(vec![24])));
}

/// Every numbered tour of `toml`'s puzzle, by the native search.
fn all_tours(toml: &str) -> Vec<Tour> {
    let found = Mutex::new(Vec::new());
    let sink = |class: Class| found.lock().unwrap().extend(class.members);
    search_enumerate(
        &puzzle(toml),
        &SearchOptions::default(),
        &Limits::default(),
        &sink,
        &|_| {},
    )
    .expect("the native search runs");
    found.into_inner().unwrap()
}

fn native(p: &Puzzle) -> Summary {
    search_count(p, &SearchOptions::default(), &Limits::default(), &|_| {}).unwrap()
}

fn sat(p: &Puzzle, solver: SolverKind) -> Summary {
    let options = SatOptions {
        solver,
        ..Default::default()
    };
    sat_count(p, &options, &Limits::default()).unwrap()
}

/// `givens = [...]` giving each cell of `cells` the number `tour` puts there.
fn givens_from(tour: &Tour, cells: &[usize], cols: usize) -> String {
    let numbers = tour.numbers();
    let entries: Vec<String> = cells
        .iter()
        .map(|&c| format!("[{}, {}, {}]", c / cols, c % cols, numbers[c]))
        .collect();
    format!("givens = [{}]\n", entries.join(", "))
}

#[test]
fn each_engine_counts_the_tours_that_carry_the_givens() {
    // Open 5x5 tours from a corner (304 numbered tours), and closed 6x6 tours numbered from
    // one cell; givens drawn from tours of each, so that most puzzles have solutions.
    let bases = [
        ("board = \"5x5\"\n", "[start]\ncells = [[0, 0]]\n", 5),
        (
            "board = \"6x6\"\nclosed = true\n",
            "[start]\ncells = [[2, 3]]\n",
            6,
        ),
    ];
    let mut checked = 0;
    for (keys, start, cols) in bases {
        let tours = all_tours(&format!("{keys}{start}"));
        assert!(tours.len() > 100, "{keys}: {} tours", tours.len());
        let n = tours[0].order().len();
        for (i, pick) in [0usize, 7, 41, 97].into_iter().enumerate() {
            let seed = &tours[pick % tours.len()];
            // Two to four cells, spread over the board.
            let cells: Vec<usize> = (0..2 + i % 3).map(|j| (pick + 11 * j + 3) % n).collect();
            let givens = givens_from(seed, &cells, cols);
            let toml = format!("{keys}{givens}{start}");
            let p = puzzle(&toml);
            let expected = tours.iter().filter(|t| p.accepts(t)).count() as u64;
            assert!(expected >= 1, "{toml}");
            let by_search = native(&p);
            assert_eq!(by_search.solutions, expected, "native search\n{toml}");
            for solver in [SolverKind::Cadical, SolverKind::Varisat] {
                let by_sat = sat(&p, solver);
                assert_eq!(by_sat.solutions, expected, "{solver:?}\n{toml}");
                assert_eq!(
                    by_sat.classes, by_search.classes,
                    "{solver:?} classes\n{toml}"
                );
            }
            for tour in all_tours(&toml) {
                assert!(verify(&p, &tour).is_empty(), "{toml}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 8);
}

#[test]
fn the_verifier_names_a_broken_given() {
    let tours = all_tours("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n");
    let tour = &tours[0];
    let right = tour.numbers()[12];
    let wrong = if right + 2 < 25 { right + 2 } else { right - 2 };
    let p = puzzle(&format!("board = \"5x5\"\ngivens = [[2, 2, {wrong}]]\n"));
    let broken = verify(&p, tour);
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert_eq!(broken[0].rule(), "given");
    let text = broken[0].to_string();
    assert!(
        text.contains(&format!("carries {right}, but the model gives it {wrong}")),
        "{text}"
    );
    assert!(!p.accepts(tour));
}

#[test]
fn the_shipped_puzzle_has_exactly_one_tour_by_each_engine() {
    let p = crate::common::load::model("puzzle-8x8-givens");
    assert_eq!(p.givens.len(), 16);
    let by_search = native(&p);
    assert!(by_search.complete);
    assert_eq!(by_search.solutions, 1);
    let by_sat = sat(&p, SolverKind::Cadical);
    assert!(by_sat.complete);
    assert_eq!(by_sat.solutions, 1);
}

#[test]
fn givens_with_line_sums_are_counted_alike_by_each_engine() {
    // Semimagic 4x7 tours (columns at 58, OEIS A309273's first rung): the native search
    // counts the given numbers in their lines from the start, so many givens settle lines
    // before the path reaches them. Few and many givens, from several tours.
    let (keys, tables, cols) = ("board = \"4x7\"\n", "[sums]\ncols = 58\n", 7);
    let tours = all_tours(&format!("{keys}{tables}"));
    assert!(tours.len() >= 30, "{} tours", tours.len());
    let n = 28;
    let mut checked = 0;
    for (i, pick) in [0usize, 5, 13, 22].into_iter().enumerate() {
        let seed = &tours[pick % tours.len()];
        // All but one given: lines full of givens pencil their last cell before its own
        // given is read.
        for many in [2 + i, 12 + 3 * i, n - 1] {
            let cells: Vec<usize> = (0..many).map(|j| (pick + 5 * j + 1) % n).collect();
            let mut cells = cells;
            cells.sort_unstable();
            cells.dedup();
            let toml = format!("{keys}{}{tables}", givens_from(seed, &cells, cols));
            let p = puzzle(&toml);
            let expected = tours.iter().filter(|t| p.accepts(t)).count() as u64;
            assert!(expected >= 1, "{toml}");
            assert_eq!(native(&p).solutions, expected, "native search\n{toml}");
            for solver in [SolverKind::Cadical, SolverKind::Varisat] {
                assert_eq!(sat(&p, solver).solutions, expected, "{solver:?}\n{toml}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
}
