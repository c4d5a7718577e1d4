//! Round trips through external SAT solvers: `knights dimacs`, then Debian's `cadical` or
//! `minisat`, then `knights decode`, whose tour must pass `knights verify`.
//!
//! `.ci/run` installs both solvers. On a machine without them these tests say so and pass,
//! except under CI (`CI=true`), where a missing solver is a failure.

use crate::common::cli::{knights, stderr};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn have(solver: &str) -> bool {
    have_or_skip(solver, std::env::var("CI").as_deref() == Ok("true"))
}

/// Whether `solver` is installed; a missing one skips its test, except under CI.
fn have_or_skip(solver: &str, under_ci: bool) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {solver}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(!under_ci, "{solver} is missing under CI");
        eprintln!("skipping: {solver} is not installed");
    }
    found
}

#[test]
#[should_panic(expected = "missing under CI")]
fn a_missing_solver_fails_the_run_under_ci() {
    have_or_skip("knights-no-such-solver", true);
}

#[test]
fn a_missing_solver_skips_elsewhere() {
    assert!(!have_or_skip("knights-no-such-solver", false));
}

/// Runs a solver on `cnf` and returns the path of a file holding its answer.
fn solve(solver: &str, cnf: &Path, dir: &Path) -> PathBuf {
    let answer = dir.join(format!("{solver}.out"));
    match solver {
        "cadical" => {
            let out = Command::new("cadical").arg("-q").arg(cnf).output().unwrap();
            std::fs::write(&answer, out.stdout).unwrap();
        }
        _ => {
            Command::new("minisat")
                .arg("-verb=0")
                .arg(cnf)
                .arg(&answer)
                .output()
                .unwrap();
        }
    }
    answer
}

fn round_trip(solver: &str, model: &[&str]) -> (Output, String) {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("model.cnf");
    let mut args = vec!["dimacs"];
    args.extend_from_slice(model);
    args.extend_from_slice(&["-o", cnf.to_str().unwrap()]);
    let out = knights(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let answer = solve(solver, &cnf, dir.path());
    let mut args = vec!["decode"];
    args.extend_from_slice(model);
    args.extend_from_slice(&[cnf.to_str().unwrap(), answer.to_str().unwrap()]);
    let decoded = knights(&args);
    (decoded, std::fs::read_to_string(answer).unwrap())
}

fn check_tour_round_trip(solver: &str, model: &[&str]) {
    let (decoded, _) = round_trip(solver, model);
    assert!(decoded.status.success(), "{model:?}: {}", stderr(&decoded));
    let dir = tempfile::tempdir().unwrap();
    let tour = dir.path().join("tour.txt");
    std::fs::write(&tour, &decoded.stdout).unwrap();
    let mut args = vec!["verify"];
    args.extend_from_slice(model);
    args.push(tour.to_str().unwrap());
    let verified = knights(&args);
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stdout)
    );
}

const MODELS: [&[&str]; 4] = [
    &["models/cube-4x4x4-closed.toml"],
    &["models/tile-6x6-structured.toml"],
    &["--board", "5x5", "--start-cell", "0,0"],
    &["--board", "6x6", "--closed", "--symmetry", "rot180"],
];

#[test]
fn cadical_answers_decode_to_verified_tours() {
    if have("cadical") {
        for model in MODELS {
            check_tour_round_trip("cadical", model);
        }
    }
}

#[test]
fn minisat_answers_decode_to_verified_tours() {
    if have("minisat") {
        for model in MODELS {
            check_tour_round_trip("minisat", model);
        }
    }
}

#[test]
fn an_unsatisfiable_model_is_reported_as_no_tour() {
    // An open 4x4 tour does not exist (Cull & De Curtins 1978): both solvers must prove it.
    for solver in ["cadical", "minisat"] {
        if have(solver) {
            let (decoded, answer) = round_trip(solver, &["--board", "4x4"]);
            assert!(answer.contains("UNSAT"), "{solver}: {answer}");
            assert_eq!(decoded.status.code(), Some(1), "{solver}");
            assert!(String::from_utf8_lossy(&decoded.stdout).contains("no tour"));
        }
    }
}

/// `decode --proof`: CaDiCaL's DRAT proof that no open 4x4 tour exists, checked by `rate`,
/// makes "proved unsatisfiable"; without the proof the answer stays the solver's word; a
/// proof that does not prove the CNF unsatisfiable (an empty one) is an error, exit 2.
#[test]
fn decode_checks_a_drat_proof_before_saying_proved() {
    if !(have("cadical") && have("rate")) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("4x4.cnf");
    let (cnf_s, proof) = (cnf.to_str().unwrap(), dir.path().join("4x4.drat"));
    let out = knights(&["dimacs", "--board", "4x4", "-o", cnf_s]);
    assert!(out.status.success(), "{}", stderr(&out));
    let solved = Command::new("cadical")
        .arg("-q")
        .arg(&cnf)
        .arg(&proof)
        .output()
        .unwrap();
    let answer = dir.path().join("answer.out");
    std::fs::write(&answer, solved.stdout).unwrap();
    let decode = |extra: &[&str]| {
        let files = ["decode", "--board", "4x4", cnf_s, answer.to_str().unwrap()];
        knights(&[&files[..], extra].concat())
    };
    let proved = decode(&["--proof", proof.to_str().unwrap()]);
    assert_eq!(proved.status.code(), Some(1), "{}", stderr(&proved));
    let said = String::from_utf8_lossy(&proved.stdout);
    assert!(
        said.contains("proved unsatisfiable") && said.contains("rate"),
        "{said}"
    );
    let unchecked = decode(&[]);
    let said = String::from_utf8_lossy(&unchecked.stdout);
    assert!(
        said.contains("unchecked") && !said.contains("proved"),
        "{said}"
    );
    let empty = dir.path().join("empty.drat");
    std::fs::write(&empty, "").unwrap();
    let refused = decode(&["--proof", empty.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("did not verify"),
        "{}",
        stderr(&refused)
    );
}
