//! Rows of the README's exit-code table that no other test pins: a bounded count or
//! enumeration is an answer (exit 0), and a solver that decided nothing is an error (exit 2).

use crate::common::cli::{knights, refused, stderr, summary};

/// `--timeout` and `--limit` stop `count` and `enumerate` with `"complete": false` and exit 0.
#[test]
fn a_count_or_enumeration_stopped_by_a_bound_exits_0() {
    let runs: [&[&str]; 3] = [
        &[
            "count",
            "models/semimagic.toml",
            "--engine",
            "search",
            "--timeout",
            "0.3",
        ],
        &["count", "models/open-5x5.toml", "--limit", "5"],
        &["enumerate", "models/open-5x5.toml", "--limit", "5"],
    ];
    for args in runs {
        let out = knights(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(summary(&out)["complete"], false, "{args:?}");
    }
}

/// `decode` of an `s UNKNOWN` answer has nothing to decode: exit 2, saying so.
#[test]
fn decode_of_an_unknown_answer_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("5x5.cnf");
    let answer = dir.path().join("answer.txt");
    let cnf = cnf.to_str().unwrap();
    let out = knights(&["dimacs", "--board", "5x5", "-o", cnf]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::write(&answer, "s UNKNOWN\n").unwrap();
    let err = refused(&["decode", "--board", "5x5", cnf, answer.to_str().unwrap()]);
    assert!(err.contains("UNKNOWN"), "{err}");
}
