//! One module per command (a folder when a command has parts of its own). A command imports
//! the layers below it and never another command.

pub mod bench;
pub mod check_proofs;
pub mod classify;
pub mod dimacs;
pub mod enumerate;
pub mod estimate;
pub mod jobs;
pub mod make_puzzle;
pub mod opb;
pub mod optimise;
pub mod render;
pub mod sample;
pub mod show;
pub mod solve;
pub mod tiles;
pub mod tour;
pub mod verify;
