//! The outside DRAT checkers (`rate`, `drat-trim`) and their verdict on one proof.

use anyhow::{bail, Result};
use clap::ValueEnum;
use std::path::Path;
use std::process::Command;

/// An outside DRAT checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Checker {
    /// `rate` (install with `cargo install rate`).
    Rate,
    /// `drat-trim`.
    DratTrim,
}

impl Checker {
    pub fn program(self) -> &'static str {
        match self {
            Checker::Rate => "rate",
            Checker::DratTrim => "drat-trim",
        }
    }

    /// The first checker found on the PATH.
    pub fn find() -> Result<Checker> {
        for checker in [Checker::Rate, Checker::DratTrim] {
            if on_path(checker.program()) {
                return Ok(checker);
            }
        }
        bail!("no DRAT checker found on the PATH: install rate with `cargo install rate`, or put drat-trim there")
    }
}

/// The one verdict line of a checker that counts as a proof.
pub const VERIFIED: &str = "s VERIFIED";

/// The checker's verdict line on `drat` as a proof that `cnf` is unsatisfiable, or why
/// there is none.
pub fn verdict(checker: Checker, cnf: &Path, drat: &Path) -> String {
    match Command::new(checker.program()).arg(cnf).arg(drat).output() {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout);
            match text.lines().find(|l| l.starts_with("s ")) {
                Some(line) => line.to_string(),
                None => format!("no verdict ({})", out.status),
            }
        }
        Err(err) => format!("could not run {}: {err}", checker.program()),
    }
}

pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}
