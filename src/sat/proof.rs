//! Certified "none" answers: each solver of a run with a proof directory traces a DRAT proof,
//! and at its end the directory holds a CNF and a proof that an outside checker can verify.
//!
//! One solver answers many calls under assumptions, and CaDiCaL's trace alone proves none of
//! them: an UNSAT answer under assumptions derives no clause. So after each UNSAT call the
//! clause "not all of these assumptions" is written into the proof as a lemma, where the
//! checker checks it by unit propagation (the solver just refuted those assumptions by
//! propagation over clauses the proof holds), and added to the solver. A cube split into
//! parts gets one more call under the cube's own literals, which the part lemmas make short,
//! and its lemma. When the solver is done, the CNF written beside the proof is the encoding,
//! every clause added since (blocking clauses of the tours found, subtour cuts), and "one of
//! the refuted cubes holds" through a fresh selector variable per cube; the proof ends with
//! a lemma "not selector" per cube and the empty clause. So a verified proof shows: no
//! solution of the encoding lies in those cubes besides the tours blocked.
//!
//! In proof mode CaDiCaL runs without variable elimination (clauses it would restore for an
//! eliminated variable assumed later reach the solver without passing through the proof) and
//! without the inprocessing that rewrites clauses: with it, lemmas written after long runs of
//! incremental calls failed the checker.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rustsat::types::{Lit, Var};

use super::manifest::{self, claim, file_name, sha256_of_file, ManifestEntry};
use crate::encode::Encoding;
use crate::files::sha256::Hashing;
use crate::files::{lock_dir, DirLock};
use crate::puzzle::Puzzle;
use crate::solver::CadicalOption;

/// Where a run's proofs go; clones share the numbering of the files and the directory's lock.
#[derive(Clone, Debug)]
pub struct ProofDir {
    dir: PathBuf,
    next: Arc<AtomicUsize>,
    /// The run, as its manifest lines name it.
    run: Arc<str>,
    /// Held from the moment the directory exists to the end of the run, so that a second
    /// run cannot number its proofs over this one's.
    lock: Arc<Mutex<Option<DirLock>>>,
}

impl PartialEq for ProofDir {
    fn eq(&self, other: &Self) -> bool {
        self.dir == other.dir
    }
}

impl Eq for ProofDir {}

/// Why a proof directory cannot take a run's proofs.
#[derive(Debug, thiserror::Error)]
pub enum ProofDirError {
    /// The path names something other than a directory.
    #[error("{0}: not a directory")]
    NotADirectory(String),
    /// The directory already holds files, perhaps the evidence of an earlier run.
    #[error("{dir} is not empty (it holds {first}); proofs go into a new or empty directory, and nothing in it was removed")]
    NotEmpty {
        /// The directory.
        dir: String,
        /// One of the entries found.
        first: String,
    },
    /// Another run is writing its proofs into the directory.
    #[error("{dir}: another run is writing its proofs there (it holds the directory's lock); give this run another directory")]
    Busy {
        /// The directory.
        dir: String,
    },
    /// The directory could not be read.
    #[error("{dir}")]
    Unreadable {
        /// The directory.
        dir: String,
        /// The system's error.
        source: io::Error,
    },
}

