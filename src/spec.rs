//! What a user may say: the model file (TOML) and its flag equivalents.
//!
//! A `Spec` is checked only for syntax here; `Puzzle::from_spec` decides what it means and
//! rejects what cannot hold. Cell coordinates are 0-based; a negative index counts from the
//! far side, so `cols = [-1]` is the rightmost column on any board.

use crate::files::{read_text, ReadError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A model as the user writes it (the TOML file's fields), checked only for syntax.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Short name used in reports; defaults to the file stem.
    pub name: Option<String>,
    /// Free text about the model for people reading the file; no command acts on it.
    pub description: Option<String>,
    /// `ROWSxCOLS` or `LAYERSxROWSxCOLS`.
    pub board: String,
    /// The (a, b) leaper; the knight [1, 2] when absent.
    #[serde(default, deserialize_with = "exact::optional_pair")]
    pub leaper: Option<[usize; 2]>,
    /// Whether the last cell must be a move away from the first.
    #[serde(default)]
    pub closed: bool,
    /// Numbers the puzzle gives on the board: `[row, col, number]` (or `[layer, row, col,
    /// number]` in a box) each, as a puzzle's clues.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub givens: Vec<Vec<i64>>,
    /// Cells allowed to carry number 1.
    pub start: Option<CellSetSpec>,
    /// Cells allowed to carry the last number.
    pub end: Option<CellSetSpec>,
    /// A symmetry the tour itself must have: `"rot180"` (in a box: the central inversion) or
    /// `"rot90"` (square boards).
    pub symmetry: Option<TourSymmetry>,
    /// Line sums the numbers must meet.
    #[serde(default)]
    pub sums: SumsSpec,
    /// Moves the tour must make, as pairs of cells: `[[[1, 0], [0, 2]], ...]`.
    #[serde(default, deserialize_with = "exact::pairs")]
    pub required_moves: Vec<[Vec<i64>; 2]>,
    /// What counts as the same solution when counting classes.
    #[serde(default)]
    pub classes: ClassesSpec,
    /// Bounds on how many cells have an angle of each kind between the tour's two moves.
    #[serde(default, skip_serializing_if = "AnglesSpec::is_empty")]
    pub angles: AnglesSpec,
}

/// Pairs read strictly: a fixed-size array may be filled from the first elements of a longer
/// list and drop the rest, so a leaper of three numbers or a move of three cells would pass
/// as something else. Read as lists, they are refused with their length.
mod exact {
    use serde::de::{Deserializer, Error};
    use serde::Deserialize;

    fn pair<T, E: Error>(items: Vec<T>, what: &str) -> Result<[T; 2], E> {
        let found = items.len();
        <[T; 2]>::try_from(items)
            .map_err(|_| E::custom(format!("{what} has {found} elements; it takes exactly 2")))
    }

    pub fn optional_pair<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<[usize; 2]>, D::Error> {
        let items = Vec::<usize>::deserialize(deserializer)?;
        pair(items, "leaper [A, B]").map(Some)
    }

    pub fn pairs<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<[Vec<i64>; 2]>, D::Error> {
        let moves = Vec::<Vec<Vec<i64>>>::deserialize(deserializer)?;
        let numbered = moves.into_iter().enumerate();
        numbered
            .map(|(i, cells)| pair(cells, &format!("required move {} (a pair of cells)", i + 1)))
            .collect()
    }
}

/// A symmetry the tour itself must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TourSymmetry {
    /// Turning the board a half turn maps the tour onto itself (in a box: the central inversion).
    Rot180,
    /// Turning a square board a quarter turn maps the tour onto itself.
    Rot90,
}

/// A union of cells: whole layers, rows and columns, and single cells.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSetSpec {
    /// Whole layers by 0-based index, negative from the far end (boxes only).
    #[serde(default)]
    pub layers: Vec<i64>,
    /// Whole rows by 0-based index, negative from the far end.
    #[serde(default)]
    pub rows: Vec<i64>,
    /// Whole columns by 0-based index, negative from the far end.
    #[serde(default)]
    pub cols: Vec<i64>,
    /// `[row, col]` or `[layer, row, col]`.
    #[serde(default)]
    pub cells: Vec<Vec<i64>>,
}

