//! The engines check each other on random small puzzles: the SAT engine with CaDiCaL, the SAT
//! engine with varisat and the native search must give the same solutions and classes, every
//! run must be exhausted, and every tour the SAT engine enumerates must pass the independent
//! verifier, with no tour twice.
//!
//! Puzzles are written as model files (TOML) and read through `Spec` and `Puzzle::from_spec`,
//! so the spec layer is exercised as a user's model would be. Each board comes with what keeps
//! its count small enough to enumerate in a blink (see `BOARDS`); most models are built around
//! a seed tour so that piled-up random rules still leave solutions.
//!
//! `cargo test --release --test integration cross_engine::` runs `CASES` random puzzles (about
//! 30 s on two shared cores); for a longer hunt, for example
//! `PROPTEST_CASES=1000 cargo test --release --test integration cross_engine::engines_agree`;
//! .ci/run sets PROPTEST_CASES for a longer run on every CI.
//!
//! A run that reaches its time-out has no verdict: the case is skipped with a message on
//! stderr, never failed, since a machine loaded by other work can slow any case that far and a
//! time-out is not a disagreement.

use knights::board::{Board, Shape};
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions};
use knights::puzzle::{angle_cells, AngleCounts, AngleKind, Puzzle};
use knights::run::{Class, Ending, Limits, Summary};
use knights::sat::{enumerate as sat_enumerate, RefuteFirst, SatOptions};
use knights::search::{count as search_count, enumerate as search_enumerate, SearchOptions};
use knights::solver::SolverKind;
use knights::spec::Spec;
use knights::symmetry::key;
use knights::tour::Closure;
use knights::tour::Tour;
use knights::verify::verify;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::Mutex;
use std::time::Duration;

/// Random puzzles per run of the property (PROPTEST_CASES overrides it).
const CASES: u32 = 48;

/// Puzzles with more solutions are skipped: enumerating them with blocking clauses takes
/// longer than the whole test should, and small counts find bugs as well.
const MAX_SOLUTIONS: u64 = 800;

/// Every case is meant to take well under a second; the limit keeps a hang from stalling the
/// suite. A run that reaches it skips its case with a message naming the model (see
/// [`Skip::TimedOut`]): a loaded machine can slow a case that far, and a time-out says nothing
/// about whether the engines agree.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// What a board must be given so that its count stays small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Narrowing {
    /// Nothing: the board has at most a few hundred tours.
    Free,
    /// Exactly one start cell (thousands of open tours otherwise).
    OneStartCell,
    /// Closed tours only (tens of thousands of open ones).
    Closed,
    /// Closed tours symmetric under the half turn (thousands of closed ones).
    ClosedRot180,
}

/// The boards, each with its narrowing. Counts with no further rule (open / closed):
/// 3x4 16/0, 4x5 164/0, 3x7 104/0, 3x8 792/0, 4x6 1488/0, 5x5 1728/0, 5x6 closed 8,
/// 6x6 closed rot180 78, 2x3x4 closed rot180 68, 2x3x6 closed rot180 576; 2x4x4 has no closed
/// rot180 tour, and 3x3x3 and 2x2x5 have no tour at all (their move graphs are disconnected).
const BOARDS: &[(&str, Narrowing)] = &[
    ("3x4", Narrowing::Free),
    ("4x5", Narrowing::Free),
    ("3x7", Narrowing::Free),
    ("3x8", Narrowing::Free),
    ("4x6", Narrowing::OneStartCell),
    ("5x5", Narrowing::OneStartCell),
    ("5x6", Narrowing::Closed),
    ("6x6", Narrowing::ClosedRot180),
    ("2x3x4", Narrowing::ClosedRot180),
    ("2x3x6", Narrowing::ClosedRot180),
    ("2x4x4", Narrowing::ClosedRot180),
    ("3x3x3", Narrowing::Free),
    ("2x2x5", Narrowing::Free),
];

