//! `knights sample` through the binary: the same tours for the same seed, every tour distinct
//! and passed by `knights verify`, and the requests it must refuse.

use crate::common::cli::{knights, refused, signalled_after_first_line, stderr, summary};
use std::collections::HashSet;

fn sampled(args: &[&str]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let out = knights(&[&["sample"], args].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (tours, last) = lines.split_at(lines.len() - 1);
    assert_eq!(last[0], summary(&out));
    (tours.to_vec(), last[0]["summary"].clone())
}

/// The same seed gives the same tours, another seed others; every tour is distinct, and
/// `verify` passes the file.
#[test]
fn tours_are_distinct_verified_and_the_same_for_a_seed() {
    for method in ["greedy", "warnsdorff", "sat"] {
        let args = |seed: &'static str| {
            [
                "--board", "4x4x4", "--count", "40", "--method", method, "--seed", seed,
            ]
        };
        let (first, report) = sampled(&args("3"));
        let (again, _) = sampled(&args("3"));
        let (other, _) = sampled(&args("4"));
        assert_eq!(first, again, "{method}");
        assert_ne!(first, other, "{method}");
        assert_eq!(report["found"], 40);
        assert_eq!(report["complete"], true);
        let distinct: HashSet<String> = first.iter().map(|t| t["numbers"].to_string()).collect();
        assert_eq!(distinct.len(), 40, "{method}");
        let closing = first.iter().filter(|t| t["closes"] == true).count();
        assert_eq!(report["closing"], closing);

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tours.jsonl");
        let text: Vec<String> = first.iter().map(ToString::to_string).collect();
        std::fs::write(&path, text.join("\n")).unwrap();
        let out = knights(&["verify", "--board", "4x4x4", &path.to_string_lossy()]);
        assert!(out.status.success(), "{method}: {}", stderr(&out));
    }
}

/// A closed model keeps closed tours only, and a model's start cells are where tours start.
#[test]
fn the_model_decides_which_walks_count() {
    let (tours, _) = sampled(&["--board", "4x4x4", "--closed", "--count", "20"]);
    assert!(tours.iter().all(|t| t["closes"] == true));
    let (tours, _) = sampled(&["--board", "6x6", "--start-cell", "0,0", "--count", "20"]);
    assert!(tours.iter().all(|t| t["numbers"][0] == 1));
}

