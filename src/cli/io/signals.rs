//! Ctrl-C, SIGTERM and SIGHUP stop a run cleanly: they raise its stop flag, the engine ends
//! with `"ending": "signal"` after everything found is written, and the command then exits
//! with 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM), as shells expect of a
//! program a signal stopped. A second signal of the same kind ends the process at once.
//!
//! A signal ignored when the program starts stays ignored: `nohup` sets SIGHUP to ignored
//! before it starts a program so that a logout does not end it, and a handler of ours
//! installed over that would undo it (signal-hook leaves the check to its caller).

use knights::run::StopFlag;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The number of the last stopping signal caught, 0 while none was.
fn caught() -> &'static Arc<AtomicUsize> {
    static CAUGHT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    CAUGHT.get_or_init(Arc::default)
}

/// Makes the stopping signals raise `stop`.
pub fn watch(stop: &StopFlag) -> std::io::Result<()> {
    let signalled = Arc::new(AtomicBool::new(false));
    for &signal in watched() {
        let code = 128 + signal;
        // Registered first, so it sees the flag as the previous signal left it.
        signal_hook::flag::register_conditional_shutdown(signal, code, Arc::clone(&signalled))?;
        signal_hook::flag::register(signal, Arc::clone(&signalled))?;
        signal_hook::flag::register(signal, stop.shared())?;
        signal_hook::flag::register_usize(signal, Arc::clone(caught()), signal as usize)?;
    }
    Ok(())
}

/// The stopping signals not ignored when the program started, read before any handler of
/// ours is installed.
fn watched() -> &'static [i32] {
    static WATCHED: OnceLock<Vec<i32>> = OnceLock::new();
    WATCHED.get_or_init(|| {
        [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|&signal| !ignored(signal))
            .collect()
    })
}

/// Whether `signal`'s disposition is "ignore".
fn ignored(signal: i32) -> bool {
    // SAFETY: a null new action only reads the current one into `old`, a zeroed, properly
    // sized sigaction that the call fills in.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// 128 + the number of the signal that stopped the run, if one did.
pub fn exit_code() -> Option<ExitCode> {
    match caught().load(Ordering::SeqCst) {
        0 => None,
        signal => Some(ExitCode::from(128 + signal as u8)),
    }
}
