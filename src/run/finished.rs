//! The cubes a stopped SAT run finished, as its summary records them, so that `--resume`
//! searches only the rest.
//!
//! A cube counts as finished only when every class it owns was handed over before the run
//! stopped; the indices are those of the model's searched cubes, which are valid only for the
//! same cube plan, hence the plan's fingerprint beside them. A cube split into parts and
//! stopped inside records its finished parts the same way, beside the fingerprint of its split,
//! so that a resume continues inside that cube.

use std::collections::BTreeMap;

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
    /// The finished parts of cubes not in `done`, by cube index.
    pub parts: BTreeMap<usize, FinishedParts>,
}

/// The finished parts of one cube split into parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinishedParts {
    /// The fingerprint of the split the indices refer to: another split (another prefix
    /// length, another encoding) numbers other parts.
    pub split: String,
    /// Indices into the cube's parts, ascending, without repeats.
    pub done: Vec<usize>,
}

impl FinishedParts {
    /// The indices of `done`, sorted and without repeats.
    pub fn new(split: String, mut done: Vec<usize>) -> Self {
        done.sort_unstable();
        done.dedup();
        FinishedParts { split, done }
    }

    /// Both records' parts when they number the same split, else the newer record `other`.
    fn union(&self, other: &FinishedParts) -> FinishedParts {
        match self.split == other.split {
            true => {
                let both = self.done.iter().chain(&other.done).copied().collect();
                FinishedParts::new(self.split.clone(), both)
            }
            false => other.clone(),
        }
    }
}

impl FinishedCubes {
    /// The indices of `done`, sorted and without repeats.
    pub fn new(plan: String, done: Vec<usize>) -> Self {
        Self::with_parts(plan, done, BTreeMap::new())
    }

    /// [`FinishedCubes::new`] with the finished parts of cubes stopped inside; the parts of a
    /// cube that is finished whole are dropped.
    pub fn with_parts(
        plan: String,
        mut done: Vec<usize>,
        mut parts: BTreeMap<usize, FinishedParts>,
    ) -> Self {
        done.sort_unstable();
        done.dedup();
        parts.retain(|cube, split| done.binary_search(cube).is_err() && !split.done.is_empty());
        FinishedCubes { plan, done, parts }
    }

    /// Whether the record holds no finished cube and no finished part.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty() && self.parts.is_empty()
    }

    /// Both records' cubes and parts, when they belong to the same plan.
    pub fn union(&self, other: &FinishedCubes) -> Option<FinishedCubes> {
        (self.plan == other.plan).then(|| {
            let both = self.done.iter().chain(&other.done).copied().collect();
            let mut parts = self.parts.clone();
            for (&cube, theirs) in &other.parts {
                let united = match parts.get(&cube) {
                    Some(ours) => ours.union(theirs),
                    None => theirs.clone(),
                };
                parts.insert(cube, united);
            }
            FinishedCubes::with_parts(self.plan.clone(), both, parts)
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
        let fields = 2 + usize::from(!self.parts.is_empty());
        let mut record = serializer.serialize_struct("FinishedCubes", fields)?;
        record.serialize_field("plan", &self.plan)?;
        record.serialize_field("done", &ranges(&self.done))?;
        // Left out when empty, so a run whose cubes are not split writes what it always wrote.
        if !self.parts.is_empty() {
            record.serialize_field("parts", &self.parts)?;
        }
        record.end()
    }
}

impl Serialize for FinishedParts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_struct("FinishedParts", 2)?;
        record.serialize_field("split", &self.split)?;
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
            #[serde(default)]
            parts: BTreeMap<usize, FinishedParts>,
        }
        let written = Written::deserialize(deserializer)?;
        let done = parse_ranges(&written.done).map_err(de::Error::custom)?;
        Ok(FinishedCubes::with_parts(written.plan, done, written.parts))
    }
}

impl<'de> Deserialize<'de> for FinishedParts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Written {
            split: String,
            done: String,
        }
        let written = Written::deserialize(deserializer)?;
        let done = parse_ranges(&written.done).map_err(de::Error::custom)?;
        Ok(FinishedParts::new(written.split, done))
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
    fn finished_parts_round_trip_and_a_finished_cube_drops_its_parts() {
        let parts = BTreeMap::from([
            (4, FinishedParts::new("s".into(), vec![0, 1, 2, 6])),
            (1, FinishedParts::new("t".into(), vec![3])),
        ]);
        let cubes = FinishedCubes::with_parts("ab".into(), vec![1], parts);
        let line = serde_json::to_string(&cubes).unwrap();
        assert_eq!(
            line,
            r#"{"plan":"ab","done":"1","parts":{"4":{"split":"s","done":"0-2,6"}}}"#
        );
        let back: FinishedCubes = serde_json::from_str(&line).unwrap();
        assert_eq!(back, cubes);
    }

    #[test]
    fn parts_of_one_split_unite_and_another_split_replaces_them() {
        let record = |split: &str, done: Vec<usize>| {
            let parts = BTreeMap::from([(2, FinishedParts::new(split.into(), done))]);
            FinishedCubes::with_parts("p".into(), vec![], parts)
        };
        let same = record("s", vec![0, 1])
            .union(&record("s", vec![5]))
            .unwrap();
        assert_eq!(same.parts[&2].done, vec![0, 1, 5]);
        let other = record("s", vec![0, 1])
            .union(&record("t", vec![5]))
            .unwrap();
        assert_eq!(other.parts[&2], FinishedParts::new("t".into(), vec![5]));
    }

    #[test]
    fn only_records_of_one_plan_unite() {
        let a = FinishedCubes::new("p".into(), vec![0, 1]);
        let b = FinishedCubes::new("p".into(), vec![1, 4]);
        assert_eq!(a.union(&b).unwrap().done, vec![0, 1, 4]);
        assert!(a.union(&FinishedCubes::new("q".into(), vec![2])).is_none());
    }
}
