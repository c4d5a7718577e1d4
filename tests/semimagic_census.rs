//! The committed 8x8 semimagic census (results/semimagic-census/, issue 32) against the 2003
//! census's figures (tests/data/known-counts.md) and the tours known before it.
//!
//! The census's result files are read here as plain JSON, and every figure is recomputed by
//! code of this file alone: the knight moves, line sums, diagonals, closure, the orbits
//! under the board's symmetries and reversal, and the loops of the closed tours. None of it
//! is the engines', the verifier's or `merge`'s; `merge` is then run on the same files and
//! must agree. A census with a job unfinished or missing, a tour broken, a class lost or
//! counted twice, or a known tour absent fails here.
//!
//! The files are read where the census keeps them, in results/: this is a check on that
//! data, not a fixture made for a test, so it has no copy under tests/data/.

use crate::common::cli::merged_folder;
use crate::common::load::{nested_tours, root, tour};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::OnceLock;

const SIDE: usize = 8;
const CELLS: usize = SIDE * SIDE;
const LINE_SUM: u32 = 260;

/// A numbered tour: the number (1 to 64) of each cell, row-major.
type Numbers = Vec<u32>;

fn census_dir() -> PathBuf {
    root().join("results/semimagic-census")
}

/// Every numbered tour of every job's result file, read once for all the tests here; panics
/// naming a job whose file is absent or whose last line does not say that the job ran to the
/// end.
fn census_tours() -> &'static [Numbers] {
    static TOURS: OnceLock<Vec<Numbers>> = OnceLock::new();
    TOURS.get_or_init(read_census_tours)
}

