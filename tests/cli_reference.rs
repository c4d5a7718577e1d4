//! docs/reference.md is the binary's own help, generated: `knights --help`, then each
//! command's `--help` (and its subcommands', if it has any). The test regenerates the text
//! and fails when the file differs; with `KNIGHTS_BLESS=1` in the environment it rewrites
//! the file instead.

use crate::common::cli::{knights, stderr};
use crate::common::load::root;

/// The help of `knights ARGS... --help`.
fn help(args: &[&str]) -> String {
    let mut with_help: Vec<&str> = args.to_vec();
    with_help.push("--help");
    let out = knights(&with_help);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).expect("help is UTF-8")
}

/// The commands a help text lists under "Commands:", `help` left out.
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The section of one command and, after it, those of its subcommands.
fn sections(path: &[&str], out: &mut String) {
    let text = help(path);
    let title = std::iter::once("knights")
        .chain(path.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    out.push_str(&format!(
        "\n## {title}\n\n```text\n{}\n```\n",
        text.trim_end()
    ));
    for command in commands(&text) {
        let mut sub = path.to_vec();
        sub.push(&command);
        sections(&sub, out);
    }
}

/// The whole of docs/reference.md.
fn reference() -> String {
    let mut out = String::from(
        "# CLI reference\n\n\
         Every command's `--help`, as the binary prints it. This file is generated: \
         `tests/cli_reference.rs`\nfails when it differs from the binary's help, and \
         rewrites it when run with `KNIGHTS_BLESS=1`:\n\n\
         ```sh\n\
         KNIGHTS_BLESS=1 cargo test --release --test integration -- cli_reference::\n\
         ```\n\n\
         The [guide](guide.md) says what the commands are for, and when to use which engine.\n",
    );
    sections(&[], &mut out);
    out
}

#[test]
fn the_reference_is_the_binary_s_help() {
    let path = root().join("docs/reference.md");
    let generated = reference();
    if std::env::var_os("KNIGHTS_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("docs/reference.md is writable");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let first = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "docs/reference.md differs from the binary's help (first at line {}); rewrite it \
             with KNIGHTS_BLESS=1 cargo test --release --test integration -- cli_reference::",
            first + 1
        );
    }
}

#[test]
fn every_command_has_a_section() {
    let top = help(&[]);
    let listed = commands(&top);
    assert!(listed.len() > 10, "{top}");
    let text = reference();
    for command in listed {
        assert!(
            text.contains(&format!("\n## knights {command}\n")),
            "{command} has no section"
        );
    }
}
