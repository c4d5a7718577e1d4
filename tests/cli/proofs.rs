//! `--proof DIR` and `check-proofs`: the proofs of a run pass the outside checker (rate,
//! which .ci/run installs; elsewhere these tests skip without it), a damaged or half-written
//! proof does not, and a proof-mode count is the count.

use super::angles::optimise;
use crate::common::cli::{knights, refused, spawn, stderr, summary};
use crate::common::files::names;
use crate::external_solvers::have;
use std::path::{Path, PathBuf};
use std::process::Output;
use tempfile::TempDir;

/// A numbered model whose cubes are split into prefix parts (closed, half-turn symmetric),
/// so that its proofs hold part lemmas, cube lemmas and blocking clauses.
const SPLIT_CUBES: &str = "name = \"t6\"\nboard = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n\
    [start]\nrows = [0]\n[sums]\nlines = [{ cells = [[0, 0], [1, 1], [2, 2]], target = 30 }]\n";

fn check(dir: &Path) -> (Option<i32>, Vec<serde_json::Value>) {
    let out = knights(&["check-proofs", dir.to_str().unwrap()]);
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code(), lines)
}

/// Counts the closed tours of 6x6 with `options`, its proofs written into `proofs` in a new
/// temporary directory; the run must succeed.
fn count_with_proofs(options: &[&str]) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let run = ["count", "--board", "6x6", "--closed"];
    let out = knights(&[&run[..], options, &["--proof", proofs.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    (dir, proofs)
}

/// Splits the closed tours of 6x6 into two SAT jobs in `dir`; returns the job file.
fn split_sat_jobs(dir: &Path) -> String {
    let jobs = dir.join("jobs.jsonl").to_str().unwrap().to_owned();
    let split = knights(&[
        "split", "--board", "6x6", "--closed", "--engine", "sat", "--jobs", "2", "-o", &jobs,
    ]);
    assert!(split.status.success(), "{}", stderr(&split));
    jobs
}

/// Runs job `index` of `jobs`, its result into `dir`/results and its proofs into `dir`/proofs.
fn run_job_with_proofs(jobs: &str, index: &str, dir: &Path) -> Output {
    let results = dir.join("results");
    let proofs = dir.join("proofs");
    knights(&[
        "run-job",
        jobs,
        "--index",
        index,
        "-o",
        results.to_str().unwrap(),
        "--proof",
        proofs.to_str().unwrap(),
    ])
}

#[test]
fn proofs_of_a_count_pass_the_checker_and_the_count_is_unchanged() {
    if !have("rate") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("t6.toml");
    std::fs::write(&model, SPLIT_CUBES).unwrap();
    let proofs = dir.path().join("proofs");
    let model = model.to_str().unwrap();
    let proved = summary(&knights(&[
        "count",
        model,
        "--proof",
        proofs.to_str().unwrap(),
        "--format",
        "json",
        "--stats",
    ]));
    let native = summary(&knights(&[
        "count", model, "--engine", "search", "--format", "json",
    ]));
    assert_eq!(proved["solutions"], native["solutions"]);
    assert_eq!(proved["classes"], native["classes"]);
    let written = proved["stats"]["proofs"].as_u64().unwrap();
    assert!(written > 1, "{proved}");
    let (code, lines) = check(&proofs);
    let totals = lines.last().unwrap();
    assert_eq!(code, Some(0), "{lines:?}");
    assert_eq!(totals["verified"].as_u64(), Some(written), "{totals}");
}

#[test]
fn a_damaged_or_unfinished_proof_is_not_verified() {
    if !have("rate") {
        return;
    }
    let (_dir, proofs) = count_with_proofs(&[]);
    // Without its last lemmas (the cubes' selectors and the empty clause) a proof refutes
    // nothing.
    let drat = proofs.join("proof-0.drat");
    let text = std::fs::read_to_string(&drat).unwrap();
    let kept: Vec<&str> = text.lines().collect();
    std::fs::write(&drat, kept[..kept.len() - 4].join("\n") + "\n").unwrap();
    let (code, lines) = check(&proofs);
    assert_eq!(code, Some(1), "{lines:?}");
    let failed = lines.last().unwrap()["failed"].clone();
    assert_eq!(failed, serde_json::json!([drat.display().to_string()]));
    // A proof whose CNF was never written (its run was stopped) is named.
    std::fs::remove_file(proofs.join("proof-0.cnf")).unwrap();
    let err = refused(&["check-proofs", proofs.to_str().unwrap()]);
    assert!(err.contains("proof-0.cnf is missing"), "{err}");
}

#[test]
fn a_split_sat_job_writes_its_proofs_beside_its_result() {
    if !have("rate") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jobs = split_sat_jobs(dir.path());
    for index in ["0", "1"] {
        let out = run_job_with_proofs(&jobs, index, dir.path());
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let proofs = dir.path().join("proofs");
    assert!(proofs.join("job-1").join("proof-0.drat").exists());
    let (code, lines) = check(&proofs);
    assert_eq!(code, Some(0), "{lines:?}");
}

#[test]
fn proofs_are_refused_where_no_proof_can_come() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let proofs = proofs.to_str().unwrap();
    let board = ["--board", "5x5", "--proof", proofs];
    let varisat = [&["count"][..], &board, &["--solver", "varisat"]].concat();
    let err = refused(&varisat);
    assert!(err.contains("varisat") && err.contains("cadical"), "{err}");
    let search = [&["count"][..], &board, &["--engine", "search"]].concat();
    assert!(refused(&search).contains("--proof"));
    let split = [&["split"][..], &board, &["--jobs", "2", "-o", "/dev/null"]].concat();
    assert!(refused(&split).contains("run-job"));
    // A refused run creates nothing.
    assert!(!dir.path().join("proofs").exists());
    let empty = tempfile::tempdir().unwrap();
    let err = refused(&["check-proofs", empty.path().to_str().unwrap()]);
    assert!(err.contains("no proofs"), "{err}");
}

#[test]
fn a_proof_directory_that_holds_files_is_refused_and_left_as_it_was() {
    let (dir, proofs) = count_with_proofs(&[]);
    let run = ["count", "--board", "6x6", "--closed", "--proof"];
    let before = names(&proofs);
    assert!(before.iter().any(|n| n.ends_with(".drat")), "{before:?}");
    let err = refused(&[&run[..], &[proofs.to_str().unwrap()]].concat());
    assert!(
        err.contains("not empty") && err.contains("--proof"),
        "{err}"
    );
    assert_eq!(names(&proofs), before);
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let err = refused(&[&run[..], &[file.to_str().unwrap()]].concat());
    assert!(err.contains("not a directory"), "{err}");
}

#[test]
fn optimise_keeps_the_proofs_of_every_step_and_names_them() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let out = optimise(
        "6x6",
        "obtuse",
        &["--format", "json", "--proof", proofs.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let report = summary(&out);
    assert_eq!(report["proved"], true, "{report}");
    let steps = report["steps"].as_array().unwrap();
    // The step that proves the minimum exhausted its search: its proofs are the evidence.
    let last = steps.last().unwrap();
    assert_eq!(last["ending"], "exhausted", "{report}");
    let mut named: Vec<String> = Vec::new();
    for list in steps
        .iter()
        .map(|s| &s["proofs"])
        .chain([&report["enumeration_proofs"]])
    {
        named.extend(
            list.as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().into()),
        );
    }
    assert!(!last["proofs"].as_array().unwrap().is_empty(), "{report}");
    for proof in &named {
        let proof = Path::new(proof);
        assert!(
            proof.exists() && proof.with_extension("cnf").exists(),
            "{proof:?}"
        );
    }
    let on_disk = names(&proofs)
        .into_iter()
        .filter(|n| n.ends_with(".drat"))
        .count();
    assert_eq!(on_disk, named.len(), "{report}");
    // The manifest says what each of the last step's proofs claims: no tour under the
    // bound below the minimum.
    let below = format!("with obtuse <= {}", report["minimum"].as_u64().unwrap() - 1);
    let claims = manifest(&proofs);
    for proof in last["proofs"].as_array().unwrap() {
        let name = Path::new(proof.as_str().unwrap()).file_name().unwrap();
        let line = claims.iter().find(|l| l["proof"] == name.to_str().unwrap());
        let claim = line.unwrap()["claim"].as_str().unwrap();
        assert!(claim.contains(&below), "{claim}");
    }
}

#[test]
fn run_job_on_a_finished_job_leaves_its_proofs_alone() {
    let dir = tempfile::tempdir().unwrap();
    let jobs = split_sat_jobs(dir.path());
    let first = run_job_with_proofs(&jobs, "0", dir.path());
    assert!(first.status.success(), "{}", stderr(&first));
    let job_proofs = dir.path().join("proofs").join("job-0");
    let before = names(&job_proofs);
    assert!(!before.is_empty());
    let again = run_job_with_proofs(&jobs, "0", dir.path());
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(String::from_utf8_lossy(&again.stdout).contains("already-done"));
    assert_eq!(names(&job_proofs), before);
}

/// The lines of the manifest in `dir`.
fn manifest(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("manifest.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn check_proofs_holds_each_proof_to_its_manifest_line() {
    if !have("rate") {
        return;
    }
    let (_dir, proofs) = count_with_proofs(&["--engine", "sat", "-j", "3"]);
    let lines = manifest(&proofs);
    let drats = names(&proofs)
        .iter()
        .filter(|n| n.ends_with(".drat"))
        .count();
    assert!(drats >= 3, "{drats}");
    assert_eq!(lines.len(), drats);
    for line in &lines {
        assert!(line["run"].as_str().unwrap().contains("--proof"), "{line}");
        assert!(
            line["claim"]
                .as_str()
                .unwrap()
                .contains("closed tour of '6x6'"),
            "{line}"
        );
    }
    let (code, checked) = check(&proofs);
    assert_eq!(code, Some(0), "{checked:?}");
    assert_eq!(checked[0]["run"], lines[0]["run"]);
    // A proof no run recorded, a CNF changed after the run, and a recorded proof deleted:
    // each fails, whatever the checker would say of its files.
    for ext in ["cnf", "drat"] {
        let copy = |n: &str| proofs.join(format!("proof-{n}.{ext}"));
        std::fs::copy(copy("0"), copy("99")).unwrap();
        std::fs::remove_file(proofs.join(format!("proof-2.{ext}"))).unwrap();
    }
    let cnf = proofs.join("proof-1.cnf");
    let text = std::fs::read_to_string(&cnf).unwrap();
    std::fs::write(&cnf, text.replacen("c knights", "c edited", 1)).unwrap();
    let (code, checked) = check(&proofs);
    assert_eq!(code, Some(1), "{checked:?}");
    let verdict = |name: &str| {
        let proof = proofs.join(name).display().to_string();
        let line = checked.iter().find(|l| l["proof"] == proof.as_str());
        line.unwrap_or_else(|| panic!("{name}: {checked:?}"))["verdict"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(verdict("proof-0.drat"), "s VERIFIED");
    assert!(verdict("proof-99.drat").contains("not in manifest.jsonl"));
    assert!(verdict("proof-1.drat").contains("proof-1.cnf: its SHA-256 differs"));
    assert!(verdict("proof-2.drat").contains("its files are gone"));
    let failed = &checked.last().unwrap()["failed"];
    assert_eq!(failed.as_array().unwrap().len(), 3, "{failed}");
}

#[test]
fn a_proof_directory_another_run_holds_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    std::fs::create_dir(&proofs).unwrap();
    // This test stands for the other run: it holds the directory's lock, as a run does.
    let held = knights::files::lock_dir(&proofs).unwrap().unwrap();
    let shown = proofs.to_str().unwrap();
    let err = refused(&["count", "--board", "5x5", "--proof", shown]);
    assert!(err.contains(shown) && err.contains("another run"), "{err}");
    assert!(names(&proofs).is_empty());
    drop(held);
    let out = knights(&["count", "--board", "5x5", "--proof", shown]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn two_runs_started_at_once_into_one_new_proof_directory_do_not_both_write() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let shown = proofs.to_str().unwrap();
    let run = ["count", "--board", "6x6", "--closed", "--proof", shown];
    let runs = [spawn(&run), spawn(&run)];
    let outs: Vec<Output> = runs.map(|r| r.wait_with_output().unwrap()).into();
    let codes: Vec<Option<i32>> = outs.iter().map(|o| o.status.code()).collect();
    assert!(
        codes.contains(&Some(0)) && codes.contains(&Some(2)),
        "{codes:?}"
    );
    let loser = outs.iter().find(|o| o.status.code() == Some(2)).unwrap();
    let err = stderr(loser);
    assert!(
        err.contains(shown) && (err.contains("another run") || err.contains("not empty")),
        "{err}"
    );
}

/// `check-proofs DIR` with a stand-in `rate` on the PATH that verifies whatever it is given:
/// these tests look at what is failed before any checker is asked.
fn check_with_stand_in(dir: &Path) -> (Option<i32>, Vec<serde_json::Value>) {
    use std::os::unix::fs::PermissionsExt as _;
    let bin = tempfile::tempdir().unwrap();
    let rate = bin.path().join("rate");
    std::fs::write(&rate, "#!/bin/sh\necho 's VERIFIED'\n").unwrap();
    std::fs::set_permissions(&rate, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = std::env::var("PATH").unwrap_or_default();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["check-proofs", dir.to_str().unwrap(), "--checker", "rate"])
        .env("PATH", format!("{}:{path}", bin.path().display()))
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code(), lines)
}

#[test]
fn check_proofs_names_a_repeated_manifest_line_and_fails_a_cnf_without_its_proof() {
    let (_dir, proofs) = count_with_proofs(&["--engine", "sat", "-j", "3"]);
    let manifest_path = proofs.join("manifest.jsonl");
    let text = std::fs::read_to_string(&manifest_path).unwrap();
    let first = text.lines().next().unwrap();
    std::fs::write(&manifest_path, format!("{text}{first}\n")).unwrap();
    let gone = proofs.join("proof-1.drat");
    std::fs::remove_file(&gone).unwrap();
    let (code, lines) = check_with_stand_in(&proofs);
    // Exit 1, as for any proof that fails: docs/guide.md's "is gone".
    assert_eq!(code, Some(1), "{lines:?}");
    let verdicts: Vec<&str> = lines.iter().filter_map(|l| l["verdict"].as_str()).collect();
    assert!(
        verdicts.iter().any(|v| v.contains("listed more than once")),
        "{verdicts:?}"
    );
    assert!(
        !verdicts.iter().any(|v| v.contains("files are gone")),
        "{verdicts:?}"
    );
    let line = lines.iter().find(|l| l["proof"] == gone.to_str().unwrap());
    let verdict = line.unwrap()["verdict"].as_str().unwrap();
    assert!(verdict.contains("is gone"), "{verdict}");
}
