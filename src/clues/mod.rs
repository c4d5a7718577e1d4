//! Puzzles made from tours: every number of a tour given, then each given left out in turn
//! (in an order drawn from a seed) while the native search still finds exactly one tour
//! that carries the rest.
//!
//! Leaving out more givens never removes a solution, so a given kept because leaving it out
//! let a second tour in stays needed to the end: no given of the result can be left out
//! alone. A trial the search cannot decide within its node budget (or time) keeps its given,
//! and the result says how many were kept that way.

use crate::board::{Cell, Shape};
use crate::puzzle::{Puzzle, PuzzleError, Symmetry};
use crate::random::Stream;
use crate::run::{Ending, Limits, StopFlag};
use crate::search::{count, SearchError, SearchOptions};
use crate::spec::Spec;
use crate::tour::Tour;
use std::time::{Duration, Instant};

/// How the givens are thinned. The result depends only on the model, the tour, `seed` and
/// `trial_nodes`, when one thread searches and no time-out stops a trial: a budget of nodes
/// stops a trial at the same node on every machine, where a time-out depends on its speed and
/// load.
#[derive(Clone, Debug)]
pub struct ThinOptions {
    /// Seeds the order in which the givens are tried.
    pub seed: u64,
    /// The most search nodes one trial may take; a trial that needs more keeps its given.
    pub trial_nodes: Option<u64>,
    /// The longest one trial may search; a trial stopped by it keeps its given.
    pub trial_timeout: Option<Duration>,
    /// Worker threads for each trial's search (0: every core).
    pub jobs: usize,
    /// Raised from outside (a signal) to stop after the trial under way.
    pub stop: StopFlag,
}

/// What one trial found when its given was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Still exactly one tour: the given is left out.
    LeftOut,
    /// A second tour: the given stays.
    Needed,
    /// The search did not finish within the trial's nodes or time: the given stays.
    Undecided,
}

/// One given tried.
#[derive(Clone, Debug)]
pub struct Trial {
    /// The cell whose number was left out.
    pub cell: Cell,
    /// Its number in the tour.
    pub number: u32,
    /// What the search found without it.
    pub verdict: Verdict,
    /// The trial's search nodes.
    pub nodes: u64,
    /// The trial's wall-clock seconds.
    pub seconds: f64,
}

/// The thinned givens and how they were found.
#[derive(Clone, Debug)]
pub struct Thinned {
    /// The givens left, as (cell, number) sorted by cell; the model's own givens among them.
    pub givens: Vec<(Cell, u32)>,
    /// Every trial, in the order made.
    pub trials: Vec<Trial>,
    /// Whether every given was tried: `false` when the stop flag ended the thinning early,
    /// which leaves a puzzle with exactly one tour but with givens not yet tried.
    pub complete: bool,
}

impl Thinned {
    /// How many givens stayed only because their trial ran out of nodes or time.
    pub fn undecided(&self) -> usize {
        self.trials
            .iter()
            .filter(|t| t.verdict == Verdict::Undecided)
            .count()
    }

    /// The puzzle's model: the base model `spec` (read as `base`) with the thinned givens,
    /// named and described as a puzzle, the description saying how it was made.
    pub fn puzzle_spec(&self, spec: &Spec, base: &Puzzle, options: &ThinOptions) -> Spec {
        let mut out = spec.clone();
        out.givens = entries(base.board.shape(), &self.givens);
        out.name = Some(format!("{}-puzzle", base.name));
        let (complete, undecided) = (self.complete, self.undecided());
        let unfinished = match (complete, undecided) {
            (true, 0) => " No given can be left out alone without a second tour.".to_string(),
            (true, k) => format!(
                " {k} of them stayed because leaving each out was not decided within a trial's \
                 budget; no other can be left out alone without a second tour."
            ),
            (false, _) => {
                " Stopped before every given was tried: some may be left out still.".to_string()
            }
        };
        // The same words from the command line and from the Python package.
        let mut made_by = format!("make-puzzle, seed {}", options.seed);
        if let Some(nodes) = options.trial_nodes {
            made_by.push_str(&format!(", trials of at most {nodes} nodes"));
        }
        if let Some(time) = options.trial_timeout {
            made_by.push_str(&format!(" and {} s", time.as_secs_f64()));
        }
        out.description = Some(format!(
            "A puzzle made by knights ({made_by}) from a tour of {}: exactly one \
             tour keeps these {} given numbers.{unfinished}",
            base.name,
            self.givens.len()
        ));
        out
    }
}

/// Why no puzzle could be made.
#[derive(Debug, thiserror::Error)]
pub enum ThinError {
    /// The model, or a trial's model with fewer givens, was refused.
    #[error(transparent)]
    Model(#[from] PuzzleError),
    /// The model asks for a tour symmetry, which givens do not take.
    #[error("the model requires a tour symmetry; given numbers are not supported with one")]
    Symmetric,
    /// The tour is not on the model's board.
    #[error("the tour is on {tour}, but the model's board is {model}")]
    OtherBoard {
        /// The tour's board.
        tour: Shape,
        /// The model's board.
        model: Shape,
    },
    /// The verifier's list of the model's rules the tour breaks.
    #[error("the tour is not a solution of the model: {0}")]
    NotASolution(String),
    /// The native search could not run.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A trial found no tour at all, though the givens came from one: a bug.
    #[error(
        "internal error: the search found no tour carrying givens taken from a solution \
         ({givens} givens)"
    )]
    Lost {
        /// How many givens the trial had.
        givens: usize,
    },
}

