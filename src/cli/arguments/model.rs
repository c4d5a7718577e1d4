//! The model a command works on: a TOML file, flags, or a file with flags layered on top.

use anyhow::{bail, Context, Result};
use clap::Args;
use knights::puzzle::Puzzle;
use knights::spec::{CellSetSpec, Spec, TourSymmetry};
use std::path::{Path, PathBuf};

/// Flags that state a simple model without a file, or adjust one.
#[derive(Args, Debug, Clone, Default)]
pub struct ModelFlags {
    /// Board size: ROWSxCOLS (8x8) or LAYERSxROWSxCOLS (4x4x4). Replaces a model file.
    #[arg(long, value_name = "SIZE")]
    pub board: Option<String>,
    /// The (a,b) leaper, for example 1,3 for the camel. Default: the knight 1,2.
    #[arg(long, value_name = "A,B")]
    pub leaper: Option<String>,
    /// Require a closed tour (the last cell a move away from the first).
    #[arg(long)]
    pub closed: bool,
    /// A symmetry the tour itself must have: rot180 (the half turn) or rot90 (the quarter
    /// turn, square boards).
    #[arg(long, value_name = "NAME")]
    pub symmetry: Option<String>,
    /// Allowed start column (0-based; negative counts from the right). Repeatable.
    #[arg(long, value_name = "COL", allow_hyphen_values = true)]
    pub start_col: Vec<i64>,
    /// Allowed start row (0-based; negative counts from the bottom). Repeatable.
    #[arg(long, value_name = "ROW", allow_hyphen_values = true)]
    pub start_row: Vec<i64>,
    /// Allowed start cell, ROW,COL or LAYER,ROW,COL. Repeatable.
    #[arg(long, value_name = "CELL", allow_hyphen_values = true)]
    pub start_cell: Vec<String>,
    /// Allowed end column. Repeatable.
    #[arg(long, value_name = "COL", allow_hyphen_values = true)]
    pub end_col: Vec<i64>,
    /// Allowed end row. Repeatable.
    #[arg(long, value_name = "ROW", allow_hyphen_values = true)]
    pub end_row: Vec<i64>,
    /// Allowed end cell. Repeatable.
    #[arg(long, value_name = "CELL", allow_hyphen_values = true)]
    pub end_cell: Vec<String>,
    /// Count a numbered tour and its reverse numbering as one class.
    #[arg(long)]
    pub reverse_equivalent: bool,
    /// Count classes on the fixed board (no rotations or reflections).
    #[arg(long)]
    pub fixed_board: bool,
}

impl ModelFlags {
    /// The spec from an optional model file and these flags, checked into a puzzle.
    pub fn puzzle(&self, file: Option<&Path>) -> Result<Puzzle> {
        let spec = self.spec(file)?;
        Puzzle::from_spec(&spec).with_context(|| format!("model {}", describe(file, &spec)))
    }

    pub fn spec(&self, file: Option<&Path>) -> Result<Spec> {
        let mut spec = match (file, &self.board) {
            (Some(_), Some(_)) => bail!("give a MODEL file or --board, not both"),
            (Some(path), None) => Spec::from_file(path)?,
            (None, Some(board)) => Spec::plain(board),
            (None, None) => bail!("no model: give a MODEL file or --board SIZE"),
        };
        self.apply(&mut spec)?;
        Ok(spec)
    }

    /// These flags as they would be typed.
    fn as_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        let mut pair = |flag: &str, value: &dyn std::fmt::Display| {
            args.push(format!("--{flag} {value}"));
        };
        let options = [
            ("board", &self.board),
            ("leaper", &self.leaper),
            ("symmetry", &self.symmetry),
        ];
        for (flag, value) in options {
            if let Some(value) = value {
                pair(flag, value);
            }
        }
        let lines = [
            ("start-col", &self.start_col),
            ("start-row", &self.start_row),
            ("end-col", &self.end_col),
            ("end-row", &self.end_row),
        ];
        for (flag, values) in lines {
            values.iter().for_each(|v| pair(flag, v));
        }
        self.start_cell.iter().for_each(|c| pair("start-cell", c));
        self.end_cell.iter().for_each(|c| pair("end-cell", c));
        let switches = [
            (self.closed, "--closed"),
            (self.reverse_equivalent, "--reverse-equivalent"),
            (self.fixed_board, "--fixed-board"),
        ];
        let on = switches
            .into_iter()
            .filter_map(|(on, flag)| on.then_some(flag));
        args.extend(on.map(String::from));
        args
    }

    fn apply(&self, spec: &mut Spec) -> Result<()> {
        if let Some(text) = &self.leaper {
            let leaper = knights::board::Leaper::parse(text).context("--leaper")?;
            spec.leaper = Some([leaper.a, leaper.b]);
        }
        spec.closed |= self.closed;
        if let Some(name) = &self.symmetry {
            spec.symmetry = Some(match name.as_str() {
                "rot180" | "central" | "centrosymmetric" => TourSymmetry::Rot180,
                "rot90" | "quarter" => TourSymmetry::Rot90,
                other => bail!(
                    "--symmetry '{other}' is not known; the tour symmetries supported are rot180 and rot90"
                ),
            });
        }
        merge_cells(
            &mut spec.start,
            &self.start_row,
            &self.start_col,
            &self.start_cell,
            "--start-cell",
        )?;
        merge_cells(
            &mut spec.end,
            &self.end_row,
            &self.end_col,
            &self.end_cell,
            "--end-cell",
        )?;
        spec.classes.reverse |= self.reverse_equivalent;
        spec.classes.board &= !self.fixed_board;
        Ok(())
    }
}

fn merge_cells(
    set: &mut Option<CellSetSpec>,
    rows: &[i64],
    cols: &[i64],
    cells: &[String],
    flag: &str,
) -> Result<()> {
    if rows.is_empty() && cols.is_empty() && cells.is_empty() {
        return Ok(());
    }
    let set = set.get_or_insert_with(CellSetSpec::default);
    set.rows.extend_from_slice(rows);
    set.cols.extend_from_slice(cols);
    for text in cells {
        let coords: Result<Vec<i64>, _> =
            text.split(',').map(|p| p.trim().parse::<i64>()).collect();
        let coords =
            coords.with_context(|| format!("{flag} '{text}' is not ROW,COL or LAYER,ROW,COL"))?;
        set.cells.push(coords);
    }
    Ok(())
}

fn describe(file: Option<&Path>, spec: &Spec) -> String {
    match file {
        Some(path) => path.display().to_string(),
        None => format!("--board {}", spec.board),
    }
}

/// A model argument: an optional file path plus the flags.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// Model file (TOML, see models/README.md). Omit it when --board states the model.
    #[arg(value_name = "MODEL")]
    pub model: Option<PathBuf>,
    #[command(flatten)]
    pub flags: ModelFlags,
}

impl ModelArgs {
    pub fn puzzle(&self) -> Result<Puzzle> {
        self.flags.puzzle(self.model.as_deref())
    }

    /// How to name this model again on a command line, for hints.
    pub fn shown(&self) -> String {
        let file = self.model.iter().map(|path| path.display().to_string());
        file.chain(self.flags.as_args())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
