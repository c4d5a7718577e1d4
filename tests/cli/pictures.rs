//! Pictures of tours from the commands that draw them: a sheet of a census, labelled so each
//! tour can be found again and drawn whole in pages, and `solve --svg` saying of a tour what
//! `render` says of it.

use crate::common::cli::{knights, refused, stderr};

const CENSUS: &str = "results/semimagic-census/classes-so-far.jsonl";

/// The labels under the drawings of a sheet, in order.
fn labels(sheet: &str) -> Vec<String> {
    let key = "class=\"sheet-label\"";
    sheet
        .lines()
        .filter(|line| line.contains(key))
        .map(|line| {
            let text = &line[line.find('>').unwrap() + 1..];
            text[..text.find("</text>").unwrap()].to_string()
        })
        .collect()
}

/// `render FILE --sheet` with `more` flags into a scratch file: the sheet and stderr.
fn sheet(file: &str, more: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("s.svg");
    let mut args = vec!["render", file, "--sheet", "-o", svg.to_str().unwrap()];
    args.extend_from_slice(more);
    let out = knights(&args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    (std::fs::read_to_string(&svg).unwrap(), stderr(&out))
}

/// The census's 140 classes: each drawing labelled with its place in the file and its class
/// (numbered within its job), never with the file's path; a sheet of 100, the cut said on
/// stderr with the `--range` that draws the rest, and that range drawing them.
#[test]
fn a_census_sheet_is_labelled_by_class_and_drawn_whole_in_ranges() {
    let (first, err) = sheet(CENSUS, &[]);
    let shown = labels(&first);
    assert_eq!(shown.len(), 100);
    assert_eq!(shown[0], "tour 1: class 1 of job 36");
    assert_eq!(shown[99], "tour 100: class 1 of job 779");
    // A label fits under its drawing (240 units wide, labels in 12-unit type).
    assert!(
        shown.iter().all(|l| !l.contains(".jsonl") && l.len() <= 30),
        "{shown:?}"
    );
    assert!(err.contains("--range 101..140"), "{err}");
    let (rest, err) = sheet(CENSUS, &["--range", "101..140"]);
    let shown = labels(&rest);
    assert_eq!(shown.len(), 40);
    assert_eq!(shown[0], "tour 101: class 2 of job 779");
    assert_eq!(shown[39], "tour 140: class 1 of job 1009");
    assert!(!err.contains("--range"), "nothing was cut: {err}");
    let (open_ended, _) = sheet(CENSUS, &["--range", "131.."]);
    assert_eq!(labels(&open_ended).len(), 10);
}

/// Records without a class are labelled by their place in the file alone.
#[test]
fn a_sheet_of_records_without_classes_is_labelled_by_place() {
    let dir = tempfile::tempdir().unwrap();
    let grid = std::fs::read_to_string("tests/data/tours/open-5x5.txt").unwrap();
    let rows = grid.lines().filter(|line| !line.starts_with('#'));
    let numbers: Vec<&str> = rows.flat_map(str::split_whitespace).collect();
    let record = format!(
        "{{\"board\":\"5x5\",\"numbers\":[{}]}}\n",
        numbers.join(",")
    );
    let file = dir.path().join("two.jsonl");
    std::fs::write(&file, record.repeat(2)).unwrap();
    let (drawn, _) = sheet(file.to_str().unwrap(), &[]);
    assert_eq!(labels(&drawn), ["tour 1", "tour 2"]);
}

/// A range that is not one, past the file's end, or without `--sheet` is refused by name.
#[test]
fn a_bad_range_is_refused() {
    for range in ["0..3", "5..2", "x..4", "7"] {
        let err = refused(&["render", CENSUS, "--sheet", "--range", range, "-o", "-"]);
        assert!(
            err.contains("--range") && err.contains("A..B"),
            "{range}: {err}"
        );
    }
    let err = refused(&["render", CENSUS, "--sheet", "--range", "141..", "-o", "-"]);
    assert!(err.contains("holds 140 tour(s)"), "{err}");
    let err = refused(&["render", CENSUS, "--range", "1..3", "-o", "-"]);
    assert!(err.contains("--sheet"), "{err}");
}

/// `solve --svg` draws the tour it found as `render` draws the same grid: a closed tour
/// (semimagic's first is closed, though the model allows open ones) is titled closed and
/// drawn with its closing move, in the same picture.
#[test]
fn solve_draws_a_tour_as_render_does() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.svg");
    let out = knights(&[
        "solve",
        "models/semimagic.toml",
        "--svg",
        solved.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let grid = dir.path().join("tour.txt");
    std::fs::write(&grid, &out.stdout).unwrap();
    let rendered = dir.path().join("rendered.svg");
    let args = [grid.to_str().unwrap(), "-o", rendered.to_str().unwrap()];
    let out = knights(&[&["render"], &args[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let solved = std::fs::read_to_string(solved).unwrap();
    assert!(solved.contains("<title>closed tour on 8x8"), "{solved}");
    assert_eq!(solved, std::fs::read_to_string(rendered).unwrap());
}
