//! `knights solve`: the first solution, as a grid for people (JSON summary on stderr).

use super::engine::RunArgs;
use anyhow::{bail, Result};
use clap::Args;
use knights::run::Ending;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Also write the solution as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

pub fn run(mut args: SolveArgs) -> Result<ExitCode> {
    let puzzle = args.run.puzzle()?;
    args.run.limit = Some(1);
    let limits = args.run.limits()?;
    let found = std::sync::Mutex::new(None);
    let summary = args.run.enumerate(
        &puzzle,
        &limits,
        &[],
        &|class| {
            let mut slot = found.lock().expect("not poisoned");
            slot.get_or_insert(class.members[0].clone());
        },
        &|_| {},
        &|_| {},
    )?;
    let Some(tour) = found.into_inner().expect("not poisoned") else {
        eprintln!("{}", summary.to_json_line());
        return match summary.ending {
            Ending::Exhausted => {
                outln!("no solution: the search space is exhausted")?;
                Ok(ExitCode::from(1))
            }
            ending => bail!("stopped ({ending:?}) before a solution was found; nothing is decided"),
        };
    };
    let violations = knights::verify::verify(&puzzle, &tour);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
        bail!(
            "internal error: the engine's tour breaks rules: {}",
            list.join("; ")
        );
    }
    out!("{}", knights::tour::text::format(&tour))?;
    if let Some(path) = &args.svg {
        std::fs::write(path, knights::render::svg(&tour, puzzle.closed))?;
    }
    eprintln!("{}", summary.to_json_line());
    Ok(ExitCode::SUCCESS)
}
