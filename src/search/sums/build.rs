//! Building the line tables: which number each step places, the least and greatest sums of
//! the free numbers after each step, and the deadline table looked up while searching.

use super::bounds::Bounds;
use super::{LineTables, Order, MAX_TABLE};
use crate::puzzle::{LineSum, Puzzle};
use std::collections::BTreeSet;

/// Line sums whose bound tables would not fit in memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line sums on {cells} cells with lines of {line_cells} cells need bound tables of {entries} entries")]
pub struct TablesTooLarge {
    cells: usize,
    line_cells: usize,
    entries: usize,
}

/// Which number each step places, and where.
struct Schedule {
    num: Vec<u32>,
    side: Vec<u8>,
    step_of: Vec<u32>,
    on_image: Vec<bool>,
}

impl Schedule {
    fn new(order: Order, n: usize, half: usize) -> Self {
        let fold = order == Order::Fold;
        let mut schedule = Schedule {
            num: Vec::with_capacity(half),
            side: Vec::with_capacity(half),
            step_of: vec![0u32; n + 1],
            on_image: vec![false; n + 1],
        };
        for t in 0..half {
            let (m, sd) = match order {
                Order::Plain | Order::Fold => (t + 1, 0),
                Order::Meet if t % 2 == 0 => (t / 2 + 1, 0),
                Order::Meet => (n - (t - 1) / 2, 1),
            };
            schedule.num.push(m as u32);
            schedule.side.push(sd);
            schedule.step_of[m] = t as u32;
            if fold {
                schedule.step_of[m + half] = t as u32;
                schedule.on_image[m + half] = true;
            }
        }
        schedule
    }
}

/// The least and greatest sums of `r` free numbers of each parity class after each step
/// (laid out as [`LineTables::lo`] describes).
fn sum_bounds(
    num: &[u32],
    n: usize,
    half: usize,
    parity: bool,
    max_r: usize,
) -> (Vec<i64>, Vec<i64>) {
    let size = num.len() * 2 * (max_r + 1);
    let mut lo = vec![i64::MAX; size];
    let mut hi = vec![i64::MIN; size];
    for_each_step(num, n, half, |t, free| {
        for class in 0..2usize {
            let nums: Vec<i64> = (1..=n)
                .filter(|&m| free[m] && (!parity || (m - 1) % 2 == class))
                .map(|m| m as i64)
                .collect();
            let base = (t * 2 + class) * (max_r + 1);
            let (mut low, mut high) = (0i64, 0i64);
            for r in 0..=max_r.min(nums.len()) {
                lo[base + r] = low;
                hi[base + r] = high;
                if r < nums.len() {
                    low += nums[r];
                    high += nums[nums.len() - 1 - r];
                }
            }
        }
    });
    (lo, hi)
}

/// Calls `body` with each step and the numbers still free after it (`free[m]`, 1-based).
fn for_each_step(num: &[u32], n: usize, half: usize, mut body: impl FnMut(usize, &[bool])) {
    let fold = half < n;
    let mut free = vec![true; n + 1];
    free[0] = false;
    for (t, &m) in num.iter().enumerate() {
        let m = m as usize;
        free[m] = false;
        if fold {
            free[m + half] = false;
        }
        body(t, &free);
    }
}

/// Work above which the spread tables are not built (the separate bounds still hold).
const MAX_SPREAD_WORK: usize = 1 << 27;

/// The least and greatest sums of `e0` free numbers of class 0 and `e1` of class 1 after each
/// step with no two consecutive (laid out as [`LineTables::spread_bounds`] describes): a
/// leaper's consecutive numbers are a move apart, so a line with no two cells a move apart
/// never holds both. Empty when too large to build.
fn spread_sum_bounds(
    num: &[u32],
    n: usize,
    half: usize,
    parity: bool,
    max_r: usize,
) -> Vec<(i64, i64)> {
    let w = max_r + 1;
    if num.len().saturating_mul(n).saturating_mul(w * w) > MAX_SPREAD_WORK
        || num.len() * w * w > MAX_TABLE
    {
        return Vec::new();
    }
    let mut out = vec![(i64::MAX, i64::MIN); num.len() * w * w];
    for_each_step(num, n, half, |t, free| {
        let table = no_two_consecutive(free, parity, w);
        out[t * w * w..(t + 1) * w * w].copy_from_slice(&table);
    });
    out
}

