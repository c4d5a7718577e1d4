//! A native-search job that keeps its tours continues where it was stopped: the pieces its
//! log names are not searched again, the classes its partial result holds are not written
//! twice, and the finished result equals an uninterrupted run's (tours, classes, nodes).

use crate::distribute::{cut, one_thread};
use knights::distribute::{
    partial_path, piece_log_path, result_path, run_job, Job, JobEnd, JobEngine, JobOutcome, Record,
};
use knights::run::{JobResumedProgress, Limits, Progress, SetAside};
use knights::spec::Spec;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Semimagic tours of 4x12 (columns sum to 98): a second or so of search, cut in two jobs.
fn ladder_jobs() -> Vec<Job> {
    let spec = Spec::from_toml("board = \"4x12\"\n[sums]\ncols = 98\n", "test").unwrap();
    cut(
        &spec,
        JobEngine::Search { symmetry: true },
        Record::Tours,
        2,
    )
}

/// Runs `job` in `dir`, stopping it at the `stop_at`-th progress report; with what the run
/// said it kept from an earlier run.
fn run_stopping(
    job: &Job,
    dir: &Path,
    stop_at: Option<usize>,
) -> (JobOutcome, Option<JobResumedProgress>) {
    let limits = Limits::default();
    let stop = limits.stop.clone();
    let reports = AtomicUsize::new(0);
    let resumed = Mutex::new(None);
    let on_progress = |report: Progress| {
        if let Progress::JobResumed(r) = report {
            assert!(resumed.lock().unwrap().replace(r).is_none(), "said twice");
            return;
        }
        let seen = reports.fetch_add(1, Ordering::SeqCst) + 1;
        if stop_at.is_some_and(|at| seen >= at) {
            stop.raise();
        }
    };
    let outcome = run_job(job, dir, &one_thread(), &limits, &on_progress).unwrap();
    (outcome, resumed.into_inner().unwrap())
}

fn finished(outcome: JobOutcome) -> JobEnd {
    match outcome {
        JobOutcome::Finished(_, end) => end,
        other => panic!("{other:?}"),
    }
}