/// Random choices for a set of allowed start or end cells; every number is reduced modulo
/// what it picks from.
#[derive(Clone, Debug)]
struct CellSetDraw {
    cells: Vec<usize>,
    row: Option<usize>,
    col: Option<usize>,
}

/// Random choices for one `[[sums.lines]]` entry.
#[derive(Clone, Debug)]
struct LineDraw {
    cells: Vec<usize>,
    target: u64,
}

/// Random choices for one model file.
#[derive(Clone, Debug)]
struct ModelDraw {
    board: usize,
    closed: bool,
    rot180: bool,
    /// On square boards: the quarter turn instead (the half turn comes with it).
    rot90: bool,
    /// Whether the model restricts start cells (boards narrowed to one start cell always do).
    restrict_start: bool,
    start: CellSetDraw,
    end: Option<CellSetDraw>,
    /// Indices into the seed's moves, or the board's when there is no seed.
    required: Vec<usize>,
    lines: Vec<LineDraw>,
    reverse: bool,
    fixed_board: bool,
    /// Write some coordinates counting from the far side (`-1` for the last row).
    far_side: bool,
    /// Pick a solution of the board (before the drawn rules) for the drawn rules to admit.
    seed: Option<usize>,
    /// An angle bound: kind, which side (at most, at least, exactly) and a number, taken
    /// near the seed's own count when there is a seed.
    angle: Option<(usize, usize, usize)>,
    /// Cells given the seed's numbers (models with a seed and no symmetry rule); a draw of
    /// 0 mod 6 gives its first cell a number two off the seed's instead.
    givens: Option<Vec<usize>>,
}

/// Random SAT options for one solver.
#[derive(Clone, Copy, Debug)]
struct SatDraw {
    pb_encoding: PbEncoding,
    connectivity: Connectivity,
    jobs: usize,
    no_symmetry_breaking: bool,
    /// `None`: the model's default; otherwise each cube with a fixed start
    /// is split by the path of this many cells.
    prefix_length: Option<u32>,
    /// Whether Kissat sees each cube first (an empty cube is then never enumerated).
    refute_first: RefuteFirst,
}

/// One random case: a model and how each engine runs it.
#[derive(Clone, Debug)]
struct Case {
    model: ModelDraw,
    cadical: SatDraw,
    varisat: SatDraw,
    search_jobs: usize,
    search_symmetry: bool,
}

fn cell_set_draw() -> impl Strategy<Value = CellSetDraw> {
    (
        prop::collection::vec(0usize..1000, 1..4),
        prop::option::weighted(0.15, 0usize..8),
        prop::option::weighted(0.15, 0usize..8),
    )
        .prop_map(|(cells, row, col)| CellSetDraw { cells, row, col })
}

fn line_draw() -> impl Strategy<Value = LineDraw> {
    (prop::collection::vec(0usize..1000, 2..6), 0u64..10_000)
        .prop_map(|(cells, target)| LineDraw { cells, target })
}

fn model_draw() -> impl Strategy<Value = ModelDraw> {
    (
        (
            0..BOARDS.len(),
            prop::bool::weighted(0.2),
            (prop::bool::weighted(0.25), prop::bool::weighted(0.3)),
            prop::bool::weighted(0.45),
            cell_set_draw(),
            prop::option::weighted(0.35, cell_set_draw()),
        ),
        (
            prop::collection::vec(0usize..1000, 0..3),
            prop::collection::vec(line_draw(), 0..3),
            prop::bool::weighted(0.3),
            prop::bool::weighted(0.2),
            any::<bool>(),
            prop::option::weighted(0.6, 0usize..1000),
            prop::option::weighted(0.3, (0usize..5, 0usize..3, 0usize..1000)),
            prop::option::weighted(0.3, prop::collection::vec(0usize..1000, 1..5)),
        ),
    )
        .prop_map(
            |(
                (board, closed, (rot180, rot90), restrict_start, start, end),
                (required, lines, reverse, fixed_board, far_side, seed, angle, givens),
            )| ModelDraw {
                board,
                closed,
                rot180,
                rot90,
                restrict_start,
                start,
                end,
                required,
                lines,
                reverse,
                fixed_board,
                far_side,
                seed,
                angle,
                givens,
            },
        )
}

