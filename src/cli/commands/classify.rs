//! `knights classify TOURS`: seed 004's tour types and the classes under the box's own
//! symmetries, as a table, JSON, and an SVG histogram of category sizes.

use crate::cli::io::tours::{self, Sourced};
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::board::{Board, Leaper};
use knights::classify::{classify, Classified, Partition};
use knights::render::histogram;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ClassifyArgs {
    /// Tours of one board: JSON lines (as `sample` and `enumerate` write them) or a grid;
    /// `-` reads them from standard input.
    #[arg(value_name = "TOURS")]
    pub tours: PathBuf,
    /// The (a,b) leaper whose moves the tours make. Default: the knight 1,2.
    #[arg(long, value_name = "A,B")]
    pub leaper: Option<String>,
    /// Print the classification as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also draw the sizes of the tour-type categories as an SVG histogram.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn run(args: ClassifyArgs) -> Result<ExitCode> {
    let leaper = match &args.leaper {
        Some(text) => Leaper::parse(text).context("--leaper")?,
        None => Leaper::default(),
    };
    let read = tours::read(&args.tours, None)?;
    let Some(first) = read.first() else {
        bail!("{}: no tours", shown(&args.tours));
    };
    let board = Board::new(first.tour.shape(), leaper);
    check_tours(&read, &board)?;
    let tours: Vec<_> = read.into_iter().map(|s| s.tour).collect();
    let found = classify(&board, &tours);
    if let Some(path) = &args.svg {
        let title = format!("{}: tour types, {} tours", found.board, tours.len());
        let svg = histogram::category_sizes(
            &title,
            &[
                ("open", &found.types_open.sizes),
                ("closing", &found.types_closing.sizes),
            ],
        );
        crate::cli::io::atomic::write_whole(path, svg)?;
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&found)?)?;
    } else {
        out!("{}", table(&found, leaper))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The tours' file as messages name it.
fn shown(path: &std::path::Path) -> String {
    match path.as_os_str() == "-" {
        true => "standard input".into(),
        false => path.display().to_string(),
    }
}

/// Every tour is of the first one's board and makes the leaper's moves; else the first line
/// that is not is named.
fn check_tours(read: &[Sourced], board: &Board) -> Result<()> {
    let shape = board.shape();
    for sourced in read {
        let tour = &sourced.tour;
        if tour.shape() != shape {
            bail!(
                "{}: a tour of {}, but the first tour is of {shape}; classify takes tours of one board",
                sourced.origin,
                tour.shape()
            );
        }
        if let Some(k) =
            (1..tour.len()).find(|&k| !board.is_move(tour.order()[k - 1], tour.order()[k]))
        {
            bail!(
                "{}: the move from {k} to {} is not a {} leap",
                sourced.origin,
                k + 1,
                board.leaper()
            );
        }
    }
    Ok(())
}

/// The classification as a table for people.
fn table(found: &Classified, leaper: Leaper) -> String {
    let mut out = String::new();
    let (open, closing) = (found.types_open.tours, found.types_closing.tours);
    let total = open + closing;
    let plural = if total == 1 { "" } else { "s" };
    out += &format!(
        "{} ({leaper} leaper): {total} tour{plural}, {open} open and {closing} closing (the last cell a move from the first)\n\n",
        found.board
    );
    out += "Tour types (seed 004): the cells' location codes (outer faces touched) in visiting order,\nup to reversal, and for closing tours up to where the loop starts.\n";
    out += &partition_table("categories", &found.types_open, &found.types_closing);
    out += &format!(
        "\nGeometric classes: the box's {} symmetries with reversal, and for closing tours any start.\n",
        found.group_order
    );
    out += &partition_table("classes", &found.classes_open, &found.classes_closing);
    out += "\nNumbered classes: the same, but a closing tour numbered from another cell is another\ntour (the classes of a census of numbered tours; its loops above are the geometric ones).\n";
    out += &partition_table("classes", &found.classes_open, &found.numbered_closing);
    let fixed: Vec<_> = found
        .classes
        .iter()
        .filter(|c| c.fixed_by.len() > 1)
        .collect();
    out += &format!(
        "\nClasses fixed by a symmetry besides the identity: {}\n",
        fixed.len()
    );
    for class in fixed {
        out += &format!(
            "  tour {} ({}): orbit {}, fixed by {}\n",
            class.first,
            if class.closing { "closing" } else { "open" },
            class.orbit,
            class.fixed_by.join(", ")
        );
    }
    out
}

fn partition_table(what: &str, open: &Partition, closing: &Partition) -> String {
    let mut out = format!(
        "  {:<24}{:>10}{:>10}\n  {:<24}{:>10}{:>10}\n",
        "", "open", "closing", what, open.groups, closing.groups
    );
    let sizes: std::collections::BTreeSet<usize> = open
        .sizes
        .keys()
        .chain(closing.sizes.keys())
        .copied()
        .collect();
    for size in sizes {
        let count = |p: &Partition| p.sizes.get(&size).copied().unwrap_or(0);
        let label = format!("  of {size} tour{}", if size == 1 { "" } else { "s" });
        out += &format!("  {label:<24}{:>10}{:>10}\n", count(open), count(closing));
    }
    out
}
