//! The layering docs/architecture.md documents, checked on the source: no module imports from a layer
//! above its own, modules of one layer do not import each other, and the verifier imports
//! nothing but the board, the tour and the puzzle. Test code is exempt: a test may drive any
//! layer to check another.

mod cli;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The library's top-level modules, lowest layer first. A module may import from the layers
/// below its own.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "cells and moves, the user's files",
        &["board", "random", "files"],
    ),
    ("tours", &["tour"]),
    ("symmetry", &["symmetry"]),
    ("model files", &["spec"]),
    ("meaning", &["puzzle"]),
    ("checking and runs", &["verify", "run"]),
    ("CNF", &["encode"]),
    ("solvers and files", &["solver", "format"]),
    ("engines", &["search", "sat", "frontier"]),
    ("engine choice", &["choice"]),
    (
        "constructions, samples, optima and split runs",
        &["construct", "sample", "optimise", "distribute", "clues"],
    ),
    ("classifications", &["classify"]),
    ("tools", &["render", "bench"]),
];

/// What the verifier may import: it shares no code with any engine.
const VERIFIER_IMPORTS: &[&str] = &["board", "puzzle", "tour"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// Every `.rs` file under `dir`.
pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`None` for the crate root and the binary's CLI).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    let module = first.trim_end_matches(".rs");
    layer_of(module).map(|_| module.to_string())
}

/// The source without test code: files of tests, and everything from a `#[cfg(test)]` on.
pub(crate) fn non_test_code(file: &Path) -> String {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name == "tests.rs" {
        return String::new();
    }
    let text = std::fs::read_to_string(file).expect("a readable source file");
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules named by `crate::` paths, including those inside `crate::{...}`.
fn imported_modules(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            out.extend(group_heads(group));
        } else {
            out.insert(identifier(rest));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// The first path segment of each item of a `{...}` group (up to its closing brace).
pub(crate) fn group_heads(group: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expecting_head = true;
    for (i, ch) in group.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => expecting_head = true,
            c if expecting_head && depth == 0 && (c.is_alphanumeric() || c == '_') => {
                heads.push(identifier(&group[i..]));
                expecting_head = false;
            }
            _ => {}
        }
    }
    heads
}

pub(crate) fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Every import that runs against the layering, as "file: module -> imported".
fn violations() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let own = layer_of(&module).expect("a listed module");
        for imported in imported_modules(&non_test_code(file)) {
            let allowed = match layer_of(&imported) {
                _ if imported == module => true,
                _ if module == "verify" => VERIFIER_IMPORTS.contains(&imported.as_str()),
                Some(layer) => layer < own,
                None => false,
            };
            if !allowed {
                let shown = file.strip_prefix(&src).unwrap_or(file).display();
                out.push(format!("{shown}: {module} -> {imported}"));
            }
        }
    }
    out
}

#[test]
fn no_module_imports_from_its_own_layer_or_above() {
    let broken = violations();
    assert!(
        broken.is_empty(),
        "imports against the layering:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("src/lib.rs is readable");
    for line in lib.lines() {
        if let Some(name) = line.strip_prefix("pub mod ") {
            let name = name.trim_end_matches(';');
            assert!(layer_of(name).is_some(), "module {name} has no layer");
        }
    }
}

#[test]
fn the_check_sees_imports_in_groups_and_paths() {
    let code = "use crate::{board::Cell, tour::{Tour, TourError}};\nlet x = crate::sat::count();";
    let found: Vec<String> = imported_modules(code).into_iter().collect();
    assert_eq!(found, ["board", "sat", "tour"]);
}

/// The rows of the first markdown table in `doc` whose header is `header`: the cells of each
/// row, trimmed, the header and its rule left out.
fn table_rows(doc: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = doc.lines().skip_while(|line| line.trim() != header).skip(2);
    let mut rows = Vec::new();
    for line in lines.by_ref() {
        let Some(inner) = line.trim().strip_prefix('|') else {
            break;
        };
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        rows.push(inner.split('|').map(|c| c.trim().to_string()).collect());
    }
    rows
}

/// The names in backquotes in a table cell: "`a`, `b`" gives a, b.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// How docs/architecture.md's tables differ from [`LAYERS`]: one line per difference, none
/// when the layer table lists every layer in order with its name and modules, and the table
/// of what each module owns has one row for each module.
fn doc_differences(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let layers = table_rows(doc, "| layer | name | modules |");
    if layers.len() != LAYERS.len() {
        out.push(format!(
            "the layer table has {} rows, the layering {} layers",
            layers.len(),
            LAYERS.len()
        ));
    }
    for (i, (name, modules)) in LAYERS.iter().enumerate() {
        let expected = vec![
            i.to_string(),
            (*name).to_string(),
            modules
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", "),
        ];
        match layers.get(i) {
            Some(row) if *row == expected => {}
            Some(row) => out.push(format!("layer {i}: the doc has {row:?}, not {expected:?}")),
            None => out.push(format!("layer {i} ({name}) is missing")),
        }
    }
    let owned: Vec<String> = table_rows(doc, "| module | owns |")
        .iter()
        .flat_map(|row| quoted(&row[0]))
        .collect();
    for module in LAYERS.iter().flat_map(|(_, modules)| modules.iter()) {
        let rows = owned.iter().filter(|m| m == module).count();
        if rows != 1 {
            out.push(format!(
                "module {module} has {rows} rows saying what it owns"
            ));
        }
    }
    for module in &owned {
        if layer_of(module).is_none() {
            out.push(format!(
                "module {module} says what it owns but has no layer"
            ));
        }
    }
    out
}

fn architecture_doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    std::fs::read_to_string(path).expect("docs/architecture.md is readable")
}

#[test]
fn the_architecture_doc_lists_the_layers() {
    let differences = doc_differences(&architecture_doc());
    assert!(
        differences.is_empty(),
        "docs/architecture.md differs from LAYERS in src/layering/mod.rs:\n{}",
        differences.join("\n")
    );
}

#[test]
fn the_doc_check_sees_a_module_moved_missing_or_unknown() {
    let doc = architecture_doc();
    let moved = doc.replace(
        "| 9 | engine choice | `choice` |",
        "| 9 | engine choice | |",
    );
    assert!(!doc_differences(&moved).is_empty());
    let renamed = doc.replace("| 1 | tours |", "| 1 | walks |");
    assert!(!doc_differences(&renamed).is_empty());
    let unknown = doc.replace("| `bench` |", "| `bench`, `nowhere` |");
    assert!(!doc_differences(&unknown).is_empty());
    let unowned = doc.replace("| `bench` |", "| bench |");
    assert!(!doc_differences(&unowned).is_empty());
}
