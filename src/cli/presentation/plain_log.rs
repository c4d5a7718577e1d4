//! Plain progress lines for a stderr that is not a terminal (a run under nohup, a batch
//! job's log): the latest news now and then, with the time since the start. An engine that
//! reports rarely (a SAT call, which says nothing until it returns) still gets a line at
//! every period, repeating its last news, so that a log shows the run is alive.

use std::io::IsTerminal as _;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Seconds between two plain progress lines when stderr is not a terminal, unless the
/// environment variable of this name says otherwise (0: none; a fraction of a second is
/// allowed).
const LOG_EVERY_VAR: &str = "KNIGHTS_PROGRESS_SECONDS";
const LOG_EVERY_DEFAULT: f64 = 60.0;
/// The least time without a line before the news is repeated: a tiny period (which tests
/// use to see every report) must not make the repeating thread spin.
const REPEAT_AT_LEAST: Duration = Duration::from_secs(1);

pub struct PlainLog {
    shared: Arc<Shared>,
    /// Dropped to stop the thread that repeats the news.
    stop: Mutex<Option<Sender<()>>>,
    repeater: Mutex<Option<JoinHandle<()>>>,
}

struct Shared {
    every: Duration,
    started: Instant,
    prefix: String,
    state: Mutex<State>,
}

struct State {
    /// When the last line was written (the start before the first).
    last: Instant,
    news: String,
}

impl PlainLog {
    /// Lines every [`LOG_EVERY_VAR`] seconds, starting with `news`, when stderr is not a
    /// terminal; `None` on a terminal or when they are turned off.
    pub fn for_stderr(prefix: &str, news: &str) -> Option<PlainLog> {
        if std::io::stderr().is_terminal() {
            return None;
        }
        let every = std::env::var(LOG_EVERY_VAR)
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0)
            .unwrap_or(LOG_EVERY_DEFAULT);
        (every > 0.0).then(|| Self::start(prefix, news, Duration::from_secs_f64(every.min(1e9))))
    }

    fn start(prefix: &str, news: &str, every: Duration) -> PlainLog {
        let started = Instant::now();
        let shared = Arc::new(Shared {
            every,
            started,
            prefix: prefix.to_string(),
            state: Mutex::new(State {
                last: started,
                news: news.to_string(),
            }),
        });
        let (stop, stopped) = mpsc::channel::<()>();
        let repeating = Arc::clone(&shared);
        let repeater = std::thread::spawn(move || loop {
            match stopped.recv_timeout(repeating.until_repeat()) {
                Err(RecvTimeoutError::Timeout) => repeating.repeat(),
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
            }
        });
        PlainLog {
            shared,
            stop: Mutex::new(Some(stop)),
            repeater: Mutex::new(Some(repeater)),
        }
    }

    /// Keeps `news` as the latest and writes it if a period has passed since the last line.
    pub fn say(&self, news: &str) {
        let mut state = self.shared.state.lock().expect("not poisoned");
        state.news.clear();
        state.news.push_str(news);
        if state.last.elapsed() >= self.shared.every {
            self.shared.write(&mut state);
        }
    }

    /// Stops repeating the news; no line is written after this returns.
    pub fn stop(&self) {
        drop(self.stop.lock().expect("not poisoned").take());
        if let Some(repeater) = self.repeater.lock().expect("not poisoned").take() {
            // The thread only writes lines; one that panicked has nothing to hand back.
            let _ = repeater.join();
        }
    }
}

impl Drop for PlainLog {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Shared {
    /// The time without a line after which the news is repeated.
    fn repeat_every(&self) -> Duration {
        self.every.max(REPEAT_AT_LEAST)
    }

    fn until_repeat(&self) -> Duration {
        let state = self.state.lock().expect("not poisoned");
        self.repeat_every().saturating_sub(state.last.elapsed())
    }

    /// Writes the latest news again if no line was written for a while.
    fn repeat(&self) {
        let mut state = self.state.lock().expect("not poisoned");
        if state.last.elapsed() >= self.repeat_every() {
            self.write(&mut state);
        }
    }

    fn write(&self, state: &mut State) {
        state.last = Instant::now();
        let elapsed = self.started.elapsed().as_secs();
        let (h, m, s) = (elapsed / 3600, elapsed / 60 % 60, elapsed % 60);
        // A stderr that cannot be written (a closed pipe, a full disk) must not end the run.
        errln!("[{h:02}:{m:02}:{s:02}] {}: {}", self.prefix, state.news);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_is_kept_and_the_repeater_stops_at_once() {
        let log = PlainLog::start("test", "searching", Duration::from_secs(3600));
        log.say("1 of 2 cubes done");
        assert_eq!(log.shared.state.lock().unwrap().news, "1 of 2 cubes done");
        let asked = Instant::now();
        log.stop();
        // The repeater waits an hour between lines; stopping must not wait for it.
        assert!(asked.elapsed() < Duration::from_secs(10));
        assert!(log.repeater.lock().unwrap().is_none());
    }

    #[test]
    fn a_quiet_period_is_measured_from_the_last_line() {
        let log = PlainLog::start("test", "searching", Duration::from_millis(1));
        // The floor keeps a tiny period from spinning the repeater.
        assert!(log.shared.until_repeat() > Duration::from_millis(500));
        let before = log.shared.state.lock().unwrap().last;
        std::thread::sleep(Duration::from_millis(5));
        log.say("news");
        // Due: the line is written and the quiet period starts again.
        assert!(log.shared.state.lock().unwrap().last > before);
    }
}
