//! Ctrl-C, SIGTERM and SIGHUP stop a run cleanly: they raise its stop flag, the engine ends
//! with `"ending": "signal"` after everything found is written, and the command then exits
//! with 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM), as shells expect of a
//! program a signal stopped. A second signal of the same kind ends the process at once.

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
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        let code = 128 + signal;
        // Registered first, so it sees the flag as the previous signal left it.
        signal_hook::flag::register_conditional_shutdown(signal, code, Arc::clone(&signalled))?;
        signal_hook::flag::register(signal, Arc::clone(&signalled))?;
        signal_hook::flag::register(signal, stop.shared())?;
        signal_hook::flag::register_usize(signal, Arc::clone(caught()), signal as usize)?;
    }
    Ok(())
}

/// 128 + the number of the signal that stopped the run, if one did.
pub fn exit_code() -> Option<ExitCode> {
    match caught().load(Ordering::SeqCst) {
        0 => None,
        signal => Some(ExitCode::from(128 + signal as u8)),
    }
}
