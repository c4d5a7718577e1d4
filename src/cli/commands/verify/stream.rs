//! `knights verify` of `.bin` tours against a plain model (the leaper, `closed`, and the sums
//! of every row and column, no other rule), and of any tour of a board too large to hold as
//! a tour (more than `board::MAX_CELLS` cells): each file is read a chunk at a time and
//! checked by the streaming verifier, in memory of one bit per square and a number per row
//! and column. That verifier knows those rules only, so on a board too large to hold a model
//! with any other rule is refused.

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use knights::board::{Leaper, Shape, ShapeError, MAX_CELLS, MAX_STREAMED_CELLS};
use knights::spec::{Spec, SumsSpec};
use knights::tour::binary::{self, CellChunks};
use knights::tour::Closure;
use knights::verify::stream::{StreamVerifier, StreamViolation};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The board of `spec` when its tours are checked as they stream past: every file is a
/// `.bin` and the model has no rule the streaming verifier does not know, or the board is
/// too large to hold a tour of. `None` otherwise: the model's own checks then take them on.
pub fn streamed_board(spec: &Spec, files: &[PathBuf]) -> Result<Option<Shape>> {
    let too_large = matches!(Shape::parse(&spec.board), Err(ShapeError::TooLarge(..)));
    let plain_binary =
        files.iter().all(|p| crate::cli::io::tours::is_binary(p)) && other_rules(spec).is_empty();
    if !too_large && !plain_binary {
        return Ok(None);
    }
    let shape = Shape::parse_within(&spec.board, MAX_STREAMED_CELLS);
    Ok(Some(shape.with_context(|| model_name(spec))?))
}

/// Checks every file against the plain rules of `spec` on `shape`.
pub fn run(shape: Shape, spec: &Spec, files: &[PathBuf]) -> Result<ExitCode> {
    let leaper = plain_rules(spec, shape)?;
    if let Some(text) = files
        .iter()
        .find(|path| !crate::cli::io::tours::is_binary(path))
    {
        bail!(
            "{}: a tour of the {shape} board ({} cells) is read only from a .bin file",
            text.display(),
            shape.n_cells()
        );
    }
    let mut broken = 0usize;
    for path in files {
        let shown = path.display().to_string();
        match check_file(path, shape, leaper, spec)? {
            None => outln!("{shown}: ok")?,
            Some(violation) if violation.rule() == "integrity" => {
                // Not a tour of the board at all, as a grid with a number twice is not.
                bail!("{shown}: {violation}");
            }
            Some(violation) => {
                broken += 1;
                outln!("{shown}: 1 broken rule(s); a streamed check stops at the first")?;
                outln!("  - {violation}")?;
            }
        }
    }
    errln!(
        "{} tour(s) checked against {}: {broken} broken",
        files.len(),
        model_name(spec)
    );
    Ok(if broken == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The leaper of a model that has no rule but the leaper and `closed`; any other rule needs
/// the whole tour, which a board this large does not allow.
fn plain_rules(spec: &Spec, shape: Shape) -> Result<Leaper> {
    let other = other_rules(spec);
    if !other.is_empty() {
        bail!(
            "{}: the {shape} board has more than {MAX_CELLS} cells, so its tours are checked as \
             they stream past, for the leaper and --closed only; the model's {} need the whole tour",
            model_name(spec),
            other.join(", ")
        );
    }
    match spec.leaper {
        None => Ok(Leaper::KNIGHT),
        Some([0, 0]) => bail!("{}: the leaper 0,0 does not move", model_name(spec)),
        Some([a, b]) => Ok(Leaper { a, b }),
    }
}

/// The model's rules beyond the leaper and `closed`, in words.
fn other_rules(spec: &Spec) -> Vec<&'static str> {
    let rules = [
        (spec.start.is_some(), "start cells"),
        (spec.end.is_some(), "end cells"),
        (spec.symmetry.is_some(), "a tour symmetry"),
        (
            streamless_sums(&spec.sums),
            "line sums other than rows and columns",
        ),
        (!spec.required_moves.is_empty(), "required moves"),
        (!spec.givens.is_empty(), "given numbers"),
    ];
    rules.iter().filter(|r| r.0).map(|r| r.1).collect()
}

/// Whether the model asks for sums the streaming verifier does not add up as the cells
/// pass: anything but every row's and every column's.
fn streamless_sums(sums: &SumsSpec) -> bool {
    let streamed = SumsSpec {
        rows: sums.rows,
        cols: sums.cols,
        ..SumsSpec::default()
    };
    *sums != streamed
}

/// How the model is named in messages: its name, or the board it was given as.
fn model_name(spec: &Spec) -> String {
    spec.name
        .clone()
        .unwrap_or_else(|| format!("--board {}", spec.board))
}

/// The first rule the tour in `path` breaks, or `None` when it is a tour.
fn check_file(
    path: &Path,
    shape: Shape,
    leaper: Leaper,
    spec: &Spec,
) -> Result<Option<StreamViolation>> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {shown}"))?;
    // A file of the wrong size is named as such before it is read; a pipe's size shows only
    // at its end, where the verifier counts the cells.
    let size = file
        .metadata()
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    if let Some(size) = size {
        binary::check_length(size, shape).with_context(|| shown.clone())?;
    }
    let mut chunks = CellChunks::new(file);
    let mut verifier = StreamVerifier::new(shape, leaper, Closure::from(spec.closed));
    let (rows, cols) = (spec.sums.rows, spec.sums.cols);
    if rows.is_some() || cols.is_some() {
        verifier = verifier.with_line_sums(rows, cols).with_context(|| {
            format!("{}: a box has no rows and columns to sum", model_name(spec))
        })?;
    }
    let meter = Meter::new(&shown, shape.n_cells() as u64);
    while let Some((first, cells)) = chunks.next_chunk().with_context(|| shown.clone())? {
        if let Err(violation) = verifier.push(cells) {
            meter.finish();
            return Ok(Some(violation));
        }
        meter.show(first + cells.len() as u64);
    }
    meter.finish();
    Ok(verifier.finish().err())
}

/// Cells checked so far, on stderr once a check has taken more than a second (and only on a
/// terminal, as all progress).
struct Meter {
    bar: ProgressBar,
    started: Instant,
    drawn: std::cell::Cell<bool>,
}

impl Meter {
    fn new(file: &str, cells: u64) -> Self {
        let bar = ProgressBar::with_draw_target(Some(cells), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "[{elapsed_precise}] {prefix}: {bar:30} {human_pos}/{human_len} cells, {eta} left",
        );
        bar.set_style(style.expect("a valid template"));
        bar.set_prefix(file.to_string());
        Meter {
            bar,
            started: Instant::now(),
            drawn: std::cell::Cell::new(false),
        }
    }

    fn show(&self, done: u64) {
        if !self.drawn.get() && self.started.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.drawn.set(true);
        }
        self.bar.set_position(done);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
