use super::*;

#[test]
fn a_locked_directory_cannot_be_locked_again_until_released() {
    let dir = tempfile::tempdir().unwrap();
    let held = lock_dir(dir.path()).unwrap();
    assert!(held.is_some());
    assert!(lock_dir(dir.path()).unwrap().is_none());
    drop(held);
    assert!(lock_dir(dir.path()).unwrap().is_some());
}