impl ProofDir {
    /// Proofs of one run go into `dir`, which must be missing or empty: a directory that
    /// holds anything is refused, never emptied, since what it holds may be the evidence
    /// behind an earlier run's answer. Nothing is created here; the directory is made when
    /// the first solver starts its proof, so a run refused later leaves no trace. The run
    /// holds the directory's lock from then (or from here, when it exists already) to its
    /// end: a second run into it at the same time is refused, not mixed with this one.
    pub fn prepare(dir: &Path) -> Result<Self, ProofDirError> {
        let shown = || dir.display().to_string();
        let lock = match std::fs::metadata(dir) {
            Ok(meta) if !meta.is_dir() => return Err(ProofDirError::NotADirectory(shown())),
            Ok(_) => Some(claim_dir(dir)?),
            Err(err) if err.kind() == io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(ProofDirError::Unreadable {
                    dir: shown(),
                    source,
                })
            }
        };
        Ok(ProofDir {
            dir: dir.to_path_buf(),
            next: Arc::default(),
            run: Arc::from("a run that did not name itself"),
            lock: Arc::new(Mutex::new(lock)),
        })
    }

    /// Names the run in the manifest (`manifest.jsonl`), e.g. by its command line.
    pub fn for_run(mut self, run: &str) -> Self {
        self.run = Arc::from(run);
        self
    }

    /// The run, as the manifest names it.
    pub fn run(&self) -> &str {
        &self.run
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// How many solvers have started a proof here so far: the proofs of the solvers started
    /// between two readings are `proof-N` for N in that range (a solver that refuted nothing
    /// leaves no files).
    pub fn started(&self) -> usize {
        self.next.load(Ordering::Relaxed)
    }

    /// The proofs among `proof-N`, N in `range`, that were written (their proof and CNF are
    /// both there), by the name of their proof file.
    pub fn written(&self, range: std::ops::Range<usize>) -> Vec<PathBuf> {
        range
            .map(|n| self.dir.join(format!("proof-{n}")))
            .filter(|stem| stem.with_extension("cnf").exists())
            .map(|stem| stem.with_extension("drat"))
            .collect()
    }

    /// The stem of the next solver's files, `DIR/proof-N`, with the directory made and
    /// claimed if it is not yet: another run may have made it since [`ProofDir::prepare`].
    fn next_stem(&self) -> Result<PathBuf, ProofDirError> {
        let mut lock = self
            .lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if lock.is_none() {
            std::fs::create_dir_all(&self.dir).map_err(|source| ProofDirError::Unreadable {
                dir: self.dir.display().to_string(),
                source,
            })?;
            *lock = Some(claim_dir(&self.dir)?);
        }
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        Ok(self.dir.join(format!("proof-{n}")))
    }
}

/// Locks the directory `dir` for this run's proofs, which needs it empty.
fn claim_dir(dir: &Path) -> Result<DirLock, ProofDirError> {
    let shown = || dir.display().to_string();
    let unreadable = |source| ProofDirError::Unreadable {
        dir: shown(),
        source,
    };
    let lock = lock_dir(dir)
        .map_err(unreadable)?
        .ok_or_else(|| ProofDirError::Busy { dir: shown() })?;
    // Checked under the lock: a run that held it may have written proofs meanwhile.
    if let Some(entry) = std::fs::read_dir(dir).map_err(unreadable)?.next() {
        return Err(ProofDirError::NotEmpty {
            dir: shown(),
            first: entry
                .map_err(unreadable)?
                .file_name()
                .to_string_lossy()
                .into_owned(),
        });
    }
    Ok(lock)
}

/// The solver options proof mode sets: text DRAT, which lemmas are written in; no variable
/// elimination (see the module's note); and none of the inprocessing that rewrites clauses
/// (subsumption, vivification, probing, ternary resolution, equivalent-literal substitution),
/// without which the proofs of long runs check and with which they did not
/// (results/split/README.md).
pub(super) fn proof_options() -> Vec<CadicalOption> {
    [
        "binary=0",
        "elim=0",
        "subsume=0",
        "vivify=0",
        "probe=0",
        "ternary=0",
        "decompose=0",
    ]
    .into_iter()
    .map(|text| text.parse().expect("a valid option"))
    .collect()
}

/// What one solver records for its proof.
#[derive(Debug)]
pub(super) struct SessionProof {
    dir: ProofDir,
    stem: PathBuf,
    /// Clauses added after the encoding's: part of the CNF the proof refers to.
    pub(super) added: Vec<Vec<Lit>>,
    /// The cubes refuted, each closed by its lemma in the proof.
    pub(super) refuted: Vec<Vec<Lit>>,
}

impl SessionProof {
    pub(super) fn new(dir: &ProofDir) -> Result<Self, ProofDirError> {
        Ok(SessionProof {
            dir: dir.clone(),
            stem: dir.next_stem()?,
            added: Vec::new(),
            refuted: Vec::new(),
        })
    }

