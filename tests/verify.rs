//! The independent verifier on the reference tours, on mutated copies of them, and against
//! `Puzzle::accepts` on random tours and random models: the two are written separately, so
//! agreement on many random cases makes both trustworthy.

use crate::common::load::{model, tour};
use knights::board::{Board, Cell, Leaper, Shape};
use knights::puzzle::{
    angle_cells, AngleBound, AngleCounts, AngleKind, Equivalence, LineSum, Puzzle, Symmetry,
};
use knights::spec::Spec;
use knights::symmetry::half_turn;
use knights::tour::Closure;
use knights::tour::Tour;
use knights::verify::{verify, Violation};
use proptest::prelude::*;

/// The tour with numbers `a` and `b` trading cells.
fn swapped(t: &Tour, a: u32, b: u32) -> Tour {
    let mut numbers = t.numbers();
    let i = numbers.iter().position(|&k| k == a).unwrap();
    let j = numbers.iter().position(|&k| k == b).unwrap();
    numbers.swap(i, j);
    Tour::from_numbers(t.shape(), &numbers).unwrap()
}

fn messages(puzzle: &Puzzle, t: &Tour) -> Vec<String> {
    verify(puzzle, t)
        .iter()
        .map(std::string::ToString::to_string)
        .collect()
}

#[test]
fn nested_semimagic_reference_tours_pass() {
    let puzzle = model("nested-semimagic");
    for i in 1..=8 {
        let t = tour(&format!("nested-semimagic-{i}"));
        assert_eq!(messages(&puzzle, &t), Vec::<String>::new(), "tour {i}");
    }
}

#[test]
fn nested_semimagic_with_1_and_2_swapped_breaks_start_moves_and_sums() {
    // 1 moves to (0,1), outside the leftmost column; 2 to (2,0), which is a leap from (0,1)
    // but not from 3 at (1,3); four lines gain 1 and four lose 1.
    let t = swapped(&tour("nested-semimagic-1"), 1, 2);
    assert_eq!(
        messages(&model("nested-semimagic"), &t),
        vec![
            "move 2 -> 3 from (2,0) to (1,3) is not a 1,2 leap",
            "starts at (0,1), which is not an allowed start cell",
            "row 0 sums to 259, not 260",
            "row 2 sums to 261, not 260",
            "column 0 sums to 261, not 260",
            "column 1 sums to 259, not 260",
            "left half of row 0 sums to 129, not 130",
            "left half of row 2 sums to 131, not 130",
            "top half of column 0 sums to 131, not 130",
            "top half of column 1 sums to 129, not 130",
        ]
    );
}

#[test]
fn nested_semimagic_reversed_breaks_start_and_end() {
    let t = tour("nested-semimagic-1").reversed();
    let found = verify(&model("nested-semimagic"), &t);
    let rules: Vec<&str> = found.iter().map(Violation::rule).collect();
    assert_eq!(rules, vec!["start", "end"], "{found:?}");
    assert_eq!(
        found[1].to_string(),
        "ends (64) at (2,0), which is not an allowed end cell"
    );
}

#[test]
fn seed_002_tour_is_semimagic_and_centrosymmetric_but_not_magic() {
    let t = tour("near-magic-closed-centrosymmetric");
    assert!(verify(&model("semimagic-closed-centrosymmetric"), &t).is_empty());
    assert!(verify(&model("closed-8x8-rot180"), &t).is_empty());
    assert_eq!(
        messages(&model("magic-closed-centrosymmetric"), &t),
        vec![
            "diagonal 1 sums to 264, not 260",
            "diagonal 2 sums to 256, not 260"
        ]
    );
}

