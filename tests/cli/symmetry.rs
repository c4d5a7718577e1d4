//! The quarter-turn rule from the command line: theorems answered at once, the 18x18 tour
//! that seed 001 shows, and tours that pass the verifier under the same rule.

use crate::common::cli::{knights, stderr, summary};

#[test]
fn show_names_the_rule_and_the_theorem_that_rules_it_out() {
    let six = knights(&["show", "--board", "6x6", "--closed", "--symmetry", "rot90"]);
    let text = String::from_utf8_lossy(&six.stdout);
    assert!(text.contains("symmetry:    rot90"), "{text}");
    assert!(!text.contains("existence:"), "{text}");
    let eight = knights(&["show", "--board", "8x8", "--closed", "--symmetry", "rot90"]);
    let text = String::from_utf8_lossy(&eight.stdout);
    assert!(text.contains("existence:   no tour: Jelliss"), "{text}");
}

#[test]
fn sides_4k_and_open_tours_are_answered_by_theorem() {
    for (board, closed, says) in [
        ("8x8", true, "4k + 2"),
        ("12x12", true, "4k + 2"),
        ("6x6", false, "order 2"),
    ] {
        let mut args = vec!["count", "--board", board, "--symmetry", "rot90"];
        if closed {
            args.push("--closed");
        }
        let s = summary(&knights(&args));
        assert_eq!(s["engine"], "theorem", "{board}");
        assert_eq!(
            (s["solutions"].as_u64(), s["complete"].as_bool()),
            (Some(0), Some(true)),
            "{board}"
        );
        assert!(s["theorem"].as_str().unwrap().contains(says), "{s}");
    }
}

#[test]
fn a_closed_18x18_quarter_turn_tour_is_found_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("tour.txt");
    let svg = dir.path().join("tour.svg");
    let rule = ["--board", "18x18", "--closed", "--symmetry", "rot90"];
    let mut args = vec!["solve"];
    args.extend(rule);
    args.extend(["--svg", svg.to_str().unwrap()]);
    let out = knights(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&tour, &out.stdout).unwrap();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let mut check = vec!["verify"];
    check.extend(rule);
    check.push(tour.to_str().unwrap());
    let verified = knights(&check);
    assert!(verified.status.success(), "{}", stderr(&verified));
    // A tour the quarter turn maps onto itself, the half turn does too.
    let mut half = vec![
        "verify",
        "--board",
        "18x18",
        "--closed",
        "--symmetry",
        "rot180",
    ];
    half.push(tour.to_str().unwrap());
    assert!(knights(&half).status.success());
}

#[test]
fn verify_names_the_quarter_turn_a_half_turn_tour_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("tours.jsonl");
    let out = knights(&[
        "enumerate",
        "--board",
        "6x6",
        "--closed",
        "--symmetry",
        "rot180",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&tour, &out.stdout).unwrap();
    let checked = knights(&[
        "verify",
        "--board",
        "6x6",
        "--closed",
        "--symmetry",
        "rot90",
        tour.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        text.contains("not symmetric under the quarter turn"),
        "{text}"
    );
}
