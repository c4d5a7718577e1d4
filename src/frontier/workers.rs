//! How many threads a sweep's steps run on, and from what size of step.

/// Below this many states a step runs on one thread: handing a step's states to other
/// threads and back costs more than it saves there (measured on closed 6x6, see
/// `results/counts/README.md`; thresholds from 2^11 to 2^13 came out alike there).
pub const PARALLEL_FROM_STATES: usize = 1 << 12;

/// The threads of a sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workers {
    /// Threads a step in memory runs on; 1 runs every step on the calling thread alone.
    pub threads: usize,
    /// Steps from fewer states run on the calling thread alone.
    pub from_states: usize,
}

impl Default for Workers {
    /// One thread.
    fn default() -> Workers {
        Workers::new(1)
    }
}

impl Workers {
    /// `threads` threads (at least one) for the steps from [`PARALLEL_FROM_STATES`] states.
    pub fn new(threads: usize) -> Workers {
        Workers {
            threads: threads.max(1),
            from_states: PARALLEL_FROM_STATES,
        }
    }
}
