//! CNF models of a [`Puzzle`]: which variables, which clauses, and how a
//! model of the CNF turns back into a tour.
//!
//! This module owns [`Encoding`], built by [`Encoding::build`] from a checked
//! puzzle and [`EncodeOptions`]. The *family* of primary variables follows
//! from what one solution is (`SolutionKind`), so that one model of the CNF
//! projected on the primary variables is exactly one solution:
//!
//! | kind       | family                                  | primary variables |
//! |------------|-----------------------------------------|-------------------|
//! | `Numbered` | numbering ([`numbering`]) linked to moves | `p(cell, number)` |
//! | `Path`     | Knuth's moves with a virtual node ([`moves`]) | arcs, start, end |
//! | `Cycle`    | undirected edges ([`edges`])            | edges             |
//!
//! Connectivity is either *lazy* (the solver may return subtours; the caller
//! adds [`Encoding::subtour_cut`] clauses and solves again) or *eager*
//! ([`ordering`]). The numbering family needs neither. Line sums
//! ([`linesum`]), required moves and rot180 ([`rules`]) are added on top.
//! Each submodule names the paper its encoding follows.

mod angles;
pub mod cardinality;
pub mod cnf;
pub mod cubes;
mod decode;
pub mod edges;
pub mod lex_leader;
pub mod linesum;
pub mod moves;
pub mod numbering;
pub mod ordering;
mod parts;
pub mod pb;
pub mod rules;

use rustsat::instances::Cnf;
use rustsat::types::{Lit, Var};
use serde::{Deserialize, Serialize};

use crate::board::{Cell, Shape};
use crate::puzzle::{Puzzle, SolutionKind};
use cnf::CnfBuilder;
use cubes::Cube;
use edges::EdgeVars;
use moves::MoveVars;
use numbering::NumberVars;
use pb::{PbEncoding, PbError, PbSummary};

use crate::tour::Closure;
pub use decode::{DecodeError, Decoded};
use parts::{build_edges, build_moves, build_numbering, Parts};

/// Largest variable index (0-based) any CNF here may use: what both solver backends and the
/// DIMACS reader accept.
///
/// Both solvers size their tables by the largest variable they see, so one
/// corrupt literal (say from a garbled solution file) could make CaDiCaL try
/// to allocate hundreds of gigabytes and abort. 2^26 variables is far beyond
/// any board we model (a 32x32 numbering model has about 2^20) and below
/// varisat's own limit of 2^28.
pub const MAX_VARIABLE_INDEX: usize = (1 << 26) - 1;

/// How subtours are ruled out in the move and edge families.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Connectivity {
    /// Add a cut-set clause for each subtour the solver returns, then solve
    /// again (counterexample-guided; no extra variables).
    #[default]
    Lazy,
    /// Rank every cell so ranks grow by one along the tour (n^2 extra variables).
    Ordering,
}

/// The choices that shape the CNF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncodeOptions {
    /// How subtours are ruled out where the family needs it.
    pub connectivity: Connectivity,
    /// How line sums become clauses.
    pub pb_encoding: PbEncoding,
}

/// Which variables carry the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariableFamily {
    /// `p(cell, number)`, linked to directed moves.
    Numbering,
    /// Directed moves plus start and end (Knuth's virtual node).
    Moves,
    /// Undirected moves.
    Edges,
}

impl VariableFamily {
    /// Whether models may contain subtours that the caller must cut. Numbered
    /// tours are connected by their clauses alone; the other families are
    /// connected only under the ordering encoding.
    pub fn needs_subtour_cuts(self, connectivity: Connectivity) -> bool {
        self != VariableFamily::Numbering && connectivity == Connectivity::Lazy
    }
}

/// What a primary variable means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Primary {
    /// `cell` carries `number` (1-based).
    Number {
        /// The cell that carries `number`.
        cell: Cell,
        /// The number it carries, 1-based.
        number: u32,
    },
    /// The tour moves from `from` to `to`.
    Arc {
        /// The cell the move leaves.
        from: Cell,
        /// The cell the move reaches.
        to: Cell,
    },
    /// The tour starts at `cell`.
    Start {
        /// The first cell of the tour.
        cell: Cell,
    },
    /// The tour ends at `cell`.
    End {
        /// The last cell of the tour.
        cell: Cell,
    },
    /// The undirected move `{a, b}` is part of the cycle.
    Edge {
        /// The smaller cell of the move.
        a: Cell,
        /// The larger cell of the move.
        b: Cell,
    },
}

