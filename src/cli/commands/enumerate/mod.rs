//! `knights count` and `knights enumerate`: every solution, verified, then the summary line.

mod long_run;
mod resume;

use crate::cli::arguments::run::RunArgs;
use crate::cli::io::atomic::{refuse_input, OutputFile, SharedOutput};
use crate::cli::lowering::engine::{show_progress, RunConfig};
use crate::cli::presentation::output::{Format, SolutionWriter};
use crate::cli::presentation::progress::Progress;
use crate::cli::presentation::summary::{self, SummaryStyle};
use anyhow::Result;
use clap::Args;
use knights::choice::Purpose;
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::Puzzle;
use knights::run::{Engine, Limits, Summary};
use long_run::Planned;
use resume::Resumed;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct EnumerateArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// Write one line per class (its representative) instead of one per solution.
    #[arg(long)]
    pub classes_only: bool,
    /// Run even when the search is predicted to take more than ten minutes.
    #[arg(long)]
    pub yes: bool,
    /// Continue an interrupted `enumerate`: FILE is its output. Its classes are counted, not
    /// searched for or written again (SAT engine only).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// text: numbered grids and a short summary; json: one record a line.
    /// [default: text on a terminal, json when stdout is a file or a pipe]
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Add the engine's own figures to the summary (nodes, conflicts, CNF size, CPU seconds).
    #[arg(long)]
    pub stats: bool,
    /// Write the solutions and the summary to FILE instead of standard output (`enumerate`
    /// only). FILE appears only when the run ends, whole (also when a signal or --timeout
    /// stopped it, so it can be resumed); a killed run leaves no FILE.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The SAT engine's tuning flags, by argument id and as typed. `count --help` names them in
/// one line rather than a paragraph each (`enumerate --help` keeps those): a count rarely
/// needs them, and they made its help run to pages.
const SAT_TUNING: [(&str, &str); 7] = [
    ("cadical_preset", "--cadical-preset"),
    ("cadical_options", "--cadical-option"),
    ("pb_encoding", "--pb-encoding"),
    ("connectivity", "--connectivity"),
    ("no_symmetry_breaking", "--no-symmetry-breaking"),
    ("prefix_length", "--prefix-length"),
    ("refute_first", "--refute-first"),
];

/// An argument of `count` as its help shows it: `-o`, which `count` refuses, and the SAT
/// engine's tuning are left out of the list (the tuning is still taken).
pub fn count_help(arg: clap::Arg) -> clap::Arg {
    let id = arg.get_id().as_str();
    let hidden = id == "output" || SAT_TUNING.iter().any(|(tuning, _)| *tuning == id);
    arg.hide(hidden)
}

/// The note under `count --help` naming the tuning flags its list leaves out.
pub fn count_after_help() -> String {
    let flags: Vec<&str> = SAT_TUNING.iter().map(|(_, flag)| *flag).collect();
    format!(
        "The SAT engine's tuning is taken too: {}; `knights enumerate --help` describes them.",
        flags.join(", ")
    )
}

/// `-h` and `--help` of `count` both print the short help, one line an option: the long
/// form's paragraphs on every engine's settings are `enumerate --help`'s.
pub fn short_help_flag() -> clap::Arg {
    clap::Arg::new("help")
        .short('h')
        .long("help")
        .help("Print help")
        .action(clap::ArgAction::HelpShort)
}

