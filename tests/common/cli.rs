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

/// Starts `knights` with `args`, waits for its first line on stdout (which must begin with
/// `first`), sends it `signal` (`TERM`, `INT`, ...), and returns what it said: the signal
/// lands mid-run whatever the machine's speed, after the handlers are in place.
pub fn signalled_after_first_line(args: &[&str], first: &str, signal: &str) -> Output {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn(args);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut written = String::new();
    stdout.read_line(&mut written).unwrap();
    assert!(written.starts_with(first), "{written}");
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    stdout.read_to_string(&mut written).unwrap();
    let out = child.wait_with_output().unwrap();
    Output {
        stdout: written.into_bytes(),
        ..out
    }
}

/// Starts `knights` with `args` in the crate's root, its stdout and stderr piped back, and
/// the stopping signals at their defaults: `knights` keeps a signal ignored at its start (as
/// under nohup), and a test runner started in the background by a shell inherits SIGINT
/// ignored.
pub fn spawn(args: &[&str]) -> Child {
    use std::os::unix::process::CommandExt as _;
    let mut command = Command::new(env!("CARGO_BIN_EXE_knights"));
    command
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    command.spawn().expect("the binary runs")
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

/// The summary `knights merge` prints for the committed job folder `dir` (its `jobs.jsonl`
/// and `results/`), once it has merged them all; panics with its stderr if it could not.
pub fn merged_folder(dir: &std::path::Path) -> serde_json::Value {
    let jobs = dir.join("jobs.jsonl");
    let results = dir.join("results");
    let out = knights(&[
        "merge",
        jobs.to_str().unwrap(),
        results.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}: {}", dir.display(), stderr(&out));
    summary(&out)
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
