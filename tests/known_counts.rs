//! The published counts of tests/data/known-counts.md, one row per figure, each driven
//! through the native search (`knights::search`) and through the SAT engine (`knights::sat`)
//! under both of its backends, CaDiCaL and varisat.
//!
//! The frontier engine (`knights::frontier`), which only counts plain open and closed tours,
//! checks every row it can express in `known_counts::frontier::every_row_it_can_express`
//! and must refuse the others.
//!
//! A row makes one test per engine that runs it: `known_counts::native::ROW`,
//! `known_counts::cadical::ROW` and `known_counts::varisat::ROW`. Where a row is too slow
//! for the default suite its test is `#[ignore]`d, and `.ci/run` picks the slow tests by
//! name, e.g. `cargo test --release --test integration -- --ignored known_counts::native::`.
//!
//! Besides the row's solutions and classes, every test checks:
//! - native search, fast rows: a count with one thread and one with two agree on solutions,
//!   classes and nodes searched; then, unless the row has too many solutions to hold, an
//!   enumeration with two threads whose classes pass `common::classes::check` (every member
//!   a solution to `Puzzle::accepts` and to the verifier, one canonical form per class and
//!   classes distinct, the least member first, whole orbits, members == solutions).
//! - native search, slow rows: one run on every core, enumerated and checked as above where
//!   the row says so, counted otherwise.
//! - SAT engine: an enumeration checked the same way; on fast rows once with lazy subtour
//!   cuts and once with the ordering encoding of connectivity, on slow rows with the
//!   default options.
//! - rows with reference tours: the classes found are exactly the classes of those tours
//!   (tests/data/tours).
//!
//! Rows an engine skips:
//! - the SAT engine finds classes one solver call at a time and blocks each with a clause,
//!   so the rows with hundreds of thousands of solutions (all 6x6 paths, the numberings of
//!   closed 6x6 tours, the closed 8x8 tours unchanged by a half turn) are the native
//!   search's alone. Nested semimagic with start and end anywhere was not run through the
//!   SAT engine before this table either, and still is not: its twin with fixed end
//!   columns already costs CI minutes on CaDiCaL.
//! - varisat skips the 8x8 line-sum rows (nested semimagic, centrosymmetric magic and
//!   semimagic). CaDiCaL needs minutes on each even with Kissat refuting the empty cubes
//!   first, which only CaDiCaL runs get, and varisat is much slower than CaDiCaL on heavy
//!   line sums: these would not end within CI's time.

use crate::common::classes;
use crate::common::load::{model, puzzle, root, tour};
use knights::encode::{Connectivity, EncodeOptions};
use knights::puzzle::Puzzle;
use knights::run::{Class, Ending, Limits, Summary};
use knights::sat::SatOptions;
use knights::search::SearchOptions;
use knights::solver::SolverKind;
use std::sync::Mutex;
use Model::{File, Toml};

/// Where a row's model comes from.
enum Model {
    /// A shipped model, `models/NAME.toml`.
    File(&'static str),
    /// A model written here as TOML.
    Toml(&'static str),
}

/// A line of tests/data/known-counts.md: its first column ("what") and its source.
#[derive(Clone, Copy)]
struct Line {
    what: &'static str,
    source: &'static str,
}

/// One published figure and how to check it.
struct Row {
    line: Line,
    model: Model,
    solutions: u64,
    /// `None` where the source gives no class count.
    classes: Option<u64>,
    /// Whether the native search also enumerates the row and checks it class by class (not
    /// where the solutions are far too many to hold, nor on the slow rows it only counted).
    native_enumerates: bool,
    /// Reference tours (tests/data/tours) whose classes must be exactly those found.
    reference: &'static [&'static str],
}

impl Row {
    const fn new(line: Line, model: Model, solutions: u64, classes: Option<u64>) -> Row {
        Row {
            line,
            model,
            solutions,
            classes,
            native_enumerates: true,
            reference: &[],
        }
    }

    /// The native search only counts this row.
    const fn counted_only(self) -> Row {
        Row {
            native_enumerates: false,
            ..self
        }
    }

    /// The classes found must be exactly those of these reference tours.
    const fn classes_of(self, reference: &'static [&'static str]) -> Row {
        Row { reference, ..self }
    }

    fn puzzle(&self) -> Puzzle {
        match self.model {
            File(name) => model(name),
            Toml(text) => puzzle(text),
        }
    }

