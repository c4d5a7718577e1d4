//! `--engine auto`, the default: the native search for plain tours, the SAT engine for densely
//! crossing line sums with a large tree or when a SAT-only option asks for it, said on stderr;
//! and the ten-minute guard of both engines.

use crate::common::cli::{knights, stderr, summary};

/// The engine `auto` announced on stderr, and the engine the summary names.
fn announced(args: &[&str]) -> (String, String) {
    let out = knights(args);
    let err = stderr(&out);
    let line = err
        .lines()
        .find(|l| l.starts_with("engine: "))
        .unwrap_or_else(|| panic!("no engine line: {err}"))
        .to_string();
    let engine = summary(&out)["engine"].as_str().unwrap_or("").to_string();
    (line, engine)
}

#[test]
fn plain_tours_get_the_native_search_and_are_told_why() {
    for board in ["5x5", "2x3x4"] {
        let (line, engine) = announced(&["count", "--board", board]);
        assert!(line.starts_with("engine: search (--engine auto:"), "{line}");
        assert!(line.contains("no line sums"), "{line}");
        assert_eq!(engine, "search", "{board}");
    }
}

#[test]
fn densely_crossing_line_sums_with_a_large_tree_get_the_sat_engine() {
    // Every cell of the nested model lies in four summed lines.
    let (line, engine) = announced(&["count", "models/nested-semimagic.toml", "--timeout", "0.5"]);
    assert!(
        line.starts_with("engine: sat (--engine auto: line sums"),
        "{line}"
    );
    assert!(line.contains("large"), "{line}");
    assert_eq!(engine, "sat");
}

/// The semimagic census's rows and columns (two lines a cell) and the 4 x n ladder's columns
/// (one) leave SAT nothing the native search's bounds miss: it was 4.5x to 24x slower on the
/// ladder and could not finish one census piece (results/engine-choice).
#[test]
fn sparsely_crossing_line_sums_get_the_native_search_whatever_the_tree() {
    let dir = tempfile::tempdir().unwrap();
    let ladder = dir.path().join("ladder-4x16.toml");
    std::fs::write(&ladder, "board = \"4x16\"\n[sums]\ncols = 130\n").unwrap();
    let ladder = ladder.to_str().unwrap();
    for (model, per_cell) in [("models/semimagic.toml", "2.0"), (ladder, "1.0")] {
        let (line, engine) = announced(&["count", model, "--timeout", "0.5"]);
        assert!(
            line.starts_with(
                "engine: search (--engine auto: line sums on lines that cross sparsely"
            ),
            "{line}"
        );
        assert!(line.contains(&format!("({per_cell} a cell)")), "{line}");
        assert_eq!(engine, "search", "{model}");
    }
}

#[test]
fn a_sat_only_option_or_an_engine_named_is_obeyed() {
    let (line, engine) = announced(&["count", "--board", "5x5", "--solver", "varisat"]);
    assert!(line.contains("--solver"), "{line}");
    assert_eq!(engine, "sat");
    let named = knights(&["count", "--board", "5x5", "--engine", "sat"]);
    assert!(!stderr(&named).contains("engine: "), "{}", stderr(&named));
    assert_eq!(summary(&named)["engine"], "sat");
}

/// Issue 35: `count --board 8x8 --closed` on the SAT engine ran with no end and no estimate.
/// Its trial predicts the run and the guard refuses it, as the native search's does.
#[test]
fn the_sat_engine_refuses_a_run_predicted_over_ten_minutes() {
    let out = knights(&["count", "--board", "8x8", "--closed", "--engine", "sat"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("estimate (sat engine, rough)"), "{err}");
    assert!(err.contains("pass --yes"), "{err}");
    let native = knights(&["count", "--board", "8x8", "--closed", "--engine", "search"]);
    assert_eq!(native.status.code(), Some(2));
    assert!(stderr(&native).contains("pass --yes"));
}

/// Issue 35: `estimate` printed only JSON on a terminal, where `count` says "about 101 days".
#[test]
fn estimate_speaks_text_when_asked_and_json_by_default_in_a_pipe() {
    let text = knights(&["estimate", "--board", "5x5", "--format", "text"]);
    assert!(text.status.success(), "{}", stderr(&text));
    let said = String::from_utf8_lossy(&text.stdout);
    assert!(
        said.starts_with("5x5: the native search is predicted to take about "),
        "{said}"
    );
    assert!(!said.contains('{'), "{said}");
    let json = knights(&["estimate", "--board", "5x5"]);
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(record["predicted_seconds"].is_number(), "{record}");
    // The rate trial's workers, so that nobody reads wall-clock time on every core as CPU time.
    let one = knights(&[
        "estimate", "--board", "5x5", "--jobs", "1", "--format", "text",
    ]);
    let said = String::from_utf8_lossy(&one.stdout);
    assert!(
        said.contains("of wall clock with 1 worker thread ("),
        "{said}"
    );
    let json = knights(&["estimate", "--board", "5x5", "--jobs", "2"]);
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["workers"], 2, "{record}");
}

