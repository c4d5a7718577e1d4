//! `solve` on a model whose tree is too large: under `--engine auto` it looks among the
//! closed tours unchanged by a half turn first (issue 32: one semimagic tour on demand).

use crate::common::cli::{knights, stderr};
use crate::common::load::model;
use knights::tour::json::parse_lines;

#[test]
fn one_semimagic_tour_comes_from_the_half_turn_sub_model_and_passes_the_verifier() {
    let out = knights(&[
        "solve",
        "models/semimagic.toml",
        "--format",
        "json",
        "--timeout",
        "300",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("found one among the closed tours unchanged by a half turn"),
        "{err}"
    );
    let tours = parse_lines(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert_eq!(tours.len(), 1);
    let tour = &tours[0].1;
    assert!(knights::verify::verify(&model("semimagic"), tour).is_empty());
    // It is what the sub-model promised: closed and unchanged by the half turn.
    let sub = model("semimagic-closed-centrosymmetric");
    assert!(knights::verify::verify(&sub, tour).is_empty());
}

#[test]
fn a_named_engine_is_run_as_asked() {
    let out = knights(&[
        "solve",
        "models/semimagic.toml",
        "--engine",
        "sat",
        "--timeout",
        "1",
    ]);
    let err = stderr(&out);
    assert!(!err.contains("first: "), "{err}");
    assert_eq!(out.status.code(), Some(3), "{err}");
}

#[test]
fn a_model_the_native_search_takes_whole_is_not_redirected() {
    // No line sums: `auto` picks the native search for the model itself.
    let out = knights(&["solve", "--board", "8x8", "--timeout", "20"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("first: "), "{err}");
}
