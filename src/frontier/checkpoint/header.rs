//! What a checkpoint says of itself: the problem its layer belongs to (board, leaper, cycles
//! or paths, the schedule of moves, how counts are kept) and how far the sweep had got. A
//! checkpoint is continued only by a run of the same problem, field for field.

use super::super::counter::Counter;
use super::super::layer::record_bytes;
use super::super::schedule::Schedule;
use super::super::transition::TourKind;
use super::super::FrontierError;
use crate::board::Board;
use crate::files::sha256;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The format this build writes and the newest it reads. Raised whenever the meaning of a
/// saved state or of a field changes, so that an older build refuses a newer checkpoint.
pub const FORMAT: u32 = 1;

/// The header file's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT`] when written.
    pub format: u32,
    /// The board's shape, as written on the command line.
    pub board: String,
    /// The leaper, as `a,b`.
    pub leaper: String,
    /// `cycles` (closed tours) or `paths` (open).
    pub tours: String,
    /// A digest of the order of moves and the packing of the states.
    pub schedule: String,
    /// Steps in one sweep.
    pub steps: usize,
    /// How counts are kept: `wide` (modulo 2^128) or `prime P`, one sweep each.
    pub counters: Vec<String>,
    /// The sweep (0-based) the layer belongs to.
    pub round: usize,
    /// The count modulo each prime of the sweeps before `round`, in decimal.
    pub residues: Vec<String>,
    /// Steps of sweep `round` done: the layer holds the states after this one.
    pub step: usize,
    /// States in the layer.
    pub states: usize,
    /// Bytes of one state's record.
    pub record_bytes: usize,
    /// Bytes of the layer file: `states` x `record_bytes`.
    pub bytes: u64,
    /// The layer file's name, in the checkpoint's directory.
    pub layer: String,
    /// The SHA-256 of the layer file's bytes, in hex.
    pub sha256: String,
    /// When it was saved, in seconds since 1970 (UTC).
    pub saved_unix: u64,
    /// A digest of every field above, so that a header edited or damaged is not read as
    /// another step of the count.
    #[serde(default)]
    pub seal: String,
}

impl Header {
    /// The header with its seal set.
    pub fn sealed(mut self) -> Header {
        self.seal = self.digest();
        self
    }

    /// Whether the seal is the digest of the other fields.
    pub fn seal_holds(&self) -> bool {
        self.seal == self.digest()
    }

    fn digest(&self) -> String {
        let unsealed = Header {
            seal: String::new(),
            ..self.clone()
        };
        let text = serde_json::to_string(&unsealed).expect("a header serialises");
        sha256::hex(&Sha256::digest(text.as_bytes())[..8])
    }
}

/// What identifies one count: a checkpoint of it can only be continued by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    board: String,
    leaper: String,
    tours: String,
    schedule: String,
    steps: usize,
    counters: Vec<String>,
    record_bytes: usize,
}

impl Problem {
    /// The count of `kind` tours of `board` taken in `schedule`'s order with `counters`.
    pub fn new(board: &Board, kind: TourKind, schedule: &Schedule, counters: &[Counter]) -> Self {
        let bits = schedule.slots as u32 * schedule.bits;
        Problem {
            board: board.shape().to_string(),
            leaper: board.leaper().to_string(),
            tours: match kind {
                TourKind::Cycle => "cycles",
                TourKind::Path => "paths",
            }
            .to_string(),
            schedule: fingerprint(schedule),
            steps: schedule.steps.len(),
            counters: counters.iter().map(|&c| counter_text(c)).collect(),
            record_bytes: record_bytes(bits, counters[0]),
        }
    }

    /// The header of a layer after step `step` of sweep `round`, the file's name and hash
    /// still to be filled in.
    pub fn header(&self, round: usize, residues: &[u128], step: usize, states: usize) -> Header {
        Header {
            format: FORMAT,
            board: self.board.clone(),
            leaper: self.leaper.clone(),
            tours: self.tours.clone(),
            schedule: self.schedule.clone(),
            steps: self.steps,
            counters: self.counters.clone(),
            round,
            residues: residues.iter().map(u128::to_string).collect(),
            step,
            states,
            record_bytes: self.record_bytes,
            bytes: (states as u64) * self.record_bytes as u64,
            layer: String::new(),
            sha256: String::new(),
            saved_unix: 0,
            seal: String::new(),
        }
    }

