//! Every PB encoding must admit exactly the assignments with the right sum,
//! on every backend, as counted by brute force.

use proptest::prelude::*;
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Lit, Var};

use super::*;
use crate::run::Ending;
use crate::solver::enumerate::count_projected;
use crate::solver::{new_backend, BackendConfig, CadicalPreset, SolverKind};

fn backend_configs() -> Vec<BackendConfig> {
    vec![
        BackendConfig::default(),
        BackendConfig {
            cadical_preset: CadicalPreset::Plain,
            ..Default::default()
        },
        BackendConfig {
            kind: SolverKind::Varisat,
            ..Default::default()
        },
    ]
}

/// Number of assignments of `n_vars` variables with `sum(w * lit) = target`.
fn brute_force_count(n_vars: u32, terms: &[(Lit, usize)], target: usize) -> u64 {
    (0u32..1 << n_vars)
        .filter(|bits| {
            let value = |lit: Lit| ((bits >> lit.vidx32()) & 1 == 1) != lit.is_neg();
            let sum: usize = terms
                .iter()
                .filter(|(lit, _)| value(*lit))
                .map(|(_, w)| w)
                .sum();
            sum == target
        })
        .count() as u64
}

fn encode(
    encoding: PbEncoding,
    n_vars: u32,
    terms: &[(Lit, usize)],
    target: usize,
) -> (Cnf, PbSummary) {
    let mut vars = BasicVarManager::from_next_free(Var::new(n_vars));
    let mut cnf = Cnf::new();
    let summary = encode_weighted_eq(encoding, terms, target, &mut cnf, &mut vars).unwrap();
    (cnf, summary)
}

/// Models of the encoded constraint, projected onto the `n_vars` inputs,
/// counted on every backend; panics if backends disagree.
fn count_on_every_backend(n_vars: u32, cnf: &Cnf) -> u64 {
    let projection: Vec<Var> = (0..n_vars).map(Var::new).collect();
    let counts: Vec<u64> = backend_configs()
        .iter()
        .map(|config| {
            let mut backend = new_backend(config).unwrap();
            for clause in cnf {
                backend.add_clause(clause.as_ref()).unwrap();
            }
            let outcome = count_projected(&mut *backend, &projection, None).unwrap();
            assert_eq!(outcome.end, Ending::Exhausted);
            outcome.found
        })
        .collect();
    assert!(
        counts.windows(2).all(|pair| pair[0] == pair[1]),
        "backends disagree: {counts:?}"
    );
    counts[0]
}

fn positive_terms(weights: &[usize]) -> Vec<(Lit, usize)> {
    weights
        .iter()
        .enumerate()
        .map(|(index, &weight)| (Lit::positive(index as u32), weight))
        .collect()
}

#[test]
fn every_encoding_counts_every_target_of_a_weighted_sum() {
    // Knight's tour line sums look like this: distinct-ish weights, many targets.
    let weights = [1, 2, 3, 5, 8, 13];
    let terms = positive_terms(&weights);
    let total: usize = weights.iter().sum();
    for encoding in PbEncoding::ALL {
        for target in 0..=total + 1 {
            let (cnf, summary) = encode(encoding, 6, &terms, target);
            let expected = brute_force_count(6, &terms, target);
            assert_eq!(
                count_on_every_backend(6, &cnf),
                expected,
                "{encoding}, target {target}, {summary:?}"
            );
        }
    }
}

#[test]
fn unit_weights_behave_like_a_cardinality_constraint() {
    let terms = positive_terms(&[1; 6]);
    for encoding in PbEncoding::ALL {
        for target in 0..=6 {
            let (cnf, _) = encode(encoding, 6, &terms, target);
            assert_eq!(
                count_on_every_backend(6, &cnf),
                brute_force_count(6, &terms, target)
            );
        }
    }
}

#[test]
fn equal_large_weights_are_counted_correctly() {
    // Equal weights make many assignments share one sum: 4 choose 2 = 6.
    let terms = positive_terms(&[7, 7, 7, 7]);
    for encoding in PbEncoding::ALL {
        let (cnf, summary) = encode(encoding, 4, &terms, 14);
        assert_eq!(summary.status, PbStatus::Encoded);
        assert_eq!(count_on_every_backend(4, &cnf), 6, "{encoding}");
    }
}

