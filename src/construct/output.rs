//! Writing a constructed tour as binary while the streaming verifier checks it, chunk by
//! chunk, so that nothing is written that the verifier has not passed and no board-sized
//! array is ever held. The verifier runs on the walking thread, the writing on the caller's.
//! On a board with more cells than the window of cells asked for, the check is made in passes:
//! the first writes the tour while checking it with one window of cells tracked, and each
//! later pass walks the tour again to track the next window, its sequence hash compared
//! with the first's.

use super::stream::stream_checked;
use super::{Planned, Request};
use crate::board::{Leaper, Shape};
use crate::tour::binary::write_cells;
use crate::tour::Closure;
use crate::verify::stream::{windows, StreamReport, StreamVerifier, StreamViolation};
use std::io::Write;
use std::ops::Range;

/// Cells whose visits one pass of the check tracks, a bit each: 48 MiB, which with the few
/// MiB the walk needs keeps a run under 64 MB on any board.
pub const WINDOW_CELLS: u64 = 3 << 27;

/// Passes of the check a tour of `cells` cells takes with windows of `window_cells`.
pub fn passes(cells: u64, window_cells: u64) -> usize {
    windows(cells, window_cells).len()
}

/// Why a constructed tour was not written whole.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The verifier refused the tour: a defect of the construction.
    #[error("the constructed tour failed the streaming verifier: {0}")]
    Broken(String),
    /// The tour does not have the ends asked for.
    #[error("the constructed tour does not {0}")]
    Ends(String),
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl From<StreamViolation> for WriteError {
    fn from(violation: StreamViolation) -> Self {
        WriteError::Broken(violation.to_string())
    }
}

/// Streams the tour through the verifier (closed if the request wants it; every row and
/// column sum of a semimagic tour) into `out` as little-endian u32 cell indices, calling
/// `progress` with each chunk's length in every pass (see [`passes`]), and checks the
/// requested ends on the first and last cells. The check
/// tracks at most `window_cells` cells a pass ([`WINDOW_CELLS`] keeps a run under 64 MB).
pub fn write_verified(
    planned: &Planned,
    request: &Request,
    window_cells: u64,
    out: &mut impl Write,
    mut progress: impl FnMut(usize),
) -> Result<StreamReport, WriteError> {
    let windows = windows(planned.n_cells(), window_cells);
    let shape = Shape::flat(request.rows, request.cols);
    let verifier = |window: &Range<u64>| {
        let closed = request.wants_closed();
        match windows.len() {
            1 => StreamVerifier::new(shape, Leaper::KNIGHT, Closure::from(closed)),
            _ => StreamVerifier::windowed(
                shape,
                Leaper::KNIGHT,
                Closure::from(closed),
                window.clone(),
            ),
        }
    };
    // The sums are the same in every pass: the first, which writes, checks them.
    let first_verifier = match planned.line_sums() {
        None => verifier(&windows[0]),
        Some((rows, cols)) => verifier(&windows[0])
            .with_line_sums(Some(rows), Some(cols))
            .expect("a flat board"),
    };
    let mut verifier_first = first_verifier;
    let (mut first, mut last) = (None, None);
    let check = |chunk: &[u32]| -> Result<(), WriteError> {
        verifier_first.push(chunk)?;
        first.get_or_insert(chunk[0]);
        last = chunk.last().copied();
        Ok(())
    };
    let write = |chunk: &[u32]| -> Result<(), WriteError> {
        write_cells(out, chunk)?;
        progress(chunk.len());
        Ok(())
    };
    stream_checked(planned, check, write)?;
    let digest = verifier_first.digest();
    let report = verifier_first.finish()?;
    check_ends(request, first, last)?;
    for window in &windows[1..] {
        let mut again = verifier(window);
        planned.stream(|chunk| {
            progress(chunk.len());
            again.push(chunk)
        })?;
        if again.digest() != digest {
            return Err(WriteError::Broken(
                "walked again for the next pass of the check, the tour came out different".into(),
            ));
        }
        again.finish()?;
    }
    out.flush()?;
    Ok(report)
}

/// Checks a visiting order held whole (a search's tour) with the streaming verifier, which
/// needs no move graph, and the requested ends, then writes it as binary.
pub fn write_checked(
    order: &[u32],
    request: &Request,
    out: &mut impl Write,
) -> Result<StreamReport, WriteError> {
    let shape = Shape::flat(request.rows, request.cols);
    let mut verifier =
        StreamVerifier::new(shape, Leaper::KNIGHT, Closure::from(request.wants_closed()));
    verifier.push(order)?;
    let report = verifier.finish()?;
    check_ends(request, order.first().copied(), order.last().copied())?;
    write_cells(out, order)?;
    out.flush()?;
    Ok(report)
}

/// The requested ends, on the tour's first and last cells.
fn check_ends(request: &Request, first: Option<u32>, last: Option<u32>) -> Result<(), WriteError> {
    let index = |(r, c): (usize, usize)| (r * request.cols + c) as u32;
    if let Some(start) = request.start.filter(|&s| first != Some(index(s))) {
        return Err(WriteError::Ends(format!("start on {start:?}")));
    }
    if let Some(end) = request.end.filter(|&e| last != Some(index(e))) {
        return Err(WriteError::Ends(format!("end on {end:?}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construct::build;

    /// With a window smaller than the board, every pass walks the whole tour (the progress
    /// counts each pass's cells), and the tour written is the one written in a single pass.
    #[test]
    fn a_check_in_passes_walks_the_tour_once_a_pass_and_writes_it_once() {
        let request = Request {
            rows: 600,
            cols: 600,
            closed: None,
            start: None,
            end: None,
        };
        let planned = build(&request).unwrap();
        let cells = planned.n_cells();
        let write = |window: u64| {
            let (mut out, mut walked) = (Vec::new(), 0u64);
            write_verified(&planned, &request, window, &mut out, |n| walked += n as u64).unwrap();
            (out, walked)
        };
        let (once, walked_once) = write(WINDOW_CELLS);
        let (in_passes, walked) = write(100_000);
        assert_eq!(passes(cells, 100_000), 4);
        assert_eq!(walked_once, cells);
        assert_eq!(walked, 4 * cells);
        assert!(once == in_passes, "the passes changed the tour written");
        assert_eq!(once.len() as u64, 4 * cells);
    }

    /// A semimagic tour streams, in one pass or several, as the cells the construction
    /// gives, its line sums checked by the first pass.
    #[test]
    fn a_magic_tour_streams_as_built_with_its_sums_checked() {
        let (rows, cols) = (24, 40);
        let request = Request::open(rows, cols);
        let planned = crate::construct::build_magic(rows, cols).unwrap();
        assert_eq!(planned.line_sums(), Some((19_220, 11_532)));
        let built: Vec<u8> = crate::construct::magic::cells(rows, cols)
            .unwrap()
            .flat_map(|(r, c)| ((r * cols + c) as u32).to_le_bytes())
            .collect();
        for window in [WINDOW_CELLS, 256] {
            let mut out = Vec::new();
            let report = write_verified(&planned, &request, window, &mut out, |_| {}).unwrap();
            assert_eq!(report.cells, 960);
            assert!(out == built, "window {window}: not the tour built");
        }
    }
}
