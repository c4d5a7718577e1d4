//! The binary form of a tour, for boards too large for text: the cell index (row-major,
//! `cell = row * cols + col`, and in a box `(layer * rows + row) * cols + col`) of each visit,
//! in visiting order, as a little-endian `u32`, with no header. Entry k (0-based) lies at byte
//! offset 4k, so every error names the byte offset of the entry at fault.
//!
//! A file of a board that fits a [`Tour`] is read whole by [`to_tour`]; a larger one (up to
//! [`MAX_STREAMED_CELLS`](crate::board::MAX_STREAMED_CELLS) cells) is read a chunk at a time by
//! [`CellChunks`], in bounded memory, and checked as it streams past.

use super::Tour;
use crate::board::{Cell, Shape, MAX_CELLS};
use std::io::{self, Read, Write};

/// Entries per chunk, both when writing and when reading: 256 KiB of bytes, large enough that
/// the per-call cost vanishes and small enough to stay in cache.
pub const CHUNK_CELLS: usize = 1 << 16;

/// Bytes per entry.
const ENTRY: usize = 4;

/// Why bytes are not the binary form of a tour of a board.
#[derive(Debug, thiserror::Error)]
pub enum BinaryError {
    /// The length is not a multiple of 4, so the last entry is cut short.
    #[error("truncated: {bytes} bytes, the last entry at byte offset {offset} is cut short")]
    Truncated {
        /// Length of the input in bytes.
        bytes: u64,
        /// Byte offset of the incomplete entry.
        offset: u64,
    },
    /// Not one entry per cell of the board.
    #[error("{bytes} bytes hold {found} cells, but the {shape} board has {expected} ({} bytes expected)", 4 * u128::from(*expected))]
    Length {
        /// The board.
        shape: Shape,
        /// Length of the input in bytes.
        bytes: u64,
        /// Number of entries in the input.
        found: u64,
        /// Number of cells on the board.
        expected: u64,
    },
    /// An entry names a cell index the board does not have.
    #[error("the entry at byte offset {offset} (number {}) is cell {cell}, outside the {shape} board of {} cells", offset / 4 + 1, shape.n_cells())]
    OffBoard {
        /// The board.
        shape: Shape,
        /// Byte offset of the entry.
        offset: u64,
        /// The cell index it holds.
        cell: u32,
    },
    /// An entry names a cell an earlier entry already visited.
    #[error("the entry at byte offset {offset} (number {}) visits cell {cell} {} a second time", offset / 4 + 1, shape.cell_name(*cell as Cell))]
    Repeated {
        /// The board.
        shape: Shape,
        /// Byte offset of the second visit.
        offset: u64,
        /// The cell index visited twice.
        cell: u32,
    },
    /// The board has more cells than a [`Tour`] may hold; such a file can only be streamed.
    #[error("the {shape} board has {} cells, more than the {MAX_CELLS} a tour held whole may have", shape.n_cells())]
    TooLarge {
        /// The board.
        shape: Shape,
    },
    /// Reading failed.
    #[error("cannot read at byte offset {offset}: {source}")]
    Io {
        /// Byte offset the read started at.
        offset: u64,
        /// What the reader reported.
        source: io::Error,
    },
}

/// Writes `cells` in the binary form: each as a little-endian `u32`, a chunk per write call.
pub fn write_cells(out: &mut impl Write, cells: &[u32]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(cells.len().min(CHUNK_CELLS) * ENTRY);
    for chunk in cells.chunks(CHUNK_CELLS) {
        bytes.clear();
        bytes.extend(chunk.iter().flat_map(|cell| cell.to_le_bytes()));
        out.write_all(&bytes)?;
    }
    Ok(())
}

/// The tour of `shape` that `bytes` hold, for boards of at most [`MAX_CELLS`] cells. Checks
/// the length, that every entry is a cell of the board and that none comes twice; whether
/// consecutive cells are a move apart is the verifier's business, as for every tour.
pub fn to_tour(bytes: &[u8], shape: Shape) -> Result<Tour, BinaryError> {
    let n = shape.n_cells();
    if n > MAX_CELLS {
        return Err(BinaryError::TooLarge { shape });
    }
    check_length(bytes.len() as u64, shape)?;
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for (k, entry) in bytes.chunks_exact(ENTRY).enumerate() {
        let cell = u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]);
        let offset = (k * ENTRY) as u64;
        let slot = seen.get_mut(cell as Cell).ok_or(BinaryError::OffBoard {
            shape,
            offset,
            cell,
        })?;
        if std::mem::replace(slot, true) {
            return Err(BinaryError::Repeated {
                shape,
                offset,
                cell,
            });
        }
        order.push(cell as Cell);
    }
    Ok(Tour::new(shape, order).expect("checked above: every cell of the board once"))
}

