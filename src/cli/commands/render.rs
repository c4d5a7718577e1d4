//! `knights render`: draw a tour as SVG, once it is shown to be a tour.

use crate::cli::io::tours;
use crate::cli::presentation::broken_rules::broken_rules;
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::board::{Board, Leaper, Shape};
use knights::puzzle::{angles_along, AngleKind, Puzzle};
use knights::spec::Spec;
use knights::tour::Closure;
use knights::tour::Tour;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A tour file: a numbered grid, JSON lines (the first tour is drawn, or the one --index
    /// picks, or all on a --sheet), or a .bin file of
    /// cell indices (with --board). A flat board with a side over 60 is drawn as its path
    /// alone, coloured from number 1 to the last.
    #[arg(value_name = "TOUR_FILE")]
    pub tour: PathBuf,
    /// The board, ROWSxCOLS or LAYERSxROWSxCOLS: needed for a .bin file, which holds cell
    /// indices only; a grid or record on another board is refused.
    #[arg(long, value_name = "SIZE")]
    pub board: Option<String>,
    /// Where to write the SVG; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// The tour is closed: its last cell must be a move from its first, and that move is
    /// drawn. [default: drawn whenever the ends are a move apart]
    #[arg(long, conflicts_with = "open")]
    pub closed: bool,
    /// Draw no closing move, even where the ends are a move apart.
    #[arg(long)]
    pub open: bool,
    /// The (a,b) leaper whose moves the tour makes. Default: the knight 1,2.
    #[arg(long, value_name = "A,B")]
    pub leaper: Option<String>,
    /// layers: the layers side by side, numbered; exploded: a box's layers as isometric
    /// grids stacked apart, the path through them coloured from start to end.
    #[arg(long, value_enum, default_value = "layers")]
    pub view: View,
    /// Shade the cells where the tour's two moves meet at an angle of this kind: acute,
    /// right, obtuse, straight or obtuse_or_straight (flat boards of side up to 60, layers
    /// view).
    #[arg(long, value_enum, value_name = "KIND")]
    pub mark_angles: Option<AngleKind>,
    /// The picture's width in pixels, its height in proportion [default: the drawing's own
    /// size, 40 pixels a square on boards up to 60 a side].
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(16..=100_000))]
    pub size: Option<u32>,
    /// Draw the file's N-th tour (1 for the first).
    #[arg(long, value_name = "N", conflicts_with = "sheet",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    /// Draw the file's tours on one sheet, each labelled with its number in the file (as
    /// --index counts) and its class where the record names one. At most 100 a sheet: past
    /// that the first 100, and stderr names the --range that draws the next.
    #[arg(long)]
    pub sheet: bool,
    /// With --sheet: draw only the file's tours A to B (1-based, as --index counts, B
    /// included; `A..` runs to the last), at most 100 of them.
    #[arg(long, value_name = "A..B", requires = "sheet", value_parser = parse_range)]
    pub range: Option<TourRange>,
}

/// The most tours one sheet draws.
const SHEET_CAP: usize = 100;

/// A run of a file's tours, 1-based as `--index` counts: `first` to `last` (to the end when
/// `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourRange {
    first: usize,
    last: Option<usize>,
}

/// `A..B` or `A..`, with 1 <= A <= B.
fn parse_range(text: &str) -> Result<TourRange, String> {
    let expected = || format!("`{text}`: expected A..B or A.. (1-based, A at most B), as 101..140");
    let (first, last) = text.split_once("..").ok_or_else(expected)?;
    let first: usize = first.trim().parse().map_err(|_| expected())?;
    let last: Option<usize> = match last.trim() {
        "" => None,
        number => Some(number.parse().map_err(|_| expected())?),
    };
    if first == 0 || last.is_some_and(|last| last < first) {
        return Err(expected());
    }
    Ok(TourRange { first, last })
}

/// How a tour is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// The layers side by side (a flat board: the board), numbered.
    Layers,
    /// The layers as isometric grids stacked apart, for following a box's tour by eye.
    Exploded,
}

