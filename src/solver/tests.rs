//! Both backends must give the same answers on the same clauses.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Lit, TernaryVal, Var};

use super::*;
use crate::solver::enumerate::{blocking_clause, count_projected, enumerate_projected};

/// Every backend configuration worth cross-checking.
fn configs() -> Vec<BackendConfig> {
    let mut configs: Vec<BackendConfig> = [
        CadicalPreset::Default,
        CadicalPreset::Plain,
        CadicalPreset::Sat,
        CadicalPreset::Unsat,
    ]
    .into_iter()
    .map(|cadical_preset| BackendConfig {
        kind: SolverKind::Cadical,
        cadical_preset,
        cadical_options: Vec::new(),
        stop: StopSignal::new(),
    })
    .collect();
    configs.push(BackendConfig {
        kind: SolverKind::Varisat,
        ..BackendConfig::default()
    });
    configs
}

fn backends() -> Vec<Box<dyn Backend>> {
    configs()
        .iter()
        .map(|config| new_backend(config).expect("every preset is valid"))
        .collect()
}

fn x(index: u32) -> Lit {
    Lit::positive(index)
}

fn add_all(backend: &mut dyn Backend, clauses: &[Vec<Lit>]) {
    for clause in clauses {
        backend.add_clause(clause).expect("valid literals");
    }
}

/// Clauses of x0 xor x1 xor x2 (odd parity): 4 of the 8 assignments.
fn odd_parity_of_three() -> Vec<Vec<Lit>> {
    (0u32..8)
        .filter(|bits| bits.count_ones() % 2 == 0)
        .map(|even| {
            (0..3)
                .map(|i| x(i).var().lit(even & (1 << i) != 0))
                .collect()
        })
        .collect()
}

/// Pigeonhole: `holes + 1` pigeons in `holes` holes. UNSAT and hard for CDCL.
fn pigeonhole(holes: u32) -> Vec<Vec<Lit>> {
    let pigeons = holes + 1;
    let sits = |p: u32, h: u32| x(p * holes + h);
    let mut clauses: Vec<Vec<Lit>> = (0..pigeons)
        .map(|p| (0..holes).map(|h| sits(p, h)).collect())
        .collect();
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(vec![!sits(p, h), !sits(q, h)]);
            }
        }
    }
    clauses
}

#[test]
fn satisfiable_formula_has_the_forced_model() {
    for mut backend in backends() {
        add_all(&mut *backend, &[vec![x(0), x(1)], vec![!x(0)]]);
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Sat);
        assert!(!backend.value(x(0).var()).unwrap(), "{}", backend.kind());
        assert!(backend.value(x(1).var()).unwrap(), "{}", backend.kind());
    }
}

#[test]
fn contradictory_units_are_unsat() {
    for mut backend in backends() {
        add_all(&mut *backend, &[vec![x(3)], vec![!x(3)]]);
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Unsat);
    }
}

#[test]
fn empty_clause_is_unsat() {
    for mut backend in backends() {
        add_all(&mut *backend, &[vec![x(0), x(1)], vec![]]);
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Unsat);
    }
}

#[test]
fn formula_without_clauses_is_sat_and_unknown_variables_are_false() {
    for mut backend in backends() {
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Sat);
        assert!(!backend.value(Var::new(41)).unwrap(), "{}", backend.kind());
    }
}

#[test]
fn assumptions_hold_for_one_call_only() {
    // a -> b -> c
    let chain = [vec![!x(0), x(1)], vec![!x(1), x(2)]];
    for mut backend in backends() {
        add_all(&mut *backend, &chain);
        let name = backend.kind();

        assert_eq!(
            backend.solve_under(&[x(0), !x(2)]).unwrap(),
            SolverResult::Unsat
        );
        let failed = backend.failed_assumptions().unwrap();
        assert!(!failed.is_empty(), "{name}");
        assert!(
            failed.iter().all(|lit| [x(0), !x(2)].contains(lit)),
            "{name}"
        );

        assert_eq!(backend.solve_under(&[x(0)]).unwrap(), SolverResult::Sat);
        assert!(backend.value(x(2).var()).unwrap(), "{name}");

        assert_eq!(backend.solve_under(&[!x(2)]).unwrap(), SolverResult::Sat);
        assert!(!backend.value(x(0).var()).unwrap(), "{name}");

        // Adding a clause after an answer keeps everything learnt so far valid.
        add_all(&mut *backend, &[vec![x(0)]]);
        assert_eq!(backend.solve_under(&[!x(2)]).unwrap(), SolverResult::Unsat);
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Sat);
    }
}

