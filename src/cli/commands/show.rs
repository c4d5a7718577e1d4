//! `knights show`: the model as the tool understands it.

use crate::cli::arguments::model::ModelArgs;
use anyhow::Result;
use clap::Args;
use knights::puzzle::angle_cells;
use knights::puzzle::existence::no_solution_reason;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub model: ModelArgs,
}

pub fn run(args: ShowArgs) -> Result<ExitCode> {
    let puzzle = args.model.puzzle()?;
    let shape = puzzle.board.shape();
    let cells = |set: &Option<Vec<usize>>| match set {
        None => "any cell".to_string(),
        Some(v) => v
            .iter()
            .map(|&c| shape.cell_name(c))
            .collect::<Vec<_>>()
            .join(" "),
    };
    outln!("model:       {}", puzzle.name)?;
    outln!(
        "board:       {shape} ({} cells), leaper {}",
        puzzle.n_cells(),
        puzzle.board.leaper()
    )?;
    outln!(
        "tour:        {}",
        if puzzle.closed.is_closed() {
            "closed"
        } else {
            "open"
        }
    )?;
    outln!("solutions:   {}", puzzle.kind().describe())?;
    outln!("start:       {}", cells(&puzzle.starts))?;
    outln!("end:         {}", cells(&puzzle.ends))?;
    outln!(
        "symmetry:    {}",
        puzzle.tour_symmetry().unwrap_or("none required")
    )?;
    for s in &puzzle.sums {
        outln!("sum:         {} = {}", s.name, s.target)?;
    }
    let angle_cells = angle_cells(puzzle.n_cells(), puzzle.closed);
    for bound in &puzzle.angles {
        outln!("angles:      {}", bound.describe(angle_cells))?;
    }
    for &(cell, k) in &puzzle.givens {
        outln!("given:       {k} on {}", shape.cell_name(cell))?;
    }
    for &(a, b) in &puzzle.required {
        outln!("required:    {}-{}", shape.cell_name(a), shape.cell_name(b))?;
    }
    let group = puzzle.equivalence_group();
    outln!(
        "classes:     orbits under a group of {} elements",
        group.order()
    )?;
    if let Some(reason) = no_solution_reason(&puzzle) {
        outln!("existence:   no tour: {reason}")?;
    }
    Ok(ExitCode::SUCCESS)
}