    /// The row's figures on a finished run.
    fn expect(&self, summary: &Summary, run: &str) {
        let source = self.line.source;
        assert!(summary.complete, "{run}: {summary:?}");
        assert_eq!(
            summary.solutions, self.solutions,
            "{run}: solutions ({source})"
        );
        if let Some(classes) = self.classes {
            assert_eq!(summary.classes, classes, "{run}: classes ({source})");
        }
    }

    /// The classes found are those of the reference tours, where the row has them.
    fn expect_reference(&self, puzzle: &Puzzle, classes: &[Class], run: &str) {
        if self.reference.is_empty() {
            return;
        }
        let mut found: Vec<_> = classes
            .iter()
            .map(|c| puzzle.canonical(&c.members[0]))
            .collect();
        let mut known: Vec<_> = self
            .reference
            .iter()
            .map(|name| puzzle.canonical(&tour(name)))
            .collect();
        found.sort();
        known.sort();
        assert_eq!(found, known, "{run}: the reference tours' classes");
    }
}

/// Whether a test is in the default suite or `#[ignore]`d as slow.
#[derive(Clone, Copy, PartialEq)]
enum Speed {
    Fast,
    Slow,
}

fn native_count(puzzle: &Puzzle, jobs: usize) -> Summary {
    let options = SearchOptions {
        jobs,
        ..SearchOptions::default()
    };
    knights::search::count(puzzle, &options, &Limits::default(), &|_| {}).unwrap()
}

fn native_enumerate(puzzle: &Puzzle, jobs: usize) -> (Summary, Vec<Class>) {
    let options = SearchOptions {
        jobs,
        ..SearchOptions::default()
    };
    let found = Mutex::new(Vec::new());
    let sink = |class: Class| found.lock().unwrap().push(class);
    let summary =
        knights::search::enumerate(puzzle, &options, &Limits::default(), &sink, &|_| {}).unwrap();
    (summary, found.into_inner().unwrap())
}

fn on_native(row: &Row, speed: Speed) {
    let puzzle = row.puzzle();
    if speed == Speed::Fast {
        let one = native_count(&puzzle, 1);
        let two = native_count(&puzzle, 2);
        row.expect(&one, "native, one thread");
        row.expect(&two, "native, two threads");
        assert_eq!(one.classes, two.classes, "one and two threads");
        assert_eq!(
            one.stats["nodes"], two.stats["nodes"],
            "one and two threads"
        );
    } else if !row.native_enumerates {
        row.expect(&native_count(&puzzle, 0), "native");
    }
    if row.native_enumerates {
        let jobs = if speed == Speed::Fast { 2 } else { 0 };
        let (summary, found) = native_enumerate(&puzzle, jobs);
        row.expect(&summary, "native enumerate");
        classes::check(&puzzle, &found, &summary);
        row.expect_reference(&puzzle, &found, "native enumerate");
    }
}

fn on_sat(row: &Row, solver: SolverKind, speed: Speed) {
    let puzzle = row.puzzle();
    let connectivities = match speed {
        Speed::Fast => vec![Connectivity::Lazy, Connectivity::Ordering],
        Speed::Slow => vec![Connectivity::default()],
    };
    for connectivity in connectivities {
        let options = SatOptions {
            solver,
            encode: EncodeOptions {
                connectivity,
                ..EncodeOptions::default()
            },
            ..SatOptions::default()
        };
        let run = format!("{solver:?}, {connectivity:?} connectivity");
        let mut found = Vec::new();
        let summary = knights::sat::enumerate(&puzzle, &options, &Limits::default(), &mut |c| {
            found.push(c.clone());
        })
        .unwrap();
        assert_eq!(summary.ending, Ending::Exhausted, "{run}");
        row.expect(&summary, &run);
        classes::check(&puzzle, &found, &summary);
        row.expect_reference(&puzzle, &found, &run);
    }
}

fn on_cadical(row: &Row, speed: Speed) {
    on_sat(row, SolverKind::Cadical, speed);
}

fn on_varisat(row: &Row, speed: Speed) {
    on_sat(row, SolverKind::Varisat, speed);
}

/// One test of one row on one engine: none for `no`, a test of the default suite for
/// `fast`, an ignored one for `(slow "why")`.
macro_rules! engine_test {
    ($row:ident, no, $run:path) => {};
    ($row:ident, fast, $run:path) => {
        #[test]
        fn $row() {
            $run(&super::rows::$row(), super::Speed::Fast);
        }
    };
    ($row:ident, (slow $why:literal), $run:path) => {
        #[test]
        #[ignore = $why]
        fn $row() {
            $run(&super::rows::$row(), super::Speed::Slow);
        }
    };
}

