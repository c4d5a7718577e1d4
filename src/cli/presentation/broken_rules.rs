//! The rules a tour breaks, in one line, for the commands that check a tour before they
//! write or trust it.

use knights::puzzle::Puzzle;
use knights::tour::Tour;

/// The rules of `puzzle` that `tour` breaks, joined by "; ", or `None` when it breaks none.
pub fn broken_rules(puzzle: &Puzzle, tour: &Tour) -> Option<String> {
    let violations = knights::verify::verify(puzzle, tour);
    if violations.is_empty() {
        return None;
    }
    let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
    Some(list.join("; "))
}
