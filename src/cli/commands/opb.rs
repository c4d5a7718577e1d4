//! `knights opb`: the model as a pseudo-Boolean problem (OPB) for PB solvers.

use crate::cli::io::atomic::OutputFile;
use anyhow::Result;
use clap::Args;
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions};
use knights::format::opb::write_opb;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct OpbArgs {
    #[command(flatten)]
    pub model: crate::cli::arguments::model::ModelArgs,
    /// Where to write the OPB file; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// How covers by several cycles are excluded (a static file needs an eager encoding:
    /// lazy becomes ordering, and the header says so).
    #[arg(long, value_enum, default_value_t = Connectivity::default())]
    pub connectivity: Connectivity,
    /// Replace the output even when it is the model file read.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: OpbArgs) -> Result<ExitCode> {
    crate::cli::io::atomic::refuse_input(&args.output, args.model.model.as_deref(), args.force)?;
    let puzzle = args.model.puzzle()?;
    let options = EncodeOptions {
        connectivity: args.connectivity,
        // Line sums are written as linear equalities, so no CNF encoding of them is chosen;
        // the field is required but unused.
        pb_encoding: PbEncoding::default(),
    };
    let mut out = OutputFile::create(&args.output)?;
    write_opb(&puzzle, &options, &mut out)?;
    out.finish()?;
    if args.output.as_os_str() != "-" {
        errln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}
