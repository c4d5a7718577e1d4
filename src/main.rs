//! The `knights` command: parses arguments, calls the library, maps errors to exit codes.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    if stdout_was_closed() {
        // The standard library reopens a closed descriptor onto /dev/null before `main`, so
        // everything written would vanish while the command reported success.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr().lock(),
            "error: standard output is closed (as by `>&-`): nothing could be written; redirect it to a file or to /dev/null"
        );
        return ExitCode::from(2);
    }
    match cli::run(args) {
        Ok(code) => code,
        // The reader stopped reading (`| head`): nothing is left to tell it.
        Err(err) if reader_went_away(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // A message that cannot be written (`2>/dev/full`) must not turn into a panic.
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr().lock(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether writing to standard output failed because its reader closed the pipe.
fn reader_went_away(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Whether descriptor 1 was closed when the process started, recorded before the standard
/// library's start-up reopens it onto /dev/null.
#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    closed_stdout::CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

#[cfg(target_os = "linux")]
mod closed_stdout {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Runs from `.init_array`, before the standard library's start-up code.
    extern "C" fn record() {
        // SAFETY: fcntl with F_GETFD only reads the descriptor's flags.
        let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
        CLOSED.store(closed, Ordering::Relaxed);
    }

    #[used]
    #[link_section = ".init_array"]
    static RECORD: extern "C" fn() = record;
}
