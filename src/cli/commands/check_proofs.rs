//! `knights check-proofs DIR`: every proof a `--proof DIR` run wrote, checked by an outside
//! DRAT checker (the rate crate's `rate`, or `drat-trim` where there is no rate), one JSON
//! line each and a summary. Only the checker's "s VERIFIED" counts; a crash, a time-out or
//! any other verdict is a failure.
//!
//! A checker verifies any CNF it is handed, so each proof is first compared with its line in
//! its directory's `manifest.jsonl` (both files' SHA-256, the run that wrote it, its claim):
//! a proof without a line, a file whose hash differs, and a line whose files are gone all
//! fail without the checker being asked.

use crate::cli::io::proof_checker::{on_path, verdict, Checker, VERIFIED};
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::sat::manifest::{self, ManifestEntry};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct CheckProofsArgs {
    /// A directory a `--proof` run wrote (searched recursively for proof-N.cnf and
    /// proof-N.drat pairs).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The checker [default: rate if on the PATH, else drat-trim].
    #[arg(long, value_enum)]
    pub checker: Option<Checker>,
    /// Proofs checked at once (0: one per core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// One proof's check, as a JSON line.
#[derive(Serialize)]
struct Checked {
    proof: String,
    /// The run and the claim its manifest line gives; `None` when it has none.
    run: Option<String>,
    claim: Option<String>,
    cnf_bytes: u64,
    drat_bytes: u64,
    checker: &'static str,
    seconds: f64,
    verified: bool,
    /// The checker's verdict line, or why there is none.
    verdict: String,
}

/// The last line.
#[derive(Serialize)]
struct Totals {
    proofs: usize,
    verified: usize,
    failed: Vec<String>,
    cnf_bytes: u64,
    drat_bytes: u64,
    checker_seconds: f64,
}

/// Exit code 0 when every proof is verified, 1 when any is not, 2 when there are none.
pub fn run(args: CheckProofsArgs) -> Result<ExitCode> {
    // The directory first: a directory without proofs is the user's mistake to hear about
    // whether or not a checker is installed.
    let proofs = find_proofs(&args.dir)?;
    if proofs.is_empty() {
        bail!(
            "{}: no proofs in it (proof-N.cnf with proof-N.drat)",
            args.dir.display()
        );
    }
    let checker = match args.checker {
        Some(checker) if !on_path(checker.program()) => {
            bail!("--checker {}: not found on the PATH", checker.program())
        }
        Some(checker) => checker,
        None => Checker::find()?,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs)
        .build()?;
    let (listed, gone) = match_manifests(&proofs)?;
    let mut checked: Vec<Checked> = pool.install(|| {
        listed
            .par_iter()
            .map(|(cnf, entry)| check_listed(checker, cnf, entry.as_ref()))
            .collect()
    });
    checked.extend(gone.iter().map(|(dir, entry)| listed_but_gone(dir, entry)));
    let mut totals = Totals {
        proofs: checked.len(),
        verified: 0,
        failed: Vec::new(),
        cnf_bytes: 0,
        drat_bytes: 0,
        checker_seconds: 0.0,
    };
    for line in &checked {
        outln!("{}", serde_json::to_string(line)?)?;
        totals.cnf_bytes += line.cnf_bytes;
        totals.drat_bytes += line.drat_bytes;
        totals.checker_seconds += line.seconds;
        match line.verified {
            true => totals.verified += 1,
            false => totals.failed.push(line.proof.clone()),
        }
    }
    outln!("{}", serde_json::to_string(&totals)?)?;
    Ok(ExitCode::from(u8::from(!totals.failed.is_empty())))
}

/// Every `proof-N.cnf` under `dir`, in name order. A proof without its CNF (a run stopped
/// before it finished the proof) is an error; a CNF without its proof is kept, and fails its
/// check as a proof that is gone.
fn find_proofs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    walk(dir, &mut found).with_context(|| format!("cannot read {}", dir.display()))?;
    found.sort();
    let mut cnfs = Vec::new();
    for path in &found {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.starts_with("proof-") {
            continue;
        }
        match path.extension().and_then(|e| e.to_str()) {
            Some("cnf") => cnfs.push(path.clone()),
            Some("drat") if !path.with_extension("cnf").exists() => bail!(
                "{}: {} is missing beside it (a run stopped before it finished this proof leaves its .drat alone)",
                path.display(),
                path.with_extension("cnf").display()
            ),
            _ => {}
        }
    }
    Ok(cnfs)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// Each proof with its manifest line (if any), and the manifest lines, with their directory,
/// whose proof is not there.
type Matched = (
    Vec<(PathBuf, Option<ManifestEntry>)>,
    Vec<(PathBuf, ManifestEntry)>,
);

fn match_manifests(cnfs: &[PathBuf]) -> Result<Matched> {
    let mut by_dir: BTreeMap<PathBuf, Vec<ManifestEntry>> = BTreeMap::new();
    for cnf in cnfs {
        let dir = cnf.parent().unwrap_or(Path::new(".")).to_path_buf();
        if let std::collections::btree_map::Entry::Vacant(slot) = by_dir.entry(dir) {
            let entries = manifest::read(slot.key())?.unwrap_or_default();
            slot.insert(entries);
        }
    }
    let mut listed = Vec::new();
    for cnf in cnfs {
        let dir = cnf.parent().unwrap_or(Path::new("."));
        let name = cnf.file_name().map(|n| n.to_string_lossy().into_owned());
        let entries = by_dir.get_mut(dir).expect("read above");
        let found = entries.iter().position(|e| Some(&e.cnf) == name.as_ref());
        listed.push((cnf.clone(), found.map(|i| entries.remove(i))));
    }
    let gone = by_dir
        .into_iter()
        .flat_map(|(dir, left)| left.into_iter().map(move |entry| (dir.clone(), entry)))
        .collect();
    Ok((listed, gone))
}

/// The proof checked against its manifest line, then, if they agree, by the checker.
fn check_listed(checker: Checker, cnf: &Path, entry: Option<&ManifestEntry>) -> Checked {
    let drat = cnf.with_extension("drat");
    let refused = |verdict: String| Checked {
        proof: drat.display().to_string(),
        run: entry.map(|e| e.run.clone()),
        claim: entry.map(|e| e.claim.clone()),
        cnf_bytes: size(cnf),
        drat_bytes: size(&drat),
        checker: checker.program(),
        seconds: 0.0,
        verified: false,
        verdict,
    };
    if !drat.exists() {
        return refused(format!(
            "{} is gone: its CNF is here without the proof",
            drat.display()
        ));
    }
    let Some(entry) = entry else {
        return refused(format!(
            "not in {}: no run of knights recorded this proof, so it stands behind no answer",
            manifest::MANIFEST
        ));
    };
    for (path, expected) in [
        (cnf, &entry.cnf_sha256),
        (drat.as_path(), &entry.drat_sha256),
    ] {
        match manifest::sha256_of_file(path) {
            Ok(hash) if &hash == expected => {}
            Ok(_) => {
                return refused(format!(
                    "{}: its SHA-256 differs from its line in {} (the file changed after the run wrote it)",
                    path.display(),
                    manifest::MANIFEST
                ))
            }
            Err(err) => return refused(err.to_string()),
        }
    }
    let mut checked = check(checker, cnf);
    checked.run = Some(entry.run.clone());
    checked.claim = Some(entry.claim.clone());
    checked
}

/// A manifest line no proof took: a second line for a proof that has one, or the line of a
/// proof that is not in its directory any more.
fn listed_but_gone(dir: &Path, entry: &ManifestEntry) -> Checked {
    let drat = dir.join(&entry.proof);
    let manifest = dir.join(manifest::MANIFEST);
    let verdict = match dir.join(&entry.cnf).exists() {
        true => format!(
            "listed more than once in {}: a run records each proof once",
            manifest.display()
        ),
        false => format!("listed in {} but its files are gone", manifest.display()),
    };
    Checked {
        proof: drat.display().to_string(),
        run: Some(entry.run.clone()),
        claim: Some(entry.claim.clone()),
        cnf_bytes: 0,
        drat_bytes: 0,
        checker: "",
        seconds: 0.0,
        verified: false,
        verdict,
    }
}

fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn check(checker: Checker, cnf: &Path) -> Checked {
    let drat = cnf.with_extension("drat");
    let started = Instant::now();
    let verdict = verdict(checker, cnf, &drat);
    let seconds = started.elapsed().as_secs_f64();
    Checked {
        proof: drat.display().to_string(),
        run: None,
        claim: None,
        cnf_bytes: size(cnf),
        drat_bytes: size(&drat),
        checker: checker.program(),
        seconds,
        verified: verdict == VERIFIED,
        verdict,
    }
}
