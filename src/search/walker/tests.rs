//! The last cell placed early (from 1 up with line sums) must find the very tours the plain
//! search finds, on models where it fires.

use super::{Walker, NO_LAST};
use crate::puzzle::Puzzle;
use crate::search::autos::automorphisms;
use crate::search::job::{replays, Prefix};
use crate::search::mode::PLAIN;
use crate::search::plan::Plan;
use crate::search::sums::{LineTables, Order};
use crate::search::tables::Tables;
use crate::spec::Spec;
use std::collections::BTreeSet;

#[derive(Default)]
struct Tally {
    nodes: u64,
    solutions: u64,
    /// Each leaf's root and full tour.
    tours: BTreeSet<(usize, Vec<u32>)>,
    /// Leaves whose last cell was placed early.
    early_leaves: u64,
    /// The root and moves of every leaf, to replay.
    leaves: Vec<Prefix>,
}

fn walk(w: &mut Walker<'_, 1, PLAIN>, tally: &mut Tally) {
    tally.nodes += 1;
    if w.is_leaf() {
        if w.finish_leaf() {
            tally.solutions += w.plan.weight(w.root, w.full_last());
            tally.early_leaves += u64::from(w.last != NO_LAST);
            assert!(tally.tours.insert((w.root, w.full.clone())), "a tour twice");
            tally.leaves.push(Prefix {
                root: w.root,
                moves: w.moves(),
            });
        }
        return;
    }
    for v in w.candidates().iter() {
        if w.push(v) {
            walk(w, tally);
        }
        w.pop();
    }
}

/// Every root of `toml` searched from 1 up, with or without the last cell placed early.
fn tally(toml: &str, early: bool) -> Tally {
    let puzzle = Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap();
    let tables = Tables::<1>::new(&puzzle, true);
    let plan = Plan::<1>::new(&puzzle, automorphisms(&puzzle, true), false);
    assert_eq!(plan.mode, PLAIN);
    let alternating = puzzle.board.leaper().alternates_colour();
    let is_move = |a: usize, b: usize| tables.nbr[a].contains(b);
    let lt = LineTables::new(&puzzle, Order::Plain, alternating, &is_move).unwrap();
    let mut w = Walker::<1, PLAIN>::new(&tables, &plan, Some(&lt));
    let mut out = Tally::default();
    let mut again = Walker::<1, PLAIN>::new(&tables, &plan, Some(&lt));
    again.early_last_ok &= early;
    for root in 0..plan.roots.len() {
        w.early_last_ok &= early;
        if w.start(root) {
            walk(&mut w, &mut out);
        }
    }
    // Each leaf's moves, the last cell among them where it was placed, replay to it.
    for p in &out.leaves {
        assert!(replays(&mut again, p) && again.is_leaf(), "{toml}");
    }
    out
}

#[test]
fn placing_the_last_cell_early_finds_the_same_tours_in_fewer_nodes() {
    let models = [
        "board = \"4x7\"\n[sums]\ncols = 58\n",
        "board = \"4x8\"\n[sums]\ncols = 66\n",
        "board = \"4x9\"\n[sums]\ncols = 74\n",
        "board = \"4x8\"\n[start]\ncells = [[0, 0], [0, 1], [1, 1]]\n[sums]\ncols = 66\n",
        "board = \"4x9\"\n[end]\ncells = [[0, 0], [3, 8], [1, 4]]\n[sums]\ncols = 74\n",
    ];
    for toml in models {
        let plain = tally(toml, false);
        let early = tally(toml, true);
        assert_eq!(plain.early_leaves, 0, "{toml}");
        assert!(!plain.tours.is_empty(), "{toml}");
        assert!(early.early_leaves > 0, "never fired: {toml}");
        assert_eq!(early.tours, plain.tours, "{toml}");
        assert_eq!(early.solutions, plain.solutions, "{toml}");
        assert!(early.nodes < plain.nodes, "{toml}");
        // The walker is left as it was found: a second run sees the same tree.
        assert_eq!(tally(toml, true).nodes, early.nodes, "{toml}");
    }
}
