//! Output files appear whole or not at all: each is written under a name no other process
//! uses and renamed into place, so two writers of one name leave one whole output, and a
//! command never writes over its own input or an existing job file without `--force`.

use crate::common::cli::{knights, refused, spawn, stderr};
use crate::common::files::names;
use std::path::Path;

/// The names in `dir` other than `keep`.
fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
    names(dir)
        .into_iter()
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

#[test]
fn a_binary_tour_uses_no_name_another_writer_could_share() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cc.bin");
    // What another run would be writing under the old shared name.
    let foreign = dir.path().join("cc.bin.part");
    std::fs::write(&foreign, "another writer's bytes").unwrap();
    let run = knights(&[
        "tour",
        "--board",
        "1000x1000",
        "--format",
        "binary",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(&foreign).unwrap(),
        "another writer's bytes"
    );
    let verified = knights(&["verify", "--board", "1000x1000", out.to_str().unwrap()]);
    assert!(verified.status.success(), "{}", stderr(&verified));
    assert_eq!(
        others(dir.path(), &["cc.bin", "cc.bin.part"]),
        Vec::<String>::new()
    );
}

/// The tour lines of a sample file (all but its summary line).
fn tour_lines(text: &str) -> Vec<String> {
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines.last().unwrap().contains("\"summary\""), "{text}");
    lines[..lines.len() - 1].to_vec()
}

#[test]
fn two_samples_into_one_file_leave_one_whole_sample() {
    let dir = tempfile::tempdir().unwrap();
    let args = |seed: &'static str, file: &Path| {
        let file = file.to_str().unwrap().to_string();
        let mut v: Vec<String> = ["sample", "--board", "5x5", "--count", "300", "--seed", seed]
            .iter()
            .map(ToString::to_string)
            .collect();
        v.extend(["-o".into(), file]);
        v
    };
    let mut alone = Vec::new();
    for seed in ["1", "2"] {
        let file = dir.path().join(format!("alone-{seed}.jsonl"));
        let argv = args(seed, &file);
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        assert!(knights(&refs).status.success());
        alone.push(tour_lines(&std::fs::read_to_string(&file).unwrap()));
    }
    let same = dir.path().join("same.jsonl");
    let children: Vec<_> = ["1", "2"]
        .iter()
        .map(|seed| {
            let argv = args(seed, &same);
            let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
            spawn(&refs)
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let left = tour_lines(&std::fs::read_to_string(&same).unwrap());
    assert!(left == alone[0] || left == alone[1], "a mix of two samples");
    assert_eq!(
        others(
            dir.path(),
            &["same.jsonl", "alone-1.jsonl", "alone-2.jsonl"]
        ),
        Vec::<String>::new()
    );
}

#[test]
fn an_input_or_a_job_file_is_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("m.toml");
    let text = "name = \"m\"\nboard = \"5x5\"\n";
    std::fs::write(&model, text).unwrap();
    let m = model.to_str().unwrap();
    for command in ["dimacs", "opb"] {
        let err = refused(&[command, m, "-o", m]);
        assert!(err.contains("--force") && err.contains("m.toml"), "{err}");
        assert_eq!(std::fs::read_to_string(&model).unwrap(), text);
    }
    let jobs = dir.path().join("jobs.jsonl");
    let j = jobs.to_str().unwrap();
    let split = [
        "split", "--board", "5x5", "--jobs", "2", "--engine", "search", "-o", j,
    ];
    assert!(knights(&split).status.success());
    let before = std::fs::read_to_string(&jobs).unwrap();
    let err = refused(&split);
    assert!(err.contains("--force") && err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&jobs).unwrap(), before);
    let forced = knights(&[&split[..], &["--force"]].concat());
    assert!(forced.status.success(), "{}", stderr(&forced));
}

