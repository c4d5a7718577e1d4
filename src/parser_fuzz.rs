//! Every parser of outside input, fed garbage and near-valid text (bytes, for binary tours):
//! each must answer with a value or an error that says something, never panic. The inputs are
//! random edits of valid samples (a byte replaced, inserted or deleted), which reach far deeper
//! into a parser than random text, plus random text. `PROPTEST_CASES` sets how many inputs each parser gets;
//! `.ci/run` raises it for a bounded run.

use crate::board::{Leaper, Shape};
use crate::format::dimacs::{parse_solver_output, read_dimacs};
use crate::puzzle::Puzzle;
use crate::spec::Spec;
use crate::tour::binary::{self, CellChunks};
use crate::tour::Closure;
use crate::tour::{json, text};
use crate::verify::stream::StreamVerifier;
use proptest::prelude::*;

const MODELS: &[&str] = &[
    include_str!("../models/nested-semimagic.toml"),
    include_str!("../models/cube-4x4x4-closed.toml"),
    include_str!("../models/tile-6x6-structured.toml"),
    "board = \"5x5\"\nleaper = [1, 3]\n[start]\ncells = [[0, 0]]\n[[sums.lines]]\ncells = [[0, 0], [1, 1]]\ntarget = 10\n",
];
const GRIDS: &[&str] = &[
    include_str!("../tests/data/tours/open-5x5.txt"),
    include_str!("../tests/data/tours/cube-4x4x4.txt"),
    "1 2 3\n6 5 4\n",
];
const RECORDS: &str = "{\"class\":1,\"member\":1,\"class_size\":2,\"board\":\"2x3\",\"numbers\":[1,2,3,6,5,4]}\n{\"model\":\"m\",\"solutions\":1}\n";
const ANSWERS: &[&str] = &[
    "c comment\ns SATISFIABLE\nv 1 -2 3 0\n",
    "s UNSATISFIABLE\n",
    "SAT\n1 -2 3 0\n",
];
const CNF: &str = "c knights-options {\"connectivity\":\"ordering\",\"pb_encoding\":\"mdd\"}\np cnf 3 2\n1 -2 0\n2 3 -1 0\n";

/// A sample with up to eight random edits: replace, insert or delete a byte (kept UTF-8 by
/// working on chars).
fn edited(samples: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edits = prop::collection::vec((any::<usize>(), any::<char>(), 0..3u8), 0..8);
    (0..samples.len(), edits).prop_map(move |(pick, edits)| {
        let mut chars: Vec<char> = samples[pick].chars().collect();
        for (at, c, how) in edits {
            let at = at % (chars.len() + 1);
            match how {
                0 if at < chars.len() => chars[at] = c,
                1 => chars.insert(at, c),
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.push(c),
            }
        }
        chars.into_iter().collect()
    })
}

/// Edited samples half the time, random text (biased to the parsers' own characters) the other.
fn input(samples: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        edited(samples),
        "[0-9a-z xX\\-,.\\[\\]{}\"=\n:#|]{0,200}",
        ".{0,100}",
    ]
}

fn said<E: std::fmt::Display>(result: Result<impl Sized, E>) -> Result<(), TestCaseError> {
    if let Err(err) = result {
        prop_assert!(!err.to_string().trim().is_empty());
    }
    Ok(())
}

proptest! {
    #[test]
    fn models_and_their_meaning(text in input(MODELS)) {
        match Spec::from_toml(&text, "fuzz.toml") {
            Ok(spec) => said(Puzzle::from_spec(&spec))?,
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }

    #[test]
    fn boards_and_leapers(text in input(&["8x8", "4x4x4", "1,2", "(0:3)"])) {
        said(Shape::parse(&text))?;
        said(Leaper::parse(&text))?;
    }

    #[test]
    fn tour_grids(text in input(GRIDS)) {
        said(text::parse(&text))?;
        said(text::parse_with_shape(&text, Shape::solid(4, 4, 4)))?;
    }

    #[test]
    fn tour_records(text in input(&[RECORDS])) {
        said(json::parse_lines(&text))?;
    }

    #[test]
    fn solver_answers(text in input(ANSWERS)) {
        said(parse_solver_output(&text))?;
    }

    #[test]
    fn cnf_files(text in input(&[CNF])) {
        said(read_dimacs(&text))?;
    }
}

/// A binary tour of the 3x4 board (its cells in visiting order, little-endian `u32`).
const TOUR_3X4: [u32; 12] = [0, 6, 8, 1, 7, 9, 2, 4, 10, 3, 5, 11];

/// The 3x4 tour as bytes with up to eight random edits (a byte replaced, inserted or
/// deleted), or random bytes.
fn binary_input() -> impl Strategy<Value = Vec<u8>> {
    let sample: Vec<u8> = TOUR_3X4.iter().flat_map(|c| c.to_le_bytes()).collect();
    let edits = prop::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 0..8);
    let edited = edits.prop_map(move |edits| {
        let mut bytes = sample.clone();
        for (at, byte, how) in edits {
            let at = at % (bytes.len() + 1);
            match how {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.push(byte),
            }
        }
        bytes
    });
    prop_oneof![edited, prop::collection::vec(any::<u8>(), 0..64)]
}

/// The streaming verifier's word on `bytes` read a chunk at a time, as a message.
fn streamed_verdict(bytes: &[u8], shape: Shape) -> Result<(), String> {
    let mut chunks = CellChunks::new(bytes);
    let mut verifier = StreamVerifier::new(shape, Leaper::KNIGHT, Closure::Open);
    while let Some((_, cells)) = chunks.next_chunk().map_err(|e| e.to_string())? {
        verifier.push(cells).map_err(|v| v.to_string())?;
    }
    verifier.finish().map(drop).map_err(|v| v.to_string())
}

#[test]
fn the_binary_sample_is_a_tour() {
    let bytes: Vec<u8> = TOUR_3X4.iter().flat_map(|c| c.to_le_bytes()).collect();
    assert_eq!(streamed_verdict(&bytes, Shape::flat(3, 4)), Ok(()));
}

proptest! {
    #[test]
    fn binary_tours(bytes in binary_input()) {
        let shape = Shape::flat(3, 4);
        said(binary::to_tour(&bytes, shape))?;
        said(streamed_verdict(&bytes, shape))?;
    }
}
