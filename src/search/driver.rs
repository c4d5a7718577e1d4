//! Running a search: the prefixes are cut once on the calling thread, searched in parallel by
//! a rayon pool of `jobs` threads, while the calling thread reports progress and watches the
//! clock. Counts are sums of exact integers over the prefixes, so they do not depend on the
//! number of threads or on the order the prefixes are taken in.

use super::autos::{automorphisms, ClassRule};
use super::job::{Context, Counters, Job, Prefix};
use super::mode::{FOLD, MEET, PLAIN, QUARTER};
use super::plan::Plan;
use super::setup::Setup;
use super::tables::Tables;
use super::{SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits, NodeProgress, Summary};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Build everything for one board width and run over the whole tree.
pub fn search_width<const W: usize>(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    sink: Option<&(dyn Fn(Class) + Sync)>,
    progress: &dyn Fn(NodeProgress),
    started: Instant,
) -> Result<Summary, SearchError> {
    let run = RunOn {
        limits,
        sink,
        progress,
        started,
        given: None,
        on_piece: None,
    };
    let (summary, _) = with_setup::<W, _>(puzzle, opts.symmetry, |setup| {
        search_setup(setup, opts, &run)
    })?;
    Ok(summary)
}

/// Builds the search's plan and tables for width `W` and hands them to `body`.
pub fn with_setup<const W: usize, T>(
    puzzle: &Puzzle,
    symmetry: bool,
    body: impl FnOnce(&Setup<W>) -> Result<T, SearchError>,
) -> Result<T, SearchError> {
    let has_sums = !puzzle.sums.is_empty();
    let with_distances = has_sums || !puzzle.givens.is_empty();
    let tables = Tables::<W>::new(puzzle, with_distances && puzzle.n_cells() <= 2048);
    let rule = ClassRule::new(puzzle);
    let autos = automorphisms(puzzle, symmetry);
    let (plan, lt) = super::order_choice::plan_and_lines(puzzle, autos, &tables, &rule)?;
    body(&Setup {
        puzzle,
        plan: &plan,
        tables: &tables,
        lt: lt.as_ref(),
        rule: &rule,
    })
}

/// What a run does besides the puzzle: its limits, where classes go, progress reports, the
/// pieces of the tree it searches (`None`: the whole tree, cut here for the threads), and who
/// hears of each given piece searched to its end.
pub struct RunOn<'a> {
    pub limits: &'a Limits,
    pub sink: Option<&'a (dyn Fn(Class) + Sync)>,
    pub progress: &'a dyn Fn(NodeProgress),
    pub started: Instant,
    pub given: Option<&'a [Prefix]>,
    pub on_piece: Option<&'a (dyn Fn(PieceDone) + Sync)>,
}

/// A given piece searched to its end: every class below it has reached the sink.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceDone {
    /// The piece's position among those given.
    pub index: usize,
    /// Search nodes below it, its own included.
    pub nodes: u64,
    /// Wall-clock seconds its thread spent on it.
    pub seconds: f64,
}

/// Runs the search in the plan's mode; the summary and the weighted solutions by class size.
pub fn search_setup<const W: usize>(
    setup: &Setup<W>,
    opts: &SearchOptions,
    run: &RunOn,
) -> Result<(Summary, Vec<u64>), SearchError> {
    match setup.plan.mode {
        FOLD => search_in_mode::<W, FOLD>(setup, opts, run),
        QUARTER => search_in_mode::<W, QUARTER>(setup, opts, run),
        MEET => search_in_mode::<W, MEET>(setup, opts, run),
        _ => search_in_mode::<W, PLAIN>(setup, opts, run),
    }
}

pub fn threads(opts: &SearchOptions) -> usize {
    crate::run::workers(opts.jobs)
}

