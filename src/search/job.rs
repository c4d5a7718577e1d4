//! One worker's depth-first search below a prefix, and what it does at each solution.
//!
//! Counting adds the solution's weight (see `plan`) and files it under its class size
//! `m(t)` (see `autos`). Enumerating hands over whole classes: the images of a found
//! solution under the automorphisms are all solutions; the least of them that the search
//! itself visits takes charge of the orbit, and every image that is the least member of its
//! class delivers that class. So each class is delivered exactly once, whatever the thread
//! count. A run with a solution limit may stop long before the search reaches the image in
//! charge, so there every found orbit delivers its classes, and a set of the classes
//! delivered keeps each to once.

use super::autos::ClassRule;
use super::walker::Walker;
use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits};
use crate::symmetry::Form;
use crate::tour::Tour;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;

/// Counters every worker adds to, and the flag that stops them.
pub struct Counters {
    pub nodes: AtomicU64,
    pub solutions: AtomicU64,
    /// Count mode: weighted solutions by class size `m`.
    pub buckets: Vec<AtomicU64>,
    /// Enumerate mode: classes delivered.
    pub classes: AtomicU64,
    halt: AtomicBool,
    ending: AtomicU8,
    pub limits: Limits,
    /// The nodes after which the run stops (see `SearchOptions::node_budget`).
    node_budget: Option<u64>,
    /// Runs with a solution limit: the least members of the classes delivered so far.
    delivered: Mutex<HashSet<Vec<u32>>>,
}

impl Counters {
    pub fn new(limits: &Limits, max_m: usize) -> Self {
        Counters {
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
            buckets: (0..=max_m).map(|_| AtomicU64::new(0)).collect(),
            classes: AtomicU64::new(0),
            halt: AtomicBool::new(false),
            ending: AtomicU8::new(Ending::Exhausted.code()),
            limits: limits.clone(),
            node_budget: None,
            delivered: Mutex::default(),
        }
    }

    /// The same counters stopping the run after `budget` nodes, when there is one.
    pub fn with_node_budget(mut self, budget: Option<u64>) -> Self {
        self.node_budget = budget;
        self
    }

    /// Asks every worker to stop; of several reasons the worst is reported ([`Ending::worse`]).
    pub fn stop(&self, why: Ending) {
        self.ending.fetch_max(why.code(), Ordering::SeqCst);
        self.halt.store(true, Ordering::SeqCst);
    }

    pub fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    pub fn ending(&self) -> Ending {
        // Only endings' codes are stored; were another number there, the run is reported
        // stopped, never complete.
        Ending::from_code(self.ending.load(Ordering::SeqCst)).unwrap_or(Ending::Signal)
    }

    /// Whether a class (by its least member) is handed over now: always when the run has no
    /// solution limit (the orbit rule delivers each class once), and in a limited run only the
    /// first time it is found.
    fn first_delivery(&self, least: &[u32]) -> bool {
        if self.limits.solutions.is_none() {
            return true;
        }
        let mut delivered = self.delivered.lock().expect("not poisoned");
        delivered.insert(least.to_vec())
    }

    /// Stops the run once the solution limit is reached.
    pub fn check_limit(&self, total: u64) {
        if self.limits.solutions.is_some_and(|l| total >= l) {
            self.stop(Ending::Limit);
        }
    }

    /// Stops the run once the node budget is spent.
    fn check_node_budget(&self, nodes: u64) {
        if self.node_budget.is_some_and(|budget| nodes >= budget) {
            self.stop(Ending::Limit);
        }
    }
}

/// What the workers share besides the counters.
pub struct Context<'a> {
    pub puzzle: &'a Puzzle,
    pub rule: &'a ClassRule,
    pub sink: Option<&'a (dyn Fn(Class) + Sync)>,
}

/// The moves below a root that a worker replays before searching on.
pub struct Prefix {
    pub root: usize,
    pub moves: Vec<u32>,
}

/// Whether `p` is a node of the tree `w` searches: its root starts and each move is a live
/// candidate. Pieces read from a file are checked with it before any search.
pub fn replays<const W: usize, const M: u8>(w: &mut Walker<'_, W, M>, p: &Prefix) -> bool {
    if !w.start(p.root) {
        return false;
    }
    p.moves.iter().all(|&v| {
        let v = v as usize;
        v < w.t.n && w.candidates().contains(v) && w.push(v)
    })
}

pub struct Job<'a, const W: usize, const M: u8> {
    pub w: Walker<'a, W, M>,
    shared: &'a Counters,
    ctx: &'a Context<'a>,
    pub nodes: u64,
    /// Nodes handed over to the shared counters since the job was made.
    flushed: u64,
    solutions: u64,
    buckets: Vec<u64>,
    pos: Vec<u32>,
    stopped: bool,
    /// The run stops at a solution limit: try likely moves first.
    first_found: bool,
}

impl<'a, const W: usize, const M: u8> Job<'a, W, M> {
    pub fn new(w: Walker<'a, W, M>, shared: &'a Counters, ctx: &'a Context<'a>) -> Self {
        let n = w.t.n;
        Job {
            w,
            shared,
            ctx,
            nodes: 0,
            flushed: 0,
            solutions: 0,
            buckets: vec![0; shared.buckets.len()],
            pos: vec![0; n],
            stopped: false,
            first_found: shared.limits.solutions.is_some(),
        }
    }

    /// Collects the prefixes `depth` levels below `root` (and leaves above that depth),
    /// counting the nodes above them.
    pub fn expand(&mut self, root: usize, depth: usize, out: &mut Vec<Prefix>) {
        if self.w.start(root) {
            self.collect(depth, out);
        }
    }

