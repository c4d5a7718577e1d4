//! A catalogue of malformed input: models, flags, tours, CNF files and solver answers.
//! Each must be refused with exit code 2 and a message that names what is wrong (the field,
//! line, layer or file), never with a panic.

use crate::common::cli::{knights, stderr};
use std::path::Path;

/// One malformed input: the command line (`{dir}` stands for a scratch folder holding
/// `input` and `files`), and words the message must contain.
struct Case {
    what: &'static str,
    args: &'static [&'static str],
    /// The file under test: its name and text.
    input: Option<(&'static str, &'static str)>,
    files: &'static [(&'static str, &'static str)],
    says: &'static [&'static str],
}

const fn case(
    what: &'static str,
    args: &'static [&'static str],
    files: &'static [(&'static str, &'static str)],
    says: &'static [&'static str],
) -> Case {
    Case {
        what,
        args,
        input: None,
        files,
        says,
    }
}

/// `case` with the file under test.
const fn with_input(
    what: &'static str,
    args: &'static [&'static str],
    input: (&'static str, &'static str),
    says: &'static [&'static str],
) -> Case {
    Case {
        what,
        args,
        input: Some(input),
        files: &[],
        says,
    }
}

/// `show` of a model file `m.toml` holding `text`.
const fn model(what: &'static str, text: &'static str, says: &'static [&'static str]) -> Case {
    with_input(what, &["show", "{dir}/m.toml"], ("m.toml", text), says)
}

/// `verify` of a tour file `t.txt` against `--board 2x3`.
const fn tour(what: &'static str, text: &'static str, says: &'static [&'static str]) -> Case {
    let args = &["verify", "--board", "2x3", "{dir}/t.txt"];
    with_input(what, args, ("t.txt", text), says)
}

/// `decode` of a solver answer `a.out` for the 5x5 CNF the test writes as `{dir}/5x5.cnf`.
const fn answer(what: &'static str, text: &'static str, says: &'static [&'static str]) -> Case {
    let args = &["decode", "--board", "5x5", "{dir}/5x5.cnf", "{dir}/a.out"];
    with_input(what, args, ("a.out", text), says)
}

/// `decode` of a CNF file `c.cnf` for --board 5x5, with an unsatisfiable answer.
const fn cnf(what: &'static str, text: &'static str, says: &'static [&'static str]) -> Case {
    Case {
        what,
        args: &["decode", "--board", "5x5", "{dir}/c.cnf", "{dir}/u.out"],
        input: Some(("c.cnf", text)),
        files: &[("u.out", "s UNSATISFIABLE\n")],
        says,
    }
}