/// Cuts the tree into prefixes (unless the run was given its own), searches them on a pool
/// of `jobs` threads while this thread reports progress and watches the clock, and sums the
/// counts.
fn search_in_mode<const W: usize, const M: u8>(
    setup: &Setup<W>,
    opts: &SearchOptions,
    run: &RunOn,
) -> Result<(Summary, Vec<u64>), SearchError> {
    let jobs = threads(opts);
    let counters = Counters::new(run.limits, setup.rule.order()).with_node_budget(opts.node_budget);
    let ctx = Context {
        puzzle: setup.puzzle,
        rule: setup.rule,
        sink: run.sink,
    };
    let cut;
    let prefixes = match run.given {
        Some(given) => given,
        None => {
            cut = cut_for_threads::<W, M>(setup, &counters, &ctx, jobs);
            &cut
        }
    };
    let pool = worker_pool(setup.plan.len, W, jobs)?;
    let watch = Watch {
        limits: run.limits,
        progress: run.progress,
        started: run.started,
    };
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let (counters, ctx) = (&counters, &ctx);
        let on_piece = run.on_piece;
        scope.spawn(move || {
            pool.install(|| {
                prefixes.par_iter().enumerate().for_each_init(
                    || Job::new(setup.walker::<M>(), counters, ctx),
                    |job, (index, p): (usize, &Prefix)| {
                        // The clock is read only when someone listens for finished pieces.
                        let began = on_piece.map(|_| Instant::now());
                        let done = job.search_below(p);
                        if let (Some(nodes), Some(report), Some(began)) = (done, on_piece, began) {
                            report(PieceDone {
                                index,
                                nodes,
                                seconds: began.elapsed().as_secs_f64(),
                            });
                        }
                    },
                );
            });
            let _ = done_tx.send(());
        });
        watch.until_done(&done_rx, counters);
    });
    let summary = summarise(setup, &counters, run, prefixes.len(), jobs);
    let buckets = counters.buckets.iter().map(|b| b.load(Ordering::SeqCst));
    Ok((summary, buckets.collect()))
}

/// The summary of a finished search.
fn summarise<const W: usize>(
    setup: &Setup<W>,
    counters: &Counters,
    run: &RunOn,
    prefixes: usize,
    jobs: usize,
) -> Summary {
    let mut summary = Summary::new(setup.puzzle, "search");
    let ending = counters.ending();
    summary.solutions = counters.solutions.load(Ordering::SeqCst);
    // Class sizes add up to whole classes over the whole tree only.
    let whole_tree = run.given.is_none() && ending == Ending::Exhausted;
    summary.classes = match run.sink {
        Some(_) => counters.classes.load(Ordering::SeqCst),
        None => classes_from_buckets(counters, whole_tree),
    };
    summary.finish(ending, run.started);
    let nodes = counters.nodes.load(Ordering::SeqCst);
    let stats = SearchStats::new(setup.plan, nodes, &summary, prefixes, jobs);
    summary.set_stats(&stats);
    summary
}

/// Enough prefixes to keep `jobs` threads busy to the end.
fn cut_for_threads<const W: usize, const M: u8>(
    setup: &Setup<W>,
    counters: &Counters,
    ctx: &Context,
    jobs: usize,
) -> Vec<Prefix> {
    let want = if jobs > 1 { 256 * jobs } else { 1 };
    cut_prefixes_to::<W, M>(setup, counters, ctx, want)
}

/// Cuts the tree into at least `want` prefixes on the calling thread where it has that many
/// nodes at some depth. The nodes above the prefixes are counted here.
pub fn cut_prefixes_to<const W: usize, const M: u8>(
    setup: &Setup<W>,
    counters: &Counters,
    ctx: &Context,
    want: usize,
) -> Vec<Prefix> {
    let plan = setup.plan;
    let mut depth = 0;
    let (prefixes, top_nodes) = loop {
        let mut job = Job::new(setup.walker::<M>(), counters, ctx);
        let mut prefixes = Vec::new();
        for r in 0..plan.roots.len() {
            job.expand(r, depth, &mut prefixes);
        }
        let deeper = prefixes.iter().any(|p| p.moves.len() == depth);
        if prefixes.len() >= want || depth >= max_cut_depth(plan.len) || !deeper {
            break (prefixes, job.nodes);
        }
        depth += 1;
    };
    counters.nodes.fetch_add(top_nodes, Ordering::Relaxed);
    prefixes
}