#[test]
fn enumerate_writes_its_tours_and_summary_to_an_output_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tours.jsonl");
    let path = file.to_str().unwrap();
    let out = knights(&["enumerate", "--board", "5x5", "--limit", "20", "-o", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.contains("\"numbers\"")).count(),
        20
    );
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["solutions"], 20, "{last}");
    assert_eq!(others(dir.path(), &["tours.jsonl"]), Vec::<String>::new());
    // The file a run resumes is read first and would be replaced without its tours.
    let err = refused(&["enumerate", "--board", "5x5", "--resume", path, "-o", path]);
    assert!(err.contains("that is the input"), "{err}");
    let err = refused(&["count", "--board", "5x5", "-o", path]);
    assert!(err.contains("enumerate -o FILE"), "{err}");
}

#[test]
fn a_tour_is_written_as_a_move_list_in_board_coordinates() {
    let out = knights(&["tour", "--board", "8x8", "--format", "moves"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let squares: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(squares.len(), 64, "{text}");
    let distinct: std::collections::HashSet<&&str> = squares.iter().collect();
    assert_eq!(distinct.len(), 64, "{text}");
    let on_board = |s: &&str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    assert!(squares.iter().all(on_board), "{text}");
}

#[test]
fn verify_prints_each_tour_s_row_and_column_sums_and_the_magic_lines() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    // A 3x4 knight's tour. A row (4 of the 12 numbers) is magic at 4 x 13 / 2 = 26; a
    // column (3 of them) would be at 3 x 13 / 2, which is not whole.
    std::fs::write(&file, "1 4 7 10\n8 11 2 5\n3 6 9 12\n").unwrap();
    let out = knights(&["verify", "--board", "3x4", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("  row sums: 22 26 30; magic (26): rows 1\n"),
        "{text}"
    );
    assert!(
        text.contains("  column sums: 12 21 18 27; none magic (a column of this board"),
        "{text}"
    );
}

#[test]
fn render_draws_the_tour_index_picks_or_every_tour_on_a_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.jsonl");
    let path = file.to_str().unwrap();
    let out = knights(&["enumerate", "--board", "5x5", "--limit", "3", "-o", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let drawn = |args: &[&str]| {
        let out = knights(&[&["render", path][..], args].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let one = drawn(&["--index", "3"]);
    assert_eq!(one.matches("class=\"number\"").count(), 25);
    assert_ne!(one, drawn(&[]), "--index 3 drew the first tour");
    assert_eq!(one, drawn(&["--index", "3"]));
    let sheet = drawn(&["--sheet"]);
    assert_eq!(sheet.matches("class=\"sheet-label\"").count(), 3);
    // Labelled by place and class, not by the file's path, which would not fit.
    assert!(
        sheet.contains(">tour 3: class 1, member 3</text>"),
        "{sheet}"
    );
    assert!(!sheet.contains(path), "{sheet}");
    let err = refused(&["render", path, "--index", "4"]);
    assert!(
        err.contains("--index 4") && err.contains("holds 3 tour(s)"),
        "{err}"
    );
}

/// An output in a directory that does not exist is refused naming the path the user gave
/// and the directory missing, not the hidden temporary file the output is first written to.
#[test]
fn an_output_in_a_missing_directory_names_the_path_given() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir");
    let svg = missing.join("t.svg");
    let jsonl = missing.join("t.jsonl");
    let runs: [&[&str]; 2] = [
        &[
            "render",
            "tests/data/tours/open-5x5.txt",
            "-o",
            svg.to_str().unwrap(),
        ],
        &["enumerate", "--board", "3x4", "-o", jsonl.to_str().unwrap()],
    ];
    for (args, path) in runs.iter().zip([&svg, &jsonl]) {
        let err = refused(args);
        let named = format!("cannot write {}", path.display());
        assert!(err.contains(&named), "{err}");
        let why = format!("the directory {} does not exist", missing.display());
        assert!(err.contains(&why) && !err.contains(".part"), "{err}");
    }
}
