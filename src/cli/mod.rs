//! Command-line interface: one module per command, each a thin layer over the library.

mod model;
mod show;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub use model::{ModelArgs, ModelFlags};

/// Knight's tour puzzles: state them, count and enumerate their solutions up to symmetry,
/// verify tours, and hand the CNF to any SAT solver.
#[derive(Parser, Debug)]
#[command(name = "knights", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the checked model: board, rules, what a solution is, and its symmetry.
    Show(show::ShowArgs),
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Show(args) => show::run(args),
    }
}
