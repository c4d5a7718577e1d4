//! The frontier engine against the native search on random small rectangles and boxes with
//! several leapers, open and closed; its refusals; and the binary's `--engine frontier`.

use crate::common::cli::{knights, refused, stderr, summary};
use crate::common::files::names;
use knights::board::{Board, Leaper, Shape};
use knights::frontier::{Budget, FrontierEngine, FrontierError};
use knights::puzzle::{Puzzle, Symmetry};
use knights::run::{Engine, Limits, Summary};
use knights::search::{count, SearchOptions};
use knights::tour::Closure;
use proptest::prelude::*;

/// Leapers whose move graphs differ in kind: grid, diagonal, knight, camel, zebra.
const LEAPERS: [Leaper; 5] = [
    Leaper { a: 0, b: 1 },
    Leaper { a: 1, b: 1 },
    Leaper::KNIGHT,
    Leaper { a: 1, b: 3 },
    Leaper { a: 2, b: 3 },
];

fn plain(shape: Shape, leaper: Leaper, closed: bool) -> Puzzle {
    Puzzle::plain(Board::new(shape, leaper), Closure::from(closed))
}

fn frontier(puzzle: &Puzzle) -> Result<Summary, knights::run::EngineError> {
    FrontierEngine::default().count(puzzle, &Limits::default(), &[], &|_| {})
}

fn native(puzzle: &Puzzle) -> u64 {
    let options = SearchOptions {
        jobs: 1,
        ..SearchOptions::default()
    };
    let summary = count(puzzle, &options, &Limits::default(), &|_| {}).unwrap();
    assert!(summary.complete);
    summary.solutions
}

/// Both engines on one puzzle: the same number, and the frontier's exact count says it too.
fn check(puzzle: &Puzzle) {
    let summary = frontier(puzzle).unwrap();
    assert!(summary.complete, "{puzzle:?}");
    let want = native(puzzle);
    assert_eq!(summary.solutions, want, "{}", puzzle.name);
    let exact = summary.count_only.unwrap().solutions.unwrap();
    assert_eq!(exact, want.to_string());
}

