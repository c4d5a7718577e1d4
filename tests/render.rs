//! The SVG pictures, read back as text: every cell's number once, the path through every
//! cell, the board's size, and tags that balance.

use crate::common::load::tour;
use knights::board::{Cell, Shape};
use knights::render::svg;
use knights::tour::Closure;
use knights::tour::Tour;
use proptest::prelude::*;

/// The value of attribute `name` in one tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// Every tag with its text content up to the next tag, checking that tags balance.
fn tags(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = doc;
    while let Some(lt) = rest.find('<') {
        let gt = rest[lt..].find('>').expect("an unclosed tag") + lt;
        let tag = &rest[lt..=gt];
        let after = &rest[gt + 1..];
        let content = &after[..after.find('<').unwrap_or(after.len())];
        let name: String = tag[1..]
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
            .collect();
        if let Some(closing) = tag.strip_prefix("</") {
            let closing = closing.trim_end_matches('>');
            assert_eq!(open.pop().as_deref(), Some(closing), "unbalanced {tag}");
        } else if !tag.ends_with("/>") {
            open.push(name);
        }
        out.push((tag.to_string(), content.to_string()));
        rest = after;
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert!(doc.trim_start().starts_with("<svg") && doc.trim_end().ends_with("</svg>"));
    out
}

fn with_class<'a>(tags: &'a [(String, String)], class: &str) -> Vec<&'a (String, String)> {
    tags.iter()
        .filter(|(tag, _)| attr(tag, "class") == Some(class))
        .collect()
}

fn points(tag: &str) -> Vec<(f64, f64)> {
    attr(tag, "points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn view_box(tags: &[(String, String)]) -> (f64, f64) {
    let v: Vec<f64> = attr(&tags[0].0, "viewBox")
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(&v[..2], &[0.0, 0.0]);
    (v[2], v[3])
}

/// What a picture of a tour must hold, whatever its shape.
fn check(t: &Tour, closed: bool) {
    let doc = svg(t, Closure::from(closed));
    let tags = tags(&doc);
    let shape = t.shape();
    let n = t.len();

    // Each number once.
    let mut numbers: Vec<usize> = with_class(&tags, "number")
        .iter()
        .map(|(_, content)| content.parse().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=n).collect::<Vec<_>>());
    assert_eq!(with_class(&tags, "start").len(), 1);
    assert_eq!(with_class(&tags, "end").len(), 1);

    // Each move once: a segment of a polyline, or a pair of stubs between layers.
    let moves = if closed && n > 1 { n } else { n - 1 };
    let segments: usize = with_class(&tags, "path")
        .iter()
        .map(|(tag, _)| points(tag).len() - 1)
        .sum();
    let stubs = with_class(&tags, "stub").len();
    assert_eq!(stubs % 2, 0);
    assert_eq!(segments + stubs / 2, moves);
    let order = t.order();
    let between_layers = (0..moves)
        .filter(|&k| {
            let (a, b) = (order[k], order[(k + 1) % n]);
            shape.coord(a).layer != shape.coord(b).layer
        })
        .count();
    assert_eq!(stubs, 2 * between_layers);

    // One cell square per cell, one caption per layer of a box.
    let squares = with_class(&tags, "square");
    assert_eq!(squares.len(), n);
    for (tag, _) in squares {
        assert_eq!(
            (attr(tag, "width"), attr(tag, "height")),
            (Some("40"), Some("40"))
        );
    }
    let captions = with_class(&tags, "caption").len();
    assert_eq!(captions, if shape.solid { shape.layers } else { 0 });

    // The view box holds every layer side by side, and a box's legend below them.
    let (w, h) = view_box(&tags);
    let layers = shape.layers as f64;
    let top = if shape.solid { 16.0 + 22.0 } else { 16.0 };
    let legend = if shape.solid { 36.0 } else { 0.0 };
    assert_eq!(
        w,
        32.0 + layers * 40.0 * shape.cols as f64 + (layers - 1.0) * 28.0
    );
    assert_eq!(h, top + 16.0 + 40.0 * shape.rows as f64 + legend);
    let legends = with_class(&tags, "legend").len();
    assert_eq!(legends, usize::from(shape.solid));
}

/// Centre of a cell as the picture draws it.
fn centre(shape: Shape, cell: Cell) -> (f64, f64) {
    let c = shape.coord(cell);
    let top = if shape.solid { 38.0 } else { 16.0 };
    let x = 16.0 + c.layer as f64 * (40.0 * shape.cols as f64 + 28.0) + 40.0 * c.col as f64;
    (x + 20.0, top + 40.0 * c.row as f64 + 20.0)
}

