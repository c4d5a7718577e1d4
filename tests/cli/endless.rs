//! Inputs without end: a device, a FIFO or a link to one where a file is expected is refused
//! naming what it is, and standard input or a file past the bound on a line is refused naming
//! the line, each within a memory limit and a time limit the test sets (before these bounds
//! such a run grew until the system killed it, or waited for ever).

use crate::common::cli::{knights, stderr};
use crate::common::load::root;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `knights` with `args` and `stdin` under an address-space limit, killed after a
/// minute: a run that reads without bound fails the test instead of the machine.
fn bounded(args: &[&str], stdin: Stdio) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_knights"));
    command
        .args(args)
        .current_dir(root())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only an async-signal-safe call between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 3 << 30,
                rlim_max: 3 << 30,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
            Ok(())
        });
    }
    let mut child = command.spawn().expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{args:?} still ran after a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// `knights args` is refused (exit 2) with a message holding every one of `words`.
fn refused_saying(args: &[&str], stdin: Stdio, words: &[&str]) {
    let out = bounded(args, stdin);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    for word in words {
        assert!(err.contains(word), "{args:?}: {word:?} not in {err}");
    }
}

fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo on a path the test owns.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}

#[test]
fn a_device_or_a_fifo_is_refused_as_a_model_or_a_tour() {
    let device = ["/dev/zero", "a character device"];
    refused_saying(&["show", "/dev/zero"], Stdio::null(), &device);
    let verify = ["verify", "--board", "5x5", "/dev/zero"];
    refused_saying(&verify, Stdio::null(), &device);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("model.toml");
    mkfifo(&fifo);
    let shown = fifo.to_str().unwrap();
    refused_saying(&["show", shown], Stdio::null(), &[shown, "FIFO"]);
    refused_saying(&["show", "/tmp"], Stdio::null(), &["/tmp", "a directory"]);
}

#[test]
fn endless_standard_input_is_refused_at_the_bound_on_a_line() {
    let zeros = std::fs::File::open("/dev/zero").unwrap();
    let verify = ["verify", "--board", "5x5", "-"];
    refused_saying(
        &verify,
        zeros.into(),
        &["standard input", "line 1 is longer"],
    );
    // A tour on standard input is read as before.
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("t.txt");
    let made = knights(&["tour", "--board", "5x5", "-o", tour.to_str().unwrap()]);
    assert!(made.status.success(), "{}", stderr(&made));
    let out = bounded(&verify, std::fs::File::open(&tour).unwrap().into());
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_line_past_the_bound_is_refused_naming_the_file_and_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tour.txt");
    let mut text = b"1 2 3\n".to_vec();
    text.resize(text.len() + knights::files::MAX_LINE_BYTES + 1, b'7');
    std::fs::write(&path, text).unwrap();
    let shown = path.to_str().unwrap();
    let verify = ["verify", "--board", "5x5", shown];
    refused_saying(&verify, Stdio::null(), &[shown, "line 2 is longer"]);
}

#[test]
fn merge_refuses_a_result_that_is_a_link_to_a_device_or_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let jobs = dir.path().join("jobs.jsonl");
    let jobs = jobs.to_str().unwrap();
    let split = knights(&["split", "--board", "5x5", "--jobs", "2", "-o", jobs]);
    assert!(split.status.success(), "{}", stderr(&split));
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    let result = results.join("job-0.jsonl");
    std::os::unix::fs::symlink("/dev/zero", &result).unwrap();
    let merge = ["merge", jobs, results.to_str().unwrap()];
    let named = result.to_str().unwrap();
    refused_saying(&merge, Stdio::null(), &[named, "a character device"]);
    std::fs::remove_file(&result).unwrap();
    mkfifo(&result);
    refused_saying(&merge, Stdio::null(), &[named, "FIFO"]);
    // The job file itself, as a FIFO.
    let fifo_jobs = dir.path().join("fifo.jsonl");
    mkfifo(&fifo_jobs);
    let shown = fifo_jobs.to_str().unwrap();
    let merge = ["merge", shown, results.to_str().unwrap()];
    refused_saying(&merge, Stdio::null(), &[shown, "FIFO"]);
}