/// Of the 78 closed 6x6 tours the half turn maps onto themselves, the verifier passes under
/// rot90 exactly those the quarter turn maps onto themselves too (Jelliss counts 10 such
/// tours), and names the quarter turn for every other.
#[test]
fn the_quarter_turn_picks_10_of_the_78_half_turn_tours_of_6x6() {
    let half = crate::common::load::puzzle("board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"");
    let quarter =
        crate::common::load::puzzle("board = \"6x6\"\nclosed = true\nsymmetry = \"rot90\"");
    let found = std::sync::Mutex::new(Vec::new());
    let sink = |class: knights::run::Class| found.lock().unwrap().extend(class.members);
    let options = knights::search::SearchOptions::default();
    let limits = knights::run::Limits::default();
    knights::search::enumerate(&half, &options, &limits, &sink, &|_| {}).unwrap();
    let tours = found.into_inner().unwrap();
    assert_eq!(tours.len(), 78);
    let mut passed = 0;
    for t in &tours {
        let found = messages(&quarter, t);
        assert!(verify(&half, t).is_empty());
        if found.is_empty() {
            passed += 1;
        } else {
            assert!(
                found
                    .iter()
                    .all(|m| m.starts_with("not symmetric under the quarter turn")),
                "{found:?}"
            );
        }
    }
    assert_eq!(passed, 10);
    assert!(verify(&quarter, &tour("quarter-turn-6x6")).is_empty());
}

#[test]
fn seed_002_tour_with_5_and_6_swapped_loses_its_symmetry() {
    let t = swapped(&tour("near-magic-closed-centrosymmetric"), 5, 6);
    assert_eq!(
        messages(&model("semimagic-closed-centrosymmetric"), &t),
        vec![
            "move 4 -> 5 from (2,3) to (5,2) is not a 1,2 leap",
            "move 6 -> 7 from (4,4) to (4,0) is not a 1,2 leap",
            "row 4 sums to 261, not 260",
            "row 5 sums to 259, not 260",
            "column 2 sums to 259, not 260",
            "column 4 sums to 261, not 260",
            "not symmetric under the half turn: move (2,3)-(5,2) maps to (5,4)-(2,5), which the tour does not make",
            "not symmetric under the half turn: move (4,0)-(4,4) maps to (3,7)-(3,3), which the tour does not make",
            "not symmetric under the half turn: move (3,3)-(5,4) maps to (4,4)-(2,3), which the tour does not make",
            "not symmetric under the half turn: move (2,5)-(3,7) maps to (5,2)-(4,0), which the tour does not make",
        ]
    );
}

#[test]
fn seed_002_tour_with_1_and_33_swapped_stays_symmetric_but_does_not_close() {
    // 1 at (0,2) and 33 at (7,5) are images under the half turn: swapping them keeps the set
    // of moves symmetric, but breaks three moves and the closing one.
    let t = swapped(&tour("near-magic-closed-centrosymmetric"), 1, 33);
    let found = verify(&model("semimagic-closed-centrosymmetric"), &t);
    let rules: Vec<&str> = found.iter().map(Violation::rule).collect();
    assert_eq!(
        rules,
        vec!["move", "move", "move", "closed", "sum", "sum", "sum", "sum"]
    );
    assert_eq!(
        found[3].to_string(),
        "the tour is not closed: 64 at (1,4) is not a 1,2 leap from 1 at (7,5)"
    );
    assert_eq!(found[4].to_string(), "row 0 sums to 292, not 260");
}

#[test]
fn seed_002_tour_lacks_a_required_move() {
    let mut spec = Spec::from_toml(
        "board = \"8x8\"\nclosed = true\nrequired_moves = [[[0, 0], [1, 2]], [[3, 3], [1, 2]]]\n",
        "test",
    )
    .unwrap();
    spec.name = Some("required".into());
    let puzzle = Puzzle::from_spec(&spec).unwrap();
    let t = tour("near-magic-closed-centrosymmetric");
    assert_eq!(
        messages(&puzzle, &t),
        vec!["required move (1,2)-(3,3) is not made"]
    );
}

#[test]
fn cube_tour_passes_and_its_mutations_fail() {
    let puzzle = model("cube-4x4x4-closed");
    let t = tour("cube-4x4x4");
    assert!(verify(&puzzle, &t).is_empty());
    assert!(verify(&model("cube-4x4x4-open"), &t).is_empty());
    // 1 and 64 are a leap apart, so swapping them keeps the closing move but breaks two others.
    assert_eq!(
        messages(&puzzle, &swapped(&t, 1, 64)),
        vec![
            "move 1 -> 2 from (2,3,3) to (1,1,2) is not a 1,2 leap",
            "move 63 -> 64 from (0,3,2) to (3,1,3) is not a 1,2 leap",
        ]
    );
    assert_eq!(
        messages(&puzzle, &swapped(&t, 1, 2)),
        vec![
            "move 2 -> 3 from (3,1,3) to (1,2,0) is not a 1,2 leap",
            "the tour is not closed: 64 at (2,3,3) is not a 1,2 leap from 1 at (1,1,2)",
        ]
    );
}

#[test]
fn beverley_tour_passes_semimagic_and_fails_when_mutated() {
    let puzzle = model("semimagic");
    let t = tour("semimagic-beverley-1848");
    assert!(verify(&puzzle, &t).is_empty());
    assert_eq!(
        messages(&puzzle, &swapped(&t, 1, 64)),
        vec![
            "move 1 -> 2 from (7,2) to (1,2) is not a 1,2 leap",
            "move 63 -> 64 from (6,0) to (0,0) is not a 1,2 leap",
            "row 0 sums to 323, not 260",
            "row 7 sums to 197, not 260",
            "column 0 sums to 323, not 260",
            "column 2 sums to 197, not 260",
        ]
    );
    // Beverley's tour is open and not centrosymmetric.
    let rules: Vec<&str> = verify(&model("semimagic-closed-centrosymmetric"), &t)
        .iter()
        .map(Violation::rule)
        .collect();
    assert!(rules.contains(&"closed") && rules.contains(&"symmetry"));
    assert!(!rules.contains(&"sum") && !rules.contains(&"move"));
}

#[test]
fn open_5x5_tour_passes_and_fails_when_mutated() {
    let puzzle = model("open-5x5");
    let t = tour("open-5x5");
    assert!(verify(&puzzle, &t).is_empty());
    assert_eq!(
        messages(&puzzle, &swapped(&t, 1, 25)),
        vec![
            "move 1 -> 2 from (3,3) to (3,2) is not a 1,2 leap",
            "move 24 -> 25 from (1,4) to (4,4) is not a 1,2 leap",
        ]
    );
}

#[test]
fn a_tour_on_another_board_is_named() {
    assert_eq!(
        messages(&model("magic-closed-centrosymmetric"), &tour("open-5x5")),
        vec!["the tour is on 5x5 but the model's board is 8x8"]
    );
    assert_eq!(
        messages(&model("open-5x5"), &tour("cube-4x4x4")),
        vec!["the tour is on 4x4x4 but the model's board is 5x5"]
    );
}

// ---------------------------------------------------------------------------------------
// Cross-check against `Puzzle::accepts` on random cases.

/// A small deterministic generator (splitmix64), so a failing case is just its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

const SHAPES: &[&str] = &[
    "3x4", "3x7", "4x5", "5x5", "5x6", "6x6", "6x5", "8x8", "1x1", "2x3", "2x3x4", "3x4x4",
    "4x4x4", "3x3x3",
];

const LEAPERS: &[Leaper] = &[
    Leaper::KNIGHT,
    Leaper::KNIGHT,
    Leaper::KNIGHT,
    Leaper { a: 0, b: 1 },
    Leaper { a: 1, b: 1 },
    Leaper { a: 1, b: 3 },
];

/// A legal random walk that covers the board: Warnsdorff's rule with random ties, a few
/// tries. `None` when every try got stuck.
fn random_walk_tour(board: &Board, rng: &mut Rng) -> Option<Vec<Cell>> {
    let n = board.n_cells();
    for _ in 0..20 {
        let mut seen = vec![false; n];
        let mut cell = rng.below(n);
        let mut order = vec![cell];
        seen[cell] = true;
        while order.len() < n {
            let free =
                |c: Cell, seen: &[bool]| board.neighbours(c).iter().filter(|&&d| !seen[d]).count();
            let mut options: Vec<Cell> = board
                .neighbours(cell)
                .iter()
                .copied()
                .filter(|&d| !seen[d])
                .collect();
            if options.is_empty() {
                break;
            }
            rng.shuffle(&mut options);
            let next = *options
                .iter()
                .min_by_key(|&&d| free(d, &seen))
                .expect("non-empty");
            seen[next] = true;
            order.push(next);
            cell = next;
        }
        if order.len() == n {
            return Some(order);
        }
    }
    None
}

/// A legal random walk that covers the board and is its own image under the half turn: a
/// walk over one cell of each pair {c, half turn of c}, then the cell the half turn fixes (if
/// any), then the images of the walk, backwards or forwards. `None` when every try got stuck.
fn random_symmetric_tour(board: &Board, rng: &mut Rng) -> Option<Vec<Cell>> {
    let turn = half_turn(board.shape()).perm;
    let n = board.n_cells();
    let fixed: Vec<Cell> = (0..n).filter(|&c| turn[c] == c).collect();
    if fixed.len() > 1 {
        return None;
    }
    let target = (n - fixed.len()) / 2;
    for _ in 0..40 {
        let start = rng.below(n);
        if turn[start] == start {
            continue;
        }
        let mut used = vec![false; n];
        used[start] = true;
        used[turn[start]] = true;
        let mut half = vec![start];
        while half.len() < target {
            let cell = *half.last().expect("non-empty");
            let mut options: Vec<Cell> = board
                .neighbours(cell)
                .iter()
                .copied()
                .filter(|&d| !used[d] && turn[d] != d)
                .collect();
            if options.is_empty() {
                break;
            }
            rng.shuffle(&mut options);
            let free = |c: Cell| board.neighbours(c).iter().filter(|&&d| !used[d]).count();
            let next = *options.iter().min_by_key(|&&d| free(d)).expect("non-empty");
            used[next] = true;
            used[turn[next]] = true;
            half.push(next);
        }
        if half.len() < target {
            continue;
        }
        let last = *half.last().expect("non-empty");
        let mut order = half.clone();
        match fixed.first() {
            // Through the fixed centre and back along the images: k -> n + 1 - k.
            Some(&m) if board.is_move(last, m) => order.push(m),
            Some(_) => continue,
            // Straight across to the image of the last cell, back along the images.
            None if board.is_move(last, turn[last]) => {}
            // Across to the image of the first cell, the images in the same direction: a
            // closed tour turned by half its length (the only kind on even boards).
            None if board.is_move(last, turn[start]) => {
                order.extend(half.iter().map(|&c| turn[c]));
                return Some(order);
            }
            None => continue,
        }
        order.extend(half.iter().rev().map(|&c| turn[c]));
        return Some(order);
    }
    None
}

/// A random tour, usually legal (half of those closed where it could find one, some
/// centrosymmetric), sometimes damaged, sometimes a plain permutation.
fn random_tour(board: &Board, rng: &mut Rng) -> Tour {
    let shape = board.shape();
    let n = shape.n_cells();
    let want_closed = rng.chance(1, 2);
    let walk = if rng.chance(1, 3) {
        random_symmetric_tour(board, rng)
    } else {
        let mut walk = random_walk_tour(board, rng);
        for _ in 0..10 {
            match &walk {
                Some(w) if want_closed && !board.is_move(w[n - 1], w[0]) => {
                    walk = random_walk_tour(board, rng);
                }
                _ => break,
            }
        }
        walk
    };
    let mut order = match walk {
        Some(order) if !rng.chance(1, 8) => order,
        _ => {
            let mut order: Vec<Cell> = shape.cells().collect();
            rng.shuffle(&mut order);
            order
        }
    };
    if n >= 2 {
        match rng.below(8) {
            0 => {
                let (i, j) = (rng.below(n), rng.below(n));
                order.swap(i, j);
            }
            1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                order[i.min(j)..=i.max(j)].reverse();
            }
            2 => {
                let k = rng.below(n);
                order.rotate_left(k);
            }
            3 => order.reverse(),
            _ => {}
        }
    }
    Tour::new(shape, order).unwrap()
}

