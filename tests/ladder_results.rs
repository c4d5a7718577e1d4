//! The committed 4 x n semimagic ladder counts (results/ladder-4x17 and results/ladder-4x18,
//! their finished job results packed by gzip) merge again to the figures their `status.json`
//! records: every tour of every job verified anew, each class whole, none counted twice. A
//! result file lost, damaged or packed wrongly fails here, naming the ladder.
//!
//! The files are read where the counts keep them, in results/: this is a check on that data,
//! not a fixture made for a test.

use crate::common::cli::merged_folder;
use crate::common::load::root;

/// `knights merge` of the ladder's committed jobs, against its committed status line.
fn merges_to_its_status(ladder: &str) {
    let dir = root().join("results").join(ladder);
    let merged = merged_folder(&dir);
    let status = std::fs::read_to_string(dir.join("status.json")).unwrap();
    let recorded: serde_json::Value = serde_json::from_str(status.lines().last().unwrap()).unwrap();
    assert_eq!(merged["complete"], true, "{ladder}: {merged}");
    assert_eq!(merged["duplicate_classes"], 0, "{ladder}: {merged}");
    for figure in ["jobs", "finished", "solutions", "classes"] {
        assert_eq!(
            merged[figure], recorded[figure],
            "{ladder}: {figure} merged against status.json"
        );
    }
}

#[test]
fn the_4x17_ladder_results_merge_to_their_status() {
    merges_to_its_status("ladder-4x17");
}

#[test]
fn the_4x18_ladder_results_merge_to_their_status() {
    merges_to_its_status("ladder-4x18");
}
