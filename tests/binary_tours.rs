//! Tours as `.bin` files (little-endian `u32` cell indices) through the binary: `verify` of a
//! board it holds whole and of one beyond `MAX_CELLS`, which it streams, each defect named
//! with its byte offset and none a panic; `render` of a board drawn as an overview.

use crate::common::cli::{knights, stderr};
use knights::board::MAX_CELLS;
use knights::tour::binary::write_cells;
use std::path::Path;
use std::process::Output;

/// The knight's eight moves, as (rows, columns).
const MOVES: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// An open knight's tour of a `rows` x `cols` board from its corner, in visiting order, by
/// Warnsdorff's rule: go to the unvisited neighbour with the fewest unvisited neighbours of its
/// own, on a tie the one farthest from the centre. The rule can get stuck; it does not on the
/// boards these tests use, and the test stops here if it ever does.
fn knight_tour(rows: usize, cols: usize) -> Vec<u32> {
    let n = rows * cols;
    let step = |cell: usize, (dr, dc): (i64, i64)| {
        let (r, c) = ((cell / cols) as i64 + dr, (cell % cols) as i64 + dc);
        let inside = (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c);
        inside.then(|| r as usize * cols + c as usize)
    };
    // Twice the distance from the centre, squared, in whole numbers.
    let far = |cell: usize| {
        let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
        (2 * r - rows as i64 + 1).pow(2) + (2 * c - cols as i64 + 1).pow(2)
    };
    let mut onward: Vec<u8> = (0..n)
        .map(|cell| MOVES.iter().filter(|&&m| step(cell, m).is_some()).count() as u8)
        .collect();
    let mut visited = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut cell = 0;
    loop {
        visited[cell] = true;
        order.push(cell as u32);
        let mut best: Option<((u8, i64), usize)> = None;
        for next in MOVES.iter().filter_map(|&m| step(cell, m)) {
            if visited[next] {
                continue;
            }
            onward[next] -= 1;
            let key = (onward[next], -far(next));
            if best.is_none_or(|(least, _)| key < least) {
                best = Some((key, next));
            }
        }
        match best {
            Some((_, next)) => cell = next,
            None => break,
        }
    }
    assert_eq!(
        order.len(),
        n,
        "Warnsdorff's rule got stuck on {rows}x{cols}"
    );
    order
}

/// Writes `cells` as `dir/name` and gives its path.
fn write_bin(dir: &Path, name: &str, cells: &[u32]) -> String {
    let path = dir.join(name);
    let mut file = std::fs::File::create(&path).unwrap();
    write_cells(&mut file, cells).unwrap();
    path.display().to_string()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A run that refused its input: exit code 2, a message, no panic; returns the message.
fn refused(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// A run that found a broken rule: exit code 1; returns what it wrote.
fn broken(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    stdout(out)
}

/// The tour with entries `i` and `i + 1` (0-based) swapped: the move into entry `i` is then
/// no leap, since two knight moves never make a third (they keep the square's colour).
fn swapped(cells: &[u32], i: usize) -> Vec<u32> {
    let mut out = cells.to_vec();
    out.swap(i, i + 1);
    out
}

#[test]
fn a_bin_tour_of_a_board_held_whole_is_verified_and_its_defects_named() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (30, 40);
    let board = format!("{rows}x{cols}");
    let tour = knight_tour(rows, cols);
    let n = tour.len();
    // A start cell is a rule the streaming verifier does not check, so the tour is held
    // whole and checked by the full verifier.
    let start = format!("{},{}", tour[0] as usize / cols, tour[0] as usize % cols);
    let verify = |name: &str, cells: &[u32]| {
        let path = write_bin(dir.path(), name, cells);
        knights(&["verify", "--board", &board, "--start-cell", &start, &path])
    };
    let ok = verify("ok.bin", &tour);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(stdout(&ok).contains("ok.bin: ok"), "{}", stdout(&ok));

    let path = write_bin(dir.path(), "cut.bin", &tour);
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(4 * n as u64 - 1).unwrap();
    let err = refused(&knights(&[
        "verify",
        "--board",
        &board,
        "--start-cell",
        &start,
        &path,
    ]));
    let last = 4 * (n - 1);
    assert!(
        err.contains("truncated") && err.contains(&format!("byte offset {last}")),
        "{err}"
    );

    let mut off = tour.clone();
    off[7] = n as u32;
    let err = refused(&verify("off.bin", &off));
    assert!(
        err.contains(&format!("byte offset 28 (number 8) is cell {n}, outside")),
        "{err}"
    );

    let mut twice = tour.clone();
    twice[n - 1] = tour[n / 2];
    let err = refused(&verify("twice.bin", &twice));
    let at = format!("byte offset {} (number {n})", 4 * (n - 1));
    assert!(err.contains(&at) && err.contains("a second time"), "{err}");

    // Entries i and i + 1 swapped break the moves into the first and out of the second.
    let i = 10;
    let text = broken(&verify("swap.bin", &swapped(&tour, i)));
    assert!(text.contains("swap.bin: 2 broken rule(s)"), "{text}");
    for from in [i, i + 2] {
        assert!(
            text.contains(&format!("move {from} -> {} from", from + 1)),
            "{text}"
        );
    }
}

/// A board just beyond what a tour may hold whole, so `verify` must stream it.
fn streamed_board() -> (usize, usize) {
    let side = (MAX_CELLS as f64).sqrt() as usize + 1;
    assert!(side * side > MAX_CELLS);
    (side, side)
}

#[test]
fn a_bin_tour_beyond_what_a_tour_may_hold_is_streamed_and_its_defects_named() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = streamed_board();
    let board = format!("{rows}x{cols}");
    let tour = knight_tour(rows, cols);
    let n = tour.len();
    let path = write_bin(dir.path(), "big.bin", &tour);
    let verify = |extra: &[&str]| {
        let mut args = vec!["verify", "--board", &board, &path];
        args.extend(extra);
        knights(&args)
    };
    let ok = verify(&[]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(stdout(&ok).contains("big.bin: ok"), "{}", stdout(&ok));
    let text = broken(&verify(&["--closed"]));
    assert!(text.contains(&format!("not closed: {n} at")), "{text}");
    let err = refused(&verify(&["--start-col", "0"]));
    assert!(err.contains("start cells need the whole tour"), "{err}");

    // Each defect written over the good file in place, then put back.
    let edit = |at: usize, cells: &[u32]| {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.seek(SeekFrom::Start(4 * at as u64)).unwrap();
        let bytes: Vec<u8> = cells.iter().flat_map(|c| c.to_le_bytes()).collect();
        file.write_all(&bytes).unwrap();
    };
    let middle = n / 2;
    edit(middle, &[u32::MAX]);
    let err = refused(&verify(&[]));
    let at = format!("number {} (byte offset {})", middle + 1, 4 * middle);
    assert!(err.contains(&at) && err.contains("outside"), "{err}");
    edit(middle, &[tour[3]]);
    let err = refused(&verify(&[]));
    assert!(err.contains(&at) && err.contains("a second time"), "{err}");
    edit(middle, &swapped(&tour, middle)[middle..middle + 2]);
    let text = broken(&verify(&[]));
    let offsets = format!("byte offsets {} and {}", 4 * (middle - 1), 4 * middle);
    assert!(
        text.contains(&format!("move {middle} -> {}", middle + 1)),
        "{text}"
    );
    assert!(text.contains(&offsets), "{text}");
    edit(middle, &tour[middle..middle + 2]);
    assert!(verify(&[]).status.success());

    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(4 * n as u64 - 2).unwrap();
    let err = refused(&verify(&[]));
    assert!(
        err.contains(&format!("the last entry at byte offset {}", 4 * (n - 1))),
        "{err}"
    );
}

/// The value of attribute `name` in one tag.
fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let start = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    let len = tag[start..].find('"').unwrap();
    &tag[start..start + len]
}

