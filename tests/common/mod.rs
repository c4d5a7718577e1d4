//! Helpers shared by the integration tests: loading the shipped models and reference tours
//! (`load`), running the `knights` binary (`cli`), checking the classes an engine hands over
//! (`classes`), turning random draws into puzzle parts (`draws`), and listing what a
//! directory holds (`files`).

pub mod classes;
pub mod cli;
pub mod draws;
pub mod files;
pub mod load;