#[test]
fn repeated_and_opposite_literals_are_merged_not_lost() {
    // 2*x0 + 3*x0 + 4*!x0 + 1*x1 + 2*!x2 = 1 + x0 + x1 + 2*!x2
    let terms = vec![
        (Lit::positive(0), 2),
        (Lit::positive(0), 3),
        (Lit::negative(0), 4),
        (Lit::positive(1), 1),
        (Lit::negative(2), 2),
    ];
    for encoding in PbEncoding::ALL {
        for target in 0..=7 {
            let (cnf, _) = encode(encoding, 3, &terms, target);
            assert_eq!(
                count_on_every_backend(3, &cnf),
                brute_force_count(3, &terms, target),
                "{encoding}, target {target}"
            );
        }
    }
}

#[test]
fn trivial_constraints_are_classified() {
    let terms = positive_terms(&[2, 3]);
    let status = |target| encode(PbEncoding::Gte, 2, &terms, target).1.status;
    assert_eq!(status(0), PbStatus::Forced);
    assert_eq!(status(5), PbStatus::Forced);
    assert_eq!(status(6), PbStatus::Infeasible);
    assert_eq!(status(2), PbStatus::Encoded);
    assert_eq!(
        encode(PbEncoding::Gte, 0, &[], 0).1.status,
        PbStatus::Tautology
    );
    assert_eq!(
        encode(PbEncoding::Gte, 0, &[], 1).1.status,
        PbStatus::Infeasible
    );
    // x + !x = 1 always: a constant, not a constraint.
    let constant = [(Lit::positive(0), 1), (Lit::negative(0), 1)];
    assert_eq!(
        encode(PbEncoding::Adder, 1, &constant, 1).1.status,
        PbStatus::Tautology
    );
    assert_eq!(
        encode(PbEncoding::Adder, 1, &constant, 0).1.status,
        PbStatus::Infeasible
    );
}

#[test]
fn summary_counts_clauses_and_auxiliary_variables() {
    let terms = positive_terms(&[1, 2, 3, 4]);
    for encoding in PbEncoding::ALL {
        let mut vars = BasicVarManager::from_next_free(Var::new(4));
        let mut cnf = Cnf::new();
        let summary = encode_weighted_eq(encoding, &terms, 5, &mut cnf, &mut vars).unwrap();
        assert_eq!(summary.clauses, cnf.len());
        assert_eq!(summary.aux_vars, vars.n_used() - 4);
        assert!(
            summary.aux_vars > 0,
            "{encoding} used no auxiliary variable"
        );
    }
}

#[test]
fn the_lean_diagram_is_the_diagram_without_its_support_clauses() {
    let terms = positive_terms(&[1, 2, 3, 4, 5, 6]);
    let (full, _) = encode(PbEncoding::Mdd, 6, &terms, 9);
    let (lean, _) = encode(PbEncoding::MddLean, 6, &terms, 9);
    assert!(lean.len() < full.len(), "{} >= {}", lean.len(), full.len());
    let full_clauses: Vec<_> = full.iter().collect();
    assert!(lean.iter().all(|clause| full_clauses.contains(&clause)));
    assert_eq!(
        count_on_every_backend(6, &lean),
        brute_force_count(6, &terms, 9)
    );
}

#[test]
fn weight_overflow_is_an_error() {
    let terms = positive_terms(&[usize::MAX, 1]);
    let mut vars = BasicVarManager::from_next_free(Var::new(2));
    let mut cnf = Cnf::new();
    assert!(matches!(
        encode_weighted_eq(PbEncoding::Gte, &terms, 1, &mut cnf, &mut vars),
        Err(PbError::WeightOverflow)
    ));
}

#[test]
fn pb_encoding_defaults_to_mdd_and_serialises_by_name() {
    assert_eq!(PbEncoding::default(), PbEncoding::Mdd);
    for encoding in PbEncoding::ALL {
        let json = serde_json::to_string(&encoding).unwrap();
        assert_eq!(json, format!("\"{}\"", encoding.name()));
    }
}

fn weighted_terms() -> impl Strategy<Value = Vec<(Lit, usize)>> {
    let term =
        (0u32..5, any::<bool>(), 1usize..12).prop_map(|(idx, neg, w)| (Lit::new(idx, neg), w));
    prop::collection::vec(term, 1..7)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_weighted_equalities_match_brute_force(
        terms in weighted_terms(),
        target_fraction in 0.0f64..1.0,
        encoding in prop::sample::select(PbEncoding::ALL.to_vec()),
    ) {
        let total: usize = terms.iter().map(|(_, w)| w).sum();
        let target = (total as f64 * target_fraction).round() as usize;
        let (cnf, summary) = encode(encoding, 5, &terms, target);
        prop_assert_eq!(
            count_on_every_backend(5, &cnf),
            brute_force_count(5, &terms, target),
            "{} {:?}", encoding, summary
        );
    }
}

