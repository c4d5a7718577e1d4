//! Two threads for a large tour: one walks the tour into chunks and checks each (the
//! verifier, when one is given), the other hands each checked chunk, in order, to the
//! consumer (the writer). Buffers go back and forth, so memory stays at a few chunks whatever
//! the board, and checking overlaps writing.

use super::Planned;
use std::sync::mpsc;

/// Cells per chunk: large enough that handing chunks over costs nothing, small enough that
/// a few of them stay in the processor's caches.
pub const CHUNK_CELLS: usize = 1 << 16;

/// Chunks in flight between the threads.
const IN_FLIGHT: usize = 4;

/// Walks the tour on one thread and calls `consume` with each chunk, in order, on the
/// calling thread. Stops at the first error `consume` returns.
pub fn stream<E: Send>(
    tour: &Planned,
    consume: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    stream_checked(tour, |_| Ok(()), consume)
}

/// [`stream`], with `check` called on each chunk on the walking thread before the chunk is
/// handed over: a chunk that fails it is never consumed, and its error is returned.
pub fn stream_checked<E: Send>(
    tour: &Planned,
    mut check: impl FnMut(&[u32]) -> Result<(), E> + Send,
    mut consume: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    let (full_tx, full_rx) = mpsc::sync_channel::<Vec<u32>>(IN_FLIGHT);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<u32>>();
    std::thread::scope(move |scope| {
        for _ in 0..IN_FLIGHT {
            let _ = empty_tx.send(Vec::with_capacity(CHUNK_CELLS + 256));
        }
        let walker = scope.spawn(move || {
            let mut failed = None;
            let _ = tour.walk(CHUNK_CELLS, |chunk: &mut Vec<u32>| {
                if let Err(e) = check(chunk) {
                    failed = Some(e);
                    return Err(());
                }
                // A failed hand-over means the consumer stopped; so does the walk.
                let mut spare = empty_rx.recv().map_err(|_| ())?;
                spare.clear();
                std::mem::swap(chunk, &mut spare);
                full_tx.send(spare).map_err(|_| ())
            });
            failed
        });
        // Leaving this body, early or not, drops both ends the walker waits on, so it ends.
        let consumed = full_rx.into_iter().try_for_each(|chunk| {
            consume(&chunk)?;
            let _ = empty_tx.send(chunk);
            Ok(())
        });
        drop(empty_tx);
        let checked = walker.join().expect("the walking thread does not panic");
        consumed?;
        checked.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construct::{build, Request};

    fn planned() -> Planned {
        let request = Request {
            rows: 600,
            cols: 600,
            closed: None,
            start: None,
            end: None,
        };
        build(&request).unwrap()
    }

    /// A chunk that fails the check is never consumed, nor is any after it, and the check's
    /// error is what the stream returns.
    #[test]
    fn a_failed_check_stops_the_stream_before_that_chunk() {
        let mut checked = 0;
        let mut consumed = Vec::new();
        let outcome = stream_checked(
            &planned(),
            |_| {
                checked += 1;
                if checked == 3 {
                    Err("third")
                } else {
                    Ok(())
                }
            },
            |chunk| {
                consumed.push(chunk.len());
                Ok(())
            },
        );
        assert_eq!(outcome, Err("third"));
        assert_eq!(consumed.len(), 2);
    }

    /// Every cell comes through once, in the order of the tour held whole.
    #[test]
    fn streamed_chunks_are_the_whole_tour_in_order() {
        let planned = planned();
        let mut streamed = Vec::new();
        let outcome: Result<(), ()> = planned.stream(|chunk| {
            streamed.extend_from_slice(chunk);
            Ok(())
        });
        assert_eq!(outcome, Ok(()));
        assert_eq!(streamed, planned.cells());
        assert_eq!(streamed.len(), 360_000);
    }
}
