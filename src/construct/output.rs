//! Writing a constructed tour as binary while the streaming verifier checks it, chunk by
//! chunk, so that nothing is written that the verifier has not passed and no board-sized
//! array is ever held. The verifier runs on the walking thread, the writing on the caller's.

use super::stream::stream_checked;
use super::{Planned, Request};
use crate::board::{Leaper, Shape};
use crate::tour::binary::write_cells;
use crate::verify::stream::{StreamReport, StreamVerifier, StreamViolation};
use std::io::Write;

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

/// Streams the tour through the verifier (closed if the request wants it) into `out` as
/// little-endian u32 cell indices, calling `progress` with each chunk's length, and checks
/// the requested ends on the first and last cells.
pub fn write_verified(
    planned: &Planned,
    request: &Request,
    out: &mut impl Write,
    mut progress: impl FnMut(usize),
) -> Result<StreamReport, WriteError> {
    let shape = Shape::flat(request.rows, request.cols);
    let mut verifier = StreamVerifier::new(shape, Leaper::KNIGHT, request.wants_closed());
    let (mut first, mut last) = (None, None);
    let check = |chunk: &[u32]| -> Result<(), WriteError> {
        verifier.push(chunk)?;
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
    let report = verifier.finish()?;
    check_ends(request, first, last)?;
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
    let mut verifier = StreamVerifier::new(shape, Leaper::KNIGHT, request.wants_closed());
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
