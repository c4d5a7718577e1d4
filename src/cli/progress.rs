//! Progress on stderr for long runs (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};
use std::time::Duration;

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn start(model: &str) -> Self {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {prefix}: {msg}")
                .expect("a valid template"),
        );
        bar.set_prefix(model.to_string());
        bar.set_message("searching");
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar }
    }

    pub fn found(&self, solutions: u64, classes: u64) {
        self.bar
            .set_message(format!("{solutions} solutions in {classes} classes"));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
