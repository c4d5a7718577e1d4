//! `knights split`, `run-job` and `merge`: one run cut into jobs that any scheduler can run
//! (GNU parallel, a Slurm array), and their results added up. The work is in
//! `knights::distribute`; this is the command line around it.

mod audit;

use crate::cli::arguments::model::ModelArgs;
use crate::cli::arguments::run::SatFlags;
use crate::cli::lowering::engine::show_progress;
use crate::cli::presentation::choice::announce;
use crate::cli::presentation::output::Format;
use crate::cli::presentation::progress::Progress;
use anyhow::{Context, Result};
use clap::Args;
use knights::choice::{EngineName, EngineRequest, Purpose, Resolved};
use knights::distribute::{
    finished_result, merge, read_jobs, run_job, split_with_progress, Job, JobEngine, JobLock,
    JobOutcome, MergeSummary, Record, RunJobOptions, SplitRequest,
};
use knights::run::{Ending, Limits, StopFlag};
use knights::sat::ProofDir;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct SplitArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// How many jobs to cut the run into (fewer when the work has fewer parts).
    #[arg(long, value_name = "N", value_parser = crate::cli::arguments::flags::positive)]
    pub jobs: usize,
    /// The job file to write, one JSON line per job.
    #[arg(short = 'o', long = "output", value_name = "JOBS.jsonl")]
    pub output: PathBuf,
    /// Which engine runs the jobs (auto: as for `count`).
    #[arg(long, value_enum, default_value = "auto")]
    pub engine: EngineName,
    /// Keep only counts in the results, not the solutions (for runs with too many to
    /// keep); merge then adds counts instead of deduplicating classes.
    #[arg(long)]
    pub count_only: bool,
    /// Random walks per piece or cube for its cost estimate.
    #[arg(long, default_value_t = 64, value_parser = crate::cli::arguments::flags::positive)]
    pub probes: usize,
    /// Seed of those walks: the same seed cuts the same jobs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Replace an existing job file (whose jobs' results would then no longer match it).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub sat: SatFlags,
}

pub fn run_split(args: SplitArgs) -> Result<ExitCode> {
    crate::cli::io::atomic::refuse_existing(&args.output, args.force)?;
    anyhow::ensure!(
        args.sat.proof.is_none(),
        "--proof belongs to run-job, which writes each job's proofs; drop it from split"
    );
    // Jobs list their tours: the frontier engine, which only counts, is no choice here.
    let stop = knights::run::StopFlag::default();
    let request = EngineRequest {
        engine: args.engine,
        jobs: 1,
        sat_settings: args.sat.given(),
        ..EngineRequest::default()
    };
    let choice = request.choose(&args.model.puzzle()?, Purpose::List, &stop);
    announce(&choice);
    request.check(&choice).map_err(anyhow::Error::msg)?;
    args.sat.check()?;
    let spec = args.model.flags.spec(args.model.model.as_deref())?;
    let engine = match choice.engine {
        Resolved::Search => JobEngine::Search { symmetry: true },
        Resolved::Sat => JobEngine::Sat {
            options: args.sat.options(0),
        },
        Resolved::Frontier => anyhow::bail!(
            "split cuts a run into jobs that list tours; the frontier engine only counts: \
             use --engine search or --engine sat"
        ),
    };
    let request = SplitRequest {
        spec: &spec,
        engine,
        record: match args.count_only {
            true => Record::Counts,
            false => Record::Tours,
        },
        jobs: args.jobs,
        probes: args.probes,
        seed: args.seed,
    };
    let progress = Progress::start(&format!("{} split", args.model.shown()), None);
    let jobs = split_with_progress(&request, &|done, total| progress.weighed(done, total));
    progress.finish();
    let jobs = jobs.with_context(|| format!("model {}", args.model.shown()))?;
    write_jobs(&args.output, &jobs)?;
    outln!("{}", describe_split(&jobs, &args.output))?;
    Ok(ExitCode::SUCCESS)
}

fn write_jobs(path: &Path, jobs: &[Job]) -> Result<()> {
    let mut text = String::new();
    for job in jobs {
        text.push_str(&job.to_line());
        text.push('\n');
    }
    crate::cli::io::atomic::write_whole(path, text)
}