fn sat_draw() -> impl Strategy<Value = SatDraw> {
    (
        prop::sample::select(PbEncoding::ALL.to_vec()),
        prop::sample::select(vec![Connectivity::Lazy, Connectivity::Ordering]),
        1usize..=2,
        prop::bool::ANY,
        prop::option::of(1u32..=6),
        prop::sample::select(vec![
            RefuteFirst::Auto,
            RefuteFirst::Kissat,
            RefuteFirst::Off,
        ]),
    )
        .prop_map(
            |(
                pb_encoding,
                connectivity,
                jobs,
                no_symmetry_breaking,
                prefix_length,
                refute_first,
            )| {
                SatDraw {
                    pb_encoding,
                    connectivity,
                    jobs,
                    no_symmetry_breaking,
                    prefix_length,
                    refute_first,
                }
            },
        )
}

fn case() -> impl Strategy<Value = Case> {
    (
        model_draw(),
        sat_draw(),
        sat_draw(),
        1usize..=2,
        any::<bool>(),
    )
        .prop_map(
            |(model, cadical, varisat, search_jobs, search_symmetry)| Case {
                model,
                cadical,
                varisat,
                search_jobs,
                search_symmetry,
            },
        )
}

/// Writes model files for one board: coordinates, cell sets, moves and line sums. With a
/// seed tour (a solution of the board before any drawn rule), the drawn rules admit the seed
/// (all but some line targets), so that many random models have solutions despite piling up
/// rules.
struct ModelWriter<'a> {
    shape: Shape,
    board: Board,
    far_side: bool,
    seed: Option<&'a Tour>,
}

