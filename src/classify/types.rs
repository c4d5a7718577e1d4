//! Seed 004's tour types: each cell's location code (how many outer faces of the box it
//! touches), read in visiting order, compared up to reversal and, for a tour whose ends are a
//! move apart, up to where the loop is cut.

use crate::board::{Cell, Shape};
use crate::tour::Tour;

/// The location code of each cell: on how many axes (of length more than 1) it lies at an
/// end, which on a cube is how many outer faces it touches: 3 at a corner, 2 along an edge,
/// 1 inside a face, 0 within.
pub fn location_codes(shape: Shape) -> Vec<u8> {
    let extent = shape.extent();
    shape
        .cells()
        .map(|cell| {
            let at = shape.coord(cell).axes_array();
            (0..3)
                .filter(|&axis| extent[axis] > 1 && (at[axis] == 0 || at[axis] + 1 == extent[axis]))
                .count() as u8
        })
        .collect()
}

/// The tour's type: its codes in visiting order, the least of the two directions and, when
/// `closing`, of every place the loop may be cut.
pub fn tour_type(tour: &Tour, codes: &[u8], closing: bool) -> Vec<u8> {
    let forward: Vec<u8> = tour.order().iter().map(|&c: &Cell| codes[c]).collect();
    let backward: Vec<u8> = forward.iter().rev().copied().collect();
    if !closing {
        return forward.min(backward);
    }
    let n = forward.len();
    let least_rotation = |seq: &[u8]| {
        (0..n)
            .map(|k| {
                seq[k..]
                    .iter()
                    .chain(&seq[..k])
                    .copied()
                    .collect::<Vec<u8>>()
            })
            .min()
            .expect("a tour has cells")
    };
    least_rotation(&forward).min(least_rotation(&backward))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cube_has_8_corners_24_edge_cells_24_face_cells_and_8_within() {
        let codes = location_codes(Shape::solid(4, 4, 4));
        let count = |k: u8| codes.iter().filter(|&&c| c == k).count();
        assert_eq!([count(3), count(2), count(1), count(0)], [8, 24, 24, 8]);
        let flat = location_codes(Shape::flat(8, 8));
        let count = |k: u8| flat.iter().filter(|&&c| c == k).count();
        assert_eq!([count(2), count(1), count(0)], [4, 24, 36]);
    }

    #[test]
    fn a_type_is_the_same_reversed_and_for_a_loop_cut_anywhere() {
        let shape = Shape::flat(1, 5);
        let codes = [1, 0, 0, 0, 1];
        let tour = Tour::new(shape, vec![0, 1, 2, 3, 4]).unwrap();
        let rotated = Tour::new(shape, vec![2, 3, 4, 0, 1]).unwrap();
        assert_eq!(tour_type(&tour, &codes, false), vec![1, 0, 0, 0, 1]);
        assert_eq!(tour_type(&rotated, &codes, false), vec![0, 0, 1, 1, 0]);
        assert_eq!(
            tour_type(&rotated, &codes, true),
            tour_type(&tour, &codes, true)
        );
        assert_eq!(
            tour_type(&tour.reversed(), &codes, false),
            tour_type(&tour, &codes, false)
        );
    }
}
