//! What each variable family builds: the numbering (with line sums), Knuth's moves with a
//! virtual node, or undirected edges, collected as [`Parts`] before they become an encoding.

use rustsat::types::Lit;

use super::cnf::CnfBuilder;
use super::edges::{self, EdgeVars};
use super::linesum::{self, HalfTurnFold};
use super::moves::{self, Ends, MoveVars};
use super::numbering::{self, Domains, NumberVars};
use super::ordering;
use super::rules::EdgeUse;
use super::{Connectivity, EncodeError, EncodeOptions, EncodingReport};
use crate::board::Cell;
use crate::puzzle::Puzzle;

/// The pieces a family builds, before they become an [`Encoding`].
#[derive(Default)]
pub(super) struct Parts {
    pub(super) numbers: Option<NumberVars>,
    pub(super) moves: Option<MoveVars>,
    pub(super) edges: Option<EdgeVars>,
    pub(super) report: EncodingReport,
}

impl Parts {
    pub(super) fn edge_view(&self) -> Result<&dyn EdgeUse, EncodeError> {
        if let Some(moves) = &self.moves {
            return Ok(&moves.arcs);
        }
        if let Some(edges) = &self.edges {
            return Ok(edges);
        }
        Err(EncodeError::Internal("no move variables were built".into()))
    }
}

impl EdgeUse for moves::ArcVars {
    fn edge_lits(&self, a: Cell, b: Cell) -> Vec<Lit> {
        moves::ArcVars::edge_lits(self, a, b)
    }
}

impl EdgeUse for EdgeVars {
    fn edge_lits(&self, a: Cell, b: Cell) -> Vec<Lit> {
        EdgeVars::edge_lits(self, a, b)
    }
}

pub(super) fn build_numbering(
    b: &mut CnfBuilder,
    puzzle: &Puzzle,
    options: &EncodeOptions,
    line_sums: bool,
    parts: &mut Parts,
) -> Result<(), EncodeError> {
    let domains = numbering::number_domains(puzzle);
    parts.report.number_pairs = Some(kept_and_dropped(&domains));
    let numbers = numbering::encode_numbering(b, &puzzle.board, puzzle.closed, &domains)?;
    let moves = moves::encode_moves(b, &puzzle.board, puzzle.closed, puzzle_ends(puzzle))?;
    numbering::link_moves(b, &puzzle.board, &numbers, &moves);
    let implied = linesum::implied_lines(&puzzle.sums);
    let mut fold = HalfTurnFold {
        folded: vec![false; puzzle.sums.len()],
        ..HalfTurnFold::default()
    };
    if puzzle.symmetry.has_half_turn() {
        let turn = crate::symmetry::half_turn(puzzle.board.shape()).perm;
        let n = puzzle.n_cells() as u32;
        if let Some(partner) = numbering::half_turn_partner(&puzzle.board, puzzle.closed, &turn) {
            numbering::require_half_turn_numbering(b, &numbers, &turn, &partner);
            if puzzle.symmetry.has_quarter_turn() && puzzle.closed.is_closed() {
                let quarter = crate::symmetry::quarter_turn(puzzle.board.shape()).perm;
                numbering::require_quarter_turn_numbering(b, &numbers, &quarter);
            }
            if puzzle.closed.is_closed() {
                fold = linesum::fold_half_turn(
                    &puzzle.sums,
                    &implied,
                    &turn,
                    u64::from(n) / 2,
                    &numbers,
                );
            }
        }
    }
    if line_sums {
        encode_line_sums(b, puzzle, options, &numbers, &implied, &fold, parts)?;
    }
    parts.numbers = Some(numbers);
    parts.moves = Some(moves);
    Ok(())
}

/// Every line sum, as encoded, implied by others, or folded with its half-turn image.
pub(super) fn encode_line_sums(
    b: &mut CnfBuilder,
    puzzle: &Puzzle,
    options: &EncodeOptions,
    numbers: &NumberVars,
    implied: &[bool],
    fold: &HalfTurnFold,
    parts: &mut Parts,
) -> Result<(), EncodeError> {
    for (i, line) in puzzle.sums.iter().enumerate() {
        let summary = if implied[i] {
            linesum::implied_summary()
        } else if fold.folded[i] {
            linesum::folded_summary()
        } else {
            linesum::encode_line_sum(b, numbers, line, options.pb_encoding)?
        };
        parts.report.line_sums.push((line.name.clone(), summary));
    }
    for name in &fold.impossible {
        b.add([]);
        parts
            .report
            .line_sums
            .push((name.clone(), linesum::infeasible_summary()));
    }
    for sum in &fold.sums {
        let summary = linesum::encode_weighted_sum(b, sum, options.pb_encoding)?;
        parts.report.line_sums.push((sum.name.clone(), summary));
    }
    Ok(())
}

pub(super) fn kept_and_dropped(domains: &Domains) -> (usize, usize, usize) {
    let kept = domains.allowed.iter().map(Vec::len).sum();
    (kept, domains.dropped_by_distance, domains.dropped_by_parity)
}

pub(super) fn puzzle_ends(puzzle: &Puzzle) -> Ends<'_> {
    Ends {
        starts: puzzle.starts.as_deref(),
        ends: puzzle.ends.as_deref(),
    }
}

pub(super) fn build_moves(
    b: &mut CnfBuilder,
    puzzle: &Puzzle,
    options: &EncodeOptions,
    parts: &mut Parts,
) -> Result<(), EncodeError> {
    let moves = moves::encode_moves(b, &puzzle.board, puzzle.closed, puzzle_ends(puzzle))?;
    if options.connectivity == Connectivity::Ordering {
        ordering::order_open_tour(b, &moves)?;
    }
    parts.moves = Some(moves);
    Ok(())
}

pub(super) fn build_edges(
    b: &mut CnfBuilder,
    puzzle: &Puzzle,
    options: &EncodeOptions,
    parts: &mut Parts,
) -> Result<(), EncodeError> {
    let edges = edges::encode_edges(b, &puzzle.board)?;
    if options.connectivity == Connectivity::Ordering {
        ordering::order_cycle(b, &puzzle.board, &edges)?;
    }
    parts.edges = Some(edges);
    Ok(())
}