impl CellSetSpec {
    /// The set of the one flat-board cell (`row`, `col`).
    pub fn cell(row: usize, col: usize) -> Self {
        CellSetSpec {
            cells: vec![vec![row as i64, col as i64]],
            ..CellSetSpec::default()
        }
    }
}

/// Line-sum constraints. The named families apply to flat boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SumsSpec {
    /// The target of every row.
    pub rows: Option<u64>,
    /// The target of every column.
    pub cols: Option<u64>,
    /// Each half of each row (the board needs an even number of columns).
    pub half_rows: Option<u64>,
    /// Each half of each column (the board needs an even number of rows).
    pub half_cols: Option<u64>,
    /// Both main diagonals (square boards).
    pub diagonals: Option<u64>,
    /// Lines of any cells, each with its own target.
    #[serde(default)]
    pub lines: Vec<LineSpec>,
}

/// One line sum over cells the model lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineSpec {
    /// Name in reports and errors; `line I` (its 0-based position) when absent.
    pub name: Option<String>,
    /// The cells, each `[row, col]` or `[layer, row, col]`; none twice.
    pub cells: Vec<Vec<i64>>,
    /// What the numbers on these cells must add up to.
    pub target: u64,
}

/// Bounds on the angles of a tour, by kind. At a cell the tour's two moves, as vectors from
/// the cell, meet at an angle: acute (below 90 degrees), right, obtuse (above 90, below 180)
/// or straight (180). A cell at either end of an open tour has no angle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnglesSpec {
    /// Angles below 90 degrees (36.9 and 53.1 for the knight).
    pub acute: Option<BoundSpec>,
    /// Angles of 90 degrees.
    pub right: Option<BoundSpec>,
    /// Angles above 90 and below 180 degrees (126.9 and 143.1 for the knight).
    pub obtuse: Option<BoundSpec>,
    /// Angles of 180 degrees: the tour goes straight on.
    pub straight: Option<BoundSpec>,
    /// Angles above 90 degrees, the straight angle included.
    pub obtuse_or_straight: Option<BoundSpec>,
}

impl AnglesSpec {
    /// Whether the model bounds no kind of angle.
    pub fn is_empty(&self) -> bool {
        self == &AnglesSpec::default()
    }
}

/// How many cells may have an angle of one kind: `exactly`, or `at_least` and/or `at_most`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoundSpec {
    /// At least this many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<usize>,
    /// At most this many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<usize>,
    /// Exactly this many (not with `at_least` or `at_most`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exactly: Option<usize>,
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

/// Why a model file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// The file could not be read, or is not a file.
    #[error(transparent)]
    File(#[from] ReadError),
    /// The text is not valid TOML, or not a model.
    #[error("model file {path}: {message}")]
    Toml {
        /// The path as given, or what the text came from.
        path: String,
        /// The TOML reader's message, which names the line.
        message: String,
    },
}

impl Spec {
    /// A plain tour on a board: no constraints beyond the board itself.
    pub fn plain(board: &str) -> Self {
        Spec {
            board: board.to_string(),
            ..Spec::default()
        }
    }

    /// Parses a model from TOML text; `origin` names the text in error messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<Self, SpecError> {
        toml::from_str(text).map_err(|e| SpecError::Toml {
            path: origin.to_string(),
            message: unquoted_word(text, &e)
                .unwrap_or_else(|| e.to_string().trim_end().to_string()),
        })
    }

    /// Reads a model file; the name defaults to the file stem.
    pub fn from_file(path: &Path) -> Result<Self, SpecError> {
        let shown = path.display().to_string();
        let text = read_text(path)?;
        let mut spec = Spec::from_toml(&text, &shown)?;
        if spec.name.is_none() {
            spec.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        }
        Ok(spec)
    }

    /// The model as the TOML a model file holds.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a spec always serialises")
    }
}

/// The fields that take true or false, by table (`None`: the top level).
const BOOLEAN_FIELDS: [(Option<&str>, &str); 3] = [
    (None, "closed"),
    (Some("classes"), "board"),
    (Some("classes"), "reverse"),
];

