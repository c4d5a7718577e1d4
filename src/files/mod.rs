//! The user's files: reading one whole, locking a directory a run writes into, and the
//! SHA-256 of what is written or read ([`sha256`]).
//!
//! Every file a command reads whole goes through [`read_text`] or [`read_bytes`]. Only a
//! regular file is read (a device such as `/dev/zero` never ends, and a FIFO blocks until
//! someone writes to it), and only up to a bound on the file and on each of its lines, so
//! that what a user names by mistake is refused with a message naming it instead of filling
//! memory. [`read_gzip_text`] reads a gzip file under the same bounds on what it unpacks
//! to. Standard input, where a command takes `-`, goes through [`read_stdin`] under the
//! same bounds.

mod lock;
pub mod sha256;

pub use lock::{lock_dir, try_lock, DirLock};

use std::fs::{File, FileType};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// The most a file read whole may hold: past it a file is not one knights wrote or reads.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The most one line of a text file may hold: a tour of a board of a million cells as one
/// JSON line holds about a quarter of it.
pub const MAX_LINE_BYTES: usize = 1 << 25;

/// Why a file could not be read: the file, and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {file}: {problem}")]
pub struct ReadError {
    /// The file as given, or what it stands for ("standard input").
    pub file: String,
    /// What is wrong with it.
    pub problem: ReadProblem,
}

/// What is wrong with a file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadProblem {
    /// The system refused to open or read it (shown in the message, so not a `source`).
    #[error("{0}")]
    Io(io::Error),
    /// It is a directory, a device, a FIFO or a socket.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// It holds more than [`MAX_FILE_BYTES`], or more than the caller's bound.
    #[error("it holds more than {0} bytes, more than such a file can")]
    TooLarge(u64),
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("line {line} is longer than {limit} bytes, more than any line knights reads")]
    LineTooLong {
        /// The line (1-based).
        line: usize,
        /// The bound.
        limit: usize,
    },
    /// Bytes that are not UTF-8 in a text file, from this line (1-based).
    #[error("line {0} is not UTF-8 text")]
    NotText(usize),
}

impl ReadError {
    /// The error of `file`.
    pub fn new(file: &str, problem: ReadProblem) -> Self {
        ReadError {
            file: file.to_string(),
            problem,
        }
    }

    /// Whether the file is simply not there.
    pub fn is_not_found(&self) -> bool {
        matches!(&self.problem, ReadProblem::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// Opens `path` for reading if it is a regular file (following links), without blocking on
/// a FIFO: what it is is read from the open descriptor, so it cannot change in between.
pub fn open(path: &Path) -> Result<File, ReadError> {
    let shown = path.display().to_string();
    let io = |e| ReadError::new(&shown, ReadProblem::Io(e));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let kind = file.metadata().map_err(io)?.file_type();
    if !kind.is_file() {
        return Err(ReadError::new(
            &shown,
            ReadProblem::NotAFile(describe(kind)),
        ));
    }
    Ok(file)
}

/// What a file that is not a regular file is, in words.
fn describe(kind: FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something other than a file"
    }
}

/// The text of the regular file `path`, within the bounds on files and lines.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let file = open(path)?;
    let shown = path.display().to_string();
    check_size(&file, &shown, MAX_FILE_BYTES)?;
    text(read_bounded(file, &shown, MAX_FILE_BYTES, true)?, &shown)
}

/// The text of the gzip file `path` (one member or several, as `cat a.gz b.gz` makes),
/// within the same bounds as [`read_text`] on what it unpacks to: a file that unpacks past
/// [`MAX_FILE_BYTES`] is refused, however small it is packed. Damaged data is an error
/// naming the file.
pub fn read_gzip_text(path: &Path) -> Result<String, ReadError> {
    let file = open(path)?;
    let shown = path.display().to_string();
    check_size(&file, &shown, MAX_FILE_BYTES)?;
    let unpacked = flate2::read::MultiGzDecoder::new(io::BufReader::new(file));
    text(
        read_bounded(unpacked, &shown, MAX_FILE_BYTES, true)?,
        &shown,
    )
}

/// The text of `path`, or `None` when there is no such file.
pub fn read_text_if_there(path: &Path) -> Result<Option<String>, ReadError> {
    match read_text(path) {
        Err(e) if e.is_not_found() => Ok(None),
        other => other.map(Some),
    }
}

/// The bytes of the regular file `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open(path)?;
    let shown = path.display().to_string();
    check_size(&file, &shown, limit)?;
    read_bounded(file, &shown, limit, false)
}

/// The text of standard input, named `name` in messages, within the same bounds as a file.
pub fn read_stdin(name: &str) -> Result<String, ReadError> {
    text(
        read_bounded(io::stdin().lock(), name, MAX_FILE_BYTES, true)?,
        name,
    )
}

/// Refuses a file whose size is already past `limit`, before anything is read.
fn check_size(file: &File, shown: &str, limit: u64) -> Result<(), ReadError> {
    let size = file.metadata().map_or(0, |m| m.len());
    if size > limit {
        return Err(ReadError::new(shown, ReadProblem::TooLarge(limit)));
    }
    Ok(())
}

/// Everything `reader` holds, refused past `limit` bytes and, for text, past a line of
/// [`MAX_LINE_BYTES`]: a file that grows while it is read is stopped there too.
fn read_bounded(
    mut reader: impl Read,
    shown: &str,
    limit: u64,
    lines_bounded: bool,
) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut lines = LineMeter::default();
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::new(shown, ReadProblem::Io(e))),
        };
        if (bytes.len() + n) as u64 > limit {
            return Err(ReadError::new(shown, ReadProblem::TooLarge(limit)));
        }
        if lines_bounded {
            lines.feed(&chunk[..n], shown)?;
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// The line being read and its length so far.
#[derive(Default)]
struct LineMeter {
    /// Newlines seen.
    ended: usize,
    /// Bytes of the current line so far.
    length: usize,
}

impl LineMeter {
    fn feed(&mut self, bytes: &[u8], shown: &str) -> Result<(), ReadError> {
        let mut rest = bytes;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            self.check(self.length + at, shown)?;
            self.ended += 1;
            self.length = 0;
            rest = &rest[at + 1..];
        }
        self.length += rest.len();
        self.check(self.length, shown)
    }

    fn check(&self, length: usize, shown: &str) -> Result<(), ReadError> {
        if length > MAX_LINE_BYTES {
            let line = self.ended + 1;
            let limit = MAX_LINE_BYTES;
            return Err(ReadError::new(
                shown,
                ReadProblem::LineTooLong { line, limit },
            ));
        }
        Ok(())
    }
}

/// The bytes as text, or the line of the first byte that is not UTF-8.
fn text(bytes: Vec<u8>, shown: &str) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..valid]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        ReadError::new(shown, ReadProblem::NotText(line))
    })
}

#[cfg(test)]
mod tests;
