//! A failed write to stderr never kills a run (every command here writes progress or a
//! message there), and a numeric flag no run can use is refused where it is parsed, naming
//! the flag.

use crate::common::cli::refused;
use crate::common::load::root;
use std::process::{Command, Stdio};

/// Runs `knights` with stderr on /dev/full, where every write fails; its exit code.
fn with_full_stderr(args: &[&str]) -> Option<i32> {
    with_full_stderr_and(args, &[])
}

/// As [`with_full_stderr`], with the environment variables `vars` set.
fn with_full_stderr_and(args: &[&str], vars: &[(&str, &str)]) -> Option<i32> {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .envs(vars.iter().copied())
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(full)
        .status()
        .unwrap()
        .code()
}

#[test]
fn every_command_runs_on_with_stderr_full() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("t.json");
    let tour = tour.to_str().unwrap();
    let commands: [&[&str]; 8] = [
        &["tour", "--board", "6x6", "--format", "json", "-o", tour],
        &["verify", "--board", "6x6", tour],
        &["sample", "--board", "5x5", "--count", "2"],
        &["count", "--board", "5x5", "--limit", "3"],
        &["enumerate", "--board", "5x5", "--limit", "3"],
        &["solve", "--board", "5x5"],
        &[
            "optimise",
            "--board",
            "6x6",
            "--closed",
            "--minimise",
            "obtuse",
        ],
        &["estimate", "--board", "5x5", "--rate-seconds", "0.1"],
    ];
    for args in commands {
        assert_eq!(with_full_stderr(args), Some(0), "{args:?}");
    }
    // Plain progress lines, due at every report, cannot be written either.
    let frontier = [
        "count", "--board", "6x6", "--closed", "--engine", "frontier",
    ];
    let every_report = [("KNIGHTS_PROGRESS_SECONDS", "0.000001")];
    assert_eq!(with_full_stderr_and(&frontier, &every_report), Some(0));
    // An error message that cannot be written still ends with exit code 2, not a panic.
    assert_eq!(with_full_stderr(&["show", "no-such-model.toml"]), Some(2));
}

#[test]
fn numeric_flags_no_run_can_use_are_refused_naming_the_flag() {
    for value in ["nan", "-1", "1e30", "0", "inf", "soon"] {
        let err = refused(&["estimate", "--board", "5x5", "--rate-seconds", value]);
        assert!(err.contains("--rate-seconds"), "{value}: {err}");
        let err = refused(&["count", "--board", "5x5", "--timeout", value]);
        assert!(err.contains("--timeout"), "{value}: {err}");
    }
    let err = refused(&["estimate", "--board", "5x5", "--probes", "0"]);
    assert!(err.contains("--probes"), "{err}");
    let err = refused(&["split", "--board", "5x5", "--jobs", "0", "-o", "/dev/null"]);
    assert!(err.contains("--jobs"), "{err}");
    let sample = ["sample", "--board", "5x5"];
    // Negative values too, named by their flag rather than taken for an unknown flag.
    for (flag, value) in [("--count", "0"), ("--count", "-2"), ("--walks", "-1")] {
        let count: &[&str] = if flag == "--count" {
            &[]
        } else {
            &["--count", "1"]
        };
        let err = refused(&[&sample[..], count, &[flag, value]].concat());
        assert!(
            err.contains(&format!("'{value}' for '{flag}")),
            "{flag} {value}: {err}"
        );
        assert!(err.contains(flag), "{flag} {value}: {err}");
    }
    for value in ["0", "513", "-1"] {
        let tour = ["tour", "--board", "8x8", "--check-memory", value];
        let err = refused(&tour);
        assert!(
            err.contains(&format!("'{value}' for '--check-memory")),
            "{err}"
        );
    }
    let count = [
        "count",
        "--board",
        "5x5",
        "--engine",
        "sat",
        "--prefix-length",
    ];
    for value in ["0", "-1", "26"] {
        let err = refused(&[&count[..], &[value]].concat());
        assert!(err.contains("--prefix-length"), "{value}: {err}");
    }
}