/// Errors while building a CNF or mapping a tour onto it.
#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    /// The allocator failed while the clauses were built.
    #[error("out of memory while building the CNF")]
    OutOfMemory,
    /// An angle bound could not be encoded.
    #[error("angle bound '{bound}': {cause}")]
    AngleBound {
        /// The bound, as `obtuse <= 4`.
        bound: String,
        /// Shown in the message, so not also a `source` (chains would print it twice).
        cause: PbError,
    },
    /// A line sum could not be encoded.
    #[error("line sum '{line}': {cause}")]
    LineSum {
        /// The line's name in the model.
        line: String,
        /// Shown in the message, so not also a `source` (chains would print it twice).
        cause: PbError,
    },
    /// A line's target does not fit this machine's integers, so it cannot be encoded.
    #[error("line sum '{line}': target {target} is too large for this machine")]
    TargetTooLarge {
        /// The line's name in the model.
        line: String,
        /// The target as the model gives it.
        target: u64,
    },
    /// A closed tour asked for on fewer than 3 cells; holds the number of cells.
    #[error("closed tours on {0} cells are not modelled: a cycle needs at least 3 cells")]
    TooFewCellsForCycle(usize),
    /// The CNF would need more variables than the solvers accept.
    #[error("the {family:?} model of a {cells}-cell board needs about {vars} variables, more than the {max} the solvers accept")]
    TooLarge {
        /// The variable family the puzzle needs.
        family: VariableFamily,
        /// Number of cells on the board.
        cells: usize,
        /// Estimated number of variables.
        vars: u64,
        /// Largest variable index the solvers accept.
        max: usize,
    },
    /// The given tour breaks a restriction of the CNF, so no model can describe it; says which.
    #[error("the tour cannot be a model of this CNF: {0}")]
    Unrepresentable(String),
    /// An encoder broke its own invariant (a bug); says which.
    #[error("internal encoding error: {0}")]
    Internal(String),
}

impl From<rustsat::OutOfMemory> for EncodeError {
    fn from(_: rustsat::OutOfMemory) -> Self {
        EncodeError::OutOfMemory
    }
}

/// Figures about the CNF, for reports and the DIMACS header.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EncodingReport {
    /// Number of variables in the CNF, auxiliary ones included.
    pub variables: u32,
    /// Number of clauses in the CNF.
    pub clauses: usize,
    /// Number of variables that carry the solution (see [`Primary`]).
    pub primary_variables: usize,
    /// (cell, number) pairs kept, and dropped by distance and by parity.
    pub number_pairs: Option<(usize, usize, usize)>,
    /// One entry per line sum: its name and how it was encoded.
    pub line_sums: Vec<(String, PbSummary)>,
    /// One entry per side of each angle bound: `obtuse <= 4`, and how it was encoded.
    pub angle_bounds: Vec<(String, PbSummary)>,
}

/// A puzzle as CNF, with the maps needed to read models back.
#[derive(Clone, Debug)]
pub struct Encoding {
    name: String,
    shape: Shape,
    closed: Closure,
    family: VariableFamily,
    options: EncodeOptions,
    cnf: Cnf,
    n_vars: u32,
    numbers: Option<NumberVars>,
    moves: Option<MoveVars>,
    edges: Option<EdgeVars>,
    /// The turns the model requires the tour to have (the half turn; with rot90 the quarter
    /// turns too), as cell permutations: a move is used exactly when its images are.
    tour_turns: Vec<Vec<Cell>>,
    report: EncodingReport,
    /// Clauses [`Encoding::with_lex_leaders`] added.
    lex_leader_clauses: usize,
}

impl Encoding {
    /// Builds the CNF of `puzzle`.
    pub fn build(puzzle: &Puzzle, options: &EncodeOptions) -> Result<Encoding, EncodeError> {
        Encoding::build_with(puzzle, options, true)
    }

    /// The CNF of `puzzle` without its line sums, for writers that state them
    /// natively (OPB); every other rule is in the clauses.
    pub fn build_without_line_sums(
        puzzle: &Puzzle,
        options: &EncodeOptions,
    ) -> Result<Encoding, EncodeError> {
        Encoding::build_with(puzzle, options, false)
    }

