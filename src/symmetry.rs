//! Symmetries of boards and canonical forms of tours.
//!
//! The symmetry group of a box is every permutation of equal-length axes combined with every
//! reflection of an axis: 8 elements for a square, 4 for a rectangle, 48, 16 or 8 for a box
//! with three, two or no equal sides. Every leaper's moves are preserved by all of them.
//!
//! A tour is compared in one of two forms. As a *sequence* (numbered tours and directed paths)
//! two tours are the same only if they number every cell alike. As a *cycle* (closed tours
//! without numbering constraints) the starting cell and the direction do not matter. The
//! canonical form of a tour under a group is the least key, in lexicographic order, over all
//! its images; two tours are in the same class exactly when their canonical forms are equal.

use crate::board::{Cell, Coord, Shape, AXIS_ORDERS};
use crate::tour::Tour;
use serde::{Deserialize, Serialize};

/// One symmetry of a board, as the permutation it induces on cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// A name for people, such as `identity` or `rot180`.
    pub name: String,
    /// `perm[c]` is the image of cell `c`.
    pub perm: Vec<Cell>,
}

impl Symmetry {
    /// The image of `cell`.
    pub fn apply(&self, cell: Cell) -> Cell {
        self.perm[cell]
    }

    /// Whether every cell stays where it is.
    pub fn is_identity(&self) -> bool {
        self.perm.iter().enumerate().all(|(i, &c)| i == c)
    }
}

/// How tours are compared: numbering matters (`Sequence`) or only the cycle (`Cycle`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// Two tours are the same only if they number every cell alike.
    Sequence,
    /// Two closed tours are the same if they make the same moves, whatever the start and direction.
    Cycle,
}

/// A group of board symmetries, optionally combined with reversing the numbering.
#[derive(Clone, Debug)]
pub struct SymmetryGroup {
    elements: Vec<Symmetry>,
    reverse: bool,
}

impl SymmetryGroup {
    /// Every rotation and reflection of the board; with `reverse`, each also with the
    /// numbering reversed (twice as many elements).
    pub fn of_board(shape: Shape, reverse: bool) -> Self {
        SymmetryGroup {
            elements: board_symmetries(shape),
            reverse,
        }
    }

    /// Only the identity (and reversal, if asked): classes are single solutions.
    pub fn trivial(shape: Shape, reverse: bool) -> Self {
        SymmetryGroup {
            elements: vec![identity(shape)],
            reverse,
        }
    }

    /// The group of exactly these board symmetries, each also with reversal when `reverse`.
    pub fn from_elements(elements: Vec<Symmetry>, reverse: bool) -> Self {
        SymmetryGroup { elements, reverse }
    }

    /// The board symmetries, without reversal.
    pub fn elements(&self) -> &[Symmetry] {
        &self.elements
    }

    /// Whether each board symmetry also counts with the numbering reversed.
    pub fn includes_reverse(&self) -> bool {
        self.reverse
    }

    /// Number of group elements, counting reversal as a factor of 2.
    pub fn order(&self) -> usize {
        self.elements.len() * if self.reverse { 2 } else { 1 }
    }

    /// Every image of the tour's key, one per group element (with repeats).
    pub fn images(&self, tour: &Tour, form: Form) -> Vec<Vec<Cell>> {
        let mut out = Vec::with_capacity(self.order());
        for g in &self.elements {
            let mapped: Vec<Cell> = tour.order().iter().map(|&c| g.apply(c)).collect();
            match form {
                Form::Cycle => out.push(cycle_key(&mapped)),
                Form::Sequence => {
                    if self.reverse {
                        out.push(mapped.iter().rev().copied().collect());
                    }
                    out.push(mapped);
                }
            }
        }
        if form == Form::Cycle && self.reverse {
            // An undirected cycle is its own reversal: the factor 2 acts trivially.
            out.extend(out.clone());
        }
        out
    }

    /// The least image: equal for two tours exactly when they are in the same class.
    pub fn canonical(&self, tour: &Tour, form: Form) -> Vec<Cell> {
        self.images(tour, form)
            .into_iter()
            .min()
            .expect("a group has an identity")
    }

