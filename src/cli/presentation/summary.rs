//! The summary that ends `count` and `enumerate`: a JSON record for programs, a few plain
//! lines for people, and what to do next.

use crate::cli::presentation::output::Format;
use anyhow::Result;
use knights::run::Summary;
use std::io::IsTerminal as _;

/// How the summary is written.
#[derive(Clone, Copy, Debug)]
pub struct SummaryStyle {
    pub format: Format,
    /// Keep the engine's own figures (nodes, conflicts, CNF size, CPU seconds).
    pub stats: bool,
}

/// Writes the summary as the last output on stdout.
pub fn write(summary: &Summary, style: SummaryStyle) -> Result<()> {
    write_into(&mut std::io::stdout().lock(), summary, style)
}

/// Writes the summary as the last output of `out` (stdout, or an `-o` file).
pub fn write_into(
    out: &mut dyn std::io::Write,
    summary: &Summary,
    style: SummaryStyle,
) -> Result<()> {
    let mut summary = summary.clone();
    if !style.stats {
        summary.stats.clear();
    }
    match style.format {
        Format::Json => writeln!(out, "{}", summary.to_json_line())?,
        Format::Text => write!(out, "{}", as_text(&summary))?,
    }
    if !summary.complete && style.format == Format::Json {
        errln!(
            "{} before the search space was exhausted: the figures are not counts",
            summary.ending.describe()
        );
    }
    Ok(())
}

/// Says on stderr what became of the frontier engine's checkpoint: removed with the count
/// done, or kept, holding the step a stopped run continues from.
pub fn say_checkpoint(summary: &Summary) {
    let Some(note) = &summary.checkpoint else {
        return;
    };
    let dir = &note.dir;
    match (note.removed, note.saved_step) {
        (true, _) => errln!("the count is done: the checkpoint in {dir} was removed"),
        (false, Some(step)) => errln!(
            "the checkpoint in {dir} holds step {step} of {}: the same command continues from it",
            note.steps
        ),
        (false, None) => errln!(
            "no checkpoint was saved in {dir} yet (one is saved at the end of the first step \
             --checkpoint-every seconds after the start): the same command starts again"
        ),
    }
}

/// `unix` seconds since 1970 as a UTC date and time, e.g. `2026-11-26 10:40:12 UTC`.
pub fn utc_text(unix: u64) -> String {
    let time = libc::time_t::try_from(unix).unwrap_or(libc::time_t::MAX);
    // SAFETY: gmtime_r writes only into the `tm` it is given, which lives on this stack.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let converted = unsafe { libc::gmtime_r(&time, &mut tm) };
    if converted.is_null() {
        return format!("{unix} s after 1970 (UTC)");
    }
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
        tm.tm_year + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec
    )
}

/// The summary in plain words: what was found, whether it is a count, how long it took.
pub fn as_text(summary: &Summary) -> String {
    let found = match &summary.count_only {
        None => format!(
            "{}: {} in {}\n  solutions are {}\n",
            escaped(&summary.model),
            counted(summary.solutions, "solution"),
            counted(summary.classes, "class"),
            summary.kind.describe()
        ),
        Some(only) => format!(
            "{}: {} (classes not counted)\n  solutions are {}\n",
            escaped(&summary.model),
            only.solutions
                .as_deref()
                .map_or("no count".to_string(), |n| grouped(n, "solution")),
            summary.kind.describe()
        ),
    };
    let how = match (&summary.theorem, summary.complete) {
        (Some(theorem), _) => format!("complete: no tour exists, by a theorem: {theorem}"),
        (None, true) => format!(
            "complete: {} ({:.2} s, {} engine)",
            summary.ending.describe(),
            summary.seconds,
            summary.engine
        ),
        (None, false) => format!(
            "not a count: {} after {:.2} s ({} engine)",
            summary.ending.describe(),
            summary.seconds,
            summary.engine
        ),
    };
    let mut text = format!("{found}  {how}\n");
    for (name, value) in &summary.stats {
        text.push_str(&format!("  {name}: {value}\n"));
    }
    text
}

/// `text` as a line of output may hold it: control characters and the bidirectional ones
/// (which reorder what follows them) escaped, so that a model's name cannot end a line or
/// make one read as another.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_control() => out.extend(c.escape_debug()),
            '\u{061C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}' => {
                out.extend(c.escape_unicode());
            }
            c => out.push(c),
        }
    }
    out
}

/// `n` things, with thousands separated and the plural when it is not 1.
fn counted(n: u64, thing: &str) -> String {
    grouped(&n.to_string(), thing)
}

/// `digits` things, with thousands separated and the plural when it is not 1.
fn grouped(digits: &str, thing: &str) -> String {
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let plural = match (digits == "1", thing.ends_with('s')) {
        (true, _) => "",
        (false, true) => "es",
        (false, false) => "s",
    };
    format!("{grouped} {thing}{plural}")
}

/// On a terminal, how to draw and check what `enumerate` found (stderr).
pub fn suggest_next_steps(model: &str, format: Format) {
    if !std::io::stderr().is_terminal() {
        return;
    }
    let mut steps = Vec::new();
    if format == Format::Text {
        let save = format!("knights enumerate {model} > tours.jsonl");
        steps.push((save, "save the tours as JSON lines"));
    }
    steps.push((
        "knights render tours.jsonl -o tour.svg".to_string(),
        "draw the first one",
    ));
    steps.push((
        format!("knights verify {model} tours.jsonl"),
        "check every one again",
    ));
    let width = steps
        .iter()
        .map(|(command, _)| command.len())
        .max()
        .unwrap_or(0);
    errln!("next:");
    for (command, why) in steps {
        errln!("  {command:width$}   {why}");
    }
}
