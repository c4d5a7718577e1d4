//! A sweep stopped after a step and continued from its checkpoint counts what one run counts;
//! checkpoints of another count, of a newer format or with a damaged layer are refused and
//! kept.

use super::super::budget::Budget;
use super::super::count::{sweep, Figures, Outcome};
use super::super::settings::Settings;
use super::super::transition::TourKind;
use super::super::workers::Workers;
use super::super::FrontierError;
use super::{Checkpoints, Header, HEADER};
use crate::board::{Board, Leaper, Shape};
use crate::run::{Ending, Limits, Progress};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A new directory in memory where the system has one: these tests check what is saved and
/// read back, not how fast a disk syncs, and a save syncs three times.
fn scratch() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    match shm.is_dir() {
        true => tempfile::tempdir_in(shm),
        false => tempfile::tempdir(),
    }
    .unwrap()
}

/// Saves after every step.
fn every_step(dir: &Path) -> Checkpoints {
    Checkpoints {
        dir: dir.to_path_buf(),
        every: Duration::ZERO,
    }
}

/// Saves only at the end of a step an hour after the start: never, in these tests.
fn hardly_ever(dir: &Path) -> Checkpoints {
    Checkpoints {
        dir: dir.to_path_buf(),
        every: Duration::from_secs(3600),
    }
}

/// The sweep, raising the stop flag once step `stop_after` (counted over every sweep) is
/// done: the sweep then stops when the next step starts.
fn run(
    board: &Board,
    kind: TourKind,
    budget: &Budget,
    plan: &Checkpoints,
    stop_after: Option<usize>,
) -> Result<(Outcome, Figures), FrontierError> {
    let limits = Limits::default();
    let stop = limits.stop.clone();
    let on_progress = |report| {
        if let Progress::Steps(s) = report {
            if Some(s.step) == stop_after {
                stop.raise();
            }
        }
    };
    sweep(
        board,
        kind,
        &limits,
        &Settings {
            budget: budget.clone(),
            checkpoints: Some(plan.clone()),
            // Stopped and continued on two threads, counted against one run on one.
            workers: Workers {
                threads: 2,
                from_states: 1,
            },
        },
        Instant::now(),
        &on_progress,
    )
}

/// The closed 6x6 count in the default memory, checkpointed by `plan`, not stopped.
fn closed_6x6(plan: &Checkpoints) -> Result<(Outcome, Figures), FrontierError> {
    run(
        &knight(6, 6),
        TourKind::Cycle,
        &Budget::default(),
        plan,
        None,
    )
}

fn counted(outcome: Outcome) -> String {
    match outcome {
        Outcome::Counted(n) => n.to_string(),
        Outcome::Stopped(e) => panic!("stopped: {e:?}"),
    }
}

/// The count of one run, without checkpoints.
fn one_run(board: &Board, kind: TourKind) -> (String, Figures) {
    let limits = Limits::default();
    let budget = Budget::default();
    let (outcome, figures) = sweep(
        board,
        kind,
        &limits,
        &Settings {
            budget: budget.clone(),
            checkpoints: None,
            workers: Workers::default(),
        },
        Instant::now(),
        &|_| {},
    )
    .unwrap();
    (counted(outcome), figures)
}

/// Stops the sweep after each of `stops` in turn, each run continuing the last one's
/// checkpoint, then lets it finish: the count must be one run's, and nothing may be left.
fn stop_and_continue(board: &Board, kind: TourKind, budget: &Budget, stops: &[usize]) {
    let name = format!("{} {kind:?} {} bytes", board.shape(), budget.bytes);
    let (want, _) = one_run(board, kind);
    let dir = scratch();
    let plan = every_step(dir.path());
    let mut continued = None;
    for &k in stops {
        let (outcome, figures) = run(board, kind, budget, &plan, Some(k)).unwrap();
        assert_eq!(outcome, Outcome::Stopped(Ending::Signal), "{name}");
        assert_eq!(figures.continued_from_step, continued, "{name} stop {k}");
        assert_eq!(figures.checkpoint_step, Some(k), "{name} stop {k}");
        assert!(dir.path().join(HEADER).exists(), "{name}");
        continued = Some(k);
    }
    let (outcome, figures) = run(board, kind, budget, &hardly_ever(dir.path()), None).unwrap();
    assert_eq!(counted(outcome), want, "{name}");
    assert_eq!(figures.continued_from_step, continued, "{name}");
    assert!(figures.checkpoint_removed, "{name}");
    let left: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(left.is_empty(), "{name}: left {left:?}");
}

