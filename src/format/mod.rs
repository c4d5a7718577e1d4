//! Files other tools read: DIMACS CNF with a self-describing header (and the answers of
//! external solvers read back), and OPB with line sums as linear equalities.

pub mod dimacs;
pub mod opb;
