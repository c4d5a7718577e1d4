//! The user's files: the lock on a directory a run writes into.

mod lock;

pub use lock::{lock_dir, try_lock, DirLock};

#[cfg(test)]
mod tests;