    fn collect(&mut self, depth: usize, out: &mut Vec<Prefix>) {
        if self.w.depth() == depth || self.w.is_leaf() {
            out.push(Prefix {
                root: self.w.root,
                moves: self.w.moves(),
            });
            return;
        }
        self.nodes += 1;
        let (order, k) = self.w.warnsdorff(self.w.candidates());
        for &v in &order[..k] {
            if self.w.push(v as usize) {
                self.collect(depth, out);
            }
            self.w.pop();
        }
    }

    /// Searches everything below one prefix, then hands the counts over; the nodes below
    /// it when the search got to its end, `None` when a stop cut it short or came first.
    pub fn search_below(&mut self, p: &Prefix) -> Option<u64> {
        if self.shared.halted() {
            return None;
        }
        let before = self.flushed + self.nodes;
        self.stopped = false;
        let alive = self.w.start(p.root);
        debug_assert!(alive, "a collected prefix starts");
        for &v in &p.moves {
            // The candidates tell `push` whether `v` is the next cell or the last.
            let _ = self.w.candidates();
            let ok = self.w.push(v as usize);
            debug_assert!(ok, "a collected prefix replays");
        }
        self.dfs();
        self.flush();
        (!self.stopped).then_some(self.flushed - before)
    }

    fn dfs(&mut self) {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            self.poll();
        }
        if self.stopped {
            return;
        }
        if self.w.is_leaf() {
            self.leaf();
            return;
        }
        let cands = self.w.candidates();
        if self.first_found {
            let (order, k) = self.w.warnsdorff(cands);
            for &v in &order[..k] {
                if self.w.push(v as usize) {
                    self.dfs();
                }
                self.w.pop();
                if self.stopped {
                    return;
                }
            }
            return;
        }
        for v in cands.iter() {
            if self.w.push(v) {
                self.dfs();
            }
            self.w.pop();
            if self.stopped {
                return;
            }
        }
    }

    fn poll(&mut self) {
        self.flush();
        if self.shared.limits.stop.is_raised() {
            self.shared.stop(Ending::Signal);
        }
        if self.shared.halted() {
            self.stopped = true;
        }
    }

    pub fn flush(&mut self) {
        let s = self.shared;
        let nodes = s.nodes.fetch_add(self.nodes, Ordering::Relaxed) + self.nodes;
        s.check_node_budget(nodes);
        self.flushed += self.nodes;
        self.nodes = 0;
        if self.solutions > 0 {
            let total = s.solutions.fetch_add(self.solutions, Ordering::Relaxed) + self.solutions;
            self.solutions = 0;
            s.check_limit(total);
        }
        for (m, b) in self.buckets.iter_mut().enumerate() {
            if *b > 0 {
                s.buckets[m].fetch_add(*b, Ordering::Relaxed);
                *b = 0;
            }
        }
    }

    fn leaf(&mut self) {
        if !self.w.finish_leaf() {
            return;
        }
        let weight = self.w.plan.weight(self.w.root, self.w.full_last());
        debug_assert!(weight > 0);
        match self.ctx.sink {
            None => {
                let m = self
                    .ctx
                    .rule
                    .multiplicity(self.ctx.puzzle, &self.w.full, &mut self.pos);
                self.solutions += weight;
                self.buckets[m as usize] += weight;
                if self.shared.limits.solutions.is_some() {
                    self.flush();
                    if self.shared.halted() {
                        self.stopped = true;
                    }
                }
            }
            Some(sink) => self.deliver(sink),
        }
    }

    /// Hands over the classes of the orbit of the solution in `self.w.full`, if this solution
    /// is the one in charge of its orbit.
    fn deliver(&mut self, sink: &(dyn Fn(Class) + Sync)) {
        let plan = self.w.plan;
        let form = plan.form;
        let puzzle = self.ctx.puzzle;
        let seq = &self.w.full;
        let own = match form {
            Form::Sequence => seq.clone(),
            Form::Cycle => super::autos::cycle_key_u32(seq),
        };
        let mut images: Vec<Vec<u32>> = Vec::with_capacity(plan.autos.len());
        for a in &plan.autos {
            let image = a.image(seq, form);
            if !images.contains(&image) {
                images.push(image);
            }
        }
        // The orbit rule waits for the least searched image, which a run that stops at a
        // limit may never reach: such a run delivers the classes of any image it finds, once.
        let limited = self.shared.limits.solutions.is_some();
        if !limited && images.iter().any(|im| *im < own && plan.searched(im)) {
            return;
        }
        let shape = puzzle.board.shape();
        for image in &images {
            let members = self.ctx.rule.members(puzzle, image);
            if members[0] != *image || !self.shared.first_delivery(image) {
                continue;
            }
            let tours: Vec<Tour> = members
                .into_iter()
                .map(|m| {
                    let order = m.into_iter().map(|c| c as usize).collect();
                    let tour = Tour::new(shape, order).expect("a solution is a tour");
                    assert!(
                        puzzle.accepts(&tour),
                        "internal error: the search produced a tour the puzzle rejects"
                    );
                    tour
                })
                .collect();
            let count = tours.len() as u64;
            sink(Class { members: tours });
            self.shared.classes.fetch_add(1, Ordering::Relaxed);
            let total = self.shared.solutions.fetch_add(count, Ordering::Relaxed) + count;
            self.shared.check_limit(total);
        }
        // Every class found is handed over before a stop takes effect.
        if self.shared.halted() {
            self.stopped = true;
        }
    }
}