/// The deepest a cut goes in a plan of `len` steps: cutting recurses on the calling thread,
/// so it stays shallow.
pub fn max_cut_depth(len: usize) -> usize {
    (len / 2).min(48)
}

/// The rayon pool the prefixes run on, with stacks deep enough for a walk of `len` steps.
fn worker_pool(len: usize, width: usize, jobs: usize) -> Result<rayon::ThreadPool, SearchError> {
    let stack = (16 << 20) + len * (512 + 64 * width);
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(stack)
        .build()
        .map_err(|e| SearchError::Threads(e.to_string()))
}

/// The calling thread's part while the pool works: progress reports and the clock.
struct Watch<'a> {
    limits: &'a Limits,
    progress: &'a dyn Fn(NodeProgress),
    started: Instant,
}

impl Watch<'_> {
    /// Reports progress every quarter second and stops the workers when a limit says so,
    /// until the pool reports that every prefix is done.
    fn until_done(&self, done: &mpsc::Receiver<()>, counters: &Counters) {
        let interval = Duration::from_millis(250);
        loop {
            let wait = match self.limits.timeout {
                Some(t) => t.saturating_sub(self.started.elapsed()).min(interval),
                None => interval,
            };
            match done.recv_timeout(wait.max(Duration::from_millis(1))) {
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Some(why) = self.limits.reason_to_stop(self.started, 0) {
                        counters.stop(why);
                    }
                    self.report(counters);
                }
                _ => break,
            }
        }
    }

    fn report(&self, counters: &Counters) {
        let nodes = counters.nodes.load(Ordering::Relaxed);
        let seconds = self.started.elapsed().as_secs_f64();
        (self.progress)(NodeProgress {
            solutions: counters.solutions.load(Ordering::Relaxed),
            nodes,
            seconds,
            nodes_per_second: if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            },
        });
    }
}

/// The native search's figures for the summary's `stats` object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchStats {
    /// Search nodes visited.
    pub nodes: u64,
    /// Nodes per second of wall time.
    pub nodes_per_second: u64,
    /// Where walks start, after symmetry.
    pub roots: usize,
    /// The pieces the tree was cut into for the threads.
    pub prefixes: usize,
    /// The puzzle automorphisms the search reduces by.
    pub automorphisms: usize,
    /// How numbers are placed: "one-end", "half-tours" or "both-ends".
    pub mode: &'static str,
    /// Worker threads.
    pub threads: usize,
}

impl SearchStats {
    fn new<const W: usize>(
        plan: &Plan<W>,
        nodes: u64,
        summary: &Summary,
        prefixes: usize,
        threads: usize,
    ) -> Self {
        SearchStats {
            nodes,
            nodes_per_second: (nodes as f64 / summary.seconds.max(1e-9)).round() as u64,
            roots: plan.roots.len(),
            prefixes,
            automorphisms: plan.autos.len(),
            mode: match plan.mode {
                FOLD => "half-tours",
                QUARTER => "quarter-tours",
                MEET => "both-ends",
                _ => "one-end",
            },
            threads,
        }
    }
}

/// Classes from solutions filed by class size: solutions whose class has `m` members come
/// `m` to a class.
fn classes_from_buckets(counters: &Counters, complete: bool) -> u64 {
    let mut classes = 0;
    for (m, b) in counters.buckets.iter().enumerate() {
        let b = b.load(Ordering::SeqCst);
        if b == 0 {
            continue;
        }
        assert!(m > 0, "internal error: a class of size 0");
        if complete {
            assert!(
                b % m as u64 == 0,
                "internal error: {b} solutions in classes of {m} do not make whole classes"
            );
        }
        classes += b / m as u64;
    }
    classes
}
