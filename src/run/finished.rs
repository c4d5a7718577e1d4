//! The cubes a stopped SAT run finished, as its summary records them, so that `--resume`
//! searches only the rest.
//!
//! A cube counts as finished only when every class it owns was handed over before the run
//! stopped; the indices are those of the model's searched cubes, which are valid only for the
//! same cube plan, hence the plan's fingerprint beside them.

use serde::de::{self, Deserializer};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

/// Finished cubes of one cube plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinishedCubes {
    /// The fingerprint of the plan the indices refer to.
    pub plan: String,
    /// Indices into the plan's searched cubes, ascending, without repeats.
    pub done: Vec<usize>,
}

impl FinishedCubes {
    /// The indices of `done`, sorted and without repeats.
    pub fn new(plan: String, mut done: Vec<usize>) -> Self {
        done.sort_unstable();
        done.dedup();
        FinishedCubes { plan, done }
    }

    /// Both records' cubes, when they belong to the same plan.
    pub fn union(&self, other: &FinishedCubes) -> Option<FinishedCubes> {
        (self.plan == other.plan).then(|| {
            let both = self.done.iter().chain(&other.done).copied().collect();
            FinishedCubes::new(self.plan.clone(), both)
        })
    }
}

/// The 64-bit FNV-1a hash of `text` as 16 hex digits: a fingerprint that stays the same across
/// platforms and builds (the standard library's hasher promises neither).
pub fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// `0-3,7,9-10`: runs of consecutive indices, so a plan of thousands of cubes stays one line.
fn ranges(done: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < done.len() {
        let mut j = i;
        while j + 1 < done.len() && done[j + 1] == done[j] + 1 {
            j += 1;
        }
        parts.push(match i == j {
            true => done[i].to_string(),
            false => format!("{}-{}", done[i], done[j]),
        });
        i = j + 1;
    }
    parts.join(",")
}

/// The indices written by [`ranges`].
fn parse_ranges(text: &str) -> Result<Vec<usize>, String> {
    let mut done = Vec::new();
    for part in text.split(',').filter(|part| !part.is_empty()) {
        let number = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| format!("'{part}' is not an index or a range of indices"))
        };
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (number(first)?, number(last)?);
                if first > last {
                    return Err(format!("'{part}' is a range that ends before it starts"));
                }
                done.extend(first..=last);
            }
            None => done.push(number(part)?),
        }
    }
    Ok(done)
}

impl Serialize for FinishedCubes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_struct("FinishedCubes", 2)?;
        record.serialize_field("plan", &self.plan)?;
        record.serialize_field("done", &ranges(&self.done))?;
        record.end()
    }
}

impl<'de> Deserialize<'de> for FinishedCubes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Written {
            plan: String,
            done: String,
        }
        let written = Written::deserialize(deserializer)?;
        let done = parse_ranges(&written.done).map_err(de::Error::custom)?;
        Ok(FinishedCubes::new(written.plan, done))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_cubes_round_trip_through_their_ranges() {
        let cubes = FinishedCubes::new("ab".into(), vec![9, 0, 1, 2, 3, 7, 10, 2]);
        let line = serde_json::to_string(&cubes).unwrap();
        assert_eq!(line, r#"{"plan":"ab","done":"0-3,7,9-10"}"#);
        let back: FinishedCubes = serde_json::from_str(&line).unwrap();
        assert_eq!(back, cubes);
    }

    #[test]
    fn a_malformed_range_is_refused_with_the_part_named() {
        let err = serde_json::from_str::<FinishedCubes>(r#"{"plan":"ab","done":"0-3,x"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("'x'"), "{err}");
        let err = serde_json::from_str::<FinishedCubes>(r#"{"plan":"ab","done":"5-3"}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("'5-3'"), "{err}");
    }

    #[test]
    fn only_records_of_one_plan_unite() {
        let a = FinishedCubes::new("p".into(), vec![0, 1]);
        let b = FinishedCubes::new("p".into(), vec![1, 4]);
        assert_eq!(a.union(&b).unwrap().done, vec![0, 1, 4]);
        assert!(a.union(&FinishedCubes::new("q".into(), vec![2])).is_none());
    }
}
