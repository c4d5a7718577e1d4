//! Walking a strip: the base up to its hook, the first half of each block in turn, the last
//! block whole, the second half of each block back, and the rest of the base.
//!
//! Going through a block from one end, the walk meets the block's hook and leaves there for
//! the next block; which end of the next block it enters depends only on which end of the
//! hook it met, so the blocks are walked all one way or alternately, and nothing is kept per
//! block.

use super::{hook, BLOCK_COLS, BLOCK_ENDS, STRIP_ROWS};
use crate::construct::stream::CHUNK_CELLS as CHUNK;
use crate::construct::tiles::Tile;
use crate::tour::Closure;

/// A piece's tour split at its hook: the cells before and after the dropped move.
struct Halves {
    /// Board offsets (`row * row_stride + col * col_stride`, without the piece's column),
    /// in visiting order.
    offsets: Vec<u32>,
    /// Position of the last cell before the hook.
    split: usize,
    /// Whether that cell is end 0 of the hook (else end 1).
    leaves_by_end_0: bool,
}

impl Halves {
    /// The piece's tour split at its hook; a closed tour is first turned so that it starts
    /// just after the hook and ends just before it.
    fn new(tile: &Tile, strides: (u32, u32)) -> Option<Halves> {
        let [a, b] = hook(tile.cols).map(|end| tile.cell(end));
        let mut order = tile.order.clone();
        let n = order.len();
        let at = |cell| order.iter().position(|&c| c == cell);
        let (pa, pb) = (at(a)?, at(b)?);
        let split = if pa.abs_diff(pb) == 1 {
            pa.min(pb)
        } else if tile.closed.is_closed() && pa.abs_diff(pb) == n - 1 {
            n - 1
        } else {
            return None;
        };
        if tile.closed.is_closed() {
            order.rotate_left((split + 1) % n);
        }
        let split = if tile.closed.is_closed() {
            n - 1
        } else {
            split
        };
        let leaves_by_end_0 = order[split] == a;
        let offsets = order
            .iter()
            .map(|&cell| {
                let (r, c) = (cell as usize / tile.cols, cell as usize % tile.cols);
                r as u32 * strides.0 + c as u32 * strides.1
            })
            .collect();
        Some(Halves {
            offsets,
            split,
            leaves_by_end_0,
        })
    }
}

/// A tour of a 3 x n strip (or, transposed, n x 3), walked on demand.
pub struct Chain {
    base: Halves,
    base_cols: usize,
    block: Halves,
    blocks: usize,
    /// Board offset of one column along the strip.
    col_stride: u32,
    closed: Closure,
    cells: u64,
}

impl Chain {
    /// The strip of `base` with `blocks` copies of `block` chained on; `transposed` lays it
    /// along the columns of a board three columns wide. `None` if a piece lacks its hook or
    /// the block does not run between the agreed ends.
    pub fn new(base: &Tile, block: &Tile, blocks: usize, transposed: bool) -> Option<Chain> {
        let len = base.cols + blocks * BLOCK_COLS;
        let strides = if transposed {
            (1, STRIP_ROWS as u32)
        } else {
            (len as u32, 1)
        };
        let ends = BLOCK_ENDS.map(|end| block.cell(end));
        let runs_between_ends =
            block.order.first() == Some(&ends[0]) && block.order.last() == Some(&ends[1]);
        if !runs_between_ends
            || block.closed.is_closed()
            || block.rows != STRIP_ROWS
            || base.rows != STRIP_ROWS
        {
            return None;
        }
        Some(Chain {
            base: Halves::new(base, strides)?,
            base_cols: base.cols,
            block: Halves::new(block, strides)?,
            blocks,
            col_stride: strides.1,
            closed: base.closed,
            cells: (STRIP_ROWS * len) as u64,
        })
    }

    /// Whether the tour is a loop.
    pub fn closed(&self) -> bool {
        self.closed.is_closed()
    }

    /// Number of cells.
    pub fn n_cells(&self) -> u64 {
        self.cells
    }

    /// Whether block `i` (0-based) is walked from its first end: the first block is entered
    /// by the end matching the base's hook end met, and each next one the same way if the
    /// block leaves by the end it would be entered by, else the other way.
    fn forward(&self, i: usize) -> bool {
        let first = self.base.leaves_by_end_0;
        let flips = !self.block.leaves_by_end_0;
        first ^ (flips && i % 2 == 1)
    }

