//! What a count may use, given once: the engine holds it, and the sweep reads it.

use super::budget::Budget;
use super::checkpoint::Checkpoints;
use super::workers::Workers;

/// What a sweep may use: the memory its states may take (the rest spilled to disk), where
/// its checkpoints go, and the threads of its steps in memory.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Memory for the states, and where the spill goes.
    pub budget: Budget,
    /// Where the sweep is saved to continue later, and how often; `None` saves nothing.
    pub checkpoints: Option<Checkpoints>,
    /// The threads of the steps in memory (steps that spill run on one).
    pub workers: Workers,
}
