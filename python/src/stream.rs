//! `enumerate`: the solutions of a model as a lazy Python iterator. The engine runs on its
//! own thread and hands tours over a bounded channel, so a slow reader holds the search back
//! instead of filling memory; dropping the iterator raises the run's stop flag.

use crate::errors::run_error;
use crate::model::Model;
use crate::run::{by_theorem, checked, CountResult, RunRequest, SIGNAL_POLL};
use crate::tour::Tour;
use knights::choice::Purpose;
use knights::puzzle::Puzzle;
use knights::run::{Class, StopFlag, Summary};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Mutex;

/// Tours the worker may find ahead of the reader.
const AHEAD: usize = 256;

/// Enumeration workers still running, in this process.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// What the worker sends: tours, then how the run ended (boxed: a summary is several times
/// the size of a tour, and every tour's message would otherwise carry that room).
enum Message {
    Tour(knights::tour::Tour),
    End(Box<Result<Summary, String>>),
}

/// Counts the worker as running until it returns, however it returns.
struct Running;

impl Running {
    fn start() -> Running {
        RUNNING.fetch_add(1, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The lazy stream of a model's solutions (each verified), class by class.
///
/// After the last tour, summary holds the run's CountResult. Dropping the iterator (or
/// close()) stops the search; Ctrl-C while it waits for a tour stops the search too and
/// raises KeyboardInterrupt.
#[pyclass(module = "knights")]
pub struct TourIterator {
    puzzle: Puzzle,
    receiver: Option<Mutex<Receiver<Message>>>,
    stop: StopFlag,
    worker: Option<std::thread::JoinHandle<()>>,
    left: Option<u64>,
    summary: Option<Py<CountResult>>,
}

/// The worker: runs the engine and sends each solution; a send to a dropped iterator stops
/// the run.
fn work(
    puzzle: Puzzle,
    engine: Box<dyn knights::run::Engine + Send + Sync>,
    limits: knights::run::Limits,
    sender: SyncSender<Message>,
) {
    let stop = limits.stop.clone();
    let on_class = |class: Class| {
        for tour in class.members {
            if stop.is_raised() || sender.send(Message::Tour(tour)).is_err() {
                stop.raise();
                return;
            }
        }
    };
    let summary = engine.enumerate(&puzzle, &limits, &[], &on_class, &|_| {});
    let _ = sender.send(Message::End(Box::new(summary.map_err(|e| e.to_string()))));
}

impl TourIterator {
    fn finish(&mut self, py: Python<'_>, summary: Result<Summary, String>) -> PyResult<()> {
        self.receiver = None;
        let summary = summary.map_err(run_error)?;
        self.summary = Some(Py::new(py, CountResult::of(py, &summary)?)?);
        Ok(())
    }

    /// Waits for the next message with the GIL released, looking for Ctrl-C between waits.
    fn receive(&mut self, py: Python<'_>) -> PyResult<Option<Message>> {
        loop {
            let Some(receiver) = &self.receiver else {
                return Ok(None);
            };
            let got = py.detach(|| {
                let receiver = receiver.lock().expect("not poisoned");
                receiver.recv_timeout(SIGNAL_POLL)
            });
            match got {
                Ok(message) => return Ok(Some(message)),
                Err(RecvTimeoutError::Disconnected) => {
                    self.receiver = None;
                    return Err(run_error("the enumeration worker ended without a summary"));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(err) = py.check_signals() {
                        self.stop_worker(py);
                        return Err(err);
                    }
                }
            }
        }
    }

    fn stop_worker(&mut self, py: Python<'_>) {
        self.stop.raise();
        self.receiver = None;
        if let Some(worker) = self.worker.take() {
            py.detach(|| {
                let _ = worker.join();
            });
        }
    }
}

impl Drop for TourIterator {
    fn drop(&mut self) {
        self.stop.raise();
    }
}

#[pymethods]
impl TourIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Tour> {
        if self.left == Some(0) {
            self.stop_worker(py);
            return Err(PyStopIteration::new_err(()));
        }
        match self.receive(py)? {
            Some(Message::Tour(tour)) => {
                self.left = self.left.map(|n| n - 1);
                checked(&self.puzzle, tour)
            }
            Some(Message::End(summary)) => {
                self.finish(py, *summary)?;
                Err(PyStopIteration::new_err(()))
            }
            None => Err(PyStopIteration::new_err(())),
        }
    }

    /// Stops the search and waits for its worker to end.
    fn close(&mut self, py: Python<'_>) {
        self.stop_worker(py);
    }

    /// The run's summary once the iterator is exhausted; None before.
    #[getter]
    fn summary(&self, py: Python<'_>) -> Option<Py<CountResult>> {
        self.summary.as_ref().map(|s| s.clone_ref(py))
    }
}

/// The solutions of a model, each verified, as a lazy iterator of Tour.
///
/// The search runs on a worker thread with the GIL released and stops when the iterator is
/// dropped or closed, after `limit` tours, or after `timeout` seconds; Ctrl-C stops it too.
/// Arguments as for count(). Call it as knights.enumerate: it is not in knights.__all__, so
/// `from knights import *` leaves the builtin enumerate alone.
#[pyfunction]
#[pyo3(signature = (model, *, engine="auto", jobs=0, timeout=None, limit=None, solver=None))]
pub fn enumerate(
    model: &Model,
    engine: &str,
    jobs: usize,
    timeout: Option<f64>,
    limit: Option<u64>,
    solver: Option<String>,
) -> PyResult<TourIterator> {
    let puzzle = model.puzzle.clone();
    let (sender, receiver) = sync_channel(AHEAD);
    let request = RunRequest::new(engine, jobs, timeout, limit, solver)?;
    let (worker, stop) = match by_theorem(&puzzle) {
        Some(summary) => {
            let _ = sender.send(Message::End(Box::new(Ok(summary))));
            (None, request.limits()?.stop)
        }
        None => {
            let run = request.lower(&puzzle, Purpose::List)?;
            let stop = run.limits.stop.clone();
            let copy = puzzle.clone();
            // Counted before the thread starts, so a caller never sees a worker not yet
            // counted.
            let running = Running::start();
            let worker = std::thread::spawn(move || {
                let _running = running;
                work(copy, run.engine, run.limits, sender);
            });
            (Some(worker), stop)
        }
    };
    Ok(TourIterator {
        puzzle,
        receiver: Some(Mutex::new(receiver)),
        stop,
        worker,
        left: limit,
        summary: None,
    })
}

/// How many enumeration workers are running in this process: each ends soon after its
/// iterator is dropped or closed.
#[pyfunction]
pub fn running_enumerations() -> usize {
    RUNNING.load(Ordering::SeqCst)
}
