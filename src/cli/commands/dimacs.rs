//! `knights dimacs` and `knights decode`: the CNF for external solvers, and their answers
//! turned back into verified tours.

use crate::cli::arguments::model::ModelFlags;
use crate::cli::io::atomic::OutputFile;
use crate::cli::io::proof_checker::{verdict, Checker, VERIFIED};
use crate::cli::presentation::broken_rules::broken_rules;
use anyhow::{bail, Context, Result};
use clap::Args;
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions};
use knights::format::dimacs::{
    decode_with_encoding, encoding_of_file, read_dimacs, write_dimacs, Verdict,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct DimacsArgs {
    #[command(flatten)]
    pub model: crate::cli::arguments::model::ModelArgs,
    /// Where to write the CNF; `-` for standard output.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// How line sums become clauses.
    #[arg(long, value_enum, default_value_t = PbEncoding::default())]
    pub pb_encoding: PbEncoding,
    /// How covers by several cycles are excluded (a static file needs an eager encoding:
    /// lazy becomes ordering, and the header says so).
    #[arg(long, value_enum, default_value_t = Connectivity::default())]
    pub connectivity: Connectivity,
    /// Replace the output even when it is the model file read.
    #[arg(long)]
    pub force: bool,
}

pub fn run_dimacs(args: DimacsArgs) -> Result<ExitCode> {
    crate::cli::io::atomic::refuse_input(&args.output, args.model.model.as_deref(), args.force)?;
    let puzzle = args.model.puzzle()?;
    let options = EncodeOptions {
        connectivity: args.connectivity,
        pb_encoding: args.pb_encoding,
    };
    let mut out = OutputFile::create(&args.output)?;
    let encoding = write_dimacs(&puzzle, &options, &mut out)?;
    out.finish()?;
    drop(encoding);
    if args.output.as_os_str() != "-" {
        errln!("wrote {}", args.output.display());
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// MODEL, the CNF written by `knights dimacs`, and the solver's output (SAT-competition
    /// form: `s` and `v` lines). With --board, only the CNF and the output.
    #[arg(value_name = "MODEL CNF SOLVER_OUTPUT", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub flags: ModelFlags,
    /// Also write the tour as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// A DRAT proof of the solver's UNSATISFIABLE answer: checked against the CNF by an
    /// outside checker (as `check-proofs` does) before `decode` says the CNF is proved
    /// unsatisfiable; a proof that fails is an error.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// The checker for --proof [default: rate if on the PATH, else drat-trim].
    #[arg(long, value_enum, requires = "proof")]
    pub checker: Option<Checker>,
}

pub fn run_decode(args: DecodeArgs) -> Result<ExitCode> {
    let expected = if args.flags.board.is_some() { 2 } else { 3 };
    if args.files.len() != expected {
        bail!("decode takes MODEL CNF SOLVER_OUTPUT (or CNF SOLVER_OUTPUT with --board); got {} file(s)", args.files.len());
    }
    let model = (expected == 3).then(|| args.files[0].as_path());
    let (cnf_path, answer_path) = (&args.files[expected - 2], &args.files[expected - 1]);
    let puzzle = args.flags.puzzle(model)?;
    let cnf = knights::files::read_text(cnf_path)?;
    let file = read_dimacs(&cnf).with_context(|| cnf_path.display().to_string())?;
    let encoding = encoding_of_file(&puzzle, &file).with_context(|| {
        format!(
            "{} is not the CNF of model {}",
            cnf_path.display(),
            puzzle.name
        )
    })?;
    let answer = knights::files::read_text(answer_path)?;
    let verdict = decode_with_encoding(&puzzle, &encoding, &answer).with_context(|| {
        format!(
            "{} does not answer {}",
            answer_path.display(),
            cnf_path.display()
        )
    })?;
    match verdict {
        Verdict::Tour(tour) => {
            if args.proof.is_some() {
                errln!("note: --proof is not read: the solver found a model, which needs none");
            }
            if let Some(broken) = broken_rules(&puzzle, &tour) {
                bail!("internal error: the decoded tour breaks rules: {broken}");
            }
            out!("{}", knights::tour::text::format(&tour))?;
            if let Some(path) = &args.svg {
                let closure = knights::tour::Closure::of(&tour, &puzzle.board);
                crate::cli::io::atomic::write_whole(path, knights::render::svg(&tour, closure))?;
            }
            errln!("the solver's model is a tour of {}, verified", puzzle.name);
            Ok(ExitCode::SUCCESS)
        }
        Verdict::NoTour => {
            match &args.proof {
                Some(proof) => {
                    let checker = checked_proof(cnf_path, proof, args.checker)?;
                    outln!(
                        "no tour: the CNF is proved unsatisfiable ({checker} verified the DRAT \
                         proof {} against {})",
                        proof.display(),
                        cnf_path.display()
                    )?;
                }
                // The answer alone shows nothing: any program can print `s UNSATISFIABLE`.
                None => outln!(
                    "no tour, by the solver's word: it answered UNSATISFIABLE (unchecked; give \
                     its DRAT proof with --proof to have it checked)"
                )?,
            }
            Ok(ExitCode::from(1))
        }
        Verdict::Unknown => bail!("the solver gave no answer (s UNKNOWN): nothing is decided"),
    }
}

/// The checker's word that `proof` shows `cnf` unsatisfiable, or an error naming the proof
/// and the checker's verdict; returns the checker's name.
fn checked_proof(cnf: &Path, proof: &Path, checker: Option<Checker>) -> Result<&'static str> {
    anyhow::ensure!(proof.is_file(), "--proof {}: no such file", proof.display());
    let checker = match checker {
        Some(checker) => checker,
        None => Checker::find()?,
    };
    let said = verdict(checker, cnf, proof);
    anyhow::ensure!(
        said == VERIFIED,
        "--proof {}: {} did not verify it against {} ({said}): the solver's UNSATISFIABLE is \
         not shown",
        proof.display(),
        checker.program(),
        cnf.display()
    );
    Ok(checker.program())
}
