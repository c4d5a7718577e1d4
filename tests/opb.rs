//! The OPB file must hold exactly the puzzle's solutions: reference tours
//! satisfy it, mutated ones do not. The file is parsed back here with a
//! reader of its own, not with the writer's code.

use crate::common::load::{model, tour};
use knights::encode::{EncodeOptions, Encoding, Primary};
use knights::format::opb::write_opb;
use knights::puzzle::Puzzle;
use knights::solver::{new_backend, BackendConfig};
use knights::spec::Spec;
use rustsat::solvers::SolverResult;
use rustsat::types::{Lit, Var};

/// One parsed constraint: `sum coef * x_var  (>= or =)  rhs`.
#[derive(Debug)]
struct Constraint {
    terms: Vec<(i64, u32)>,
    equal: bool,
    rhs: i64,
}

struct Opb {
    n_vars: u32,
    constraints: Vec<Constraint>,
}

fn parse_opb(text: &str) -> Opb {
    let mut lines = text.lines();
    let first = lines.next().unwrap();
    let mut words = first.split_whitespace();
    assert_eq!(words.next(), Some("*"));
    assert_eq!(words.next(), Some("#variable="));
    let n_vars: u32 = words.next().unwrap().parse().unwrap();
    assert_eq!(words.next(), Some("#constraint="));
    let declared: usize = words.next().unwrap().parse().unwrap();
    let constraints: Vec<Constraint> = lines
        .filter(|line| !line.starts_with('*') && !line.trim().is_empty())
        .map(parse_constraint)
        .collect();
    assert_eq!(constraints.len(), declared);
    Opb {
        n_vars,
        constraints,
    }
}

fn parse_constraint(line: &str) -> Constraint {
    let body = line.trim().strip_suffix(';').expect("ends with ;").trim();
    let (lhs, equal, rhs) = if let Some((lhs, rhs)) = body.split_once(">=") {
        (lhs, false, rhs)
    } else {
        let (lhs, rhs) = body.split_once('=').expect("a relation");
        (lhs, true, rhs)
    };
    let tokens: Vec<&str> = lhs.split_whitespace().collect();
    let terms = tokens
        .chunks(2)
        .map(|pair| {
            let coef: i64 = pair[0].parse().unwrap();
            let var: u32 = pair[1].strip_prefix('x').unwrap().parse().unwrap();
            (coef, var)
        })
        .collect();
    Constraint {
        terms,
        equal,
        rhs: rhs.trim().parse().unwrap(),
    }
}

/// A constraint over 0/1 values; `None` when it mentions an unknown variable.
fn holds(c: &Constraint, value: &dyn Fn(u32) -> Option<bool>) -> Option<bool> {
    let mut total = 0;
    for &(coef, var) in &c.terms {
        total += coef * i64::from(value(var)?);
    }
    Some(if c.equal {
        total == c.rhs
    } else {
        total >= c.rhs
    })
}

/// A `>= 1 - #negative` constraint with unit coefficients is a clause.
fn as_clause(c: &Constraint) -> Option<Vec<Lit>> {
    let negative = c.terms.iter().filter(|&&(coef, _)| coef == -1).count() as i64;
    let unit = c.terms.iter().all(|&(coef, _)| coef == 1 || coef == -1);
    (!c.equal && unit && c.rhs == 1 - negative).then(|| {
        c.terms
            .iter()
            .map(|&(coef, var)| Var::new(var - 1).lit(coef < 0))
            .collect()
    })
}

/// Primary variables (DIMACS numbers) true for a numbering of the board:
/// `None` when a (cell, number) pair has no variable at all.
fn numbering_values(encoding: &Encoding, numbers: &[u32]) -> Option<Vec<(u32, bool)>> {
    let mut values = Vec::new();
    let mut present = vec![false; numbers.len()];
    for (var, meaning) in encoding.primary() {
        if let Primary::Number { cell, number } = meaning {
            let value = numbers[cell] == number;
            present[cell] |= value;
            values.push((var.idx() as u32 + 1, value));
        }
    }
    present.iter().all(|&p| p).then_some(values)
}

