use super::*;
use std::io::Write;

#[test]
fn a_regular_file_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.txt");
    std::fs::write(&path, "one\ntwo\n").unwrap();
    assert_eq!(read_text(&path).unwrap(), "one\ntwo\n");
    assert_eq!(read_bytes(&path, 8).unwrap(), b"one\ntwo\n");
}

#[test]
fn what_is_not_a_regular_file_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo on a path this test owns.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let refused = |path: &Path| read_text(path).unwrap_err().to_string();
    assert!(refused(&fifo).contains("a FIFO"), "{}", refused(&fifo));
    let zero = Path::new("/dev/zero");
    assert!(
        refused(zero).contains("a character device"),
        "{}",
        refused(zero)
    );
    assert!(refused(dir.path()).contains("a directory"));
    assert!(read_text(&dir.path().join("none"))
        .unwrap_err()
        .is_not_found());
}

#[test]
fn a_file_or_a_line_past_its_bound_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.bin");
    std::fs::write(&path, [0u8; 9]).unwrap();
    let err = read_bytes(&path, 8).unwrap_err();
    assert!(matches!(err.problem, ReadProblem::TooLarge(8)), "{err}");
    let long = dir.path().join("long.txt");
    let mut file = File::create(&long).unwrap();
    file.write_all(b"short\n").unwrap();
    file.write_all(&vec![b'x'; MAX_LINE_BYTES + 1]).unwrap();
    drop(file);
    let err = read_text(&long).unwrap_err();
    assert!(
        matches!(err.problem, ReadProblem::LineTooLong { line: 2, .. }),
        "{err}"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_named_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.txt");
    std::fs::write(&path, b"one\ntwo\nthr\xffee\n").unwrap();
    let err = read_text(&path).unwrap_err();
    assert!(matches!(err.problem, ReadProblem::NotText(3)), "{err}");
}

#[test]
fn a_locked_directory_cannot_be_locked_again_until_released() {
    let dir = tempfile::tempdir().unwrap();
    let held = lock_dir(dir.path()).unwrap();
    assert!(held.is_some());
    assert!(lock_dir(dir.path()).unwrap().is_none());
    drop(held);
    assert!(lock_dir(dir.path()).unwrap().is_some());
}

/// `bytes` packed by gzip into `path`, as `gzip` would write them.
fn write_gzip(path: &Path, bytes: &[u8]) {
    let mut packer =
        flate2::write::GzEncoder::new(File::create(path).unwrap(), flate2::Compression::default());
    packer.write_all(bytes).unwrap();
    packer.finish().unwrap();
}

#[test]
fn a_gzip_file_reads_as_the_text_it_packs_in_one_member_or_several() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.txt.gz");
    write_gzip(&path, b"one\ntwo\n");
    assert_eq!(read_gzip_text(&path).unwrap(), "one\ntwo\n");
    let second = dir.path().join("b.txt.gz");
    write_gzip(&second, b"three\n");
    let mut joined = std::fs::read(&path).unwrap();
    joined.extend(std::fs::read(&second).unwrap());
    std::fs::write(&path, joined).unwrap();
    assert_eq!(read_gzip_text(&path).unwrap(), "one\ntwo\nthree\n");
}

#[test]
fn a_damaged_gzip_file_or_one_that_unpacks_past_a_bound_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.txt.gz");
    write_gzip(&path, b"one\ntwo\nthree\n");
    let mut cut = std::fs::read(&path).unwrap();
    cut.truncate(cut.len() - 6);
    std::fs::write(&path, cut).unwrap();
    let err = read_gzip_text(&path).unwrap_err();
    assert!(matches!(err.problem, ReadProblem::Io(_)), "{err}");
    assert!(err.to_string().contains("a.txt.gz"), "{err}");
    std::fs::write(&path, b"not gzip at all\n").unwrap();
    assert!(read_gzip_text(&path).is_err());
    // A line past the bound packs into a few kilobytes: the bound is on what it unpacks to.
    write_gzip(&path, &vec![b'x'; MAX_LINE_BYTES + 1]);
    assert!(std::fs::metadata(&path).unwrap().len() < 1 << 20);
    let err = read_gzip_text(&path).unwrap_err();
    assert!(
        matches!(err.problem, ReadProblem::LineTooLong { line: 1, .. }),
        "{err}"
    );
}