#[test]
fn out_of_state_calls_are_errors_not_panics() {
    for mut backend in backends() {
        let name = backend.kind();
        assert!(
            matches!(
                backend.value(Var::new(0)),
                Err(BackendError::WrongState { .. })
            ),
            "{name}: value before any solve"
        );
        add_all(&mut *backend, &[vec![x(0)], vec![!x(0)]]);
        backend.solve_under(&[]).unwrap();
        assert!(
            backend.value(Var::new(0)).is_err(),
            "{name}: value after UNSAT"
        );
        assert!(backend.failed_assumptions().unwrap().is_empty(), "{name}");

        let mut fresh = new_backend(&BackendConfig {
            kind: name,
            ..Default::default()
        })
        .unwrap();
        fresh.solve_under(&[]).unwrap();
        assert!(
            fresh.failed_assumptions().is_err(),
            "{name}: core after SAT"
        );
        fresh.add_clause(&[x(1)]).unwrap();
        assert!(
            fresh.value(Var::new(1)).is_err(),
            "{name}: value after new clause"
        );
    }
}

#[test]
fn variables_beyond_solver_range_are_rejected() {
    let just_too_big = Lit::positive(MAX_VARIABLE_INDEX as u32 + 1);
    let largest_rustsat = Lit::negative(Var::MAX_IDX - 1);
    for mut backend in backends() {
        for lit in [just_too_big, largest_rustsat] {
            assert!(
                matches!(
                    backend.add_clause(&[x(0), lit]),
                    Err(BackendError::VariableOutOfRange { .. })
                ),
                "{}",
                backend.kind()
            );
            assert!(backend.solve_under(&[lit]).is_err(), "{}", backend.kind());
        }
        // A rejected clause leaves nothing behind.
        assert_eq!(backend.solve_under(&[!x(0)]).unwrap(), SolverResult::Sat);
    }
}

#[test]
fn variable_cap_is_within_varisat_limit() {
    assert!(MAX_VARIABLE_INDEX < ::varisat::Var::max_count());
}

#[test]
fn odd_parity_of_three_has_four_models_on_every_backend() {
    let projection: Vec<Var> = (0..3).map(Var::new).collect();
    let mut model_sets = Vec::new();
    for mut backend in backends() {
        add_all(&mut *backend, &odd_parity_of_three());
        let mut models = Vec::new();
        let outcome = enumerate_projected(&mut *backend, &projection, None, |values| {
            models.push(values.to_vec());
            vec![blocking_clause(&projection, values)]
        })
        .unwrap();
        assert_eq!(outcome.found, 4, "{}", backend.kind());
        assert_eq!(outcome.end, Ending::Exhausted);
        assert!(models
            .iter()
            .all(|m| m.iter().filter(|&&v| v).count() % 2 == 1));
        models.sort();
        model_sets.push(models);
    }
    assert!(model_sets.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn enumeration_honours_the_limit() {
    let projection: Vec<Var> = (0..3).map(Var::new).collect();
    for mut backend in backends() {
        add_all(&mut *backend, &odd_parity_of_three());
        let outcome = count_projected(&mut *backend, &projection, Some(3)).unwrap();
        assert_eq!(outcome.found, 3);
        assert_eq!(outcome.end, Ending::Limit);
    }
}

#[test]
fn projection_ignores_auxiliary_variables() {
    // x0 or x1, and a free auxiliary x5 linked by nothing: still 3 models.
    let projection = [Var::new(0), Var::new(1)];
    for mut backend in backends() {
        add_all(&mut *backend, &[vec![x(0), x(1)], vec![x(5), !x(5), x(0)]]);
        let outcome = count_projected(&mut *backend, &projection, None).unwrap();
        assert_eq!(outcome.found, 3, "{}", backend.kind());
    }
}

#[test]
fn raised_signal_stops_before_solving_and_is_reported_as_such() {
    for config in configs() {
        let mut backend = new_backend(&config).unwrap();
        add_all(&mut *backend, &odd_parity_of_three());
        config.stop.request_stop();
        assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Interrupted);
        let projection: Vec<Var> = (0..3).map(Var::new).collect();
        let outcome = count_projected(&mut *backend, &projection, None).unwrap();
        assert_eq!(outcome.end, Ending::Signal);
        assert_eq!(backend.usage().interrupted, 2);
    }
}

#[test]
fn passed_deadline_is_reported_as_deadline() {
    for kind in [SolverKind::Cadical, SolverKind::Varisat] {
        let config = BackendConfig {
            kind,
            stop: StopSignal::with_timeout(Duration::ZERO),
            ..Default::default()
        };
        let mut backend = new_backend(&config).unwrap();
        let outcome = count_projected(&mut *backend, &[Var::new(0)], None).unwrap();
        assert_eq!(outcome.end, Ending::Timeout);
        assert_eq!(outcome.found, 0);
    }
}

#[test]
fn cadical_search_stops_when_another_thread_raises_the_signal() {
    let stop = StopSignal::new();
    let config = BackendConfig {
        stop: stop.clone(),
        ..Default::default()
    };
    let mut backend = new_backend(&config).unwrap();
    assert!(backend.interrupts_running_solve());
    // Pigeonhole 13 -> 12 takes CaDiCaL far longer than the test allows.
    add_all(&mut *backend, &pigeonhole(12));
    // Raised once the call has made conflicts, so that it is a running search that stops
    // (a stop raised before the call would be seen at its start, and test nothing here).
    let raiser = std::thread::spawn(move || {
        let started = Instant::now();
        while stop.conflicts() == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the call never ran"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        stop.request_stop();
    });
    let started = Instant::now();
    let result = backend.solve_under(&[]).unwrap();
    raiser.join().unwrap();
    assert_eq!(result, SolverResult::Interrupted);
    // Pigeonhole 13 -> 12 is far beyond CaDiCaL, so only the stop ends the call; the bound
    // only turns a stop that is never seen into a failure instead of a hang.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn cadical_search_stops_at_the_deadline() {
    let config = BackendConfig {
        stop: StopSignal::with_timeout(Duration::from_millis(100)),
        ..Default::default()
    };
    let mut backend = new_backend(&config).unwrap();
    add_all(&mut *backend, &pigeonhole(12));
    let started = Instant::now();
    assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Interrupted);
    // As above: a hang guard, not a speed requirement.
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!(backend.stop_signal().reason(), Some(Ending::Timeout));
}

