//! The `knights` binary on the shipped models and on bad input.

mod angles;
mod classify;
mod endless;
mod engine_choice;
mod exit_codes;
mod jobs;
mod malformed;
mod outputs;
mod pictures;
mod pipes;
mod proofs;
mod sample;
mod solve_first;
mod streams;
mod subtrees;
mod symmetry;
mod tour;

use crate::common::cli::{knights, refused, signalled_after_first_line, spawn, stderr, summary};
use crate::common::load::root;
use std::path::Path;
use std::process::{Command, Output};

fn write_temp(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn show_reads_every_shipped_model() {
    for entry in std::fs::read_dir(root().join("models")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let out = knights(&["show", path.to_str().unwrap()]);
            assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
        }
    }
}

#[test]
fn malformed_model_names_field_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_temp(
        dir.path(),
        "bad.toml",
        "board = \"8x8\"\n[sums]\nrows = \"lots\"\n",
    );
    let err = refused(&["show", &model]);
    assert!(err.contains("line 3") && err.contains("rows"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn impossible_sum_is_refused_before_any_search() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_temp(
        dir.path(),
        "bad.toml",
        "board = \"8x8\"\n[sums]\ndiagonals = 600\n",
    );
    let err = stderr(&knights(&["show", &model]));
    assert!(
        err.contains("diagonal 1") && err.contains("never 600"),
        "{err}"
    );
    let model = write_temp(
        dir.path(),
        "rows.toml",
        "board = \"8x8\"\n[sums]\nrows = 259\n",
    );
    let err = stderr(&knights(&["show", &model]));
    assert!(err.contains("sums.rows") && err.contains("2080"), "{err}");
}

#[test]
fn bad_board_and_flags_are_named() {
    let err = stderr(&knights(&["show", "--board", "8by8"]));
    assert!(err.contains("8by8"), "{err}");
    let err = stderr(&knights(&["show", "--board", "0x8"]));
    assert!(err.contains("length 0"), "{err}");
    let err = stderr(&knights(&["show", "--board", "8x8", "--start-cell", "9,9"]));
    assert!(
        err.contains("start.cells") && err.contains("[9, 9]"),
        "{err}"
    );
    let err = stderr(&knights(&["show", "--board", "8x8", "--leaper", "one"]));
    assert!(err.contains("--leaper"), "{err}");
    let err = stderr(&knights(&["show"]));
    assert!(err.contains("no model"), "{err}");
}

#[test]
fn a_board_with_no_tour_cites_the_theorem() {
    let out = knights(&["show", "--board", "4x8", "--closed"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Schwenk (1991)"), "{text}");
}

#[test]
fn verify_accepts_the_reference_tours() {
    let nested: Vec<String> = (1..=8)
        .map(|i| format!("tests/data/tours/nested-semimagic-{i}.txt"))
        .collect();
    let mut args = vec!["verify", "models/nested-semimagic.toml"];
    args.extend(nested.iter().map(String::as_str));
    let out = knights(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).matches(": ok").count(),
        8
    );
    let cases = [
        (
            "models/semimagic-closed-centrosymmetric.toml",
            "near-magic-closed-centrosymmetric",
        ),
        ("models/cube-4x4x4-closed.toml", "cube-4x4x4"),
        ("models/semimagic.toml", "semimagic-beverley-1848"),
        ("models/semimagic.toml", "semimagic-2003-06-18-closed"),
        ("models/semimagic.toml", "semimagic-2003-06-19-closed"),
        ("models/open-5x5.toml", "open-5x5"),
    ];
    for (model, tour) in cases {
        let out = knights(&["verify", model, &format!("tests/data/tours/{tour}.txt")]);
        assert!(
            out.status.success(),
            "{tour}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn verify_names_both_diagonal_sums_of_the_seed_002_tour() {
    let out = knights(&[
        "verify",
        "models/magic-closed-centrosymmetric.toml",
        "tests/data/tours/near-magic-closed-centrosymmetric.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("diagonal 1 sums to 264, not 260"), "{text}");
    assert!(text.contains("diagonal 2 sums to 256, not 260"), "{text}");
}

#[test]
fn verify_reports_bad_tour_files_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let repeated = write_temp(dir.path(), "rep.txt", "1 2 3\n4 5 5\n");
    let err = stderr(&knights(&["verify", "--board", "2x3", &repeated]));
    assert!(
        err.contains("rep.txt") && err.contains("number 5 appears twice"),
        "{err}"
    );
    let ragged = write_temp(dir.path(), "rag.txt", "1 2 3\n4 5\n");
    let err = stderr(&knights(&["verify", "--board", "2x3", &ragged]));
    assert!(
        err.contains("line 2") && err.contains("row has 2 numbers"),
        "{err}"
    );
    let missing = write_temp(dir.path(), "mis.txt", "1 2 3\n4 5 7\n");
    let err = stderr(&knights(&["verify", "--board", "2x3", &missing]));
    assert!(err.contains("out of range"), "{err}");
    // Numbered from 0, as a program might: the number and its cell are named.
    let from_zero = "{\"board\":\"2x3\",\"numbers\":[2,1,0,3,4,5]}\n";
    let from_zero = write_temp(dir.path(), "zero.jsonl", from_zero);
    let err = refused(&["verify", "--board", "2x3", &from_zero]);
    assert!(
        err.contains("number 0 at cell (0,2) is out of range 1..=6"),
        "{err}"
    );
    let broken = write_temp(dir.path(), "cut.jsonl", "{\"bad\n");
    let err = stderr(&knights(&["verify", "--board", "2x3", &broken]));
    assert!(err.contains("line 1: not a tour record"), "{err}");
    assert_eq!(
        err.matches("EOF while parsing").count(),
        1,
        "said once: {err}"
    );
    let wrong = knights(&["verify", "--board", "8x8", "tests/data/tours/open-5x5.txt"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stdout).contains("5x5"));
}

#[test]
fn render_writes_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let out = knights(&[
        "render",
        "tests/data/tours/open-5x5.txt",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
}

#[test]
fn count_open_5x5_agrees_across_engines_and_backends() {
    // OEIS A165134: 1,728 directed open paths on 5x5; 216 up to the board's 8 symmetries.
    for args in [
        vec!["--engine", "search", "--jobs", "1"],
        vec!["--engine", "search", "--jobs", "2"],
        vec!["--engine", "sat", "--solver", "cadical"],
        vec!["--engine", "sat", "--solver", "varisat"],
    ] {
        let mut all = vec!["count", "models/open-5x5.toml"];
        all.extend(args.iter());
        let s = summary(&knights(&all));
        assert_eq!(
            (s["solutions"].as_u64(), s["classes"].as_u64()),
            (Some(1728), Some(216)),
            "{args:?}"
        );
        assert_eq!(s["complete"], true);
    }
}

#[test]
fn cadical_options_reach_cadical_and_bad_ones_are_named() {
    let taken = knights(&[
        "count",
        "models/open-5x5.toml",
        "--cadical-option",
        "elim=0",
    ]);
    assert_eq!(summary(&taken)["solutions"].as_u64(), Some(1728));
    let err = refused(&[
        "count",
        "models/open-5x5.toml",
        "--cadical-option",
        "stable=0",
    ]);
    assert!(err.contains("'stable=0'"), "{err}");
    let err = refused(&[
        "count",
        "models/open-5x5.toml",
        "--solver",
        "varisat",
        "--cadical-option",
        "elim=0",
    ]);
    assert!(err.contains("--solver cadical"), "{err}");
}

#[test]
fn a_prefix_split_keeps_the_count_and_a_huge_one_is_refused() {
    // Open 5x5 tours from a corner: 304 (tests/data/known-counts.md; the native search agrees).
    let corner = ["count", "--board", "5x5", "--start-cell", "0,0", "--stats"];
    let whole = knights(&[&corner[..], &["--prefix-length", "1"]].concat());
    let split = knights(&[&corner[..], &["--prefix-length", "4"]].concat());
    let (whole, split) = (summary(&whole), summary(&split));
    assert_eq!(whole["solutions"].as_u64(), Some(304));
    assert_eq!(split["solutions"].as_u64(), Some(304));
    assert_eq!(split["classes"], whole["classes"]);
    let parts = split["stats"]["prefix_cubes"].as_u64().unwrap();
    assert!(parts > whole["stats"]["prefix_cubes"].as_u64().unwrap());
    let err = refused(&[
        "count",
        "--board",
        "8x8",
        "--start-cell",
        "0,0",
        "--prefix-length",
        "40",
    ]);
    assert!(err.contains("--prefix-length 40"), "{err}");
}

#[test]
fn enumerate_output_passes_verify_and_a_limit_is_not_a_count() {
    let dir = tempfile::tempdir().unwrap();
    for engine in ["search", "sat"] {
        let out = knights(&[
            "enumerate",
            "--board",
            "5x5",
            "--start-cell",
            "0,0",
            "--engine",
            engine,
            "--limit",
            "10",
        ]);
        let s = summary(&out);
        assert_eq!(s["complete"], false, "{engine}");
        assert_eq!(s["ending"], "limit");
        assert_eq!(s["solutions"].as_u64(), Some(10), "{engine}: {s}");
        let lines = String::from_utf8_lossy(&out.stdout).lines().count() as u64;
        assert_eq!(
            lines, 11,
            "{engine}: one line per solution, then the summary"
        );
        let file = write_temp(
            dir.path(),
            "out.jsonl",
            &String::from_utf8_lossy(&out.stdout),
        );
        let verified = knights(&["verify", "--board", "5x5", "--start-cell", "0,0", &file]);
        assert!(
            verified.status.success(),
            "{}",
            String::from_utf8_lossy(&verified.stdout)
        );
    }
}

#[test]
fn a_board_without_tours_is_answered_by_theorem() {
    let s = summary(&knights(&["count", "--board", "3x6", "--closed"]));
    assert_eq!(
        (s["solutions"].as_u64(), s["complete"].as_bool()),
        (Some(0), Some(true))
    );
    assert!(s["theorem"].as_str().unwrap().contains("Schwenk"));
}

#[test]
fn a_search_of_months_asks_for_yes_or_a_limit() {
    let err = refused(&["count", "models/semimagic.toml", "--engine", "search"]);
    assert!(err.contains("estimate:") && err.contains("--yes"), "{err}");
    // A run of days is pointed to the split run that can resume.
    assert!(err.contains("knights split MODEL"), "{err}");
    // A tree this large is estimated again with the probes a second allows, past the
    // thousand of the first estimate.
    let probes: usize = err
        .split(" search nodes (")
        .nth(1)
        .and_then(|rest| rest.split(" probes").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no probe count: {err}"));
    assert!(probes > 1000, "{err}");
    let out = knights(&[
        "count",
        "models/semimagic.toml",
        "--engine",
        "search",
        "--timeout",
        "0.5",
    ]);
    let s = summary(&out);
    assert_eq!(
        (s["complete"].as_bool(), s["ending"].as_str()),
        (Some(false), Some("timeout"))
    );
}

/// The `* #variable= N #constraint= M` header of an OPB file, and its constraint lines.
fn opb_parts(text: &str) -> ((usize, usize), Vec<&str>) {
    let first: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        (first[0], first[1], first[3]),
        ("*", "#variable=", "#constraint=")
    );
    let header = (first[2].parse().unwrap(), first[4].parse().unwrap());
    let body = text
        .lines()
        .filter(|l| !l.starts_with('*') && !l.trim().is_empty())
        .collect();
    (header, body)
}

/// The highest `xN` a constraint line names.
fn highest_variable(constraints: &[&str]) -> usize {
    let names = constraints.iter().flat_map(|c| c.split_whitespace());
    let numbers = names.filter_map(|w| w.strip_prefix('x')?.parse::<usize>().ok());
    numbers.max().unwrap_or(0)
}

#[test]
fn opb_writes_line_sums_as_equalities_with_a_true_header() {
    let dir = tempfile::tempdir().unwrap();
    // On 5x5 every row of a tour of 1..=25 sums to 325 / 5 = 65, so the target is reachable.
    let model = write_temp(
        dir.path(),
        "rows.toml",
        "board = \"5x5\"\n[sums]\nrows = 65\n",
    );
    let file = dir.path().join("rows.opb");
    let out = knights(&["opb", &model, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    let ((n_vars, n_constraints), body) = opb_parts(&text);
    assert_eq!(body.len(), n_constraints);
    assert_eq!(highest_variable(&body), n_vars);
    assert!(body.iter().all(|c| c.ends_with(';')), "{body:?}");
    let equalities: Vec<&&str> = body.iter().filter(|c| c.contains(" = ")).collect();
    assert_eq!(equalities.len(), 5, "one equality per row");
    assert!(
        equalities.iter().all(|c| c.ends_with("= 65 ;")),
        "{equalities:?}"
    );
    // No CNF encoding of the sums is in the file, so the header names none.
    assert!(!text.contains("pb-encoding:"), "{text}");
    // Without -o the same file goes to stdout.
    let stdout = knights(&["opb", &model]);
    assert_eq!(String::from_utf8_lossy(&stdout.stdout), text);
}

#[test]
fn opb_of_a_path_model_upgrades_lazy_connectivity_and_has_no_equalities() {
    let out = knights(&["opb", "models/open-5x5.toml", "--connectivity", "lazy"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let ((n_vars, n_constraints), body) = opb_parts(&text);
    assert_eq!(body.len(), n_constraints);
    assert_eq!(highest_variable(&body), n_vars);
    assert!(body.iter().all(|c| c.contains(">=")), "only clauses");
    assert!(text.contains("connectivity: ordering"), "{text}");
}

/// The `numbers` of every tour line of an `enumerate` output.
fn tours_of(text: &str) -> Vec<Vec<u64>> {
    let records = text.lines().filter_map(|l| serde_json::from_str(l).ok());
    let tours = records.filter_map(|r: serde_json::Value| {
        let numbers = r.get("numbers")?.as_array()?;
        Some(numbers.iter().map(|n| n.as_u64().unwrap()).collect())
    });
    tours.collect()
}

/// Enumerates open 5x5 with the SAT engine until 700 solutions: (stdout, its summary).
fn interrupted_open_5x5() -> (String, serde_json::Value) {
    let out = knights(&["enumerate", "models/open-5x5.toml", "--limit", "700"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let s = summary(&out);
    assert_eq!(s["complete"], false);
    (String::from_utf8_lossy(&out.stdout).into_owned(), s)
}

/// How many distinct tours two outputs hold together, and how many lines repeat one.
fn union_of(first: &str, second: &str) -> (usize, usize) {
    let both: Vec<Vec<u64>> = tours_of(first)
        .into_iter()
        .chain(tours_of(second))
        .collect();
    let union: std::collections::HashSet<_> = both.iter().collect();
    (union.len(), both.len() - union.len())
}

fn assert_open_5x5_count(s: &serde_json::Value) {
    assert_eq!(
        (s["solutions"].as_u64(), s["classes"].as_u64()),
        (Some(1728), Some(216)),
        "{s}"
    );
    assert_eq!(s["complete"], true, "{s}");
}

#[test]
fn resume_writes_only_new_tours_and_counts_the_old_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (first, first_summary) = interrupted_open_5x5();
    let file = write_temp(dir.path(), "first.jsonl", &first);
    let out = knights(&[
        "enumerate",
        "models/open-5x5.toml",
        "--resume",
        &file,
        "--stats",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let second = String::from_utf8_lossy(&out.stdout);
    // Every class of open 5x5 has 8 members, and 700 = 87 x 8 + 4: the limit cut the 88th
    // class after 4 members, and that class alone is written again, in full.
    assert_eq!(union_of(&first, &second), (1728, 4));
    let s = summary(&out);
    assert_open_5x5_count(&s);
    // The first run's classes include the one the limit cut short, which is not resumed.
    let whole_classes = first_summary["classes"].as_u64().unwrap() - 1;
    assert_eq!(s["stats"]["resumed_classes"].as_u64(), Some(whole_classes));
    // `count` resumes the same way.
    let counted = summary(&knights(&[
        "count",
        "models/open-5x5.toml",
        "--resume",
        &file,
        "--stats",
    ]));
    assert_open_5x5_count(&counted);
    assert_eq!(
        counted["stats"]["resumed_classes"].as_u64(),
        Some(whole_classes)
    );
}

/// How many cube indices a summary's `finished_cubes` ranges (`0-4,7`) name.
fn finished_count(summary: &serde_json::Value) -> u64 {
    let done = summary["finished_cubes"]["done"].as_str().unwrap();
    let count = |part: &str| match part.split_once('-') {
        Some((a, b)) => b.parse::<u64>().unwrap() - a.parse::<u64>().unwrap() + 1,
        None => 1,
    };
    done.split(',').map(count).sum()
}

#[test]
fn resume_searches_only_the_cubes_the_stopped_run_did_not_finish() {
    let dir = tempfile::tempdir().unwrap();
    // One worker, so the cubes finish in order and some finish before the limit.
    let args = [
        "enumerate",
        "models/open-5x5.toml",
        "--engine",
        "sat",
        "-j",
        "1",
    ];
    let out = knights(&[&args[..], &["--limit", "1200"]].concat());
    let first = String::from_utf8_lossy(&out.stdout).into_owned();
    let finished = finished_count(&summary(&out));
    assert!(finished > 0, "{first}");
    let file = write_temp(dir.path(), "first.jsonl", &first);
    let out = knights(&[&args[..], &["--resume", &file, "--stats"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let s = summary(&out);
    assert_open_5x5_count(&s);
    let searched = s["stats"]["cubes_searched"].as_u64().unwrap();
    assert_eq!(s["stats"]["cubes_done"].as_u64(), Some(searched - finished));
    let (distinct, _) = union_of(&first, &String::from_utf8_lossy(&out.stdout));
    assert_eq!(distinct, 1728);
    // Finished cubes of another plan are not trusted: every cube is searched again.
    let foreign = first.replace(r#""plan":""#, r#""plan":"0"#);
    let file = write_temp(dir.path(), "foreign.jsonl", &foreign);
    let out = knights(&[&args[..], &["--resume", &file, "--stats"]].concat());
    assert!(
        stderr(&out).contains("another cube plan"),
        "{}",
        stderr(&out)
    );
    let s = summary(&out);
    assert_open_5x5_count(&s);
    assert_eq!(s["stats"]["cubes_done"].as_u64(), Some(searched));
}

#[test]
fn resume_skips_a_truncated_last_line_and_rewrites_its_class() {
    let dir = tempfile::tempdir().unwrap();
    let (first, _) = interrupted_open_5x5();
    // A run killed while writing line 21: 20 whole lines and half of the next.
    let lines: Vec<&str> = first.lines().collect();
    let cut = format!("{}\n{}", lines[..20].join("\n"), &lines[20][..40]);
    let file = write_temp(dir.path(), "cut.jsonl", &cut);
    let out = knights(&["enumerate", "models/open-5x5.toml", "--resume", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 21"), "{}", stderr(&out));
    let second = String::from_utf8_lossy(&out.stdout);
    // Every class of open 5x5 has 8 members: the 4 of the third class that were written
    // are written again with the rest of it.
    assert_eq!(union_of(&cut, &second), (1728, 4));
    assert_open_5x5_count(&summary(&out));
}

#[test]
fn resume_refuses_bad_files_and_the_native_search() {
    let dir = tempfile::tempdir().unwrap();
    let (first, _) = interrupted_open_5x5();
    let mut lines: Vec<&str> = first.lines().collect();
    lines.insert(3, "garbage");
    let garbage = write_temp(dir.path(), "garbage.jsonl", &lines.join("\n"));
    let err = refused(&["enumerate", "models/open-5x5.toml", "--resume", &garbage]);
    assert!(
        err.contains("garbage.jsonl") && err.contains("line 4"),
        "{err}"
    );
    let file = write_temp(dir.path(), "first.jsonl", &first);
    // Open 5x5 tours start anywhere; this model wants them to start in a corner.
    let err = refused(&[
        "count",
        "--board",
        "5x5",
        "--start-cell",
        "0,0",
        "--resume",
        &file,
    ]);
    assert!(err.contains("first.jsonl line "), "{err}");
    assert!(err.contains("not a solution"), "{err}");
    let err = refused(&[
        "count",
        "models/open-5x5.toml",
        "--engine",
        "search",
        "--resume",
        &file,
    ]);
    assert!(err.contains("--resume needs --engine sat"), "{err}");
}

/// A reader that stops early (`knights enumerate M | head -1`) ends the run quietly:
/// exit 0, no panic and no error message. The 1,728 tours of 5x5 far outrun a pipe's buffer,
/// so the writes after the reader leaves do fail.
#[test]
fn a_reader_closing_the_pipe_ends_the_run_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(&["enumerate", "models/open-5x5.toml", "--engine", "search"]);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"class\":1,"), "{first}");
    // The reader is dropped here, closing the pipe.
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
}

/// The native search would ignore the SAT engine's options, so it refuses them by name.
#[test]
fn sat_only_options_are_refused_with_the_native_search() {
    let sat_only: [&[&str]; 7] = [
        &["--solver", "varisat"],
        &["--cadical-preset", "unsat"],
        &["--cadical-option", "elim=0"],
        &["--pb-encoding", "gte"],
        &["--connectivity", "ordering"],
        &["--no-symmetry-breaking"],
        &["--prefix-length", "3"],
    ];
    for option in sat_only {
        let args = [
            &["count", "models/open-5x5.toml", "--engine", "search"],
            option,
        ]
        .concat();
        let err = refused(&args);
        assert!(
            err.contains(option[0]) && err.contains("SAT engine only"),
            "{args:?}: {err}"
        );
    }
    let err = refused(&[
        "count",
        "models/open-5x5.toml",
        "--solver",
        "varisat",
        "--cadical-preset",
        "unsat",
    ]);
    assert!(
        err.contains("--cadical-preset needs --solver cadical"),
        "{err}"
    );
    let native = knights(&["count", "models/open-5x5.toml", "--engine", "search"]);
    assert_eq!(summary(&native)["solutions"].as_u64(), Some(1728));
}

/// A time-out while Kissat sees the cubes first ends the run as a time-out: incomplete, never
/// a count, however far it got. (That the time-out reaches Kissat inside its call is shown
/// by `sat_engine::a_stop_signal_ends_kissat_inside_its_call`, whatever the machine's speed.)
#[test]
fn a_time_out_with_kissat_first_is_a_time_out_not_a_count() {
    let out = knights(&[
        "count",
        "models/nested-semimagic.toml",
        "--refute-first",
        "kissat",
        "--timeout",
        "2",
    ]);
    let s = summary(&out);
    assert_eq!(
        (s["complete"].as_bool(), s["ending"].as_str()),
        (Some(false), Some("timeout")),
        "{s}"
    );
}

#[test]
fn a_bench_filter_that_selects_nothing_is_refused_before_anything_is_written() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let err = refused(&["bench", "--filter", "no such case", "--out", &dir]);
    assert!(err.contains("\"no such case\" matches no case"), "{err}");
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

// What a first-time user met (each test below failed before its fix).

/// Solutions written and the summary of `enumerate`, and the summary of `count`, with the
/// same flags.
fn limited(args: &[&str]) -> (u64, serde_json::Value, serde_json::Value) {
    let written = knights(&[&["enumerate"], args].concat());
    assert!(written.status.success(), "{args:?}: {}", stderr(&written));
    let lines = String::from_utf8_lossy(&written.stdout).lines().count() as u64;
    let counted = knights(&[&["count"], args].concat());
    assert!(counted.status.success(), "{args:?}: {}", stderr(&counted));
    (lines - 1, summary(&written), summary(&counted))
}

#[test]
fn a_limited_native_run_writes_closed_cube_tours_at_once() {
    // The orbit rule waited for a member the search reaches late: nothing in 60 s.
    let flags = ["--board", "4x4x4", "--closed", "--engine", "search"];
    let timeout = ["--timeout", "60", "--limit", "10"];
    let (lines, written, counted) = limited(&[&flags[..], &timeout[..]].concat());
    assert_eq!(lines, 10, "{written}");
    assert_eq!(written["ending"], "limit", "{written}");
    assert_eq!(
        (&written["solutions"], &written["classes"]),
        (&counted["solutions"], &counted["classes"]),
        "count and enumerate agree"
    );
}

#[test]
fn a_limit_of_n_means_n_solutions_for_every_command_and_engine() {
    let boards: [&[&str]; 3] = [
        &["--board", "4x4x4"],
        &["--board", "8x8", "--closed"],
        &[
            "--board",
            "5x5",
            "--start-cell",
            "0,0",
            "--start-cell",
            "4,4",
        ],
    ];
    let engines: [&[&str]; 3] = [
        &["--engine", "sat"],
        &["--engine", "sat", "--solver", "varisat"],
        &["--engine", "search", "--yes"],
    ];
    for board in boards {
        for engine in engines {
            for limit in ["1", "3"] {
                let args = [board, engine, &["--limit", limit]].concat();
                let (lines, written, counted) = limited(&args);
                let n: u64 = limit.parse().unwrap();
                assert_eq!(lines, n, "{args:?}");
                assert_eq!(
                    written["solutions"].as_u64(),
                    Some(n),
                    "{args:?}: {written}"
                );
                assert_eq!(
                    counted["solutions"].as_u64(),
                    Some(n),
                    "{args:?}: {counted}"
                );
                assert_eq!(written["classes"], counted["classes"], "{args:?}");
                assert!(written["classes"].as_u64().unwrap() >= 1, "{args:?}");
                assert_eq!(written["complete"], false, "{args:?}");
            }
        }
    }
}

#[test]
fn a_limit_above_the_count_is_an_exhausted_count() {
    for engine in ["sat", "search"] {
        let args = ["--board", "5x5", "--start-cell", "0,0", "--engine", engine];
        let (lines, written, _) = limited(&[&args[..], &["--limit", "1000"]].concat());
        assert_eq!(lines, 304, "{engine}");
        assert_eq!(written["complete"], true, "{engine}: {written}");
    }
}

/// The DIMACS file of `flags`, written into `dir` as `name`; returns its path.
fn dimacs_file(dir: &Path, name: &str, flags: &[&str]) -> String {
    let path = dir.join(name).display().to_string();
    let out = knights(&[&["dimacs"], flags, &["-o", &path]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    path
}

/// Issue 35: `verify MODEL FILE.bin --board 8x8` read the model file as a tour.
#[test]
fn verify_reads_a_model_file_given_beside_board() {
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("tour.bin");
    let tour = tour.to_str().unwrap();
    let built = knights(&["tour", "--board", "8x8", "--format", "binary", "-o", tour]);
    assert!(built.status.success(), "{}", stderr(&built));
    let model = write_temp(dir.path(), "m.toml", "name = \"mine\"\nboard = \"8x8\"\n");
    let out = knights(&["verify", &model, tour, "--board", "8x8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("against mine"), "{}", stderr(&out));
    let err = refused(&["verify", &model, tour, "--board", "6x6"]);
    assert!(err.contains("m.toml is a model of board 8x8"), "{err}");
}

#[test]
fn decode_checks_that_the_cnf_is_the_models_own() {
    let dir = tempfile::tempdir().unwrap();
    let closed = ["--board", "6x6", "--closed"];
    let own = dimacs_file(dir.path(), "own.cnf", &closed);
    let other = dimacs_file(dir.path(), "other.cnf", &["--board", "5x5"]);
    let unsat = write_temp(dir.path(), "unsat.out", "s UNSATISFIABLE\n");
    let decode = |cnf: &str| knights(&[&["decode"], &closed[..], &[cnf, &unsat]].concat());
    let answered = decode(&own);
    assert_eq!(answered.status.code(), Some(1), "the file is the model's");
    // Issue 35: an `s UNSATISFIABLE` line proves nothing by itself; decode says so.
    let said = String::from_utf8_lossy(&answered.stdout);
    assert!(
        said.contains("unchecked") && !said.contains("proved"),
        "{said}"
    );
    let err = refused(&[&["decode"], &closed[..], &[&other, &unsat]].concat());
    assert!(
        err.contains("other.cnf is not the CNF of model 6x6") && err.contains("858 variables"),
        "{err}"
    );
    let text = std::fs::read_to_string(&own).unwrap();
    // Cut among the clauses, past the header (whose `c p show` line is long).
    let at = text.find("\np cnf").unwrap() + 3000;
    let at = text[..at].rfind('\n').unwrap() + 1;
    let cut = write_temp(dir.path(), "cut.cnf", &text[..at]);
    let err = refused(&[&["decode"], &closed[..], &[&cut, &unsat]].concat());
    assert!(err.contains("cut.cnf") && err.contains("cut off"), "{err}");
    // One literal of one clause changed: the line of that clause is named.
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().rposition(|l| l.starts_with('-')).unwrap();
    let mut altered = lines.clone();
    let changed = altered[at].replacen('-', "", 1);
    altered[at] = &changed;
    let altered = write_temp(dir.path(), "altered.cnf", &(altered.join("\n") + "\n"));
    let err = refused(&[&["decode"], &closed[..], &[&altered, &unsat]].concat());
    assert!(err.contains(&format!("(line {})", at + 1)), "{err}");
}

#[test]
fn an_answer_with_too_many_variables_names_both_files_and_the_number() {
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--board", "5x5"];
    let cnf = dimacs_file(dir.path(), "small.cnf", &flags);
    let answer = write_temp(dir.path(), "big.out", "s SATISFIABLE\nv 1 -2 9999 0\n");
    let err = refused(&[&["decode"], &flags[..], &[&cnf, &answer]].concat());
    assert!(
        err.contains("big.out does not answer")
            && err.contains("small.cnf")
            && err.contains("variable 9999")
            && err.contains("only 858"),
        "{err}"
    );
}

#[test]
fn model_files_refuse_extra_elements_and_fields_that_do_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("board = \"8x8\"\nleaper = [1, 2, 3]\n", "line 2", "leaper"),
        (
            "board = \"8x8\"\nrequired_moves = [[[0, 0], [1, 2], [2, 4]]]\n",
            "line 2",
            "required move 1",
        ),
        (
            "board = \"8x8\"\n[start]\nlayers = [0]\n",
            "start.layers",
            "flat",
        ),
    ];
    for (text, place, field) in cases {
        let model = write_temp(dir.path(), "m.toml", text);
        for command in ["show", "solve", "count"] {
            let err = refused(&[command, &model]);
            assert!(
                err.contains(place) && err.contains(field),
                "{command}: {err}"
            );
        }
    }
}

#[test]
fn solve_says_plainly_when_there_is_no_tour() {
    let theorem = knights(&["solve", "--board", "5x5", "--closed"]);
    assert_eq!(theorem.status.code(), Some(1));
    assert!(theorem.stdout.is_empty());
    assert!(
        stderr(&theorem).contains("no tour exists"),
        "{}",
        stderr(&theorem)
    );
    // No theorem covers a closed 1x1 board with flags; `show` names the same reason.
    let show = knights(&["show", "--board", "1x1", "--closed"]);
    let solve = knights(&["solve", "--board", "1x1", "--closed"]);
    assert_eq!(solve.status.code(), Some(1));
    let reason = "a single cell has no move to close a tour with";
    assert!(String::from_utf8_lossy(&show.stdout).contains(reason));
    assert!(stderr(&solve).contains(reason), "{}", stderr(&solve));
    // An exhausted search with nothing found.
    let empty = knights(&[
        "solve",
        "models/magic-closed-centrosymmetric.toml",
        "--board",
        "6x6",
    ]);
    assert_eq!(
        empty.status.code(),
        Some(2),
        "a model file and --board together"
    );
    let none = knights(&[
        "solve",
        "--board",
        "5x5",
        "--start-cell",
        "0,1",
        "--end-cell",
        "0,1",
    ]);
    assert_eq!(none.status.code(), Some(1), "{}", stderr(&none));
    assert!(none.stdout.is_empty());
    assert!(stderr(&none).contains("exhausted"), "{}", stderr(&none));
}

#[test]
fn solve_reports_the_one_solution_it_shows() {
    let out = knights(&["solve", "--board", "4x4x4", "--stats"]);
    assert!(out.status.success());
    let err = stderr(&out);
    let record: serde_json::Value = serde_json::from_str(err.lines().last().unwrap()).unwrap();
    assert_eq!(record["solutions"].as_u64(), Some(1), "{err}");
    assert!(err.contains("verified"), "{err}");
}

/// An enumeration of every closed 8x8 tour: years of work, tours from the first second.
const ENDLESS: [&str; 7] = [
    "enumerate",
    "--board",
    "8x8",
    "--closed",
    "--engine",
    "sat",
    "--yes",
];

/// Sends `signal` to [`ENDLESS`] as soon as it has written its first tour.
fn interrupted_by(signal: &str) -> Output {
    signalled_after_first_line(&ENDLESS, "{\"class\":1,", signal)
}

#[test]
fn an_interrupted_run_writes_its_summary_and_exits_as_signalled() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let out = interrupted_by(signal);
        assert_eq!(out.status.code(), Some(code), "{signal}: {}", stderr(&out));
        let s = summary(&out);
        assert_eq!(
            (s["ending"].as_str(), s["complete"].as_bool()),
            (Some("signal"), Some(false))
        );
    }
}

/// Under `nohup` (SIGHUP ignored when the program starts) a hang-up does not stop the run:
/// after it the enumeration goes on writing tours, until a SIGTERM stops it.
#[test]
fn a_hangup_ignored_at_start_stays_ignored() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::CommandExt as _;
    let mut command = Command::new(env!("CARGO_BIN_EXE_knights"));
    command
        .args(ENDLESS)
        .args(["--format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec, as nohup makes them.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("{\"class\":1,"), "{line}");
    let kill = |signal: &str| {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    kill("HUP");
    // Tours keep coming after the hang-up: whole classes, many lines each.
    for _ in 0..200 {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        assert!(line.starts_with("{\"class\":"), "the run stopped: {line}");
    }
    kill("TERM");
    std::io::copy(&mut stdout, &mut std::io::sink()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
}

/// `-j` far past the cores runs a few workers per core, says so, counts right, and a
/// signal stops it as it stops any run.
#[test]
fn a_huge_jobs_flag_is_capped_and_said() {
    let args = [
        "--board", "6x6", "--closed", "--engine", "search", "-j", "100000",
    ];
    let out = knights(&[&["count"][..], &args, &["--format", "json"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("-j 100000: running"),
        "{}",
        stderr(&out)
    );
    assert_eq!(summary(&out)["solutions"], 9862);
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn(&[
        "enumerate",
        "--board",
        "8x8",
        "--closed",
        "--engine",
        "search",
        "-j",
        "100000",
        "--yes",
        "--format",
        "json",
    ]);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("{\"class\":"), "{line}");
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    stdout.read_to_string(&mut line).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
}

#[test]
fn render_draws_only_tours_and_closes_the_closed_ones() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_tour = write_temp(dir.path(), "grid.txt", "1 2 3\n4 5 6\n");
    let err = refused(&["render", &not_a_tour]);
    assert!(
        err.contains("not a tour") && err.contains("move 1 -> 2 from (0,0)"),
        "{err}"
    );
    let err = refused(&["render", "tests/data/tours/open-5x5.txt", "--closed"]);
    assert!(
        err.contains("--closed") && err.contains("not a 1,2 leap"),
        "{err}"
    );
    // The seed's cube tour is closed: read from a grid, its closing move is drawn.
    let svg = |args: &[&str]| {
        let out = knights(&[&["render", "tests/data/tours/cube-4x4x4.txt"], args].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (closed, open) = (svg(&[]), svg(&["--open"]));
    assert!(closed.contains("<title>closed tour"), "{closed}");
    assert!(open.contains("<title>open tour"));
    assert!(closed.contains("class=\"legend\"") && closed.contains("another layer"));
}

#[test]
fn messages_say_things_once_in_words_and_name_the_real_fault() {
    let err = refused(&["show", "--board", "0x5"]);
    assert_eq!(err.matches("side of length 0").count(), 1, "{err}");
    let err = refused(&["show", "no-such-model.toml"]);
    assert_eq!(err.matches("No such file").count(), 1, "{err}");
    let err = refused(&["show", "--board", "123456789012345678901x5"]);
    assert!(
        err.contains("side 123456789012345678901 is larger"),
        "{err}"
    );
    let err = refused(&["show", "--board", "5x5", "--leaper", "0,0"]);
    assert!(err.contains("does not move"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let cube = std::fs::read_to_string(root().join("tests/data/tours/cube-4x4x4.txt")).unwrap();
    let three: Vec<&str> = cube.lines().take(18).collect();
    let three = write_temp(dir.path(), "three.txt", &three.join("\n"));
    // A grid laid out for another board breaks the board rule (exit 1), named by its layout.
    let out = knights(&["verify", "models/cube-4x4x4-closed.toml", &three]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("3 layers") && said.contains("4x4x4"),
        "{said}"
    );
    for model in ["models/closed-6x6.toml", "models/nested-semimagic.toml"] {
        let shown = String::from_utf8_lossy(&knights(&["show", model]).stdout).into_owned();
        assert!(
            !shown.contains("Cycle") && !shown.contains("Numbered"),
            "{shown}"
        );
    }
    let limited = knights(&["count", "--board", "5x5", "--limit", "1"]);
    let err = stderr(&limited);
    assert!(
        err.contains("stopped at --limit") && !err.contains("(Limit)"),
        "{err}"
    );
}

#[test]
fn people_get_grids_and_a_short_summary() {
    let out = knights(&[
        "enumerate",
        "--board",
        "5x5",
        "--limit",
        "2",
        "--format",
        "text",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("class 1, solution 1 of 8\n"), "{text}");
    assert_eq!(text.matches("class 1, solution").count(), 2, "{text}");
    assert!(text.contains("5x5: 2 solutions in 1 class\n"), "{text}");
    assert!(text.contains("not a count: stopped at --limit"), "{text}");
    assert!(!text.contains("stats") && !text.contains("cubes"), "{text}");
    let counted = knights(&["count", "--board", "6x6", "--closed", "--format", "text"]);
    let text = String::from_utf8_lossy(&counted.stdout);
    assert!(text.contains("9,862 solutions in 1,245 classes"), "{text}");
    assert!(
        text.contains("complete: the search space is exhausted"),
        "{text}"
    );
    // Engine figures only when asked for, with CPU time named as such.
    let plain = summary(&knights(&["count", "models/open-5x5.toml"]));
    assert!(plain.get("stats").is_none(), "{plain}");
    let detailed = summary(&knights(&[
        "count",
        "models/open-5x5.toml",
        "--stats",
        "--engine",
        "sat",
    ]));
    assert!(
        detailed["stats"]["solve_cpu_seconds"].is_number(),
        "{detailed}"
    );
}

#[test]
fn text_summaries_write_counts_as_people_do() {
    let out = knights(&[
        "count", "--board", "6x6", "--closed", "--engine", "search", "--format", "text",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("9,862 solutions in 1,245 classes"), "{text}");
    let none = knights(&["count", "--board", "3x3", "--format", "text"]);
    let text = String::from_utf8_lossy(&none.stdout);
    assert!(text.contains("0 solutions in 0 classes"), "{text}");
}

/// Issue 35: `bench` had no list of its cases.
#[test]
fn bench_lists_its_cases_without_running_them() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let out = knights(&["bench", "--list", "--heavy", "--out", out_dir]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.lines().any(|l| l == "5x5 paths: search"), "{listed}");
    assert!(listed.lines().any(|l| l.ends_with("(--heavy)")), "{listed}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing is run or written"
    );
}

#[test]
fn bench_refuses_a_filter_that_selects_nothing() {
    let typo = refused(&["bench", "--filter", "5x5", "--filter", "4x4x5"]);
    assert!(typo.contains("\"4x4x5\" matches no case"), "{typo}");
    let heavy_only = refused(&["bench", "--filter", "nested"]);
    assert!(heavy_only.contains("--heavy"), "{heavy_only}");
}

#[test]
fn a_second_bench_record_of_a_commit_gets_a_new_name() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let args = [
        "bench",
        "--filter",
        "5x5 paths: search",
        "--repeats",
        "1",
        "--out",
        out_dir,
    ];
    for _ in 0..2 {
        let out = knights(&args);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let names = crate::common::files::names(dir.path());
    assert_eq!(names.len(), 4, "{names:?}");
    let first = names
        .iter()
        .find(|n| n.ends_with(".md") && !n.contains("-2."))
        .unwrap();
    let stem = first.trim_end_matches(".md");
    assert!(names.contains(&format!("{stem}-2.md")), "{names:?}");
    assert!(names.contains(&format!("{stem}-2.json")), "{names:?}");
    // Issue 35: the recorded command dropped the quoting, so it could not be run again.
    let record = std::fs::read_to_string(dir.path().join(first)).unwrap();
    assert!(
        record.contains("--filter '5x5 paths: search' --repeats 1"),
        "{record}"
    );
}

#[test]
fn a_text_summary_escapes_control_characters_of_a_models_name() {
    let dir = tempfile::tempdir().unwrap();
    // A name that would print a line of its own, then turn the rest of its line around.
    let model = write_temp(
        dir.path(),
        "m.toml",
        "name = \"x\\n5x5: 0 solutions\\u202E\"\nboard = \"5x5\"\n",
    );
    let out = knights(&["count", &model, "--format", "text"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("x\\n5x5: 0 solutions\\u{202e}: "),
        "{text}"
    );
    assert!(!text.contains('\u{202E}'), "{text}");
}

#[test]
fn a_memory_budget_out_of_range_is_refused() {
    let run = [
        "count", "--board", "5x5", "--engine", "frontier", "--memory",
    ];
    let err = refused(&[&run[..], &["1"]].concat());
    assert!(
        err.contains("--memory") && err.contains("at least"),
        "{err}"
    );
    let err = refused(&[&run[..], &["99999T"]].concat());
    assert!(
        err.contains("--memory") && err.contains("this machine has"),
        "{err}"
    );
    let out = knights(&[&run[..], &["64M"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_frontier_file_error_is_advised_by_its_kind_not_always_as_a_full_disk() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_temp(dir.path(), "file", "");
    let under_a_file = format!("{file}/checkpoints");
    let run = [
        "count",
        "--board",
        "5x5",
        "--engine",
        "frontier",
        "--checkpoint",
    ];
    let err = refused(&[&run[..], &[under_a_file.as_str()]].concat());
    assert!(err.contains("part of the path is a file"), "{err}");
    assert!(!err.contains("free disk space"), "{err}");
}
