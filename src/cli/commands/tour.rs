//! `knights tour`: a tour of any rectangle that has one, built rather than searched for, and
//! checked by the independent verifier before (text, JSON) or while (binary) it is written.

use crate::cli::io::atomic::OutputFile;
use crate::cli::presentation::broken_rules::broken_rules;
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::board::{Shape, MAX_CELLS, MAX_STREAMED_CELLS};
use knights::construct::output::{passes, write_checked, write_verified, WriteError, WINDOW_CELLS};
use knights::construct::stream::CHUNK_CELLS;
use knights::construct::warnsdorff::{warnsdorff, TieBreak, WarnsdorffOptions};
use knights::construct::{self, magic, Request};
use knights::puzzle::Puzzle;
use knights::run::{Limits, StopFlag};
use knights::sat::SatOptions;
use knights::spec::Spec;
use knights::tour::json::TourRecord;
use knights::tour::Closure;
use knights::tour::{binary, Tour};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TourArgs {
    /// The board, ROWSxCOLS (up to 2^32 - 1 cells with --format binary).
    #[arg(long, value_name = "RxC")]
    pub board: String,
    /// A closed tour; refused, with the theorem, where none exists.
    /// [default: closed wherever a closed tour exists, open otherwise]
    #[arg(long, conflicts_with = "open")]
    pub closed: bool,
    /// Any tour: a closed one may be given, since it is also an open one.
    #[arg(long)]
    pub open: bool,
    /// stitch: tiles found by SAT, joined (sides of 3, or 5 and more); warnsdorff: the
    /// seed's search by Warnsdorff's rule (open unless --closed); sat: the SAT engine on the
    /// whole board (small boards).
    #[arg(long, value_enum, default_value = "stitch")]
    pub method: Method,
    /// A semimagic tour: every row and every column summing to the magic sum, built from
    /// 4x4 blocks on boards whose sides are multiples of 4, both at least 8 (the tour is
    /// open). A board with no magic tour is refused with the theorem; one the construction
    /// does not reach is refused with what is known.
    #[arg(long, conflicts_with_all = ["closed", "start", "end"])]
    pub magic: bool,
    /// The square that carries number 1, as ROW,COL (0-based).
    #[arg(long, value_name = "R,C")]
    pub start: Option<String>,
    /// The square that carries the last number, as ROW,COL (0-based).
    #[arg(long, value_name = "R,C")]
    pub end: Option<String>,
    /// Where to write the tour; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// text: a numbered grid; json: one tour record; binary: little-endian u32 cell indices
    /// (row * cols + col) in visiting order; moves: the squares in visiting order as a1-h8
    /// board coordinates. [default: by the FILE's extension (.bin binary,
    /// .txt text, else JSON), text on a terminal, JSON into a pipe]
    #[arg(long, value_enum)]
    pub format: Option<TourFormat>,
    /// Warnsdorff: how ties among equally constrained squares are broken.
    #[arg(long, value_enum, default_value = "roth")]
    pub tie_break: TieBreakArg,
    /// Warnsdorff: attempts of 100 jumps per square each before giving up.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub attempts: u32,
    /// Warnsdorff: seed of the random tie-breaks.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// With --format binary, the memory for the verifier's bit per square: a board with more
    /// squares than 8 x 2^20 x MIB is walked again and checked in passes, a part of the
    /// squares tracked in each (the default keeps a run under 64 MB).
    #[arg(long, allow_negative_numbers = true, value_name = "MIB", default_value_t = DEFAULT_CHECK_MIB,
          value_parser = clap::value_parser!(u64).range(1..=512))]
    pub check_memory: u64,
}

/// The default of `--check-memory`: [`WINDOW_CELLS`] as MiB.
const DEFAULT_CHECK_MIB: u64 = WINDOW_CELLS / 8 / (1 << 20);

/// How Warnsdorff's rule breaks ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TieBreakArg {
    /// At random, as the seed's search does.
    Random,
    /// The candidate whose unvisited neighbours have the fewest ways onward in all.
    Pohl,
    /// The candidate farthest from the centre.
    Roth,
}

impl From<TieBreakArg> for TieBreak {
    fn from(arg: TieBreakArg) -> TieBreak {
        match arg {
            TieBreakArg::Random => TieBreak::Random,
            TieBreakArg::Pohl => TieBreak::Pohl,
            TieBreakArg::Roth => TieBreak::Roth,
        }
    }
}

/// How a tour is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Join tiles' tours (boards 3 wide, or 5 and more a side).
    Stitch,
    /// Search by Warnsdorff's rule with a budget and restarts.
    Warnsdorff,
    /// Ask the SAT engine for the whole board.
    Sat,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Stitch => "stitch",
            Method::Warnsdorff => "warnsdorff",
            Method::Sat => "sat",
        }
    }
}

