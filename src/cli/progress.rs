//! Progress on stderr for long runs (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
    /// The latest "found" text, kept so node reports can repeat it.
    found: Mutex<String>,
    /// The search tree's predicted size (Knuth's estimate), for the time left.
    expected_nodes: Option<f64>,
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
            found: Mutex::new("0 solutions".into()),
            expected_nodes,
        }
    }

    pub fn found(&self, solutions: u64, classes: u64) {
        let text = format!("{solutions} solutions in {classes} classes");
        self.bar.set_message(text.clone());
        *self.found.lock().expect("not poisoned") = text;
    }

    /// Search nodes so far, from engines that count them.
    pub fn nodes(&self, nodes: u64, per_second: f64) {
        let found = self.found.lock().expect("not poisoned").clone();
        let left = match self.expected_nodes {
            Some(expected) if per_second > 0.0 && (nodes as f64) < expected => {
                let seconds = (expected - nodes as f64) / per_second;
                format!(", about {seconds:.0} s left by the estimate")
            }
            _ => String::new(),
        };
        self.bar
            .set_message(format!("{found}, {nodes} nodes ({per_second:.2e}/s){left}"));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
