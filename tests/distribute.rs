//! Split, run-job and merge give the counts of one process: each model is split, every job
//! run into a temporary directory, the results merged, and the merged count compared with a
//! single run of the same engine made in the same test. Also: a finished job is left alone,
//! and a SAT job continues from its partial result.

use crate::common::load::root;
use knights::distribute::{
    merge, packed_result_path, partial_path, result_path, run_job, split, split_with_progress, Job,
    JobEngine, JobOutcome, MergeSummary, Record, RunJobOptions, SplitRequest,
};
use knights::puzzle::Puzzle;
use knights::run::{Engine, Limits, Summary};
use knights::sat::{SatEngine, SatOptions};
use knights::search::{SearchEngine, SearchOptions};
use knights::solver::SolverKind;
use knights::spec::Spec;
use std::path::Path;

fn spec(name: &str) -> Spec {
    Spec::from_file(&root().join("models").join(format!("{name}.toml"))).unwrap()
}

fn sat_engine(solver: SolverKind) -> JobEngine {
    JobEngine::Sat {
        options: SatOptions {
            solver,
            ..SatOptions::default()
        },
    }
}

/// `spec` cut into `jobs` jobs (16 probes, seed 7).
pub(crate) fn cut(spec: &Spec, engine: JobEngine, record: Record, jobs: usize) -> Vec<Job> {
    let request = SplitRequest {
        spec,
        engine,
        record,
        jobs,
        probes: 16,
        seed: 7,
    };
    split(&request).unwrap()
}

pub(crate) fn one_thread() -> RunJobOptions {
    RunJobOptions {
        threads: 1,
        proof: None,
    }
}

fn run_all(jobs: &[Job], dir: &Path) {
    for job in jobs {
        let outcome = run_one(job, dir);
        assert!(matches!(outcome, JobOutcome::Finished(..)), "{outcome:?}");
    }
}

/// The outcome of running `job` into `dir` (again, when it ran there before).
fn run_one(job: &Job, dir: &Path) -> JobOutcome {
    run_job(job, dir, &one_thread(), &Limits::default(), &|_| {}).unwrap()
}

/// One process's count of the model on the engine the jobs ran.
fn single_run(spec: &Spec, engine: &JobEngine) -> Summary {
    let puzzle = Puzzle::from_spec(spec).unwrap();
    let limits = Limits::default();
    match engine {
        JobEngine::Search { .. } => SearchEngine {
            options: SearchOptions::default(),
        }
        .count(&puzzle, &limits, &[], &|_| {}),
        JobEngine::Sat { options } => SatEngine {
            options: options.clone(),
        }
        .count(&puzzle, &limits, &[], &|_| {}),
    }
    .unwrap()
}

/// Splits the model, runs every job and merges: a complete count with no class twice.
fn split_run_merge(name: &str, engine: &JobEngine, record: Record, jobs: usize) -> MergeSummary {
    let cut = cut(&spec(name), engine.clone(), record, jobs);
    assert!(cut.len() > 1, "{name}: one job only");
    let dir = tempfile::tempdir().unwrap();
    run_all(&cut, dir.path());
    let merged = merge(&cut, dir.path()).unwrap();
    assert!(merged.complete, "{name}");
    assert_eq!(merged.duplicate_classes, 0, "{name}");
    merged
}

/// The merged count equals one process's count, made here.
fn same_as_single_run(name: &str, engine: JobEngine, record: Record, jobs: usize) -> MergeSummary {
    let merged = split_run_merge(name, &engine, record, jobs);
    let one = single_run(&spec(name), &engine);
    assert!(one.complete, "{name}");
    let what = format!("{name} on {} ({record:?})", engine.name());
    assert_eq!(merged.solutions, Some(one.solutions), "{what}");
    assert_eq!(merged.classes, Some(one.classes), "{what}");
    merged
}