/// A small board: flat up to 4x5, or a box of two layers up to 2x3x3.
fn shape(solid: bool, a: usize, b: usize) -> Shape {
    if solid {
        Shape::solid(2, 2 + a % 2, 2 + b % 2)
    } else {
        Shape::flat(1 + a % 4, 1 + b % 5)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_small_boards_match_the_native_search(
        solid in any::<bool>(),
        a in 0usize..8,
        b in 0usize..8,
        leaper in 0usize..LEAPERS.len(),
        closed in any::<bool>(),
    ) {
        check(&plain(shape(solid, a, b), LEAPERS[leaper], closed));
    }
}

#[test]
fn knight_boards_with_many_tours_match_the_native_search() {
    for (shape, closed) in [
        (Shape::flat(3, 10), true),
        (Shape::flat(5, 6), true),
        (Shape::flat(4, 6), false),
        (Shape::solid(2, 3, 4), true),
        (Shape::solid(2, 3, 4), false),
    ] {
        check(&plain(shape, Leaper::KNIGHT, closed));
    }
}

/// The least memory budget makes every step past the first few spill to disk; the counts
/// must be those counted in memory, and the spill directory must be left empty.
#[test]
fn a_tiny_memory_budget_spills_and_counts_the_same() {
    let parent = tempfile::tempdir().unwrap();
    let tiny = FrontierEngine {
        budget: Budget::new(1, Some(parent.path().to_path_buf())),
        ..FrontierEngine::default()
    };
    for (shape, closed) in [
        (Shape::flat(6, 6), true),
        (Shape::flat(5, 5), false),
        (Shape::solid(2, 3, 4), true),
        (Shape::solid(2, 3, 4), false),
    ] {
        let puzzle = plain(shape, Leaper::KNIGHT, closed);
        let spilled = tiny
            .count(&puzzle, &Limits::default(), &[], &|_| {})
            .unwrap();
        let in_memory = frontier(&puzzle).unwrap();
        assert!(spilled.complete, "{}", puzzle.name);
        assert_eq!(
            spilled.count_only.as_ref().unwrap().solutions,
            in_memory.count_only.as_ref().unwrap().solutions,
            "{} closed {closed}",
            puzzle.name
        );
        let spills = |s: &Summary| s.stats["spilled_steps"].as_u64().unwrap();
        assert!(spills(&spilled) > 0, "{} spilled", puzzle.name);
        assert_eq!(spills(&in_memory), 0, "{} in memory", puzzle.name);
        let left = std::fs::read_dir(parent.path()).unwrap().count();
        assert_eq!(left, 0, "spill files left after {}", puzzle.name);
    }
}

#[test]
fn what_it_cannot_express_is_refused_naming_the_other_engines() {
    let base = plain(Shape::flat(5, 5), Leaper::KNIGHT, false);
    let variants: Vec<(&str, Puzzle)> = vec![
        (
            "start",
            Puzzle {
                starts: Some(vec![0]),
                ..base.clone()
            },
        ),
        (
            "end",
            Puzzle {
                ends: Some(vec![0]),
                ..base.clone()
            },
        ),
        (
            "required",
            Puzzle {
                required: vec![(0, 7)],
                ..base.clone()
            },
        ),
        (
            "symmetry",
            Puzzle {
                symmetry: Symmetry::HalfTurn,
                ..base.clone()
            },
        ),
    ];
    for (what, puzzle) in variants {
        let err = frontier(&puzzle).unwrap_err();
        assert!(
            matches!(err.downcast_ref(), Some(FrontierError::Unsupported { .. })),
            "{what}: {err}"
        );
        let text = err.to_string();
        assert!(
            text.contains("--engine search") && text.contains("--engine sat"),
            "{text}"
        );
    }
    assert!(frontier(&base).is_ok(), "the plain puzzle is counted");
}

#[test]
fn the_binary_counts_with_exact_json_and_no_classes() {
    let out = knights(&[
        "count", "--board", "5x5", "--engine", "frontier", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let s = summary(&out);
    // OEIS A165134: 1,728 directed open tours on 5x5.
    assert_eq!(s["solutions"], 1728);
    assert!(s["classes"].is_null());
    assert_eq!(s["engine"], "frontier");
    assert_eq!(s["complete"], true);
}

/// `--jobs N` runs the steps of many states on N threads, and `--jobs 1` every step on one,
/// with the same count.
#[test]
fn the_binary_counts_the_same_on_one_two_and_three_threads() {
    let run = |jobs: &str| {
        let out = knights(&[
            "count", "--board", "6x6", "--closed", "--engine", "frontier", "--format", "json",
            "--stats", "--jobs", jobs,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        summary(&out)
    };
    let alone = run("1");
    for (jobs, threads) in [("1", 1), ("2", 2), ("3", 3)] {
        let s = run(jobs);
        // OEIS A001230: 9,862 closed tours on 6x6.
        assert_eq!(s["solutions"], 9862, "--jobs {jobs}");
        assert_eq!(s["stats"]["threads"], threads, "--jobs {jobs}");
        let peak = &s["stats"]["peak_states"];
        assert_eq!(peak, &alone["stats"]["peak_states"], "--jobs {jobs}");
        let parallel = s["stats"]["parallel_steps"].as_u64().unwrap();
        assert_eq!(
            parallel > 0,
            threads > 1,
            "--jobs {jobs}: {parallel} steps on threads"
        );
    }
}

#[test]
fn the_binary_refuses_what_the_frontier_engine_cannot_do() {
    let symmetric = [
        "count",
        "--board",
        "6x6",
        "--closed",
        "--symmetry",
        "rot180",
        "--engine",
        "frontier",
    ];
    assert!(refused(&symmetric).contains("--engine search"));
    let listing = ["enumerate", "--board", "5x5", "--engine", "frontier"];
    assert!(refused(&listing).contains("cannot write tours"));
    let limited = [
        "count", "--board", "5x5", "--engine", "frontier", "--limit", "3",
    ];
    assert!(refused(&limited).contains("--limit"));
    let sat_only = [
        "count", "--board", "5x5", "--engine", "frontier", "--solver", "varisat",
    ];
    assert!(refused(&sat_only).contains("--solver"));
    let memory_elsewhere = [
        "count", "--board", "5x5", "--engine", "search", "--memory", "1G",
    ];
    assert!(refused(&memory_elsewhere).contains("frontier engine only"));
    let bad_size = [
        "count", "--board", "5x5", "--engine", "frontier", "--memory", "12X",
    ];
    assert!(refused(&bad_size).contains("unit"));
}

#[test]
fn a_timeout_while_spilling_leaves_no_spill_files() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().to_str().unwrap();
    let args = [
        "count",
        "--board",
        "6x6",
        "--engine",
        "frontier",
        "--format",
        "json",
        "--stats",
        "--memory",
        "4K",
        "--spill-dir",
        dir,
        "--timeout",
        "2",
    ];
    let out = knights(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let s = summary(&out);
    assert_eq!(s["ending"], "timeout");
    assert!(s["stats"]["spilled_steps"].as_u64().unwrap() > 0, "{s}");
    assert_eq!(std::fs::read_dir(parent.path()).unwrap().count(), 0);
}

#[test]
fn a_timeout_stops_the_sweep_with_no_count() {
    // Open 6x6 takes the sweep far longer than the time-out.
    let args = [
        "count",
        "--board",
        "6x6",
        "--engine",
        "frontier",
        "--format",
        "json",
        "--timeout",
        "0.3",
    ];
    let out = knights(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let s = summary(&out);
    assert_eq!(s["complete"], false);
    assert_eq!(s["ending"], "timeout");
    assert!(s["solutions"].is_null(), "{s}");
}

/// A new directory in memory where the system has one (a save syncs three times).
fn scratch() -> tempfile::TempDir {
    let shm = std::path::Path::new("/dev/shm");
    match shm.is_dir() {
        true => tempfile::tempdir_in(shm),
        false => tempfile::tempdir(),
    }
    .unwrap()
}

/// A checkpoint of closed 6x6 saved after step 20 in `dir`, by the library's engine stopped
/// there.
fn checkpoint_6x6_after_step_20(dir: &std::path::Path) {
    use knights::run::Progress;
    let engine = FrontierEngine {
        checkpoints: Some(knights::frontier::Checkpoints {
            dir: dir.to_path_buf(),
            every: std::time::Duration::ZERO,
        }),
        ..FrontierEngine::default()
    };
    let limits = Limits::default();
    let stop = limits.stop.clone();
    let on_progress = |report| {
        if matches!(report, Progress::Steps(s) if s.step == 20) {
            stop.raise();
        }
    };
    let puzzle = plain(Shape::flat(6, 6), Leaper::KNIGHT, true);
    let summary = engine.count(&puzzle, &limits, &[], &on_progress).unwrap();
    assert!(!summary.complete);
    assert_eq!(summary.checkpoint.unwrap().saved_step, Some(20));
}

#[test]
fn the_binary_continues_a_checkpoint_and_removes_it_when_the_count_is_done() {
    let dir = scratch();
    checkpoint_6x6_after_step_20(dir.path());
    let path = dir.path().to_str().unwrap();
    let args = [
        "count",
        "--board",
        "6x6",
        "--closed",
        "--engine",
        "frontier",
        "--format",
        "json",
        "--checkpoint",
        path,
    ];
    let out = knights(&args);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("continuing from step 20 of 30 saved at"),
        "{err}"
    );
    assert!(
        err.contains("checkpoint") && err.contains("removed"),
        "{err}"
    );
    let s = summary(&out);
    assert_eq!(s["solutions"], 9862);
    assert_eq!(s["checkpoint"]["continued_from_step"], 20, "{s}");
    assert_eq!(s["checkpoint"]["removed"], true, "{s}");
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn the_binary_refuses_a_checkpoint_of_another_board_or_with_a_damaged_layer() {
    let dir = scratch();
    checkpoint_6x6_after_step_20(dir.path());
    let path = dir.path().to_str().unwrap();
    let before = names(dir.path());
    let count = |board: &str| {
        refused(&[
            "count",
            "--board",
            board,
            "--closed",
            "--engine",
            "frontier",
            "--checkpoint",
            path,
        ])
    };
    let err = count("5x6");
    assert!(
        err.contains("checkpoint.json") && err.contains("`board`"),
        "{err}"
    );
    assert_eq!(names(dir.path()), before, "nothing removed");
    let layer = dir.path().join("layer-0-20.states");
    let bytes = std::fs::read(&layer).unwrap();
    std::fs::write(&layer, &bytes[..bytes.len() / 2]).unwrap();
    let err = count("6x6");
    assert!(
        err.contains("layer-0-20.states") && err.contains("damaged"),
        "{err}"
    );
    assert_eq!(names(dir.path()), before, "nothing removed");
}

#[test]
fn a_stopped_binary_says_which_step_its_checkpoint_holds() {
    let dir = scratch();
    let path = dir.path().to_str().unwrap();
    // Open 6x6 takes the sweep far longer than the time-out; its first steps take
    // milliseconds.
    let args = [
        "count",
        "--board",
        "6x6",
        "--engine",
        "frontier",
        "--format",
        "json",
        "--timeout",
        "0.5",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
    ];
    let out = knights(&args);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let s = summary(&out);
    assert_eq!(s["ending"], "timeout");
    let step = s["checkpoint"]["saved_step"].as_u64().unwrap();
    let said = format!("holds step {step} of 30: the same command continues from it");
    assert!(err.contains(&said), "{err}");
    assert!(names(dir.path()).contains(&format!("layer-0-{step}.states")));
    let stray = ["count", "--board", "5x5", "--checkpoint-every", "0"];
    assert!(refused(&stray).contains("--checkpoint DIR"));
    let search = [
        "count",
        "--board",
        "5x5",
        "--engine",
        "search",
        "--checkpoint",
        path,
    ];
    assert!(refused(&search).contains("frontier engine only"));
}