/// Thins the givens of `tour` (a solution of the model `spec`, checked here by the
/// verifier) down to a set with which the native search finds exactly one tour, that one.
/// The model's own givens are kept as they are. `progress` hears of each trial with the
/// number of trials made so far (this one included) and in all.
pub fn thin_givens(
    spec: &Spec,
    tour: &Tour,
    options: &ThinOptions,
    progress: &dyn Fn(&Trial, usize, usize),
) -> Result<Thinned, ThinError> {
    let base = Puzzle::from_spec(spec)?;
    check_tour(&base, tour)?;
    let numbers = tour.numbers();
    let own: Vec<Cell> = base.givens.iter().map(|&(cell, _)| cell).collect();
    let mut order: Vec<Cell> = (0..numbers.len()).filter(|c| !own.contains(c)).collect();
    shuffle(&mut order, options.seed);
    let mut kept = vec![true; numbers.len()];
    let mut trials = Vec::with_capacity(order.len());
    for &cell in &order {
        if options.stop.is_raised() {
            break;
        }
        kept[cell] = false;
        let trial = try_without(spec, tour.shape(), &numbers, &kept, cell, options)?;
        if trial.verdict != Verdict::LeftOut {
            kept[cell] = true;
        }
        let stopped = options.stop.is_raised() && trial.verdict == Verdict::Undecided;
        if stopped {
            // A trial cut short by the stop flag says nothing; it is not reported.
            break;
        }
        trials.push(trial);
        progress(&trials[trials.len() - 1], trials.len(), order.len());
    }
    Ok(Thinned {
        givens: given_now(&numbers, &kept),
        complete: trials.len() == order.len(),
        trials,
    })
}

/// The givens still `kept`, as (cell, number) sorted by cell.
fn given_now(numbers: &[u32], kept: &[bool]) -> Vec<(Cell, u32)> {
    (0..numbers.len())
        .filter(|&c| kept[c])
        .map(|c| (c, numbers[c]))
        .collect()
}

/// The model's board and rules accept `tour`, by the independent verifier.
fn check_tour(base: &Puzzle, tour: &Tour) -> Result<(), ThinError> {
    if base.symmetry != Symmetry::None {
        return Err(ThinError::Symmetric);
    }
    let model = base.board.shape();
    if tour.shape() != model {
        return Err(ThinError::OtherBoard {
            tour: tour.shape(),
            model,
        });
    }
    let violations = crate::verify::verify(base, tour);
    if violations.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
    Err(ThinError::NotASolution(list.join("; ")))
}

/// A shuffle drawn from `seed` (Fisher and Yates).
fn shuffle(cells: &mut [Cell], seed: u64) {
    let mut stream = Stream::new(seed);
    for i in (1..cells.len()).rev() {
        cells.swap(i, stream.below(i + 1));
    }
}

/// The search's verdict on the givens `kept` (without `cell`'s, already cleared).
fn try_without(
    spec: &Spec,
    shape: Shape,
    numbers: &[u32],
    kept: &[bool],
    cell: Cell,
    options: &ThinOptions,
) -> Result<Trial, ThinError> {
    let mut trial_spec = spec.clone();
    trial_spec.givens = entries(shape, &given_now(numbers, kept));
    let puzzle = Puzzle::from_spec(&trial_spec)?;
    let limits = Limits {
        solutions: Some(2),
        timeout: options.trial_timeout,
        stop: options.stop.clone(),
    };
    let search = SearchOptions {
        jobs: options.jobs,
        symmetry: true,
        node_budget: options.trial_nodes,
    };
    let started = Instant::now();
    let summary = count(&puzzle, &search, &limits, &|_| {})?;
    let verdict = match (summary.solutions, summary.ending) {
        (0, Ending::Exhausted) => {
            return Err(ThinError::Lost {
                givens: trial_spec.givens.len(),
            })
        }
        (1, Ending::Exhausted) => Verdict::LeftOut,
        (2.., _) => Verdict::Needed,
        _ => Verdict::Undecided,
    };
    Ok(Trial {
        cell,
        number: numbers[cell],
        verdict,
        nodes: summary
            .stats
            .get("nodes")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The givens (cell, number) as a model file writes them: `[row, col, number]`, or `[layer,
/// row, col, number]` in a box.
pub fn entries(shape: Shape, givens: &[(Cell, u32)]) -> Vec<Vec<i64>> {
    givens
        .iter()
        .map(|&(c, number)| {
            let at = shape.coord(c);
            let mut entry = Vec::with_capacity(4);
            if shape.solid {
                entry.push(at.layer as i64);
            }
            entry.extend([at.row as i64, at.col as i64, i64::from(number)]);
            entry
        })
        .collect()
}
