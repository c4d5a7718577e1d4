//! A reader that closes the pipe early (`knights ... | head -c 600`) ends every command that
//! writes more than a pipe buffer quietly: exit 0, nothing on stderr but its usual notes, no
//! panic. A standard output closed from the start (`>&-`) is an error, not a silent success.

use crate::common::cli::{knights, stderr};
use std::io::Read;
use std::process::{Command, Stdio};

/// More than a pipe buffer (64 KiB on Linux), so that the writer meets the closed pipe.
const PIPE_BUFFER: usize = 64 << 10;

/// Runs `knights args`, reads a few bytes of its stdout and closes the pipe: the command must
/// then exit 0 without an error or a panic.
fn ends_quietly(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(crate::common::load::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("error"),
        "{args:?}: {err}"
    );
}

/// How many bytes `knights args` writes when read to the end: the test is void unless the
/// output is larger than a pipe buffer.
fn assert_large(args: &[&str]) {
    let out = knights(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    assert!(
        out.stdout.len() > PIPE_BUFFER,
        "{args:?}: {} bytes",
        out.stdout.len()
    );
}

fn check(args: &[&str]) {
    assert_large(args);
    ends_quietly(args);
}

#[test]
fn every_command_that_writes_much_ends_quietly_on_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let tours = dir.path().join("tours.jsonl");
    let tours = tours.to_str().unwrap();
    let sampled = knights(&["sample", "--board", "8x8", "--count", "1000", "-o", tours]);
    assert!(sampled.status.success(), "{}", stderr(&sampled));
    let big = dir.path().join("big.json");
    let big = big.to_str().unwrap();
    let built = knights(&["tour", "--board", "200x200", "--format", "json", "-o", big]);
    assert!(built.status.success(), "{}", stderr(&built));
    let commands: &[&[&str]] = &[
        &["enumerate", "--board", "5x5", "--format", "json"],
        &["enumerate", "--board", "5x5", "--format", "text"],
        &["sample", "--board", "8x8", "--count", "1000"],
        &["classify", tours, "--json"],
        &["verify", "--board", "8x8", tours],
        &["tour", "--board", "200x200", "--format", "text"],
        &["tour", "--board", "200x200", "--format", "json"],
        &["tour", "--board", "200x200", "--format", "binary"],
        &[
            "tour",
            "--board",
            "200x200",
            "--format",
            "binary",
            "--method",
            "warnsdorff",
        ],
        &["dimacs", "--board", "8x8"],
        &["opb", "--board", "8x8"],
        &["render", big],
    ];
    for args in commands {
        check(args);
    }
}

/// Issue 37: `enumerate >&-` wrote nothing and exited 0.
#[test]
fn a_closed_standard_output_is_an_error() {
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" enumerate --board 5x5 >&-"])
        .arg(env!("CARGO_BIN_EXE_knights"))
        .current_dir(crate::common::load::root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("standard output is closed"),
        "{}",
        stderr(&out)
    );
}
