//! The `knights` command: parses arguments, calls the library, maps errors to exit codes.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
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
