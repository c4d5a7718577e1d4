//! The 4 x n semimagic ladder (issue 32): tours whose columns, the short lines, sum to
//! 2(4n + 1), counted by the native search on one thread. The terms grow about 2.35 times a
//! step and the search's time a little faster, so the times per term show how a change to the
//! line-sum search scales before it is tried on the 8x8 census.

use super::case::{Case, Runner};

/// Columns of the boards timed; those from [`HEAVY_FROM`] on take minutes.
const COLUMNS: std::ops::RangeInclusive<usize> = 10..=15;
const HEAVY_FROM: usize = 14;

fn model(n: usize) -> String {
    format!(
        "name = \"semimagic-4x{n}\"\nboard = \"4x{n}\"\n\n[sums]\ncols = {}\n",
        2 * (4 * n + 1)
    )
}

/// One case per board of the ladder.
pub fn ladder_cases() -> Vec<Case> {
    COLUMNS
        .map(|n| Case {
            name: format!("semimagic ladder: 4x{n} search, one thread"),
            model: model(n),
            runner: Runner::Search { jobs: 1 },
            baseline: None,
            heavy: n >= HEAVY_FROM,
            cap_seconds: None,
        })
        .collect()
}
