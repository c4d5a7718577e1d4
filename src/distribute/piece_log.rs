//! Which pieces of a native-search job are searched to their end, so that a job stopped or
//! killed starts again where it was rather than from scratch.
//!
//! `job-I.jsonl.pieces` sits beside the partial result: the partial's header line, then one
//! line per piece finished (`{"piece":P,"nodes":N,"seconds":S}`). A piece's line is written
//! only after every class below it is in the partial result (flushed, and on disk when the
//! piece found any), so a piece the log names never needs searching again; a kill may cut the
//! log's last line, which then does not count. The log is removed once the job is finished.

use super::jobfile::Job;
use super::result::{check_header, ResultHeader};
use crate::files::{read_bytes, read_text_if_there, MAX_FILE_BYTES};
use crate::run::SetAside;
use crate::search::PieceDone;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where a job's piece log lives in `dir`.
pub fn piece_log_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index}.jsonl.pieces"))
}

/// One line of the log.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct PieceLine {
    piece: usize,
    nodes: u64,
    seconds: f64,
}

/// The pieces an earlier run finished: nodes and seconds by piece index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FinishedPieces {
    by_piece: BTreeMap<usize, (u64, f64)>,
}

impl FinishedPieces {
    /// Whether piece `index` was finished.
    pub fn contains(&self, index: usize) -> bool {
        self.by_piece.contains_key(&index)
    }

    /// How many pieces were finished.
    pub fn len(&self) -> usize {
        self.by_piece.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.by_piece.is_empty()
    }

    /// Search nodes below the finished pieces.
    pub fn nodes(&self) -> u64 {
        self.by_piece.values().map(|&(n, _)| n).sum()
    }

    /// Seconds their threads spent on them.
    pub fn seconds(&self) -> f64 {
        self.by_piece.values().map(|&(_, s)| s).sum()
    }
}

/// The pieces of `job` that the log in `dir` names as finished; `None` when there is no log.
/// A log that belongs to another job, has a line that does not read, or names a piece the
/// job does not have is not used (the job starts over), and the error says where it failed.
pub fn read_piece_log(
    dir: &Path,
    job: &Job,
    pieces: usize,
) -> Result<Option<FinishedPieces>, SetAside> {
    let read = read_text_if_there(&piece_log_path(dir, job.index));
    let Some(text) = read.map_err(|_| SetAside::Log { line: 0 })? else {
        return Ok(None);
    };
    check_header(&text, job).map_err(|_| SetAside::Log { line: 1 })?;
    let mut finished = FinishedPieces::default();
    // Only lines ended by a newline were written whole.
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    for (at, line) in whole.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let bad = SetAside::Log { line: at + 1 };
        let entry: PieceLine = serde_json::from_str(line).map_err(|_| bad)?;
        if entry.piece >= pieces {
            return Err(bad);
        }
        finished
            .by_piece
            .insert(entry.piece, (entry.nodes, entry.seconds));
    }
    Ok(Some(finished))
}

/// Removes a job's piece log, if any.
pub fn remove_piece_log(dir: &Path, index: usize) -> io::Result<()> {
    match std::fs::remove_file(piece_log_path(dir, index)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Appends finished pieces to a job's log.
pub struct PieceLog {
    out: File,
    path: PathBuf,
}

impl PieceLog {
    /// Opens `job`'s log in `dir` to add to it: the log as it is when `keep` (its pieces are
    /// still finished), else a new one holding the header only.
    pub fn open(dir: &Path, job: &Job, keep: bool) -> io::Result<Self> {
        let path = piece_log_path(dir, job.index);
        if keep {
            // A line cut by a kill is dropped, or the next one would be written onto it.
            let text = read_bytes(&path, MAX_FILE_BYTES).map_err(io::Error::other)?;
            let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let out = OpenOptions::new().append(true).open(&path)?;
            out.set_len(whole as u64)?;
            return Ok(PieceLog { out, path });
        }
        let mut out = File::create(&path)?;
        let header = serde_json::to_string(&ResultHeader::of(job)).expect("a header serialises");
        writeln!(out, "{header}")?;
        Ok(PieceLog { out, path })
    }

    /// Records one piece, whose `index` is its position in the job (not in this run's list).
    pub fn record(&mut self, index: usize, done: &PieceDone) -> io::Result<()> {
        let line = PieceLine {
            piece: index,
            nodes: done.nodes,
            seconds: done.seconds,
        };
        let text = serde_json::to_string(&line).expect("a piece line serialises");
        // One write of the whole line: a kill leaves it whole or cut, never interleaved.
        self.out.write_all(format!("{text}\n").as_bytes())
    }

    /// The log's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
