//! Running the `knights` binary from the crate's root and reading what it said.

use super::load::root;
use std::process::{Child, Command, Output, Stdio};

/// Runs `knights` with `args` in the crate's root and waits for it.
pub fn knights(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

/// Starts `knights` with `args` in the crate's root, its stdout and stderr piped back.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// What a run wrote to stderr.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `knights` on input it must refuse: exit code 2; returns stderr.
pub fn refused(args: &[&str]) -> String {
    let out = knights(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    err
}

/// The JSON summary a run writes as its last line of stdout.
pub fn summary(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no output; stderr: {}", stderr(out)));
    serde_json::from_str(last).unwrap()
}