#[test]
fn open_5x5_is_one_path_through_25_centres() {
    let t = tour("open-5x5");
    check(&t, false);
    let tags = tags(&svg(&t, Closure::Open));
    assert_eq!(view_box(&tags), (232.0, 232.0));
    let paths = with_class(&tags, "path");
    assert_eq!(paths.len(), 1);
    let pts = points(&paths[0].0);
    let centres: Vec<(f64, f64)> = t.order().iter().map(|&c| centre(t.shape(), c)).collect();
    assert_eq!(pts, centres);
    // 1 is in the bottom-right corner, 25 at (3,3).
    let start = &with_class(&tags, "start")[0].0;
    assert_eq!(
        (attr(start, "cx"), attr(start, "cy")),
        (Some("196"), Some("196"))
    );
    let end = &with_class(&tags, "end")[0].0;
    assert_eq!(
        (attr(end, "cx"), attr(end, "cy")),
        (Some("156"), Some("156"))
    );
}

#[test]
fn closed_8x8_returns_to_its_start() {
    let t = tour("near-magic-closed-centrosymmetric");
    check(&t, true);
    check(&t, false);
    let tags = tags(&svg(&t, Closure::Closed));
    let paths = with_class(&tags, "path");
    assert_eq!(paths.len(), 1);
    let pts = points(&paths[0].0);
    assert_eq!(pts.len(), 65);
    assert_eq!(pts[0], pts[64]);
    assert_eq!(view_box(&tags), (352.0, 352.0));
}

#[test]
fn cube_is_four_panels_with_stubs_between_layers() {
    let t = tour("cube-4x4x4");
    check(&t, true);
    let tags = tags(&svg(&t, Closure::Closed));
    let captions: Vec<&str> = with_class(&tags, "caption")
        .iter()
        .map(|(_, c)| c.as_str())
        .collect();
    assert_eq!(captions, vec!["layer 0", "layer 1", "layer 2", "layer 3"]);
    assert_eq!(
        view_box(&tags),
        (756.0, 250.0),
        "with a 36-unit legend below the layers"
    );
    // Every polyline stays in one panel.
    for (tag, _) in with_class(&tags, "path") {
        let panel = |x: f64| ((x - 16.0) / (160.0 + 28.0)).floor() as i64;
        let pts = points(tag);
        assert!(pts.iter().all(|p| panel(p.0) == panel(pts[0].0)), "{tag}");
    }
    // Stub labels name layers.
    for (_, label) in with_class(&tags, "stub-layer") {
        assert!(label.split(',').all(|l| ["0", "1", "2", "3"].contains(&l)));
    }
}

#[test]
fn a_single_cell_has_no_path() {
    let t = Tour::new(Shape::flat(1, 1), vec![0]).unwrap();
    check(&t, false);
    assert!(!svg(&t, Closure::Open).contains("<polyline"));
}

fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (1usize..=6, 1usize..=6).prop_map(|(r, c)| Shape::flat(r, c)),
        (1usize..=3, 1usize..=3, 1usize..=4).prop_map(|(l, r, c)| Shape::solid(l, r, c)),
    ]
}

fn tours() -> impl Strategy<Value = Tour> {
    shapes().prop_flat_map(|shape| {
        Just(shape.cells().collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |order| Tour::new(shape, order).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_tour_is_drawn_whole(t in tours(), closed in any::<bool>()) {
        check(&t, closed);
    }
}

/// The exploded view of a box: tags balance, every number once, every move a line inside
/// the picture, and one line per move (the closing one too).
#[test]
fn the_exploded_cube_holds_every_number_and_move_inside_the_picture() {
    let t = tour("cube-4x4x4");
    let doc = knights::render::exploded::svg(&t, Closure::Closed);
    let tags = tags(&doc);
    let (w, h) = view_box(&tags);
    let mut numbers: Vec<u32> = tags
        .iter()
        .filter(|(tag, _)| tag.starts_with("<text") && attr(tag, "paint-order").is_some())
        .map(|(_, text)| text.parse().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=64).collect::<Vec<u32>>());
    let lines: Vec<&(String, String)> = tags
        .iter()
        .filter(|(tag, _)| tag.starts_with("<line") && attr(tag, "class") == Some("move"))
        .collect();
    let skips = tags
        .iter()
        .filter(|(tag, _)| attr(tag, "class") == Some("move skip"))
        .count();
    assert_eq!(lines.len() + skips, 64);
    for (tag, _) in lines {
        for name in ["x1", "x2", "y1", "y2"] {
            let v: f64 = attr(tag, name).unwrap().parse().unwrap();
            let limit = if name.starts_with('x') { w } else { h };
            assert!((0.0..=limit).contains(&v), "{tag}");
        }
    }
}
