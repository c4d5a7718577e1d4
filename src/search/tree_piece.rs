//! A piece of the search tree ([`TreePiece`]) and a piece with its predicted size
//! ([`PieceEstimate`]): what cutting the tree hands out and refining cuts again.

use serde::{Deserialize, Serialize};

/// One piece of the search tree: everything below `moves` made from root `root`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreePiece {
    /// The root's index among the search's roots.
    pub root: usize,
    /// The cells moved to below the root, in order.
    pub moves: Vec<u32>,
}

/// A piece with the predicted size of the tree below it.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceEstimate {
    /// The piece.
    pub piece: TreePiece,
    /// Knuth's estimate of the search nodes below the piece, the piece's own node included.
    pub nodes: f64,
}