impl ModelWriter<'_> {
    /// An index along an axis of `len`, from the far side (negative) for odd indices when
    /// asked, so both spellings are read.
    fn index(&self, i: usize, len: usize) -> i64 {
        if self.far_side && i % 2 == 1 {
            i as i64 - len as i64
        } else {
            i as i64
        }
    }

    fn cell(&self, cell: usize) -> String {
        let c = self.shape.coord(cell);
        let [layers, rows, cols] = self.shape.extent();
        let (r, k) = (self.index(c.row, rows), self.index(c.col, cols));
        if self.shape.solid {
            format!("[{}, {r}, {k}]", self.index(c.layer, layers))
        } else {
            format!("[{r}, {k}]")
        }
    }

    fn cells(&self, cells: &[usize]) -> String {
        let written: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        format!("[{}]", written.join(", "))
    }

    /// A `[start]` or `[end]` table holding the drawn cells and `seed_cell`.
    fn cell_set(&self, table: &str, draw: &CellSetDraw, seed_cell: Option<usize>) -> String {
        let [_, rows, cols] = self.shape.extent();
        let mut cells = crate::common::draws::distinct_cells(&draw.cells, self.shape.n_cells());
        cells.extend(seed_cell.filter(|c| !cells.contains(c)));
        let mut text = format!("[{table}]\ncells = {}\n", self.cells(&cells));
        if let Some(row) = draw.row {
            writeln!(text, "rows = [{}]", self.index(row % rows, rows)).unwrap();
        }
        if let Some(col) = draw.col {
            writeln!(text, "cols = [{}]", self.index(col % cols, cols)).unwrap();
        }
        text
    }

    /// `givens = [...]`: the seed's numbers on the drawn cells, the first two off when its
    /// draw is 0 mod 6 (a puzzle the seed does not solve, often refused as unjoinable).
    fn givens(&self, picks: &[usize], seed: &Tour) -> String {
        let n = self.shape.n_cells();
        let numbers = seed.numbers();
        let cells = crate::common::draws::distinct_cells(picks, n);
        let written: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let mut k = numbers[c] as usize;
                if i == 0 && picks[0].is_multiple_of(6) {
                    k = if k + 2 <= n { k + 2 } else { k - 2 };
                }
                let at = self.cell(c);
                format!("{}, {k}]", &at[..at.len() - 1])
            })
            .collect();
        format!("givens = [{}]\n", written.join(", "))
    }

    /// `[start]` with exactly one cell, for boards whose count it must cut down.
    fn one_start_cell(&self, cell: usize) -> String {
        format!("[start]\ncells = [{}]\n", self.cell(cell))
    }

    /// Moves the drawn rules may require: the seed's, or else every move of the board.
    fn candidate_moves(&self) -> Vec<(usize, usize)> {
        match self.seed {
            Some(tour) => tour.order().windows(2).map(|w| (w[0], w[1])).collect(),
            None => self.board.moves(),
        }
    }

    /// `required_moves = [...]`: knight moves of this board, written in either direction.
    fn required_moves(&self, picks: &[usize]) -> String {
        let moves = self.candidate_moves();
        let written: Vec<String> = picks
            .iter()
            .map(|&i| {
                let (a, b) = moves[i % moves.len()];
                let (from, to) = if i % 2 == 0 { (a, b) } else { (b, a) };
                format!("[{}, {}]", self.cell(from), self.cell(to))
            })
            .collect();
        format!("required_moves = [{}]\n", written.join(", "))
    }

    /// One `[[sums.lines]]` entry. One draw in sixteen asks one more than the line can reach,
    /// which the model layer must refuse; with a seed, three in four take the seed's sum.
    fn line(&self, draw: &LineDraw) -> String {
        let n = self.shape.n_cells();
        let cells = crate::common::draws::distinct_cells(&draw.cells, n);
        let (low, high) = Puzzle::sum_range(cells.len(), n);
        let target = match self.seed {
            _ if draw.target % 16 == 15 => high + 1,
            Some(tour) if !draw.target.is_multiple_of(4) => {
                let numbers = tour.numbers();
                cells.iter().map(|&c| u64::from(numbers[c])).sum()
            }
            _ => crate::common::draws::line_target(low, high, draw.target),
        };
        format!(
            "[[sums.lines]]\ncells = {}\ntarget = {target}\n",
            self.cells(&cells)
        )
    }
}

/// The keys of a model before the drawn rules: board, closure and symmetry.
fn base_keys(draw: &ModelDraw) -> String {
    let (size, narrowing) = BOARDS[draw.board % BOARDS.len()];
    let closed = draw.closed || matches!(narrowing, Narrowing::Closed | Narrowing::ClosedRot180);
    let rot180 = draw.rot180 || narrowing == Narrowing::ClosedRot180;
    let square = matches!(size.split_once('x'), Some((rows, cols)) if rows == cols);
    let mut text = format!("board = \"{size}\"\nclosed = {closed}\n");
    if draw.rot90 && square {
        text.push_str("symmetry = \"rot90\"\n");
    } else if rot180 {
        text.push_str("symmetry = \"rot180\"\n");
    }
    text
}

/// The `[start]` table of a model: one cell on boards narrowed to one, else the drawn set
/// (with the seed's start), if any.
fn start_table(draw: &ModelDraw, writer: &ModelWriter) -> String {
    let (_, narrowing) = BOARDS[draw.board % BOARDS.len()];
    if narrowing == Narrowing::OneStartCell {
        writer.one_start_cell(draw.start.cells[0] % writer.shape.n_cells())
    } else if draw.restrict_start {
        writer.cell_set("start", &draw.start, writer.seed.map(Tour::first))
    } else {
        String::new()
    }
}

/// Solutions of the base model the seed is picked from: the first few the native search
/// finds, which is plenty of variety for seeding. One search thread, so that the same draw
/// always gives the same model (with several, which tours come first varies from run to run,
/// and the census below would sample different models each time).
const SEED_POOL: u64 = 32;