/// `knights count` on closed 6x6 by the frontier engine with stderr in a pipe and
/// `KNIGHTS_PROGRESS_SECONDS` set to `every` (unset with `None`); its stderr.
fn frontier_stderr_in_a_pipe(every: Option<&str>) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_knights"));
    command
        .args([
            "count", "--board", "6x6", "--closed", "--engine", "frontier",
        ])
        .current_dir(root())
        .env_remove("KNIGHTS_PROGRESS_SECONDS");
    if let Some(every) = every {
        command.env("KNIGHTS_PROGRESS_SECONDS", every);
    }
    let out = command.output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_log_gets_plain_progress_lines_as_often_as_asked() {
    // Every report is due at once: the frontier's steps appear as lines, with the time.
    let often = frontier_stderr_in_a_pipe(Some("0.000001"));
    let lines: Vec<&str> = often.lines().filter(|l| l.contains(" of 30, ")).collect();
    assert!(lines.len() > 10, "{often}");
    assert!(lines[0].starts_with("[00:00:00] 6x6: step "), "{often}");
    // Once a minute by default: a run this short writes none; 0 turns them off.
    for every in [None, Some("0")] {
        let quiet = frontier_stderr_in_a_pipe(every);
        assert!(!quiet.contains(" of 30, "), "{every:?}: {quiet}");
    }
}

/// The stderr of `knights ARGS`, a run stopped by its time-out (exit code 3), with stderr in
/// a pipe and every progress report due at once.
fn timed_out_stderr(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(root())
        .env("KNIGHTS_PROGRESS_SECONDS", "0.000001")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
    err
}

#[test]
fn solve_writes_its_progress_to_a_log_as_count_does() {
    // A search for one tour may run as long as a count: the closed centrosymmetric magic
    // model has none known, so the native search runs to its time-out, reporting its nodes.
    let err = timed_out_stderr(&[
        "solve",
        "models/magic-closed-centrosymmetric.toml",
        "--engine",
        "search",
        "--timeout",
        "1",
    ]);
    let progress = "[00:00:00] magic-closed-centrosymmetric: ";
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with(progress)).collect();
    assert!(!lines.is_empty(), "{err}");
    assert!(lines.iter().all(|l| l.contains(" nodes (")), "{err}");
}

/// The plain progress lines of `knights ARGS models/semimagic.toml --timeout 3`.
fn semimagic_log_lines(args: &[&str]) -> Vec<String> {
    let model = ["models/semimagic.toml", "--timeout", "3"];
    timed_out_stderr(&[args, &model[..]].concat())
        .lines()
        .filter(|l| l.starts_with("[00:00:0") && l.contains("] semimagic: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_sat_call_that_reports_nothing_still_writes_lines_to_a_log() {
    // One SAT call returns nothing for 3 s (no tour of the plain semimagic model comes that
    // soon); the log repeats the news at least once a second, and from the first second on
    // the news is CaDiCaL's conflicts so far, which only grow.
    let solve = semimagic_log_lines(&["solve", "--engine", "sat"]);
    let conflicts: Vec<u64> = solve
        .iter()
        .filter_map(|l| l.split_once(" CaDiCaL conflicts (")?.0.rsplit(' ').next())
        .map(|count| count.parse().unwrap())
        .collect();
    assert!(!conflicts.is_empty(), "{solve:?}");
    assert!(conflicts.windows(2).all(|w| w[0] <= w[1]), "{solve:?}");
    assert!(conflicts.last() > Some(&0), "{solve:?}");
    assert!(
        solve
            .iter()
            .all(|l| l.ends_with(": searching") || l.contains(" CaDiCaL conflicts (")),
        "{solve:?}"
    );
    let sample = semimagic_log_lines(&["sample", "--method", "sat", "--count", "2"]);
    assert!(!sample.is_empty());
    assert!(
        sample.iter().all(|l| l.ends_with(": 0 of 2 tours sampled")),
        "{sample:?}"
    );
}
