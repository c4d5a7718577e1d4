//! Rows of the exit-code table (docs/guide.md) that no other test pins: a bounded count or
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

/// A tour file laid out for another board breaks the model's board rule, whether it holds a
/// whole tour of that board (an 8x8 tour against a 6x6 model) or a grid that is no tour at
/// all (the first 7 rows of an 8x8 tour against the 8x8 model): exit 1, the rule named on
/// stdout as for any broken rule, and every file still checked.
#[test]
fn verify_of_a_tour_file_on_another_board_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let eight = "tests/data/tours/semimagic-beverley-1848.txt";
    let grid = std::fs::read_to_string(eight).unwrap();
    let rows: Vec<&str> = grid.lines().filter(|l| !l.starts_with('#')).collect();
    let seven = dir.path().join("seven.txt");
    std::fs::write(&seven, rows[..7].join("\n")).unwrap();
    let seven = seven.to_str().unwrap();
    let runs: [(&[&str], &str); 2] = [
        (&["verify", "models/closed-6x6.toml", eight], "6x6"),
        (&["verify", "models/semimagic.toml", seven, eight], "7x8"),
    ];
    for (args, named) in runs {
        let out = knights(args);
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{args:?}: {said}{}",
            stderr(&out)
        );
        assert!(
            said.contains("1 broken rule(s)") && said.contains(named),
            "{said}"
        );
    }
    // The 8x8 tour after the 7x8 grid was checked too, and kept every rule.
    let out = knights(runs[1].0);
    assert!(stderr(&out).contains("2 tour(s) checked against semimagic: 1 broken"));
}

/// `count --help` lists the options a count takes, one line each, not `enumerate`'s output
/// options or a paragraph on every SAT setting; the SAT tuning is named and still taken.
#[test]
fn count_help_is_short() {
    let out = knights(&["count", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    let lines = help.lines().count();
    assert!(lines <= 60, "count --help runs to {lines} lines:\n{help}");
    assert!(
        help.contains("--engine <ENGINE>") && help.contains("--limit <N>"),
        "{help}"
    );
    assert!(
        !help.contains("--output") && !help.contains("Possible values"),
        "{help}"
    );
    assert!(
        help.contains("--pb-encoding") && help.contains("enumerate --help"),
        "{help}"
    );
    // Named in the note only: a flag renamed in the engine's options would be listed again.
    assert!(
        !help.contains("--pb-encoding <") && !help.contains("--refute-first <"),
        "{help}"
    );
    let tuned = knights(&[
        "count",
        "--board",
        "4x4",
        "--engine",
        "sat",
        "--pb-encoding",
        "gte",
    ]);
    assert!(tuned.status.success(), "{}", stderr(&tuned));
}
