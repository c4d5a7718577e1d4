//! SHA-256 digests in lower-case hex, the form every file of digests here writes them in: of
//! bytes as they are written, and of everything a reader gives.

use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

/// Bytes read at once when hashing a reader: few calls for a large file, little memory.
const BLOCK: usize = 1 << 20;

/// `bytes` in lower-case hex, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of everything `reader` gives, read in blocks, in lower-case hex.
pub fn of_reader(mut reader: impl Read) -> io::Result<String> {
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; BLOCK];
    loop {
        match reader.read(&mut block)? {
            0 => return Ok(hex(&hasher.finalize())),
            n => hasher.update(&block[..n]),
        }
    }
}

/// The SHA-256 of a file's bytes, in lower-case hex.
pub fn of_file(path: &Path) -> io::Result<String> {
    of_reader(File::open(path)?)
}

/// A writer that hashes what passes through it, so that a file is hashed as it is written
/// instead of read again.
#[derive(Debug)]
pub struct Hashing<W> {
    inner: W,
    hasher: Sha256,
}

impl<W: Write> Hashing<W> {
    /// Writes to `inner`, hashing from here on.
    pub fn new(inner: W) -> Self {
        Hashing {
            inner,
            hasher: Sha256::new(),
        }
    }

    /// The writer underneath, to sync a file, say (what is written through it directly is
    /// not hashed).
    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    /// The hash of everything written, in lower-case hex.
    pub fn finish(self) -> String {
        hex(&self.hasher.finalize())
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test vector of FIPS 180-2, appendix B.1.
    const ABC: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    #[test]
    fn bytes_written_and_bytes_read_hash_as_sha256_of_abc() {
        let mut writer = Hashing::new(Vec::new());
        writer.write_all(b"abc").unwrap();
        assert_eq!(writer.get_ref(), b"abc");
        assert_eq!(writer.finish(), ABC);
        assert_eq!(of_reader(&b"abc"[..]).unwrap(), ABC);
    }

    #[test]
    fn a_reader_longer_than_a_block_is_hashed_whole() {
        let bytes: Vec<u8> = (0..BLOCK * 2 + 7).map(|i| i as u8).collect();
        assert_eq!(of_reader(&bytes[..]).unwrap(), hex(&Sha256::digest(&bytes)));
    }
}
