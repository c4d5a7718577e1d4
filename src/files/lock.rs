//! The one OS lock of every file or directory a run must own alone: `flock`, exclusive and
//! without waiting. The kernel releases it when its holder dies however it dies, so a killed
//! run never blocks the next one.

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::path::Path;

/// Takes the lock on `file` without waiting: `Ok(false)` when another process holds it.
pub fn try_lock(file: &File) -> io::Result<bool> {
    // SAFETY: flock on a descriptor the caller owns; it touches no memory.
    let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if locked == 0 {
        return Ok(true);
    }
    let err = io::Error::last_os_error();
    match err.kind() {
        io::ErrorKind::WouldBlock => Ok(false),
        _ => Err(err),
    }
}

/// A directory's lock, held while this value lives.
#[derive(Debug)]
pub struct DirLock {
    _handle: File,
}

/// Locks the directory `dir` itself (no file is added to it): `Ok(None)` when another
/// process holds it.
pub fn lock_dir(dir: &Path) -> io::Result<Option<DirLock>> {
    let handle = File::open(dir)?;
    Ok(try_lock(&handle)?.then_some(DirLock { _handle: handle }))
}