    /// Refuses a header of another problem, naming the first field that differs, or one
    /// whose progress fields contradict each other.
    pub fn check(&self, header: &Header, file: &str) -> Result<(), FrontierError> {
        let differs = |field: &'static str, found: String, wanted: String| {
            Err(FrontierError::CheckpointOfAnother {
                file: file.to_string(),
                field,
                found,
                wanted,
            })
        };
        let fields = [
            ("board", &header.board, &self.board),
            ("leaper", &header.leaper, &self.leaper),
            ("tours", &header.tours, &self.tours),
            ("schedule", &header.schedule, &self.schedule),
        ];
        for (field, found, wanted) in fields {
            if found != wanted {
                return differs(field, found.clone(), wanted.clone());
            }
        }
        if header.steps != self.steps {
            return differs("steps", header.steps.to_string(), self.steps.to_string());
        }
        if header.counters != self.counters {
            let list = |c: &[String]| c.join(", ");
            return differs("counters", list(&header.counters), list(&self.counters));
        }
        if header.record_bytes != self.record_bytes {
            let (found, wanted) = (header.record_bytes, self.record_bytes);
            return differs("record_bytes", found.to_string(), wanted.to_string());
        }
        self.check_progress(header, file)
    }

    fn check_progress(&self, header: &Header, file: &str) -> Result<(), FrontierError> {
        let damaged = |what: String| {
            Err(FrontierError::CheckpointDamaged {
                file: file.to_string(),
                what,
            })
        };
        if header.round >= self.counters.len() || header.residues.len() != header.round {
            return damaged(format!(
                "field `round` is {} with {} residues, of {} sweeps",
                header.round,
                header.residues.len(),
                self.counters.len()
            ));
        }
        if header.step == 0 || header.step > self.steps {
            return damaged(format!(
                "field `step` is {}, of {} steps",
                header.step, self.steps
            ));
        }
        let bytes = header.states as u64 * header.record_bytes as u64;
        if header.bytes != bytes {
            return damaged(format!(
                "field `bytes` is {}, but {} states of {} bytes take {bytes}",
                header.bytes, header.states, header.record_bytes
            ));
        }
        if let Some(bad) = header.residues.iter().find(|r| r.parse::<u64>().is_err()) {
            return damaged(format!("field `residues` holds {bad:?}, not a residue"));
        }
        Ok(())
    }
}

/// How a sweep's counts are kept, in words.
fn counter_text(counter: Counter) -> String {
    match counter {
        Counter::Wide => "wide".to_string(),
        Counter::Prime(p) => format!("prime {p}"),
    }
}

/// A digest of everything in the schedule a saved state depends on: the slots, their
/// width, the axes, the moves each step holds and each move's slots, leaving cells and folds.
fn fingerprint(schedule: &Schedule) -> String {
    let mut hasher = Sha256::new();
    let mut feed = |n: u128| hasher.update(n.to_le_bytes());
    feed(schedule.slots as u128);
    feed(u128::from(schedule.bits));
    feed(schedule.widest as u128);
    schedule.axes.iter().for_each(|&a| feed(a as u128));
    // A saved layer follows a whole step: how the moves are cut into steps is part of it.
    let sizes = schedule.steps.iter().map(|step| step.choices.len());
    sizes.for_each(|n| feed(n as u128));
    for choice in schedule.steps.iter().flat_map(|step| &step.choices) {
        feed(u128::from(choice.first));
        feed(u128::from(choice.second));
        feed(choice.leaving.len() as u128);
        choice.leaving.iter().for_each(|&s| feed(u128::from(s)));
        feed(choice.finished);
        feed(u128::from(choice.all_entered));
        feed(choice.one_left);
        feed(choice.folds.len() as u128);
        for fold in &choice.folds {
            feed(fold.len() as u128);
            fold.iter()
                .for_each(|&(a, b)| feed(u128::from(a) << 8 | u128::from(b)));
        }
    }
    sha256::hex(&hasher.finalize()[..8])
}