const CASES: &[Case] = &[
    // Model files.
    model(
        "a misspelt field",
        "board = \"8x8\"\nclosd = true\n",
        &["line 2", "closd"],
    ),
    model("no board", "closed = true\n", &["board"]),
    model(
        "a board that is no size",
        "board = \"8by8\"\n",
        &["8by8", "ROWSxCOLS"],
    ),
    model("a side of 0", "board = \"0x8\"\n", &["0x8", "length 0"]),
    model(
        "a side too large",
        "board = \"99999999999999999999999x2\"\n",
        &["larger"],
    ),
    model(
        "too many cells",
        "board = \"100000x100000\"\n",
        &["100000x100000", "cells"],
    ),
    model("a board as a number", "board = 8\n", &["line 1", "board"]),
    model(
        "a leaper of three",
        "board = \"8x8\"\nleaper = [1, 2, 3]\n",
        &["line 2", "has 3"],
    ),
    model(
        "a leaper of one",
        "board = \"8x8\"\nleaper = [1]\n",
        &["line 2", "has 1"],
    ),
    model(
        "a leaper that stays",
        "board = \"8x8\"\nleaper = [0, 0]\n",
        &["leaper", "does not move"],
    ),
    model(
        "a negative leaper",
        "board = \"8x8\"\nleaper = [-1, 2]\n",
        &["line 2", "leaper"],
    ),
    model(
        "closed as text",
        "board = \"8x8\"\nclosed = \"yes\"\n",
        &["line 2", "closed"],
    ),
    model(
        "closed as a bare word",
        "board = \"8x8\"\nclosed = yes\n",
        &["line 2", "`closed` takes true or false", "not `yes`"],
    ),
    model(
        "an unknown symmetry",
        "board = \"8x8\"\nsymmetry = \"rot45\"\n",
        &["line 2", "rot45"],
    ),
    model(
        "an angle kind that does not exist",
        "board = \"8x8\"\nclosed = true\n[angles]\nblunt = { at_most = 3 }\n",
        &["line 4", "blunt", "obtuse"],
    ),
    model(
        "an angle bound no tour can meet by counting",
        "board = \"8x8\"\nclosed = true\n[angles]\nobtuse = { at_least = 100 }\n",
        &["angles.obtuse", "100", "64"],
    ),
    model(
        "an angle bound of exactly and at most",
        "board = \"8x8\"\n[angles]\nright = { exactly = 3, at_most = 4 }\n",
        &["angles.right", "exactly"],
    ),
    model(
        "an angle bound with an unknown key",
        "board = \"8x8\"\n[angles]\nright = { fewer_than = 3 }\n",
        &["line 3", "fewer_than", "at_most"],
    ),
    model(
        "a quarter turn on a board that is not square",
        "board = \"6x8\"\nclosed = true\nsymmetry = \"rot90\"\n",
        &["symmetry", "rot90", "6x8", "square"],
    ),
    model(
        "a quarter turn in a box",
        "board = \"4x4x4\"\nclosed = true\nsymmetry = \"rot90\"\n",
        &["symmetry", "rot90", "4x4x4", "box"],
    ),
    model(
        "a start column off the board",
        "board = \"8x8\"\n[start]\ncols = [9]\n",
        &["start.cols", "9"],
    ),
    model(
        "layers on a flat board",
        "board = \"8x8\"\n[start]\nlayers = [0]\n",
        &["start.layers", "flat"],
    ),
    model(
        "a 3D cell on a flat board",
        "board = \"8x8\"\n[start]\ncells = [[0, 1, 2]]\n",
        &["start.cells", "[row, col]"],
    ),
    model(
        "a 2D cell in a box",
        "board = \"3x4x5\"\n[end]\ncells = [[1, 2]]\n",
        &["end.cells", "[layer, row, col]"],
    ),
    model(
        "an empty start set",
        "board = \"8x8\"\n[start]\n",
        &["start", "empty"],
    ),
    model(
        "an end row off the board",
        "board = \"8x8\"\n[end]\nrows = [-9]\n",
        &["end.rows", "-9"],
    ),
    model(
        "a misspelt start field",
        "board = \"8x8\"\n[start]\ncolumns = [0]\n",
        &["line 3", "columns"],
    ),
    model(
        "row sums that cannot tile",
        "board = \"8x8\"\n[sums]\nrows = 259\n",
        &["sums.rows", "2080"],
    ),
    model(
        "an unreachable diagonal",
        "board = \"8x8\"\n[sums]\ndiagonals = 600\n",
        &["diagonal 1", "never 600"],
    ),
    model(
        "half rows of an odd board",
        "board = \"5x5\"\n[sums]\nhalf_rows = 20\n",
        &["sums.half_rows", "odd"],
    ),
    model(
        "row sums in a box",
        "board = \"2x3x4\"\n[sums]\nrows = 10\n",
        &["sums", "flat boards"],
    ),
    model(
        "a line sum cell off the board",
        "board = \"5x5\"\n[[sums.lines]]\ncells = [[0, 0], [7, 7]]\ntarget = 10\n",
        &["sums.lines", "[7, 7]"],
    ),
    model(
        "a line sum without a target",
        "board = \"5x5\"\n[[sums.lines]]\ncells = [[0, 0]]\n",
        &["target"],
    ),
    model(
        "a required move that is no move",
        "board = \"8x8\"\nrequired_moves = [[[0, 0], [0, 1]]]\n",
        &["required_moves", "move"],
    ),
    model(
        "a required move of three cells",
        "board = \"8x8\"\nrequired_moves = [[[0, 0], [1, 2], [2, 4]]]\n",
        &["line 2", "required move 1"],
    ),
    model(
        "classes as a number",
        "board = \"8x8\"\n[classes]\nboard = 1\n",
        &["line 3", "board"],
    ),
    model("unclosed TOML", "board = \"8x8\n", &["line 1"]),
    model(
        "a sum target as text",
        "board = \"8x8\"\n[sums]\nrows = \"lots\"\n",
        &["line 3", "rows"],
    ),
    case(
        "a missing model file",
        &["show", "{dir}/none.toml"],
        &[],
        &["none.toml", "No such file"],
    ),
    case(
        "a model that is a folder",
        &["show", "{dir}"],
        &[],
        &["cannot read"],
    ),
    // Flags.
    case(
        "a leaper flag that is no pair",
        &["show", "--board", "8x8", "--leaper", "one"],
        &[],
        &["--leaper", "'one'"],
    ),
    case(
        "a leaper flag of zeros",
        &["show", "--board", "8x8", "--leaper", "0,0"],
        &[],
        &["--leaper", "does not move"],
    ),
    case(
        "a start cell off the board",
        &["show", "--board", "8x8", "--start-cell", "9,9"],
        &[],
        &["start.cells", "[9, 9]"],
    ),
    case(
        "a start cell that is no cell",
        &["show", "--board", "8x8", "--start-cell", "a,b"],
        &[],
        &["--start-cell", "'a,b'"],
    ),
    case(
        "an unknown symmetry flag",
        &["show", "--board", "8x8", "--symmetry", "rot45"],
        &[],
        &["--symmetry", "rot45"],
    ),
    case(
        "an angle kind to minimise that does not exist",
        &[
            "optimise",
            "--board",
            "6x6",
            "--closed",
            "--minimise",
            "blunt",
        ],
        &[],
        &["--minimise", "blunt", "obtuse"],
    ),
    case(
        "a quarter-turn flag on a board that is not square",
        &[
            "count",
            "--board",
            "6x10",
            "--closed",
            "--symmetry",
            "rot90",
        ],
        &[],
        &["symmetry", "rot90", "6x10", "square"],
    ),
    case(
        "a negative time-out",
        &["count", "--board", "5x5", "--timeout", "-1"],
        &[],
        &["--timeout"],
    ),
    case(
        "a model file and --board",
        &["show", "models/open-5x5.toml", "--board", "5x5"],
        &[],
        &["not both"],
    ),
    case("no model at all", &["show"], &[], &["no model"]),
    case(
        "a prefix too long",
        &[
            "count",
            "--board",
            "8x8",
            "--start-cell",
            "0,0",
            "--prefix-length",
            "40",
        ],
        &[],
        &["--prefix-length 40"],
    ),
    case(
        "a SAT option for the native search",
        &[
            "count", "--board", "5x5", "--engine", "search", "--solver", "varisat",
        ],
        &[],
        &["--solver", "SAT engine"],
    ),
    case(
        "an unknown CaDiCaL option",
        &["count", "--board", "5x5", "--cadical-option", "nonsense=1"],
        &[],
        &["nonsense"],
    ),
    case(
        "resuming the native search",
        &[
            "count",
            "--board",
            "5x5",
            "--engine",
            "search",
            "--resume",
            "{dir}/r.jsonl",
        ],
        &[("r.jsonl", "")],
        &["--resume needs --engine sat"],
    ),
    case(
        "resuming into text",
        &[
            "enumerate",
            "--board",
            "5x5",
            "--resume",
            "{dir}/r.jsonl",
            "--format",
            "text",
        ],
        &[("r.jsonl", "")],
        &["--resume", "--format text"],
    ),
    // Tour files.
    tour(
        "a repeated number",
        "1 2 3\n4 5 5\n",
        &["t.txt", "number 5 appears twice", "line 2"],
    ),
    tour(
        "a short row",
        "1 2 3\n4 5\n",
        &["line 2", "row has 2 numbers"],
    ),
    tour(
        "a word in the grid",
        "1 2 x\n4 5 6\n",
        &["line 1", "'x' is not a number"],
    ),
    tour(
        "a number past the board",
        "1 2 3\n4 5 7\n",
        &["line 2", "out of range"],
    ),
    tour("a number 0", "0 2 3\n4 5 6\n", &["line 1", "out of range"]),
    tour("an empty file", "# nothing\n", &["t.txt", "no numbers"]),
    tour(
        "a record cut short",
        "{\"bad\n",
        &["line 1", "not a tour record"],
    ),
    tour(
        "a record with too few numbers",
        "{\"board\":\"2x3\",\"numbers\":[1,2,3]}\n",
        &["line 1"],
    ),
    tour(
        "a record with a bad board",
        "{\"board\":\"2y3\",\"numbers\":[1,2,3,4,5,6]}\n",
        &["line 1", "2y3"],
    ),
    tour(
        "a record with a repeated number",
        "{\"board\":\"2x3\",\"numbers\":[1,2,3,4,5,5]}\n",
        &["line 1", "5"],
    ),
    tour(
        "a second record broken",
        "{\"board\":\"2x3\",\"numbers\":[1,2,3,6,5,4]}\n{\"board\":\"2x3\",\"numbers\":\"x\"}\n",
        &["line 2"],
    ),
    case(
        "a missing tour file",
        &["verify", "--board", "2x3", "{dir}/none.txt"],
        &[],
        &["none.txt"],
    ),
    case(
        "a ragged layer",
        &["verify", "--board", "2x2x2", "{dir}/t.txt"],
        &[("t.txt", "1 2\n3 4\n\n5 6\n")],
        &["line 4", "layer has 1 rows"],
    ),
    case(
        "render of a grid that is no tour",
        &["render", "{dir}/t.txt"],
        &[("t.txt", "1 2 3\n4 5 6\n")],
        &["not a tour", "move 1 -> 2 from (0,0)"],
    ),
    case(
        "render --closed of an open tour",
        &["render", "tests/data/tours/open-5x5.txt", "--closed"],
        &[],
        &["--closed", "not a 1,2 leap"],
    ),
    // Solver answers.
    answer(
        "no status line",
        "v 1 0\n",
        &["a.out", "no 's' status line"],
    ),
    answer("an unknown status", "s MAYBE\n", &["line 1", "MAYBE"]),
    answer(
        "two status lines",
        "s UNSATISFIABLE\ns UNSATISFIABLE\n",
        &["line 2", "second 's'"],
    ),
    answer(
        "values cut off",
        "s SATISFIABLE\nv 1 2 3\n",
        &["a.out", "cut off"],
    ),
    answer(
        "a word among the values",
        "s SATISFIABLE\nv 1 x 0\n",
        &["line 2", "'x' is not a literal"],
    ),
    answer(
        "values after the 0",
        "s SATISFIABLE\nv 1 0\nv 2 0\n",
        &["line 3", "after the terminating 0"],
    ),
    answer(
        "a variable given both values",
        "s SATISFIABLE\nv 1 -1 0\n",
        &["line 2", "both values"],
    ),
    answer(
        "values without SATISFIABLE",
        "s UNSATISFIABLE\nv 1 0\n",
        &["line 2", "not SATISFIABLE"],
    ),
    answer(
        "an answer for a larger CNF",
        "s SATISFIABLE\nv 1 -2 9999 0\n",
        &["a.out", "5x5.cnf", "variable 9999"],
    ),
    answer(
        "a partial assignment",
        "s SATISFIABLE\nv 1 0\n",
        &["a.out", "variable 2 has no value"],
    ),
    answer(
        "a stray line",
        "s SATISFIABLE\nhello\n",
        &["line 2", "hello"],
    ),
    // CNF files.
    cnf(
        "a CNF without the options line",
        "p cnf 2 1\n1 2 0\n",
        &["c.cnf", "knights-options"],
    ),
    cnf(
        "a bad problem line",
        "p cnf x 1\n1 0\n",
        &["c.cnf", "line 1", "p cnf"],
    ),
    cnf(
        "a clause before the problem line",
        "1 2 0\np cnf 2 1\n",
        &["c.cnf", "line 1", "before"],
    ),
    cnf(
        "a literal past the declared variables",
        "p cnf 2 1\n1 3 0\n",
        &["c.cnf", "line 2", "literal 3"],
    ),
    cnf(
        "fewer clauses than declared",
        "p cnf 2 3\n1 2 0\n",
        &["c.cnf", "cut off"],
    ),
    cnf(
        "a last clause without its 0",
        "p cnf 2 1\n1 2\n",
        &["c.cnf", "line 2", "cut off"],
    ),
    cnf(
        "a word among the literals",
        "p cnf 2 1\n1 two 0\n",
        &["c.cnf", "line 2", "'two'"],
    ),
    cnf("no problem line", "c nothing here\n", &["c.cnf", "'p cnf"]),
];

/// The CNF of --board 5x5 that the answer cases answer.
fn write_cnf(dir: &Path) {
    let path = dir.join("5x5.cnf").display().to_string();
    let out = knights(&["dimacs", "--board", "5x5", "-o", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn every_malformed_input_is_refused_by_name_without_a_panic() {
    assert!(
        CASES.len() >= 50,
        "the catalogue holds {} cases",
        CASES.len()
    );
    let mut failures = Vec::new();
    for case in CASES {
        let dir = tempfile::tempdir().unwrap();
        write_cnf(dir.path());
        for (name, text) in case.files.iter().chain(&case.input) {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let shown = dir.path().display().to_string();
        let args: Vec<String> = case
            .args
            .iter()
            .map(|a| a.replace("{dir}", &shown))
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = knights(&args);
        let err = stderr(&out);
        let missing: Vec<&&str> = case.says.iter().filter(|s| !err.contains(**s)).collect();
        if out.status.code() != Some(2) || err.contains("panicked") || !missing.is_empty() {
            failures.push(format!(
                "{}: exit {:?}, missing {missing:?}\n  {}",
                case.what,
                out.status.code(),
                err.trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
