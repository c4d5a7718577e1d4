//! `knights classify` through the binary: on every open 5x5 tour, each class holds exactly
//! its orbit; types are coarser than classes; a file that mixes boards is refused naming the
//! line.

use crate::common::cli::{knights, refused, stderr};

fn every_open_5x5_tour(dir: &tempfile::TempDir) -> String {
    let out = knights(&["enumerate", "models/open-5x5.toml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = dir.path().join("all.jsonl");
    std::fs::write(&path, &out.stdout).unwrap();
    path.to_string_lossy().into_owned()
}

/// Every tour of the board is there, so each class holds its whole orbit: the orbits found
/// account for every tour, and a class fixed by k symmetries has 16 / k tours.
#[test]
fn on_every_tour_each_class_holds_its_orbit() {
    let dir = tempfile::tempdir().unwrap();
    let path = every_open_5x5_tour(&dir);
    let svg = dir.path().join("types.svg");
    let out = knights(&["classify", &path, "--json", "--svg", &svg.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found["group_order"], 16);
    assert_eq!(found["types_open"]["tours"], 1728);
    assert_eq!(found["types_closing"]["tours"], 0);
    let classes = found["classes"].as_array().unwrap();
    let mut total = 0;
    for class in classes {
        let fixers = class["fixed_by"].as_array().unwrap().len() as u64;
        assert_eq!(class["tours"], class["orbit"], "{class}");
        assert_eq!(class["orbit"].as_u64().unwrap() * fixers, 16, "{class}");
        total += class["tours"].as_u64().unwrap();
    }
    assert_eq!(total, 1728);
    assert_eq!(
        classes.len() as u64,
        found["classes_open"]["groups"].as_u64().unwrap()
    );
    let types = found["types_open"]["groups"].as_u64().unwrap();
    assert!(
        types <= classes.len() as u64,
        "a type is a union of classes"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains(&format!("open ({types} categories)")));
}

#[test]
fn a_file_that_mixes_boards_is_refused_at_the_first_line_of_the_other() {
    let dir = tempfile::tempdir().unwrap();
    let sample = |board: &str| {
        let out = knights(&["sample", "--board", board, "--count", "2"]);
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let mixed = dir.path().join("mixed.jsonl");
    std::fs::write(&mixed, sample("4x4x4") + &sample("3x4x4")).unwrap();
    let err = refused(&["classify", &mixed.to_string_lossy()]);
    assert!(err.contains("line 4") && err.contains("3x4x4"), "{err}");
    let err = refused(&["classify", &mixed.to_string_lossy(), "--leaper", "1,3"]);
    assert!(
        err.contains("line 1") && err.contains("not a 1,3 leap"),
        "{err}"
    );
}

#[test]
fn classify_dash_reads_the_tours_from_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = every_open_5x5_tour(&dir);
    let from_file = knights(&["classify", &path, "--json"]);
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    let piped = |input: std::fs::File| {
        std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
            .args(["classify", "-", "--json"])
            .current_dir(crate::common::load::root())
            .stdin(input)
            .output()
            .unwrap()
    };
    let from_stdin = piped(std::fs::File::open(&path).unwrap());
    assert!(from_stdin.status.success(), "{}", stderr(&from_stdin));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "").unwrap();
    let nothing = piped(std::fs::File::open(&empty).unwrap());
    assert_eq!(nothing.status.code(), Some(2));
    assert!(
        stderr(&nothing).contains("standard input"),
        "{}",
        stderr(&nothing)
    );
}