fn read_census_tours() -> Vec<Numbers> {
    let dir = census_dir();
    let jobs = std::fs::read_to_string(dir.join("jobs.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert_eq!(jobs, 1024, "the census's job file");
    let mut tours = Vec::new();
    for index in 0..jobs {
        let path = dir.join(format!("results/job-{index}.jsonl"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("job {index} has no result ({}): {e}", path.display()));
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        // A header naming the job, its tours, and an end record with their count.
        let (header, last) = (&lines[0], lines.last().unwrap());
        assert_eq!(header["index"], index, "job {index}: {header}");
        assert_eq!(last["ending"], "exhausted", "job {index}: {last}");
        let body = &lines[1..lines.len() - 1];
        assert_eq!(last["tour_lines"], body.len(), "job {index}: {last}");
        for line in body {
            let numbers = line["numbers"].as_array().unwrap();
            tours.push(numbers.iter().map(|n| n.as_u64().unwrap() as u32).collect());
        }
    }
    tours
}

/// Where each number stands: `cells[k - 1]` holds number k.
fn cells_of(numbers: &Numbers) -> Vec<usize> {
    let mut cells = vec![usize::MAX; CELLS];
    for (cell, &n) in numbers.iter().enumerate() {
        assert!(
            (1..=CELLS as u32).contains(&n),
            "number {n} on an 8x8 board"
        );
        assert_eq!(cells[n as usize - 1], usize::MAX, "number {n} twice");
        cells[n as usize - 1] = cell;
    }
    cells
}

fn knight_apart(a: usize, b: usize) -> bool {
    let rows = (a / SIDE).abs_diff(b / SIDE);
    let cols = (a % SIDE).abs_diff(b % SIDE);
    (rows, cols) == (1, 2) || (rows, cols) == (2, 1)
}

fn is_tour(numbers: &Numbers) -> bool {
    numbers.len() == CELLS
        && cells_of(numbers)
            .windows(2)
            .all(|w| knight_apart(w[0], w[1]))
}

fn is_closed(numbers: &Numbers) -> bool {
    let cells = cells_of(numbers);
    knight_apart(cells[0], cells[CELLS - 1])
}

fn line_sums(numbers: &Numbers) -> (Vec<u32>, Vec<u32>) {
    let rows = (0..SIDE)
        .map(|r| (0..SIDE).map(|c| numbers[r * SIDE + c]).sum())
        .collect();
    let cols = (0..SIDE)
        .map(|c| (0..SIDE).map(|r| numbers[r * SIDE + c]).sum())
        .collect();
    (rows, cols)
}

fn diagonal_sums(numbers: &Numbers) -> (u32, u32) {
    let main = (0..SIDE).map(|i| numbers[i * SIDE + i]).sum();
    let anti = (0..SIDE).map(|i| numbers[i * SIDE + SIDE - 1 - i]).sum();
    (main, anti)
}

/// The board's 8 symmetries, each as the cell every cell moves to: 0 to 3 quarter turns,
/// each with and without a mirror.
fn symmetries() -> Vec<Vec<usize>> {
    let last = SIDE - 1;
    (0..8)
        .map(|symmetry| {
            (0..CELLS)
                .map(|cell| {
                    let (mut r, mut c) = (cell / SIDE, cell % SIDE);
                    for _ in 0..symmetry % 4 {
                        (r, c) = (c, last - r);
                    }
                    if symmetry >= 4 {
                        c = last - c;
                    }
                    r * SIDE + c
                })
                .collect()
        })
        .collect()
}

/// The 16 numbered tours of a tour's class: its images under the symmetries, each also
/// numbered backwards.
fn orbit(numbers: &Numbers, symmetries: &[Vec<usize>]) -> BTreeSet<Numbers> {
    let mut images = BTreeSet::new();
    for map in symmetries {
        let mut image = vec![0; CELLS];
        for (cell, &n) in numbers.iter().enumerate() {
            image[map[cell]] = n;
        }
        let backwards = image.iter().map(|&n| CELLS as u32 + 1 - n).collect();
        images.insert(image);
        images.insert(backwards);
    }
    images
}

/// A closed tour's loop up to the board's symmetries: the least image of its set of moves.
fn loop_of(numbers: &Numbers, symmetries: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let cells = cells_of(numbers);
    symmetries
        .iter()
        .map(|map| {
            let mut moves: Vec<(usize, usize)> = (0..CELLS)
                .map(|k| {
                    let (a, b) = (map[cells[k]], map[cells[(k + 1) % CELLS]]);
                    (a.min(b), a.max(b))
                })
                .collect();
            moves.sort();
            moves
        })
        .min()
        .unwrap()
}

/// A closed tour unchanged by a half turn: the opposite cell's number is 32 on (mod 64).
fn is_centrosymmetric(numbers: &Numbers) -> bool {
    (0..CELLS).all(|cell| {
        let opposite = CELLS - 1 - cell;
        (numbers[cell] + CELLS as u32 / 2 - 1) % CELLS as u32 + 1 == numbers[opposite]
    })
}

/// The known-counts.md line of the semimagic census, for the figures checked against it.
fn known_counts_line(what: &str) -> String {
    let text = std::fs::read_to_string(root().join("tests/data/known-counts.md")).unwrap();
    text.lines()
        .find(|l| l.starts_with(&format!("| {what} |")))
        .unwrap_or_else(|| panic!("known-counts.md has no line {what:?}"))
        .to_string()
}

/// The census's figures, each recomputed from its tours.
#[derive(Debug, Default, PartialEq)]
struct Figures {
    numbered: usize,
    numbered_open: usize,
    numbered_closed: usize,
    classes: usize,
    classes_open: usize,
    classes_closed: usize,
    loops: usize,
    centrosymmetric_numbered: usize,
    centrosymmetric_classes: usize,
}

fn figures(tours: &[Numbers], symmetries: &[Vec<usize>]) -> Figures {
    let distinct: HashSet<&Numbers> = tours.iter().collect();
    let mut classes: HashMap<Numbers, bool> = HashMap::new();
    let mut loops = HashSet::new();
    let mut centro_classes = HashSet::new();
    let mut figures = Figures {
        numbered: distinct.len(),
        ..Figures::default()
    };
    for numbers in &distinct {
        let closed = is_closed(numbers);
        if closed {
            figures.numbered_closed += 1;
            loops.insert(loop_of(numbers, symmetries));
        } else {
            figures.numbered_open += 1;
        }
        let class = orbit(numbers, symmetries);
        for member in &class {
            assert!(
                distinct.contains(member),
                "a class held in part: {numbers:?}"
            );
        }
        let least = class.into_iter().next().unwrap();
        if closed && is_centrosymmetric(numbers) {
            figures.centrosymmetric_numbered += 1;
            centro_classes.insert(least.clone());
        }
        classes.insert(least, closed);
    }
    figures.classes = classes.len();
    figures.classes_closed = classes.values().filter(|&&closed| closed).count();
    figures.classes_open = figures.classes - figures.classes_closed;
    figures.loops = loops.len();
    figures.centrosymmetric_classes = centro_classes.len();
    figures
}

#[test]
fn the_census_is_the_2003_census() {
    let tours = census_tours();
    for numbers in tours {
        assert!(is_tour(numbers), "not a knight's tour: {numbers:?}");
        let (rows, cols) = line_sums(numbers);
        assert!(
            rows.iter().chain(&cols).all(|&s| s == LINE_SUM),
            "{numbers:?}: rows {rows:?}, columns {cols:?}"
        );
        assert_ne!(
            diagonal_sums(numbers),
            (LINE_SUM, LINE_SUM),
            "a magic tour: {numbers:?}"
        );
    }
    assert_eq!(
        tours.len(),
        tours.iter().collect::<HashSet<_>>().len(),
        "a tour twice"
    );

    let symmetries = symmetries();
    let found = figures(tours, &symmetries);
    // The 2003 census (known-counts.md): 108 geometry classes are 77 open and 31 loops.
    let expected = Figures {
        numbered: 2_240,
        numbered_open: 1_232,
        numbered_closed: 1_008,
        classes: 140,
        classes_open: 77,
        classes_closed: 63,
        loops: 31,
        centrosymmetric_numbered: 272,
        centrosymmetric_classes: 17,
    };
    assert_eq!(found, expected);
    let census = known_counts_line("semimagic (\"magic\" in Jelliss' terms) 8x8 tours");
    for figure in [
        "140 classes",
        "2,240 numbered",
        "77 classes, 1,232",
        "63 classes, 1,008",
    ] {
        assert!(census.contains(figure), "{figure} is not in {census}");
    }
    assert!(
        census.contains("108 geometry classes (77 open, 31 closed"),
        "{census}"
    );
    let centro = known_counts_line("closed semimagic 8x8 tours unchanged by a 180-degree rotation");
    assert!(
        centro.contains("17 up to") && centro.contains("272 numbered"),
        "{centro}"
    );
}

#[test]
fn every_tour_known_before_the_census_is_in_it() {
    let tours: HashSet<&Numbers> = census_tours().iter().collect();
    let mut known: Vec<(String, Numbers)> = [
        "semimagic-beverley-1848",
        "semimagic-2003-06-18-closed",
        "semimagic-2003-06-19-closed",
    ]
    .iter()
    .map(|name| (name.to_string(), tour(name).numbers()))
    .collect();
    for (i, nested) in nested_tours().iter().enumerate() {
        known.push((format!("nested-semimagic-{}", i + 1), nested.numbers()));
    }
    for (name, numbers) in known {
        assert!(tours.contains(&numbers), "{name} is not in the census");
    }
}

#[test]
fn merge_counts_what_the_files_hold() {
    let merged = merged_folder(&census_dir());
    assert_eq!(merged["complete"], true, "{merged}");
    assert_eq!(merged["duplicate_classes"], 0, "{merged}");
    let tours = census_tours();
    let classes = figures(tours, &symmetries()).classes;
    assert_eq!(merged["solutions"], tours.len() as u64, "{merged}");
    assert_eq!(merged["classes"], classes as u64, "{merged}");
}