/// How a tour is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TourFormat {
    /// A numbered grid.
    Text,
    /// One JSON record: the board and each cell's number.
    Json,
    /// Little-endian u32 cell indices in visiting order, no header.
    Binary,
    /// The squares in visiting order in board coordinates, a1 at the bottom left (a1-h8 on
    /// 8x8), on one line.
    Moves,
}

pub fn run(args: TourArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let shape = Shape::parse_within(&args.board, MAX_STREAMED_CELLS).context("--board")?;
    if shape.solid {
        bail!("--board: tours of boxes are not built; `knights solve --board {shape}` searches for one");
    }
    let request = Request {
        rows: shape.rows,
        cols: shape.cols,
        closed: match (
            args.closed,
            args.open || args.magic || args.method == Method::Warnsdorff,
        ) {
            (true, _) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        },
        start: args
            .start
            .as_deref()
            .map(|t| parse_square(t, "--start"))
            .transpose()?,
        end: args
            .end
            .as_deref()
            .map(|t| parse_square(t, "--end"))
            .transpose()?,
    };
    if args.magic {
        // A board with no knight's tour at all is refused by its theorem first.
        request.check()?;
        check_magic(shape)?;
    }
    let format = resolve_format(args.format, &args.output)?;
    if format != TourFormat::Binary && shape.n_cells() > MAX_CELLS {
        bail!(
            "a {shape} tour has {} cells; text and JSON hold at most {MAX_CELLS}: use --format binary -o FILE",
            shape.n_cells()
        );
    }
    request.check()?;
    // A signal stops the SAT engine's search, and ends a tour being written: its output is
    // abandoned, not left half written.
    let stop = StopFlag::default();
    crate::cli::io::signals::watch(&stop)?;
    if format == TourFormat::Binary {
        check_disk(&args.output, 4 * shape.n_cells() as u64)?;
    }
    if args.magic {
        if args.method != Method::Stitch {
            bail!(
                "--magic builds its own tour; drop --method {}",
                args.method.name()
            );
        }
        let planned = construct::build_magic(shape.rows, shape.cols)?;
        if format == TourFormat::Binary {
            stream_binary(&planned, &request, &args.output, args.check_memory)?;
        } else {
            write_magic(&planned, &request, format, &args.output, &stop)?;
        }
        errln!(
            "an open semimagic tour of {shape} (rows sum to {}, columns to {}), verified (magic construction, {:.3} s)",
            magic::line_sum(shape.cols, shape.n_cells()),
            magic::line_sum(shape.rows, shape.n_cells()),
            started.elapsed().as_secs_f64()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let closed = match args.method {
        Method::Stitch => write_stitched(&request, format, &args.output, args.check_memory)?,
        Method::Warnsdorff => write_warnsdorff(&request, &args, format)?,
        Method::Sat => write_found(&request, format, &args.output, &stop)?,
    };
    let kind = if closed { "a closed" } else { "an open" };
    errln!(
        "{kind} tour of {shape}, verified ({} method, {:.3} s)",
        args.method.name(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// `R,C` as a square, naming the flag when it is not one.
fn parse_square(text: &str, flag: &str) -> Result<(usize, usize)> {
    let parsed = text
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    parsed.with_context(|| format!("{flag} '{text}': not a square ROW,COL such as 0,0"))
}

fn resolve_format(asked: Option<TourFormat>, output: &Path) -> Result<TourFormat> {
    let to_stdout = output.as_os_str() == "-";
    let format = match asked {
        Some(format) => format,
        None if to_stdout && std::io::stdout().is_terminal() => TourFormat::Text,
        None => by_extension(output),
    };
    if format == TourFormat::Binary && to_stdout && std::io::stdout().is_terminal() {
        bail!("--format binary is not written to a terminal: give -o FILE or a pipe");
    }
    Ok(format)
}

/// The format a file's name asks for: `.bin` binary, `.txt` text, `.json` or `.jsonl` JSON;
/// any other extension gets JSON, and stderr says so.
fn by_extension(output: &Path) -> TourFormat {
    let extension = output
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase());
    match extension.as_deref() {
        Some("bin") => TourFormat::Binary,
        Some("txt") => TourFormat::Text,
        None | Some("json" | "jsonl") => TourFormat::Json,
        Some(other) => {
            errln!(
                "note: -o {}: the extension .{other} names no format (.txt text, .json JSON, .bin binary); writing JSON, or give --format",
                output.display()
            );
            TourFormat::Json
        }
    }
}

/// Builds the stitched tour and writes it; returns whether it is closed.
fn write_stitched(
    request: &Request,
    format: TourFormat,
    output: &Path,
    check_mib: u64,
) -> Result<bool> {
    let planned = construct::build(request)?;
    let closed = planned.closed();
    if format == TourFormat::Binary {
        stream_binary(&planned, request, output, check_mib)?;
        return Ok(closed);
    }
    let cells = planned.cells().into_iter().map(|c| c as usize).collect();
    let tour = Tour::new(Shape::flat(request.rows, request.cols), cells)?;
    write_held(&tour, request, format, output)?;
    Ok(closed)
}

/// Asks the SAT engine for the whole board; returns whether the tour is closed.
fn write_found(
    request: &Request,
    format: TourFormat,
    output: &Path,
    stop: &StopFlag,
) -> Result<bool> {
    let puzzle = Puzzle::from_spec(&request.spec())?;
    let limits = Limits {
        stop: stop.clone(),
        ..Limits::default()
    };
    let (found, summary) = knights::sat::solve(&puzzle, &SatOptions::default(), &limits)?;
    let Some(tour) = found else {
        bail!(
            "the SAT engine found no tour ({})",
            summary.ending.describe()
        );
    };
    write_held(&tour, request, format, output)?;
    Ok(puzzle.closed.is_closed())
}

/// Searches by Warnsdorff's rule from the start asked for (else the corner the seed starts
/// from); returns whether the tour is closed.
fn write_warnsdorff(request: &Request, args: &TourArgs, format: TourFormat) -> Result<bool> {
    if request.end.is_some() {
        bail!("--end: Warnsdorff's search chooses where it ends; give --start only");
    }
    let start = request
        .start
        .unwrap_or((request.rows - 1, request.cols - 1));
    let options = WarnsdorffOptions {
        tie_break: args.tie_break.into(),
        attempts: args.attempts,
        seed: args.seed,
        closed: Closure::from(request.wants_closed()),
        ..WarnsdorffOptions::default()
    };
    let clock = Instant::now();
    let found = warnsdorff(request.rows, request.cols, start, &options)?;
    errln!(
        "Warnsdorff: {} attempt(s), {} jumps in all; the successful attempt made {} jumps, {} \
         of them beyond one per square (backtracking); {:.3} ms",
        found.attempts,
        found.jumps,
        found.last_attempt_jumps,
        found.last_attempt_backtracks,
        clock.elapsed().as_secs_f64() * 1000.0
    );
    if format == TourFormat::Binary {
        let mut out = OutputFile::create(&args.output)?.abandoned_on_signal();
        write_checked(&found.order, request, &mut out).map_err(write_failure)?;
        out.finish()?;
        return Ok(options.closed.is_closed());
    }
    let cells = found.order.iter().map(|&c| c as usize).collect();
    let tour = Tour::new(Shape::flat(request.rows, request.cols), cells)?;
    write_held(&tour, request, format, &args.output)?;
    Ok(options.closed.is_closed())
}

/// Boards from this many cells take a second or more: stderr says what is under way.
const NOTED_MAGIC_CELLS: usize = 1 << 20;

/// Refuses, before any work, a board the construction does not build a semimagic tour of,
/// saying whether one can exist.
fn check_magic(shape: Shape) -> Result<()> {
    let (rows, cols) = (shape.rows, shape.cols);
    if let Err(refusal) = magic::covers(rows, cols) {
        bail!("--magic: {refusal}{}", magic_hint(rows, cols, refusal));
    }
    Ok(())
}

/// Collects the semimagic tour and writes it once the verifier has checked every row and
/// column sum.
fn write_magic(
    planned: &construct::Planned,
    request: &Request,
    format: TourFormat,
    output: &Path,
    stop: &StopFlag,
) -> Result<()> {
    let (rows, cols) = (request.rows, request.cols);
    let shape = Shape::flat(rows, cols);
    if shape.n_cells() >= NOTED_MAGIC_CELLS {
        errln!("building a semimagic tour of {shape}, then checking every move and line sum");
    }
    let mut cells = Vec::with_capacity(shape.n_cells());
    // Seen within a chunk of cells (milliseconds), not after the whole board's walk.
    let walked = planned.walk(CHUNK_CELLS, |chunk: &mut Vec<u32>| {
        if stop.is_raised() {
            return Err(());
        }
        cells.extend(chunk.iter().map(|&c| c as usize));
        Ok(())
    });
    if walked.is_err() {
        bail!("the construction was stopped before the tour was whole; nothing written");
    }
    let tour = Tour::new(shape, cells)?;
    write_checked_whole(&tour, &magic::spec(rows, cols), format, output)
}

/// What is known of a board the construction refuses, and how to search for a tour there.
fn magic_hint(rows: usize, cols: usize, refusal: magic::MagicRefusal) -> String {
    use magic::MagicRefusal::{BothTwoModFour, OddSide};
    if matches!(refusal, OddSide { .. } | BothTwoModFour { .. }) {
        return String::new();
    }
    let known = if rows.min(cols) == 4 {
        "; 4 x 2n boards from 4x18 on have semimagic tours (OEIS A309271)"
    } else {
        ""
    };
    let n = rows * cols;
    format!(
        "{known}; to search for one, give `knights solve` a model with board = \"{rows}x{cols}\" and [sums] rows = {}, cols = {}",
        magic::line_sum(cols, n),
        magic::line_sum(rows, n)
    )
}

/// Verifies a tour held whole against every rule asked for, then writes it.
fn write_held(tour: &Tour, request: &Request, format: TourFormat, output: &Path) -> Result<()> {
    write_checked_whole(tour, &request.spec(), format, output)
}

/// Verifies a tour held whole against every rule of `spec`, then writes it.
fn write_checked_whole(tour: &Tour, spec: &Spec, format: TourFormat, output: &Path) -> Result<()> {
    let puzzle = Puzzle::from_spec(spec)?;
    if let Some(broken) = broken_rules(&puzzle, tour) {
        bail!("internal error: the tour breaks rules: {broken}");
    }
    let mut out = OutputFile::create(output)?;
    match format {
        TourFormat::Text => write!(out, "{}", knights::tour::text::format(tour))?,
        TourFormat::Moves => write!(out, "{}", knights::tour::moves::format(tour)?)?,
        TourFormat::Json => writeln!(out, "{}", serde_json::to_string(&TourRecord::of(tour))?)?,
        TourFormat::Binary => {
            let cells: Vec<u32> = tour.order().iter().map(|&c| c as u32).collect();
            binary::write_cells(&mut out, &cells)?;
        }
    }
    out.finish()
}

/// Streams the constructed tour through the streaming verifier into the output. A file is
/// written under a temporary name and takes its own only once the whole tour has passed, so
/// a file under the asked name is always a whole, verified tour.
fn stream_binary(
    planned: &construct::Planned,
    request: &Request,
    output: &Path,
    check_mib: u64,
) -> Result<()> {
    let mut out = OutputFile::create(output)?.abandoned_on_signal();
    let window = (check_mib * 8) << 20;
    let progress = progress_bar(planned.n_cells(), passes(planned.n_cells(), window));
    let written = write_verified(planned, request, window, &mut out, |n| {
        progress.inc(n as u64);
    });
    progress.finish_and_clear();
    // A tour that failed its check is dropped with its temporary file, never named.
    written.map_err(write_failure)?;
    out.finish()
}

/// A failed write stays an `io::Error` (so that `main` recognises a closed pipe); a tour
/// that failed its check is a defect of the construction.
fn write_failure(err: WriteError) -> anyhow::Error {
    match err {
        WriteError::Io(io) => anyhow::Error::new(io).context("cannot write the tour"),
        other => anyhow::Error::new(other).context("internal error"),
    }
}

/// Refuses, before any work, a binary tour larger than the free space where it would go.
fn check_disk(output: &Path, bytes: u64) -> Result<()> {
    // Standard output and devices such as /dev/null take the bytes without a disk.
    let device = std::fs::metadata(output).is_ok_and(|m| !m.is_file());
    if output.as_os_str() == "-" || device {
        return Ok(());
    }
    let dir = match output.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let Some(free) = free_bytes(dir) else {
        return Ok(());
    };
    if bytes > free {
        bail!(
            "the tour takes {bytes} bytes (4 per cell) and {} has {free} free; choose a smaller board or another place",
            dir.display()
        );
    }
    Ok(())
}

/// Bytes free for this user on the file system holding `dir`, if the system says.
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `path` is a valid C string and `stats` a properly sized, writable struct.
    let status = unsafe { libc::statvfs(path.as_ptr(), &mut stats) };
    (status == 0).then(|| stats.f_bavail as u64 * stats.f_frsize as u64)
}

/// A bar of cells written, for tours large enough to take a moment; on boards checked in
/// several passes, of cells walked in all the passes.
fn progress_bar(cells: u64, passes: usize) -> indicatif::ProgressBar {
    if cells < 20_000_000 {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(cells * passes as u64);
    let what = match passes {
        1 => "cells, verified and written".to_string(),
        _ => format!("cells walked: written, and verified in {passes} passes"),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "[{{elapsed_precise}}] {{bar:40}} {{percent}}% of {{len}} {what}"
        ))
        .expect("a valid template"),
    );
    bar
}
