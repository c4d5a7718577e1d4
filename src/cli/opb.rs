//! `knights opb`: the model as a pseudo-Boolean problem (OPB) for PB solvers.

use super::output::create_output;
use anyhow::Result;
use clap::Args;
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions};
use knights::format::opb::write_opb;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct OpbArgs {
    #[command(flatten)]
    pub model: super::ModelArgs,
    /// Where to write the OPB file; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// How covers by several cycles are excluded (a static file needs an eager encoding:
    /// lazy becomes ordering, and the header says so).
    #[arg(long, value_enum, default_value_t = Connectivity::default())]
    pub connectivity: Connectivity,
}

pub fn run(args: OpbArgs) -> Result<ExitCode> {
    let puzzle = args.model.puzzle()?;
    let options = EncodeOptions {
        connectivity: args.connectivity,
        // Line sums are written as linear equalities, so no CNF encoding of them is chosen;
        // the field is required but unused.
        pb_encoding: PbEncoding::default(),
    };
    let mut out = create_output(&args.output)?;
    write_opb(&puzzle, &options, &mut out)?;
    out.flush()?;
    if args.output.as_os_str() != "-" {
        eprintln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}