/// One solution of the base model, picked by `pick`; `None` when it has none.
fn seed_tour(base: &str, pick: usize) -> Option<Tour> {
    let puzzle = read_model(base).expect("base models are never refused");
    let found = Mutex::new(Vec::new());
    let sink = |class: Class| found.lock().unwrap().extend(class.members);
    let limits = Limits {
        solutions: Some(SEED_POOL),
        ..limits()
    };
    let one_thread = SearchOptions {
        jobs: 1,
        ..SearchOptions::default()
    };
    search_enumerate(&puzzle, &one_thread, &limits, &sink, &|_| {})
        .unwrap_or_else(|e| panic!("native search failed: {e}\n{base}"));
    let tours = found.into_inner().unwrap();
    (!tours.is_empty()).then(|| tours[pick % tours.len()].clone())
}

/// The model file of a draw: the base model, then the drawn rules.
fn model_toml(draw: &ModelDraw) -> String {
    let (size, narrowing) = BOARDS[draw.board % BOARDS.len()];
    let shape = Shape::parse(size).expect("the board list holds valid sizes");
    let mut writer = ModelWriter {
        shape,
        board: Board::knight(shape),
        far_side: draw.far_side,
        seed: None,
    };
    // The base model: the narrowing start cell only, since a seed is not drawn yet.
    let keys = base_keys(draw);
    let base = if narrowing == Narrowing::OneStartCell {
        format!("{keys}{}", start_table(draw, &writer))
    } else {
        keys.clone()
    };
    let seed = draw.seed.and_then(|pick| seed_tour(&base, pick));
    writer.seed = seed.as_ref();
    // Keys first: in TOML, everything after a table header belongs to that table.
    let mut text = keys;
    if !draw.required.is_empty() {
        text.push_str(&writer.required_moves(&draw.required));
    }
    if let (Some(picks), Some(tour)) = (&draw.givens, seed.as_ref()) {
        if !text.contains("symmetry") {
            text.push_str(&writer.givens(picks, tour));
        }
    }
    text.push_str(&start_table(draw, &writer));
    if let Some(set) = &draw.end {
        text.push_str(&writer.cell_set("end", set, seed.as_ref().map(Tour::last)));
    }
    for line in &draw.lines {
        text.push_str(&writer.line(line));
    }
    if let Some(angle) = draw.angle {
        let closed = text.contains("closed = true");
        text.push_str(&angle_table(angle, shape, closed, seed.as_ref()));
    }
    if draw.reverse || draw.fixed_board {
        writeln!(
            text,
            "[classes]\nboard = {}\nreverse = {}",
            !draw.fixed_board, draw.reverse
        )
        .unwrap();
    }
    text
}

/// An `[angles]` table with one bound; its number is the seed's own count, give or take
/// one, when there is a seed.
fn angle_table(
    (kind, side, value): (usize, usize, usize),
    shape: Shape,
    closed: bool,
    seed: Option<&Tour>,
) -> String {
    let kinds = AngleKind::ALL;
    let kind = kinds[kind % kinds.len()];
    let cells = angle_cells(shape.n_cells(), Closure::from(closed));
    let number = match seed {
        Some(t) => (AngleCounts::of(shape, t.order(), Closure::from(closed)).count(kind)
            + value % 3)
            .saturating_sub(1)
            .min(cells),
        None => value % (cells + 1),
    };
    let side = ["at_most", "at_least", "exactly"][side % 3];
    format!("[angles]\n{} = {{ {side} = {number} }}\n", kind.name())
}

/// Why a drawn model is not checked.
#[derive(Debug, PartialEq, Eq)]
enum Skip {
    /// The model layer refused it (a line sum out of reach); that is its job.
    Refused,
    /// Too many solutions to enumerate quickly (see `MAX_SOLUTIONS`).
    TooMany,
    /// The named engine reached `RUN_TIMEOUT` before its verdict.
    TimedOut(String),
}

