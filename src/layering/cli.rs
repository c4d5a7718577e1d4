//! The layering of the binary's `src/cli/`, checked on the source: shared layers below the
//! commands, each importing only the layers below it, and no command importing another.
//! `super::` paths are resolved against the file's place, so a relative import cannot slip
//! past. The root `cli/mod.rs`, which dispatches to every command, is above them all.

use super::{group_heads, identifier, non_test_code, sources};
use std::path::Path;

/// The CLI's layers, lowest first: a module may import from its own layer's shared modules
/// and from the layers before it.
const CLI_LAYERS: &[&str] = &["io", "presentation", "arguments", "lowering", "commands"];

/// The layer whose modules are commands: one may import its own parts, not another command.
const COMMANDS: &str = "commands";

/// A file's module path under `src/cli/`: `commands/enumerate/mod.rs` is
/// `[commands, enumerate]`, `commands/solve.rs` is `[commands, solve]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .map(|c| c.trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

/// Each CLI path the code names, as a module path from `cli`: `crate::cli::a::b` gives
/// `[a, b]` (one path per item of a group), and `super::x` in the module at `here` gives the
/// path of `x`. Only the first two segments matter for the layering.
fn imported_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::cli::") {
        out.extend(paths_after(&code[at + "crate::cli::".len()..], Vec::new()));
    }
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        let preceded = rest[..at].chars().last();
        let is_start = !preceded.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
        let mut tail = &rest[at..];
        rest = &rest[at + "super::".len()..];
        if !is_start {
            continue;
        }
        let mut base = here.to_vec();
        while let Some(after) = tail.strip_prefix("super::") {
            base.pop();
            tail = after;
        }
        out.extend(paths_after(tail, base));
    }
    out
}

/// The paths `base::<text>` names, up to two segments deep, a group giving one per item.
fn paths_after(text: &str, base: Vec<String>) -> Vec<Vec<String>> {
    if base.len() >= 2 {
        return vec![base];
    }
    if let Some(group) = text.strip_prefix('{') {
        return group_heads(group)
            .into_iter()
            .map(|head| {
                let mut path = base.clone();
                path.push(head);
                path
            })
            .collect();
    }
    let head = identifier(text);
    if head.is_empty() || head == "self" || head == "*" {
        return vec![base];
    }
    let mut path = base;
    path.push(head.clone());
    match text[head.len()..].strip_prefix("::") {
        Some(more) => paths_after(more, path),
        None => vec![path],
    }
}

/// Whether the module at `from` may import the module at `to` (both paths from `cli`).
fn allowed(from: &[String], to: &[String]) -> bool {
    let layer = |path: &[String]| {
        path.first()
            .and_then(|head| CLI_LAYERS.iter().position(|l| l == head))
    };
    let (Some(own), Some(target)) = (layer(from), layer(to)) else {
        // The root module and paths outside the layers (the macros' crate root) are free.
        return from.is_empty() || to.is_empty() || layer(to).is_none();
    };
    match target.cmp(&own) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal if CLI_LAYERS[own] == COMMANDS => from.get(1) == to.get(1),
        std::cmp::Ordering::Equal => true,
    }
}

/// Every CLI import that runs against the layering, as "file: from -> to".
fn cli_violations() -> Vec<String> {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut files = Vec::new();
    sources(&cli, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&cli).expect("a file under src/cli");
        let here = module_path(relative);
        for to in imported_paths(&non_test_code(file), &here) {
            if !allowed(&here, &to) {
                out.push(format!(
                    "cli/{}: {} -> {}",
                    relative.display(),
                    here.join("::"),
                    to.join("::")
                ));
            }
        }
    }
    out
}

#[test]
fn no_cli_module_imports_from_above_or_from_another_command() {
    let broken = cli_violations();
    assert!(
        broken.is_empty(),
        "imports against the CLI's layering:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_cli_folder_is_a_layer() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    for entry in std::fs::read_dir(&cli).expect("src/cli is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            assert!(CLI_LAYERS.contains(&name), "src/cli/{name} is no layer");
        } else {
            assert_eq!(name, "mod.rs", "src/cli/{name} belongs in a layer's folder");
        }
    }
}

#[test]
fn the_cli_check_resolves_relative_and_grouped_imports() {
    let solve = ["commands".to_string(), "solve".to_string()];
    let found = imported_paths(
        "use super::enumerate::Args;\nuse crate::cli::{io::atomic, lowering::engine};",
        &solve,
    );
    let other_command = vec!["commands".to_string(), "enumerate".to_string()];
    assert!(found.contains(&other_command));
    // A group's items are known by their first segment: the layer is what matters.
    assert!(found.contains(&vec!["io".to_string()]));
    assert!(found.contains(&vec!["lowering".to_string()]));
    assert!(
        !allowed(&solve, &other_command),
        "one command imports another"
    );
    let part = ["commands".into(), "enumerate".into(), "resume".into()];
    let parent = imported_paths("use super::Resumed;", &part);
    assert!(
        allowed(&part, &parent[0]),
        "a command's part imports its command"
    );
    let io = ["io".to_string(), "tours".to_string()];
    assert!(!allowed(&io, &["presentation".into(), "output".into()]));
    assert!(allowed(&solve, &["presentation".into(), "output".into()]));
}
