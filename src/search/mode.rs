//! How a walk places numbers, chosen once per run by the plan and compiled into the walker
//! as a const parameter (so the hot loop carries no run-time branch on it).

/// One end, numbers 1, 2, ..., n.
pub const PLAIN: u8 = 0;
/// Half-tours.
pub const FOLD: u8 = 1;
/// Both ends alternately.
pub const MEET: u8 = 2;
/// Quarter-tours: each step places a cell and its three images under the quarter turn.
pub const QUARTER: u8 = 3;