/// The table: each row's name, how it runs on the native search, CaDiCaL and varisat, and
/// the row itself. Makes `rows::NAME()`, `rows::all()` and the modules of tests.
macro_rules! table {
    ($($row:ident: $native:tt, $cadical:tt, $varisat:tt, $data:expr;)*) => {
        mod rows {
            use super::*;
            $(pub fn $row() -> Row {
                $data
            })*
            /// Every row, with its name.
            pub fn all() -> Vec<(&'static str, Row)> {
                vec![$((stringify!($row), $row())),*]
            }
        }
        /// The native search on each row.
        mod native {
            $(engine_test!($row, $native, super::on_native);)*
        }
        /// The SAT engine with CaDiCaL on each row.
        mod cadical {
            $(engine_test!($row, $cadical, super::on_cadical);)*
        }
        /// The SAT engine with varisat on each row.
        mod varisat {
            $(engine_test!($row, $varisat, super::on_varisat);)*
        }
    };
}

const PATHS_5X5: Line = Line {
    what: "open tours (directed paths) on 5x5",
    source: "OEIS A165134; by start square: corner 304, centre 64",
};
const PATHS_6X6: Line = Line {
    what: "all directed paths on 6x6 (open and closed numberings)",
    source: "OEIS A165134",
};
const NUMBERINGS_6X6: Line = Line {
    what: "of those, numberings of closed tours on 6x6",
    source: "derived",
};
const CYCLES_6X6: Line = Line {
    what: "closed tours (cycles) on 6x6",
    source: "Duby 1964; Jelliss; OEIS A001230",
};
const ROT180_8X8: Line = Line {
    what: "closed 8x8 tours unchanged by a 180-degree rotation",
    source: "Knuth's SHAM (1992) and OBDD (1996) programs; McKay; seed 001",
};
const ROT90_6X6: Line = Line {
    what: "closed 6x6 tours unchanged by a 90-degree rotation",
    source: "de Hijo 1882; Jelliss, mayhematics.com/t/6a.htm",
};
const ROT90_8X8: Line = Line {
    what: "closed 8x8 tours unchanged by a 90-degree rotation",
    source: "Jelliss, mayhematics.com/t/sq.htm (sides 4k + 2 only)",
};
const NESTED: Line = Line {
    what: "nested semimagic tours (seed 000: start in the leftmost column, end in the rightmost)",
    source: "seed 000",
};
const NESTED_ANY_ENDS: Line = Line {
    what: "nested semimagic tours, start and end anywhere",
    source: "seed 000",
};
const SEMIMAGIC_8X8: Line = Line {
    what: "semimagic (\"magic\" in Jelliss' terms) 8x8 tours",
    source: "Stertenbrink, Meyrignac, Mackay, Jelliss et al., 2003 (months of CPU time); the open/closed split from magictour.free.fr/magict.txt (read in the project's page search)",
};
const SEMIMAGIC_ROT180: Line = Line {
    what: "closed semimagic 8x8 tours unchanged by a 180-degree rotation",
    source: "borderschess.org",
};

const SEMIMAGIC_4X7: Line = Line {
    what: "semimagic 4x7 tours (the columns, the short lines, sum to 58)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X8: Line = Line {
    what: "semimagic 4x8 tours (the columns, the short lines, sum to 66)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X9: Line = Line {
    what: "semimagic 4x9 tours (the columns, the short lines, sum to 74)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X10: Line = Line {
    what: "semimagic 4x10 tours (the columns, the short lines, sum to 82)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X11: Line = Line {
    what: "semimagic 4x11 tours (the columns, the short lines, sum to 90)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X12: Line = Line {
    what: "semimagic 4x12 tours (the columns, the short lines, sum to 98)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X13: Line = Line {
    what: "semimagic 4x13 tours (the columns, the short lines, sum to 106)",
    source: "OEIS A309273; numbered tours derived",
};
const SEMIMAGIC_4X14: Line = Line {
    what: "semimagic 4x14 tours (the columns, the short lines, sum to 114)",
    source: "OEIS A309273; numbered tours derived",
};

