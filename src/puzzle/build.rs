//! Turning a `Spec` into a `Puzzle`: resolve coordinates, expand line families, and reject
//! what can never hold before any engine starts.

use super::coords::{index, resolve};
use super::error::{field_error, impossible, PuzzleError};
use super::{Equivalence, LineSum, Puzzle, Symmetry};
use crate::board::{Board, Cell, Coord, Leaper, Shape};
use crate::spec::{CellSetSpec, LineSpec, Spec, SumsSpec, TourSymmetry};
use crate::tour::Closure;

impl Puzzle {
    /// Checks a model and resolves it into a puzzle.
    pub fn from_spec(spec: &Spec) -> Result<Puzzle, PuzzleError> {
        let shape = Shape::parse(&spec.board)?;
        let leaper = match spec.leaper {
            None => Leaper::KNIGHT,
            Some([0, 0]) => return Err(PuzzleError::Leaper(0, 0)),
            Some([a, b]) => Leaper { a, b },
        };
        let board = Board::new(shape, leaper);
        let sums = line_sums(shape, &spec.sums)?;
        check_sums_reachable(&sums, shape.n_cells())?;
        check_symmetry(shape, spec.symmetry)?;
        let givens = super::givens::resolve_givens(
            &board,
            Closure::from(spec.closed),
            &spec.givens,
            cell_set(shape, spec.start.as_ref(), "start")?,
            cell_set(shape, spec.end.as_ref(), "end")?,
            spec.symmetry.is_some(),
        )?;
        let puzzle = Puzzle {
            name: spec.name.clone().unwrap_or_else(|| format!("{shape}")),
            starts: givens.starts,
            ends: givens.ends,
            givens: givens.list,
            required: required_moves(&board, &spec.required_moves)?,
            closed: Closure::from(spec.closed),
            symmetry: Symmetry::from_spec(spec.symmetry),
            equivalence: Equivalence {
                board: spec.classes.board,
                reverse: spec.classes.reverse,
            },
            angles: super::angles::angle_bounds(
                &spec.angles,
                super::angles::angle_cells(shape.n_cells(), Closure::from(spec.closed)),
            )?,
            sums,
            board,
        };
        Ok(puzzle)
    }
}

/// The quarter turn maps a board onto itself only when it is flat and square.
fn check_symmetry(shape: Shape, symmetry: Option<TourSymmetry>) -> Result<(), PuzzleError> {
    let square = !shape.solid && shape.rows == shape.cols;
    if symmetry == Some(TourSymmetry::Rot90) && !square {
        let what = if shape.solid { "a box" } else { "not square" };
        return Err(field_error(
            "symmetry",
            format!("rot90 needs a square flat board; {shape} is {what}"),
        ));
    }
    Ok(())
}

fn cell_set(
    shape: Shape,
    set: Option<&CellSetSpec>,
    field: &str,
) -> Result<Option<Vec<Cell>>, PuzzleError> {
    let Some(set) = set else { return Ok(None) };
    if !shape.solid && !set.layers.is_empty() {
        return Err(field_error(
            format!("{field}.layers"),
            format!("the {shape} board is flat; layers apply to boxes (LAYERSxROWSxCOLS)"),
        ));
    }
    let ext = shape.extent();
    let mut cells = Vec::new();
    let lines = [
        (0, &set.layers, "layers"),
        (1, &set.rows, "rows"),
        (2, &set.cols, "cols"),
    ];
    for (axis, values, name) in lines {
        for &v in values {
            let i = index(v, ext[axis]).ok_or_else(|| {
                field_error(
                    format!("{field}.{name}"),
                    format!("{v} is off the {shape} board"),
                )
            })?;
            cells.extend(
                shape
                    .cells()
                    .filter(|&c| shape.coord(c).axes_array()[axis] == i),
            );
        }
    }
    for coords in &set.cells {
        cells.push(resolve(shape, coords, &format!("{field}.cells"))?);
    }
    cells.sort_unstable();
    cells.dedup();
    if cells.is_empty() {
        return Err(impossible(field, "the set of allowed cells is empty"));
    }
    Ok(Some(cells))
}

fn line_sums(shape: Shape, sums: &SumsSpec) -> Result<Vec<LineSum>, PuzzleError> {
    let named = [
        sums.rows,
        sums.cols,
        sums.half_rows,
        sums.half_cols,
        sums.diagonals,
    ];
    if shape.solid && named.iter().any(Option::is_some) {
        return Err(field_error(
            "sums",
            "rows, cols, half_rows, half_cols and diagonals apply to flat boards; use [[sums.lines]] in a box",
        ));
    }
    let mut out = Vec::new();
    if let Some(target) = sums.rows {
        out.extend(row_lines(shape, target)?);
    }
    if let Some(target) = sums.cols {
        out.extend(column_lines(shape, target)?);
    }
    if let Some(target) = sums.half_rows {
        out.extend(half_row_lines(shape, target)?);
    }
    if let Some(target) = sums.half_cols {
        out.extend(half_column_lines(shape, target)?);
    }
    if let Some(target) = sums.diagonals {
        out.extend(diagonal_lines(shape, target)?);
    }
    for (i, spec) in sums.lines.iter().enumerate() {
        out.push(custom_line(shape, i, spec)?);
    }
    Ok(out)
}

/// The cell at (row, col) of a flat board.
fn flat_cell(shape: Shape, r: usize, c: usize) -> Cell {
    shape.cell(Coord::flat(r, c)).expect("on the board")
}

