//! Boards of at most three cells, answered by trying every order of the cells against
//! `Puzzle::accepts`. Here the general search's assumptions (a cycle has two distinct
//! neighbours at each cell, a path's ends differ) need not hold, and the definition itself is
//! cheap to apply.

use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits, Summary};
use crate::symmetry::key;
use crate::tour::Tour;
use std::collections::BTreeMap;
use std::time::Instant;

fn orders(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in orders(n - 1) {
        for i in 0..=rest.len() {
            let mut v = rest.clone();
            v.insert(i, n - 1);
            out.push(v);
        }
    }
    out
}

pub fn search_small_board(
    puzzle: &Puzzle,
    limits: &Limits,
    sink: Option<&(dyn Fn(Class) + Sync)>,
    started: Instant,
) -> Summary {
    let shape = puzzle.board.shape();
    let form = puzzle.form();
    // Canonical form -> members by key.
    let mut classes: BTreeMap<Vec<usize>, BTreeMap<Vec<usize>, Tour>> = BTreeMap::new();
    for order in orders(puzzle.n_cells()) {
        let tour = Tour::new(shape, order).expect("a permutation");
        if puzzle.accepts(&tour) {
            let k = key(&tour, form);
            let normal = Tour::new(shape, k.clone()).expect("a permutation");
            classes
                .entry(puzzle.canonical(&tour))
                .or_default()
                .insert(k, normal);
        }
    }
    let mut summary = Summary::new(puzzle, "search");
    let mut ending = Ending::Exhausted;
    for members in classes.values() {
        if let Some(sink) = sink {
            if limits.solutions.is_some_and(|l| summary.solutions >= l) {
                ending = Ending::Limit;
                break;
            }
            sink(Class {
                members: members.values().cloned().collect(),
            });
        }
        summary.solutions += members.len() as u64;
        summary.classes += 1;
    }
    summary.finish(ending, started);
    summary
}
