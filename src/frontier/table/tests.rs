//! Tables filled in batches, grown, refused past their bytes, drained and filled again.

use super::*;

#[test]
fn a_table_larger_than_memory_is_an_error_not_an_abort() {
    assert!(Table::with_capacity(128, Counter::Wide, usize::MAX / 2).is_err());
    assert!(Table::with_capacity(128, Counter::Wide, 1 << 60).is_err());
}

/// `copies` times each of `words`, each time with the count `add`, in batches.
fn filled(bits: u32, counter: Counter, words: &[u128], add: u128, copies: usize) -> Table {
    let mut table = Table::with_capacity(bits, counter, 1).unwrap();
    let counts = vec![add; words.len()];
    for _ in 0..copies {
        for (w, c) in words.chunks(BATCH).zip(counts.chunks(BATCH)) {
            table.add_batch(w, c, usize::MAX).unwrap();
        }
    }
    table
}

#[test]
fn counts_of_one_word_add_up_across_batches_and_growth() {
    let big = u128::MAX / 2 + 5;
    for (bits, shift) in [(128, 70), (64, 50)] {
        let words: Vec<u128> = (0..BATCH as u128).map(|w| w << shift).collect();
        let table = filled(bits, Counter::Prime(7), &words, 5, 3);
        assert_eq!(table.len(), BATCH);
        assert_eq!(table.count_of(3 << shift), 1, "15 mod 7, {bits} bits");
        assert_eq!(table.count_of(1 << 40), 0);
        let table = filled(bits, Counter::Wide, &words, big, 3);
        assert_eq!(
            table.count_of(3 << shift),
            big.wrapping_mul(3),
            "three times past 2^128 wraps, {bits} bits"
        );
        let table = filled(bits, Counter::Wide, &words, u128::from(u64::MAX), 2);
        assert_eq!(
            table.count_of(3 << shift),
            2 * u128::from(u64::MAX),
            "the low word carries into the high, {bits} bits"
        );
    }
}

#[test]
fn a_table_that_may_not_grow_past_its_bytes_adds_nothing_of_a_batch_past_its_fill() {
    let mut table = Table::with_capacity(64, Counter::Prime(7), 12).unwrap();
    assert_eq!(table.places_n, 24, "room for 18 states at 3/4 fill");
    let words: Vec<u128> = (0..18).collect();
    let max = table.bytes() * 2;
    table.add_batch(&words, &[1; 18], max).unwrap();
    let more: Vec<u128> = (18..20).collect();
    let full = table.add_batch(&more, &[1; 2], max);
    assert!(matches!(full, Err(AddError::Full)));
    assert_eq!((table.len(), table.count_of(18)), (18, 0));
    table.add_batch(&more, &[1; 2], max * 2).unwrap();
    assert_eq!((table.len(), table.count_of(18)), (20, 1));
}

#[test]
fn places_need_not_be_a_power_of_two() {
    let table = Table::with_capacity(72, Counter::Prime(7), 1000).unwrap();
    assert_eq!(
        table.places_n, 1336,
        "1000 states at 3/4 fill, a multiple of eight"
    );
    assert_eq!(table.bytes(), 1336 * 24);
    let wide = Table::with_capacity(72, Counter::Wide, 1000).unwrap();
    assert_eq!(wide.bytes(), 1336 * 32, "two key words and two count words");
}

#[test]
fn a_drained_table_is_empty_and_takes_new_states_without_the_old() {
    let words: Vec<u128> = (0..100).collect();
    for counter in [Counter::Prime(11), Counter::Wide] {
        let mut table = filled(64, counter, &words, 10, 2);
        let mut seen = Vec::new();
        table
            .drain(|w, c| {
                seen.push((w, c));
                Ok::<(), ()>(())
            })
            .unwrap();
        seen.sort();
        let sum = counter.add(10, 10);
        assert_eq!(seen, words.iter().map(|&w| (w, sum)).collect::<Vec<_>>());
        assert_eq!((table.len(), table.iter().count()), (0, 0));
        table.make_room(100, 100, usize::MAX).unwrap();
        table.add_batch(&[7], &[1], usize::MAX).unwrap();
        assert_eq!(table.count_of(7), 1, "no count left from before");
        assert_eq!(table.count_of(8), 0);
    }
}

#[test]
fn a_drain_stopped_early_still_empties_the_table() {
    let words: Vec<u128> = (0..100).collect();
    let mut table = filled(128, Counter::Wide, &words, 1, 1);
    let mut calls = 0;
    let stopped = table.drain(|_, _| {
        calls += 1;
        if calls == 10 {
            Err("stop")
        } else {
            Ok(())
        }
    });
    assert_eq!((stopped, calls), (Err("stop"), 10));
    assert_eq!((table.len(), table.iter().count()), (0, 0));
}
