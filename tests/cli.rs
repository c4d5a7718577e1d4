//! The `knights` binary on the shipped models and on bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn knights(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `knights` on input it must refuse: exit code 2; returns stderr.
fn refused(args: &[&str]) -> String {
    let out = knights(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    err
}

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

fn summary(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no output; stderr: {}", stderr(out)));
    serde_json::from_str(last).unwrap()
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
    let corner = ["count", "--board", "5x5", "--start-cell", "0,0"];
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
        let solutions = s["solutions"].as_u64().unwrap();
        assert!(solutions >= 10, "{engine}: {s}");
        let lines = String::from_utf8_lossy(&out.stdout).lines().count() as u64;
        assert_eq!(
            lines,
            solutions + 1,
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
    assert!(s["stats"]["reason"].as_str().unwrap().contains("Schwenk"));
}

#[test]
fn a_search_of_months_asks_for_yes_or_a_limit() {
    let err = refused(&["count", "models/semimagic.toml", "--engine", "search"]);
    assert!(err.contains("estimate:") && err.contains("--yes"), "{err}");
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
    let out = knights(&["enumerate", "models/open-5x5.toml", "--resume", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let second = String::from_utf8_lossy(&out.stdout);
    assert_eq!(union_of(&first, &second), (1728, 0));
    let s = summary(&out);
    assert_open_5x5_count(&s);
    assert_eq!(s["stats"]["resumed_classes"], first_summary["classes"]);
    // `count` resumes the same way.
    let counted = summary(&knights(&[
        "count",
        "models/open-5x5.toml",
        "--resume",
        &file,
    ]));
    assert_open_5x5_count(&counted);
    assert_eq!(
        counted["stats"]["resumed_classes"],
        first_summary["classes"]
    );
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
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["enumerate", "models/open-5x5.toml", "--engine", "search"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
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

/// A time-out stops Kissat inside its call: the run ends as a time-out, not a count, and no
/// cube was refuted in the two seconds (each of the first cubes takes Kissat longer).
#[test]
fn a_time_out_stops_kissat_mid_call() {
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
    assert!(s["stats"]["refuter_calls"].as_u64() >= Some(1), "{s}");
    assert_eq!(s["stats"]["refuted_cubes"].as_u64(), Some(0), "{s}");
}

#[test]
fn a_bench_filter_that_selects_nothing_is_refused_before_anything_is_written() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let err = refused(&["bench", "--filter", "no such case", "--out", &dir]);
    assert!(err.contains("\"no such case\" matches no case"), "{err}");
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}
