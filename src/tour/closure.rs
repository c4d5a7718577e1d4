//! Whether a tour returns to its start: one type instead of a `closed: bool` in every
//! signature, so that a call reads `Closure::Closed` rather than a bare `true`.

use serde::{Deserialize, Serialize};

/// An open tour ends anywhere; a closed one ends a move from its start, and that last move
/// belongs to the tour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "bool", into = "bool")]
pub enum Closure {
    /// A Hamiltonian path: the last cell need not be a move from the first.
    #[default]
    Open,
    /// A Hamiltonian cycle: the last cell is a move from the first.
    Closed,
}

impl Closure {
    /// Whether the tour must return to its start.
    pub fn is_closed(self) -> bool {
        self == Closure::Closed
    }
}

/// Files and flags keep `closed = true`: the type is the code's, not the formats'.
impl From<bool> for Closure {
    fn from(closed: bool) -> Self {
        if closed {
            Closure::Closed
        } else {
            Closure::Open
        }
    }
}

impl From<Closure> for bool {
    fn from(closure: Closure) -> bool {
        closure.is_closed()
    }
}

#[cfg(test)]
mod tests {
    use super::Closure;

    #[test]
    fn reads_and_writes_as_the_bool_the_formats_hold() {
        assert_eq!(serde_json::to_string(&Closure::Closed).unwrap(), "true");
        assert_eq!(
            serde_json::from_str::<Closure>("false").unwrap(),
            Closure::Open
        );
        assert!(Closure::from(true).is_closed());
        assert!(!bool::from(Closure::Open));
    }
}
