//! Encoding-level checks: pruning, decoding errors, blocking and cut clauses.

use super::numbering::number_domains;
use super::*;
use crate::spec::Spec;

fn puzzle(toml: &str) -> Puzzle {
    Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
}

fn build(toml: &str) -> Encoding {
    Encoding::build(&puzzle(toml), &EncodeOptions::default()).unwrap()
}

#[test]
fn family_follows_the_solution_kind() {
    assert_eq!(build("board = \"5x5\"").family(), VariableFamily::Moves);
    assert_eq!(
        build("board = \"6x6\"\nclosed = true").family(),
        VariableFamily::Edges
    );
    let numbered = build("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
    assert_eq!(numbered.family(), VariableFamily::Numbering);
    assert!(!numbered.needs_subtour_cuts());
}

#[test]
fn corner_start_fixes_parity_and_distance() {
    let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
    let domains = number_domains(&p);
    assert_eq!(domains.start_colour, Some(p.board.colour(0)));
    assert_eq!(domains.allowed[0].first(), Some(&1));
    // Number 1 only on the start; number 2 only a knight's move away.
    let carrying = |k: u32| {
        (0..25)
            .filter(|&c| domains.allowed[c].contains(&k))
            .collect::<Vec<_>>()
    };
    assert_eq!(carrying(1), vec![0]);
    assert_eq!(carrying(2), p.board.neighbours(0).to_vec());
    assert!(domains.dropped_by_parity > 0 && domains.dropped_by_distance > 0);
    // Every cell keeps a number and every number a cell.
    assert!(domains.allowed.iter().all(|d| !d.is_empty()));
}

#[test]
fn closed_tour_with_fixed_start_puts_the_last_number_next_to_it() {
    let p = puzzle("board = \"6x6\"\nclosed = true\n[start]\ncells = [[0, 0]]");
    let domains = number_domains(&p);
    let last: Vec<usize> = (0..36)
        .filter(|&c| domains.allowed[c].contains(&36))
        .collect();
    assert_eq!(last, p.board.neighbours(0).to_vec());
}

#[test]
fn balanced_colours_without_one_coloured_ends_leave_parity_open() {
    // Starts in column 0 and ends in column 7 use both colours.
    let p = puzzle("board = \"8x8\"\n[start]\ncols = [0]\n[end]\ncols = [-1]");
    assert_eq!(number_domains(&p).start_colour, None);
    // An odd board forces number 1 onto the majority colour.
    let odd = puzzle("board = \"5x5\"\n[start]\nrows = [0, 1, 2, 3, 4]");
    assert_eq!(number_domains(&odd).start_colour, Some(0));
}

#[test]
fn primary_variables_are_the_family_variables() {
    let paths = build("board = \"5x5\"");
    // 96 directed moves on 5x5, plus 25 starts and 25 ends.
    assert_eq!(paths.primary().len(), 96 + 50);
    let cycles = build("board = \"6x6\"\nclosed = true");
    assert_eq!(cycles.primary().len(), 80);
    let vars = cycles.primary_vars();
    assert!(vars.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn decoding_refuses_a_cell_with_two_numbers() {
    let encoding = build("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
    let numbers = encoding.numbers.as_ref().unwrap();
    let two = [
        numbers.var(0, 1).unwrap(),
        numbers.var(0, 25).unwrap_or(numbers.var(0, 3).unwrap()),
    ];
    let err = encoding.decode(|v| two.contains(&v)).unwrap_err();
    assert!(matches!(err, DecodeError::NumbersPerCell { count: 2, .. }));
}

#[test]
fn decoding_refuses_moves_that_are_not_a_path() {
    let encoding = build("board = \"5x5\"");
    // Nothing chosen: cell (0,0) has no successor.
    let err = encoding.decode(|_| false).unwrap_err();
    assert!(matches!(err, DecodeError::MovesPerCell { count: 0, .. }));
    let cycles = build("board = \"6x6\"\nclosed = true");
    let err = cycles.decode(|_| true).unwrap_err();
    assert!(matches!(err, DecodeError::EdgesPerCell { .. }));
}

#[test]
fn blocking_clause_negates_exactly_the_tour() {
    let p = puzzle("board = \"5x5\"");
    let encoding = Encoding::build(&p, &EncodeOptions::default()).unwrap();
    let tour = crate::tour::text::parse(
        "1 14 9 20 3\n24 19 2 15 10\n13 8 25 4 21\n18 23 6 11 16\n7 12 17 22 5\n",
    )
    .unwrap();
    assert!(p.accepts(&tour));
    let clause = encoding.blocking_clause(&tour).unwrap();
    // 24 moves, a start and an end, all negated.
    assert_eq!(clause.len(), 26);
    assert!(clause.iter().all(|l| l.is_neg()));
    let chosen: Vec<_> = clause.iter().map(|l| l.var()).collect();
    let decoded = encoding.decode(|v| chosen.contains(&v)).unwrap();
    assert_eq!(decoded, Decoded::Tour(tour));
}

#[test]
fn a_tour_on_a_pruned_pair_is_unrepresentable() {
    let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]");
    let encoding = Encoding::build(&p, &EncodeOptions::default()).unwrap();
    // Starts in the centre: number 1 on (2,2) was pruned.
    let tour = crate::tour::text::parse(
        "1 14 9 20 3\n24 19 2 15 10\n13 8 25 4 21\n18 23 6 11 16\n7 12 17 22 5\n",
    )
    .unwrap()
    .reversed();
    assert!(matches!(
        encoding.blocking_clause(&tour),
        Err(EncodeError::Unrepresentable(_))
    ));
}

#[test]
fn cut_for_a_cycle_lists_the_edges_leaving_it() {
    let encoding = build("board = \"6x6\"\nclosed = true");
    let p = puzzle("board = \"6x6\"\nclosed = true");
    let inside = [0usize, 8, 13];
    let cut = encoding.subtour_cut(&inside);
    let expected: usize = inside
        .iter()
        .map(|&c| {
            p.board
                .neighbours(c)
                .iter()
                .filter(|n| !inside.contains(n))
                .count()
        })
        .sum();
    assert_eq!(cut.len(), expected);
    assert!(cut.iter().all(|l| l.is_pos()));
}

#[test]
fn two_cell_cycles_are_refused_and_huge_boards_too() {
    let tiny = puzzle("board = \"1x2\"\nleaper = [0, 1]\nclosed = true");
    assert!(matches!(
        Encoding::build(&tiny, &EncodeOptions::default()),
        Err(EncodeError::TooFewCellsForCycle(2))
    ));
    let huge = puzzle("board = \"200x200\"\n[start]\ncells = [[0, 0]]");
    assert!(matches!(
        Encoding::build(&huge, &EncodeOptions::default()),
        Err(EncodeError::TooLarge { .. })
    ));
}

#[test]
fn rot180_blocking_clause_keeps_one_edge_per_half_turn_pair() {
    let p = puzzle("board = \"8x8\"\nclosed = true\nsymmetry = \"rot180\"");
    let encoding = Encoding::build(&p, &EncodeOptions::default()).unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tours/near-magic-closed-centrosymmetric.txt"
    );
    let tour = crate::tour::text::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(p.accepts(&tour));
    let clause = encoding.blocking_clause(&tour).unwrap();
    // 64 edges in half-turn pairs (an 8x8 knight move is never its own image).
    assert_eq!(clause.len(), 32);
}