/// The merged count equals the published one, which the slow rows of known_counts check
/// against one process's count of each engine.
fn same_as_published(name: &str, row: &str, engine: JobEngine, record: Record, jobs: usize) {
    let merged = split_run_merge(name, &engine, record, jobs);
    let (solutions, classes) = crate::known_counts::published(row);
    assert_eq!(
        (merged.solutions, merged.classes),
        (Some(solutions), classes)
    );
}

/// A split says how far its weighing has come: every piece once, in order, up to the last.
#[test]
fn a_split_reports_each_piece_weighed() {
    let spec = spec("closed-6x6");
    let seen = std::sync::Mutex::new(Vec::new());
    let request = SplitRequest {
        spec: &spec,
        engine: JobEngine::Search { symmetry: true },
        record: Record::Counts,
        jobs: 4,
        probes: 4,
        seed: 7,
    };
    split_with_progress(&request, &|done, total| {
        seen.lock().unwrap().push((done, total));
    })
    .unwrap();
    let seen = seen.into_inner().unwrap();
    let total = seen.last().unwrap().1;
    assert!(total > 4, "{seen:?}");
    assert_eq!(seen, (1..=total).map(|i| (i, total)).collect::<Vec<_>>());
}

#[test]
fn small_models_merge_to_the_single_process_count_on_every_engine() {
    for name in ["closed-6x6", "open-5x5"] {
        for record in [Record::Tours, Record::Counts] {
            same_as_single_run(name, JobEngine::Search { symmetry: true }, record, 5);
            same_as_single_run(name, sat_engine(SolverKind::Cadical), record, 3);
        }
        same_as_single_run(name, sat_engine(SolverKind::Varisat), Record::Tours, 3);
    }
}

#[test]
fn the_closed_8x8_half_turn_census_merges_to_the_single_process_count() {
    let merged = same_as_single_run(
        "closed-8x8-rot180",
        JobEngine::Search { symmetry: true },
        Record::Counts,
        4,
    );
    assert_eq!(merged.jobs, 4);
}

// The nested semimagic count through the SAT engine's jobs is checked by .ci/run with GNU
// parallel (recipes/check-recipes.sh), against one process's count.
#[test]
#[ignore = "slow: about 80 seconds in release on two cores"]
fn nested_semimagic_merges_to_the_published_count_on_the_native_search() {
    same_as_published(
        "nested-semimagic",
        "nested_semimagic",
        JobEngine::Search { symmetry: true },
        Record::Counts,
        4,
    );
}

#[test]
fn a_finished_job_run_again_is_left_as_it_is() {
    let jobs = cut(
        &spec("open-5x5"),
        sat_engine(SolverKind::Cadical),
        Record::Tours,
        2,
    );
    let dir = tempfile::tempdir().unwrap();
    run_all(&jobs[..1], dir.path());
    let path = result_path(dir.path(), 0);
    let before = std::fs::read(&path).unwrap();
    let again = run_one(&jobs[0], dir.path());
    assert!(matches!(again, JobOutcome::AlreadyDone(_)), "{again:?}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let merged = merge(&jobs, dir.path()).unwrap();
    assert!(!merged.complete);
    assert_eq!((merged.missing.clone(), merged.solutions), (vec![1], None));
}

/// Every finished result of `jobs` in `dir` packed by gzip in place of the plain file, as
/// `gzip -9 results/job-*.jsonl` leaves them.
fn pack_results(jobs: &[Job], dir: &Path) {
    for job in jobs {
        let plain = result_path(dir, job.index);
        let text = std::fs::read(&plain).unwrap();
        let packed = std::fs::File::create(packed_result_path(dir, job.index)).unwrap();
        let mut packer = flate2::write::GzEncoder::new(packed, flate2::Compression::best());
        std::io::Write::write_all(&mut packer, &text).unwrap();
        packer.finish().unwrap();
        std::fs::remove_file(plain).unwrap();
    }
}

/// Results packed by gzip merge to the same figures, are not run again, and a packed file
/// damaged in transit is named and never counted.
#[test]
fn results_packed_by_gzip_merge_to_the_same_count_and_are_not_run_one() {
    let jobs = cut(
        &spec("closed-6x6"),
        JobEngine::Search { symmetry: true },
        Record::Tours,
        3,
    );
    let dir = tempfile::tempdir().unwrap();
    run_all(&jobs, dir.path());
    let plain = merge(&jobs, dir.path()).unwrap();
    pack_results(&jobs, dir.path());
    let packed = merge(&jobs, dir.path()).unwrap();
    assert!(packed.complete);
    let figures = |m: &MergeSummary| (m.finished, m.solutions, m.classes, m.duplicate_classes);
    assert_eq!(figures(&packed), figures(&plain));
    let again = run_one(&jobs[1], dir.path());
    assert!(matches!(again, JobOutcome::AlreadyDone(_)), "{again:?}");
    assert!(!result_path(dir.path(), 1).exists());
    let path = packed_result_path(dir.path(), 2);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&path, bytes).unwrap();
    let err = merge(&jobs, dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("job-2.jsonl.gz") && err.contains("cannot read it"),
        "{err}"
    );
}

