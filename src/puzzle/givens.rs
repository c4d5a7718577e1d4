//! Given numbers, a puzzle's clues: read from the model, checked against each other, and
//! folded into the start and end sets that every engine already narrows by.

use super::coords::resolve;
use super::error::{field_error, impossible, PuzzleError};
use crate::board::{Board, Cell};
use crate::tour::Closure;

/// The given numbers as (cell, number) sorted by cell, and the start and end sets they narrow.
pub(super) struct Givens {
    pub list: Vec<(Cell, u32)>,
    pub starts: Option<Vec<Cell>>,
    pub ends: Option<Vec<Cell>>,
}

/// Reads `entries` (`[row, col, number]` or `[layer, row, col, number]`) against the board;
/// refuses malformed entries naming `givens[i]`, and givens no tour can meet.
pub(super) fn resolve_givens(
    board: &Board,
    closed: Closure,
    entries: &[Vec<i64>],
    starts: Option<Vec<Cell>>,
    ends: Option<Vec<Cell>>,
    symmetric: bool,
) -> Result<Givens, PuzzleError> {
    if entries.is_empty() {
        return Ok(Givens {
            list: Vec::new(),
            starts,
            ends,
        });
    }
    if symmetric {
        return Err(field_error(
            "givens",
            "given numbers are not supported together with `symmetry`",
        ));
    }
    let list = read_entries(board, entries)?;
    check_joinable(board, closed, &list)?;
    let n = board.n_cells() as u32;
    let starts = narrowed(board, &list, starts, 1, "start")?;
    let ends = narrowed(board, &list, ends, n, "end")?;
    let mut list: Vec<(Cell, u32)> = list.into_iter().map(|(_, c, k)| (c, k)).collect();
    list.sort_unstable();
    Ok(Givens { list, starts, ends })
}

/// The entries as (position in the file, cell, number), with no cell or number twice.
fn read_entries(
    board: &Board,
    entries: &[Vec<i64>],
) -> Result<Vec<(usize, Cell, u32)>, PuzzleError> {
    let shape = board.shape();
    let n = board.n_cells();
    let mut number_at = vec![None; n];
    let mut cell_of = vec![None; n + 1];
    let mut out = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let field = format!("givens[{i}]");
        let want = if shape.solid {
            "[layer, row, col, number]"
        } else {
            "[row, col, number]"
        };
        let (number, coords) = match entry.split_last() {
            Some((&number, coords)) if coords.len() == if shape.solid { 3 } else { 2 } => {
                (number, coords)
            }
            _ => return Err(field_error(field, format!("{entry:?} should be {want}"))),
        };
        let cell = resolve(shape, coords, &field)?;
        let k = usize::try_from(number)
            .ok()
            .filter(|k| (1..=n).contains(k))
            .ok_or_else(|| field_error(&field, format!("number {number} is not in 1..={n}")))?;
        if let Some(other) = number_at[cell] {
            return Err(field_error(
                field,
                format!(
                    "cell {} is given twice ({other} and {k})",
                    shape.cell_name(cell)
                ),
            ));
        }
        if let Some(other) = cell_of[k] {
            return Err(field_error(
                field,
                format!(
                    "number {k} is given twice ({} and {})",
                    shape.cell_name(other),
                    shape.cell_name(cell)
                ),
            ));
        }
        number_at[cell] = Some(k);
        cell_of[k] = Some(cell);
        out.push((i, cell, k as u32));
    }
    Ok(out)
}

/// A given number and its cell.
type Given = (u32, Cell);

/// Two givens `k1 < k2` with no given between them are `k2 - k1` moves apart along the tour:
/// farther apart on the board, or (for a leaper that changes colour) an odd number of moves
/// short of it, no tour joins them. A closed tour also joins the largest given to the
/// smallest through the last number and 1.
fn check_joinable(
    board: &Board,
    closed: Closure,
    list: &[(usize, Cell, u32)],
) -> Result<(), PuzzleError> {
    let shape = board.shape();
    let n = board.n_cells() as u32;
    let mut by_number: Vec<Given> = list.iter().map(|&(_, c, k)| (k, c)).collect();
    by_number.sort_unstable();
    let mut pairs: Vec<(Given, Given, u32)> = by_number
        .windows(2)
        .map(|w| (w[0], w[1], w[1].0 - w[0].0))
        .collect();
    if closed.is_closed() && by_number.len() >= 2 {
        let (first, last) = (by_number[0], by_number[by_number.len() - 1]);
        pairs.push((last, first, n - last.0 + first.0));
    }
    for ((k1, c1), (k2, c2), steps) in pairs {
        let (steps, d) = (steps as usize, board.distances_from([c1])[c2]);
        let why = if d == usize::MAX {
            "no moves join them".to_string()
        } else if d > steps {
            format!("they are {d} moves apart")
        } else if board.leaper().alternates_colour() && (steps - d) % 2 == 1 {
            "their colours say an odd number of moves apart from that".to_string()
        } else {
            continue;
        };
        return Err(impossible(
            "givens",
            format!(
                "{k1} on {} and {k2} on {} are {steps} moves apart along any tour, but {why}",
                shape.cell_name(c1),
                shape.cell_name(c2),
            ),
        ));
    }
    Ok(())
}

/// The start (or end) set with the givens applied: the cell given `number` if there is one,
/// which `field`'s own set must allow; else the set without the cells given other numbers.
fn narrowed(
    board: &Board,
    list: &[(usize, Cell, u32)],
    set: Option<Vec<Cell>>,
    number: u32,
    field: &str,
) -> Result<Option<Vec<Cell>>, PuzzleError> {
    let shape = board.shape();
    if let Some(&(i, cell, _)) = list.iter().find(|g| g.2 == number) {
        if set
            .as_ref()
            .is_some_and(|s| s.binary_search(&cell).is_err())
        {
            return Err(impossible(
                format!("givens[{i}]"),
                format!(
                    "number {number} on {}, a cell `{field}` does not allow",
                    shape.cell_name(cell)
                ),
            ));
        }
        return Ok(Some(vec![cell]));
    }
    let mut given = vec![false; board.n_cells()];
    for &(_, cell, _) in list {
        given[cell] = true;
    }
    let all: Vec<Cell> = set.unwrap_or_else(|| (0..board.n_cells()).collect());
    let open: Vec<Cell> = all.into_iter().filter(|&c| !given[c]).collect();
    if open.is_empty() {
        return Err(impossible(
            field,
            format!("every allowed cell is given a number other than {number}"),
        ));
    }
    Ok(Some(open))
}
