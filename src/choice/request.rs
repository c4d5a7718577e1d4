//! One engine request for every front end: the engine a caller names, its threads and
//! limits, and the settings only one engine takes. The CLI fills it from its flags and Python
//! from its keywords; `auto` is resolved, settings of another engine refused and the engine
//! built here alone, so that both front ends run the same engine with the same threads.

use super::{auto_engine, Purpose, Request, Resolved};
use crate::frontier::{FrontierEngine, Trial, Workers};
use crate::puzzle::Puzzle;
use crate::run::{Engine, Spelling, StopFlag};
use crate::sat::{SatEngine, SatOptions};
use crate::search::{Estimate, SearchEngine, SearchOptions};
use serde::{Deserialize, Serialize};

/// The engine a caller asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineName {
    /// Chosen by the model: the native search unless line sums or angle bounds make its tree
    /// large, then SAT (said on stderr, with the reason).
    #[default]
    Auto,
    /// CNF encodings solved incrementally, with blocking clauses.
    Sat,
    /// The native backtracker.
    Search,
    /// Frontier dynamic programming: counts plain open or closed tours without listing them.
    Frontier,
}

/// What a request resolved to, with the native search's tree estimate and the frontier
/// engine's trial when `auto` made them.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The engine that runs.
    pub engine: Resolved,
    /// Why `auto` chose this engine; `None` when the caller named it.
    pub reason: Option<String>,
    /// The native search's tree estimate the choice rests on.
    pub estimate: Option<Estimate>,
    /// The frontier engine's short run the choice rests on.
    pub trial: Option<Trial>,
}

impl Choice {
    /// The engine the caller named, with nothing to explain.
    fn named(engine: Resolved) -> Choice {
        Choice {
            engine,
            reason: None,
            estimate: None,
            trial: None,
        }
    }

    /// The engine a setting of the caller's asked for under `auto`.
    fn asked_by(engine: Resolved, reason: String) -> Choice {
        Choice {
            reason: Some(reason),
            ..Choice::named(engine)
        }
    }
}

/// A run's request for an engine.
#[derive(Clone, Debug, Default)]
pub struct EngineRequest {
    /// The engine named, or `auto`.
    pub engine: EngineName,
    /// Worker threads asked for (0: one per core).
    pub jobs: usize,
    /// The most solutions the run keeps: a run that stops at a limit lists what it keeps.
    pub limit: Option<u64>,
    /// The run's time limit in seconds: the frontier engine's trial takes at most half of it.
    pub timeout: Option<f64>,
    /// The SAT engine's options (its `jobs` are set from the request's).
    pub sat: SatOptions,
    /// Settings only the SAT engine takes that the caller gave, named in the CLI's words
    /// (`"solver"`, `"proof"`): under `auto` they ask for it, and another engine refuses them.
    pub sat_settings: Vec<&'static str>,
    /// Whether the run continues tours already written, which only the SAT engine can.
    pub resume: bool,
    /// The frontier engine's budget and checkpoints (its threads are set from the request's).
    pub frontier: FrontierEngine,
    /// Settings only the frontier engine takes that the caller gave (`"memory"`,
    /// `"checkpoint"`), as for `sat_settings`.
    pub frontier_settings: Vec<&'static str>,
    /// How the caller names settings, for the messages.
    pub spelling: Spelling,
}

impl EngineRequest {
    /// The worker threads the run starts.
    pub fn workers(&self) -> usize {
        crate::run::workers(self.jobs)
    }

    /// The engine for `puzzle` and a run for `purpose`: the one named, or under `auto` the
    /// one a setting asks for, else the library's rule (a trial it runs stops on `stop`).
    pub fn choose(&self, puzzle: &Puzzle, purpose: Purpose, stop: &StopFlag) -> Choice {
        let sat_setting = self
            .sat_settings
            .first()
            .copied()
            .or(self.resume.then_some("resume"));
        match self.engine {
            EngineName::Sat => Choice::named(Resolved::Sat),
            EngineName::Search => Choice::named(Resolved::Search),
            EngineName::Frontier => Choice::named(Resolved::Frontier),
            EngineName::Auto => match (sat_setting, self.frontier_settings.first()) {
                (Some(setting), _) => Choice::asked_by(
                    Resolved::Sat,
                    format!(
                        "{} applies to the SAT engine",
                        self.spelling.setting(setting)
                    ),
                ),
                (None, Some(setting)) => Choice::asked_by(
                    Resolved::Frontier,
                    format!(
                        "{} applies to the frontier engine",
                        self.spelling.setting(setting)
                    ),
                ),
                (None, None) => self.auto(puzzle, purpose, stop),
            },
        }
    }

