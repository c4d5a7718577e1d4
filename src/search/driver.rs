//! Running a search: the prefixes are cut once on the calling thread, searched in parallel by
//! a rayon pool of `jobs` threads, while the calling thread reports progress and watches the
//! clock. Counts are sums of exact integers over the prefixes, so they do not depend on the
//! number of threads or on the order the prefixes are taken in.

use super::autos::{automorphisms, ClassRule};
use super::job::{Context, Job, Prefix, Shared};
use super::plan::Plan;
use super::sums::{LineTables, Order};
use super::tables::Tables;
use super::walker::{Walker, FOLD, MEET, PLAIN};
use super::{Progress, SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits, Summary};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Build everything for one board width and run.
pub fn run<const W: usize>(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    sink: Option<&(dyn Fn(Class) + Sync)>,
    progress: &dyn Fn(Progress),
    started: Instant,
) -> Result<Summary, SearchError> {
    let n = puzzle.n_cells();
    let plan = Plan::<W>::new(puzzle, automorphisms(puzzle, opts.symmetry));
    let has_sums = !puzzle.sums.is_empty();
    let alternating = puzzle.board.leaper().alternates_colour();
    let lt = if has_sums {
        Some(
            LineTables::new(puzzle, order(plan.mode), alternating)
                .map_err(SearchError::Unsupported)?,
        )
    } else {
        None
    };
    let tables = Tables::<W>::new(puzzle, has_sums && n <= 2048);
    let rule = ClassRule::new(puzzle);
    let setup = Setup {
        puzzle,
        plan: &plan,
        tables: &tables,
        lt: lt.as_ref(),
        rule: &rule,
    };
    match plan.mode {
        FOLD => go::<W, FOLD>(&setup, opts, limits, sink, progress, started),
        MEET => go::<W, MEET>(&setup, opts, limits, sink, progress, started),
        _ => go::<W, PLAIN>(&setup, opts, limits, sink, progress, started),
    }
}

/// The order numbers are handed out in, for a search mode.
pub fn order(mode: u8) -> Order {
    match mode {
        FOLD => Order::Fold,
        MEET => Order::Meet,
        _ => Order::Plain,
    }
}

pub struct Setup<'a, const W: usize> {
    pub puzzle: &'a Puzzle,
    pub plan: &'a Plan<W>,
    pub tables: &'a Tables<W>,
    pub lt: Option<&'a LineTables>,
    pub rule: &'a ClassRule,
}

impl<'a, const W: usize> Setup<'a, W> {
    pub fn walker<const M: u8>(&self) -> Walker<'a, W, M> {
        Walker::new(self.tables, self.plan, self.lt)
    }
}

pub fn threads(opts: &SearchOptions) -> usize {
    if opts.jobs > 0 {
        opts.jobs
    } else {
        std::thread::available_parallelism().map_or(1, |p| p.get())
    }
}

fn go<const W: usize, const M: u8>(
    setup: &Setup<W>,
    opts: &SearchOptions,
    limits: &Limits,
    sink: Option<&(dyn Fn(Class) + Sync)>,
    progress: &dyn Fn(Progress),
    started: Instant,
) -> Result<Summary, SearchError> {
    let plan = setup.plan;
    let jobs = threads(opts);
    let shared = Shared::new(limits, setup.rule.order());
    let ctx = Context {
        puzzle: setup.puzzle,
        rule: setup.rule,
        sink,
    };

    // Cut the tree into prefixes: enough of them to keep every thread busy to the end.
    let want = if jobs > 1 { 256 * jobs } else { 1 };
    let mut depth = 0;
    let (prefixes, top_nodes) = loop {
        let mut job = Job::new(setup.walker::<M>(), &shared, &ctx);
        let mut prefixes = Vec::new();
        for r in 0..plan.roots.len() {
            job.expand(r, depth, &mut prefixes);
        }
        let deeper = prefixes.iter().any(|p| p.moves.len() == depth);
        // (Cutting recurses on the calling thread: keep it shallow.)
        if prefixes.len() >= want || depth >= (plan.len / 2).min(48) || !deeper {
            break (prefixes, job.nodes);
        }
        depth += 1;
    };
    shared.nodes.fetch_add(top_nodes, Ordering::Relaxed);

    let stack = (16 << 20) + plan.len * (512 + 64 * W);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(stack)
        .build()
        .map_err(|e| SearchError::Unsupported(format!("cannot start worker threads: {e}")))?;

    let report = |shared: &Shared| {
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let seconds = started.elapsed().as_secs_f64();
        progress(Progress {
            solutions: shared.solutions.load(Ordering::Relaxed),
            nodes,
            seconds,
            nodes_per_second: if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            },
        });
    };
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let shared = &shared;
        let ctx = &ctx;
        let prefixes = &prefixes;
        scope.spawn(move || {
            pool.install(|| {
                prefixes.par_iter().for_each_init(
                    || Job::new(setup.walker::<M>(), shared, ctx),
                    |job, p: &Prefix| job.run(p),
                )
            });
            let _ = done_tx.send(());
        });
        let interval = Duration::from_millis(250);
        loop {
            let wait = match limits.timeout {
                Some(t) => t.saturating_sub(started.elapsed()).min(interval),
                None => interval,
            };
            match done_rx.recv_timeout(wait.max(Duration::from_millis(1))) {
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Some(why) = limits.reason_to_stop(started, 0) {
                        shared.stop(why);
                    }
                    report(shared);
                }
                _ => break,
            }
        }
    });

    let ending = shared.ending();
    let mut summary = Summary::new(setup.puzzle, "search");
    summary.solutions = shared.solutions.load(Ordering::SeqCst);
    summary.classes = match sink {
        Some(_) => shared.classes.load(Ordering::SeqCst),
        None => classes_from_buckets(&shared, ending == Ending::Exhausted),
    };
    summary.finish(ending, started);
    let nodes = shared.nodes.load(Ordering::SeqCst);
    let stats = &mut summary.stats;
    stats.insert("nodes".into(), nodes.into());
    stats.insert(
        "nodes_per_second".into(),
        ((nodes as f64 / summary.seconds.max(1e-9)).round() as u64).into(),
    );
    stats.insert("roots".into(), plan.roots.len().into());
    stats.insert("prefixes".into(), prefixes.len().into());
    stats.insert("automorphisms".into(), plan.autos.len().into());
    let mode = match plan.mode {
        FOLD => "half-tours",
        MEET => "both-ends",
        _ => "one-end",
    };
    stats.insert("mode".into(), mode.into());
    stats.insert("threads".into(), jobs.into());
    Ok(summary)
}

/// Classes from solutions filed by class size: solutions whose class has `m` members come
/// `m` to a class.
fn classes_from_buckets(shared: &Shared, complete: bool) -> u64 {
    let mut classes = 0;
    for (m, b) in shared.buckets.iter().enumerate() {
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
