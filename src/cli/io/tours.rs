//! Reading tour files: a numbered grid (text), JSON lines such as `enumerate` writes, or a
//! `.bin` file of cell indices (`knights::tour::binary`), whose board comes from the command.

use anyhow::{bail, Context, Result};
use knights::board::Shape;
use knights::files;
use knights::tour::json::{ClassTag, JsonError, TaggedTour};
use knights::tour::{binary, json, text, Tour};
use std::path::Path;

/// One tour with where it came from (`file` or `file line N`), and its class where its
/// record names one.
pub struct Sourced {
    pub origin: String,
    pub tour: Tour,
    pub class: Option<ClassTag>,
}

/// Every tour in a file (`-`: standard input): one grid, or one per JSON line. A grid is read with the model's
/// board shape when there is one, so that a layer or row too few is named as such.
pub fn read(path: &Path, shape: Option<Shape>) -> Result<Vec<Sourced>> {
    if is_binary(path) {
        return read_binary(path, shape);
    }
    let (shown, content) = read_text(path)?;
    if content.trim_start().starts_with('{') {
        let tours = json::parse_tagged_lines(&content).with_context(|| shown.clone())?;
        return Ok(sourced_lines(&shown, tours));
    }
    // A whole grid of another board is a tour that breaks the model's board rule; a grid
    // that is no tour at all is named by its layout first when that differs from the model's.
    let tour = match shape {
        Some(shape) => text::parse(&content).or_else(|_| text::parse_with_shape(&content, shape)),
        None => text::parse(&content),
    };
    let tour = tour.with_context(|| shown.clone())?;
    Ok(vec![Sourced {
        origin: shown,
        tour,
        class: None,
    }])
}

/// The `index`-th tour (1 for the first) of the tours `all` read from `path`.
pub fn nth(mut all: Vec<Sourced>, index: u64, path: &Path) -> Result<Sourced> {
    let held = all.len();
    let position = usize::try_from(index - 1).unwrap_or(usize::MAX);
    if position >= held {
        bail!("--index {index}: {} holds {held} tour(s)", path.display());
    }
    Ok(all.swap_remove(position))
}

/// The text of a tour file, or of standard input for `-`, with the name messages give it.
fn read_text(path: &Path) -> Result<(String, String)> {
    if path.as_os_str() == "-" {
        let shown = "standard input".to_string();
        let content = files::read_stdin(&shown)?;
        return Ok((shown, content));
    }
    Ok((path.display().to_string(), files::read_text(path)?))
}

/// Whether a tour file is in the binary form, by its name: `*.bin`.
pub fn is_binary(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bin"))
}

/// The one tour of a `.bin` file of the board `shape`, which the file itself does not hold.
fn read_binary(path: &Path, shape: Option<Shape>) -> Result<Vec<Sourced>> {
    let shown = path.display().to_string();
    let Some(shape) = shape else {
        bail!("{shown}: a .bin tour file holds cell indices only; give its board with --board ROWSxCOLS");
    };
    let bytes = files::read_bytes(path, files::MAX_FILE_BYTES)?;
    let tour = binary::to_tour(&bytes, shape).with_context(|| shown.clone())?;
    Ok(vec![Sourced {
        origin: shown,
        tour,
        class: None,
    }])
}

/// Every tour in the JSON lines of a run that may have been killed mid-write: a last line
/// that is not even JSON is the record being written when the run died, so it is skipped
/// (with a warning); a bad line anywhere else means the file is not what it claims to be.
pub fn read_interrupted(path: &Path) -> Result<Vec<Sourced>> {
    let shown = path.display().to_string();
    let content = files::read_text(path)?;
    let tours = match json::parse_tagged_lines(&content) {
        Err(JsonError::Syntax { line, .. }) if Some(line) == last_line(&content) => {
            errln!("{shown} line {line}: cut short (the run was stopped mid-write); skipped");
            json::parse_tagged_lines(&lines_before(&content, line))
        }
        parsed => parsed,
    };
    Ok(sourced_lines(&shown, tours.with_context(|| shown.clone())?))
}

fn sourced_lines(shown: &str, tours: Vec<TaggedTour>) -> Vec<Sourced> {
    let sourced = tours.into_iter().map(|(line, tour, class)| Sourced {
        origin: format!("{shown} line {line}"),
        tour,
        class,
    });
    sourced.collect()
}

/// The number (1-based) of the last line that is not blank.
fn last_line(content: &str) -> Option<usize> {
    let numbered = content.lines().enumerate();
    numbered
        .filter(|(_, text)| !text.trim().is_empty())
        .last()
        .map(|(i, _)| i + 1)
}

/// The text of the lines before line `line` (1-based), so line numbers stay the same.
fn lines_before(content: &str, line: usize) -> String {
    let kept: Vec<&str> = content.lines().take(line - 1).collect();
    kept.join("\n")
}