/// Whether `bytes` is the length of a tour of `shape`: whole entries, one per cell.
pub fn check_length(bytes: u64, shape: Shape) -> Result<(), BinaryError> {
    let rest = bytes % ENTRY as u64;
    if rest != 0 {
        return Err(BinaryError::Truncated {
            bytes,
            offset: bytes - rest,
        });
    }
    let expected = shape.n_cells() as u64;
    let found = bytes / ENTRY as u64;
    if found != expected {
        return Err(BinaryError::Length {
            shape,
            bytes,
            found,
            expected,
        });
    }
    Ok(())
}

/// The entries of a binary tour read a chunk at a time from any reader, so that a file of
/// hundreds of megabytes is checked in a fixed amount of memory. It checks only that the input
/// holds whole entries; what they name is the caller's business.
pub struct CellChunks<R> {
    reader: R,
    bytes: Vec<u8>,
    cells: Vec<u32>,
    /// Bytes of an entry cut short by the end of the last chunk, at the front of `bytes`.
    pending: usize,
    /// Bytes handed out as entries so far: the byte offset of the next chunk.
    offset: u64,
    /// The reader reported its end.
    ended: bool,
}

impl<R: Read> CellChunks<R> {
    /// Reads the binary tour `reader` holds, from its current position.
    pub fn new(reader: R) -> Self {
        CellChunks {
            reader,
            bytes: vec![0; CHUNK_CELLS * ENTRY],
            cells: Vec::with_capacity(CHUNK_CELLS),
            pending: 0,
            offset: 0,
            ended: false,
        }
    }

    /// The next chunk of up to [`CHUNK_CELLS`] entries with the 0-based index of its first
    /// entry (the entry at byte offset 4 x index), or `None` at the end of the input. A last
    /// entry cut short is an error once every whole entry before it was handed out.
    pub fn next_chunk(&mut self) -> Result<Option<(u64, &[u32])>, BinaryError> {
        let filled = self.fill()?;
        let whole = filled - filled % ENTRY;
        if whole == 0 {
            return match filled {
                0 => Ok(None),
                _ => Err(BinaryError::Truncated {
                    bytes: self.offset + filled as u64,
                    offset: self.offset,
                }),
            };
        }
        self.cells.clear();
        let entries = self.bytes[..whole].chunks_exact(ENTRY);
        self.cells
            .extend(entries.map(|e| u32::from_le_bytes([e[0], e[1], e[2], e[3]])));
        self.bytes.copy_within(whole..filled, 0);
        self.pending = filled - whole;
        let first = self.offset / ENTRY as u64;
        self.offset += whole as u64;
        Ok(Some((first, &self.cells)))
    }

