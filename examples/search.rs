//! Runs the native search on a model file or a plain board, for measurements:
//!
//! ```text
//! cargo run --release --example search -- models/closed-6x6.toml --jobs 2
//! cargo run --release --example search -- 6x6 --jobs 2
//! cargo run --release --example search -- models/nested-semimagic.toml --enumerate
//! cargo run --release --example search -- models/semimagic.toml --estimate 10000
//! ```
//!
//! Prints the summary line (or the estimate) as JSON; progress goes to stderr.

use knights::puzzle::Puzzle;
use knights::run::{Class, Limits};
use knights::search::{count, enumerate, estimate, SearchOptions};
use knights::spec::Spec;
use knights::tour::text;
use std::path::Path;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = SearchOptions::default();
    let mut limits = Limits::default();
    let (mut list, mut probes, mut target) = (false, None, None);
    let mut i = 0;
    while i < args.len() {
        let next = |i: usize| args.get(i + 1).expect("a value").clone();
        match args[i].as_str() {
            "--jobs" => opts.jobs = next(i).parse().unwrap(),
            "--no-symmetry" => opts.symmetry = false,
            "--enumerate" => list = true,
            "--estimate" => probes = Some(next(i).parse().unwrap()),
            "--limit" => limits.solutions = Some(next(i).parse().unwrap()),
            "--timeout" => limits.timeout = Some(Duration::from_secs_f64(next(i).parse().unwrap())),
            other => {
                target = Some(other.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let target = target.expect("a model file or a board");
    let spec = if Path::new(&target).exists() {
        Spec::from_file(Path::new(&target)).unwrap()
    } else {
        Spec::plain(&target)
    };
    let puzzle = Puzzle::from_spec(&spec).unwrap();
    if let Some(probes) = probes {
        let e = estimate(&puzzle, probes, 1).unwrap();
        println!("{}", serde_json::to_string(&e).unwrap());
        return;
    }
    let progress = |p: knights::run::NodeProgress| {
        eprintln!(
            "{:>8.1}s {:>14} solutions {:>16} nodes {:>12.0} nodes/s",
            p.seconds, p.solutions, p.nodes, p.nodes_per_second
        );
    };
    let summary = if list {
        let sink = |c: Class| {
            let t = &c.members[0];
            println!("# class of {}\n{}", c.members.len(), text::format(t));
        };
        enumerate(&puzzle, &opts, &limits, &sink, &progress)
    } else {
        count(&puzzle, &opts, &limits, &progress)
    };
    println!("{}", summary.unwrap().to_json_line());
}
