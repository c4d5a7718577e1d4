//! `split`, `run-job` and `merge` from the command line: a job killed with SIGKILL leaves no
//! finished file, and every kind of bad job or result file is refused naming the line or
//! file, never counted.

use crate::common::cli::{knights, refused, spawn, stderr, summary};
use knights::distribute::{read_jobs, Job};
use std::path::{Path, PathBuf};

struct Split {
    _dir: tempfile::TempDir,
    jobs: PathBuf,
    out: PathBuf,
}

impl Split {
    fn new(model: &[&str], extra: &[&str]) -> Split {
        let dir = tempfile::tempdir().unwrap();
        let jobs = dir.path().join("jobs.jsonl");
        let mut args = vec!["split"];
        args.extend(model);
        args.extend(["-o", jobs.to_str().unwrap()]);
        args.extend(extra);
        let out = knights(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let out_dir = dir.path().join("results");
        Split {
            _dir: dir,
            jobs,
            out: out_dir,
        }
    }

    fn jobs(&self) -> &str {
        self.jobs.to_str().unwrap()
    }

    fn out(&self) -> &str {
        self.out.to_str().unwrap()
    }

    fn run(&self, index: usize) -> std::process::Output {
        let index = index.to_string();
        knights(&["run-job", self.jobs(), "--index", &index, "-o", self.out()])
    }

    fn merge(&self) -> std::process::Output {
        knights(&["merge", self.jobs(), self.out(), "--format", "json"])
    }

    fn result(&self, index: usize) -> PathBuf {
        self.out.join(format!("job-{index}.jsonl"))
    }

    fn lines(&self) -> Vec<String> {
        let text = std::fs::read_to_string(&self.jobs).unwrap();
        text.lines().map(str::to_string).collect()
    }

    fn write_lines(&self, lines: &[String]) {
        std::fs::write(&self.jobs, lines.join("\n") + "\n").unwrap();
    }

    fn parsed(&self) -> Vec<Job> {
        let text = std::fs::read_to_string(&self.jobs).unwrap();
        read_jobs(&text, "jobs").unwrap()
    }
}

fn six_by_six() -> Split {
    Split::new(
        &["--board", "6x6", "--closed"],
        &["--jobs", "3", "--engine", "search"],
    )
}

#[test]
fn the_split_path_counts_what_count_does_and_reruns_change_nothing() {
    let split = six_by_six();
    for i in 0..3 {
        let out = split.run(i);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(summary(&out)["status"], "finished");
    }
    let before = std::fs::read(split.result(1)).unwrap();
    let again = split.run(1);
    assert_eq!(summary(&again)["status"], "already-done");
    assert_eq!(std::fs::read(split.result(1)).unwrap(), before);
    let merged = summary(&split.merge());
    let single = summary(&knights(&[
        "count", "--board", "6x6", "--closed", "--format", "json",
    ]));
    assert_eq!(merged["complete"], true);
    assert_eq!(merged["solutions"], single["solutions"]);
    assert_eq!(merged["classes"], single["classes"]);
    // The result files hold tours the other commands read.
    let verified = knights(&[
        "verify",
        "--board",
        "6x6",
        "--closed",
        split.result(0).to_str().unwrap(),
    ]);
    assert!(verified.status.success(), "{}", stderr(&verified));
}

#[test]
fn merge_without_every_job_gives_no_count_and_names_the_missing() {
    let split = six_by_six();
    assert!(split.run(0).status.success());
    assert!(split.run(2).status.success());
    let out = split.merge();
    assert_eq!(out.status.code(), Some(3));
    let merged = summary(&out);
    assert_eq!(merged["complete"], false);
    assert_eq!(merged["missing"], serde_json::json!([1]));
    assert!(
        merged.get("solutions").is_none() && merged.get("classes").is_none(),
        "{merged}"
    );
}

#[test]
fn a_job_killed_or_stopped_leaves_no_finished_file() {
    // One job of the whole 8x8 half-turn census takes seconds on one thread.
    let split = Split::new(
        &["models/closed-8x8-rot180.toml"],
        &["--jobs", "1", "--engine", "search", "--count-only"],
    );
    std::fs::create_dir_all(&split.out).unwrap();
    let mut child = spawn(&["run-job", split.jobs(), "--index", "0", "-o", split.out()]);
    // Killed once it has begun writing, whatever the machine's speed.
    let partial = split.out.join("job-0.jsonl.partial");
    wait_for(|| std::fs::metadata(&partial).is_ok_and(|m| m.len() > 0));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!split.result(0).exists());
    assert!(split.out.join("job-0.jsonl.partial").exists());
    let merged = summary(&split.merge());
    assert_eq!(merged["unfinished"], serde_json::json!([0]));
    assert_eq!(merged["complete"], false);
    let out = knights(&[
        "run-job",
        split.jobs(),
        "--index",
        "0",
        "-o",
        split.out(),
        "--timeout",
        "0.3",
    ]);
    // The killed runner's lock died with it: the rerun runs.
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(summary(&out)["status"], "stopped-by-timeout");
    assert!(!split.result(0).exists());
}

