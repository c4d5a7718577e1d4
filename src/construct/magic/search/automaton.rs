//! "Exactly `count` of these literals are true, and their weights add up to `total`", as a
//! layered automaton over (count, sum) states. Only states on some path from the start to the
//! goal get a variable, and each layer has clauses both ways (a state implies a successor and
//! a predecessor), so unit propagation prunes from either end.

use std::collections::{BTreeMap, BTreeSet};

use rustsat::types::Lit;

use crate::encode::cnf::CnfBuilder;

/// A state of the automaton: how many literals so far are true, and their weights' sum.
type State = (usize, usize);

/// Constrains exactly `count` of `xs` to be true, with the weights of the true ones summing to
/// `total` (`weights[i]` belongs to `xs[i]`). Infeasible targets add the empty clause.
/// Variables and clauses come in a fixed order for the same input.
pub fn count_and_sum(
    cnf: &mut CnfBuilder,
    xs: &[Lit],
    weights: &[usize],
    count: usize,
    total: usize,
) {
    assert_eq!(xs.len(), weights.len(), "one weight per literal");
    let n = xs.len();
    // States from which the goal is still reachable, layer by layer from the end.
    let mut reach = vec![BTreeSet::new(); n + 1];
    reach[n].insert((count, total));
    for i in (0..n).rev() {
        let w = weights[i];
        let next: Vec<State> = reach[i + 1].iter().copied().collect();
        for (k, s) in next {
            reach[i].insert((k, s));
            if k > 0 && s >= w {
                reach[i].insert((k - 1, s - w));
            }
        }
    }
    // States reachable from the start that can still reach the goal.
    let mut live = vec![BTreeSet::new(); n + 1];
    if reach[0].contains(&(0, 0)) {
        live[0].insert((0, 0));
    }
    for i in 0..n {
        let w = weights[i];
        let here: Vec<State> = live[i].iter().copied().collect();
        for (k, s) in here {
            for next in [(k, s), (k + 1, s + w)] {
                if reach[i + 1].contains(&next) {
                    live[i + 1].insert(next);
                }
            }
        }
    }
    if live[0].is_empty() {
        cnf.add([]);
        return;
    }
    let vars: Vec<BTreeMap<State, Lit>> = live
        .iter()
        .map(|layer| {
            layer
                .iter()
                .map(|&state| (state, cnf.new_var().pos_lit()))
                .collect()
        })
        .collect();
    cnf.add([vars[0][&(0, 0)]]);
    // `state -> (x -> to_if_true) & (!x -> to_if_false)`; a missing target forbids that value.
    let step =
        |cnf: &mut CnfBuilder, v: Lit, x: Lit, if_false: Option<&Lit>, if_true: Option<&Lit>| {
            match if_false {
                Some(&to) => cnf.add([!v, x, to]),
                None => cnf.add([!v, x]),
            }
            match if_true {
                Some(&to) => cnf.add([!v, !x, to]),
                None => cnf.add([!v, !x]),
            }
        };
    for i in 0..n {
        let (x, w) = (xs[i], weights[i]);
        cnf.add(vars[i].values().copied());
        for (&(k, s), &v) in &vars[i] {
            step(
                cnf,
                v,
                x,
                vars[i + 1].get(&(k, s)),
                vars[i + 1].get(&(k + 1, s + w)),
            );
        }
        for (&(k, s), &v) in &vars[i + 1] {
            let from_true = (k > 0 && s >= w)
                .then(|| vars[i].get(&(k - 1, s - w)))
                .flatten();
            step(cnf, v, x, vars[i].get(&(k, s)), from_true);
        }
    }
    cnf.add(vars[n].values().copied());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{new_backend, BackendConfig};
    use rustsat::solvers::SolverResult;

    /// Whether the automaton admits exactly the subsets of `weights` with `count` members
    /// summing to `total`: every subset is tried by assumptions.
    fn check(weights: &[usize], count: usize, total: usize) -> usize {
        let mut cnf = CnfBuilder::new();
        let xs: Vec<Lit> = weights.iter().map(|_| cnf.new_var().pos_lit()).collect();
        count_and_sum(&mut cnf, &xs, weights, count, total);
        let mut backend = new_backend(&BackendConfig::default()).unwrap();
        for clause in cnf.cnf() {
            backend.add_clause(clause.as_ref()).unwrap();
        }
        let mut admitted = 0;
        for mask in 0u32..1 << weights.len() {
            let chosen = |i: usize| mask >> i & 1 == 1;
            let assumptions: Vec<Lit> = (0..xs.len())
                .map(|i| if chosen(i) { xs[i] } else { !xs[i] })
                .collect();
            let k = (0..xs.len()).filter(|&i| chosen(i)).count();
            let s: usize = (0..xs.len())
                .filter(|&i| chosen(i))
                .map(|i| weights[i])
                .sum();
            let expected = k == count && s == total;
            let answer = backend.solve_under(&assumptions).unwrap();
            assert_eq!(
                answer == SolverResult::Sat,
                expected,
                "{weights:?} count {count} total {total}: subset {mask:b}"
            );
            admitted += usize::from(expected);
        }
        admitted
    }

    #[test]
    fn admits_exactly_the_subsets_of_the_count_and_sum() {
        // Two of 0..5 summing to 5: {0,5}, {1,4}, {2,3}.
        assert_eq!(check(&[0, 1, 2, 3, 4, 5], 2, 5), 3);
        // Repeated and zero weights: three of them summing to 4.
        assert_eq!(check(&[2, 0, 2, 1, 3, 0], 3, 4), 4);
        // Count alone (all weights zero).
        assert_eq!(check(&[0; 5], 2, 0), 10);
        assert_eq!(check(&[1, 2], 0, 0), 1);
    }

    #[test]
    fn an_unreachable_target_is_unsatisfiable() {
        assert_eq!(check(&[0, 1, 2, 3], 2, 6), 0);
        assert_eq!(check(&[0, 1, 2, 3], 5, 6), 0);
        let mut cnf = CnfBuilder::new();
        let xs: Vec<Lit> = (0..3).map(|_| cnf.new_var().pos_lit()).collect();
        count_and_sum(&mut cnf, &xs, &[1, 1, 1], 2, 3);
        assert!(cnf.cnf().iter().any(|clause| clause.is_empty()));
    }
}
