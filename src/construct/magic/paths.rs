//! The two Hamiltonian paths of the block grid, A from Y to X and B from X to Y, with
//! X = (1,1) and Y = (1,2) (a port of `ab_paths` in experiments/magic-construction/plan.py),
//! for grids with an even number of block columns; for odd x odd grids, two paths found by
//! experiments/magic-odd ([`odd_paths`]); for two block rows, the ladder's boundary cycle
//! both ways round ([`ladder_paths`]).
//!
//! The passes A, B, A reversed, B reversed give every block visit numbers summing to 8N-2
//! (N blocks), which is what makes balanced tiles add up to the magic sum on every line. The
//! A/B paths are chosen so that neither join (A's end meeting B's start at X, reversed A's
//! end meeting reversed B's start at Y) is a U-turn: `A[N-2] = (0,1)` differs from
//! `B[1] = (2,1)`, and `A[1] = (0,2)` differs from `B[N-2]`: experiments/magic-construction
//! found no balanced U-turn tile for the joins of its first scheme. The odd paths' joins are
//! through joins too. The ladder's two joins are U-turns, and its own table has tiles for
//! them.

/// A block of the grid: (block row, block column).
pub type Block = (usize, usize);

/// The paths A (Y to X) and B (X to Y) over an `m` x `n` grid of blocks, for `n` even and at
/// least 4 and `m` at least 3 (the caller transposes other covered boards).
pub fn ab_paths(m: usize, n: usize) -> (Vec<Block>, Vec<Block>) {
    assert!(
        n.is_multiple_of(2) && n >= 4 && m >= 3,
        "A/B paths need n even >= 4, m >= 3"
    );
    if m == 3 {
        return three_rows(n);
    }
    let (x, y) = ((1, 1), (1, 2));
    let mut a = vec![y];
    a.extend((2..n).map(|j| (0, j)));
    // Columns n-1 down to 3 snake over rows 1..m-1; n even makes column 3 end at the bottom.
    for (k, j) in (3..n).rev().enumerate() {
        a.extend(snake(1..m, k).map(|i| (i, j)));
    }
    a.extend((2..m).rev().map(|i| (i, 2)));
    a.extend((2..m).map(|i| (i, 1)));
    a.extend((0..m).rev().map(|i| (i, 0)));
    a.extend([(0, 1), x]);
    let mut b = vec![x];
    if m.is_multiple_of(2) {
        // Rows 2..m-1 snake over columns 1..n-1, row 2 east; m even ends at (m-1, 1).
        for (k, i) in (2..m).enumerate() {
            b.extend(snake(1..n, k).map(|j| (i, j)));
        }
    } else {
        // Row 2 east, then columns n-1..1 snake over rows 3..m-1, ending at (m-1, 1).
        b.extend((1..n).map(|j| (2, j)));
        for (k, j) in (1..n).rev().enumerate() {
            b.extend(snake(3..m, k).map(|i| (i, j)));
        }
    }
    b.extend((0..m).rev().map(|i| (i, 0)));
    b.extend((1..n).map(|j| (0, j)));
    b.extend((3..n).rev().map(|j| (1, j)));
    b.push(y);
    (a, b)
}

/// Three block rows have no room for A's column snake, so rows 0-1 of columns 3..n-1 are
/// walked as a staircase (column j top-down if j is odd, bottom-up if even) shared by A and B.
fn three_rows(n: usize) -> (Vec<Block>, Vec<Block>) {
    let (x, y) = ((1, 1), (1, 2));
    let stair: Vec<Block> = (3..n)
        .flat_map(|j| {
            let rows = if j % 2 == 1 { [0, 1] } else { [1, 0] };
            rows.map(|i| (i, j))
        })
        .collect();
    let mut a = vec![y, (0, 2)];
    a.extend(&stair);
    a.extend((0..n).rev().map(|j| (2, j)));
    a.extend([(1, 0), (0, 0), (0, 1), x]);
    let mut b = vec![x, (2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2)];
    b.extend(&stair);
    b.extend((2..n).rev().map(|j| (2, j)));
    b.push(y);
    (a, b)
}

/// The paths A and B over an `m` x `n` grid of blocks with `m` and `n` odd and at least 3 (a
/// port of `ab_odd` in experiments/magic-odd/family.py). P walks every block but (1,0) and
/// (1,1), from (2,0) to (0,0): column 0 down; rows m-1..3 snaking over columns 1..n-1 (an even
/// number of rows, so row 3 runs west to (3,1)); (2,1), (2,2), (1,2); the 2x2 squares of
/// rows 1-2 over columns 3..n-1, two columns at a time; row 0 west. A = (1,1) P (1,0) and
/// B = (1,0) P (1,1): A's end and B's start meet at (1,0) in a through join (in from (0,0),
/// out to (2,0)), B's end (1,1) neighbours reversed A's start (1,0), and reversed A's end
/// meets reversed B's start at (1,1) in another. Moves between blocks may be diagonal.
pub fn odd_paths(m: usize, n: usize) -> (Vec<Block>, Vec<Block>) {
    assert!(
        m % 2 == 1 && n % 2 == 1 && m >= 3 && n >= 3,
        "odd paths need m, n odd >= 3"
    );
    let mut p: Vec<Block> = (2..m).map(|i| (i, 0)).collect();
    for (k, i) in (3..m).rev().enumerate() {
        p.extend(snake(1..n, k).map(|j| (i, j)));
    }
    p.extend([(2, 1), (2, 2), (1, 2)]);
    for j in (3..n - 1).step_by(2) {
        p.extend([(1, j), (2, j), (2, j + 1), (1, j + 1)]);
    }
    p.extend((0..n).rev().map(|j| (0, j)));
    let ends = [(1, 1), (1, 0)];
    let a = [ends[0]]
        .into_iter()
        .chain(p.iter().copied())
        .chain([ends[1]]);
    let b = [ends[1]]
        .into_iter()
        .chain(p.iter().copied())
        .chain([ends[0]]);
    (a.collect(), b.collect())
}

/// The paths A and B over a 2 x `n` grid of blocks (`n` at least 2; a port of `ladder` in
/// experiments/magic-eight/eight.py): the ladder's boundary cycle both ways round. A runs
/// east along row 0 and back west along row 1, from (0,0) to (1,0); B runs east along row 1
/// and back west along row 0, from (1,0) to (0,0). A's end and B's start meet at (1,0), the
/// piece turning back to (1,1); B's end (0,0) neighbours reversed A's start (1,0); reversed
/// A's end and reversed B's start meet at (0,0), turning back to (0,1).
pub fn ladder_paths(n: usize) -> (Vec<Block>, Vec<Block>) {
    assert!(n >= 2, "ladder paths need 2 block columns or more");
    let row = |i: usize| (0..n).map(move |j| (i, j));
    let a = row(0).chain(row(1).rev()).collect();
    let b = row(1).chain(row(0).rev()).collect();
    (a, b)
}

/// `range` forwards on even `k`, backwards on odd: the `k`th leg of a snake.
fn snake(range: std::ops::Range<usize>, k: usize) -> Box<dyn Iterator<Item = usize>> {
    if k.is_multiple_of(2) {
        Box::new(range)
    } else {
        Box::new(range.rev())
    }
}
