//! DIMACS files must be valid and self-describing; solver output must be
//! decoded into the right tour or rejected with a precise error.

use rustsat::solvers::SolverResult;
use rustsat::types::Var;

use super::*;
use crate::encode::Connectivity;
use crate::solver::{new_backend, BackendConfig};
use crate::spec::Spec;

fn puzzle(toml: &str) -> Puzzle {
    Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
}

/// One model of each family.
fn puzzles() -> Vec<Puzzle> {
    vec![
        puzzle("name = \"paths\"\nboard = \"5x5\""),
        puzzle("name = \"cycles\"\nboard = \"6x6\"\nclosed = true"),
        puzzle("name = \"numbered\"\nboard = \"5x5\"\n[start]\ncells = [[0, 0]]"),
        puzzle("name = \"quarter\"\nboard = \"6x6\"\nclosed = true\nsymmetry = \"rot90\""),
        puzzle(
            "name = \"numbered quarter\"\nboard = \"6x6\"\nclosed = true\nsymmetry = \"rot90\"\n[start]\ncells = [[0, 0]]",
        ),
    ]
}

fn dimacs_text(puzzle: &Puzzle, options: &EncodeOptions) -> (String, Encoding) {
    let mut out = Vec::new();
    let encoding = write_dimacs(puzzle, options, &mut out).unwrap();
    (String::from_utf8(out).unwrap(), encoding)
}

/// Solves the file's CNF with our own solver and prints the answer the way
/// a competition solver would.
fn solver_output(text: &str) -> String {
    let instance: rustsat::instances::SatInstance =
        rustsat::instances::SatInstance::from_dimacs(&mut text.as_bytes()).unwrap();
    let n_vars = read_dimacs(text).unwrap().n_vars;
    let mut backend = new_backend(&BackendConfig::default()).unwrap();
    for clause in instance.cnf() {
        backend.add_clause(clause.as_ref()).unwrap();
    }
    match backend.solve_under(&[]).unwrap() {
        SolverResult::Sat => {}
        SolverResult::Unsat => return "s UNSATISFIABLE\n".into(),
        SolverResult::Interrupted => return "s UNKNOWN\n".into(),
    }
    let mut out = String::from("c solved by the test\ns SATISFIABLE\n");
    for chunk in (0..n_vars).collect::<Vec<_>>().chunks(10) {
        out.push('v');
        for &i in chunk {
            let value = backend.value(Var::new(i)).unwrap();
            out.push_str(&format!(
                " {}",
                if value {
                    i64::from(i) + 1
                } else {
                    -i64::from(i) - 1
                }
            ));
        }
        out.push('\n');
    }
    out.push_str("v 0\n");
    out
}

#[test]
fn header_records_options_and_size_and_the_file_parses() {
    for p in puzzles() {
        let options = EncodeOptions::default();
        let (text, encoding) = dimacs_text(&p, &options);
        let file = read_dimacs(&text).unwrap();
        assert_eq!(file.n_vars, encoding.n_vars());
        assert_eq!(file.clauses.len(), encoding.cnf().len());
        assert_eq!(file.options, Some(static_options(&p, &options).0));
        assert!(text.contains(&format!("c model: {}", p.name)));
        let instance =
            rustsat::instances::SatInstance::<rustsat::instances::BasicVarManager>::from_dimacs(
                &mut text.as_bytes(),
            )
            .unwrap();
        assert_eq!(instance.n_clauses(), encoding.cnf().len());
    }
}

