//! `knights render`: draw a tour as SVG.

use super::tours;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A tour file: a numbered grid, or JSON lines (the first tour is drawn).
    #[arg(value_name = "TOUR_FILE")]
    pub tour: PathBuf,
    /// Where to write the SVG; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// Draw the closing move from the last cell back to the first.
    #[arg(long)]
    pub closed: bool,
}

pub fn run(args: RenderArgs) -> Result<ExitCode> {
    let Some(first) = tours::read(&args.tour)?.into_iter().next() else {
        bail!("{} holds no tour", args.tour.display());
    };
    let svg = knights::render::svg(&first.tour, args.closed);
    if args.output.as_os_str() == "-" {
        out!("{svg}")?;
    } else {
        std::fs::write(&args.output, svg)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
        eprintln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}