/// The tour's undirected moves, closing one included.
fn made_moves(t: &Tour) -> Vec<(Cell, Cell)> {
    let order = t.order();
    let n = order.len();
    (0..n)
        .map(|k| {
            let (a, b) = (order[k], order[(k + 1) % n]);
            (a.min(b), a.max(b))
        })
        .filter(|(a, b)| a != b)
        .collect()
}

/// A random model on the tour's board whose rules the tour meets about half the time each.
fn random_puzzle(board: Board, t: &Tour, rng: &mut Rng) -> Puzzle {
    let shape = board.shape();
    let n = shape.n_cells();
    let cells: Vec<Cell> = shape.cells().collect();
    let subset = |must: Option<Cell>, rng: &mut Rng| {
        let mut s: Vec<Cell> = cells.iter().copied().filter(|_| rng.chance(1, 3)).collect();
        if let Some(c) = must {
            s.push(c);
        }
        if s.is_empty() {
            s.push(rng.below(n));
        }
        s.sort_unstable();
        s.dedup();
        s
    };
    let starts = rng
        .chance(1, 3)
        .then(|| subset(rng.chance(1, 2).then(|| t.first()), rng));
    let ends = rng
        .chance(1, 3)
        .then(|| subset(rng.chance(1, 2).then(|| t.last()), rng));
    let numbers = t.numbers();
    let mut sums = Vec::new();
    for i in 0..rng.below(4) {
        let line = subset(None, rng);
        let actual: u64 = line.iter().map(|&c| u64::from(numbers[c])).sum();
        let target = match rng.below(4) {
            0 => actual + 1 + rng.below(3) as u64,
            1 => actual.saturating_sub(1 + rng.below(3) as u64),
            _ => actual,
        };
        sums.push(LineSum {
            name: format!("line {i}"),
            cells: line,
            target,
        });
    }
    let mut required = Vec::new();
    let made = made_moves(t);
    let all = board.moves();
    for _ in 0..rng.below(3) {
        if rng.chance(1, 2) && !made.is_empty() {
            required.push(made[rng.below(made.len())]);
        } else if !all.is_empty() {
            required.push(all[rng.below(all.len())]);
        }
    }
    required.sort_unstable();
    required.dedup();
    let square = !shape.solid && shape.rows == shape.cols;
    let rot90 = square && rng.chance(1, 4);
    let closed = rng.chance(1, 2);
    let angles = random_angle_bounds(shape, t, closed, rng);
    Puzzle {
        name: "random".into(),
        closed: Closure::from(closed),
        starts,
        ends,
        givens: Vec::new(),
        sums,
        // The draw for the half turn is made only without the quarter turn, as it always was,
        // so that a seed keeps giving the same puzzles.
        symmetry: if rot90 {
            Symmetry::QuarterTurn
        } else if rng.chance(1, 3) {
            Symmetry::HalfTurn
        } else {
            Symmetry::None
        },
        angles,
        required,
        equivalence: Equivalence {
            board: true,
            reverse: false,
        },
        board,
    }
}

