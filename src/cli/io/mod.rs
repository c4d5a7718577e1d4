//! The lowest layer of the binary: files written whole, the stopping signals, tour files
//! read, and the outside proof checkers. It imports nothing else of the CLI.

pub mod atomic;
pub mod proof_checker;
pub mod signals;
pub mod tours;