impl Skip {
    /// The skipped case as proptest's rejection; a time-out is also said on stderr, written
    /// past the test harness's capture, so that a run shows which cases went unchecked.
    fn reject(self, text: &str) -> TestCaseError {
        if let Skip::TimedOut(engine) = &self {
            let seconds = RUN_TIMEOUT.as_secs();
            let _ = writeln!(
                std::io::stderr(),
                "cross_engine: case skipped, not failed: {engine} reached the {seconds} s \
                 time-out (a time-out is not a disagreement)\n{text}"
            );
        }
        TestCaseError::reject(format!("{self:?}"))
    }
}

/// The summary of an engine's run on a case, or the skip of a case whose run timed out. Any
/// other ending than exhausted fails: nothing else stops these runs.
fn verdict(summary: Summary, engine: &str, context: &str) -> Result<Summary, Skip> {
    if summary.ending == Ending::Timeout {
        return Err(Skip::TimedOut(engine.to_owned()));
    }
    assert_eq!(summary.ending, Ending::Exhausted, "{engine}\n{context}");
    assert!(summary.complete, "{engine}\n{context}");
    Ok(summary)
}

/// Reads a model through the normal path; `None` when the model layer refuses it. A syntax
/// error is a bug of the writer above and fails the test.
fn read_model(text: &str) -> Option<Puzzle> {
    let spec = Spec::from_toml(text, "random").unwrap_or_else(|e| panic!("{e}\n{text}"));
    Puzzle::from_spec(&spec).ok()
}

fn limits() -> Limits {
    Limits {
        timeout: Some(RUN_TIMEOUT),
        ..Limits::default()
    }
}

fn native_count(puzzle: &Puzzle, jobs: usize, symmetry: bool, text: &str) -> Result<Summary, Skip> {
    let options = SearchOptions {
        jobs,
        symmetry,
        node_budget: None,
    };
    let summary = search_count(puzzle, &options, &limits(), &|_| {})
        .unwrap_or_else(|e| panic!("native search failed: {e}\n{text}"));
    verdict(summary, "native search", text)
}

/// The puzzle and its native count, or why the case is skipped.
fn prepare(
    text: &str,
    search_jobs: usize,
    search_symmetry: bool,
) -> Result<(Puzzle, Summary), Skip> {
    let puzzle = read_model(text).ok_or(Skip::Refused)?;
    let native = native_count(&puzzle, search_jobs, search_symmetry, text)?;
    if native.solutions > MAX_SOLUTIONS {
        return Err(Skip::TooMany);
    }
    Ok((puzzle, native))
}

fn sat_options(solver: SolverKind, draw: SatDraw) -> SatOptions {
    SatOptions {
        solver,
        encode: EncodeOptions {
            connectivity: draw.connectivity,
            pb_encoding: draw.pb_encoding,
        },
        jobs: draw.jobs,
        no_symmetry_breaking: draw.no_symmetry_breaking,
        prefix_length: draw.prefix_length,
        refute_first: draw.refute_first,
        ..SatOptions::default()
    }
}

/// Enumerates with the SAT engine and checks what it hands over: the run is exhausted, every
/// tour passes the verifier, no tour comes twice, and the summary counts what was handed over
/// (solutions, and classes as distinct class representatives). Returns the summary, or the
/// skip of a run that timed out.
fn checked_sat_enumeration(
    puzzle: &Puzzle,
    options: &SatOptions,
    text: &str,
) -> Result<Summary, Skip> {
    let context = format!("{} {options:?}\n{text}", options.solver);
    let mut tours: Vec<Tour> = Vec::new();
    let mut classes_handed_over = 0u64;
    let summary = sat_enumerate(puzzle, options, &limits(), &mut |class| {
        classes_handed_over += 1;
        tours.extend(class.members.iter().cloned());
    })
    .unwrap_or_else(|e| panic!("SAT engine failed: {e}\n{context}"));
    let summary = verdict(
        summary,
        &format!("SAT engine ({})", options.solver),
        &context,
    )?;
    let form = puzzle.form();
    let mut seen = HashSet::new();
    let mut representatives = HashSet::new();
    for tour in &tours {
        let violations = verify(puzzle, tour);
        assert!(
            violations.is_empty(),
            "tour {:?} breaks {violations:?}\n{context}",
            tour.order()
        );
        assert!(
            seen.insert(key(tour, form)),
            "tour {:?} handed over twice\n{context}",
            tour.order()
        );
        representatives.insert(puzzle.canonical(tour));
    }
    assert_eq!(summary.solutions, tours.len() as u64, "{context}");
    assert_eq!(summary.classes, classes_handed_over, "{context}");
    assert_eq!(summary.classes, representatives.len() as u64, "{context}");
    Ok(summary)
}