fn row_lines(shape: Shape, target: u64) -> Result<Vec<LineSum>, PuzzleError> {
    check_tiling("sums.rows", shape.rows, target, shape.n_cells())?;
    Ok((0..shape.rows)
        .map(|r| {
            let cells = (0..shape.cols).map(|c| flat_cell(shape, r, c));
            line(format!("row {r}"), cells, target)
        })
        .collect())
}

fn column_lines(shape: Shape, target: u64) -> Result<Vec<LineSum>, PuzzleError> {
    check_tiling("sums.cols", shape.cols, target, shape.n_cells())?;
    Ok((0..shape.cols)
        .map(|c| {
            let cells = (0..shape.rows).map(|r| flat_cell(shape, r, c));
            line(format!("column {c}"), cells, target)
        })
        .collect())
}

fn half_row_lines(shape: Shape, target: u64) -> Result<Vec<LineSum>, PuzzleError> {
    let (rows, cols) = (shape.rows, shape.cols);
    if cols % 2 != 0 {
        return Err(field_error(
            "sums.half_rows",
            format!("the board has an odd number of columns ({cols})"),
        ));
    }
    check_tiling("sums.half_rows", 2 * rows, target, shape.n_cells())?;
    let mut out = Vec::new();
    for r in 0..rows {
        for (h, part) in [(0..cols / 2), (cols / 2..cols)].into_iter().enumerate() {
            let side = ["left", "right"][h];
            let cells = part.map(|c| flat_cell(shape, r, c));
            out.push(line(format!("{side} half of row {r}"), cells, target));
        }
    }
    Ok(out)
}

fn half_column_lines(shape: Shape, target: u64) -> Result<Vec<LineSum>, PuzzleError> {
    let (rows, cols) = (shape.rows, shape.cols);
    if rows % 2 != 0 {
        return Err(field_error(
            "sums.half_cols",
            format!("the board has an odd number of rows ({rows})"),
        ));
    }
    check_tiling("sums.half_cols", 2 * cols, target, shape.n_cells())?;
    let mut out = Vec::new();
    for c in 0..cols {
        for (h, part) in [(0..rows / 2), (rows / 2..rows)].into_iter().enumerate() {
            let side = ["top", "bottom"][h];
            let cells = part.map(|r| flat_cell(shape, r, c));
            out.push(line(format!("{side} half of column {c}"), cells, target));
        }
    }
    Ok(out)
}

fn diagonal_lines(shape: Shape, target: u64) -> Result<Vec<LineSum>, PuzzleError> {
    let (rows, cols) = (shape.rows, shape.cols);
    if rows != cols {
        return Err(field_error(
            "sums.diagonals",
            format!("the {shape} board is not square"),
        ));
    }
    let down = (0..rows).map(|i| flat_cell(shape, i, i));
    let up = (0..rows).map(|i| flat_cell(shape, i, cols - 1 - i));
    Ok(vec![
        line("diagonal 1".into(), down, target),
        line("diagonal 2".into(), up, target),
    ])
}

fn line(name: String, cells: impl Iterator<Item = Cell>, target: u64) -> LineSum {
    LineSum {
        name,
        cells: cells.collect(),
        target,
    }
}

fn custom_line(shape: Shape, i: usize, spec: &LineSpec) -> Result<LineSum, PuzzleError> {
    let field = format!("sums.lines[{i}]");
    let mut cells = Vec::new();
    for coords in &spec.cells {
        let cell = resolve(shape, coords, &field)?;
        if cells.contains(&cell) {
            return Err(field_error(
                &field,
                format!("cell {coords:?} is listed twice"),
            ));
        }
        cells.push(cell);
    }
    if cells.is_empty() {
        return Err(field_error(&field, "a line needs at least one cell"));
    }
    let name = spec.name.clone().unwrap_or_else(|| format!("line {i}"));
    Ok(LineSum {
        name,
        cells,
        target: spec.target,
    })
}

/// Rejects a sum no numbers can reach.
fn check_sums_reachable(sums: &[LineSum], n: usize) -> Result<(), PuzzleError> {
    for s in sums {
        let (low, high) = Puzzle::sum_range(s.cells.len(), n);
        if s.target < low || s.target > high {
            let len = s.cells.len();
            return Err(impossible(
                format!("sums ({})", s.name),
                format!("{len} distinct numbers from 1 to {n} sum to between {low} and {high}, never {}", s.target),
            ));
        }
    }
    Ok(())
}

/// A family of `count` lines that together hold every number once must have targets adding
/// up to 1 + 2 + ... + n.
fn check_tiling(field: &str, count: usize, target: u64, n: usize) -> Result<(), PuzzleError> {
    let total = (n as u64) * (n as u64 + 1) / 2;
    let sum = count as u64 * target;
    if sum != total {
        return Err(impossible(
            field,
            format!("{count} lines of {target} hold every number 1..{n} once, so must add up to {total}, not {sum}"),
        ));
    }
    Ok(())
}

fn required_moves(
    board: &Board,
    moves: &[[Vec<i64>; 2]],
) -> Result<Vec<(Cell, Cell)>, PuzzleError> {
    let shape = board.shape();
    let mut out = Vec::new();
    for (i, [a, b]) in moves.iter().enumerate() {
        let field = format!("required_moves[{i}]");
        let (from, to) = (resolve(shape, a, &field)?, resolve(shape, b, &field)?);
        if !board.is_move(from, to) {
            return Err(impossible(
                field,
                format!(
                    "{} to {} is not a {} move",
                    shape.cell_name(from),
                    shape.cell_name(to),
                    board.leaper()
                ),
            ));
        }
        out.push((from.min(to), from.max(to)));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