/// The SAT method takes the rules walks cannot meet: a half-turn model's samples are
/// closed, unchanged by the half turn, and pass `verify` against the model.
#[test]
fn sat_samples_models_that_walks_refuse() {
    let model = "models/closed-8x8-rot180.toml";
    let (tours, report) = sampled(&[model, "--method", "sat", "--count", "12"]);
    assert_eq!(report["found"], 12);
    assert_eq!(report["closing"], 12);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tours.jsonl");
    let text: Vec<String> = tours.iter().map(ToString::to_string).collect();
    std::fs::write(&path, text.join("\n")).unwrap();
    let out = knights(&["verify", model, &path.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Past the last tour, the SAT method proves there is no other, and says so.
#[test]
fn sat_sampling_past_the_last_tour_says_the_model_has_no_more() {
    let out = knights(&[
        "sample", "--board", "3x4", "--method", "sat", "--count", "99",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = summary(&out)["summary"].clone();
    assert_eq!(report["exhausted"], true);
    let counted = knights(&["count", "--board", "3x4", "--engine", "search"]);
    assert_eq!(report["found"], summary(&counted)["solutions"]);
    assert!(stderr(&out).contains("no other tour"), "{}", stderr(&out));
}

/// A board with fewer tours than asked stops short and says so, with exit code 1.
#[test]
fn a_run_that_cannot_find_enough_tours_says_so() {
    let out = knights(&["sample", "--board", "1x1", "--count", "3"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = summary(&out)["summary"].clone();
    assert_eq!(report["complete"], false);
    assert_eq!(report["found"], 1);
    assert!(
        stderr(&out).contains("stopped short of 3"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_requests_are_refused_naming_the_cause() {
    let err = refused(&["sample", "--board", "4x4x4", "--count", "0"]);
    assert!(err.contains("--count"), "{err}");
    let err = refused(&["sample", "--board", "300x300", "--count", "1"]);
    assert!(err.contains("90000 cells"), "{err}");
    let err = refused(&["sample", "models/semimagic.toml", "--count", "1"]);
    assert!(
        err.contains("line sums") && err.contains("--method sat"),
        "{err}"
    );
}

/// The tours of a seed are pinned: `--seed` drives a ChaCha stream (`knights::random`), the
/// same on every platform and crate version, so these stay the tours of seed 7.
#[test]
fn the_first_tours_of_a_seed_are_pinned() {
    let out = knights(&["sample", "--board", "6x6", "--count", "2", "--seed", "7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let numbers: Vec<serde_json::Value> = text
        .lines()
        .take(2)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["numbers"].clone())
        .collect();
    let pinned: [[u32; 36]; 2] = [
        [
            30, 15, 20, 5, 28, 13, 19, 6, 29, 14, 21, 4, 16, 31, 18, 27, 12, 35, 7, 26, 9, 34, 3,
            22, 32, 17, 24, 1, 36, 11, 25, 8, 33, 10, 23, 2,
        ],
        [
            1, 20, 9, 28, 3, 22, 10, 27, 2, 21, 32, 29, 19, 8, 33, 30, 23, 4, 26, 11, 24, 15, 36,
            31, 7, 18, 13, 34, 5, 16, 12, 25, 6, 17, 14, 35,
        ],
    ];
    let pinned: Vec<serde_json::Value> = pinned
        .iter()
        .map(|n| serde_json::json!(n.to_vec()))
        .collect();
    assert_eq!(numbers, pinned);
}

/// The tour lines of a run's standard output, without its summary.
fn tour_lines(out: &std::process::Output) -> Vec<String> {
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[..lines.len() - 1].to_vec()
}

/// `--limit N` stops after N samples tried, with exit code 3 and `"ending": "limit"`; the
/// tours written are the first ones of the unbounded run, on one thread or three.
#[test]
fn limit_stops_at_the_first_tours_of_the_unbounded_run() {
    let board = ["sample", "--board", "8x8", "--count", "40", "--seed", "5"];
    let whole = knights(&board);
    assert!(whole.status.success(), "{}", stderr(&whole));
    for jobs in ["1", "3"] {
        let out = knights(&[&board[..], &["--limit", "12", "-j", jobs]].concat());
        assert_eq!(out.status.code(), Some(3), "-j {jobs}: {}", stderr(&out));
        let report = summary(&out)["summary"].clone();
        assert_eq!(report["ending"], "limit");
        assert_eq!(report["complete"], false);
        assert_eq!(report["samples"], 12);
        let kept = tour_lines(&out);
        assert_eq!(report["found"], kept.len());
        assert!(!kept.is_empty());
        assert_eq!(kept[..], tour_lines(&whole)[..kept.len()], "-j {jobs}");
        assert!(
            stderr(&out).contains("stopped at --limit"),
            "{}",
            stderr(&out)
        );
    }
}

/// `--timeout` bounds a SAT sample that would otherwise run for minutes: exit code 3,
/// `"ending": "timeout"`, within a few seconds of the bound.
#[test]
fn timeout_bounds_a_long_sat_sample() {
    let started = std::time::Instant::now();
    let out = knights(&[
        "sample",
        "models/nested-semimagic.toml",
        "--method",
        "sat",
        "--count",
        "2",
        "--timeout",
        "0.5",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let report = summary(&out)["summary"].clone();
    assert_eq!(report["ending"], "timeout");
    assert_eq!(report["complete"], false);
    let err = refused(&[
        "sample",
        "--board",
        "6x6",
        "--count",
        "1",
        "--timeout",
        "-1",
    ]);
    assert!(err.contains("--timeout"), "{err}");
    let err = refused(&["sample", "--board", "6x6", "--count", "1", "--limit", "0"]);
    assert!(err.contains("--limit"), "{err}");
}

/// SIGTERM (or Ctrl-C) stops a run cleanly: the tours found are written, then the summary
/// with `"ending": "signal"`, and the exit code is 128 + the signal's number.
#[test]
fn a_signal_stops_sampling_after_writing_what_was_found() {
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let args = ["sample", "--board", "20x20", "--count", "10000000"];
        let out = signalled_after_first_line(&args, "{", signal);
        let written = String::from_utf8(out.stdout.clone()).unwrap();
        assert_eq!(out.status.code(), Some(code), "{signal}: {}", stderr(&out));
        let last = written.lines().last().unwrap();
        let report: serde_json::Value = serde_json::from_str(last).unwrap();
        assert_eq!(report["summary"]["ending"], "signal", "{signal}");
        let tours = written.lines().count() - 1;
        assert_eq!(report["summary"]["found"], tours, "{signal}");
    }
}