// Kumar's magic ladders (arXiv 1802.09340): numbered tours / 4, as A309273.
const LONG_LINES_4X6: Line = Line {
    what: "4x6 tours whose rows (the long lines) sum to 75",
    source: "OEIS A329370 (Kumar); numbered tours derived",
};
const LONG_LINES_4X8: Line = Line {
    what: "4x8 tours whose rows (the long lines) sum to 132",
    source: "OEIS A329370 (Kumar); numbered tours derived",
};
const LONG_LINES_4X10: Line = Line {
    what: "4x10 tours whose rows (the long lines) sum to 205",
    source: "OEIS A329370 (Kumar); numbered tours derived",
};
const LONG_LINES_4X12: Line = Line {
    what: "4x12 tours whose rows (the long lines) sum to 294",
    source: "OEIS A329370 (Kumar); numbered tours derived",
};
const SHORT_LINES_6X6: Line = Line {
    what: "6x6 tours whose columns sum to 111",
    source: "OEIS A328872 (Kumar); numbered tours derived",
};
const SHORT_LINES_6X7: Line = Line {
    what: "6x7 tours whose columns (the short lines) sum to 129",
    source: "OEIS A328872 (Kumar); numbered tours derived",
};
const SHORT_LINES_6X8: Line = Line {
    what: "6x8 tours whose columns (the short lines) sum to 147",
    source: "OEIS A328872 (Kumar); numbered tours derived",
};

// Long thin boards, beyond any enumeration: only the frontier engine counts them.
const PATHS_3X28: Line = Line {
    what: "open tours (directed paths) on 3x28",
    source: "OEIS A118067, a(28); counted by the frontier engine only",
};
const PATHS_4X24: Line = Line {
    what: "open tours (directed paths) on 4x24",
    source: "OEIS A079137, a(24) = 12,270,473,056,485,396 undirected paths; twice that directed; counted by the frontier engine only",
};
const PATHS_5X9: Line = Line {
    what: "open tours (directed paths) on 5x9",
    source: "OEIS A083386, a(9) = 264,895,640 undirected paths (as A389755, a(45)); twice that directed; counted by the frontier engine only",
};
const CYCLES_6X8: Line = Line {
    what: "closed tours (cycles) on 6x8",
    source: "OEIS A175881, a(8); counted by the frontier engine only",
};

/// The eight nested semimagic reference tours, one per class.
const NESTED_TOURS: &[&str] = &[
    "nested-semimagic-1",
    "nested-semimagic-2",
    "nested-semimagic-3",
    "nested-semimagic-4",
    "nested-semimagic-5",
    "nested-semimagic-6",
    "nested-semimagic-7",
    "nested-semimagic-8",
];

