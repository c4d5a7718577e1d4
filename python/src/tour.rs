//! `Tour`: one tour with the board it was found on, as Python sees it.

use knights::board::{Board, Cell, Shape};
use knights::puzzle::AngleCounts;
use knights::tour::json::TourRecord;
use knights::tour::Closure;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A tour: the cells of a board in the order the piece visits them.
///
/// numbers: the number (1-based) of each cell in row-major order; array(): the same as a
/// NumPy array of the board's shape (NumPy must be installed); order: the cells in visiting
/// order; moves: the moves made, the closing one last when the tour closes; is_closed;
/// angles(): how many cells have each kind of angle; to_json(): the record `knights`
/// writes; str(tour): the numbered grid. In Jupyter a tour draws itself as the SVG of
/// `knights render`.
#[pyclass(module = "knights", frozen)]
#[derive(Clone)]
pub struct Tour {
    pub tour: knights::tour::Tour,
    pub board: Board,
}

impl Tour {
    pub fn new(tour: knights::tour::Tour, board: &Board) -> Tour {
        Tour {
            tour,
            board: board.clone(),
        }
    }

    fn shape(&self) -> Shape {
        self.tour.shape()
    }

    fn closes(&self) -> bool {
        let order = self.tour.order();
        order.len() > 2 && self.board.is_move(self.tour.last(), self.tour.first())
    }
}

/// A cell as Python coordinates: (row, col) on a flat board, (layer, row, col) in a box.
pub fn cell_tuple(py: Python<'_>, shape: Shape, cell: Cell) -> PyResult<Py<PyAny>> {
    let c = shape.coord(cell);
    let value = match is_box(shape) {
        true => (c.layer, c.row, c.col).into_pyobject(py)?,
        false => (c.row, c.col).into_pyobject(py)?,
    };
    Ok(value.into_any().unbind())
}

/// Whether the board is a box, as its name says (`4x4x4`).
pub fn is_box(shape: Shape) -> bool {
    shape.to_string().matches('x').count() == 2
}

#[pymethods]
impl Tour {
    /// The board, as "ROWSxCOLS" or "LAYERSxROWSxCOLS".
    #[getter]
    fn board(&self) -> String {
        self.shape().to_string()
    }

    /// The board's sides: (rows, cols) or (layers, rows, cols).
    #[getter]
    fn shape_tuple(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let [layers, rows, cols] = self.shape().extent();
        let value = match is_box(self.shape()) {
            true => (layers, rows, cols).into_pyobject(py)?,
            false => (rows, cols).into_pyobject(py)?,
        };
        Ok(value.into_any().unbind())
    }

    /// The number (1-based) each cell carries, in row-major cell order.
    #[getter]
    fn numbers(&self) -> Vec<u32> {
        self.tour.numbers()
    }

    /// The numbers as a NumPy array of the board's shape (needs NumPy).
    fn array(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("array", (self.numbers(),))?;
        let shape = self.shape_tuple(py)?;
        Ok(array.call_method1("reshape", (shape,))?.unbind())
    }

    /// The cells in visiting order.
    #[getter]
    fn order(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let shape = self.shape();
        let cells = self.tour.order().iter();
        cells.map(|&cell| cell_tuple(py, shape, cell)).collect()
    }

    /// The moves in visiting order, each (from, to); the closing move last when the tour
    /// closes.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<(Py<PyAny>, Py<PyAny>)>> {
        let order = self.tour.order();
        let shape = self.shape();
        let mut pairs: Vec<(Cell, Cell)> = order.windows(2).map(|w| (w[0], w[1])).collect();
        if self.closes() {
            pairs.push((self.tour.last(), self.tour.first()));
        }
        pairs
            .into_iter()
            .map(|(a, b)| Ok((cell_tuple(py, shape, a)?, cell_tuple(py, shape, b)?)))
            .collect()
    }

    /// Whether the last cell is a move from the first.
    #[getter]
    fn is_closed(&self) -> bool {
        self.closes()
    }

    /// How many cells have each kind of angle between the tour's two moves there (the
    /// closing move's two angles counted when the tour closes).
    fn angles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let counts = AngleCounts::of(
            self.shape(),
            self.tour.order(),
            Closure::from(self.closes()),
        );
        let dict = PyDict::new(py);
        dict.set_item("acute", counts.acute)?;
        dict.set_item("right", counts.right)?;
        dict.set_item("obtuse", counts.obtuse)?;
        dict.set_item("straight", counts.straight)?;
        Ok(dict)
    }

    /// The tour as the JSON record `knights` writes and reads.
    fn to_json(&self) -> String {
        serde_json::to_string(&TourRecord::of(&self.tour)).expect("a tour record serialises")
    }

    /// The tour drawn as `knights render` draws it.
    fn _repr_svg_(&self) -> String {
        knights::render::svg(&self.tour, Closure::from(self.closes()))
    }

    fn __eq__(&self, other: &Tour) -> bool {
        self.tour == other.tour && self.board.leaper() == other.board.leaper()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.tour.hash(&mut hasher);
        hasher.finish()
    }

    fn __len__(&self) -> usize {
        self.tour.len()
    }

    fn __str__(&self) -> String {
        knights::tour::text::format(&self.tour)
    }

    fn __repr__(&self) -> String {
        let kind = if self.closes() { "closed" } else { "open" };
        format!("<Tour of {} ({kind})>", self.board())
    }
}