    fn build_with(
        puzzle: &Puzzle,
        options: &EncodeOptions,
        line_sums: bool,
    ) -> Result<Encoding, EncodeError> {
        let family = variable_family_of(puzzle.kind());
        check_size(puzzle, family, options)?;
        let n = puzzle.n_cells();
        if puzzle.closed.is_closed() && n < 3 {
            return Err(EncodeError::TooFewCellsForCycle(n));
        }
        let mut b = CnfBuilder::new();
        let mut parts = Parts::default();
        match family {
            VariableFamily::Numbering => {
                build_numbering(&mut b, puzzle, options, line_sums, &mut parts)?;
            }
            VariableFamily::Moves => build_moves(&mut b, puzzle, options, &mut parts)?,
            VariableFamily::Edges => build_edges(&mut b, puzzle, options, &mut parts)?,
        }
        let view = parts.edge_view()?;
        rules::require_moves(&mut b, view, &puzzle.required);
        if puzzle.symmetry.has_half_turn() {
            rules::require_half_turn_symmetry(&mut b, view, &puzzle.board);
        }
        if puzzle.symmetry.has_quarter_turn() {
            rules::require_quarter_turn_symmetry(&mut b, view, &puzzle.board);
        }
        let bounds = &puzzle.angles;
        let pb = options.pb_encoding;
        let angles = angles::require_angle_bounds(&mut b, view, &puzzle.board, bounds, pb)?;
        parts.report.angle_bounds = angles;
        Ok(Encoding::assemble(puzzle, family, options, b, parts))
    }

    fn assemble(
        puzzle: &Puzzle,
        family: VariableFamily,
        options: &EncodeOptions,
        b: CnfBuilder,
        parts: Parts,
    ) -> Encoding {
        let (cnf, n_vars) = b.finish();
        let mut encoding = Encoding {
            name: puzzle.name.clone(),
            shape: puzzle.board.shape(),
            closed: puzzle.closed,
            family,
            options: *options,
            cnf,
            n_vars,
            numbers: parts.numbers,
            moves: parts.moves,
            edges: parts.edges,
            tour_turns: tour_turns(puzzle),
            report: parts.report,
            lex_leader_clauses: 0,
        };
        encoding.report.variables = n_vars;
        encoding.report.clauses = encoding.cnf.len();
        encoding.report.primary_variables = encoding.primary().len();
        encoding
    }

    /// The model's name, for headers and reports.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board the CNF is about.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Which variables carry the solution.
    pub fn family(&self) -> VariableFamily {
        self.family
    }

    /// The choices the CNF was built with.
    pub fn options(&self) -> EncodeOptions {
        self.options
    }

    /// Whether models may contain subtours that the caller must cut.
    pub fn needs_subtour_cuts(&self) -> bool {
        self.family.needs_subtour_cuts(self.options.connectivity)
    }

    /// The clauses, in the order a solver or a DIMACS file receives them.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// Variables are `0..n_vars` (DIMACS `1..=n_vars`).
    pub fn n_vars(&self) -> u32 {
        self.n_vars
    }

    /// How many clauses break symmetry ([`Encoding::with_lex_leaders`]).
    pub fn lex_leader_clauses(&self) -> usize {
        self.lex_leader_clauses
    }

    /// Figures about the CNF.
    pub fn report(&self) -> &EncodingReport {
        &self.report
    }

    /// Every primary variable with its meaning, in variable order.
    pub fn primary(&self) -> Vec<(Var, Primary)> {
        let mut out = Vec::new();
        match self.family {
            VariableFamily::Numbering => self.push_numbers(&mut out),
            VariableFamily::Moves => self.push_moves(&mut out),
            VariableFamily::Edges => self.push_edges(&mut out),
        }
        out.sort_by_key(|&(var, _)| var);
        out
    }

    /// Assumption literals that confine the solver to one cube: `Ok(None)`
    /// when no solution of this encoding can lie in it (a pruned start cell,
    /// say); an error when the cube does not fit the family (a bug).
    pub fn cube_literals(&self, cube: &Cube) -> Result<Option<Vec<Lit>>, EncodeError> {
        let n = self.shape.n_cells() as u32;
        let numbers = self.numbers.as_ref();
        let moves = self
            .moves
            .as_ref()
            .filter(|_| self.family == VariableFamily::Moves);
        let vars: Vec<Option<Var>> = match (*cube, self.family) {
            (Cube::All, _) => Vec::new(),
            (Cube::Start { start }, VariableFamily::Numbering) => {
                vec![numbers.and_then(|v| v.var(start, 1))]
            }
            (Cube::Ends { start, end }, VariableFamily::Numbering) => vec![
                numbers.and_then(|v| v.var(start, 1)),
                numbers.and_then(|v| v.var(end, n)),
            ],
            (Cube::Start { start }, VariableFamily::Moves) => {
                vec![moves.and_then(|m| m.start.get(start).copied().flatten())]
            }
            (Cube::Ends { start, end }, VariableFamily::Moves) => vec![
                moves.and_then(|m| m.start.get(start).copied().flatten()),
                moves.and_then(|m| m.end.get(end).copied().flatten()),
            ],
            (Cube::Pivot { pivot, a, b }, VariableFamily::Edges) => {
                let edges = self.edges.as_ref();
                vec![
                    edges.and_then(|e| e.edge(pivot, a)),
                    edges.and_then(|e| e.edge(pivot, b)),
                ]
            }
            (cube, family) => {
                return Err(EncodeError::Internal(format!(
                    "cube {cube:?} does not fit the {family:?} family"
                )))
            }
        };
        Ok(vars
            .into_iter()
            .map(|var| var.map(Var::pos_lit))
            .collect::<Option<Vec<Lit>>>())
    }