table! {
    open_5x5: fast, fast, fast,
        Row::new(PATHS_5X5, File("open-5x5"), 1728, Some(216));
    open_5x5_from_a_corner: fast, fast, fast,
        Row::new(PATHS_5X5, Toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n"), 304, None);
    open_5x5_from_the_centre: fast, fast, fast,
        Row::new(PATHS_5X5, Toml("board = \"5x5\"\n[start]\ncells = [[2, 2]]\n"), 64, None);
    closed_6x6: fast, fast, fast,
        Row::new(CYCLES_6X6, File("closed-6x6"), 9862, Some(1245));
    // No directed path is fixed by a board symmetry: eight to a class.
    all_6x6_paths: fast, no, no,
        Row::new(PATHS_6X6, Toml("board = \"6x6\"\n"), 6_637_920, Some(829_740)).counted_only();
    closed_6x6_numberings: fast, no, no,
        Row::new(
            NUMBERINGS_6X6,
            Toml("board = \"6x6\"\nclosed = true\n[start]\nrows = [0, 1, 2, 3, 4, 5]\n"),
            710_064,
            None,
        )
        .counted_only();
    closed_6x6_rot90: fast, fast, fast,
        Row::new(
            ROT90_6X6,
            Toml("board = \"6x6\"\nclosed = true\nsymmetry = \"rot90\"\n"),
            10,
            Some(5),
        );
    // The engines are not told the theorem (the CLI answers from it at once): they must
    // exhaust the search to say none.
    closed_8x8_rot90: fast, fast, fast,
        Row::new(
            ROT90_8X8,
            Toml("board = \"8x8\"\nclosed = true\nsymmetry = \"rot90\"\n"),
            0,
            Some(0),
        );
    closed_8x8_rot180: (slow "slow: about a minute in release on two cores"), no, no,
        Row::new(ROT180_8X8, File("closed-8x8-rot180"), 2_432_932, Some(608_233)).counted_only();
    nested_semimagic:
        (slow "slow: minutes in release on two cores"),
        (slow "slow: minutes in release on two cores"),
        no,
        Row::new(NESTED, File("nested-semimagic"), 16, Some(8)).classes_of(NESTED_TOURS);
    nested_semimagic_any_ends: (slow "slow: about 10 minutes in release on two cores"), no, no,
        Row::new(NESTED_ANY_ENDS, File("nested-semimagic-any-ends"), 64, Some(8))
            .classes_of(NESTED_TOURS);
    centrosymmetric_magic:
        (slow "slow: tens of seconds in release on two cores"),
        (slow "slow: about 5 minutes in release on two cores"),
        no,
        Row::new(SEMIMAGIC_8X8, File("magic-closed-centrosymmetric"), 0, Some(0)).counted_only();
    // Left out of .ci/run on CaDiCaL (about 12 minutes, which CI's time limit cannot spare);
    // run it with `cargo test --release --test integration -- --ignored
    // known_counts::cadical::centrosymmetric_semimagic`.
    centrosymmetric_semimagic:
        (slow "slow: tens of seconds in release on two cores"),
        (slow "slow: about 12 minutes in release on two cores"),
        no,
        Row::new(SEMIMAGIC_ROT180, File("semimagic-closed-centrosymmetric"), 272, Some(34))
            .counted_only();
    // Counts far past what the search enumerates: the frontier engine's rows alone.
    open_3x28: no, no, no,
        Row::new(PATHS_3X28, Toml("board = \"3x28\"\n"), 58_641_619_298_000, None);
    open_4x24: no, no, no,
        Row::new(PATHS_4X24, Toml("board = \"4x24\"\n"), 24_540_946_112_970_792, None);
    open_5x9: no, no, no,
        Row::new(PATHS_5X9, Toml("board = \"5x9\"\n"), 529_791_280, None);
    closed_6x8: no, no, no,
        Row::new(CYCLES_6X8, Toml("board = \"6x8\"\nclosed = true\n"), 55_488_142, None);
    // Kumar's ladders with the long lines magic (4 x 2n) and the short lines magic (6 x n).
    long_lines_4x6: fast, fast, fast,
        Row::new(
            LONG_LINES_4X6,
            Toml("board = \"4x6\"\n[sums]\nrows = 75\n"),
            64,
            Some(16),
        );
    long_lines_4x8: fast, (slow "slow: seconds in release"), (slow "slow: seconds in release"),
        Row::new(
            LONG_LINES_4X8,
            Toml("board = \"4x8\"\n[sums]\nrows = 132\n"),
            544,
            Some(136),
        );
    long_lines_4x10: fast, no, no,
        Row::new(
            LONG_LINES_4X10,
            Toml("board = \"4x10\"\n[sums]\nrows = 205\n"),
            12_408,
            Some(3_102),
        ).counted_only();
    long_lines_4x12: (slow "slow: about a minute in release on one core"), no, no,
        Row::new(
            LONG_LINES_4X12,
            Toml("board = \"4x12\"\n[sums]\nrows = 294\n"),
            233_424,
            Some(58_356),
        ).counted_only();
    short_lines_6x6: fast, (slow "slow: about 100 s in release"), (slow "slow: about 90 s in release"),
        Row::new(
            SHORT_LINES_6X6,
            Toml("board = \"6x6\"\n[sums]\ncols = 111\n"),
            352,
            Some(88),
        );
    short_lines_6x7: (slow "slow: seconds in release on two cores"), no, no,
        Row::new(
            SHORT_LINES_6X7,
            Toml("board = \"6x7\"\n[sums]\ncols = 129\n"),
            1_152,
            Some(288),
        ).counted_only();
    short_lines_6x8: (slow "slow: about a minute in release on one core"), no, no,
        Row::new(
            SHORT_LINES_6X8,
            Toml("board = \"6x8\"\n[sums]\ncols = 147\n"),
            7_520,
            Some(1_880),
        ).counted_only();
    // The 4 x n ladder of issue 32: semimagic tours whose short lines sum to 2(4n + 1).
    semimagic_4x7: fast, fast, fast,
        Row::new(
            SEMIMAGIC_4X7,
            Toml("board = \"4x7\"\n[sums]\ncols = 58\n"),
            36,
            Some(9),
        );
    semimagic_4x8: fast, fast, no,
        Row::new(
            SEMIMAGIC_4X8,
            Toml("board = \"4x8\"\n[sums]\ncols = 66\n"),
            64,
            Some(16),
        );
    semimagic_4x9: fast, (slow "slow: seconds in release on two cores"), no,
        Row::new(
            SEMIMAGIC_4X9,
            Toml("board = \"4x9\"\n[sums]\ncols = 74\n"),
            152,
            Some(38),
        );
    semimagic_4x10: fast, (slow "slow: tens of seconds in release on two cores"), no,
        Row::new(
            SEMIMAGIC_4X10,
            Toml("board = \"4x10\"\n[sums]\ncols = 82\n"),
            416,
            Some(104),
        );
    semimagic_4x11: fast, no, no,
        Row::new(
            SEMIMAGIC_4X11,
            Toml("board = \"4x11\"\n[sums]\ncols = 90\n"),
            1_068,
            Some(267),
        );
    semimagic_4x12: fast, no, no,
        Row::new(
            SEMIMAGIC_4X12,
            Toml("board = \"4x12\"\n[sums]\ncols = 98\n"),
            2_432,
            Some(608),
        ).counted_only();
    semimagic_4x13: (slow "slow: seconds in release on two cores"), no, no,
        Row::new(
            SEMIMAGIC_4X13,
            Toml("board = \"4x13\"\n[sums]\ncols = 106\n"),
            5_776,
            Some(1_444),
        ).counted_only();
    semimagic_4x14: (slow "slow: tens of seconds in release on two cores"), no, no,
        Row::new(
            SEMIMAGIC_4X14,
            Toml("board = \"4x14\"\n[sums]\ncols = 114\n"),
            13_920,
            Some(3_480),
        ).counted_only();
}

/// Rows the frontier engine can express but takes minutes on (open 6x6 has a wide frontier
/// of path ends): left to `--ignored`.
const SLOW_ON_FRONTIER: &[&str] = &["all_6x6_paths"];

/// The frontier engine on one row: its exact count equals the row's solutions (it counts no
/// classes), or, where the row asks for what it cannot express, it refuses.
fn on_frontier(name: &str, row: &Row) {
    use knights::frontier::{unsupported, FrontierEngine, FrontierError};
    use knights::run::Engine;
    let puzzle = row.puzzle();
    let result = FrontierEngine::default().count(&puzzle, &Limits::default(), &[], &|_| {});
    if unsupported(&puzzle).is_some() {
        let err = result.expect_err(name);
        let refusal = err.downcast_ref::<FrontierError>();
        assert!(
            matches!(refusal, Some(FrontierError::Unsupported { .. })),
            "{name}: {err}"
        );
        return;
    }
    let summary = result.unwrap();
    assert!(summary.complete, "{name}: {summary:?}");
    let exact = summary.count_only.and_then(|c| c.solutions);
    let source = row.line.source;
    assert_eq!(exact, Some(row.solutions.to_string()), "{name} ({source})");
}

/// The frontier engine on each row of the table.
mod frontier {
    #[test]
    fn every_row_it_can_express() {
        for (name, row) in super::rows::all() {
            if !super::SLOW_ON_FRONTIER.contains(&name) {
                super::on_frontier(name, &row);
            }
        }
    }

    #[test]
    #[ignore = "slow: minutes in release"]
    fn all_6x6_paths() {
        super::on_frontier("all_6x6_paths", &super::rows::all_6x6_paths());
    }
}

/// A row's published solutions and classes, for tests that check other paths against them.
pub fn published(name: &str) -> (u64, Option<u64>) {
    let (_, row) = rows::all()
        .into_iter()
        .find(|(row, _)| *row == name)
        .unwrap_or_else(|| panic!("no row {name}"));
    (row.solutions, row.classes)
}

/// "1,234,567": a count as tests/data/known-counts.md writes it.
fn with_commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[test]
fn every_row_is_a_line_of_known_counts_md() {
    let text = std::fs::read_to_string(root().join("tests/data/known-counts.md")).unwrap();
    for (name, row) in rows::all() {
        let Line { what, source } = row.line;
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("| {what} |")))
            .unwrap_or_else(|| panic!("{name}: known-counts.md has no line {what:?}"));
        assert!(line.ends_with(&format!("| {source} |")), "{name}: {line}");
        let figures = [Some(row.solutions), row.classes];
        for figure in figures.into_iter().flatten() {
            // The file says "none" for zero.
            let shown = match figure {
                0 => "none".to_string(),
                n => with_commas(n),
            };
            assert!(line.contains(&shown), "{name}: {shown} is not in {line}");
        }
    }
}
