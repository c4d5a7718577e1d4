//! Reading tour files: a numbered grid (text) or JSON lines such as `enumerate` writes.

use anyhow::{Context, Result};
use knights::tour::{json, text, Tour};
use std::path::Path;

/// One tour with where it came from (`file` or `file line N`).
pub struct Sourced {
    pub origin: String,
    pub tour: Tour,
}

/// Every tour in a file: one grid, or one per JSON line.
pub fn read(path: &Path) -> Result<Vec<Sourced>> {
    let shown = path.display().to_string();
    let content = std::fs::read_to_string(path).with_context(|| format!("cannot read {shown}"))?;
    if content.trim_start().starts_with('{') {
        let tours = json::parse_lines(&content).with_context(|| shown.clone())?;
        let sourced = tours.into_iter().map(|(line, tour)| Sourced {
            origin: format!("{shown} line {line}"),
            tour,
        });
        return Ok(sourced.collect());
    }
    let tour = text::parse(&content).with_context(|| shown.clone())?;
    Ok(vec![Sourced {
        origin: shown,
        tour,
    }])
}
