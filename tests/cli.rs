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
    let model = write_temp(dir.path(), "bad.toml", "board = \"8x8\"\n[sums]\nrows = \"lots\"\n");
    let out = knights(&["show", &model]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("line 3") && err.contains("rows"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn impossible_sum_is_refused_before_any_search() {
    let dir = tempfile::tempdir().unwrap();
    let model = write_temp(dir.path(), "bad.toml", "board = \"8x8\"\n[sums]\ndiagonals = 600\n");
    let err = stderr(&knights(&["show", &model]));
    assert!(err.contains("diagonal 1") && err.contains("never 600"), "{err}");
    let model = write_temp(dir.path(), "rows.toml", "board = \"8x8\"\n[sums]\nrows = 259\n");
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
    assert!(err.contains("start.cells") && err.contains("[9, 9]"), "{err}");
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