/// A SAT job killed mid-write (its result cut after some classes, with half a line at the
/// end) continues from the classes its partial file holds whole, and finishes with the same
/// result as an uninterrupted run.
#[test]
fn a_sat_job_continues_from_its_partial_result() {
    let spec = spec("closed-6x6");
    let jobs = cut(&spec, sat_engine(SolverKind::Cadical), Record::Tours, 2);
    let dir = tempfile::tempdir().unwrap();
    run_all(&jobs, dir.path());
    let whole = merge(&jobs, dir.path()).unwrap();
    let finished = result_path(dir.path(), 0);
    let text = std::fs::read_to_string(&finished).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 40, "{} lines", lines.len());
    let cut_at = lines.len() / 2;
    let mut partial = lines[..cut_at].join("\n");
    partial.push('\n');
    partial.push_str(&lines[cut_at][..lines[cut_at].len() / 2]);
    std::fs::remove_file(&finished).unwrap();
    std::fs::write(partial_path(dir.path(), 0), partial).unwrap();
    let unfinished = merge(&jobs, dir.path()).unwrap();
    assert_eq!(
        (unfinished.complete, unfinished.unfinished),
        (false, vec![0])
    );
    let outcome = run_one(&jobs[0], dir.path());
    let JobOutcome::Finished(_, end) = outcome else {
        panic!("{outcome:?}")
    };
    let resumed = end.stats["resumed_classes"].as_u64().unwrap();
    assert!(resumed > 0, "{:?}", end.stats);
    let merged = merge(&jobs, dir.path()).unwrap();
    assert_eq!(
        (merged.solutions, merged.classes),
        (whole.solutions, whole.classes)
    );
    assert!(!partial_path(dir.path(), 0).exists());
}

/// The proof of a long run of incremental calls passes the outside checker: one job of the
/// magic model (thousands of prefix parts refuted one after another in one solver). Short
/// runs passed even with CaDiCaL's clause-rewriting inprocessing on, which this one did not.
#[test]
#[ignore = "slow: about 80 seconds in release on two cores"]
fn a_magic_job_proof_passes_the_checker() {
    use crate::common::cli::{knights, stderr};
    if !crate::external_solvers::have("rate") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jobs = dir.path().join("jobs.jsonl");
    let jobs = jobs.to_str().unwrap();
    let model = root().join("models/magic-closed-centrosymmetric.toml");
    let model = model.to_str().unwrap();
    let split = knights(&["split", model, "--engine", "sat", "--jobs", "8", "-o", jobs]);
    assert!(split.status.success(), "{}", stderr(&split));
    let proofs = dir.path().join("proofs");
    let results = dir.path().join("results");
    let run = knights(&[
        "run-job",
        jobs,
        "--index",
        "0",
        "-o",
        results.to_str().unwrap(),
        "--proof",
        proofs.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let check = knights(&["check-proofs", proofs.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{text}");
}