/// Over the numbers marked free: for each `(e0, e1)` the least and greatest sum of `e0` of
/// class 0 and `e1` of class 1, no two consecutive.
fn no_two_consecutive(free: &[bool], parity: bool, w: usize) -> Vec<(i64, i64)> {
    const NO: (i64, i64) = (i64::MAX, i64::MIN);
    // best[last taken][e0 * w + e1]
    let mut best = [vec![NO; w * w], vec![NO; w * w]];
    best[0][0] = (0, 0);
    for (m, &is_free) in free.iter().enumerate().skip(1) {
        let class = usize::from(parity && (m - 1) % 2 == 1);
        let mut next = [vec![NO; w * w], vec![NO; w * w]];
        for (last, row) in best.iter().enumerate() {
            for (k, &(lo, hi)) in row.iter().enumerate() {
                if lo == i64::MAX {
                    continue;
                }
                let skip = &mut next[0][k];
                *skip = (skip.0.min(lo), skip.1.max(hi));
                let (e0, e1) = (k / w, k % w);
                let e = if class == 0 {
                    (e0 + 1, e1)
                } else {
                    (e0, e1 + 1)
                };
                if is_free && last == 0 && e.0 < w && e.1 < w {
                    let k2 = e.0 * w + e.1;
                    let v = m as i64;
                    let take = &mut next[1][k2];
                    *take = (take.0.min(lo + v), take.1.max(hi + v));
                }
            }
        }
        best = next;
    }
    (0..w * w)
        .map(|k| {
            let (a, b) = (best[0][k], best[1][k]);
            (a.0.min(b.0), a.1.max(b.1))
        })
        .collect()
}

impl LineTables {
    pub fn new(
        puzzle: &Puzzle,
        order: Order,
        parity: bool,
        is_move: &dyn Fn(usize, usize) -> bool,
    ) -> Result<Self, TablesTooLarge> {
        let mut lines = independent_lines(&puzzle.sums);
        lines.extend(spread_unions(&lines, is_move));
        let n = puzzle.n_cells();
        let fold = order == Order::Fold;
        let half = if fold { n / 2 } else { n };
        let steps = half;
        let max_r = lines.iter().map(|s| s.cells.len()).max().unwrap_or(0);
        let size = steps * 2 * (max_r + 1);
        if size > MAX_TABLE {
            return Err(TablesTooLarge {
                cells: n,
                line_cells: max_r,
                entries: size,
            });
        }
        let mut of_cell = vec![Vec::new(); n];
        for (l, s) in lines.iter().enumerate() {
            for &c in &s.cells {
                of_cell[c].push(l as u32);
            }
        }
        let schedule = Schedule::new(order, n, half);
        let spread: Vec<bool> = lines
            .iter()
            .map(|s| {
                s.cells
                    .iter()
                    .all(|&a| s.cells.iter().all(|&b| !is_move(a, b)))
            })
            .collect();
        let any_spread = spread.iter().any(|&s| s);
        let max_need = lines.iter().map(|s| s.target).max().unwrap_or(0) as usize;
        let bounds = bounds_of(&schedule.num, n, half, parity, max_r, any_spread, max_need);
        // From 1 up the last cell may be placed early (`SumState::place_last`): then the
        // free numbers after each step are those of a path one cell shorter.
        let without_last = if order == Order::Plain && n > 2 {
            let shorter = Schedule::new(Order::Plain, n - 1, n - 1);
            bounds_of(
                &shorter.num,
                n - 1,
                n - 1,
                parity,
                max_r,
                any_spread,
                max_need,
            )
        } else {
            Bounds::empty()
        };
        Ok(LineTables {
            n,
            fold,
            half,
            steps,
            num: schedule.num,
            side: schedule.side,
            step_of: schedule.step_of,
            on_image: schedule.on_image,
            parity,
            meet: order == Order::Meet,
            target: lines.iter().map(|s| s.target as i64).collect(),
            cells: lines
                .iter()
                .map(|s| s.cells.iter().map(|&c| c as u32).collect())
                .collect(),
            of_cell,
            bounds: [bounds, without_last],
            spread,
        })
    }
}

/// The bounds of the free numbers after each step of `num` (numbers `1..=n`).
fn bounds_of(
    num: &[u32],
    n: usize,
    half: usize,
    parity: bool,
    max_r: usize,
    any_spread: bool,
    max_need: usize,
) -> Bounds {
    let spread = if any_spread {
        spread_sum_bounds(num, n, half, parity, max_r)
    } else {
        Vec::new()
    };
    let sums = sum_bounds(num, n, half, parity, max_r);
    Bounds::new(num.len(), max_r, max_need, sums, spread)
}