fn knight(rows: usize, cols: usize) -> Board {
    Board::new(Shape::flat(rows, cols), Leaper::KNIGHT)
}

#[test]
fn closed_6x6_and_open_5x5_stopped_and_continued_count_as_one_run() {
    let budget = Budget::default();
    stop_and_continue(&knight(6, 6), TourKind::Cycle, &budget, &[20]);
    stop_and_continue(&knight(6, 6), TourKind::Cycle, &budget, &[3, 21, 22]);
    stop_and_continue(&knight(5, 5), TourKind::Path, &budget, &[15]);
}

#[test]
fn with_the_least_memory_the_saved_layers_come_from_spill_files() {
    let spill = scratch();
    let least = Budget::new(1, Some(spill.path().to_path_buf()));
    // 6x6 and 5x5 are counted modulo one prime, the wazir's 2 x 40 ladder with one 128-bit
    // count.
    stop_and_continue(&knight(6, 6), TourKind::Cycle, &least, &[24]);
    stop_and_continue(&knight(5, 5), TourKind::Path, &least, &[12, 18]);
    let ladder = Board::new(Shape::flat(2, 40), Leaper { a: 0, b: 1 });
    stop_and_continue(&ladder, TourKind::Cycle, &least, &[40]);
    let (_, figures) = one_run(&ladder, TourKind::Cycle);
    assert_eq!(
        figures.primes, 0,
        "the 2 x 40 ladder takes the 128-bit count"
    );
}

#[test]
fn a_count_modulo_several_primes_continues_in_its_later_sweeps() {
    let wazir = Leaper { a: 0, b: 1 };
    let ladder = Board::new(Shape::flat(2, 80), wazir);
    let line = Board::new(Shape::flat(1, 160), wazir);
    for (board, kind) in [(&ladder, TourKind::Cycle), (&line, TourKind::Path)] {
        let (_, figures) = one_run(board, kind);
        assert!(
            figures.primes >= 3,
            "{}: {} primes",
            board.shape(),
            figures.primes
        );
        let steps = figures.steps;
        // In the first sweep, at the end of the second, and inside the third: the residues
        // of the finished sweeps come back from the checkpoint.
        let stops = [steps / 2, 2 * steps, 2 * steps + 7];
        stop_and_continue(board, kind, &Budget::default(), &stops);
    }
}

/// A checkpoint of closed 6x6 after step 20, in a new directory.
fn saved_6x6() -> tempfile::TempDir {
    let dir = scratch();
    let plan = every_step(dir.path());
    let (outcome, _) = run(
        &knight(6, 6),
        TourKind::Cycle,
        &Budget::default(),
        &plan,
        Some(20),
    )
    .unwrap();
    assert_eq!(outcome, Outcome::Stopped(Ending::Signal));
    dir
}

/// Every file of the directory and its bytes.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

fn layer_file(dir: &Path) -> PathBuf {
    dir.join("layer-0-20.states")
}

#[test]
fn a_checkpoint_of_another_count_is_refused_and_kept() {
    let dir = saved_6x6();
    let before = contents(dir.path());
    let plan = hardly_ever(dir.path());
    let others = [
        (knight(6, 5), TourKind::Cycle, "board"),
        (knight(6, 6), TourKind::Path, "tours"),
        (
            Board::new(Shape::flat(6, 6), Leaper { a: 1, b: 3 }),
            TourKind::Cycle,
            "leaper",
        ),
    ];
    for (board, kind, field) in others {
        let err = run(&board, kind, &Budget::default(), &plan, None).unwrap_err();
        let FrontierError::CheckpointOfAnother {
            field: named, file, ..
        } = &err
        else {
            panic!("{field}: {err}");
        };
        assert_eq!(*named, field, "{err}");
        assert!(file.ends_with(HEADER), "{err}");
        assert_eq!(contents(dir.path()), before, "{field}: nothing removed");
    }
    // The same count continues it.
    let (outcome, _) = closed_6x6(&plan).unwrap();
    assert_eq!(counted(outcome), "9862");
}

/// Refuses `dir`'s checkpoint as damaged, naming `file` and saying `what`, and leaves the
/// directory as it was.
fn refused_as_damaged(dir: &Path, file: &Path, what: &str) {
    let before = contents(dir);
    let plan = hardly_ever(dir);
    let err = closed_6x6(&plan).unwrap_err();
    assert!(
        matches!(&err, FrontierError::CheckpointDamaged { file: f, .. } if Path::new(f) == file),
        "{err}"
    );
    let text = err.to_string();
    assert!(text.contains(what), "{text}");
    assert_eq!(contents(dir), before, "nothing removed");
}

