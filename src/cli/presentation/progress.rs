//! Progress on stderr for long runs: a spinner line on a terminal; when stderr is a file or
//! a pipe (a run under nohup, a batch job's log), a plain line now and then instead, so that
//! a log shows how far a long run got.

use crate::cli::presentation::plain_log::PlainLog;
use indicatif::{ProgressBar, ProgressStyle};
use knights::frontier::Forecaster;
use knights::run::human_duration;
use std::sync::Mutex;
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
    /// The latest "found" text, kept so node and cube reports can repeat
    /// it; `None` while nothing was reported (always, for `count`).
    found: Mutex<Option<String>>,
    /// The latest cubes text, kept so the solvers' reports can repeat it.
    cubes: Mutex<Option<String>>,
    /// The search tree's predicted size (Knuth's estimate), for the time left.
    expected_nodes: Option<f64>,
    /// The frontier engine's steps so far, for the time left and the states to come.
    steps: Mutex<Forecaster>,
    /// Plain lines for a stderr that is not a terminal.
    log: Option<PlainLog>,
}

impl Progress {
    pub fn start(model: &str, expected_nodes: Option<f64>) -> Self {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {prefix}: {msg}")
                .expect("a valid template"),
        );
        bar.set_prefix(model.to_string());
        bar.set_message("searching");
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar,
            found: Mutex::new(None),
            cubes: Mutex::new(None),
            expected_nodes,
            steps: Mutex::new(Forecaster::default()),
            log: PlainLog::for_stderr(model, "searching"),
        }
    }

    pub fn found(&self, solutions: u64, classes: u64) {
        let text = format!("{solutions} solutions in {classes} classes");
        self.bar.set_message(text.clone());
        if let Some(log) = &self.log {
            log.say(&text);
        }
        *self.found.lock().expect("not poisoned") = Some(text);
    }

    /// Search nodes so far, from engines that count them.
    pub fn nodes(&self, nodes: u64, per_second: f64) {
        let left = match self.expected_nodes {
            Some(expected) if per_second > 0.0 && (nodes as f64) < expected => {
                let seconds = (expected - nodes as f64) / per_second;
                format!(", about {} left by the estimate", human_duration(seconds))
            }
            // The estimate is a mean over random probes: a tree may well be larger.
            Some(expected) if nodes as f64 >= expected => {
                format!(", past the estimate of {expected:.2e} nodes")
            }
            _ => String::new(),
        };
        self.say(format!("{nodes} nodes ({per_second:.2e}/s){left}"));
    }

    /// Subtrees searched so far below sampled walks (`estimate --subtrees`).
    pub fn subtrees(&self, done: usize, total: usize, nodes: u64) {
        self.say(format!(
            "{done} of {total} subtrees searched, {nodes} nodes"
        ));
    }

    /// Pieces of the tree (or cubes) weighed so far by `split`.
    pub fn weighed(&self, done: usize, total: usize) {
        self.say(format!("{done} of {total} pieces weighed"));
    }

    /// Givens tried so far by `make-puzzle`, and how many are still given.
    pub fn trials(&self, done: usize, total: usize, given: usize) {
        self.say(format!(
            "{done} of {total} givens tried, {given} still given"
        ));
    }

    /// Cubes finished so far, from the SAT engine.
    pub fn cubes(&self, done: usize, searched: usize) {
        let text = format!("{done} of {searched} cubes done");
        *self.cubes.lock().expect("not poisoned") = Some(text.clone());
        self.say(text);
    }

    /// The SAT solvers' conflicts so far, between cubes: a long solve call is at work.
    pub fn conflicts(&self, conflicts: u64, seconds: f64) {
        let per_second = conflicts as f64 / seconds.max(1e-9);
        let news = format!("{conflicts} CaDiCaL conflicts ({per_second:.2e}/s)");
        let news = match self.cubes.lock().expect("not poisoned").as_deref() {
            Some(cubes) => format!("{cubes}, {news}"),
            None => news,
        };
        self.say(news);
    }

    /// Steps of the frontier engine: states, memory and the time left if the steps that
    /// remain cost what the ones done did on average.
    pub fn steps(&self, report: &knights::run::StepProgress) {
        let mut steps = self.steps.lock().expect("not poisoned");
        steps.observe(report);
        let mib = |bytes: f64| bytes / f64::from(1 << 20);
        let spill = match report.disk_bytes {
            0 => String::new(),
            disk => format!(", spilled {:.1} MiB to disk", mib(disk as f64)),
        };
        self.say(format!(
            "step {} of {}, {} states, {:.1} MiB{spill}, {}",
            report.step,
            report.steps,
            report.states,
            mib(report.bytes as f64),
            forecast_text(&steps)
        ));
    }

    /// Shows `news` after the solutions found, if any were reported.
    fn say(&self, news: String) {
        let message = match self.found.lock().expect("not poisoned").as_deref() {
            Some(found) => format!("{found}, {news}"),
            None => news,
        };
        if let Some(log) = &self.log {
            log.say(&message);
        }
        self.bar.set_message(message);
    }

    pub fn finish(&self) {
        if let Some(log) = &self.log {
            log.stop();
        }
        self.bar.finish_and_clear();
    }

    /// Runs `write` with the progress line cleared, so that output to the same terminal is
    /// not written after the spinner's text.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        self.bar.suspend(write)
    }
}

/// The frontier engine's forecast on the progress line: the time left, and the states and
/// memory of the step the count is heading for while they are still to come.
fn forecast_text(steps: &Forecaster) -> String {
    let Some(forecast) = steps.forecast() else {
        return "time left not known yet".to_string();
    };
    let gib = |bytes: f64| format!("{:.1} GiB", bytes / f64::from(1 << 30));
    let left = forecast.seconds_left.text(human_duration);
    if forecast.peak_states.low == forecast.peak_states.high {
        return format!("about {left} left");
    }
    format!(
        "about {left} left, heading for {} states and {} at the peak",
        forecast.peak_states.text(|s| format!("{s:.1e}")),
        forecast.peak_bytes.text(gib)
    )
}
