//! Layers written and read back: in memory, on disk across blocks, and saved for a
//! checkpoint.

use super::record::MAX_RECORD;
use super::*;

fn records(bits: u32, counter: Counter) -> Vec<(u128, u128)> {
    let top = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let most = match counter {
        Counter::Wide => u128::MAX,
        Counter::Prime(p) => u128::from(p - 1),
    };
    vec![(0, 1), (top, most), (top / 3, 12_345), (5, 0)]
}

#[test]
fn a_reused_buffer_grows_to_the_layer_and_no_further() {
    let counter = Counter::Wide;
    let size = record_bytes(72, counter);
    let spare = Vec::with_capacity(1_000 * size);
    let writer = LayerWriter::in_memory_reusing(72, counter, spare, 1_500);
    assert_eq!(writer.memory_bytes(), 1_500 * size + MAX_RECORD);
    let large = Vec::with_capacity(3_000 * size);
    let writer = LayerWriter::in_memory_reusing(72, counter, large, 1_500);
    assert_eq!(
        writer.memory_bytes(),
        3_000 * size,
        "a larger buffer is kept as it is"
    );
    let mut writer = LayerWriter::in_memory_reusing(72, counter, Vec::new(), 1_500);
    for i in 0..1_500 {
        writer.push(i, u128::MAX - i).unwrap();
    }
    assert_eq!(
        writer.memory_bytes(),
        1_500 * size + MAX_RECORD,
        "the last record fits without growing the buffer"
    );
}

/// Every record of `layer`, in its order.
pub(in crate::frontier) fn read(layer: Layer) -> Vec<(u128, u128)> {
    let mut out = Vec::new();
    layer
        .drain(|w, c| {
            out.push((w, c));
            Ok::<(), io::Error>(())
        })
        .unwrap();
    out
}

#[test]
fn records_come_back_as_written_in_memory_and_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    for counter in [Counter::Prime(u64::MAX >> 1), Counter::Wide] {
        for bits in [4, 64, 72, 128] {
            let want = records(bits, counter);
            let path = dir.path().join(format!("{bits}"));
            let writers = [
                LayerWriter::in_memory(bits, counter),
                LayerWriter::on_disk(bits, counter, path.clone(), 64).unwrap(),
            ];
            for mut writer in writers {
                for &(w, c) in &want {
                    writer.push(w, c).unwrap();
                }
                let layer = writer.finish().unwrap();
                assert_eq!(layer.len(), want.len());
                assert_eq!(read(layer), want, "{bits} bits, {counter:?}");
            }
            assert!(!path.exists(), "a layer read from disk removes its file");
        }
    }
}

#[test]
fn a_file_of_several_blocks_comes_back_whole_and_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let size = record_bytes(72, Counter::Wide);
    let n = (3 * READ_BLOCK / size + 7) as u128;
    let want: Vec<(u128, u128)> = (0..n).map(|i| (i << 50 | i, u128::MAX - i)).collect();
    // A write block that is no multiple of the record size: records straddle blocks.
    let path = dir.path().join("blocks");
    let mut writer = LayerWriter::on_disk(72, Counter::Wide, path, 1000).unwrap();
    for &(w, c) in &want {
        writer.push(w, c).unwrap();
    }
    let layer = writer.finish().unwrap();
    assert_eq!(layer.disk_bytes(), n as u64 * size as u64);
    let got = read(layer);
    assert!(got == want, "{} records back of {}", got.len(), want.len());
}

#[test]
fn a_layer_saved_is_linked_from_its_file_or_written_from_memory_with_its_hash() {
    use std::os::unix::fs::MetadataExt as _;
    let dir = tempfile::tempdir().unwrap();
    let want = records(72, Counter::Wide);
    let spilled = dir.path().join("spilled");
    let writers = [
        LayerWriter::in_memory(72, Counter::Wide),
        LayerWriter::on_disk(72, Counter::Wide, spilled.clone(), 64)
            .unwrap()
            .hashing(),
    ];
    for (i, mut writer) in writers.into_iter().enumerate() {
        for &(w, c) in &want {
            writer.push(w, c).unwrap();
        }
        let layer = writer.finish().unwrap();
        let to = dir.path().join(format!("saved-{i}"));
        let sha256 = layer.save(&to).unwrap();
        assert_eq!(sha256, sha256::of_file(&to).unwrap(), "layer {i}");
        if layer.disk_bytes() > 0 {
            let links = std::fs::metadata(&to).unwrap().nlink();
            assert_eq!(links, 2, "a layer on disk is linked, not written again");
        }
        assert_eq!(read(layer), want);
        let back = Layer::saved(to.clone(), 72, Counter::Wide, want.len());
        assert_eq!(read(back), want, "layer {i} read back");
        assert!(to.exists(), "a saved layer read back stays");
    }
    assert!(!spilled.exists());
}

#[test]
fn a_record_takes_the_key_bytes_and_a_count() {
    assert_eq!(record_bytes(72, Counter::Prime(7)), 17);
    assert_eq!(record_bytes(64, Counter::Prime(7)), 16);
    assert_eq!(record_bytes(12, Counter::Prime(7)), 10);
    assert_eq!(record_bytes(72, Counter::Wide), 25);
}
