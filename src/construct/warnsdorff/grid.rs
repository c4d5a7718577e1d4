//! The board as Warnsdorff's rule sees it: cells with a border of two visited cells around
//! them, so a knight's move from any cell needs no bounds check, and each cell's count of
//! unvisited neighbours, kept up to date as cells are visited and given back.

/// A padded board: index `(row + 2) * width + col + 2`.
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    width: usize,
    visited: Vec<bool>,
    degree: Vec<u8>,
    moves: [isize; 8],
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Grid {
        let width = cols + 4;
        let w = width as isize;
        let moves = [
            -2 * w - 1,
            -2 * w + 1,
            -w - 2,
            -w + 2,
            w - 2,
            w + 2,
            2 * w - 1,
            2 * w + 1,
        ];
        let size = width * (rows + 4);
        let mut grid = Grid {
            rows,
            cols,
            width,
            visited: vec![true; size],
            degree: vec![0; size],
            moves,
        };
        for r in 0..rows {
            for c in 0..cols {
                let at = grid.index(r, c);
                grid.visited[at] = false;
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let at = grid.index(r, c);
                grid.degree[at] = grid.neighbours(at).count() as u8;
            }
        }
        grid
    }

    pub fn index(&self, row: usize, col: usize) -> usize {
        (row + 2) * self.width + col + 2
    }

    /// Row-major cell index on the board of a padded index.
    pub fn cell(&self, at: usize) -> u32 {
        let (r, c) = (at / self.width - 2, at % self.width - 2);
        (r * self.cols + c) as u32
    }

    /// (row, col) of a padded index.
    pub fn coord(&self, at: usize) -> (usize, usize) {
        (at / self.width - 2, at % self.width - 2)
    }

    /// Unvisited cells a move away.
    pub fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        self.moves
            .iter()
            .map(move |&m| at.wrapping_add_signed(m))
            .filter(|&n| !self.visited[n])
    }

    /// Every cell a move away, visited or not, on the board or in the border.
    pub fn neighbours_of_any(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        self.moves.iter().map(move |&m| at.wrapping_add_signed(m))
    }

    pub fn degree(&self, at: usize) -> u8 {
        self.degree[at]
    }

    /// Marks a cell visited: each unvisited neighbour has one way in fewer.
    pub fn visit(&mut self, at: usize) {
        self.visited[at] = true;
        for m in self.moves {
            let n = at.wrapping_add_signed(m);
            self.degree[n] = self.degree[n].wrapping_sub(1);
        }
    }

    /// Undoes [`Grid::visit`].
    pub fn unvisit(&mut self, at: usize) {
        self.visited[at] = false;
        for m in self.moves {
            let n = at.wrapping_add_signed(m);
            self.degree[n] = self.degree[n].wrapping_add(1);
        }
    }
}