/// Whether the OPB file admits this assignment of the primary variables.
fn admits(opb: &Opb, primary: &[(u32, bool)]) -> bool {
    let known: std::collections::HashMap<u32, bool> = primary.iter().copied().collect();
    let value_of = |var: u32| known.get(&var).copied();
    let mut clauses = Vec::new();
    for c in &opb.constraints {
        match as_clause(c) {
            Some(clause) => clauses.push(clause),
            // Equalities mention primary variables only: decide them now.
            None => {
                if holds(c, &value_of) != Some(true) {
                    return false;
                }
            }
        }
    }
    let mut backend = new_backend(&BackendConfig::default()).unwrap();
    for clause in &clauses {
        backend.add_clause(clause).unwrap();
    }
    let assumptions: Vec<Lit> = primary
        .iter()
        .map(|&(var, value)| Var::new(var - 1).lit(!value))
        .collect();
    backend.solve_under(&assumptions).unwrap() == SolverResult::Sat
}

fn opb_of(puzzle: &Puzzle) -> (Opb, Encoding, String) {
    let mut out = Vec::new();
    let encoding = write_opb(puzzle, &EncodeOptions::default(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    (parse_opb(&text), encoding, text)
}

/// Swaps the numbers of two cells.
fn swapped(numbers: &[u32], a: usize, b: usize) -> Vec<u32> {
    let mut out = numbers.to_vec();
    out.swap(a, b);
    out
}

#[test]
fn nested_semimagic_reference_tours_satisfy_the_opb_and_mutations_do_not() {
    let p = model("nested-semimagic");
    let (opb, encoding, text) = opb_of(&p);
    assert_eq!(opb.n_vars, encoding.n_vars());
    assert!(
        text.contains("* knights-options "),
        "self-describing header"
    );
    // 32 half-lines and 16 full lines, all stated.
    assert_eq!(opb.constraints.iter().filter(|c| c.equal).count(), 48);
    for name in ["nested-semimagic-1", "nested-semimagic-6"] {
        let numbers = tour(name).numbers();
        let values = numbering_values(&encoding, &numbers).unwrap();
        assert!(admits(&opb, &values), "{name}");
    }
    let numbers = tour("nested-semimagic-1").numbers();
    // Two cells of one half-row: the sums still hold, the moves do not.
    let same_line = swapped(&numbers, 0, 2);
    // Two cells in different lines: a sum breaks.
    let other_line = swapped(&numbers, 0, 63);
    for mutated in [same_line, other_line] {
        if let Some(values) = numbering_values(&encoding, &mutated) {
            assert!(!admits(&opb, &values));
        }
    }
}

#[test]
fn small_line_sum_model_matches_tour_by_tour() {
    // Every 5x5 tour from the corner is tried against a model whose top row
    // must sum to what the first of them has: the OPB admits exactly those.
    let corner = Puzzle::from_spec(
        &Spec::from_toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]", "t").unwrap(),
    )
    .unwrap();
    let mut tours = Vec::new();
    knights::sat::enumerate(
        &corner,
        &Default::default(),
        &Default::default(),
        &mut |class| tours.extend(class.members.iter().cloned()),
    )
    .unwrap();
    assert_eq!(tours.len(), 304);
    let target: u32 = tours[0].numbers()[..5].iter().sum();
    let p = Puzzle::from_spec(
        &Spec::from_toml(
            &format!("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n[[sums.lines]]\ncells = [[0,0],[0,1],[0,2],[0,3],[0,4]]\ntarget = {target}"),
            "t",
        )
        .unwrap(),
    )
    .unwrap();
    let (opb, encoding, _) = opb_of(&p);
    let mut admitted = 0;
    for t in &tours {
        let values = numbering_values(&encoding, &t.numbers()).unwrap();
        let expected = p.accepts(t);
        assert_eq!(admits(&opb, &values), expected, "{:?}", t.numbers());
        admitted += usize::from(expected);
    }
    assert!(admitted > 0 && admitted < tours.len());
}

#[test]
fn move_and_edge_models_become_clauses_only() {
    for name in ["open-5x5", "closed-6x6"] {
        let (opb, _, text) = opb_of(&model(name));
        assert!(
            opb.constraints.iter().all(|c| as_clause(c).is_some()),
            "{name}"
        );
        assert!(text.contains("connectivity: ordering"), "{name}");
    }
}
