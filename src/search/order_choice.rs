//! Line sums searched from both ends (`1, n, 2, n - 1, ...`) or from the first number up:
//! which tree is smaller depends on the model. From both ends the nested semimagic tree is
//! tens of times smaller, since its half-line sums bind as soon as both small and large
//! numbers are placed; the plain semimagic 8x8 tree is a few times smaller from 1 up, where
//! one free end leaves fewer roots. So both are probed (Knuth's estimate, a fixed seed: the
//! same model always gets the same plan, which split jobs rely on) and the smaller is kept.

use super::autos::{ClassRule, PackedAutomorphism};
use super::estimate::{probe, Probes};
use super::mode::{MEET, PLAIN};
use super::plan::Plan;
use super::setup::{order, Setup};
use super::sums::LineTables;
use super::tables::Tables;
use super::SearchError;
use crate::puzzle::Puzzle;

/// Probes per order: enough to tell trees a few times apart, in milliseconds on small
/// models and a fraction of a second on 8x8.
const PROBES: usize = 500;
const SEED: u64 = 1;

/// The plan and line tables of the smaller tree.
pub fn plan_and_lines<const W: usize>(
    puzzle: &Puzzle,
    autos: Vec<PackedAutomorphism>,
    tables: &Tables<W>,
    rule: &ClassRule,
) -> Result<(Plan<W>, Option<LineTables>), SearchError> {
    let alternating = puzzle.board.leaper().alternates_colour();
    let lines = |plan: &Plan<W>| -> Result<Option<LineTables>, SearchError> {
        if puzzle.sums.is_empty() {
            return Ok(None);
        }
        Ok(Some(LineTables::new(
            puzzle,
            order(plan.mode),
            alternating,
            &|a, b| tables.nbr[a].contains(b),
        )?))
    };
    let both_ends = Plan::<W>::new(puzzle, autos.clone(), true);
    let both_ends_lines = lines(&both_ends)?;
    if both_ends.mode != MEET {
        return Ok((both_ends, both_ends_lines));
    }
    let upward = Plan::<W>::new(puzzle, autos, false);
    let upward_lines = lines(&upward)?;
    let meet_nodes = probe::<W, MEET>(
        &Setup {
            puzzle,
            plan: &both_ends,
            tables,
            lt: both_ends_lines.as_ref(),
            rule,
        },
        Probes::exactly(PROBES),
        SEED,
    )
    .nodes;
    let plain_nodes = probe::<W, PLAIN>(
        &Setup {
            puzzle,
            plan: &upward,
            tables,
            lt: upward_lines.as_ref(),
            rule,
        },
        Probes::exactly(PROBES),
        SEED,
    )
    .nodes;
    Ok(if plain_nodes < meet_nodes {
        (upward, upward_lines)
    } else {
        (both_ends, both_ends_lines)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::autos::automorphisms;
    use crate::spec::Spec;

    fn chosen_mode(toml: &str) -> u8 {
        let puzzle = Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap();
        let tables = Tables::<1>::new(&puzzle, true);
        let rule = ClassRule::new(&puzzle);
        let autos = automorphisms(&puzzle, true);
        let (plan, lines) = plan_and_lines::<1>(&puzzle, autos, &tables, &rule).unwrap();
        assert!(lines.is_some());
        plan.mode
    }

    #[test]
    fn each_model_gets_the_order_whose_tree_is_smaller() {
        // Measured in results/semimagic: from both ends the nested tree is about 40 times
        // smaller; from 1 up the semimagic tree is about 3 times smaller.
        let nested = include_str!("../../models/nested-semimagic.toml");
        assert_eq!(chosen_mode(nested), MEET);
        let semimagic = include_str!("../../models/semimagic.toml");
        assert_eq!(chosen_mode(semimagic), PLAIN);
    }
}
