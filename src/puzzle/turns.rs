//! The symmetry a model requires of the tour itself, as one value: no turn, the half turn, or
//! the quarter turn (which brings the half turn with it), so that a quarter turn without the
//! half turn cannot be written.

use crate::spec::TourSymmetry;

/// The turns of the board that must map the tour onto itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No turn is required.
    #[default]
    None,
    /// The half turn (in a box: the central inversion).
    HalfTurn,
    /// The quarter turn (square flat boards only), and with it the half turn.
    QuarterTurn,
}

impl Symmetry {
    /// The symmetry a model file's `symmetry` key asks for.
    pub fn from_spec(symmetry: Option<TourSymmetry>) -> Self {
        match symmetry {
            None => Symmetry::None,
            Some(TourSymmetry::Rot180) => Symmetry::HalfTurn,
            Some(TourSymmetry::Rot90) => Symmetry::QuarterTurn,
        }
    }

    /// Whether the half turn must map the tour onto itself (also under the quarter turn).
    pub fn has_half_turn(self) -> bool {
        self != Symmetry::None
    }

    /// Whether the quarter turn must map the tour onto itself.
    pub fn has_quarter_turn(self) -> bool {
        self == Symmetry::QuarterTurn
    }

    /// The model-file name of the symmetry; `None` when no turn is required.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Symmetry::None => None,
            Symmetry::HalfTurn => Some("rot180"),
            Symmetry::QuarterTurn => Some("rot90"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_always_brings_the_half_turn() {
        let turns = |s: Symmetry| (s.has_half_turn(), s.has_quarter_turn());
        assert_eq!(turns(Symmetry::None), (false, false));
        assert_eq!(turns(Symmetry::HalfTurn), (true, false));
        assert_eq!(turns(Symmetry::QuarterTurn), (true, true));
    }

    #[test]
    fn each_model_file_symmetry_keeps_its_name() {
        assert_eq!(Symmetry::from_spec(None), Symmetry::None);
        for spec in [TourSymmetry::Rot180, TourSymmetry::Rot90] {
            let written = serde_json::to_value(spec).unwrap();
            let name = Symmetry::from_spec(Some(spec)).name();
            assert_eq!(name, written.as_str(), "{spec:?}");
        }
    }
}
