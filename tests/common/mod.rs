//! Helpers shared by the integration tests: loading the shipped models and reference tours
//! (`load`), running the `knights` binary (`cli`), and turning random draws into puzzle
//! parts (`draws`).

pub mod cli;
pub mod draws;
pub mod load;
