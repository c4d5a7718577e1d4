//! Angle bounds and `knights optimise` from the command line.

use crate::common::cli::{knights, stderr, summary};
use std::process::Output;

/// Runs `optimise` on the closed tours of `board`, minimising `angle`, with `options`.
pub(super) fn optimise(board: &str, angle: &str, options: &[&str]) -> Output {
    let run = [
        "optimise",
        "--board",
        board,
        "--closed",
        "--minimise",
        angle,
    ];
    knights(&[&run[..], options].concat())
}

#[test]
fn both_engines_find_the_same_proved_minimum_and_optimal_classes() {
    let mut answers = Vec::new();
    for engine in ["search", "sat"] {
        let out = optimise("6x6", "obtuse", &["--engine", engine, "--format", "json"]);
        assert!(out.status.success(), "{engine}: {}", stderr(&out));
        let s = summary(&out);
        assert_eq!(s["proved"], true, "{s}");
        assert_eq!(s["complete"], true, "{s}");
        let steps = s["steps"].as_array().unwrap();
        assert!(steps.last().unwrap()["found"].is_null(), "{s}");
        let tours = String::from_utf8_lossy(&out.stdout).lines().count() - 1;
        assert_eq!(tours as u64, s["solutions"].as_u64().unwrap(), "{s}");
        answers.push((
            s["minimum"].clone(),
            s["solutions"].clone(),
            s["classes"].clone(),
        ));
    }
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn the_optimal_tours_pass_the_verifier_with_the_minimum_as_a_bound() {
    let out = optimise("6x6", "obtuse_or_straight", &["--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let minimum = summary(&out)["minimum"].as_u64().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tours = dir.path().join("tours.jsonl");
    std::fs::write(&tours, &out.stdout).unwrap();
    let model = dir.path().join("m.toml");
    let text = format!(
        "board = \"6x6\"\nclosed = true\n[angles]\nobtuse_or_straight = {{ exactly = {minimum} }}\n"
    );
    std::fs::write(&model, text).unwrap();
    let checked = knights(&["verify", model.to_str().unwrap(), tours.to_str().unwrap()]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    let report = String::from_utf8_lossy(&checked.stdout);
    assert!(report.contains("angles: "), "{report}");
    // One fewer is what optimise proved impossible: every tour breaks that bound.
    let fewer = format!(
        "board = \"6x6\"\nclosed = true\n[angles]\nobtuse_or_straight = {{ at_most = {} }}\n",
        minimum - 1
    );
    std::fs::write(&model, fewer).unwrap();
    let checked = knights(&["verify", model.to_str().unwrap(), tours.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(1));
    let count = knights(&["count", model.to_str().unwrap(), "--engine", "search"]);
    let s = summary(&count);
    assert_eq!(
        (s["solutions"].as_u64(), s["complete"].as_bool()),
        (Some(0), Some(true))
    );
}

#[test]
fn show_and_dimacs_state_the_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("m.toml");
    let text = "board = \"8x8\"\nclosed = true\n[angles]\nobtuse = { at_most = 4 }\nright = { at_least = 2, at_most = 30 }\n";
    std::fs::write(&model, text).unwrap();
    let shown = knights(&["show", model.to_str().unwrap()]);
    let shown = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.contains("angles:      obtuse <= 4"), "{shown}");
    assert!(shown.contains("angles:      2 <= right <= 30"), "{shown}");
    let cnf = dir.path().join("m.cnf");
    let out = knights(&[
        "dimacs",
        model.to_str().unwrap(),
        "-o",
        cnf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let header = std::fs::read_to_string(&cnf).unwrap();
    let rules = header
        .lines()
        .find(|l| l.contains("required moves:"))
        .unwrap();
    assert!(rules.ends_with("angles: 2<=right<=30,obtuse<=4"), "{rules}");
}

#[test]
fn a_model_without_tours_is_answered_by_theorem() {
    let out = optimise("4x4", "obtuse", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no tour exists"), "{}", stderr(&out));
}

#[test]
fn render_shades_exactly_the_cells_with_the_angle_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("tour.txt");
    let out = knights(&["solve", "--board", "6x6", "--closed"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&tour, &out.stdout).unwrap();
    let checked = knights(&[
        "verify",
        "--board",
        "6x6",
        "--closed",
        tour.to_str().unwrap(),
    ]);
    let report = String::from_utf8_lossy(&checked.stdout);
    let tally: Vec<usize> = report
        .split("angles: ")
        .nth(1)
        .unwrap()
        .split(", ")
        .map(|part| part.split(' ').next().unwrap().parse().unwrap())
        .collect();
    for (kind, count) in ["acute", "right", "obtuse", "straight"].iter().zip(tally) {
        let svg = knights(&["render", tour.to_str().unwrap(), "--mark-angles", kind]);
        assert!(svg.status.success(), "{}", stderr(&svg));
        let marks = String::from_utf8_lossy(&svg.stdout)
            .matches("class=\"mark\"")
            .count();
        assert_eq!(marks, count, "{kind}: {report}");
    }
}

#[test]
fn optimise_stopped_before_a_proof_reports_its_best_and_no_minimum() {
    // On the closed 8x8 board tours with a few straight or obtuse angles come at once, and
    // the proof that none has fewer than the minimum takes far longer than the time-out.
    let out = optimise(
        "8x8",
        "obtuse_or_straight",
        &["--engine", "sat", "--timeout", "0.5", "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let s = summary(&out);
    assert_eq!(s["proved"], false, "{s}");
    assert!(s["minimum"].is_null(), "{s}");
    let least = s["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|step| step["found"].as_u64())
        .min();
    assert_eq!(s["best"].as_u64(), least, "{s}");
}

#[test]
fn optimise_in_text_ends_with_its_descent_and_verdict_in_words() {
    let out = optimise("6x6", "obtuse", &["--format", "text"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('{'), "no JSON in text: {text}");
    assert!(
        text.contains("asked obtuse <= 8: no tour (exhausted"),
        "{text}"
    );
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("the minimum is 9 obtuse angles (proved"),
        "{last}"
    );
}

#[test]
fn marks_that_cannot_be_drawn_are_refused_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("t.json");
    let tour = tour.to_str().unwrap();
    let built = knights(&["tour", "--board", "61x61", "-o", tour]);
    assert!(built.status.success(), "{}", stderr(&built));
    let out = knights(&["render", tour, "--mark-angles", "obtuse", "-o", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("--mark-angles obtuse") && err.contains("61x61"),
        "{err}"
    );
    let cube = knights(&["sample", "--board", "4x4x4", "--count", "1"]);
    let cube_tour = dir.path().join("c.jsonl");
    std::fs::write(&cube_tour, &cube.stdout).unwrap();
    let args = ["render", cube_tour.to_str().unwrap(), "--view", "exploded"];
    let out = knights(&[&args[..], &["--mark-angles", "right", "-o", "/dev/null"]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("exploded view"), "{}", stderr(&out));
}