#[test]
fn a_truncated_or_altered_layer_is_refused_and_kept() {
    let dir = saved_6x6();
    let layer = layer_file(dir.path());
    let whole = std::fs::read(&layer).unwrap();
    std::fs::write(&layer, &whole[..whole.len() - 3]).unwrap();
    refused_as_damaged(dir.path(), &layer, "ends inside state");
    let mut altered = whole.clone();
    altered[whole.len() / 2] ^= 1;
    std::fs::write(&layer, &altered).unwrap();
    refused_as_damaged(dir.path(), &layer, "SHA-256");
    std::fs::write(&layer, &whole).unwrap();
    let plan = hardly_ever(dir.path());
    let (outcome, _) = closed_6x6(&plan).unwrap();
    assert_eq!(counted(outcome), "9862", "the layer restored continues");
}

#[test]
fn a_header_of_a_newer_format_or_edited_progress_is_refused() {
    let dir = saved_6x6();
    let header = dir.path().join(HEADER);
    let text = std::fs::read_to_string(&header).unwrap();
    let edit = |from: &str, to: &str| {
        assert!(text.contains(from), "{text}");
        std::fs::write(&header, text.replace(from, to)).unwrap();
    };
    edit("\"format\": 1,", "\"format\": 2,");
    let plan = hardly_ever(dir.path());
    let board = knight(6, 6);
    let err = run(&board, TourKind::Cycle, &Budget::default(), &plan, None).unwrap_err();
    assert!(
        matches!(err, FrontierError::CheckpointNewer { format: 2, .. }),
        "{err}"
    );
    // A step edited would continue the wrong layer: the seal catches it.
    edit("\"step\": 20,", "\"step\": 21,");
    refused_as_damaged(dir.path(), &header, "`seal`");
    // Fields that contradict each other are refused even under a seal that holds.
    let resealed = |change: &dyn Fn(&mut Header)| {
        let mut h: Header = serde_json::from_str(&text).unwrap();
        change(&mut h);
        std::fs::write(&header, serde_json::to_string(&h.sealed()).unwrap()).unwrap();
    };
    resealed(&|h| h.states = 7);
    refused_as_damaged(dir.path(), &header, "`bytes`");
    resealed(&|h| h.layer = "../elsewhere".to_string());
    refused_as_damaged(dir.path(), &header, "`layer`");
    std::fs::write(&header, &text).unwrap();
    let (outcome, _) = run(&board, TourKind::Cycle, &Budget::default(), &plan, None).unwrap();
    assert_eq!(counted(outcome), "9862", "the header restored continues");
}

#[test]
fn a_second_run_on_the_same_directory_is_refused_while_the_first_runs() {
    let dir = scratch();
    let board = knight(6, 6);
    let plan = every_step(dir.path());
    let limits = Limits::default();
    let budget = Budget::default();
    let second = |report| {
        if let Progress::Steps(s) = report {
            if s.step == 5 {
                let err = run(&board, TourKind::Cycle, &budget, &plan, None).unwrap_err();
                assert!(matches!(err, FrontierError::CheckpointBusy { .. }), "{err}");
            }
        }
    };
    let (outcome, _) = sweep(
        &board,
        TourKind::Cycle,
        &limits,
        &Settings {
            budget: budget.clone(),
            checkpoints: Some(plan.clone()),
            workers: Workers::default(),
        },
        Instant::now(),
        &second,
    )
    .unwrap();
    assert_eq!(counted(outcome), "9862");
}

/// A save that fails part way (here the header cannot be written; a full disk fails the same
/// way) removes the layer it wrote, says that the checkpoint before it stands, and a rerun
/// continues from that one.
#[test]
fn a_failed_save_removes_what_it_wrote_and_names_the_checkpoint_that_stands() {
    let dir = saved_6x6();
    let before = contents(dir.path());
    let blocker = dir.path().join(super::HEADER_NEW);
    std::fs::create_dir(&blocker).unwrap();
    let plan = every_step(dir.path());
    let err = closed_6x6(&plan).unwrap_err();
    let FrontierError::CheckpointSave { file, previous, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(*previous, Some((0, 20)), "{err}");
    assert!(file.ends_with(super::HEADER_NEW), "{err}");
    assert!(
        err.to_string()
            .contains("the checkpoint after step 20 of sweep 1 is whole"),
        "{err}"
    );
    std::fs::remove_dir(&blocker).unwrap();
    assert_eq!(
        contents(dir.path()),
        before,
        "only the standing checkpoint is left"
    );
    let (outcome, _) = closed_6x6(&plan).unwrap();
    assert_eq!(counted(outcome), "9862");
}
