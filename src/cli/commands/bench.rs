//! `knights bench`: run the benchmark suite and record it in results/.

use crate::cli::presentation::command_line::command_line;
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::bench::{attach_speedups, encoding_suite, machine, measure, suite, Case, CaseResult};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// The options of `knights bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Runs per case; the median is reported.
    #[arg(long, default_value_t = 3)]
    pub repeats: usize,
    /// Also run the cases that take minutes (8x8 enumerations, the nested semimagic model,
    /// the proof that no magic closed centrosymmetric tour exists, the first tour of every
    /// shipped model).
    #[arg(long)]
    pub heavy: bool,
    /// Run the line-sum encoding comparison instead of the main suite: every
    /// `--pb-encoding` on the same models, one thread, with CNF size and conflicts
    /// (counting every class, or finding one tour on the larger models).
    #[arg(long)]
    pub encodings: bool,
    /// Only cases whose name contains this text. Repeatable: a case is run if it
    /// matches any.
    #[arg(long)]
    pub filter: Vec<String>,
    /// Threads for the engines (0: one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub jobs: usize,
    /// A run longer than this stops and is recorded as incomplete.
    #[arg(long, default_value_t = 900.0, value_parser = crate::cli::arguments::flags::seconds, allow_negative_numbers = true)]
    pub timeout: f64,
    /// Folder for the record.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// Print the names of the cases the other options select (heavy ones marked), one a
    /// line, and run nothing.
    #[arg(long)]
    pub list: bool,
}

#[derive(Serialize)]
struct Record {
    command: String,
    commit: String,
    machine: String,
    date: String,
    repeats: usize,
    results: Vec<CaseResult>,
}

/// Runs the selected cases and writes their record (JSON and Markdown) to `--out`.
pub fn run(args: BenchArgs) -> Result<ExitCode> {
    let all = if args.encodings {
        encoding_suite()
    } else {
        suite(args.jobs)
    };
    check_filters(&args.filter, &all, args.heavy)?;
    let cases: Vec<_> = all
        .into_iter()
        .filter(|c| args.heavy || !c.heavy)
        .filter(|c| args.filter.is_empty() || args.filter.iter().any(|f| c.name.contains(f)))
        .collect();
    if args.list {
        for case in &cases {
            let heavy = if case.heavy { "  (--heavy)" } else { "" };
            outln!("{}{heavy}", case.name)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    // Read before the runs: the tree may change while they take minutes.
    let commit = commit_label();
    let date = or_unknown(git(&["log", "-1", "--format=%cI"]));
    let mut results = Vec::new();
    for case in &cases {
        errln!("bench: {} ...", case.name);
        let result = measure(case, args.repeats, Duration::from_secs_f64(args.timeout))?;
        errln!(
            "bench: {} median {:.3} s{}",
            case.name,
            result.median_seconds,
            if result.complete { "" } else { " (incomplete)" }
        );
        results.push(result);
    }
    attach_speedups(&cases, &mut results);
    let record = Record {
        command: command_line(),
        commit,
        machine: machine(),
        date,
        repeats: args.repeats,
        results,
    };
    std::fs::create_dir_all(&args.out)?;
    let kind = if args.encodings { "encodings" } else { "bench" };
    let stem = free_stem(&args.out, &format!("{kind}-{}", record.commit));
    let json_path = args.out.join(format!("{stem}.json"));
    std::fs::write(&json_path, serde_json::to_string_pretty(&record)? + "\n")
        .with_context(|| format!("cannot write {}", json_path.display()))?;
    let md_path = args.out.join(format!("{stem}.md"));
    std::fs::write(&md_path, markdown(&record))?;
    outln!("{}", markdown(&record))?;
    errln!("wrote {} and {}", json_path.display(), md_path.display());
    Ok(ExitCode::SUCCESS)
}

/// Refuses a `--filter` that selects nothing, so that a mistyped name is not a
/// record with no cases in it.
fn check_filters(filters: &[String], all: &[Case], heavy: bool) -> Result<()> {
    for filter in filters {
        let matching: Vec<&Case> = all.iter().filter(|c| c.name.contains(filter)).collect();
        if matching.is_empty() {
            let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
            bail!(
                "--filter {filter:?} matches no case; the cases are: {}",
                names.join("; ")
            );
        }
        if !heavy && matching.iter().all(|c| c.heavy) {
            bail!("--filter {filter:?} matches only cases that need --heavy");
        }
    }
    Ok(())
}

/// `base`, or `base-2`, `base-3`, ... if an earlier run of the same commit
/// already wrote its record under that name: a record is never overwritten.
fn free_stem(out: &Path, base: &str) -> String {
    let taken = |stem: &str| {
        ["json", "md"]
            .iter()
            .any(|ext| out.join(format!("{stem}.{ext}")).exists())
    };
    std::iter::once(base.to_string())
        .chain((2..).map(|n| format!("{base}-{n}")))
        .find(|stem| !taken(stem))
        .expect("some numbered name is free")
}

/// The short hash of HEAD, with `-dirty` if tracked files have uncommitted changes.
fn commit_label() -> String {
    let commit = or_unknown(git(&["rev-parse", "--short", "HEAD"]));
    let dirty = !git(&["status", "--porcelain", "--untracked-files=no"]).is_empty();
    if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    }
}

/// What git prints, trimmed; empty if git is missing or fails.
fn git(args: &[&str]) -> String {
    Command::new("git")
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// `text`, or "unknown" where git gave nothing.
fn or_unknown(text: String) -> String {
    if text.is_empty() {
        "unknown".into()
    } else {
        text
    }
}

fn markdown(record: &Record) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Benchmark run {}\n", record.commit);
    let _ = writeln!(out, "- command: `{}`", record.command);
    let _ = writeln!(out, "- commit: {} ({})", record.commit, record.date);
    let _ = writeln!(out, "- machine: {}", record.machine);
    let _ = writeln!(out, "- runs per case: {} (median shown)\n", record.repeats);
    let _ = writeln!(
        out,
        "| case | median s | runs (s) | solutions | classes | nodes | complete | x baseline | variables | clauses | conflicts | calls | cuts |"
    );
    let _ = writeln!(
        out,
        "|---|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"
    );
    for r in &record.results {
        let runs: Vec<String> = r.seconds.iter().map(|s| format!("{s:.3}")).collect();
        let classes = r.classes.map_or("-".into(), |c| c.to_string());
        let nodes = r.nodes.map_or("-".into(), |n| n.to_string());
        let speedup = r.speedup.map_or("-".into(), |s| format!("{s:.2}"));
        let sat = r.sat.as_ref().map_or("- | - | - | - | -".into(), |f| {
            let conflicts = f.conflicts.map_or("-".into(), |c| c.to_string());
            let (calls, cuts) = (f.solve_calls, f.subtour_cuts);
            format!(
                "{} | {} | {conflicts} | {calls} | {cuts}",
                f.variables, f.clauses
            )
        });
        let _ = writeln!(
            out,
            "| {} | {:.3} | {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.median_seconds,
            runs.join(", "),
            r.solutions,
            classes,
            nodes,
            r.complete,
            speedup,
            sat
        );
    }
    out
}