    pub(super) fn dir_path(&self) -> &Path {
        self.dir.path()
    }

    pub(super) fn drat_path(&self) -> PathBuf {
        self.stem.with_extension("drat")
    }

    pub(super) fn cnf_path(&self) -> PathBuf {
        self.stem.with_extension("cnf")
    }

    /// The selector variable of the `j`-th refuted cube: past every encoding variable.
    pub(super) fn selector(encoding: &Encoding, j: usize) -> Var {
        Var::new(encoding.n_vars() + j as u32)
    }

    /// Writes the CNF the proof refers to: the encoding, the clauses added since, and the
    /// clauses saying one of the refuted cubes holds.
    ///
    /// Every unit clause `u` is written as `u or not g`, with the unit `g` (a fresh variable)
    /// last: the same formula, shaped so that no clause is falsified while a checker reads
    /// it. The rate checker (0.3.0) fails an assertion on a formula that unit propagation
    /// refutes while it is being read, as the CNF of a cube with an easy refutation is.
    /// Returns the CNF's SHA-256.
    pub(super) fn write_cnf(&self, encoding: &Encoding, model: &str) -> io::Result<String> {
        let file = Hashing::new(std::fs::File::create(self.cnf_path())?);
        let mut out = BufWriter::new(file);
        let selectors = self.refuted.len();
        let selector_clauses: usize = self.refuted.iter().map(Vec::len).sum::<usize>() + 1;
        let clauses = encoding.cnf().len() + self.added.len() + selector_clauses + 1;
        let guard = Self::selector(encoding, selectors);
        let vars = guard.idx() + 1;
        writeln!(
            out,
            "c knights: the CNF of one solver of a run on {model}, with a DRAT proof beside it:"
        )?;
        writeln!(out, "c the encoding, then {} clauses added while solving (blocking clauses and subtour cuts),", self.added.len())?;
        writeln!(
            out,
            "c then 'one of these {selectors} cubes holds' through selector variables {}..{}",
            encoding.n_vars() + 1,
            vars - 1
        )?;
        writeln!(
            out,
            "c every unit clause u is written as (u or -{vars}), and the unit {vars} comes last"
        )?;
        writeln!(out, "p cnf {vars} {clauses}")?;
        let mut clause_out = |clause: &[Lit]| match clause {
            [unit] => write_clause(&mut out, &[*unit, guard.neg_lit()]),
            _ => write_clause(&mut out, clause),
        };
        for clause in encoding.cnf() {
            clause_out(clause.as_ref())?;
        }
        for clause in &self.added {
            clause_out(clause)?;
        }
        for (j, cube) in self.refuted.iter().enumerate() {
            let selector = Self::selector(encoding, j);
            for &lit in cube {
                clause_out(&[selector.neg_lit(), lit])?;
            }
        }
        let any: Vec<Lit> = (0..selectors)
            .map(|j| Self::selector(encoding, j).pos_lit())
            .collect();
        clause_out(&any)?;
        write_clause(&mut out, &[guard.pos_lit()])?;
        let hashing = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok(hashing.finish())
    }

    /// Adds this proof's line to its directory's manifest: both files' hashes, the run and
    /// the claim.
    pub(super) fn record(&self, puzzle: &Puzzle, cnf_sha256: String) -> io::Result<()> {
        let drat = self.drat_path();
        let entry = ManifestEntry {
            proof: file_name(&drat),
            cnf: file_name(&self.cnf_path()),
            cnf_sha256,
            drat_sha256: sha256_of_file(&drat).map_err(io::Error::other)?,
            run: self.dir.run().to_string(),
            claim: claim(puzzle, self.refuted.len(), self.added.len()),
        };
        manifest::append(self.dir.path(), &entry)
    }
}

fn write_clause(out: &mut impl Write, clause: &[Lit]) -> io::Result<()> {
    for lit in clause {
        write!(out, "{} ", lit.to_ipasir())?;
    }
    writeln!(out, "0")
}
