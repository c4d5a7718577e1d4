//! The native search's limits and its tree-size estimate (its counts are in
//! `known_counts`).

use crate::common::load::{model, puzzle};
use knights::run::{Class, Ending, Limits, Summary};
use knights::search::{count, enumerate, estimate, SearchOptions};
use std::sync::Mutex;
use std::time::Duration;

fn opts(jobs: usize) -> SearchOptions {
    SearchOptions {
        jobs,
        ..SearchOptions::default()
    }
}

fn counted(puzzle: &knights::puzzle::Puzzle, jobs: usize) -> Summary {
    let s = count(puzzle, &opts(jobs), &Limits::default(), &|_| {}).unwrap();
    assert!(s.complete, "{s:?}");
    s
}

#[test]
fn limits_stop_the_run_and_say_so() {
    let p = model("open-5x5");
    let limited = Limits {
        solutions: Some(10),
        ..Limits::default()
    };
    let s = count(&p, &opts(2), &limited, &|_| {}).unwrap();
    assert!(!s.complete);
    assert_eq!(s.ending, Ending::Limit);
    assert!(s.solutions >= 10 && s.solutions < 1728, "{s:?}");

    let got = Mutex::new(0u64);
    let sink = |c: Class| *got.lock().unwrap() += c.members.len() as u64;
    let s = enumerate(&p, &opts(1), &limited, &sink, &|_| {}).unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Limit, false));
    assert_eq!(*got.lock().unwrap(), s.solutions);
    assert!(s.solutions >= 10 && s.solutions < 1728);

    let stopped = Limits::default();
    stopped.stop.raise();
    let s = count(&model("closed-8x8-rot180"), &opts(2), &stopped, &|_| {}).unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Signal, false));
}

#[test]
fn a_node_budget_stops_the_search_at_the_same_node_every_time_on_one_thread() {
    let p = model("open-5x5");
    let whole = counted(&p, 1);
    let tree = whole.stats["nodes"].as_u64().unwrap();
    let within = |budget, jobs| SearchOptions {
        node_budget: Some(budget),
        ..opts(jobs)
    };
    let budget = tree / 3;
    let first = count(&p, &within(budget, 1), &Limits::default(), &|_| {}).unwrap();
    assert_eq!(
        (first.ending, first.complete),
        (Ending::Limit, false),
        "{first:?}"
    );
    let nodes = first.stats["nodes"].as_u64().unwrap();
    // Workers check the budget every 1,024 nodes.
    assert!(
        nodes >= budget && nodes < budget + 2048,
        "{nodes} for {budget}"
    );
    assert!(first.solutions < whole.solutions);
    let again = count(&p, &within(budget, 1), &Limits::default(), &|_| {}).unwrap();
    assert_eq!(again.stats["nodes"], first.stats["nodes"]);
    assert_eq!(again.solutions, first.solutions);
    // On two threads it stops too, and a budget the tree stays under changes nothing.
    let two = count(&p, &within(budget, 2), &Limits::default(), &|_| {}).unwrap();
    assert_eq!(
        (two.ending, two.complete),
        (Ending::Limit, false),
        "{two:?}"
    );
    let ample = count(&p, &within(tree + 1, 1), &Limits::default(), &|_| {}).unwrap();
    assert!(ample.complete, "{ample:?}");
    assert_eq!(
        (ample.solutions, ample.classes),
        (whole.solutions, whole.classes)
    );
}

#[test]
fn a_time_out_ends_a_search_of_years_as_a_time_out() {
    // All closed 8x8 tours (tests/data/known-counts.md): no machine counts them in the
    // 300 ms given, so the run must end on the clock and say so. It must end soon after: a
    // search that ignored the clock would run for years, and the minute allowed is a margin
    // no machine able to run this suite needs, not a measure of its speed.
    let timeout = Duration::from_millis(300);
    let timed = Limits {
        timeout: Some(timeout),
        ..Limits::default()
    };
    let closed_8x8 = puzzle("board = \"8x8\"\nclosed = true\n");
    let s = count(&closed_8x8, &opts(2), &timed, &|_| {}).unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Timeout, false), "{s:?}");
    assert!(s.seconds < timeout.as_secs_f64() + 60.0, "{s:?}");
}

#[test]
fn estimate_predicts_the_search() {
    // Knuth's estimator is unbiased for the search's own tree: on open-5x5 (its count is in
    // tests/data/known-counts.md) many probes land close to the real node count.
    let p = model("open-5x5");
    let real = counted(&p, 1);
    let e = estimate(&p, 200_000, 7).unwrap();
    let nodes = real.stats["nodes"].as_u64().unwrap() as f64;
    assert!((e.nodes / nodes - 1.0).abs() < 0.1, "{e:?} vs {nodes}");
    assert!((e.solutions / 1728.0 - 1.0).abs() < 0.1, "{e:?}");
    assert_eq!(
        e.nodes_per_depth[0],
        real.stats["roots"].as_u64().unwrap() as f64
    );
    // The same seed gives the same estimate.
    assert_eq!(estimate(&p, 200_000, 7).unwrap().nodes, e.nodes);
}