/// Unions of three lines no two of which share a cell or hold cells a move apart, each a line
/// whose target is the sum of theirs. Such a union is spread, so no two of its numbers are
/// consecutive, which bounds it far more tightly than its parts each alone (three rows of 8
/// cells may not all take the same smallest free numbers). None when there would be more
/// than half as many as the lines: on the 4 x n ladder and the nested model they cost more
/// per node than they save (results/semimagic).
fn spread_unions(lines: &[LineSum], is_move: &dyn Fn(usize, usize) -> bool) -> Vec<LineSum> {
    let spread = |a: &[usize], b: &[usize]| a.iter().all(|&x| b.iter().all(|&y| !is_move(x, y)));
    let apart = |a: &LineSum, b: &LineSum| {
        a.cells.iter().all(|c| !b.cells.contains(c)) && spread(&a.cells, &b.cells)
    };
    let l = lines.len();
    let cap = l / 2;
    let ok: Vec<bool> = lines.iter().map(|s| spread(&s.cells, &s.cells)).collect();
    let mut pair = vec![false; l * l];
    for a in 0..l {
        for b in a + 1..l {
            pair[a * l + b] = ok[a] && ok[b] && apart(&lines[a], &lines[b]);
        }
    }
    let mut unions = Vec::new();
    for a in 0..l {
        for b in a + 1..l {
            if !pair[a * l + b] {
                continue;
            }
            for c in b + 1..l {
                if pair[a * l + c] && pair[b * l + c] {
                    if unions.len() == cap {
                        return Vec::new();
                    }
                    let parts = [&lines[a], &lines[b], &lines[c]];
                    unions.push(LineSum {
                        name: format!("{} + {} + {}", parts[0].name, parts[1].name, parts[2].name),
                        cells: parts.iter().flat_map(|s| s.cells.iter().copied()).collect(),
                        target: parts.iter().map(|s| s.target).sum(),
                    });
                }
            }
        }
    }
    unions
}

/// The lines without those that are the disjoint union of two others whose targets add up to
/// theirs (a row made of two half-rows): such a line holds whenever its parts do, so dropping
/// it changes no answer and halves the bookkeeping of the nested semimagic models.
fn independent_lines(sums: &[LineSum]) -> Vec<LineSum> {
    let sets: Vec<BTreeSet<usize>> = sums
        .iter()
        .map(|s| s.cells.iter().copied().collect())
        .collect();
    let mut kept = vec![true; sums.len()];
    for l in 0..sums.len() {
        let parts = (0..sums.len()).filter(|&a| a != l && kept[a] && sets[a].is_subset(&sets[l]));
        let parts: Vec<usize> = parts.collect();
        let implied = parts.iter().any(|&a| {
            parts.iter().any(|&b| {
                b != a
                    && sets[a].is_disjoint(&sets[b])
                    && sets[a].len() + sets[b].len() == sets[l].len()
                    && sums[a].target + sums[b].target == sums[l].target
            })
        });
        if implied {
            kept[l] = false;
        }
    }
    sums.iter()
        .zip(kept)
        .filter(|(_, k)| *k)
        .map(|(s, _)| s.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{no_two_consecutive, spread_unions};
    use crate::puzzle::Puzzle;
    use crate::spec::Spec;

    fn unions_of(toml: &str) -> Vec<String> {
        let puzzle = Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap();
        let is_move = |a: usize, b: usize| puzzle.is_move(a, b);
        spread_unions(&puzzle.sums, &is_move)
            .into_iter()
            .map(|s| s.name)
            .collect()
    }

    #[test]
    fn rows_three_apart_join_on_8x8_and_nothing_joins_on_the_ladder() {
        let semimagic = unions_of(include_str!("../../../models/semimagic.toml"));
        assert_eq!(semimagic.len(), 8, "{semimagic:?}");
        assert!(
            semimagic.iter().any(|n| n == "row 1 + row 4 + row 7"),
            "{semimagic:?}"
        );
        assert!(
            !semimagic.iter().any(|n| n.contains("row 2")),
            "{semimagic:?}"
        );
        let ladder = unions_of("name = \"l\"\nboard = \"4x12\"\n[sums]\ncols = 98\n");
        assert!(ladder.is_empty(), "{ladder:?}");
    }

    /// Every choice of numbers from `free`, by brute force: the least and greatest sums per
    /// class counts with no two consecutive.
    fn brute(free: &[bool], parity: bool, w: usize) -> Vec<(i64, i64)> {
        let n = free.len() - 1;
        let mut out = vec![(i64::MAX, i64::MIN); w * w];
        for mask in 0u32..1 << n {
            let taken: Vec<usize> = (1..=n).filter(|&m| mask >> (m - 1) & 1 == 1).collect();
            if taken.iter().any(|&m| !free[m] || taken.contains(&(m + 1))) {
                continue;
            }
            let odd = taken.iter().filter(|&&m| !parity || m % 2 == 1).count();
            let even = taken.len() - odd;
            if odd < w && even < w {
                let sum: usize = taken.iter().sum();
                let e = &mut out[odd * w + even];
                *e = (e.0.min(sum as i64), e.1.max(sum as i64));
            }
        }
        out
    }

    #[test]
    fn sums_without_consecutive_numbers_match_brute_force() {
        for seed in 0u64..40 {
            let n = 12;
            let free: Vec<bool> = (0..=n)
                .map(|m| m > 0 && (seed.wrapping_mul(0x9e37_79b9) >> (m % 13) ^ seed) & 3 != 0)
                .collect();
            for parity in [false, true] {
                assert_eq!(
                    no_two_consecutive(&free, parity, 5),
                    brute(&free, parity, 5),
                    "seed {seed}, parity {parity}"
                );
            }
        }
    }
}