    /// The distinct images of a tour: its orbit.
    pub fn orbit(&self, tour: &Tour, form: Form) -> Vec<Vec<Cell>> {
        let mut images = self.images(tour, form);
        images.sort_unstable();
        images.dedup();
        images
    }

    /// How many group elements map the tour to itself.
    pub fn stabiliser_size(&self, tour: &Tour, form: Form) -> usize {
        let own = key(tour, form);
        self.images(tour, form)
            .iter()
            .filter(|image| **image == own)
            .count()
    }
}

/// The key a tour is compared by in the given form (no symmetry applied).
pub fn key(tour: &Tour, form: Form) -> Vec<Cell> {
    match form {
        Form::Sequence => tour.order().to_vec(),
        Form::Cycle => cycle_key(tour.order()),
    }
}

/// A cycle written from its least cell, in the direction whose second cell is smaller.
pub fn cycle_key(order: &[Cell]) -> Vec<Cell> {
    let n = order.len();
    if n < 3 {
        let mut v = order.to_vec();
        v.sort_unstable();
        return v;
    }
    let start = (0..n).min_by_key(|&i| order[i]).expect("non-empty");
    let forward = order[(start + 1) % n];
    let backward = order[(start + n - 1) % n];
    if forward <= backward {
        (0..n).map(|i| order[(start + i) % n]).collect()
    } else {
        (0..n).map(|i| order[(start + n - i) % n]).collect()
    }
}

/// The identity permutation of a board.
pub fn identity(shape: Shape) -> Symmetry {
    Symmetry {
        name: "identity".into(),
        perm: shape.cells().collect(),
    }
}

/// The half turn of a flat board; in a box, the point reflection through its centre. It
/// commutes with every other symmetry of the board.
pub fn half_turn(shape: Shape) -> Symmetry {
    let flips = if shape.solid {
        [true, true, true]
    } else {
        [false, true, true]
    };
    let name = if shape.solid {
        "central inversion"
    } else {
        "rot180"
    };
    Symmetry {
        name: name.into(),
        perm: permutation(shape, [0, 1, 2], flips),
    }
}

/// The quarter turn of a square flat board, `(r, c) -> (c, N-1-r)`: named `rot90` as in
/// [`board_symmetries`]. Its square is [`half_turn`].
pub fn quarter_turn(shape: Shape) -> Symmetry {
    assert!(
        !shape.solid && shape.rows == shape.cols,
        "a quarter turn needs a square flat board"
    );
    Symmetry {
        name: "rot90".into(),
        perm: permutation(shape, [0, 2, 1], [false, false, true]),
    }
}

/// Every symmetry of the board, identity first.
pub fn board_symmetries(shape: Shape) -> Vec<Symmetry> {
    let ext = shape.extent();
    let movable: Vec<usize> = if shape.solid {
        vec![0, 1, 2]
    } else {
        vec![1, 2]
    };
    let mut out = Vec::new();
    for &axes in axis_orders(shape.solid) {
        // An axis may only take the place of one of equal length.
        if (0..3).any(|i| ext[axes[i]] != ext[i]) {
            continue;
        }
        for mask in 0..(1u32 << movable.len()) {
            let mut flips = [false; 3];
            for (bit, &axis) in movable.iter().enumerate() {
                flips[axis] = mask & (1 << bit) != 0;
            }
            let name = symmetry_name(shape, axes, flips);
            out.push(Symmetry {
                name,
                perm: permutation(shape, axes, flips),
            });
        }
    }
    out
}

/// `axes[i]` is the source axis whose coordinate lands on axis `i`.
/// On a flat board the layer axis stays first: only the row and column may swap.
fn axis_orders(solid: bool) -> &'static [[usize; 3]] {
    if solid {
        &AXIS_ORDERS
    } else {
        &AXIS_ORDERS[..2]
    }
}