#[test]
fn cadical_freezes_exactly_the_variables_it_is_given_and_keeps_them_through_solves() {
    let mut backend = CadicalBackend::new(CadicalPreset::Default, StopSignal::new()).unwrap();
    add_all(&mut backend, &odd_parity_of_three());
    Backend::freeze(&mut backend, &[x(0).var(), x(2).var()]).unwrap();
    assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Sat);
    let frozen: Vec<Option<bool>> = (0..3)
        .map(|i| backend.is_frozen(x(i).var()).unwrap())
        .collect();
    assert_eq!(frozen, [Some(true), Some(false), Some(true)]);
}

#[test]
fn varisat_has_nothing_to_freeze() {
    let mut backend = VarisatBackend::new(StopSignal::new());
    Backend::freeze(&mut backend, &[x(0).var()]).unwrap();
    assert_eq!(backend.is_frozen(x(0).var()).unwrap(), None);
}

#[test]
fn cadical_counts_its_conflicts() {
    let mut backend = CadicalBackend::new(CadicalPreset::Default, StopSignal::new()).unwrap();
    assert_eq!(backend.conflicts(), Some(0));
    // Pigeonhole 5 -> 4 cannot be refuted without conflicts.
    add_all(&mut backend, &pigeonhole(4));
    assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Unsat);
    assert!(backend.conflicts().unwrap() > 0);
}

fn cadical_with(options: &[&str]) -> Result<CadicalBackend, BackendError> {
    let options: Vec<CadicalOption> = options.iter().map(|o| o.parse().unwrap()).collect();
    CadicalBackend::with_options(CadicalPreset::Default, &options, StopSignal::new())
}

#[test]
fn cadical_takes_known_options_in_range() {
    let mut backend = cadical_with(&["elim=0", "seed=7", "phase=0"]).unwrap();
    add_all(&mut backend, &pigeonhole(3));
    assert_eq!(backend.solve_under(&[]).unwrap(), SolverResult::Unsat);
}

#[test]
fn cadical_refuses_unknown_options_and_values_out_of_range() {
    // `nosuchoption=0` reads back as 0 like a real option set to 0; it must
    // still be refused.
    for bad in [
        "nosuchoption=0",
        "nosuchoption=1",
        "stable=0",
        "elim=2",
        "seed=-1",
    ] {
        let err = cadical_with(&[bad])
            .err()
            .unwrap_or_else(|| panic!("{bad} was taken"));
        assert!(err.to_string().contains(bad), "{bad}: {err}");
    }
}

