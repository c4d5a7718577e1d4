//! Two threads for a large tour: one walks the stitched tour into chunks, the other hands
//! each chunk, in order, to the consumer (the verifier and the writer). Buffers go back and
//! forth, so memory stays at a few chunks whatever the board.

use super::Planned;
use std::sync::mpsc;

/// Cells per chunk: large enough that handing chunks over costs nothing, small enough that
/// a few of them stay in the processor's caches.
pub const CHUNK_CELLS: usize = 1 << 16;

/// Chunks in flight between the threads.
const IN_FLIGHT: usize = 4;

/// Walks the tour on one thread and calls `consume` with each chunk, in order,
/// on the calling thread. Stops at the first error `consume` returns.
pub fn stream<E>(
    tour: &Planned,
    mut consume: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    let (full_tx, full_rx) = mpsc::sync_channel::<Vec<u32>>(IN_FLIGHT);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<u32>>();
    std::thread::scope(move |scope| {
        for _ in 0..IN_FLIGHT {
            let _ = empty_tx.send(Vec::with_capacity(CHUNK_CELLS + 256));
        }
        scope.spawn(move || {
            // A failed hand-over means the consumer stopped; so does the walk.
            let _ = tour.walk(CHUNK_CELLS, |chunk: &mut Vec<u32>| {
                let mut spare = empty_rx.recv().map_err(|_| ())?;
                spare.clear();
                std::mem::swap(chunk, &mut spare);
                full_tx.send(spare).map_err(|_| ())
            });
        });
        // Leaving this body, early or not, drops both ends the walker waits on, so it ends.
        for chunk in full_rx {
            consume(&chunk)?;
            let _ = empty_tx.send(chunk);
        }
        Ok(())
    })
}
