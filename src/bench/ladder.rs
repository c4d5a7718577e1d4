//! The line-sum ladders, counted by the native search on one thread: the 4 x n semimagic
//! ladder (issue 32: tours whose columns, the short lines, sum to 2(4n + 1); OEIS A309273)
//! and Kumar's ladders with the long lines magic (4 x 2n, A329370) and the short lines magic
//! (6 x n, A328872). The terms grow a few times a step and the search's time a little
//! faster, so the times per term show how a change to the line-sum search scales before it
//! is tried on the 8x8 census.

use super::case::{Case, Runner};

/// One ladder: boards of `rows` rows and each of `columns` columns, with the lines named by
/// `lines` at their magic sum.
struct Ladder {
    name: &'static str,
    rows: usize,
    columns: &'static [usize],
    lines: Lines,
    /// Boards from this many columns on take minutes: heavy cases.
    heavy_from: usize,
}

/// Which lines of a ladder's boards are magic.
#[derive(Clone, Copy)]
enum Lines {
    Rows,
    Columns,
}

const LADDERS: &[Ladder] = &[
    Ladder {
        name: "semimagic ladder",
        rows: 4,
        columns: &[10, 11, 12, 13, 14, 15],
        lines: Lines::Columns,
        heavy_from: 14,
    },
    Ladder {
        name: "long-lines ladder",
        rows: 4,
        columns: &[6, 8, 10, 12],
        lines: Lines::Rows,
        heavy_from: 12,
    },
    Ladder {
        name: "short-lines ladder",
        rows: 6,
        columns: &[6, 7, 8],
        lines: Lines::Columns,
        heavy_from: 8,
    },
];

impl Ladder {
    /// The model of the board with `n` columns: a line of k cells sums to k(cells + 1)/2.
    fn model(&self, n: usize) -> String {
        let cells = self.rows * n;
        let (key, length) = match self.lines {
            Lines::Rows => ("rows", n),
            Lines::Columns => ("cols", self.rows),
        };
        let sum = length * (cells + 1) / 2;
        let name = self.name.replace(' ', "-");
        let rows = self.rows;
        format!("name = \"{name}-{rows}x{n}\"\nboard = \"{rows}x{n}\"\n\n[sums]\n{key} = {sum}\n")
    }
}

/// One case per board of each ladder.
pub fn ladder_cases() -> Vec<Case> {
    LADDERS
        .iter()
        .flat_map(|ladder| {
            ladder.columns.iter().map(move |&n| Case {
                name: format!("{}: {}x{n} search, one thread", ladder.name, ladder.rows),
                model: ladder.model(n),
                runner: Runner::Search { jobs: 1 },
                baseline: None,
                heavy: n >= ladder.heavy_from,
                cap_seconds: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ladder_sets_its_lines_at_the_magic_sum() {
        let semimagic = LADDERS[0].model(18);
        assert!(semimagic.contains("board = \"4x18\"") && semimagic.contains("cols = 146"));
        let long = LADDERS[1].model(6);
        assert!(long.contains("board = \"4x6\"") && long.contains("rows = 75"));
        let short = LADDERS[2].model(7);
        assert!(short.contains("board = \"6x7\"") && short.contains("cols = 129"));
    }
}
