//! Sub-models: the same puzzle with a symmetry rule added.
//!
//! Every solution of a sub-model is a solution of the model. Tours that a turn maps onto
//! themselves are few, and the native search finds them by searching half (or a quarter) of
//! the tour, so a run that wants *one* solution of a hard model can look among them first.
//! For the semimagic 8x8 model, whose full tree is far too large to search, the closed tours
//! unchanged by the half turn are such a sub-model.

use super::existence::no_solution_reason;
use super::{Puzzle, Symmetry};
use crate::tour::Closure;

/// A sub-model and what it adds, for messages ("closed tours unchanged by a half turn").
#[derive(Clone, Debug)]
pub struct Restriction {
    /// What the sub-model's tours are, in words.
    pub what: &'static str,
    /// The model with the symmetry rule added.
    pub puzzle: Puzzle,
}

/// The symmetric sub-models of `puzzle` that may have solutions, the smallest first: closed
/// tours unchanged by the quarter turn (square flat boards), then closed tours unchanged by
/// the half turn. None when the model already asks for a symmetry.
pub fn symmetric_restrictions(puzzle: &Puzzle) -> Vec<Restriction> {
    // Given numbers and symmetry rules are not combined (see `givens`).
    if puzzle.symmetry.has_half_turn() || !puzzle.givens.is_empty() {
        return Vec::new();
    }
    let shape = puzzle.board.shape();
    let square = !shape.solid && shape.rows == shape.cols;
    let closed_with = |symmetry: Symmetry| Puzzle {
        closed: Closure::Closed,
        symmetry,
        ..puzzle.clone()
    };
    let mut out = Vec::new();
    if square {
        out.push(Restriction {
            what: "closed tours unchanged by a quarter turn",
            puzzle: closed_with(Symmetry::QuarterTurn),
        });
    }
    out.push(Restriction {
        what: "closed tours unchanged by a half turn",
        puzzle: closed_with(Symmetry::HalfTurn),
    });
    out.retain(|r| no_solution_reason(&r.puzzle).is_none());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    fn puzzle(toml: &str) -> Puzzle {
        let spec = Spec::from_toml(toml, "test").expect("valid spec");
        Puzzle::from_spec(&spec).expect("valid puzzle")
    }

    #[test]
    fn each_sub_model_only_adds_rules() {
        let model = puzzle("board = \"6x6\"\n[sums]\ncols = 111\n");
        let subs = symmetric_restrictions(&model);
        // 6x6: side 4k + 2, so both turns may map a closed tour onto itself.
        assert_eq!(subs.len(), 2);
        for sub in subs {
            let p = &sub.puzzle;
            assert!(p.closed.is_closed() && p.symmetry.has_half_turn());
            assert_eq!(p.sums, model.sums);
            assert_eq!(p.starts, model.starts);
            assert_eq!(p.equivalence, model.equivalence);
        }
    }

    #[test]
    fn the_quarter_turn_is_left_out_where_a_theorem_rules_it_out() {
        let model = puzzle("board = \"8x8\"\n[sums]\nrows = 260\ncols = 260\n");
        let whats: Vec<_> = symmetric_restrictions(&model)
            .iter()
            .map(|r| r.what)
            .collect();
        assert_eq!(whats, vec!["closed tours unchanged by a half turn"]);
    }

    #[test]
    fn a_model_with_a_symmetry_has_none() {
        let model = puzzle("board = \"8x8\"\nclosed = true\nsymmetry = \"rot180\"\n");
        assert!(symmetric_restrictions(&model).is_empty());
    }
}
