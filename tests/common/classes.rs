//! What every engine must hand over when it enumerates, whatever the puzzle.

use knights::puzzle::Puzzle;
use knights::run::{Class, Summary};
use knights::symmetry::key;
use knights::verify::verify;
use std::collections::HashSet;

/// Checks the classes an enumeration handed over against the puzzle and the run's summary:
/// every member is a solution (to `Puzzle::accepts` and to the independent verifier alike),
/// the members of a class share one canonical form and no two classes do, the least member
/// comes first, a class holds every solution of its orbit, no solution comes twice, and the
/// summary counts exactly what was handed over.
pub fn check(puzzle: &Puzzle, classes: &[Class], summary: &Summary) {
    let form = puzzle.form();
    let mut canonical_forms = HashSet::new();
    let mut seen = HashSet::new();
    for class in classes {
        let first = &class.members[0];
        let canonical = puzzle.canonical(first);
        let least = key(first, form);
        assert!(
            canonical_forms.insert(canonical.clone()),
            "a class was delivered twice: {:?}",
            first.order()
        );
        for member in &class.members {
            assert!(
                puzzle.accepts(member),
                "not a solution: {:?}",
                member.order()
            );
            let broken = verify(puzzle, member);
            assert!(broken.is_empty(), "{:?}: {broken:?}", member.order());
            assert_eq!(
                puzzle.canonical(member),
                canonical,
                "a member of another class"
            );
            let member_key = key(member, form);
            assert!(member_key >= least, "the least member is not first");
            assert!(seen.insert(member_key), "a solution handed over twice");
        }
        assert_eq!(
            class.members.len(),
            puzzle.class_members(first).len(),
            "an incomplete class: {:?}",
            first.order()
        );
    }
    assert_eq!(
        seen.len() as u64,
        summary.solutions,
        "members and solutions"
    );
    assert_eq!(classes.len() as u64, summary.classes, "classes handed over");
}
