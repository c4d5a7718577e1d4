//! The text people read, pinned: a few commands' whole output (stdout, then stderr) against
//! files in tests/data/pinned/, so that a summary, a model's description or an error cannot
//! drift unnoticed where other tests only look for a phrase. Times are written as `T`. With
//! `KNIGHTS_BLESS=1` in the environment the test rewrites the files instead of comparing.

use crate::common::cli::knights;
use crate::common::load::root;

/// Each case: its file's name and the command's arguments.
const CASES: &[(&str, &[&str])] = &[
    ("show-closed-6x6", &["show", "models/closed-6x6.toml"]),
    (
        "count-closed-6x6-search",
        &[
            "count", "--board", "6x6", "--closed", "--engine", "search", "--format", "text",
        ],
    ),
    (
        "count-open-3x4-frontier",
        &[
            "count", "--board", "3x4", "--engine", "frontier", "--format", "text",
        ],
    ),
    (
        "solve-closed-6x6-search",
        &[
            "solve",
            "models/closed-6x6.toml",
            "--engine",
            "search",
            "-j",
            "1",
            "--format",
            "text",
        ],
    ),
    (
        "verify-closed-6x6",
        &[
            "verify",
            "models/closed-6x6.toml",
            "tests/data/pinned/closed-6x6-tour.txt",
        ],
    ),
    ("refused-board", &["count", "--board", "6x"]),
];

/// The output of `args` as one text: the exit code, stdout, then stderr, times as `T`.
fn shown(args: &[&str]) -> String {
    let out = knights(args);
    let text = format!(
        "$ knights {}\nexit: {:?}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    without_times(&text)
}

/// `text` with every time in seconds (`0.01 s`) written `T s`.
fn without_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" s") {
        let (before, after) = rest.split_at(at);
        let number = before
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |i| i + 1);
        let digits = &before[number..];
        if digits.contains('.') && digits.starts_with(|c: char| c.is_ascii_digit()) {
            out.push_str(&before[..number]);
            out.push('T');
        } else {
            out.push_str(before);
        }
        out.push_str(" s");
        rest = &after[2..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_text_people_read_is_as_pinned() {
    let bless = std::env::var_os("KNIGHTS_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, args) in CASES {
        let path = root().join(format!("tests/data/pinned/{name}.txt"));
        let now = shown(args);
        if bless {
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let pinned = std::fs::read_to_string(&path).unwrap_or_default();
        if pinned != now {
            differ.push(format!("{}:\n{now}", path.display()));
        }
    }
    assert!(
        differ.is_empty(),
        "output differs from its pinned file (rerun with KNIGHTS_BLESS=1 if the change is \
         meant, and read the diff):\n{}",
        differ.join("\n")
    );
}

#[test]
fn times_are_masked_and_nothing_else() {
    assert_eq!(
        without_times("exhausted (0.01 s, search engine); 12.5 s left; 3 s; rows 5"),
        "exhausted (T s, search engine); T s left; 3 s; rows 5"
    );
}