/// Up to two angle bounds, each around the tour's own count of its kind, so that about half
/// of them hold.
fn random_angle_bounds(shape: Shape, t: &Tour, closed: bool, rng: &mut Rng) -> Vec<AngleBound> {
    let kinds = AngleKind::ALL;
    let counts = AngleCounts::of(shape, t.order(), Closure::from(closed));
    let cells = angle_cells(shape.n_cells(), Closure::from(closed));
    let mut bounds = Vec::new();
    for _ in 0..rng.below(3) {
        let kind = kinds[rng.below(kinds.len())];
        let actual = counts.count(kind);
        let (at_least, at_most) = match rng.below(4) {
            0 => (actual + 1, cells.max(actual + 1)),
            1 => (0, actual.saturating_sub(1)),
            2 => (actual, actual),
            _ => (
                actual.saturating_sub(rng.below(3)),
                (actual + rng.below(3)).min(cells),
            ),
        };
        bounds.push(AngleBound {
            kind,
            at_least,
            at_most,
        });
    }
    bounds
}

/// One random case: a tour and a model, from a seed.
fn case(seed: u64) -> (Puzzle, Tour) {
    let mut rng = Rng(seed);
    if rng.chance(1, 10) {
        // A reference tour (the seed 002 tour is centrosymmetric) against a random model.
        let names = [
            "near-magic-closed-centrosymmetric",
            "cube-4x4x4",
            "open-5x5",
            "nested-semimagic-5",
            "quarter-turn-6x6",
        ];
        let t = tour(names[rng.below(names.len())]);
        let t = if rng.chance(1, 2) {
            t
        } else {
            let n = t.len();
            let mut order = t.order().to_vec();
            order.swap(rng.below(n), rng.below(n));
            Tour::new(t.shape(), order).unwrap()
        };
        let board = Board::knight(t.shape());
        let puzzle = random_puzzle(board, &t, &mut rng);
        return (puzzle, t);
    }
    let shape = Shape::parse(SHAPES[rng.below(SHAPES.len())]).unwrap();
    let leaper = LEAPERS[rng.below(LEAPERS.len())];
    let board = Board::new(shape, leaper);
    let t = random_tour(&board, &mut rng);
    if rng.chance(1, 20) {
        // The model is on another board of the same size.
        let other = Shape::flat(shape.n_cells(), 1);
        let puzzle = random_puzzle(
            Board::new(other, leaper),
            &Tour::new(other, t.order().to_vec()).unwrap(),
            &mut rng,
        );
        return (puzzle, t);
    }
    let puzzle = random_puzzle(board, &t, &mut rng);
    (puzzle, t)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn verify_agrees_with_accepts(seed in any::<u64>()) {
        let (puzzle, t) = case(seed);
        let found = verify(&puzzle, &t);
        prop_assert_eq!(found.is_empty(), puzzle.accepts(&t), "{:?}", found);
    }

    #[test]
    fn a_random_permutation_passes_exactly_when_accepted(
        seed in any::<u64>(),
        shape in prop::sample::select(vec!["3x4", "5x5", "2x3x4"]),
    ) {
        let shape = Shape::parse(shape).unwrap();
        let mut rng = Rng(seed);
        let mut order: Vec<Cell> = shape.cells().collect();
        rng.shuffle(&mut order);
        let t = Tour::new(shape, order).unwrap();
        let puzzle = random_puzzle(Board::knight(shape), &t, &mut rng);
        prop_assert_eq!(verify(&puzzle, &t).is_empty(), puzzle.accepts(&t));
    }
}