/// The cells an overview's path elements pass through, read back from the board's corner
/// (`rect class="board"`), each path's start (`M x y`, a square's centre) and its relative
/// moves (`l dx dy`, in squares); each path must start where the one before ended.
fn path_cells(svg: &str, cols: i64) -> Vec<u32> {
    let tags: Vec<&str> = svg.split('<').collect();
    let board = tags
        .iter()
        .find(|t| t.starts_with("rect class=\"board\""))
        .unwrap();
    let corner: f64 = attr(board, "x").parse().unwrap();
    let square = |v: &str| (v.parse::<f64>().unwrap() - corner - 0.5).round() as i64;
    let mut cells = Vec::new();
    for tag in tags.iter().filter(|t| t.starts_with("path ")) {
        let mut parts = attr(tag, "d").trim_start_matches('M').split('l');
        let (x, y) = parts.next().unwrap().split_once(' ').unwrap();
        let (mut col, mut row) = (square(x), square(y));
        let start = (row * cols + col) as u32;
        match cells.last() {
            Some(&last) => assert_eq!(last, start, "a path starts where the last ended"),
            None => cells.push(start),
        }
        for step in parts {
            let (dx, dy) = step.split_once(' ').unwrap();
            col += dx.parse::<i64>().unwrap();
            row += dy.parse::<i64>().unwrap();
            cells.push((row * cols + col) as u32);
        }
    }
    cells
}

#[test]
fn render_draws_a_bin_tour_of_a_large_board_as_its_path_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (100, 100);
    let tour = knight_tour(rows, cols);
    let path = write_bin(dir.path(), "t.bin", &tour);
    let svg_path = dir.path().join("t.svg");
    let board = format!("{rows}x{cols}");
    let svg_arg = svg_path.to_str().unwrap();
    let out = knights(&["render", &path, "--board", &board, "--open", "-o", svg_arg]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(path_cells(&svg, cols as i64), tour);
    assert!(
        !svg.contains("class=\"number\""),
        "no numbers on a large board"
    );
    // A handful of elements for the whole picture, not one per square or move, and a few
    // bytes a move ("l-2 1").
    let elements = svg.matches('<').count();
    assert!(elements < rows, "{elements} elements");
    assert!(svg.len() < 8 * tour.len(), "{} bytes", svg.len());

    let err = refused(&knights(&["render", &path]));
    assert!(err.contains("--board"), "{err}");
    let err = refused(&knights(&["render", &path, "--board", "10x10"]));
    assert!(err.contains("the 10x10 board has 100"), "{err}");
}