/// One line on the split: how many jobs of what, and how even their estimates are.
fn describe_split(jobs: &[Job], path: &Path) -> String {
    let mut costs: Vec<f64> = jobs.iter().map(|j| j.estimated_nodes).collect();
    costs.sort_by(f64::total_cmp);
    let median = costs[costs.len() / 2];
    let max = costs[costs.len() - 1];
    let parts: usize = jobs.iter().map(|j| j.part.len()).sum();
    let unit = match jobs[0].engine {
        JobEngine::Search { .. } => "tree pieces",
        JobEngine::Sat { .. } => "cubes",
    };
    format!(
        "{}: {} jobs ({parts} {unit}) written to {}; estimated nodes per job: median {median:.3e}, largest {max:.3e} ({:.2} x median)",
        jobs[0].name,
        jobs.len(),
        path.display(),
        max / median.max(f64::MIN_POSITIVE)
    )
}

/// Reads and checks a whole job file.
fn load_jobs(path: &Path) -> Result<Vec<Job>> {
    let shown = path.display().to_string();
    let text = knights::files::read_text(path)?;
    Ok(read_jobs(&text, &shown)?)
}

#[derive(Args, Debug)]
pub struct RunJobArgs {
    /// The job file `split` wrote.
    #[arg(value_name = "JOBS.jsonl")]
    pub jobs: PathBuf,
    /// The job to run: its 0-based line in the file (`$SLURM_ARRAY_TASK_ID`, or parallel's
    /// `{}`).
    #[arg(long, value_name = "I")]
    pub index: usize,
    /// Directory of the result files (created if missing).
    #[arg(short = 'o', long = "output", value_name = "DIR", default_value = ".")]
    pub output: PathBuf,
    /// Worker threads for this job (0: one per core). Schedulers that run one job per core
    /// want 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Stop after this many seconds, keeping the partial result (exit code 3).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = crate::cli::arguments::flags::seconds)]
    pub timeout: Option<f64>,
    /// SAT jobs: write a DRAT proof of each solver's work into DIR/job-I (see
    /// `knights check-proofs`).
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
}

pub fn run_run_job(args: RunJobArgs) -> Result<ExitCode> {
    let jobs = load_jobs(&args.jobs)?;
    let Some(job) = jobs.get(args.index) else {
        anyhow::bail!(
            "--index {}: {} holds jobs 0 to {}",
            args.index,
            args.jobs.display(),
            jobs.len() - 1
        );
    };
    anyhow::ensure!(
        !args.output.exists() || args.output.is_dir(),
        "-o {}: not a directory (run-job writes its result files into a directory)",
        args.output.display()
    );
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("cannot create {}", args.output.display()))?;
    let limits = job_limits(args.timeout)?;
    // Held until the job's run ends: a second runner stops here, before it touches anything.
    let _lock = JobLock::acquire(&args.output, job.index)?;
    // A finished job is reported before any proof directory is looked at: its proofs stay.
    if let Some(done) = finished_result(job, &args.output)? {
        outln!("{}", job_line(job, "already-done", &done, None))?;
        return Ok(ExitCode::SUCCESS);
    }
    crate::cli::lowering::engine::say_worker_cap("--threads", args.threads);
    let options = RunJobOptions {
        threads: args.threads,
        proof: job_proof_dir(args.proof.as_deref(), job.index)?,
    };
    let progress = Progress::start(&format!("{} job {}", job.name, job.index), None);
    let outcome = run_job(
        job,
        &args.output,
        &options,
        &limits,
        &show_progress(&progress),
    );
    progress.finish();
    let (record, code) = match outcome? {
        JobOutcome::AlreadyDone(path) => (job_line(job, "already-done", &path, None), 0),
        JobOutcome::Finished(path, end) => (job_line(job, "finished", &path, Some(&end)), 0),
        JobOutcome::Stopped { ending, partial } => {
            let code = if ending == Ending::Timeout { 3 } else { 0 };
            (job_line(job, ending_word(ending), &partial, None), code)
        }
    };
    outln!("{record}")?;
    Ok(ExitCode::from(code))
}

