//! How much memory the sweep's states may hold, and where the rest is spilled.

use std::path::PathBuf;

/// The share of the memory the system calls available that a sweep takes by default, in
/// quarters: the rest stays for the system, other programs and the sweep's buffers.
const DEFAULT_QUARTERS: usize = 3;

/// The default when the available memory cannot be read.
const FALLBACK_BYTES: usize = 4 << 30;

/// The least budget taken: a few small tables.
const LEAST_BYTES: usize = 4 << 10;

/// The memory a sweep may hold for its states, and the directory its spilled files go in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes of states in memory (tables and packed steps) at most.
    pub bytes: usize,
    /// The parent of the spill directory; the system's temporary directory when `None`.
    pub spill_dir: Option<PathBuf>,
}

impl Default for Budget {
    /// Three quarters of the memory available now.
    fn default() -> Budget {
        let bytes = available_bytes().map_or(FALLBACK_BYTES, |b| b / 4 * DEFAULT_QUARTERS);
        Budget::new(bytes, None)
    }
}

impl Budget {
    /// At most `bytes` (raised to a small least amount), spilling under `spill_dir`.
    pub fn new(bytes: usize, spill_dir: Option<PathBuf>) -> Budget {
        Budget {
            bytes: bytes.max(LEAST_BYTES),
            spill_dir,
        }
    }
}

/// The memory the system says is available without swapping, from `/proc/meminfo`.
fn available_bytes() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The memory this machine has, from `/proc/meminfo`.
fn total_bytes() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Reads a memory budget such as `14G`, `512M` or `64K` (a number and a unit), refused
/// below the least a sweep takes and above the memory of this machine: a budget the machine
/// cannot give would end the run out of memory instead of spilling to disk.
pub fn parse_size(text: &str) -> Result<usize, String> {
    within(text, parse_bytes(text)?, total_bytes())
}

/// `bytes` if it is at least [`LEAST_BYTES`] and at most `total` (when known).
fn within(text: &str, bytes: usize, total: Option<usize>) -> Result<usize, String> {
    if bytes < LEAST_BYTES {
        return Err(format!(
            "{text:?} is less than the {}K a sweep needs at least",
            LEAST_BYTES >> 10
        ));
    }
    match total {
        Some(total) if bytes > total => Err(format!(
            "{text:?} is more than the {}M of memory this machine has: give at most that, \
             and the sweep spills to disk past it",
            total >> 20
        )),
        _ => Ok(bytes),
    }
}

/// Reads a size such as `14G`, `512M`, `64K` or a plain number of bytes (binary units:
/// K = 1024); the error names what is wrong.
fn parse_bytes(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "unknown unit {unit:?} in {text:?}: use K, M, G or T"
            ))
        }
    };
    let number: usize = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size such as 14G or 512M"))?;
    number
        .checked_mul(1 << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("{text:?}: the size must be above zero and fit this machine"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_bytes("14G"), Ok(14 << 30));
        assert_eq!(parse_bytes("512m"), Ok(512 << 20));
        assert_eq!(parse_bytes("64KiB"), Ok(64 << 10));
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert!(parse_bytes("").is_err());
        assert!(parse_bytes("0G").is_err());
        assert!(parse_bytes("12X").unwrap_err().contains("unit"));
        assert!(parse_bytes("G").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }

    #[test]
    fn a_budget_is_refused_below_the_least_and_above_the_machine() {
        assert_eq!(within("4K", 4 << 10, Some(1 << 30)), Ok(4 << 10));
        assert!(within("1", 1, Some(1 << 30))
            .unwrap_err()
            .contains("at least"));
        let err = within("2G", 2 << 30, Some(1 << 30)).unwrap_err();
        assert!(err.contains("this machine has"), "{err}");
        assert_eq!(within("2G", 2 << 30, None), Ok(2 << 30));
    }

    #[test]
    fn the_default_is_a_share_of_the_memory_available() {
        let budget = Budget::default();
        assert!(budget.bytes >= LEAST_BYTES && budget.spill_dir.is_none());
    }
}
