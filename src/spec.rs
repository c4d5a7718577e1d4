//! What a user may say: the model file (TOML) and its flag equivalents.
//!
//! A `Spec` is checked only for syntax here; `Puzzle::from_spec` decides what it means and
//! rejects what cannot hold. Cell coordinates are 0-based; a negative index counts from the
//! far side, so `cols = [-1]` is the rightmost column on any board.

use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Short name used in reports; defaults to the file stem.
    pub name: Option<String>,
    pub description: Option<String>,
    /// `ROWSxCOLS` or `LAYERSxROWSxCOLS`.
    pub board: String,
    /// The (a, b) leaper; the knight [1, 2] when absent.
    pub leaper: Option<[usize; 2]>,
    /// Whether the last cell must be a move away from the first.
    #[serde(default)]
    pub closed: bool,
    /// Cells allowed to carry number 1.
    pub start: Option<CellSetSpec>,
    /// Cells allowed to carry the last number.
    pub end: Option<CellSetSpec>,
    /// A symmetry the tour itself must have: `"rot180"` (in a box: the central inversion).
    pub symmetry: Option<TourSymmetry>,
    #[serde(default)]
    pub sums: SumsSpec,
    /// Moves the tour must make, as pairs of cells: `[[[1, 0], [0, 2]], ...]`.
    #[serde(default)]
    pub required_moves: Vec<[Vec<i64>; 2]>,
    #[serde(default)]
    pub classes: ClassesSpec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TourSymmetry {
    Rot180,
}

/// A union of cells: whole layers, rows and columns, and single cells.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSetSpec {
    #[serde(default)]
    pub layers: Vec<i64>,
    #[serde(default)]
    pub rows: Vec<i64>,
    #[serde(default)]
    pub cols: Vec<i64>,
    /// `[row, col]` or `[layer, row, col]`.
    #[serde(default)]
    pub cells: Vec<Vec<i64>>,
}

/// Line-sum constraints. The named families apply to flat boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SumsSpec {
    pub rows: Option<u64>,
    pub cols: Option<u64>,
    /// Each half of each row (the board needs an even number of columns).
    pub half_rows: Option<u64>,
    /// Each half of each column (the board needs an even number of rows).
    pub half_cols: Option<u64>,
    /// Both main diagonals (square boards).
    pub diagonals: Option<u64>,
    #[serde(default)]
    pub lines: Vec<LineSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineSpec {
    pub name: Option<String>,
    pub cells: Vec<Vec<i64>>,
    pub target: u64,
}

/// What counts as "the same" solution when counting classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassesSpec {
    /// Identify solutions related by a rotation or reflection of the board.
    #[serde(default = "yes")]
    pub board: bool,
    /// Identify a numbered tour with its reverse numbering.
    #[serde(default)]
    pub reverse: bool,
}

fn yes() -> bool {
    true
}

impl Default for ClassesSpec {
    fn default() -> Self {
        ClassesSpec {
            board: true,
            reverse: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error("cannot read model file {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("model file {path}: {message}")]
    Toml { path: String, message: String },
}

impl Spec {
    /// A plain tour on a board: no constraints beyond the board itself.
    pub fn plain(board: &str) -> Self {
        Spec {
            board: board.to_string(),
            ..Spec::default()
        }
    }

    pub fn from_toml(text: &str, origin: &str) -> Result<Self, SpecError> {
        toml::from_str(text).map_err(|e| SpecError::Toml {
            path: origin.to_string(),
            message: e.to_string().trim_end().to_string(),
        })
    }

    /// Reads a model file; the name defaults to the file stem.
    pub fn from_file(path: &Path) -> Result<Self, SpecError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
            path: shown.clone(),
            source,
        })?;
        let mut spec = Spec::from_toml(&text, &shown)?;
        if spec.name.is_none() {
            spec.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        }
        Ok(spec)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a spec always serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_field_is_named_with_its_line() {
        let err = Spec::from_toml("board = \"8x8\"\nclosd = true\n", "m.toml").unwrap_err();
        let text = err.to_string();
        assert!(text.contains("line 2"), "{text}");
        assert!(text.contains("closd"), "{text}");
    }

    #[test]
    fn wrong_type_is_named() {
        let err = Spec::from_toml("board = \"8x8\"\n[sums]\nrows = \"many\"\n", "m.toml");
        let text = err.unwrap_err().to_string();
        assert!(text.contains("line 3") && text.contains("rows"), "{text}");
    }

    #[test]
    fn toml_round_trip() {
        let text = "board = \"8x8\"\nclosed = true\nsymmetry = \"rot180\"\n[start]\ncols = [0]\n[sums]\nrows = 260\n";
        let spec = Spec::from_toml(text, "m").unwrap();
        assert_eq!(Spec::from_toml(&spec.to_toml(), "m").unwrap(), spec);
        assert_eq!(spec.start.unwrap().cols, vec![0]);
    }
}