/// What a value written as a bare word (`closed = yes`) means to say. TOML reads such a word
/// as a string without its quotes and answers "invalid string, expected `\"`", which names
/// neither the field nor what it takes; this says both, with the line.
fn unquoted_word(text: &str, err: &toml::de::Error) -> Option<String> {
    let start = err.span()?.start;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let row = text[line_start..].lines().next()?;
    let (key, rest) = row.split_once('=')?;
    let value = rest.split('#').next()?.trim();
    let is_word = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    // The error must be at the word itself, not at something else on its line.
    if !is_word || line_start + key.len() + 1 + rest.find(value)? != start {
        return None;
    }
    let (key, line) = (key.trim(), text[..start].matches('\n').count() + 1);
    let table = table_at(&text[..line_start]);
    if BOOLEAN_FIELDS.contains(&(table, key)) {
        return Some(format!(
            "line {line}: `{key}` takes true or false (without quotes), not `{value}`"
        ));
    }
    Some(format!(
        "line {line}: `{key} = {value}`: a word is written in quotes (`{key} = \"{value}\"`)"
    ))
}

/// The table the text that follows `before` is in: the name in its last `[...]` header.
fn table_at(before: &str) -> Option<&str> {
    let header = before
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))?;
    Some(header.trim_matches(|c| c == '[' || c == ']').trim())
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
    fn a_bare_word_is_named_with_its_field_and_line() {
        let err = Spec::from_toml("board = \"8x8\"\nclosed = yes\n", "m.toml").unwrap_err();
        let text = err.to_string();
        assert_eq!(
            text,
            "model file m.toml: line 2: `closed` takes true or false (without quotes), not `yes`"
        );
        let model = "board = \"8x8\"\n[classes]\nreverse = no # a comment\n";
        let text = Spec::from_toml(model, "m.toml").unwrap_err().to_string();
        assert!(
            text.contains("line 3: `reverse` takes true or false"),
            "{text}"
        );
        let model = "board = \"8x8\"\nsymmetry = rot180\n";
        let text = Spec::from_toml(model, "m.toml").unwrap_err().to_string();
        assert!(
            text.contains("line 2: `symmetry = rot180`: a word is written in quotes"),
            "{text}"
        );
        // Other syntax errors keep the TOML reader's own message.
        let text = Spec::from_toml("board = \"8x8\nclosed = true\n", "m").unwrap_err();
        assert!(text.to_string().contains("TOML parse error"), "{text}");
    }

    #[test]
    fn wrong_type_is_named() {
        let err = Spec::from_toml("board = \"8x8\"\n[sums]\nrows = \"many\"\n", "m.toml");
        let text = err.unwrap_err().to_string();
        assert!(text.contains("line 3") && text.contains("rows"), "{text}");
    }

    #[test]
    fn a_pair_with_a_third_element_is_refused() {
        let err = Spec::from_toml("board = \"8x8\"\nleaper = [1, 2, 3]\n", "m.toml").unwrap_err();
        let text = err.to_string();
        assert!(text.contains("line 2") && text.contains("leaper"), "{text}");
        assert!(
            text.contains("has 3 elements") && text.contains("exactly 2"),
            "{text}"
        );
        let model = "board = \"8x8\"\nrequired_moves = [[[0, 0], [1, 2], [2, 4]]]\n";
        let text = Spec::from_toml(model, "m.toml").unwrap_err().to_string();
        assert!(
            text.contains("required move 1") && text.contains("has 3"),
            "{text}"
        );
        let spec = Spec::from_toml("board = \"8x8\"\nleaper = [1, 3]\n", "m").unwrap();
        assert_eq!(spec.leaper, Some([1, 3]));
    }

    #[test]
    fn givens_are_read_and_written_back() {
        let text = "board = \"5x5\"\ngivens = [[0, 0, 1], [2, 1, 2]]\n";
        let spec = Spec::from_toml(text, "m").unwrap();
        assert_eq!(spec.givens, vec![vec![0, 0, 1], vec![2, 1, 2]]);
        assert_eq!(Spec::from_toml(&spec.to_toml(), "m").unwrap(), spec);
        assert!(!Spec::plain("5x5").to_toml().contains("givens"));
    }

    #[test]
    fn toml_round_trip() {
        let text = "board = \"8x8\"\nclosed = true\nsymmetry = \"rot180\"\n[start]\ncols = [0]\n[sums]\nrows = 260\n";
        let spec = Spec::from_toml(text, "m").unwrap();
        assert_eq!(Spec::from_toml(&spec.to_toml(), "m").unwrap(), spec);
        assert_eq!(spec.start.unwrap().cols, vec![0]);
    }
}