fn check_engines_agree(case: &Case) -> Result<(), TestCaseError> {
    let text = model_toml(&case.model);
    let (puzzle, native) = match prepare(&text, case.search_jobs, case.search_symmetry) {
        Ok(prepared) => prepared,
        Err(skip) => return Err(skip.reject(&text)),
    };
    let want = (native.solutions, native.classes);
    for (solver, draw) in [
        (SolverKind::Cadical, case.cadical),
        (SolverKind::Varisat, case.varisat),
    ] {
        let options = sat_options(solver, draw);
        let sat = match checked_sat_enumeration(&puzzle, &options, &text) {
            Ok(sat) => sat,
            Err(skip) => return Err(skip.reject(&text)),
        };
        prop_assert_eq!(
            (sat.solutions, sat.classes),
            want,
            "{} {:?} against the native search (solutions, classes)\n{}",
            solver,
            options,
            text
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn engines_agree_on_random_puzzles(case in case()) {
        check_engines_agree(&case)?;
    }
}

/// What a sample of the generator's models turned out to be.
#[derive(Debug, Default)]
struct Census {
    refused: usize,
    too_many: usize,
    timed_out: usize,
    without_solutions: usize,
    with_solutions: usize,
}

fn census(samples: usize, seed: [u8; 32]) -> Census {
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = case();
    let mut census = Census::default();
    for _ in 0..samples {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        let text = model_toml(&case.model);
        match prepare(&text, 2, true) {
            Err(Skip::Refused) => census.refused += 1,
            Err(Skip::TooMany) => census.too_many += 1,
            Err(Skip::TimedOut(_)) => census.timed_out += 1,
            Ok((_, native)) if native.solutions == 0 => census.without_solutions += 1,
            Ok(_) => census.with_solutions += 1,
        }
    }
    census
}

/// The property above would pass vacuously if the generator made only refused, oversized or
/// empty puzzles: on a fixed sample, most models must be checked, a good share must have
/// solutions, and some must have none (so engines are also checked on proving absence).
#[test]
fn generator_makes_mostly_checkable_puzzles_with_and_without_solutions() {
    // Large enough that one model more or less does not decide the fractions below.
    const SAMPLES: usize = 256;
    let census = census(SAMPLES, [7; 32]);
    let skipped = census.refused + census.too_many + census.timed_out;
    assert!(skipped <= SAMPLES / 8, "{census:?}");
    assert!(census.with_solutions >= SAMPLES / 4, "{census:?}");
    assert!(census.without_solutions >= SAMPLES / 16, "{census:?}");
}

/// A run stopped by its time-out skips the case (proptest's rejection) instead of failing it.
#[test]
fn a_run_that_times_out_skips_its_case_and_does_not_fail_it() {
    // The skip's message reaches the log; its model says that no run timed out.
    let text = "# this test's own example: no search ran, none timed out\nboard = \"3x4\"\n";
    let puzzle = read_model(text).unwrap();
    let mut timed_out = Summary::new(&puzzle, "search");
    timed_out.set_no_count();
    timed_out.finish(Ending::Timeout, std::time::Instant::now());
    let skip = verdict(timed_out, "native search", text).unwrap_err();
    assert_eq!(skip, Skip::TimedOut("native search".into()));
    assert!(matches!(skip.reject(text), TestCaseError::Reject(_)));
}
