//! `estimate --subtrees`: walks saved by one run are searched again by another, and a file
//! that does not belong to the model is refused with the reason.

use crate::common::cli::knights;

fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn saved_walks_searched_again_give_the_same_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("walks.jsonl");
    let file = file.to_str().unwrap();
    let walks = [
        "--board",
        "5x5",
        "--subtrees",
        "40",
        "--depth",
        "5",
        "--seed",
        "3",
    ];
    let first = json(&knights(
        &[
            &["estimate"],
            &walks[..],
            &["--save-prefixes", file, "--format", "json"],
        ]
        .concat(),
    ));
    let again = json(&knights(&[
        "estimate",
        "--board",
        "5x5",
        "--prefixes",
        file,
        "--format",
        "json",
    ]));
    assert_eq!(first["samples"], 40);
    assert!(first["searched_nodes"].as_u64().unwrap() > 40);
    for field in [
        "nodes",
        "searched_nodes",
        "solutions",
        "pruned_above",
        "depth",
        "seed",
    ] {
        assert_eq!(first[field], again[field], "{field}");
    }
}

#[test]
fn walks_of_another_model_or_a_broken_line_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("walks.jsonl");
    let path = file.to_str().unwrap();
    let saved = knights(&[
        "estimate",
        "--board",
        "5x5",
        "--subtrees",
        "3",
        "--depth",
        "2",
        "--save-prefixes",
        path,
    ]);
    assert!(saved.status.success());
    let other = knights(&["estimate", "--board", "6x6", "--prefixes", path]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("on 25 cells, not of") && err.contains("36 cells"),
        "{err}"
    );
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("{\"weight\": 1.0, \"root\": \"x\"}\n");
    std::fs::write(&file, text).unwrap();
    let broken = knights(&["estimate", "--board", "5x5", "--prefixes", path]);
    assert_eq!(broken.status.code(), Some(2));
    let err = String::from_utf8_lossy(&broken.stderr);
    assert!(err.contains("line 5: not a walk"), "{err}");
}