/// The job's own proof directory under `--proof DIR`: `DIR/job-I`.
fn job_proof_dir(dir: Option<&Path>, index: usize) -> Result<Option<ProofDir>> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let dir = dir.join(format!("job-{index}"));
    let prepared = ProofDir::prepare(&dir).with_context(|| {
        format!("--proof: job {index}'s proof directory (move it aside to run the job again)")
    })?;
    Ok(Some(prepared.for_run(
        &crate::cli::presentation::command_line::command_line(),
    )))
}

fn job_limits(timeout: Option<f64>) -> Result<Limits> {
    let stop = StopFlag::default();
    crate::cli::io::signals::watch(&stop)?;
    let timeout = match timeout {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            anyhow::bail!("--timeout must be a positive number of seconds")
        }
        Some(s) => Some(Duration::from_secs_f64(s)),
        None => None,
    };
    Ok(Limits {
        solutions: None,
        timeout,
        stop,
    })
}

fn ending_word(ending: Ending) -> &'static str {
    match ending {
        Ending::Timeout => "stopped-by-timeout",
        _ => "stopped-by-signal",
    }
}

/// The JSON line `run-job` prints about the job.
fn job_line(
    job: &Job,
    status: &str,
    file: &Path,
    end: Option<&knights::distribute::JobEnd>,
) -> String {
    let mut record = serde_json::json!({
        "job": job.index,
        "status": status,
        "file": file.display().to_string(),
    });
    if let Some(end) = end {
        record["solutions"] = end.solutions.into();
        record["seconds"] = end.seconds.into();
    }
    record.to_string()
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The job file `split` wrote.
    #[arg(value_name = "JOBS.jsonl")]
    pub jobs: PathBuf,
    /// The directory the jobs wrote their results to.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Text for people or a JSON line for programs (default: text on a terminal).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Run K finished jobs, chosen at random, again and refuse the merge unless each gives
    /// the same counts and tours as its file (the checksums catch accidents, not edits).
    #[arg(long, value_name = "K")]
    pub audit: Option<usize>,
    /// Seed of the audit's choice of jobs.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub audit_seed: u64,
}

/// Exit code 0 with a count; 3 when jobs are missing or unfinished (no count then).
pub fn run_merge(args: MergeArgs) -> Result<ExitCode> {
    let jobs = load_jobs(&args.jobs)?;
    anyhow::ensure!(
        args.dir.is_dir(),
        "{}: no such directory (the jobs' results are read from it)",
        args.dir.display()
    );
    let summary = merge(&jobs, &args.dir)?;
    if let Some(k) = args.audit {
        let limits = job_limits(None)?;
        let Some(audited) = audit::audit(&jobs, &args.dir, k, args.audit_seed, &limits)? else {
            // No summary: the merge is not done until its audit is; the signal's exit code
            // replaces this one.
            return Ok(ExitCode::from(2));
        };
        errln!("audit: jobs {audited:?} run again agree with their files");
    }
    match Format::resolve(args.format) {
        Format::Json => outln!("{}", serde_json::to_string(&summary)?)?,
        Format::Text => print_text(&summary)?,
    }
    Ok(ExitCode::from(if summary.complete { 0 } else { 3 }))
}

fn print_text(s: &MergeSummary) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match (s.solutions, s.classes) {
        (Some(solutions), Some(classes)) => writeln!(
            out,
            "{}: {solutions} solutions in {classes} classes\n  complete: all {} jobs finished ({} engine, {:.2} s of job time)",
            s.model, s.jobs, s.engine, s.job_seconds
        ),
        _ => writeln!(
            out,
            "{}: not complete, no count: {} of {} jobs finished\n  missing: {:?}\n  unfinished: {:?}",
            s.model, s.finished, s.jobs, s.missing, s.unfinished
        ),
    }?;
    // The JSON line carries the number; a person reading text must not miss it either.
    match s.duplicate_classes {
        0 => Ok(()),
        1 => writeln!(out, "  warning: 1 class was found by more than one job (counted once); each job of a split reports only the classes it owns, so a result file is probably not what its job wrote"),
        n => writeln!(out, "  warning: {n} classes were found by more than one job (each counted once); each job of a split reports only the classes it owns, so a result file is probably not what its job wrote"),
    }
}