/// SIGTERM stops a running job cleanly: its partial file stays, its line says so, and the
/// exit code is 143.
#[test]
fn a_job_stopped_by_sigterm_exits_143() {
    let split = Split::new(
        &["models/closed-8x8-rot180.toml"],
        &["--jobs", "1", "--engine", "search", "--count-only"],
    );
    std::fs::create_dir_all(&split.out).unwrap();
    let child = spawn(&["run-job", split.jobs(), "--index", "0", "-o", split.out()]);
    let partial = split.out.join("job-0.jsonl.partial");
    wait_for(|| std::fs::metadata(&partial).is_ok_and(|m| m.len() > 0));
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
    assert_eq!(summary(&out)["status"], "stopped-by-signal");
    assert!(!split.result(0).exists());
    assert!(partial.exists());
}

/// Waits until `ready` holds; a minute without it fails the test.
fn wait_for(ready: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !ready() {
        assert!(std::time::Instant::now() < deadline, "the event never came");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_second_runner_of_a_job_stops_at_once_naming_the_holder() {
    let split = six_by_six();
    std::fs::create_dir_all(&split.out).unwrap();
    let held = knights::distribute::JobLock::acquire(&split.out, 1).unwrap();
    let err = refused(&["run-job", split.jobs(), "--index", "1", "-o", split.out()]);
    let pid = std::process::id().to_string();
    assert!(err.contains("job 1") && err.contains(&pid), "{err}");
    assert!(!split.out.join("job-1.jsonl.partial").exists());
    drop(held);
    let out = split.run(1);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn an_io_error_names_its_file_and_its_cause_once() {
    let split = six_by_six();
    // A directory where the partial file goes: the result cannot be written.
    std::fs::create_dir_all(split.out.join("job-0.jsonl.partial")).unwrap();
    let err = refused(&["run-job", split.jobs(), "--index", "0", "-o", split.out()]);
    assert!(err.contains("job-0.jsonl.partial"), "{err}");
    let cause = std::io::Error::from(std::io::ErrorKind::IsADirectory).to_string();
    assert_eq!(err.matches("directory").count(), 1, "{err} ({cause})");
    let file = split
        .out
        .join("job-0.jsonl.partial")
        .join("..")
        .join("..")
        .join("jobs.jsonl");
    let err = refused(&[
        "run-job",
        split.jobs(),
        "--index",
        "0",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(err.contains("not a directory"), "{err}");
}

#[test]
fn an_edited_or_foreign_job_line_is_refused_naming_its_line() {
    let split = six_by_six();
    let mut lines = split.lines();
    lines[1] = lines[1].replace("\"moves\":[", "\"moves\":[3,");
    split.write_lines(&lines);
    for err in [
        refused(&["run-job", split.jobs(), "--index", "0", "-o", split.out()]),
        refused(&["merge", split.jobs(), split.out()]),
    ] {
        assert!(
            err.contains("jobs.jsonl line 2") && err.contains("checksum"),
            "{err}"
        );
    }
    // Another version's job, sealed properly, is refused by its version.
    let split = six_by_six();
    let mut jobs = split.parsed();
    jobs[0].version = "0.0.1".into();
    let mut lines = split.lines();
    lines[0] = jobs[0].to_line();
    split.write_lines(&lines);
    let err = refused(&["run-job", split.jobs(), "--index", "1", "-o", split.out()]);
    assert!(
        err.contains("line 1") && err.contains("knights 0.0.1"),
        "{err}"
    );
    // Lines of two splits in one file.
    let other = Split::new(&["--board", "5x5"], &["--jobs", "3", "--engine", "search"]);
    let mut lines = six_by_six().lines();
    lines[2] = other.lines()[2].clone();
    split.write_lines(&lines);
    let err = refused(&["merge", split.jobs(), split.out()]);
    assert!(
        err.contains("line 3") && err.contains("two splits"),
        "{err}"
    );
    let split = six_by_six();
    let err = refused(&["run-job", split.jobs(), "--index", "3", "-o", split.out()]);
    assert!(
        err.contains("--index 3") && err.contains("jobs 0 to 2"),
        "{err}"
    );
}

#[test]
fn a_wrong_or_damaged_result_file_is_named_and_never_counted() {
    let split = six_by_six();
    for i in 0..3 {
        assert!(split.run(i).status.success());
    }
    let swap = |from: &Path, to: &Path| std::fs::copy(from, to).unwrap();
    let saved = std::fs::read(split.result(0)).unwrap();
    swap(&split.result(1), &split.result(0));
    let err = refused(&["merge", split.jobs(), split.out()]);
    assert!(
        err.contains("job-0.jsonl") && err.contains("result of job 1"),
        "{err}"
    );
    let cut = &saved[..saved.len() - 20];
    std::fs::write(split.result(0), cut).unwrap();
    let err = refused(&["merge", split.jobs(), split.out()]);
    assert!(
        err.contains("job-0.jsonl") && err.contains("truncated"),
        "{err}"
    );
    // A finished job whose file is damaged is not silently run over.
    let err = refused(&["run-job", split.jobs(), "--index", "0", "-o", split.out()]);
    assert!(
        err.contains("job-0.jsonl") && err.contains("remove it"),
        "{err}"
    );
    // A tour line edited in place breaks the checksum too.
    let text = String::from_utf8(saved).unwrap();
    let edited = text.replacen("\"numbers\":[1,", "\"numbers\":[2,", 1);
    assert_ne!(edited, text);
    std::fs::write(split.result(0), edited).unwrap();
    let err = refused(&["merge", split.jobs(), split.out()]);
    assert!(err.contains("job-0.jsonl"), "{err}");
}

#[test]
fn split_refuses_what_it_cannot_split() {
    let err = refused(&[
        "split",
        "--board",
        "6x6",
        "--closed",
        "--jobs",
        "0",
        "-o",
        "/dev/null",
    ]);
    assert!(err.contains("--jobs"), "{err}");
    let err = refused(&["split", "--board", "4x4", "--jobs", "2", "-o", "/dev/null"]);
    assert!(err.contains("nothing to split"), "{err}");
    let err = refused(&[
        "split",
        "--board",
        "5x5",
        "--jobs",
        "2",
        "--engine",
        "search",
        "--solver",
        "varisat",
        "-o",
        "/dev/null",
    ]);
    assert!(err.contains("--solver"), "{err}");
}

/// FNV-1a (64 bits), as result files are sealed: what anyone editing a result on purpose
/// can recompute.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Removes one class from a result file and seals it again, as a deliberate edit would.
fn forge_without_class_one(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let body = &lines[..lines.len() - 1];
    let kept: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.starts_with("{\"class\":1,"))
        .collect();
    let removed = (body.len() - kept.len()) as i64;
    reseal(
        path,
        &kept,
        &[
            ("solutions", -removed),
            ("tour_lines", -removed),
            ("classes", -1),
        ],
    );
}

/// Writes `body` with the result file's end line, its counts changed by `changes`, sealed
/// again.
fn reseal(path: &Path, body: &[&str], changes: &[(&str, i64)]) {
    let text = std::fs::read_to_string(path).unwrap();
    let end = text.lines().last().unwrap();
    let mut end: serde_json::Value = serde_json::from_str(end).unwrap();
    let object = end.as_object_mut().unwrap();
    object.remove("checksum");
    for &(key, change) in changes {
        object[key] = (object[key].as_i64().unwrap() + change).into();
    }
    let body = body.join("\n") + "\n";
    let object = serde_json::to_string(&end).unwrap();
    let sum = fnv(format!("{body}{object}").as_bytes());
    let sealed = format!(
        "{},\"checksum\":\"{sum:016x}\"}}",
        &object[..object.len() - 1]
    );
    std::fs::write(path, format!("{body}{sealed}\n")).unwrap();
}

#[test]
fn an_audit_runs_jobs_again_and_catches_a_deliberate_edit() {
    let split = six_by_six();
    for i in 0..3 {
        assert!(split.run(i).status.success());
    }
    let audit = |k: &str| {
        knights(&[
            "merge",
            split.jobs(),
            split.out(),
            "--format",
            "json",
            "--audit",
            k,
        ])
    };
    let honest = audit("3");
    assert!(honest.status.success(), "{}", stderr(&honest));
    assert_eq!(summary(&honest)["solutions"], 9862);
    forge_without_class_one(&split.result(1));
    // The checksum catches accidents only: the forged file merges, short of the count...
    let merged = summary(&split.merge());
    assert_eq!(merged["complete"], true);
    assert!(merged["solutions"].as_u64().unwrap() < 9862, "{merged}");
    // ...and running its job again shows it.
    let err = refused(&[
        "merge",
        split.jobs(),
        split.out(),
        "--format",
        "json",
        "--audit",
        "3",
    ]);
    assert!(
        err.contains("audit: job 1") && err.contains("job-1.jsonl"),
        "{err}"
    );
}

/// Rewrites the first `most` tours of a result file with their numbers mapped by
/// `map(number, cells)`, the counts unchanged, sealed again; how many tours it rewrote.
fn renumber(path: &Path, map: impl Fn(u64, u64) -> u64, most: usize) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut body: Vec<String> = Vec::new();
    let mut tours = 0;
    for line in &lines[..lines.len() - 1] {
        let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
        let numbers = record.get_mut("numbers").and_then(|n| n.as_array_mut());
        let Some(numbers) = numbers.filter(|_| tours < most) else {
            body.push((*line).to_string());
            continue;
        };
        let cells = numbers.len() as u64;
        for number in numbers.iter_mut() {
            *number = map(number.as_u64().unwrap(), cells).into();
        }
        tours += 1;
        // The class fields first, as the engine writes them.
        let object = record.as_object().unwrap();
        let fields = ["class", "member", "class_size", "board", "numbers"];
        let ordered: Vec<String> = fields
            .iter()
            .map(|f| format!("\"{f}\":{}", object[*f]))
            .collect();
        body.push(format!("{{{}}}", ordered.join(",")));
    }
    let body: Vec<&str> = body.iter().map(String::as_str).collect();
    reseal(path, &body, &[]);
    tours
}

/// The same cycle numbered backwards from another start.
fn turned_back(number: u64, cells: u64) -> u64 {
    (2 * cells + 3 - number) % cells + 1
}

/// Issue 75: the audit compared tours as numberings, so a closed tour that an engine wrote from
/// another start or in the other direction (the SAT engine does, on more threads) was called
/// an edit. A closed tour is its cycle; an open path and a numbered tour are their numbering.
#[test]
fn the_audit_compares_tours_as_their_model_defines_a_solution() {
    let audit = |split: &Split| {
        knights(&[
            "merge",
            split.jobs(),
            split.out(),
            "--format",
            "json",
            "--audit",
            "2",
        ])
    };
    // Every tour of both jobs, or one: a file holding a tour and its image under an edit
    // would look the same with both edited.
    let edit = |split: &Split, map: &dyn Fn(u64, u64) -> u64, most: usize| {
        for i in 0..2 {
            let out = split.run(i);
            assert!(out.status.success(), "{}", stderr(&out));
        }
        let tours: usize = (0..2).map(|i| renumber(&split.result(i), map, most)).sum();
        assert!(tours > 0);
    };
    for engine in ["search", "sat"] {
        let closed = Split::new(
            &["--board", "5x6", "--closed"],
            &["--jobs", "2", "--engine", engine],
        );
        edit(&closed, &turned_back, usize::MAX);
        let out = audit(&closed);
        assert!(out.status.success(), "{engine}: {}", stderr(&out));
        assert_eq!(summary(&out)["solutions"], 8, "{engine}");
    }
    // The reversed path is another directed open path: the edit is refused, by merge's
    // check of the classes or by the audit.
    let open = Split::new(&["--board", "5x5"], &["--jobs", "2", "--engine", "search"]);
    edit(&open, &|number, cells| cells + 1 - number, 1);
    let out = audit(&open);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let refusal = stderr(&out);
    assert!(
        refusal.contains("job 0") || refusal.contains("job 1"),
        "{refusal}"
    );
    // A closed tour numbered from a given start is a numbering: the same cycle run the
    // other way from that start is another solution.
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("corner.toml");
    let toml = "board = \"5x6\"\nclosed = true\n[start]\ncells = [[0, 0]]\n";
    std::fs::write(&model, toml).unwrap();
    let numbered = Split::new(
        &[model.to_str().unwrap()],
        &["--jobs", "2", "--engine", "search"],
    );
    let other_way = |number, cells| match number {
        1 => 1,
        k => cells + 2 - k,
    };
    edit(&numbered, &other_way, 1);
    let out = audit(&numbered);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let refusal = stderr(&out);
    assert!(
        refusal.contains("job 0") || refusal.contains("job 1"),
        "{refusal}"
    );
}

#[test]
fn merge_of_a_missing_directory_says_so() {
    let split = six_by_six();
    let err = refused(&["merge", split.jobs(), "no-such-dir"]);
    assert!(err.contains("no-such-dir: no such directory"), "{err}");
}

#[test]
fn merge_warns_of_a_class_two_jobs_found_in_text_as_in_json() {
    let split = six_by_six();
    for i in 0..3 {
        assert!(split.run(i).status.success());
    }
    // Job 0's first class, copied into job 1's result as one more class of its own.
    let first = std::fs::read_to_string(split.result(0)).unwrap();
    let copied: Vec<&str> = first
        .lines()
        .filter(|l| l.starts_with("{\"class\":1,"))
        .collect();
    let text = std::fs::read_to_string(split.result(1)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let end: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    let next = format!("{{\"class\":{},", end["classes"].as_u64().unwrap() + 1);
    let renumbered: Vec<String> = copied
        .iter()
        .map(|l| l.replacen("{\"class\":1,", &next, 1))
        .collect();
    let mut body: Vec<&str> = lines[..lines.len() - 1].to_vec();
    body.extend(renumbered.iter().map(String::as_str));
    let added = copied.len() as i64;
    reseal(
        &split.result(1),
        &body,
        &[("solutions", added), ("tour_lines", added), ("classes", 1)],
    );
    let json = summary(&split.merge());
    assert_eq!(json["duplicate_classes"], 1, "{json}");
    let text = knights(&["merge", split.jobs(), split.out(), "--format", "text"]);
    let said = String::from_utf8_lossy(&text.stdout);
    assert!(
        said.contains("warning: 1 class was found by more than one job"),
        "{said}"
    );
}

#[test]
fn run_missing_stops_without_a_status_when_merge_refuses_a_result() {
    let split = Split::new(&["--board", "5x5"], &["--jobs", "2"]);
    let dir = split.jobs.parent().unwrap();
    std::fs::create_dir_all(&split.out).unwrap();
    std::fs::write(split.result(0), "not a result\n").unwrap();
    let out = std::process::Command::new("sh")
        .arg(crate::common::load::root().join("recipes/run-missing.sh"))
        .args([dir.to_str().unwrap(), "2", "1"])
        .env("KNIGHTS", env!("CARGO_BIN_EXE_knights"))
        .env("NICE", "0")
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("merge refused") && err.contains("job-0.jsonl"),
        "{err}"
    );
    let left = crate::common::files::names(dir);
    assert!(
        !left.iter().any(|n| n.starts_with("status.json")),
        "{left:?}"
    );
}

/// Issue 75: a signal during `merge --audit` ended it with exit 2, as if the audit had
/// failed; it now exits as every command a signal stops does (143 for SIGTERM), saying so.
#[test]
fn a_signal_during_an_audit_exits_as_a_signal_stop() {
    use std::io::{BufRead, BufReader, Read};
    let dir = tempfile::tempdir().unwrap();
    // Columns magic on 4x12: a job of a second or two, long enough to be stopped mid-run.
    let model = dir.path().join("ladder.toml");
    std::fs::write(&model, "board = \"4x12\"\n[sums]\ncols = 98\n").unwrap();
    let split = Split::new(
        &[model.to_str().unwrap()],
        &["--jobs", "1", "--engine", "search"],
    );
    assert!(split.run(0).status.success());
    let mut child = spawn(&["merge", split.jobs(), split.out(), "--audit", "1"]);
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    while !said.contains("audit: running job 0 again") {
        assert!(err.read_line(&mut said).unwrap() > 0, "{said}");
    }
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    err.read_to_string(&mut said).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{said}");
    assert!(said.contains("stopped by a signal"), "{said}");
}