/// The random cases reach both answers and every rule, so the agreement above means
/// something.
#[test]
fn random_cases_cover_every_rule() {
    let mut accepted = 0;
    let mut passed_with = std::collections::BTreeMap::new();
    let mut rules = std::collections::BTreeSet::new();
    for seed in 0..5000 {
        let (puzzle, t) = case(seed);
        let found = verify(&puzzle, &t);
        assert_eq!(
            found.is_empty(),
            puzzle.accepts(&t),
            "seed {seed}: {found:?}"
        );
        if found.is_empty() {
            accepted += 1;
            let features = [
                ("closed", puzzle.closed.is_closed()),
                ("starts", puzzle.starts.is_some()),
                ("ends", puzzle.ends.is_some()),
                ("sums", !puzzle.sums.is_empty()),
                ("rot180", puzzle.symmetry.has_half_turn()),
                ("required", !puzzle.required.is_empty()),
                ("box", t.shape().solid),
                ("leaper", puzzle.board.leaper() != Leaper::KNIGHT),
                ("angles", !puzzle.angles.is_empty()),
            ];
            for (name, on) in features {
                if on {
                    *passed_with.entry(name).or_insert(0) += 1;
                }
            }
        }
        rules.extend(found.iter().map(Violation::rule));
    }
    eprintln!("{accepted} accepted; with {passed_with:?}");
    assert!(accepted >= 100, "only {accepted} accepted cases");
    for (name, count) in &passed_with {
        assert!(*count >= 10, "only {count} accepted cases with {name}");
    }
    assert_eq!(passed_with.len(), 9, "{passed_with:?}");
    let want = [
        "board", "move", "closed", "start", "end", "sum", "symmetry", "required", "angles",
    ];
    for rule in want {
        assert!(rules.contains(rule), "no case breaks {rule}: {rules:?}");
    }
}