    /// Walks the strip's tour, handing cells to `sink` in chunks of about `chunk`.
    pub fn walk<E>(
        &self,
        chunk: usize,
        mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut out = Vec::with_capacity(chunk + 64);
        let mut flush = |out: &mut Vec<u32>, force: bool| -> Result<(), E> {
            if !out.is_empty() && (force || out.len() >= chunk) {
                sink(out)?;
                out.clear();
            }
            Ok(())
        };
        let base = &self.base;
        emit(&base.offsets[..=base.split], 0, true, &mut out);
        for i in 0..self.blocks {
            let column = self.block_column(i);
            let half = if i + 1 == self.blocks {
                Half::Whole
            } else {
                Half::First
            };
            self.emit_block(i, column, half, &mut out);
            flush(&mut out, false)?;
        }
        for i in (0..self.blocks.saturating_sub(1)).rev() {
            self.emit_block(i, self.block_column(i), Half::Second, &mut out);
            flush(&mut out, false)?;
        }
        emit(&base.offsets[base.split + 1..], 0, true, &mut out);
        flush(&mut out, true)
    }

    /// The place in the walk of board cell `cell` (found by walking up to it).
    pub fn position_of(&self, cell: u32) -> Option<u64> {
        let mut walked = 0u64;
        let mut found = None;
        let _ = self.walk(CHUNK, |chunk: &mut Vec<u32>| {
            if let Some(i) = chunk.iter().position(|&c| c == cell) {
                found = Some(walked + i as u64);
                return Err(());
            }
            walked += chunk.len() as u64;
            Ok(())
        });
        found
    }

    /// [`walk`](Self::walk) of a loop read from place `from` on: the cells from there to the
    /// end of the walk, then (walking again, up to `from`) those before it.
    pub fn walk_from<E>(
        &self,
        from: u64,
        chunk: usize,
        mut sink: impl FnMut(&mut Vec<u32>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut out = Vec::with_capacity(chunk + 64);
        let mut take = |range: std::ops::Range<u64>, out: &mut Vec<u32>| {
            let mut walked = 0u64;
            self.walk(chunk, |part: &mut Vec<u32>| {
                let (lo, hi) = (walked, walked + part.len() as u64);
                walked = hi;
                if lo >= range.end {
                    return Err(None);
                }
                let (a, b) = (range.start.clamp(lo, hi), range.end.clamp(lo, hi));
                out.extend_from_slice(&part[(a - lo) as usize..(b - lo) as usize]);
                if out.len() >= chunk {
                    sink(out).map_err(Some)?;
                    out.clear();
                }
                Ok(())
            })
        };
        let stopped = |outcome: Result<(), Option<E>>| match outcome {
            Err(Some(e)) => Err(e),
            _ => Ok(()),
        };
        stopped(take(from..self.cells, &mut out))?;
        stopped(take(0..from, &mut out))?;
        if out.is_empty() {
            return Ok(());
        }
        sink(&mut out)
    }

    fn block_column(&self, i: usize) -> u32 {
        (self.base_cols + i * BLOCK_COLS) as u32 * self.col_stride
    }

    /// Emits the part of block `i` that the walk covers on its way out, whole, or back.
    fn emit_block(&self, i: usize, column: u32, half: Half, out: &mut Vec<u32>) {
        let offsets = &self.block.offsets;
        let split = self.block.split;
        let (before, after) = (&offsets[..=split], &offsets[split + 1..]);
        // Walked backwards, the block meets its hook from the other side.
        let (first, second) = if self.forward(i) {
            (before, after)
        } else {
            (after, before)
        };
        let forward = self.forward(i);
        match half {
            Half::First => emit(first, column, forward, out),
            Half::Second => emit(second, column, forward, out),
            Half::Whole => {
                emit(first, column, forward, out);
                emit(second, column, forward, out);
            }
        }
    }
}

enum Half {
    First,
    Second,
    Whole,
}

/// Appends `offsets` (reversed unless `forward`) shifted by `column`.
fn emit(offsets: &[u32], column: u32, forward: bool, out: &mut Vec<u32>) {
    if forward {
        out.extend(offsets.iter().map(|&o| column + o));
    } else {
        out.extend(offsets.iter().rev().map(|&o| column + o));
    }
}
