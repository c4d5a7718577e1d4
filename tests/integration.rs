//! Every integration test, linked into one binary (`cargo test --test integration`): one
//! link instead of one per file. Each file of tests/ is a module here, so a test is named by
//! its file, e.g. `known_counts::native::open_5x5`; pick tests by that name, as in
//! `cargo test --release --test integration -- cli::`.

mod common;

mod binary_tours;
mod cli;
mod cli_reference;
mod construct;
mod cross_engine;
mod distribute;
mod distribute_resume;
mod docs;
mod external_solvers;
mod frontier_engine;
mod givens;
mod known_counts;
mod ladder_results;
mod make_puzzle;
mod no_code_in_results;
mod opb;
mod pinned_output;
mod puzzle_semantics;
mod render;
mod sat_engine;
mod search_engine;
mod search_reference;
mod semimagic_census;
mod symmetry_props;
mod verify;