#[test]
fn header_names_the_symmetry_rule() {
    let options = EncodeOptions::default();
    let symmetry = |p: &Puzzle| {
        let (text, _) = dimacs_text(p, &options);
        let rules = text
            .lines()
            .find(|l| l.contains("required moves:"))
            .unwrap();
        rules
            .split("symmetry: ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let names: Vec<String> = puzzles().iter().map(symmetry).collect();
    assert_eq!(names, ["none", "none", "none", "rot90", "rot90"]);
    let half = puzzle("board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"");
    assert_eq!(symmetry(&half), "rot180");
}

#[test]
fn header_maps_every_primary_variable() {
    for p in puzzles() {
        let (text, encoding) = dimacs_text(&p, &EncodeOptions::default());
        let mapped = text.lines().filter(|l| l.starts_with("c var ")).count();
        assert_eq!(mapped, encoding.primary().len(), "{}", p.name);
    }
    let (text, _) = dimacs_text(&puzzles()[2], &EncodeOptions::default());
    assert!(text.contains("= (0,0) carries 1\n"));
}

#[test]
fn lazy_connectivity_is_replaced_in_static_files() {
    let p = &puzzles()[0];
    let lazy = EncodeOptions {
        connectivity: Connectivity::Lazy,
        ..Default::default()
    };
    let (text, encoding) = dimacs_text(p, &lazy);
    assert_eq!(encoding.options().connectivity, Connectivity::Ordering);
    assert!(text.contains("lazy cuts are impossible in a static file"));
    // The numbering family needs no connectivity, so nothing changes there.
    assert!(!static_options(&puzzles()[2], &lazy).1);
}

#[test]
fn solver_output_round_trips_to_an_accepted_tour() {
    for p in puzzles() {
        let options = EncodeOptions::default();
        let (text, _) = dimacs_text(&p, &options);
        match decode_solver_output(&p, &options, &solver_output(&text)).unwrap() {
            Verdict::Tour(tour) => assert!(p.accepts(&tour), "{}", p.name),
            other => panic!("{}: expected a tour, got {other:?}", p.name),
        }
    }
}

#[test]
fn unsatisfiable_and_unknown_are_verdicts_not_tours() {
    let p = &puzzles()[0];
    let options = EncodeOptions::default();
    let decode = |text: &str| decode_solver_output(p, &options, text).unwrap();
    assert_eq!(decode("c nothing\ns UNSATISFIABLE\n"), Verdict::NoTour);
    assert_eq!(decode("s UNKNOWN\n"), Verdict::Unknown);
}

#[test]
fn impossible_model_file_gives_unsatisfiable_output() {
    // 4x4 has no open tour: the CNF must be UNSAT.
    let p = puzzle("board = \"4x4\"");
    let (text, _) = dimacs_text(&p, &EncodeOptions::default());
    assert_eq!(solver_output(&text), "s UNSATISFIABLE\n");
}

/// A correct output for the paths model, to be damaged by the tests below.
fn good_output() -> (Puzzle, String) {
    let p = puzzles().remove(0);
    let (text, _) = dimacs_text(&p, &EncodeOptions::default());
    let output = solver_output(&text);
    (p, output)
}

fn decode_error(p: &Puzzle, output: &str) -> SolverOutputError {
    decode_solver_output(p, &EncodeOptions::default(), output).unwrap_err()
}

#[test]
fn format_errors_are_named() {
    let (p, good) = good_output();
    let without_status = good.replace("s SATISFIABLE\n", "");
    assert!(matches!(
        decode_error(&p, &without_status),
        SolverOutputError::Format(OutputError::NoStatus)
    ));
    let without_values: String = good
        .lines()
        .filter(|l| !l.starts_with('v'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(matches!(
        decode_error(&p, &without_values),
        SolverOutputError::Format(OutputError::MissingValues)
    ));
    let cut_off = good.replace("v 0\n", "");
    assert!(matches!(
        decode_error(&p, &cut_off),
        SolverOutputError::Format(OutputError::MissingTerminator)
    ));
    assert!(matches!(
        decode_error(&p, "s UNSATISFIABLE\nv 1 0\n"),
        SolverOutputError::Format(OutputError::ValuesWithoutSat { line: 2 })
    ));
    assert!(matches!(
        decode_error(&p, "s SATISFIABLE\nv 1 x 0\n"),
        SolverOutputError::Format(OutputError::BadLiteral { line: 2, .. })
    ));
    assert!(matches!(
        decode_error(&p, "s SATISFIABLE\nv 1 -1 0\n"),
        SolverOutputError::Format(OutputError::Contradiction { line: 2, .. })
    ));
    assert!(matches!(
        decode_error(&p, "s SATISFIABLE\ns SATISFIABLE\n"),
        SolverOutputError::Format(OutputError::SecondStatus { line: 2 })
    ));
    assert!(matches!(
        decode_error(&p, "s MAYBE\n"),
        SolverOutputError::Format(OutputError::UnknownStatus { .. })
    ));
    assert!(matches!(
        decode_error(&p, "s SATISFIABLE\nv 1 0\nv 2 0\n"),
        SolverOutputError::Format(OutputError::ValuesAfterTerminator { line: 3 })
    ));
    assert!(matches!(
        decode_error(&p, "solution found\n"),
        SolverOutputError::Format(OutputError::UnexpectedLine { line: 1, .. })
    ));
    assert!(matches!(
        decode_error(&p, "s SATISFIABLE\nv 99999999999 0\n"),
        SolverOutputError::Format(OutputError::BadLiteral { .. })
    ));
}

#[test]
fn output_for_another_cnf_is_rejected() {
    let (p, good) = good_output();
    let n_vars = Encoding::build(&p, &static_options(&p, &EncodeOptions::default()).0)
        .unwrap()
        .n_vars();
    let extra = good.replace("v 0\n", &format!("v {} 0\n", n_vars + 1));
    assert!(matches!(
        decode_error(&p, &extra),
        SolverOutputError::TooManyVariables { .. }
    ));
    let first_value_line = good.lines().find(|l| l.starts_with("v ")).unwrap();
    let partial = good.replacen(&format!("{first_value_line}\n"), "", 1);
    assert!(matches!(
        decode_error(&p, &partial),
        SolverOutputError::MissingVariables {
            first_missing: 1,
            ..
        }
    ));
}

#[test]
fn a_flipped_value_is_caught_by_the_clauses_not_decoded() {
    let (p, good) = good_output();
    // Flip variable 1 (a primary move variable) and then every other single
    // variable in turn: each flip breaks some clause or the tour is still
    // valid; a wrong tour must never come out.
    let n_vars = i64::from(
        read_dimacs(&dimacs_text(&p, &EncodeOptions::default()).0)
            .unwrap()
            .n_vars,
    );
    let mut rejected = 0;
    for var in 1..=n_vars {
        let flipped: String = good
            .lines()
            .map(|line| flip_in_line(line, var))
            .collect::<Vec<_>>()
            .join("\n");
        match decode_solver_output(&p, &EncodeOptions::default(), &flipped) {
            Ok(Verdict::Tour(tour)) => assert!(p.accepts(&tour)),
            Ok(other) => panic!("unexpected verdict {other:?}"),
            Err(SolverOutputError::UnsatisfiedClause { .. }) => rejected += 1,
            Err(other) => panic!("flip of {var}: unexpected error {other}"),
        }
    }
    assert!(rejected > 0);
}

fn flip_in_line(line: &str, var: i64) -> String {
    if !line.starts_with("v ") {
        return line.to_string();
    }
    line.split_whitespace()
        .map(|token| match token.parse::<i64>() {
            Ok(lit) if lit.abs() == var => (-lit).to_string(),
            _ => token.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn header_errors_are_named() {
    let foreign = read_dimacs("p cnf 3 1\n1 2 0\n").unwrap();
    assert!(matches!(
        encoding_of_file(&puzzles()[0], &foreign),
        Err(CnfMismatch::NoOptions)
    ));
    assert_eq!(
        read_dimacs(
            "c knights-options {\"connectivity\":\"lazy\",\"pb_encoding\":\"gte\"}\np cnf x\n"
        ),
        Err(DimacsReadError::BadProblemLine { line: 2 })
    );
    assert!(matches!(
        read_dimacs("c knights-options {oops}\n"),
        Err(DimacsReadError::BadOptions { line: 1, .. })
    ));
}

#[test]
fn minisat_result_files_are_read() {
    let sat = parse_solver_output("SAT\n1 -2 3 0\n").unwrap();
    let SolverAnswer::Satisfiable(values) = sat else {
        panic!("not SAT: {sat:?}")
    };
    assert_eq!(
        (values.value(0), values.value(1), values.value(2)),
        (Some(true), Some(false), Some(true))
    );
    assert_eq!(
        parse_solver_output("UNSAT\n").unwrap(),
        SolverAnswer::Unsatisfiable
    );
    assert_eq!(
        parse_solver_output("INDET\n").unwrap(),
        SolverAnswer::Unknown
    );
    // Bare literals are only read after MiniSat's bare status line.
    assert!(matches!(
        parse_solver_output("1 -2 0\n"),
        Err(OutputError::UnexpectedLine { .. })
    ));
    assert!(matches!(
        parse_solver_output("UNSAT\n1 0\n"),
        Err(OutputError::ValuesWithoutSat { .. })
    ));
}

mod round_trip {
    use super::*;
    use proptest::prelude::*;

    /// Small models of every family: paths, cycles, numbered tours with an end cell.
    fn small_model() -> impl Strategy<Value = Puzzle> {
        (
            3usize..=5,
            3usize..=6,
            any::<bool>(),
            prop::option::of(0usize..4),
        )
            .prop_map(|(rows, cols, closed, start)| {
                let mut text = format!("board = \"{rows}x{cols}\"\nclosed = {closed}\n");
                if let Some(col) = start {
                    text.push_str(&format!("[start]\ncells = [[0, {}]]\n", col % cols));
                }
                puzzle(&text)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// write -> read gives the same clauses, the same variables and the same options,
        /// and the file is recognised as the model's own encoding.
        #[test]
        fn a_written_cnf_reads_back_clause_for_clause(p in small_model()) {
            let options = EncodeOptions::default();
            let (text, encoding) = dimacs_text(&p, &options);
            let file = read_dimacs(&text).unwrap();
            prop_assert_eq!(file.n_vars, encoding.n_vars());
            let clauses: Vec<Vec<i32>> = encoding
                .cnf()
                .iter()
                .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
                .collect();
            prop_assert_eq!(&file.clauses, &clauses);
            prop_assert_eq!(file.options, Some(static_options(&p, &options).0));
            prop_assert!(encoding_of_file(&p, &file).is_ok());
        }
    }
}

/// The variables the `c p show` line names.
fn shown_variables(text: &str) -> Vec<u32> {
    let line = text.lines().find(|l| l.starts_with("c p show ")).unwrap();
    let numbers = line["c p show ".len()..].split_whitespace();
    let numbers: Vec<u32> = numbers.map(|n| n.parse().unwrap()).collect();
    assert_eq!(numbers.last(), Some(&0), "{line}");
    numbers[..numbers.len() - 1].to_vec()
}

/// A projected model count by enumeration: every model of the file's CNF, each blocked on
/// the shown variables only, so each distinct value of them is counted once. Each model is
/// decoded and verified; returns the count and whether the tours decoded were all distinct.
fn projected_count(puzzle: &Puzzle, text: &str) -> (usize, bool) {
    let shown = shown_variables(text);
    let instance: rustsat::instances::SatInstance =
        rustsat::instances::SatInstance::from_dimacs(&mut text.as_bytes()).unwrap();
    let mut backend = new_backend(&BackendConfig::default()).unwrap();
    for clause in instance.cnf() {
        backend.add_clause(clause.as_ref()).unwrap();
    }
    let file = read_dimacs(text).unwrap();
    let encoding = encoding_of_file(puzzle, &file).unwrap();
    let mut tours = std::collections::HashSet::new();
    let mut count = 0;
    while backend.solve_under(&[]).unwrap() == SolverResult::Sat {
        let mut block = Vec::new();
        let mut answer = String::from("s SATISFIABLE\nv");
        for i in 0..file.n_vars {
            let value = backend.value(Var::new(i)).unwrap();
            let dimacs = i64::from(i) + 1;
            answer.push_str(&format!(" {}", if value { dimacs } else { -dimacs }));
        }
        answer.push_str(" 0\n");
        let Verdict::Tour(tour) = decode_with_encoding(puzzle, &encoding, &answer).unwrap() else {
            panic!("a model that is not a tour");
        };
        tours.insert(tour.order().to_vec());
        for &v in &shown {
            // `lit(negated)`: the literal false under the model, which the next must make true.
            let value = backend.value(Var::new(v - 1)).unwrap();
            block.push(Var::new(v - 1).lit(value));
        }
        backend.add_clause(&block).unwrap();
        count += 1;
    }
    (count, tours.len() == count)
}

#[test]
fn the_shown_variables_project_the_models_onto_the_tours() {
    let models = [
        puzzle("name = \"paths\"\nboard = \"3x4\""),
        puzzle("name = \"cycles\"\nboard = \"3x10\"\nclosed = true"),
        puzzle("name = \"numbered\"\nboard = \"3x4\"\n[start]\ncells = [[0, 0]]"),
    ];
    for p in models {
        let (text, encoding) = dimacs_text(&p, &EncodeOptions::default());
        assert_eq!(shown_variables(&text).len(), encoding.primary().len());
        let (count, distinct) = projected_count(&p, &text);
        let limits = crate::run::Limits::default();
        let expected = crate::sat::count(&p, &crate::sat::SatOptions::default(), &limits);
        assert_eq!(count as u64, expected.unwrap().solutions, "{}", p.name);
        assert!(
            distinct,
            "{}: two projected models decode to one tour",
            p.name
        );
    }
}