#[test]
fn cadical_option_text_is_name_equals_integer() {
    let option: CadicalOption = " elim = 0 ".parse().unwrap();
    assert_eq!((option.name.as_str(), option.value), ("elim", 0));
    assert_eq!(option.to_string(), "elim=0");
    for bad in ["elim", "=1", "elim=x", "el-im=1", "elim=1.5"] {
        assert!(bad.parse::<CadicalOption>().is_err(), "{bad}");
    }
}

/// Drives a solver only through rustsat's traits, as rustsat-based code would.
fn rustsat_round_trip<S: SolveIncremental + SolveStats>(solver: &mut S) {
    solver.add_binary(x(0), x(1)).unwrap();
    solver.add_unit(!x(0)).unwrap();
    assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
    assert_eq!(solver.lit_val(x(1)).unwrap(), TernaryVal::True);
    assert_eq!(solver.lit_val(!x(0)).unwrap(), TernaryVal::True);
    assert_eq!(solver.solve_assumps(&[!x(1)]).unwrap(), SolverResult::Unsat);
    assert_eq!(solver.core().unwrap(), vec![x(1)]);
    assert_eq!(solver.n_sat_solves(), 1);
    assert_eq!(solver.n_unsat_solves(), 1);
    assert_eq!(solver.n_clauses(), 2);
    assert_eq!(solver.max_var(), Some(Var::new(1)));
}

#[test]
fn both_backends_work_through_rustsat_traits() {
    rustsat_round_trip(
        &mut CadicalBackend::new(CadicalPreset::Default, StopSignal::new()).unwrap(),
    );
    rustsat_round_trip(&mut VarisatBackend::new(StopSignal::new()));
}

#[test]
fn bad_clause_through_extend_is_reported_by_the_next_solve() {
    let huge = rustsat::types::Clause::from([Lit::positive(Var::MAX_IDX - 1)]);
    let mut cadical = CadicalBackend::new(CadicalPreset::Default, StopSignal::new()).unwrap();
    cadical.extend([huge.clone()]);
    assert!(Solve::solve(&mut cadical).is_err());
    assert!(
        Solve::solve(&mut cadical).is_ok(),
        "the error is reported once"
    );

    let mut varisat = VarisatBackend::new(StopSignal::new());
    varisat.extend([huge]);
    assert!(Solve::solve(&mut varisat).is_err());
}

#[test]
fn signatures_name_the_solvers() {
    for backend in backends() {
        assert!(backend.signature().starts_with(backend.kind().name()));
    }
}

#[test]
fn solver_kind_round_trips_through_serde_and_defaults_to_cadical() {
    assert_eq!(SolverKind::default(), SolverKind::Cadical);
    let json = serde_json::to_string(&SolverKind::Varisat).unwrap();
    assert_eq!(json, "\"varisat\"");
    assert_eq!(
        serde_json::from_str::<SolverKind>(&json).unwrap(),
        SolverKind::Varisat
    );
}

fn brute_force_count(n_vars: u32, clauses: &[Vec<Lit>]) -> u64 {
    (0u32..1 << n_vars)
        .filter(|bits| {
            clauses.iter().all(|clause| {
                clause
                    .iter()
                    .any(|lit| ((bits >> lit.vidx32()) & 1 == 1) != lit.is_neg())
            })
        })
        .count() as u64
}

fn random_clauses(n_vars: u32) -> impl Strategy<Value = Vec<Vec<Lit>>> {
    let lit = (0..n_vars, any::<bool>()).prop_map(|(idx, neg)| Lit::new(idx, neg));
    prop::collection::vec(prop::collection::vec(lit, 1..4), 0..30)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_backend_counts_random_cnf_models_like_brute_force(clauses in random_clauses(7)) {
        let expected = brute_force_count(7, &clauses);
        let projection: Vec<Var> = (0..7).map(Var::new).collect();
        for mut backend in backends() {
            add_all(&mut *backend, &clauses);
            let outcome = count_projected(&mut *backend, &projection, None).unwrap();
            prop_assert_eq!(outcome.found, expected, "{}", backend.kind());
            prop_assert_eq!(outcome.end, Ending::Exhausted);
        }
    }
}

/// Each way a signal stops a solver reads as the run's own ending, the user's request first.
#[test]
fn a_stop_signal_reports_the_run_ending_it_stands_for() {
    let halt = StopFlag::default();
    let stop = StopSignal::with_timeout(Duration::ZERO).halted_by(halt.clone());
    assert_eq!(stop.reason(), Some(Ending::Timeout));
    halt.raise();
    assert_eq!(stop.reason(), Some(Ending::Limit));
    stop.request_stop();
    assert_eq!(stop.reason(), Some(Ending::Signal));
    assert_eq!(StopSignal::new().reason(), None);
}
