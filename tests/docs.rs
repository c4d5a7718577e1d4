//! The documentation's links and size: every relative link in README.md, CONTRIBUTING.md and
//! docs/*.md points to a file or folder of the repository (and to a heading, where it names
//! one in a markdown file), and README.md stays a front page of under 250 lines.

use crate::common::load::root;
use std::path::{Path, PathBuf};

/// The most lines README.md may have.
const README_MAX_LINES: usize = 250;

/// The markdown files whose links are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("CONTRIBUTING.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The targets of the markdown links `[text](target)` outside fenced code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_string());
            }
        }
    }
    targets
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown text's headings (outside fenced code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every relative link of the markdown file `file` (whose text is `text`) that does not
/// resolve, as "file: target (why)".
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().expect("a file in a folder");
    let mut out = Vec::new();
    for target in link_targets(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, fragment) = match target.split_once('#') {
            Some((path, fragment)) => (path, Some(fragment)),
            None => (target.as_str(), None),
        };
        let resolved = if path.is_empty() {
            file.to_path_buf()
        } else {
            dir.join(path)
        };
        let shown = file.strip_prefix(root()).unwrap_or(file).display();
        if !resolved.exists() {
            out.push(format!("{shown}: {target} (no such file)"));
            continue;
        }
        if let Some(fragment) = fragment {
            if resolved.extension().is_some_and(|e| e == "md") {
                let linked = std::fs::read_to_string(&resolved).expect("a readable file");
                if !anchors(&linked).iter().any(|a| a == fragment) {
                    out.push(format!("{shown}: {target} (no such heading)"));
                }
            }
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let files = documents();
    assert!(files.len() > 2, "docs/ holds markdown files");
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable document");
        broken.extend(broken_links(file, &text));
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_front_page() {
    let text = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = text.lines().count();
    assert!(
        lines < README_MAX_LINES,
        "README.md has {lines} lines; keep it under {README_MAX_LINES} and move the rest to docs/"
    );
}

#[test]
fn the_link_check_sees_a_missing_file_and_a_missing_heading() {
    let file = root().join("docs/guide.md");
    let text = "See [the guide](guide.md#commands), [gone](no-such.md), \
                [a heading](guide.md#no-such-heading), [web](https://example.org/x) and\n\
                ```\n[in code](not-checked.md)\n```\n";
    let broken = broken_links(&file, text);
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].contains("no-such.md (no such file)"));
    assert!(broken[1].contains("no-such-heading (no such heading)"));
}

#[test]
fn anchors_are_github_s() {
    assert_eq!(
        anchor(" Symmetric tours (seed 001)"),
        "symmetric-tours-seed-001"
    );
    assert_eq!(
        anchor(" Proofs: certified \"none\" answers"),
        "proofs-certified-none-answers"
    );
}
