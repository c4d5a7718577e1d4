//! `knights tour` through the binary: each format read back and verified by `knights verify`,
//! requests it must refuse, and a file that appears only once its tour has passed.

use crate::common::cli::{knights, refused, stderr};
use crate::common::files::names;

fn temp_path(dir: &tempfile::TempDir, name: &str) -> String {
    dir.path().join(name).to_string_lossy().into_owned()
}

/// Each format, written by `tour` and checked again by `verify` (a separate reading).
#[test]
fn every_format_is_read_back_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    for (board, name, closed) in [
        ("10x12", "t.bin", true),
        ("9x9", "t.json", false),
        ("3x16", "t.txt", true),
        ("4x11", "t4.bin", false),
    ] {
        let path = temp_path(&dir, name);
        let format = match name.rsplit('.').next() {
            Some("bin") => "binary",
            Some("json") => "json",
            _ => "text",
        };
        let out = knights(&["tour", "--board", board, "--format", format, "-o", &path]);
        assert!(out.status.success(), "{board}: {}", stderr(&out));
        let mut check = vec!["verify", "--board", board];
        if closed {
            check.push("--closed");
        }
        check.push(&path);
        let out = knights(&check);
        assert!(out.status.success(), "{board}: {}", stderr(&out));
    }
}

#[test]
fn a_tour_starts_and_ends_where_asked() {
    let out = knights(&[
        "tour", "--board", "8x8", "--start", "3,4", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["numbers"][3 * 8 + 4], 1);
    let out = knights(&[
        "tour", "--board", "6x8", "--method", "sat", "--start", "0,0", "--end", "5,6", "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["numbers"][0], 1);
    assert_eq!(record["numbers"][5 * 8 + 6], 48);
}

#[test]
fn warnsdorff_gives_a_verified_open_tour() {
    let out = knights(&[
        "tour",
        "--board",
        "30x30",
        "--method",
        "warnsdorff",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("an open tour of 30x30, verified"),
        "{}",
        stderr(&out)
    );
    // Issue 35: "3009999 jumps, 0 of them backtracking" counted jumps over every attempt and
    // backtracking over the last only. Each figure now says which attempts it covers, and
    // they agree: the successful attempt's jumps are one per square after the first plus
    // its backtracking, and no more than the jumps in all.
    let err = stderr(&out);
    let numbers: Vec<u64> = err
        .lines()
        .find(|l| l.starts_with("Warnsdorff:"))
        .unwrap_or_else(|| panic!("{err}"))
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        err.contains("jumps in all; the successful attempt made"),
        "{err}"
    );
    let (all, last, backtracking) = (numbers[1], numbers[2], numbers[3]);
    assert_eq!(last - backtracking, 30 * 30 - 1, "{err}");
    assert!(all >= last, "{err}");
}

/// Bad requests are refused before any work, each saying what is possible or why not.
#[test]
fn impossible_requests_are_refused_with_the_reason() {
    assert!(refused(&["tour", "--board", "0x9"]).contains("side of length 0"));
    assert!(refused(&["tour", "--board=-3x9"]).contains("not of the form"));
    assert!(
        refused(&["tour", "--board", "100000x100000", "-o", "x.bin"])
            .contains("more than the 4294967295")
    );
    assert!(
        refused(&["tour", "--board", "5000x5000", "--format", "json"])
            .contains("use --format binary")
    );
    assert!(refused(&["tour", "--board", "7x9", "--closed"]).contains("odd number of cells"));
    assert!(refused(&["tour", "--board", "4x8", "--closed"]).contains("Schwenk"));
    assert!(refused(&["tour", "--board", "3x6"]).contains("Cull"));
    assert!(refused(&["tour", "--board", "9x9", "--start", "0,1"]).contains("corners' colour"));
    assert!(refused(&["tour", "--board", "8x8", "--start", "8,0"]).contains("off the 8x8 board"));
    assert!(refused(&["tour", "--board", "8x8", "--start", "1"]).contains("--start '1'"));
    assert!(refused(&["tour", "--board", "4x4x4"]).contains("boxes"));
    assert!(refused(&["tour", "--board", "4x9", "--end", "2,3"]).contains("outer lines"));
}

/// A binary tour sent to an existing pipe (as to `/dev/null` or any device) is written into
/// it, and the pipe is still a pipe afterwards: a rename onto it would replace it with a file.
#[test]
fn a_tour_written_to_a_pipe_leaves_the_pipe_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let pipe = temp_path(&dir, "pipe");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    assert!(made.unwrap().success(), "mkfifo failed");
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read(pipe).unwrap())
    };
    let out = knights(&[
        "tour", "--board", "12x12", "--format", "binary", "-o", &pipe,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Checked before joining: a pipe replaced by a file would leave the reader waiting.
    assert!(std::fs::metadata(&pipe).unwrap().file_type().is_fifo());
    let bytes = reader.join().unwrap();
    assert_eq!(bytes.len(), 4 * 144);
    let copy = temp_path(&dir, "copy.bin");
    std::fs::write(&copy, bytes).unwrap();
    let out = knights(&["verify", "--board", "12x12", "--closed", &copy]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Through a symbolic link the tour replaces the file the link names, and the link stays.
#[test]
fn a_tour_written_through_a_link_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_path(&dir, "real.bin");
    let link = temp_path(&dir, "link.bin");
    std::fs::write(&file, b"old").unwrap();
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = knights(&[
        "tour", "--board", "10x10", "--format", "binary", "-o", &link,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink());
    let out = knights(&["verify", "--board", "10x10", "--closed", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A board with more squares than the check's memory holds a bit for is checked in passes:
/// the tour written is the one written in a single pass, and `verify` passes it.
#[test]
fn a_tour_checked_in_passes_is_the_tour_checked_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let board = "3001x3001";
    let write = |name: &str, mib: &str| {
        let path = temp_path(&dir, name);
        let args = ["tour", "--board", board, "--format", "binary", "-o", &path];
        let out = knights(&[&args[..], &["--check-memory", mib]].concat());
        assert!(out.status.success(), "{mib} MiB: {}", stderr(&out));
        path
    };
    // 3001 x 3001 squares need about 1.07 MiB of bits: two passes at 1 MiB.
    let (in_passes, at_once) = (write("passes.bin", "1"), write("once.bin", "2"));
    let bytes = |path: &str| std::fs::read(path).unwrap();
    assert_eq!(bytes(&in_passes).len(), 3001 * 3001 * 4);
    assert!(
        bytes(&in_passes) == bytes(&at_once),
        "the passes changed the tour"
    );
    let out = knights(&["verify", "--board", board, &in_passes]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_tour_file_gets_the_format_its_extension_names() {
    let dir = tempfile::tempdir().unwrap();
    let written = |name: &str| {
        let path = temp_path(&dir, name);
        let out = knights(&["tour", "--board", "8x8", "-o", &path]);
        assert!(out.status.success(), "{}", stderr(&out));
        (std::fs::read_to_string(&path).unwrap(), stderr(&out))
    };
    let (text, said) = written("t.txt");
    assert!(
        text.trim_start().starts_with('1') || text.contains(" 1 "),
        "{text}"
    );
    assert!(
        !text.contains('{') && !said.contains("note"),
        "{text}{said}"
    );
    let (json, said) = written("t.json");
    assert!(
        json.starts_with('{') && !said.contains("note"),
        "{json}{said}"
    );
    let (json, said) = written("t.dat");
    assert!(json.starts_with('{'), "{json}");
    assert!(said.contains("extension .dat names no format"), "{said}");
}

/// Issue 75: a signal while `tour -o x.bin` wrote a large board killed it with its hidden
/// `.part` file left behind (a gigabyte on large boards); it now removes that file and exits
/// as a signal stop (143 for SIGTERM), with no file under the asked name.
#[test]
fn a_signal_while_writing_a_tour_leaves_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp_path(&dir, "big.bin");
    // 10^8 cells, 400 MB: seconds of writing, so the signal lands mid-file.
    let mut child = crate::common::cli::spawn(&["tour", "--board", "10000x10000", "-o", &path]);
    let started = std::time::Instant::now();
    let partial = || names(dir.path()).iter().any(|n| n.ends_with(".part"));
    while !partial() {
        assert!(started.elapsed().as_secs() < 120, "no .part file appeared");
        assert!(
            child.try_wait().unwrap().is_none(),
            "tour ended before it was stopped"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(143), "{said}");
    assert!(said.contains("stopped by a signal"), "{said}");
    let left = names(dir.path());
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// The model a semimagic tour of `rows` x `cols` must satisfy: every row and every column at
/// its magic sum.
fn magic_model(dir: &tempfile::TempDir, rows: usize, cols: usize) -> String {
    let cells = rows * cols;
    let path = temp_path(dir, &format!("magic-{rows}x{cols}.toml"));
    let text = format!(
        "board = \"{rows}x{cols}\"\n[sums]\nrows = {}\ncols = {}\n",
        cols * (cells + 1) / 2,
        rows * (cells + 1) / 2
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// `--magic` in each format, read back by `verify` against a model whose rows and columns
/// must sum to the magic sums; a stitched tour of the same board fails that model.
#[test]
fn a_magic_tour_passes_verify_with_every_line_sum() {
    let dir = tempfile::tempdir().unwrap();
    // 12x12 and 100x100 have both sides 4 mod 8: an odd x odd grid of blocks.
    for (rows, cols, name) in [
        (16, 24, "m.json"),
        (12, 16, "m.txt"),
        (24, 20, "m.bin"),
        (12, 12, "s.txt"),
        (100, 100, "s.bin"),
        (8, 12, "e.json"),
    ] {
        let board = format!("{rows}x{cols}");
        let path = temp_path(&dir, name);
        let out = knights(&["tour", "--board", &board, "--magic", "-o", &path]);
        let said = stderr(&out);
        assert!(out.status.success(), "{board}: {said}");
        assert!(said.contains("an open semimagic tour of"), "{said}");
        let model = magic_model(&dir, rows, cols);
        let out = knights(&["verify", &model, &path]);
        assert!(out.status.success(), "{board}: {}", stderr(&out));
    }
    let plain = temp_path(&dir, "plain.json");
    let out = knights(&["tour", "--board", "16x24", "-o", &plain]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = knights(&["verify", &magic_model(&dir, 16, 24), &plain]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // A binary tour is checked as it streams, its rows and columns added up on the way.
    let plain = temp_path(&dir, "plain.bin");
    let out = knights(&["tour", "--board", "24x20", "-o", &plain]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = knights(&["verify", &magic_model(&dir, 24, 20), &plain]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("sums to") && said.contains("row ") && said.contains(", not 4810"),
        "{said}"
    );
}

/// The built 8x8 tour is one of the 140 classes of the census (results/semimagic-census), in
/// one of its 16 forms (8 symmetries of the board, numbered either way).
#[test]
fn the_built_8x8_magic_tour_is_in_the_census() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp_path(&dir, "m.json");
    let out = knights(&["tour", "--board", "8x8", "--magic", "-o", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let numbers = |line: &str| -> Vec<u64> {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        serde_json::from_value(record["numbers"].clone()).unwrap()
    };
    let built = numbers(std::fs::read_to_string(&path).unwrap().trim());
    let census = std::fs::read_to_string("results/semimagic-census/classes-so-far.jsonl").unwrap();
    let classes: Vec<Vec<u64>> = census.lines().map(numbers).collect();
    assert_eq!(classes.len(), 140);
    let at = |grid: &[u64], r: usize, c: usize| grid[8 * r + c];
    let mut forms = Vec::new();
    for reversed in [false, true] {
        for symmetry in 0..8 {
            let form: Vec<u64> = (0..64)
                .map(|i| {
                    let (r, c) = (i / 8, i % 8);
                    let (r, c) = if symmetry & 4 == 0 { (r, c) } else { (c, r) };
                    let r = if symmetry & 1 == 0 { r } else { 7 - r };
                    let c = if symmetry & 2 == 0 { c } else { 7 - c };
                    let n = at(&built, r, c);
                    if reversed {
                        65 - n
                    } else {
                        n
                    }
                })
                .collect();
            forms.push(form);
        }
    }
    let found = classes.iter().position(|class| forms.contains(class));
    assert!(
        found.is_some(),
        "the built tour {built:?} is in no class of the census"
    );
}

/// A semimagic tour of more cells than a tour held whole may have is streamed, and checked
/// with its line sums, as it is written.
#[test]
fn a_magic_tour_too_large_to_hold_streams_with_its_sums_checked() {
    let (rows, cols) = (4104, 4096);
    assert!(rows * cols > knights::board::MAX_CELLS);
    let dir = tempfile::tempdir().unwrap();
    let path = temp_path(&dir, "large.bin");
    let board = format!("{rows}x{cols}");
    let out = knights(&["tour", "--board", &board, "--magic", "-o", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = knights(&["verify", &magic_model(&dir, rows, cols), &path]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// `--magic` refuses a board with no magic tour by the theorem, and one the construction does
/// not reach with what is known and how to search; and it builds its own tour.
#[test]
fn magic_says_why_a_board_is_not_built() {
    let err = refused(&["tour", "--board", "10x10", "--magic"]);
    assert!(
        err.contains("(4m+2)x(4n+2)") && err.contains("Jelliss"),
        "{err}"
    );
    let err = refused(&["tour", "--board", "4x16", "--magic"]);
    assert!(
        err.contains("side of 4") && err.contains("may exist"),
        "{err}"
    );
    assert!(err.contains("[sums] rows = 520, cols = 130"), "{err}");
    let err = refused(&["tour", "--board", "4x18", "--magic"]);
    assert!(err.contains("A309271"), "{err}");
    let err = refused(&["tour", "--board", "4x4", "--magic"]);
    assert!(
        err.contains("no tour") && !err.contains("may exist"),
        "{err}"
    );
    let err = refused(&["tour", "--board", "16x16", "--magic", "--method", "sat"]);
    assert!(err.contains("drop --method sat"), "{err}");
    refused(&["tour", "--board", "16x16", "--magic", "--closed"]);
}
