//! Resuming inside a cube: the parts of a split cube ([`super::prefixes`]) that a stopped run
//! finished are not searched again, and each part finished now is recorded, so a run stopped
//! inside a split cube repeats at most the part it was in. The parts found before are
//! recognised by the fingerprint of the cube's split; under another split (another prefix
//! length) the cube is searched whole.

use std::sync::mpsc;

use rustsat::types::Lit;

use super::pool::{Message, WorkPool};
use crate::encode::cubes::Cube;
use crate::run::{fingerprint, FinishedParts};

/// Which parts of one cube were finished before, and how this run's are recorded.
pub(super) struct PartsDone {
    /// The fingerprint of the cube's split; `None` when parts are not recorded (a cube of one
    /// part, or a proof run, whose proof must cover the whole cube).
    split: Option<String>,
    /// Parts finished by the run resumed, ascending.
    before: Vec<usize>,
}

impl PartsDone {
    pub(super) fn new(shared: &WorkPool<'_>, cube: Cube, parts: &[Vec<Lit>]) -> Self {
        let recorded = parts.len() > 1 && shared.options.proof.is_none();
        let split = recorded.then(|| fingerprint(&format!("{parts:?}")));
        let before = match &split {
            Some(split) => finished_before(shared, cube)
                .filter(|record| &record.split == split)
                .map(|record| record.done.clone())
                .unwrap_or_default(),
            None => Vec::new(),
        };
        PartsDone { split, before }
    }

    /// Whether part `part` was finished by the run resumed.
    pub(super) fn skips(&self, part: usize) -> bool {
        self.before.binary_search(&part).is_ok()
    }

    /// Tells the reporting thread that part `part` of `cube` is finished: sent after its
    /// classes, so the reporter knows none of them is still on its way.
    pub(super) fn record(&self, cube: Cube, part: usize, sender: &mpsc::Sender<Message>) {
        if let Some(split) = &self.split {
            let split = split.clone();
            // The receiver outlives every worker; a failed send cannot happen.
            let _ = sender.send(Message::PartDone { cube, split, part });
        }
    }
}

/// The record of `cube`'s parts a resumed run finished, if there is one.
pub(super) fn finished_before<'a>(
    shared: &'a WorkPool<'_>,
    cube: Cube,
) -> Option<&'a FinishedParts> {
    let index = shared.plan.index_of(cube)?;
    shared.options.finished.as_ref()?.parts.get(&index)
}
