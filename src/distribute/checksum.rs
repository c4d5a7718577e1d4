//! Checksums that let a job file or a result file show it is the one written: a line edited
//! by hand, a file cut short or one swapped for another's is caught before anything counts it.
//!
//! FNV-1a (64 bits) is enough here: it guards against accidents, not against forgery.

/// The key that closes a sealed JSON line: `{..., "checksum": "<16 hex digits>"}`.
const KEY: &str = ",\"checksum\":\"";

/// FNV-1a over bytes fed in pieces.
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds bytes to the hash.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far, as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The hash of `bytes` as 16 hex digits.
pub fn digest(bytes: &[u8]) -> String {
    let mut fnv = Fnv::default();
    fnv.feed(bytes);
    fnv.hex()
}

/// Seals a JSON object (one line, ending in `}`) with the checksum of `before` followed by the
/// object itself: the object gains a last field `"checksum"`.
pub fn seal(before: Fnv, object: &str) -> String {
    debug_assert!(object.ends_with('}') && object.len() > 2);
    let mut fnv = before;
    fnv.feed(object.as_bytes());
    let open = &object[..object.len() - 1];
    format!("{open}{KEY}{}\"}}", fnv.hex())
}

/// Why a sealed line does not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// The line has no checksum field at its end.
    #[error("it has no checksum at its end (cut short, or not written by knights)")]
    Missing,
    /// The checksum does not match the content.
    #[error("its checksum does not match its content (edited, or damaged)")]
    Mismatch,
}

/// Checks a line sealed by [`seal`] with the same `before`; gives back the object as it was
/// before sealing.
pub fn unseal(before: Fnv, line: &str) -> Result<String, SealError> {
    let line = line.trim_end();
    let at = line.rfind(KEY).ok_or(SealError::Missing)?;
    let tail = &line[at + KEY.len()..];
    let stated = tail.strip_suffix("\"}").ok_or(SealError::Missing)?;
    if stated.len() != 16 || !stated.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(SealError::Missing);
    }
    let object = format!("{}}}", &line[..at]);
    let mut fnv = before;
    fnv.feed(object.as_bytes());
    match fnv.hex() == stated {
        true => Ok(object),
        false => Err(SealError::Mismatch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_line_unseals_to_its_object() {
        let object = r#"{"a":1,"b":"x"}"#;
        let line = seal(Fnv::default(), object);
        assert!(line.starts_with(r#"{"a":1,"b":"x","checksum":""#), "{line}");
        assert_eq!(unseal(Fnv::default(), &line).unwrap(), object);
    }

    #[test]
    fn any_edit_is_caught() {
        let line = seal(Fnv::default(), r#"{"a":1,"b":"x"}"#);
        let edited = line.replace("\"a\":1", "\"a\":2");
        assert_eq!(unseal(Fnv::default(), &edited), Err(SealError::Mismatch));
        let cut = &line[..line.len() - 3];
        assert_eq!(unseal(Fnv::default(), cut), Err(SealError::Missing));
        assert_eq!(
            unseal(Fnv::default(), r#"{"a":1}"#),
            Err(SealError::Missing)
        );
    }

    #[test]
    fn the_seal_covers_what_came_before() {
        let mut before = Fnv::default();
        before.feed(b"header\n");
        let line = seal(before, r#"{"end":true}"#);
        assert!(unseal(before, &line).is_ok());
        let mut other = Fnv::default();
        other.feed(b"heade\n");
        assert_eq!(unseal(other, &line), Err(SealError::Mismatch));
    }

    #[test]
    fn fnv_matches_its_published_test_vector() {
        // The FNV-1a 64 value of "a" from the algorithm's reference test suite.
        assert_eq!(digest(b"a"), "af63dc4c8601ec8c");
    }
}
