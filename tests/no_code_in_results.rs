//! results/ holds data and notes; the code that produced a figure lives in experiments/, under
//! the folder name its results have (issue 76, point 5). These tests fail when a script, a
//! Rust file or a patch appears under results/ again, naming it, and check that every Python
//! file of experiments/ still compiles (when python3 is installed; under CI it must be).
//!
//! The two ladders' job folders (results/ladder-4x17, results/ladder-4x18: their packed job
//! files) are not walked.

use crate::common::load::root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How the name of a file of code ends.
const CODE: [&str; 4] = [".py", ".sh", ".rs", ".patch"];

/// Folders of results/ not walked: the ladders' job files, and nothing of them is code.
fn skipped(name: &str) -> bool {
    name.starts_with("ladder-4x1")
}

/// Every file under `dir` (recursively, folders of `skipped` names at its top left out),
/// as paths relative to `dir`, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, base: &Path, top: bool, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap())
            .collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type().unwrap().is_dir() {
                if !(top && skipped(&name)) {
                    walk(&path, base, false, out);
                }
            } else {
                out.push(path.strip_prefix(base).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, true, &mut out);
    out
}

/// The files of code under `dir`, as `files_under` lists them.
fn code_under(dir: &Path) -> Vec<PathBuf> {
    files_under(dir)
        .into_iter()
        .filter(|p| CODE.iter().any(|end| p.to_string_lossy().ends_with(end)))
        .collect()
}

#[test]
fn results_hold_no_code() {
    let results = root().join("results");
    let code = code_under(&results);
    assert!(
        code.is_empty(),
        "results/ holds code; move it to experiments/<same folder>/ with a README \
         (experiments/frontier-forecast is the pattern):\n{}",
        code.iter()
            .map(|p| format!("  results/{}", p.display()))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_check_names_code_anywhere_under_results_but_the_ladders() {
    let dir = tempfile::tempdir().unwrap();
    let make = |path: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    };
    for path in [
        "notes/README.md",
        "notes/table.jsonl",
        "notes/run.sh",
        "deep/er/fix.patch",
        "proto.rs",
        "count.py",
        "ladder-4x17/job.sh",
        "ladder-4x18/deep/job.py",
        "other/ladder-4x17/inner.py",
    ] {
        make(path);
    }
    let found: Vec<String> = code_under(dir.path())
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        found,
        [
            "count.py",
            "deep/er/fix.patch",
            "notes/run.sh",
            "other/ladder-4x17/inner.py",
            "proto.rs"
        ]
    );
}

#[test]
fn experiments_python_compiles() {
    if !crate::external_solvers::have("python3") {
        return;
    }
    let files: Vec<PathBuf> = files_under(&root().join("experiments"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .map(|p| root().join("experiments").join(p))
        .collect();
    assert!(!files.is_empty(), "experiments/ has no Python file");
    // compile() checks the syntax without writing __pycache__ into the tree.
    let script = "import sys\n\
                  bad = 0\n\
                  for path in sys.argv[1:]:\n\
                  \x20   try:\n\
                  \x20       compile(open(path, encoding='utf-8').read(), path, 'exec')\n\
                  \x20   except SyntaxError as e:\n\
                  \x20       print(f'{path}:{e.lineno}: {e.msg}')\n\
                  \x20       bad += 1\n\
                  sys.exit(1 if bad else 0)\n";
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(&files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "Python files of experiments/ that do not compile:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
