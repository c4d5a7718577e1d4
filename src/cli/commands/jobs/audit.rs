//! `merge --audit K`: K finished jobs, chosen at random from a seed, are run again in a
//! temporary directory and their results compared with the files merged. The checksums of
//! result files catch accidents only; a file edited on purpose, its checksum recomputed, or a
//! machine that computed wrongly, is caught only by computing again, as the 2003 census
//! project did with a sample of its jobs.

use anyhow::{bail, Context, Result};
use knights::board::Cell;
use knights::distribute::{
    finished_path, job_puzzle, read_result, run_job, Job, JobOutcome, RunJobOptions,
};
use knights::random::Stream;
use knights::run::Limits;
use knights::symmetry::{key, Form};
use knights::tour::json::parse_lines;
use std::path::{Path, PathBuf};

/// Runs `k` of the finished jobs again and compares; the audited jobs' indices, or `None`
/// when a signal stopped the audit (the command then exits as a signal's stop does).
pub fn audit(
    jobs: &[Job],
    dir: &Path,
    k: usize,
    seed: u64,
    limits: &Limits,
) -> Result<Option<Vec<usize>>> {
    let finished: Vec<(&Job, PathBuf)> = jobs
        .iter()
        .filter_map(|job| Some((job, finished_path(dir, job.index)?)))
        .collect();
    let chosen = choose(finished.len(), k, seed);
    let scratch = tempfile::tempdir().context("cannot make a directory for the audit")?;
    let mut audited = Vec::new();
    for i in chosen {
        let (job, kept) = &finished[i];
        errln!("audit: running job {} again", job.index);
        let outcome = run_job(
            job,
            scratch.path(),
            &RunJobOptions::default(),
            limits,
            &|_| {},
        )?;
        let JobOutcome::Finished(again, _) = outcome else {
            if limits.stop.is_raised() {
                errln!(
                    "audit: stopped by a signal while job {} ran again; no audit",
                    job.index
                );
                return Ok(None);
            }
            bail!(
                "audit: job {} was stopped before it finished; no audit",
                job.index
            );
        };
        compare(job, kept, &again)?;
        audited.push(job.index);
    }
    audited.sort_unstable();
    Ok(Some(audited))
}

/// `k` distinct numbers below `n` (all of them when `k >= n`), the same for the same seed.
fn choose(n: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut rng = Stream::new(seed);
    let mut all: Vec<usize> = (0..n).collect();
    let k = k.min(n);
    for i in 0..k {
        let j = rng.within(i, n);
        all.swap(i, j);
    }
    all.truncate(k);
    all
}

/// Whether the file merged and the run again agree: the counts, the class sizes and, for
/// results that keep tours, the same solutions. Tours are compared as the job's model defines
/// a solution: an engine may write one closed tour from another start or in the other
/// direction when it runs on more threads, and that is the same solution.
fn compare(job: &Job, file: &Path, again: &Path) -> Result<()> {
    let kept = read_result(file, job)?;
    let rerun = read_result(again, job)?;
    let differ = |what: &str| {
        anyhow::anyhow!(
            "audit: job {} run again gives other {what} than {}: that result is wrong or was edited",
            job.index,
            file.display()
        )
    };
    if kept.end.solutions != rerun.end.solutions || kept.end.classes != rerun.end.classes {
        return Err(differ("counts"));
    }
    if kept.end.class_sizes != rerun.end.class_sizes {
        return Err(differ("class sizes"));
    }
    let form = job_puzzle(job)?.form();
    if solutions(&kept.body, file, form)? != solutions(&rerun.body, again, form)? {
        return Err(differ("tours"));
    }
    Ok(())
}

/// The solutions a result's body holds, each by its key in `form` (a closed tour of a model
/// that numbers nothing by its cycle), sorted so that the order they were found in is no
/// matter.
fn solutions(body: &str, file: &Path, form: Form) -> Result<Vec<Vec<Cell>>> {
    let parsed = parse_lines(body).with_context(|| format!("{}", file.display()))?;
    let mut keys: Vec<Vec<Cell>> = parsed.iter().map(|(_, t)| key(t, form)).collect();
    keys.sort_unstable();
    Ok(keys)
}