fn brute_force_at_most(n_vars: u32, terms: &[(Lit, usize)], bound: usize) -> u64 {
    (0u32..1 << n_vars)
        .filter(|bits| {
            let value = |lit: Lit| ((bits >> lit.vidx32()) & 1 == 1) != lit.is_neg();
            let sum: usize = terms
                .iter()
                .filter(|(lit, _)| value(*lit))
                .map(|(_, w)| w)
                .sum();
            sum <= bound
        })
        .count() as u64
}

fn encode_ub(
    encoding: PbEncoding,
    n_vars: u32,
    terms: &[(Lit, usize)],
    bound: usize,
) -> (Cnf, PbSummary) {
    let mut vars = BasicVarManager::from_next_free(Var::new(n_vars));
    let mut cnf = Cnf::new();
    let summary = encode_weighted_ub(encoding, terms, bound, &mut cnf, &mut vars).unwrap();
    (cnf, summary)
}

#[test]
fn every_encoding_counts_every_upper_bound() {
    let terms = positive_terms(&[1, 2, 3, 5, 8, 13]);
    for encoding in PbEncoding::ALL {
        for bound in 0..=33 {
            let (cnf, summary) = encode_ub(encoding, 6, &terms, bound);
            assert_eq!(
                count_on_every_backend(6, &cnf),
                brute_force_at_most(6, &terms, bound),
                "{encoding}, bound {bound}, {summary:?}"
            );
        }
    }
}

#[test]
fn upper_bound_statuses() {
    let terms = positive_terms(&[2, 3]);
    let status = |bound| encode_ub(PbEncoding::Adder, 2, &terms, bound).1.status;
    assert_eq!(status(0), PbStatus::Forced);
    assert_eq!(status(5), PbStatus::Tautology);
    assert_eq!(status(3), PbStatus::Encoded);
    let constant = [(Lit::positive(0), 4), (Lit::negative(0), 4)];
    assert_eq!(
        encode_ub(PbEncoding::Gte, 1, &constant, 3).1.status,
        PbStatus::Infeasible
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_upper_bounds_match_brute_force(
        terms in weighted_terms(),
        bound_fraction in 0.0f64..1.0,
        encoding in prop::sample::select(PbEncoding::ALL.to_vec()),
    ) {
        let total: usize = terms.iter().map(|(_, w)| w).sum();
        let bound = (total as f64 * bound_fraction).round() as usize;
        let (cnf, summary) = encode_ub(encoding, 5, &terms, bound);
        prop_assert_eq!(
            count_on_every_backend(5, &cnf),
            brute_force_at_most(5, &terms, bound),
            "{} {:?}", encoding, summary
        );
    }
}

/// Models of "exactly one per group" plus the grouped goal, projected on
/// the group literals, against brute force over one choice per group.
#[test]
fn group_tree_counts_grouped_sums() {
    use super::group_tree::{encode_groups, Goal};
    use crate::encode::cardinality::exactly_one;
    use crate::encode::cnf::CnfBuilder;
    let weights: [&[usize]; 4] = [&[1, 2, 3], &[4, 6], &[1, 5, 9, 10], &[2, 2, 7]];
    let choices: Vec<usize> = weights.iter().fold(vec![0], |sums, group| {
        sums.iter()
            .flat_map(|s| group.iter().map(move |w| s + w))
            .collect()
    });
    for goal in (0..=30).map(Goal::Equal).chain((0..=30).map(Goal::AtMost)) {
        let mut b = CnfBuilder::new();
        let groups: Vec<Vec<(Lit, usize)>> = weights
            .iter()
            .map(|ws| ws.iter().map(|&w| (b.new_var().pos_lit(), w)).collect())
            .collect();
        for group in &groups {
            let lits: Vec<Lit> = group.iter().map(|&(l, _)| l).collect();
            exactly_one(&mut b, &lits).unwrap();
        }
        let n_inputs = b.n_vars();
        let (cnf, vars) = b.parts();
        encode_groups(&groups, goal, cnf, vars).unwrap();
        let expected = choices
            .iter()
            .filter(|&&total| match goal {
                Goal::Equal(k) => total == k,
                Goal::AtMost(k) => total <= k,
            })
            .count() as u64;
        assert_eq!(
            count_on_every_backend(n_inputs, b.cnf()),
            expected,
            "{goal:?}"
        );
    }
}