    /// The library's rule for `auto`.
    fn auto(&self, puzzle: &Puzzle, purpose: Purpose, stop: &StopFlag) -> Choice {
        let request = Request {
            purpose: match self.limit {
                Some(_) => Purpose::List,
                None => purpose,
            },
            workers: self.workers(),
            stop,
            timeout: self.timeout,
        };
        let chosen = auto_engine(puzzle, &request);
        Choice {
            engine: chosen.engine,
            reason: Some(chosen.reason),
            estimate: chosen.estimate,
            trial: chosen.trial,
        }
    }

    /// Refuses a setting the chosen engine would ignore, so that a run never looks
    /// configured when it is not; the message names settings as the caller spells them.
    pub fn check(&self, choice: &Choice) -> Result<(), String> {
        let spell = self.spelling;
        if choice.engine != Resolved::Sat {
            if let Some(setting) = self.sat_settings.first() {
                return Err(format!(
                    "{} applies to the SAT engine only; drop it or use {}",
                    spell.setting(setting),
                    spell.engine("sat")
                ));
            }
            if self.resume {
                return Err(format!(
                    "{} needs {} (the native search cannot start from written tours)",
                    spell.setting("resume"),
                    spell.engine("sat")
                ));
            }
        }
        if choice.engine != Resolved::Frontier {
            if let Some(setting) = self.frontier_settings.first() {
                return Err(format!(
                    "{} applies to the frontier engine only; drop it or use {}",
                    spell.setting(setting),
                    spell.engine("frontier")
                ));
            }
        }
        Ok(())
    }

    /// The engine of `choice`, with the request's threads and options.
    pub fn build(&self, choice: &Choice) -> Box<dyn Engine + Send + Sync> {
        match choice.engine {
            Resolved::Search => Box::new(SearchEngine {
                options: self.search_options(),
            }),
            Resolved::Sat => Box::new(SatEngine {
                options: SatOptions {
                    jobs: self.jobs,
                    ..self.sat.clone()
                },
            }),
            Resolved::Frontier => Box::new(FrontierEngine {
                workers: Workers::new(self.workers()),
                ..self.frontier.clone()
            }),
        }
    }

    /// The native search's options, with the request's threads.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            jobs: self.jobs,
            ..SearchOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    fn plain(board: &str) -> Puzzle {
        let toml = format!("board = \"{board}\"\nclosed = true\n");
        Puzzle::from_spec(&Spec::from_toml(&toml, "test").unwrap()).unwrap()
    }

    #[test]
    fn a_setting_of_one_engine_asks_for_it_under_auto_and_is_refused_by_another() {
        let puzzle = plain("5x6");
        let stop = StopFlag::default();
        let sat = EngineRequest {
            sat_settings: vec!["solver"],
            spelling: Spelling::Keywords,
            ..EngineRequest::default()
        };
        let choice = sat.choose(&puzzle, Purpose::Count, &stop);
        assert_eq!(choice.engine, Resolved::Sat);
        assert_eq!(
            choice.reason.as_deref(),
            Some("solver applies to the SAT engine")
        );
        assert_eq!(sat.check(&choice), Ok(()));
        let named_search = EngineRequest {
            engine: EngineName::Search,
            ..sat.clone()
        };
        let choice = named_search.choose(&puzzle, Purpose::Count, &stop);
        assert_eq!(
            named_search.check(&choice),
            Err("solver applies to the SAT engine only; drop it or use engine=\"sat\"".into())
        );
        let frontier = EngineRequest {
            frontier_settings: vec!["spill-dir"],
            ..EngineRequest::default()
        };
        let choice = frontier.choose(&puzzle, Purpose::Count, &stop);
        assert_eq!(choice.engine, Resolved::Frontier);
        let named_sat = EngineRequest {
            engine: EngineName::Sat,
            ..frontier
        };
        let choice = named_sat.choose(&puzzle, Purpose::Count, &stop);
        assert_eq!(
            named_sat.check(&choice),
            Err(
                "--spill-dir applies to the frontier engine only; drop it or use --engine frontier"
                    .into()
            )
        );
    }

    #[test]
    fn the_frontier_engine_gets_the_requests_threads() {
        let puzzle = plain("5x6");
        let stop = StopFlag::default();
        let request = EngineRequest {
            engine: EngineName::Frontier,
            jobs: 2,
            ..EngineRequest::default()
        };
        let choice = request.choose(&puzzle, Purpose::Count, &stop);
        let engine = request.build(&choice);
        let limits = crate::run::Limits {
            solutions: None,
            timeout: None,
            stop,
        };
        let summary = engine.count(&puzzle, &limits, &[], &|_| {}).unwrap();
        assert_eq!(summary.engine, "frontier");
        assert_eq!(summary.stats["threads"], serde_json::json!(2));
    }
}