pub fn run(args: RenderArgs) -> Result<ExitCode> {
    if args.tour.extension().is_some_and(|e| e == "toml") {
        let svg = puzzle_picture(&args)?;
        return write_picture(&args, svg);
    }
    let shape = args.board.as_deref().map(Shape::parse).transpose();
    let shape = shape.context("--board")?;
    let all = tours::read(&args.tour, shape)?;
    if all.is_empty() {
        bail!("{} holds no tour", args.tour.display());
    }
    let chosen = chosen(&args, all)?;
    let mut drawings = Vec::with_capacity(chosen.len());
    for (position, sourced) in &chosen {
        let svg = draw(&args, shape, &sourced.tour).with_context(|| sourced.origin.clone())?;
        drawings.push((sheet_label(*position, sourced), svg));
    }
    let svg = match args.sheet {
        true => knights::render::sheet::sheet(&drawings),
        false => drawings.swap_remove(0).1,
    };
    write_picture(&args, svg)
}

/// Writes the picture where `--output` says, at the `--size` asked for.
fn write_picture(args: &RenderArgs, mut svg: String) -> Result<ExitCode> {
    if let Some(width) = args.size {
        svg = knights::render::sized(&svg, f64::from(width));
    }
    if args.output.as_os_str() == "-" {
        out!("{svg}")?;
    } else {
        crate::cli::io::atomic::write_whole(&args.output, svg)?;
        errln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// A model file's puzzle: the board with its given numbers, and the task under it. The
/// flags that choose or draw a tour are refused rather than ignored.
fn puzzle_picture(args: &RenderArgs) -> Result<String> {
    let tour_flags = [
        ("--board", args.board.is_some()),
        ("--closed", args.closed),
        ("--open", args.open),
        ("--leaper", args.leaper.is_some()),
        ("--view exploded", args.view == View::Exploded),
        ("--mark-angles", args.mark_angles.is_some()),
        ("--index", args.index.is_some()),
        ("--sheet", args.sheet),
        ("--range", args.range.is_some()),
    ];
    if let Some((flag, _)) = tour_flags.iter().find(|(_, given)| *given) {
        bail!(
            "{flag}: {} is a model file, drawn as its puzzle; the flag is for tour files",
            args.tour.display()
        );
    }
    let spec = Spec::from_file(&args.tour)?;
    let puzzle =
        Puzzle::from_spec(&spec).with_context(|| format!("model {}", args.tour.display()))?;
    if puzzle.givens.is_empty() {
        bail!(
            "{} gives no numbers, so it has no puzzle to draw; render draws tours, and models with givens",
            args.tour.display()
        );
    }
    crate::cli::presentation::puzzle_picture::draw_puzzle(&puzzle, &spec, &puzzle.givens)
}

/// The tours to draw, each with its place in the file (1-based): the one `--index` picks
/// (else the first), or the sheet's.
fn chosen(args: &RenderArgs, all: Vec<tours::Sourced>) -> Result<Vec<(usize, tours::Sourced)>> {
    if args.sheet {
        return sheet_tours(args, all);
    }
    let index = args.index.unwrap_or(1);
    let one = tours::nth(all, index, &args.tour)?;
    Ok(vec![(usize::try_from(index)?, one)])
}

/// The tours of `--range` (else all), at most [`SHEET_CAP`] of them: a sheet cut short says
/// on stderr which `--range` draws the next.
fn sheet_tours(
    args: &RenderArgs,
    all: Vec<tours::Sourced>,
) -> Result<Vec<(usize, tours::Sourced)>> {
    let held = all.len();
    let range = args.range.unwrap_or(TourRange {
        first: 1,
        last: None,
    });
    if range.first > held {
        bail!(
            "--range {}..: {} holds {held} tour(s)",
            range.first,
            args.tour.display()
        );
    }
    let last = range.last.map_or(held, |last| last.min(held));
    let drawn = last.min(range.first + SHEET_CAP - 1);
    if drawn < last {
        errln!(
            "{} holds {held} tours; the sheet draws tours {} to {drawn} ({SHEET_CAP} at most a sheet): draw the next with --range {}..{last}",
            args.tour.display(),
            range.first,
            drawn + 1
        );
    }
    let numbered = all.into_iter().enumerate().map(|(i, s)| (i + 1, s));
    let kept = numbered.skip(range.first - 1).take(drawn + 1 - range.first);
    Ok(kept.collect())
}

/// A tour's label on a sheet: its place in the file, which `--index` and `--range` take,
/// and its class where the record names one. The file's name is left out: it is the same
/// under every tour, and a path would not fit.
fn sheet_label(position: usize, sourced: &tours::Sourced) -> String {
    let Some(tag) = sourced.class else {
        return format!("tour {position}");
    };
    let mut label = format!("tour {position}: class {}", tag.class);
    if let Some(member) = tag.member.filter(|&m| m > 1) {
        label.push_str(&format!(", member {member}"));
    }
    if let Some(job) = tag.job {
        label.push_str(&format!(" of job {job}"));
    }
    label
}

/// One tour drawn as the flags ask, once it is shown to be a tour.
fn draw(args: &RenderArgs, shape: Option<Shape>, tour: &Tour) -> Result<String> {
    if let Some(shape) = shape.filter(|&s| s != tour.shape()) {
        bail!("the tour is on {}, but --board says {shape}", tour.shape());
    }
    let leaper = match &args.leaper {
        Some(text) => Leaper::parse(text).context("--leaper")?,
        None => Leaper::KNIGHT,
    };
    check_tour(tour, leaper, Closure::from(args.closed))?;
    let board = Board::new(tour.shape(), leaper);
    let closed = Closure::of(tour, &board).is_closed() && !args.open;
    if let Some(kind) = args.mark_angles {
        let shape = tour.shape();
        if knights::render::overview::suits(shape) {
            bail!(
                "--mark-angles {}: a {shape} board (a side over {}) is drawn as its path only, with no cells to mark; mark angles on boards of side up to {} or leave the flag out",
                kind.name(),
                knights::render::overview::FULL_UP_TO,
                knights::render::overview::FULL_UP_TO
            );
        }
        if args.view == View::Exploded {
            bail!("--mark-angles: the exploded view does not mark cells; use the default view");
        }
    }
    let marked = args
        .mark_angles
        .map(|kind| cells_with_angle(tour, Closure::from(closed), kind))
        .unwrap_or_default();
    let meaning = args
        .mark_angles
        .map(|kind| format!("{} angles", kind.name()))
        .unwrap_or_default();
    Ok(match args.view {
        View::Layers => knights::render::svg_marked(tour, Closure::from(closed), &marked, &meaning),
        View::Exploded => knights::render::exploded::svg(tour, Closure::from(closed)),
    })
}

/// The cells at which the tour's two moves meet at an angle of `kind` (not the ends of an
/// open tour, which have one move).
fn cells_with_angle(tour: &Tour, closed: Closure, kind: AngleKind) -> Vec<usize> {
    let order = tour.order();
    angles_along(tour.shape(), order.len(), closed, |i| order[i])
        .filter(|&(_, angle)| kind.includes(angle))
        .map(|(cell, _)| cell)
        .collect()
}

/// The independent verifier's word that this is a tour of the leaper on its own board
/// (closed, with `--closed`): anything else is not drawn as a tour.
fn check_tour(tour: &Tour, leaper: Leaper, closed: Closure) -> Result<()> {
    let mut spec = Spec::plain(&tour.shape().to_string());
    spec.leaper = Some([leaper.a, leaper.b]);
    spec.closed = closed.is_closed();
    let puzzle = Puzzle::from_spec(&spec)?;
    if let Some(broken) = broken_rules(&puzzle, tour) {
        let kind = if closed.is_closed() {
            "closed tour (--closed)"
        } else {
            "tour"
        };
        bail!("not a {kind} of the {leaper} leaper, so not drawn: {broken}");
    }
    Ok(())
}