/// A board on which a theorem rules out every tour: answered at once, as an exact count.
fn answer_by_theorem(
    puzzle: &knights::puzzle::Puzzle,
    reason: &str,
    style: SummaryStyle,
    output: Option<&Path>,
) -> Result<ExitCode> {
    let mut summary = Summary::new(puzzle, "theorem");
    summary.theorem = Some(reason.to_string());
    summary.finish(knights::run::Ending::Exhausted, std::time::Instant::now());
    if style.format == Format::Json {
        errln!("no tour exists: {reason}");
    }
    match output {
        Some(path) => {
            let mut file = OutputFile::create(path)?;
            summary::write_into(&mut file, &summary, style)?;
            file.finish()?;
        }
        None => summary::write(&summary, style)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `enumerate` writes every solution, each verified first; `count` writes only the summary.
/// Both stop after `--limit` solutions and then report exactly the solutions kept.
pub fn run(args: EnumerateArgs, write_solutions: bool) -> Result<ExitCode> {
    args.run.check_resume(args.resume.as_deref())?;
    anyhow::ensure!(
        write_solutions || args.output.is_none(),
        "-o: `count` writes only its summary, to standard output; use `enumerate -o FILE`"
    );
    if let Some(output) = &args.output {
        // The resumed file is read before the run and replaced only at its end: the new
        // output would take its place without its tours.
        refuse_input(output, args.resume.as_deref(), false)?;
    }
    anyhow::ensure!(
        args.resume.is_none() || args.format != Some(Format::Text),
        "--resume continues the JSON output of a run; drop --format text"
    );
    // A resumed run's output is appended to the JSON of the run it continues; a file
    // gets JSON unless asked otherwise.
    let format = match (&args.resume, &args.output) {
        (Some(_), _) => Format::Json,
        (None, Some(_)) => args.format.unwrap_or(Format::Json),
        (None, None) => Format::resolve(args.format),
    };
    let style = SummaryStyle {
        format,
        stats: args.stats,
    };
    let puzzle = args.run.puzzle()?;
    let resumed = match &args.resume {
        Some(path) => resume::load(path, &puzzle, args.classes_only)?,
        None => Resumed::default(),
    };
    if let Some(reason) = no_solution_reason(&puzzle) {
        return answer_by_theorem(&puzzle, &reason, style, args.output.as_deref());
    }
    let RunConfig {
        limits,
        engine,
        choice,
        ..
    } = args.run.lower_resuming(
        &puzzle,
        purpose(write_solutions),
        args.resume.as_deref(),
        resumed.finished.clone(),
    )?;
    let expected_nodes = long_run::guard(&Planned {
        run: &args.run,
        puzzle: &puzzle,
        choice: &choice,
        already: &resumed.tours,
        bounded: args.yes || args.run.limit.is_some() || args.run.timeout.is_some(),
        stop: &limits.stop,
        counting: !write_solutions && args.run.limit.is_none(),
    })?;
    let progress = Progress::start(&puzzle.name, expected_nodes);
    let on_progress = show_progress(&progress);
    let summary = if !write_solutions && limits.solutions.is_none() {
        let summary = engine.count(&puzzle, &limits, &resumed.tours, &on_progress);
        progress.finish();
        summary.map_err(|err| resumed.name_refused_tour(err.into()))?
    } else {
        let run = Run {
            puzzle: &puzzle,
            engine: engine.as_ref(),
            limits: &limits,
            resumed: &resumed,
            progress: &progress,
        };
        run.write_solutions(&args, write_solutions, format, style)?
    };
    if args.output.is_none() {
        summary::write(&summary, style)?;
    }
    summary::say_checkpoint(&summary);
    if write_solutions {
        summary::suggest_next_steps(&args.run.model.shown(), format);
    }
    Ok(ExitCode::SUCCESS)
}

/// `count` counts (unless `--limit` makes it keep what it finds); `enumerate` lists.
fn purpose(write_solutions: bool) -> Purpose {
    if write_solutions {
        Purpose::List
    } else {
        Purpose::Count
    }
}

/// What a run that hands classes over works with.
struct Run<'a> {
    puzzle: &'a Puzzle,
    engine: &'a dyn Engine,
    limits: &'a Limits,
    resumed: &'a Resumed,
    progress: &'a Progress,
}

impl Run<'_> {
    /// Runs the engine, writing each class it hands over (to stdout, or nowhere for a count
    /// with a limit, which keeps exactly the solutions `enumerate` would write), and returns
    /// the summary of what was kept.
    fn write_solutions(
        &self,
        args: &EnumerateArgs,
        write_solutions: bool,
        format: Format,
        style: SummaryStyle,
    ) -> Result<Summary> {
        let file = match &args.output {
            Some(path) => Some(SharedOutput::new(OutputFile::create(path)?)),
            None => None,
        };
        let out: Box<dyn Write + Send> = match (write_solutions, &file) {
            (true, Some(file)) => Box::new(file.clone()),
            (true, None) => Box::new(std::io::stdout()),
            (false, _) => Box::new(std::io::sink()),
        };
        let room = self
            .limits
            .solutions
            .map(|l| l.saturating_sub(self.resumed.solutions));
        let writer = SolutionWriter::new(self.puzzle, out, self.limits.stop.clone(), format)
            .representatives_only(args.classes_only)
            .limited_to(room)
            .continuing_after(self.resumed.classes)
            .beside(self.progress);
        let on_class = |class| {
            writer.accept(class);
            let (solutions, classes) = writer.written();
            self.progress.found(solutions, classes);
        };
        let on_progress = show_progress(self.progress);
        let tours = &self.resumed.tours;
        let summary =
            (self.engine).enumerate(self.puzzle, self.limits, tours, &on_class, &on_progress);
        self.progress.finish();
        if let Some(failure) = writer.take_failure() {
            return Err(failure);
        }
        let mut summary = summary.map_err(|err| self.resumed.name_refused_tour(err.into()))?;
        settle(&writer, self.resumed, &mut summary)?;
        drop(writer);
        if let (Some(mut file), Some(path)) = (file, &args.output) {
            summary::write_into(&mut file, &summary, style)?;
            file.finish()?;
            errln!(
                "{} solutions in {} classes written to {}",
                summary.solutions,
                summary.classes,
                path.display()
            );
        }
        Ok(summary)
    }
}

/// Makes the summary count what was kept. Under the limit that is everything the engine
/// found, which must equal what it handed over; at the limit, the solutions kept (the last
/// class may be cut short) and the classes they belong to.
fn settle(writer: &SolutionWriter, resumed: &Resumed, summary: &mut Summary) -> Result<()> {
    let (written, written_classes) = writer.written();
    let (solutions, classes) = (
        written + resumed.solutions,
        written_classes + resumed.classes,
    );
    if writer.is_full() {
        summary.solutions = solutions;
        summary.classes = classes;
        summary.ending = knights::run::Ending::Limit;
        summary.complete = false;
        return Ok(());
    }
    let engine_resumed = summary
        .stats
        .get("resumed_classes")
        .and_then(serde_json::Value::as_u64);
    anyhow::ensure!(
        (solutions, classes) == (summary.solutions, summary.classes)
            && engine_resumed.unwrap_or(0) == resumed.classes,
        "internal error: the engine reports {} solutions in {} classes ({engine_resumed:?} resumed) \
         but handed over {written} in {written_classes}, with {} in {} resumed",
        summary.solutions,
        summary.classes,
        resumed.solutions,
        resumed.classes
    );
    Ok(())
}
