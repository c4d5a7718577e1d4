//! The manifest of a proof directory, `manifest.jsonl`: one line per proof its run wrote,
//! with the SHA-256 of the CNF and of the proof, the run that wrote it and the claim it
//! proves. A checker verifies whatever CNF it is handed, even a made-up trivial one; the
//! manifest is what ties a verified proof to the run and the answer it stands behind, so
//! `knights check-proofs` compares each proof with its line and flags a proof without one.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;

use crate::files::{self, read_text_if_there, sha256, ReadError, ReadProblem};
use crate::puzzle::angle_cells;
use crate::puzzle::Puzzle;
use serde::{Deserialize, Serialize};

/// The manifest's file name inside a proof directory.
pub const MANIFEST: &str = "manifest.jsonl";

/// One proof of the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestEntry {
    /// The proof's file name, `proof-N.drat`, in the manifest's directory.
    pub proof: String,
    /// The CNF it refers to, `proof-N.cnf`.
    pub cnf: String,
    /// SHA-256 of the CNF's bytes, in lower-case hex.
    pub cnf_sha256: String,
    /// SHA-256 of the proof's bytes, in lower-case hex.
    pub drat_sha256: String,
    /// The run that wrote it (the command line, for runs started from the command line).
    pub run: String,
    /// What a verified proof shows.
    pub claim: String,
}

/// Why a manifest cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    /// The file could not be read, or is not a file.
    #[error(transparent)]
    Unreadable(#[from] ReadError),
    /// A line is not a manifest entry.
    #[error("{path}, line {line}: not a manifest entry ({message})")]
    BadLine {
        /// The manifest.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
}

/// The claim a proof of one solver's work makes: no solution of the puzzle lies in the cubes
/// it refuted, besides those the clauses added while solving exclude (the tours found).
pub fn claim(puzzle: &Puzzle, cubes: usize, added: usize) -> String {
    let kind = if puzzle.closed.is_closed() {
        "closed"
    } else {
        "open"
    };
    let angles = angle_cells(puzzle.n_cells(), puzzle.closed);
    let bounds: Vec<String> = puzzle.angles.iter().map(|b| b.describe(angles)).collect();
    let bounded = match bounds.is_empty() {
        true => String::new(),
        false => format!(" with {}", bounds.join(", ")),
    };
    format!(
        "no {kind} tour of '{}'{bounded} lies in the {cubes} cubes this solver refuted, besides those excluded by its {added} added clauses (blocking clauses of the tours found, subtour cuts)",
        puzzle.name
    )
}

/// Appends `entry` as one line, with one write, so that lines of solvers finishing at once
/// do not interleave.
pub fn append(dir: &Path, entry: &ManifestEntry) -> io::Result<()> {
    let mut line = serde_json::to_string(entry).map_err(io::Error::other)?;
    line.push('\n');
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(MANIFEST))?;
    file.write_all(line.as_bytes())
}

/// The entries of the manifest in `dir`; `None` when there is no manifest.
pub fn read(dir: &Path) -> Result<Option<Vec<ManifestEntry>>, ManifestError> {
    let path = dir.join(MANIFEST);
    let Some(text) = read_text_if_there(&path)? else {
        return Ok(None);
    };
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let entry = serde_json::from_str(line).map_err(|err| ManifestError::BadLine {
            path: path.display().to_string(),
            line: n + 1,
            message: err.to_string(),
        })?;
        entries.push(entry);
    }
    Ok(Some(entries))
}

/// SHA-256 of a file's bytes, in lower-case hex.
pub fn sha256_of_file(path: &Path) -> Result<String, ReadError> {
    let file = files::open(path)?;
    sha256::of_reader(file)
        .map_err(|e| ReadError::new(&path.display().to_string(), ReadProblem::Io(e)))
}

/// The file name of `path` as a string.
pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::sha256::Hashing;

    #[test]
    fn a_written_file_hashes_as_the_file_does_and_as_sha256_of_abc() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x");
        let mut writer = Hashing::new(std::fs::File::create(&path).unwrap());
        writer.write_all(b"abc").unwrap();
        let written = writer.finish();
        // The test vector of FIPS 180-2, appendix B.1.
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(written, abc);
        assert_eq!(sha256_of_file(&path).unwrap(), abc);
    }

    #[test]
    fn entries_round_trip_and_a_bad_line_is_named() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read(dir.path()).unwrap().is_none());
        let entry = ManifestEntry {
            proof: "proof-0.drat".into(),
            cnf: "proof-0.cnf".into(),
            cnf_sha256: "00".into(),
            drat_sha256: "11".into(),
            run: "knights count --board 6x6".into(),
            claim: "none".into(),
        };
        append(dir.path(), &entry).unwrap();
        append(dir.path(), &entry).unwrap();
        assert_eq!(read(dir.path()).unwrap(), Some(vec![entry.clone(), entry]));
        std::fs::write(dir.path().join(MANIFEST), "{}\n").unwrap();
        let err = read(dir.path()).unwrap_err().to_string();
        assert!(err.contains("line 1"), "{err}");
    }
}