    /// Fills the buffer after the bytes pending from the last call, until it is full or the
    /// reader ends; returns how many bytes it holds. A full buffer holds whole entries only,
    /// so a cut-short entry is pending only at the end of the input.
    fn fill(&mut self) -> Result<usize, BinaryError> {
        let mut filled = self.pending;
        while filled < self.bytes.len() && !self.ended {
            match self.reader.read(&mut self.bytes[filled..]) {
                Ok(0) => self.ended = true,
                Ok(read) => filled += read,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(source) => {
                    return Err(BinaryError::Io {
                        offset: self.offset + filled as u64,
                        source,
                    })
                }
            }
        }
        Ok(filled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x4 tour (open), in visiting order.
    fn small() -> (Shape, Vec<u32>) {
        let shape = Shape::flat(3, 4);
        let numbers = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
        let tour = Tour::from_numbers(shape, &numbers).unwrap();
        (shape, tour.order().iter().map(|&c| c as u32).collect())
    }

    fn bytes_of(cells: &[u32]) -> Vec<u8> {
        let mut out = Vec::new();
        write_cells(&mut out, cells).unwrap();
        out
    }

    /// A reader that hands out at most `step` bytes a call, then fails if `fail` is set.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        fail: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.bytes.is_empty() && self.fail {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// Every chunk as (index of its first entry, entries), and the error that ended it, if any.
    fn chunks(reader: impl Read) -> (Vec<(u64, Vec<u32>)>, Option<BinaryError>) {
        let mut reader = CellChunks::new(reader);
        let mut out = Vec::new();
        loop {
            match reader.next_chunk() {
                Ok(Some((first, cells))) => out.push((first, cells.to_vec())),
                Ok(None) => return (out, None),
                Err(err) => return (out, Some(err)),
            }
        }
    }

    #[test]
    fn cells_are_written_little_endian_without_a_header() {
        assert_eq!(
            bytes_of(&[1, 0x0102_0304]),
            [1, 0, 0, 0, 0x04, 0x03, 0x02, 0x01]
        );
        assert!(bytes_of(&[]).is_empty());
    }

    #[test]
    fn a_written_tour_reads_back() {
        let (shape, cells) = small();
        let tour = to_tour(&bytes_of(&cells), shape).unwrap();
        let order: Vec<u32> = tour.order().iter().map(|&c| c as u32).collect();
        assert_eq!((tour.shape(), order), (shape, cells));
    }

    #[test]
    fn a_bad_length_names_the_byte_offset_or_the_count() {
        let (shape, cells) = small();
        let mut bytes = bytes_of(&cells);
        bytes.pop();
        let err = to_tour(&bytes, shape).unwrap_err();
        let text = err.to_string();
        assert!(
            matches!(
                err,
                BinaryError::Truncated {
                    bytes: 47,
                    offset: 44
                }
            ),
            "{text}"
        );
        assert!(
            text.contains("47 bytes") && text.contains("byte offset 44"),
            "{text}"
        );
        let short = &bytes[..44];
        let text = to_tour(short, shape).unwrap_err().to_string();
        assert!(
            text.contains("hold 11 cells") && text.contains("has 12 (48 bytes"),
            "{text}"
        );
    }

    #[test]
    fn an_entry_off_the_board_or_twice_names_its_byte_offset() {
        let (shape, mut cells) = small();
        cells[2] = 12;
        let text = to_tour(&bytes_of(&cells), shape).unwrap_err().to_string();
        assert!(
            text.contains("byte offset 8 (number 3) is cell 12, outside"),
            "{text}"
        );
        let (_, mut cells) = small();
        cells[5] = cells[1];
        let text = to_tour(&bytes_of(&cells), shape).unwrap_err().to_string();
        let name = shape.cell_name(cells[1] as Cell);
        assert!(
            text.contains(&format!(
                "byte offset 20 (number 6) visits cell {} {name} a second",
                cells[1]
            )),
            "{text}"
        );
    }

    #[test]
    fn a_board_too_large_to_hold_is_refused_not_allocated() {
        let shape = Shape::flat(10_000, 10_000);
        let err = to_tour(&[], shape).unwrap_err();
        assert!(matches!(err, BinaryError::TooLarge { .. }), "{err}");
    }

    #[test]
    fn chunks_hand_out_every_entry_once_in_order_whatever_the_reads() {
        let cells: Vec<u32> = (0..2 * CHUNK_CELLS as u32 + 5).rev().collect();
        let bytes = bytes_of(&cells);
        for step in [1, 7, 4096, usize::MAX] {
            let trickle = Trickle {
                bytes: &bytes,
                step,
                fail: false,
            };
            let (got, err) = chunks(trickle);
            assert!(err.is_none(), "{err:?}");
            let firsts: Vec<u64> = got.iter().map(|(first, _)| *first).collect();
            let sizes = CHUNK_CELLS as u64;
            assert_eq!(firsts, [0, sizes, 2 * sizes], "step {step}");
            let all: Vec<u32> = got.into_iter().flat_map(|(_, c)| c).collect();
            assert_eq!(all, cells, "step {step}");
        }
    }

    #[test]
    fn a_cut_short_last_entry_comes_after_every_whole_one() {
        let cells: Vec<u32> = (0..CHUNK_CELLS as u32 + 3).collect();
        let mut bytes = bytes_of(&cells);
        bytes.extend([9, 9]);
        let (got, err) = chunks(&bytes[..]);
        let all: Vec<u32> = got.into_iter().flat_map(|(_, c)| c).collect();
        assert_eq!(all, cells);
        let offset = 4 * cells.len() as u64;
        match err {
            Some(BinaryError::Truncated {
                bytes: b,
                offset: o,
            }) => {
                assert_eq!((b, o), (offset + 2, offset));
            }
            other => panic!("not a truncation: {other:?}"),
        }
        let (got, err) = chunks(&[1u8, 2, 3][..]);
        assert!(got.is_empty());
        assert!(matches!(
            err,
            Some(BinaryError::Truncated {
                bytes: 3,
                offset: 0
            })
        ));
    }

    #[test]
    fn a_failed_read_names_its_byte_offset() {
        let bytes = bytes_of(&[1, 2, 3]);
        let trickle = Trickle {
            bytes: &bytes,
            step: 5,
            fail: true,
        };
        let (got, err) = chunks(trickle);
        assert!(got.is_empty());
        let text = err.expect("the read fails").to_string();
        assert!(
            text.contains("byte offset 12") && text.contains("the disk is gone"),
            "{text}"
        );
    }
}