fn permutation(shape: Shape, axes: [usize; 3], flips: [bool; 3]) -> Vec<Cell> {
    let ext = shape.extent();
    shape
        .cells()
        .map(|cell| {
            let c = shape.coord(cell);
            let src = [c.layer, c.row, c.col];
            let mut dst = [0usize; 3];
            for i in 0..3 {
                let v = src[axes[i]];
                dst[i] = if flips[i] { ext[i] - 1 - v } else { v };
            }
            shape
                .cell(Coord {
                    layer: dst[0],
                    row: dst[1],
                    col: dst[2],
                })
                .expect("a symmetry keeps cells on the board")
        })
        .collect()
}

fn symmetry_name(shape: Shape, axes: [usize; 3], flips: [bool; 3]) -> String {
    if !shape.solid {
        let transposed = axes == [0, 2, 1];
        // Flips act after the axes are permuted: (r, c) -> (flip_r(src_r), flip_c(src_c)).
        return match (transposed, flips[1], flips[2]) {
            (false, false, false) => "identity",
            (false, true, true) => "rot180",
            (false, false, true) => "mirror left-right",
            (false, true, false) => "mirror top-bottom",
            (true, false, false) => "transpose",
            (true, true, true) => "anti-transpose",
            (true, false, true) => "rot90",
            (true, true, false) => "rot270",
        }
        .to_string();
    }
    let letters = ['l', 'r', 'c'];
    let parts: Vec<String> = (0..3)
        .map(|i| format!("{}{}", if flips[i] { "-" } else { "" }, letters[axes[i]]))
        .collect();
    format!("({})", parts.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_orders_match_the_geometry() {
        let order = |s: &str| board_symmetries(Shape::parse(s).unwrap()).len();
        assert_eq!(order("8x8"), 8);
        assert_eq!(order("5x6"), 4);
        assert_eq!(order("4x4x4"), 48);
        assert_eq!(order("3x4x4"), 16);
        assert_eq!(order("2x3x4"), 8);
    }

    #[test]
    fn the_quarter_turn_squared_is_the_half_turn() {
        for side in [1, 2, 5, 6] {
            let shape = Shape::parse(&format!("{side}x{side}")).unwrap();
            let q = quarter_turn(shape).perm;
            let h = half_turn(shape).perm;
            assert!((0..shape.n_cells()).all(|c| q[q[c]] == h[c]));
            let corner = shape
                .cell(Coord {
                    layer: 0,
                    row: 0,
                    col: 0,
                })
                .unwrap();
            let top_right = shape
                .cell(Coord {
                    layer: 0,
                    row: 0,
                    col: side - 1,
                })
                .unwrap();
            assert_eq!(
                q[corner], top_right,
                "rot90 turns clockwise on {side}x{side}"
            );
        }
    }

    #[test]
    fn symmetries_are_distinct_permutations() {
        for s in ["8x8", "5x6", "4x4x4", "3x4x4", "2x3x4"] {
            let group = board_symmetries(Shape::parse(s).unwrap());
            let mut perms: Vec<_> = group.iter().map(|g| g.perm.clone()).collect();
            perms.sort();
            perms.dedup();
            assert_eq!(perms.len(), group.len(), "{s}");
            assert!(group[0].is_identity());
        }
    }

    #[test]
    fn rot90_maps_top_left_corner_to_top_right() {
        let shape = Shape::flat(8, 8);
        let g = board_symmetries(shape)
            .into_iter()
            .find(|g| g.name == "rot90")
            .unwrap();
        // Clockwise quarter turn: (r, c) -> (c, n-1-r), as in seed 001's table.
        let to = |r, c| shape.cell(Coord::flat(r, c)).unwrap();
        assert_eq!(g.apply(to(0, 0)), to(0, 7));
        assert_eq!(g.apply(to(0, 7)), to(7, 7));
        assert_eq!(g.apply(to(2, 5)), to(5, 5));
    }

    #[test]
    fn cycle_key_ignores_start_and_direction() {
        let a = cycle_key(&[3, 1, 4, 0, 2]);
        let b = cycle_key(&[2, 0, 4, 1, 3]);
        let c = cycle_key(&[4, 1, 3, 2, 0]);
        assert_eq!(a, vec![0, 2, 3, 1, 4]);
        assert_eq!(a, b);
        assert_eq!(a, c);
    }
}