    /// Assumption literals that the tour begins with the cells of `path`, in order (for a
    /// cycle, which has no beginning: that it makes the path's moves). `None` when the
    /// encoding already rules the path out (a pair it dropped, a start it does not allow).
    pub fn path_literals(&self, path: &[Cell]) -> Option<Vec<Lit>> {
        let steps = path.windows(2).map(|pair| (pair[0], pair[1]));
        let vars: Option<Vec<Var>> = match self.family {
            VariableFamily::Numbering => {
                let numbers = self.numbers.as_ref()?;
                (1..)
                    .zip(path)
                    .map(|(number, &cell)| numbers.var(cell, number))
                    .collect()
            }
            VariableFamily::Moves => {
                let moves = self.moves.as_ref()?;
                let start = path
                    .first()
                    .map(|&cell| moves.start.get(cell).copied().flatten());
                start
                    .into_iter()
                    .chain(steps.map(|(from, to)| moves.arcs.arc(from, to)))
                    .collect()
            }
            VariableFamily::Edges => {
                let edges = self.edges.as_ref()?;
                steps.map(|(a, b)| edges.edge(a, b)).collect()
            }
        };
        Some(vars?.into_iter().map(Var::pos_lit).collect())
    }

    /// The numbering variables, for the numbering family.
    pub fn numbers(&self) -> Option<&NumberVars> {
        self.numbers.as_ref()
    }

    /// The primary variables alone, in variable order.
    pub fn primary_vars(&self) -> Vec<Var> {
        self.primary().into_iter().map(|(var, _)| var).collect()
    }

    fn push_numbers(&self, out: &mut Vec<(Var, Primary)>) {
        if let Some(numbers) = &self.numbers {
            out.extend(
                numbers
                    .iter()
                    .map(|(cell, number, var)| (var, Primary::Number { cell, number })),
            );
        }
    }

    fn push_moves(&self, out: &mut Vec<(Var, Primary)>) {
        let Some(moves) = &self.moves else { return };
        out.extend(
            moves
                .arcs
                .iter()
                .map(|(from, to, var)| (var, Primary::Arc { from, to })),
        );
        for (cell, var) in moves.start.iter().enumerate() {
            out.extend(var.map(|var| (var, Primary::Start { cell })));
        }
        for (cell, var) in moves.end.iter().enumerate() {
            out.extend(var.map(|var| (var, Primary::End { cell })));
        }
    }

    fn push_edges(&self, out: &mut Vec<(Var, Primary)>) {
        if let Some(edges) = &self.edges {
            out.extend(
                edges
                    .iter()
                    .map(|(a, b, var)| (var, Primary::Edge { a, b })),
            );
        }
    }
}

/// The family whose models are exactly the solutions of this kind.
pub fn variable_family_of(kind: SolutionKind) -> VariableFamily {
    match kind {
        SolutionKind::Numbered => VariableFamily::Numbering,
        SolutionKind::Path => VariableFamily::Moves,
        SolutionKind::Cycle => VariableFamily::Edges,
    }
}

/// The non-trivial turns the model requires the tour to have.
fn tour_turns(puzzle: &Puzzle) -> Vec<Vec<Cell>> {
    let shape = puzzle.board.shape();
    let mut turns = Vec::new();
    if puzzle.symmetry.has_half_turn() {
        turns.push(crate::symmetry::half_turn(shape).perm);
    }
    if puzzle.symmetry.has_quarter_turn() {
        let quarter = crate::symmetry::quarter_turn(shape).perm;
        let three_quarters = (0..quarter.len())
            .map(|c| quarter[quarter[quarter[c]]])
            .collect();
        turns.extend([quarter, three_quarters]);
    }
    turns
}

/// Refuses models whose variable count would exceed what the solvers take.
fn check_size(
    puzzle: &Puzzle,
    family: VariableFamily,
    options: &EncodeOptions,
) -> Result<(), EncodeError> {
    let n = puzzle.n_cells() as u64;
    let quadratic =
        family == VariableFamily::Numbering || options.connectivity == Connectivity::Ordering;
    let vars = if quadratic { n * n } else { 0 } + 4 * puzzle.board.moves().len() as u64 + 2 * n;
    if vars > MAX_VARIABLE_INDEX as u64 {
        return Err(EncodeError::TooLarge {
            family,
            cells: n as usize,
            vars,
            max: MAX_VARIABLE_INDEX,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