/// Issue 75: a plain count of a large tree went to the native search (about a minute on
/// closed 6x8) when the frontier engine counts it in about a second; `auto` now weighs the
/// frontier engine's forecast, from a short trial, against the search's tree.
#[test]
fn a_plain_count_of_a_large_tree_goes_to_the_frontier_engine() {
    let out = knights(&["count", "--board", "6x8", "--closed", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let line = err.lines().find(|l| l.starts_with("engine: ")).unwrap();
    assert!(
        line.starts_with("engine: frontier (--engine auto: a plain count"),
        "{line}"
    );
    assert!(line.contains("against the native search's"), "{line}");
    assert!(line.contains("--engine sat|search|frontier"), "{line}");
    let counted = summary(&out);
    assert_eq!(counted["engine"], "frontier");
    // OEIS A175881, a(8): closed tours of the 6x8 board.
    assert_eq!(counted["solutions"], 55_488_142);
}

/// The frontier engine lists no tours: a run that writes them or stops at a limit keeps the
/// engines that do, on the same board.
#[test]
fn a_run_that_lists_or_stops_at_a_limit_keeps_a_listing_engine() {
    for command in ["enumerate", "count"] {
        let args = [command, "--board", "6x8", "--closed", "--limit", "3"];
        let (line, engine) = announced(&args);
        assert!(line.starts_with("engine: search"), "{command}: {line}");
        assert_eq!(engine, "search", "{command}");
    }
}

/// Issue 75: `count --board 8x10 --closed` was refused as thousands of years of native
/// search, naming no engine that could count it. Now `auto` gives it to the frontier engine,
/// whose forecast refuses it, naming its time, states and memory and how to run it.
#[test]
fn a_long_plain_count_is_refused_with_the_frontier_engines_needs() {
    let out = knights(&["count", "--board", "8x10", "--closed"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("engine: frontier (--engine auto"), "{err}");
    let estimate = err
        .lines()
        .find(|l| l.starts_with("estimate (frontier engine): "))
        .unwrap_or_else(|| panic!("no estimate: {err}"));
    for needs in [" left ", " states in a step", " GiB of memory"] {
        assert!(estimate.contains(needs), "{needs}: {estimate}");
    }
    assert!(err.contains("this count is forecast"), "{err}");
    assert!(
        err.contains("pass --yes") && err.contains("--checkpoint DIR"),
        "{err}"
    );
    // Named on another engine, the count is refused naming the frontier engine.
    let native = knights(&["count", "--board", "8x10", "--closed", "--engine", "search"]);
    assert_eq!(native.status.code(), Some(2));
    assert!(
        stderr(&native).contains("--engine frontier"),
        "{}",
        stderr(&native)
    );
}

/// Issue 75: the frontier engine's time left averaged the steps done while the states grew
/// by orders of magnitude. It now forecasts from the states' growth, as a span, with the
/// states and memory the count is heading for.
#[test]
fn the_frontier_engines_progress_forecasts_from_the_states_growth() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
        .args([
            "count", "--board", "6x8", "--closed", "--engine", "frontier",
        ])
        .env("KNIGHTS_PROGRESS_SECONDS", "0.000001")
        .current_dir(crate::common::load::root())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let steps: Vec<&str> = err.lines().filter(|l| l.contains(": step ")).collect();
    assert!(
        steps[0].ends_with("time left not known yet"),
        "{}",
        steps[0]
    );
    let heading = steps
        .iter()
        .find(|l| l.contains(" left, heading for ") && l.contains(" states and "))
        .unwrap_or_else(|| panic!("no forecast of the states to come: {err}"));
    assert!(heading.contains(" GiB at the peak"), "{heading}");
    // Once the states stop growing, the span closes to one figure.
    assert!(
        steps
            .iter()
            .any(|l| l.contains(", about ") && l.ends_with(" left")),
        "{err}"
    );
}
