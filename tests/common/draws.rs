//! Pieces of the random-puzzle generators shared by the property tests
//! (`search_reference` builds puzzles directly, `cross_engine` writes model files).
//!
//! Random choices arrive as plain numbers and are reduced here to what they pick from, so
//! proptest can shrink them without knowing about boards.

/// The distinct cells named by random draws, each taken modulo `n_cells`, sorted.
pub fn distinct_cells(draws: &[usize], n_cells: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = draws.iter().map(|&d| d % n_cells).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// A line-sum target in `low..=high` (the least and greatest sum the line can reach) from a
/// random draw. Most draws land within three of the middle, where most numberings of a line
/// sum to, so random lines are often satisfiable; every fourth draw may land anywhere in the
/// range, which mostly gives lines no tour meets.
pub fn line_target(low: u64, high: u64, draw: u64) -> u64 {
    if draw.is_multiple_of(4) {
        low + draw % (high - low + 1)
    } else {
        let middle = (low + high) / 2;
        (middle + draw % 7).saturating_sub(3).clamp(low, high)
    }
}
