//! `knights tiles`: find, with the SAT engine, the tile set the stitch construction uses,
//! and write it with the command that produced it.

use anyhow::Result;
use clap::Args;
use knights::construct::find::{find_tile, tile_models};
use knights::construct::tiles::{TileSet, MAX_TILE_SIDE};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TilesArgs {
    /// Where to write the tile set (TOML); `-` for standard output. The construction reads
    /// the copy in data/tiles.toml, built into the program.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// The largest tile side to find.
    #[arg(long, value_name = "N", default_value_t = MAX_TILE_SIDE)]
    pub max_side: usize,
}

pub fn run(args: TilesArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let mut set = TileSet::default();
    for (role, spec) in tile_models(args.max_side) {
        let clock = Instant::now();
        let tile = find_tile(&spec)?;
        let kind = if tile.closed.is_closed() {
            "closed"
        } else {
            "open"
        };
        let name = spec.name.unwrap_or_default();
        errln!(
            "{name}: {kind}, verified ({:.2} s)",
            clock.elapsed().as_secs_f64()
        );
        set.insert(tile, role)
            .map_err(|reason| anyhow::anyhow!("internal error: {name}: {reason}"))?;
    }
    let header = header(&args);
    let text = set.to_toml(&header);
    if args.output.as_os_str() == "-" {
        out!("{text}")?;
    } else {
        crate::cli::io::atomic::write_whole(&args.output, text)?;
    }
    errln!(
        "{} tiles found and verified in {:.1} s",
        set.all().count(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn header(args: &TilesArgs) -> String {
    let output = args.output.display();
    [
        "# The tile set of the stitch construction (`knights tour --method stitch`).".to_string(),
        format!(
            "# Written by: knights tiles --max-side {} -o {output}",
            args.max_side
        ),
        "# Each tile is a knight's tour of its board, found by the SAT engine with one worker and"
            .into(),
        "# checked by the verifier: closed when the tile has an even number of cells, open".into(),
        "# otherwise, and making the agreed move by each side (src/construct/stitch.rs).".into(),
        "# The strip pieces (three rows) make the hook by their right end; the block runs from"
            .into(),
        "# (1,0) to (2,0) (src/construct/strip/mod.rs).".into(),
        "# `order` lists the tile's cells (row-major, row * cols + col) in visiting order.".into(),
    ]
    .join("\n")
}
