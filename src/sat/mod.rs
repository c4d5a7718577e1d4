//! SAT machinery shared by every knight's-tour model.
//!
//! This module owns the parts that do not know about boards or tours:
//!
//! - [`backend`]: the incremental SAT solvers (CaDiCaL and varisat) behind one
//!   object-safe [`backend::Backend`] trait and behind rustsat's solver traits;
//! - [`pb`]: pseudo-Boolean equality constraints `sum w_i x_i = K` through the
//!   encodings that rustsat provides (used for line sums);
//! - [`cubes`]: the split of a puzzle's solutions into cubes, the puzzle's
//!   automorphisms, and which cube reports which family of solutions;
//! - [`prefixes`]: cubes with a fixed start split further by the path the
//!   tour begins with;
//! - [`enumerate`]: projected model enumeration with blocking clauses and the
//!   explicit reasons an enumeration ends (generic, used by tests);
//! - [`dimacs`]: DIMACS export with a self-describing header, and parsing
//!   and checking of external solvers' output;
//! - [`opb`]: OPB export, line sums as linear equalities and every other
//!   rule as clauses;
//! - [`search`]: the SAT engine over a puzzle's [`crate::encode::Encoding`]:
//!   lazy subtour cuts, decoding, class-wise blocking, run summaries.
//!
//! Literals and variables are rustsat's [`rustsat::types::Lit`] and
//! [`rustsat::types::Var`] everywhere, because the rustsat encodings produce
//! them and both backends translate them at their boundary.

pub mod backend;
pub mod cubes;
pub mod dimacs;
pub mod enumerate;
pub mod opb;
pub mod pb;
pub mod prefixes;
pub mod search;

pub use backend::{
    new_backend, Backend, BackendConfig, BackendError, CadicalOption, CadicalPreset, SolverKind,
    StopReason, StopSignal,
};