/// The numbered tours of a finished result, each once; panics on a tour written twice.
fn tours(dir: &Path, index: usize) -> BTreeSet<String> {
    let text = std::fs::read_to_string(result_path(dir, index)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut set = BTreeSet::new();
    for line in &lines[1..lines.len() - 1] {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(set.insert(value["numbers"].to_string()), "twice: {line}");
    }
    set
}

fn nodes(end: &JobEnd) -> u64 {
    end.stats["nodes"].as_u64().unwrap()
}

/// One uninterrupted run of job 0, for comparison.
fn whole_run(jobs: &[Job]) -> (tempfile::TempDir, JobEnd) {
    let dir = tempfile::tempdir().unwrap();
    let (outcome, resumed) = run_stopping(&jobs[0], dir.path(), None);
    let end = finished(outcome);
    assert!(end.solutions > 0 && !end.stats.contains_key("resumed_pieces"));
    assert_eq!(resumed, None);
    (dir, end)
}

/// A finished run's end; after a stopped one, half a line appended to its piece log, as a
/// kill in the middle of a line would leave it.
fn outcome_of_run(
    outcome: JobOutcome,
    log: &Path,
    stops_after_a_piece: &mut usize,
) -> Option<JobEnd> {
    match outcome {
        JobOutcome::Finished(_, end) => Some(end),
        JobOutcome::Stopped { .. } => {
            let logged = std::fs::read_to_string(log).unwrap().lines().count() - 1;
            *stops_after_a_piece += usize::from(logged > 0);
            let mut file = std::fs::OpenOptions::new().append(true).open(log).unwrap();
            file.write_all(b"{\"piece\":").unwrap();
            None
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_search_job_stopped_again_and_again_ends_as_one_run_does() {
    let jobs = ladder_jobs();
    let (whole_dir, whole) = whole_run(&jobs);
    let dir = tempfile::tempdir().unwrap();
    let log = piece_log_path(dir.path(), 0);
    let mut stops_after_a_piece = 0;
    let mut said_pieces_done = 0;
    // Run k stops at its k-th progress report (a quarter second apart), so every run goes
    // further than the one before and one of them finishes. Each leaves half a line at the
    // end of its log.
    let end = (1..100)
        .find_map(|k| {
            let (outcome, resumed) = run_stopping(&jobs[0], dir.path(), Some(k));
            if let Some(r) = resumed {
                // The half line each stopped run leaves is no reason to set the log aside.
                assert_eq!((r.set_aside, r.pieces), (None, jobs[0].part.len()), "{r:?}");
                said_pieces_done = said_pieces_done.max(r.pieces_done);
            }
            outcome_of_run(outcome, &log, &mut stops_after_a_piece)
        })
        .expect("a run finishes");
    assert!(stops_after_a_piece > 0, "no run was stopped after a piece");
    assert_eq!(
        said_pieces_done as u64,
        end.stats["resumed_pieces"].as_u64().unwrap()
    );
    assert!(end.stats["resumed_pieces"].as_u64().unwrap() > 0);
    assert_eq!(nodes(&end), nodes(&whole));
    assert_eq!(
        (end.solutions, end.classes, end.tour_lines),
        (whole.solutions, whole.classes, whole.tour_lines)
    );
    assert_eq!(tours(dir.path(), 0), tours(whole_dir.path(), 0));
    assert!(!log.exists() && !partial_path(dir.path(), 0).exists());
}

/// Every class already in the partial result (an earlier run stopped in its last piece, say):
/// each is found again, none is written twice.
#[test]
fn a_class_found_again_is_not_written_twice() {
    let jobs = ladder_jobs();
    let (whole_dir, whole) = whole_run(&jobs);
    let text = std::fs::read_to_string(result_path(whole_dir.path(), 0)).unwrap();
    let body = &text[..text.trim_end().rfind('\n').unwrap() + 1];
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(partial_path(dir.path(), 0), body).unwrap();
    let (outcome, resumed) = run_stopping(&jobs[0], dir.path(), None);
    let end = finished(outcome);
    let resumed = resumed.expect("the kept classes are reported");
    assert_eq!(
        (resumed.classes as u64, resumed.pieces_done),
        (whole.classes.unwrap(), 0)
    );
    assert_eq!(
        (end.solutions, end.classes, nodes(&end)),
        (whole.solutions, whole.classes, nodes(&whole))
    );
    assert_eq!(tours(dir.path(), 0), tours(whole_dir.path(), 0));
}

/// One uninterrupted run of job 0, and the header line its files (and logs) begin with.
fn whole_run_and_header(jobs: &[Job]) -> (tempfile::TempDir, JobEnd, String) {
    let (dir, end) = whole_run(jobs);
    let text = std::fs::read_to_string(result_path(dir.path(), 0)).unwrap();
    let header = text.lines().next().unwrap().to_string();
    (dir, end, header)
}

/// A run that set an earlier run's files aside ends as one uninterrupted run does.
fn assert_started_over(end: &JobEnd, whole: &JobEnd, dir: &Path, whole_dir: &Path) {
    assert!(!end.stats.contains_key("resumed_pieces"), "{:?}", end.stats);
    assert_eq!((end.solutions, nodes(end)), (whole.solutions, nodes(whole)));
    assert_eq!(tours(dir, 0), tours(whole_dir, 0));
}

/// A log whose partial result is gone names pieces whose classes nothing holds: the job
/// starts over and searches every piece.
#[test]
fn a_piece_log_without_its_partial_result_is_not_trusted() {
    let jobs = ladder_jobs();
    let (whole_dir, whole, header) = whole_run_and_header(&jobs);
    let mut log = format!("{header}\n");
    for piece in 0..jobs[0].part.len() {
        log.push_str(&format!(
            "{{\"piece\":{piece},\"nodes\":1,\"seconds\":0.0}}\n"
        ));
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(piece_log_path(dir.path(), 0), log).unwrap();
    let (outcome, resumed) = run_stopping(&jobs[0], dir.path(), None);
    let end = finished(outcome);
    let set_aside = resumed.and_then(|r| r.set_aside);
    assert_eq!(set_aside, Some(SetAside::LogWithoutPartial));
    assert_started_over(&end, &whole, dir.path(), whole_dir.path());
}

/// A log with a line that does not read in its middle is set aside, and the run says so by
/// its line: the job searches every piece again and ends as one run does.
#[test]
fn a_piece_log_with_a_bad_line_is_set_aside_and_named() {
    let jobs = ladder_jobs();
    let (whole_dir, whole, header) = whole_run_and_header(&jobs);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(partial_path(dir.path(), 0), format!("{header}\n")).unwrap();
    let log = format!(
        "{header}\n{{\"piece\":0,\"nodes\":1,\"seconds\":0.0}}\nnot a line\n{{\"piece\":1,\"nodes\":1,\"seconds\":0.0}}\n"
    );
    std::fs::write(piece_log_path(dir.path(), 0), log).unwrap();
    let (outcome, resumed) = run_stopping(&jobs[0], dir.path(), None);
    let end = finished(outcome);
    let resumed = resumed.expect("the set-aside log is reported");
    assert_eq!(resumed.set_aside, Some(SetAside::Log { line: 3 }));
    assert_eq!(resumed.pieces_done, 0);
    assert_started_over(&end, &whole, dir.path(), whole_dir.path());
}
