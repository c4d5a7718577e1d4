//! A bar chart of category sizes, as seed 004 shows its tour types: for each size, how many
//! categories hold that many tours, one bar per series side by side.

use std::collections::BTreeMap;
use std::fmt::Write;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 56.0;
const BOTTOM: f64 = 48.0;
const TOP: f64 = 64.0;
const RIGHT: f64 = 16.0;
const COLOURS: [&str; 4] = ["#1d4f91", "#c0392b", "#1a8f3c", "#8e44ad"];

/// One series: its label and, for each size, the number of categories of that size.
pub type Series<'a> = (&'a str, &'a BTreeMap<usize, usize>);

/// A bar of at least one category is drawn this tall, however tall the highest bar is, so
/// that it can be seen.
const LEAST_BAR: f64 = 2.0;

/// The chart as SVG text, titled `title`, with sizes along the bottom and counts up the side.
/// A series with no category takes neither a bar nor a legend entry.
pub fn category_sizes(title: &str, series: &[Series]) -> String {
    let kept: Vec<Series> = series
        .iter()
        .filter(|(_, counts)| counts.values().any(|&n| n > 0))
        .copied()
        .collect();
    let series = &kept[..];
    let sizes: Vec<usize> = {
        let mut all: Vec<usize> = series.iter().flat_map(|(_, m)| m.keys().copied()).collect();
        all.sort_unstable();
        all.dedup();
        all
    };
    let highest = series
        .iter()
        .flat_map(|(_, m)| m.values().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    // The axis ends on a tick, so that the highest bar's value can be read off it.
    let most = highest.div_ceil(tick_step(highest)) * tick_step(highest);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" font-size="15" text-anchor="middle">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    axes(&mut svg, most, plot_h);
    bars(&mut svg, &sizes, series, most);
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">tours in the category</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 10.0
    );
    legend(&mut svg, series);
    svg.push_str("</svg>\n");
    svg
}

/// For each size, one bar per series, and the size under them.
fn bars(svg: &mut String, sizes: &[usize], series: &[Series], most: usize) {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let slot = plot_w / sizes.len().max(1) as f64;
    let bar = slot * 0.8 / series.len().max(1) as f64;
    for (k, &size) in sizes.iter().enumerate() {
        let x0 = LEFT + slot * k as f64 + slot * 0.1;
        for (j, (_, counts)) in series.iter().enumerate() {
            let count = counts.get(&size).copied().unwrap_or(0);
            let h = match count {
                0 => 0.0,
                _ => (plot_h * count as f64 / most as f64).max(LEAST_BAR),
            };
            let x = x0 + bar * j as f64;
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{:.1}" width="{bar:.1}" height="{h:.1}" fill="{}"><title>{count} of size {size}</title></rect>"#,
                TOP + plot_h - h,
                COLOURS[j % COLOURS.len()]
            );
            if count > 0 {
                value_label(svg, x + bar / 2.0, TOP + plot_h - h, bar, count);
            }
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{size}</text>"#,
            LEFT + slot * (k as f64 + 0.5),
            TOP + plot_h + 16.0
        );
    }
}

/// The count above its bar, in a font no wider than the bar allows.
fn value_label(svg: &mut String, x: f64, top: f64, bar: f64, count: usize) {
    let digits = count.to_string().len() as f64;
    let size = (bar / (0.62 * digits)).clamp(6.0, 11.0);
    let _ = writeln!(
        svg,
        r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" class="value">{count}</text>"#,
        top - 3.0
    );
}

/// The vertical axis, with a few round ticks, and its label.
fn axes(svg: &mut String, most: usize, plot_h: f64) {
    let base = TOP + plot_h;
    let _ = writeln!(
        svg,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}" stroke="#444"/><line x1="{LEFT}" y1="{base}" x2="{}" y2="{base}" stroke="#444"/>"##,
        WIDTH - RIGHT
    );
    let step = tick_step(most);
    let mut tick = 0;
    while tick <= most {
        let y = base - plot_h * tick as f64 / most as f64;
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{tick}</text><line x1="{:.1}" y1="{y:.1}" x2="{LEFT}" y2="{y:.1}" stroke="#444"/>"##,
            LEFT - 6.0,
            y + 4.0,
            LEFT - 3.0
        );
        tick += step;
    }
    let _ = writeln!(
        svg,
        r#"<text x="14" y="{:.1}" font-size="12" text-anchor="middle" transform="rotate(-90 14 {:.1})">categories</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
}

/// A step of 1, 2 or 5 times a power of ten giving at most about eight ticks.
fn tick_step(most: usize) -> usize {
    let mut step = 1;
    loop {
        for factor in [1, 2, 5] {
            if most / (step * factor) <= 8 {
                return step * factor;
            }
        }
        step *= 10;
    }
}

fn legend(svg: &mut String, series: &[Series]) {
    for (j, (label, counts)) in series.iter().enumerate() {
        let total: usize = counts.values().sum();
        let y = 48.0;
        let x = LEFT + 200.0 * j as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{}"/><text x="{:.1}" y="{:.1}" font-size="12">{} ({total} categories)</text>"#,
            y - 10.0,
            COLOURS[j % COLOURS.len()],
            x + 18.0,
            y,
            escape(label)
        );
    }
}

/// `text` with the characters SVG text must not hold bare written as entities.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_has_its_bars_and_label() {
        let open = BTreeMap::from([(1, 300), (2, 120), (3, 7)]);
        let closing = BTreeMap::from([(1, 90), (4, 1)]);
        let svg = category_sizes(
            "4x4x4 <tour types>",
            &[("open", &open), ("closing", &closing)],
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("&lt;tour types&gt;"));
        assert_eq!(svg.matches("<title>").count(), 4 * 2);
        assert!(svg.contains("<title>300 of size 1</title>"));
        assert!(svg.contains("open (427 categories)"));
        assert_eq!(tick_step(300), 50);
        assert_eq!(tick_step(7), 1);
    }

    /// The heights of the bars drawn, by their `<title>`.
    fn bar_heights(svg: &str) -> Vec<(String, f64)> {
        let bars = svg
            .lines()
            .filter(|l| l.starts_with("<rect x=") && l.contains("<title>"));
        bars.map(|line| {
            let height = line
                .split("height=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            let title = line
                .split("<title>")
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap();
            (title.to_string(), height.parse().unwrap())
        })
        .collect()
    }

    #[test]
    fn an_empty_series_takes_no_slot_and_no_legend_entry() {
        let open = BTreeMap::from([(1, 300), (2, 5)]);
        let closing = BTreeMap::new();
        let svg = category_sizes("t", &[("open", &open), ("closing", &closing)]);
        assert!(!svg.contains("closing"), "{svg}");
        assert_eq!(bar_heights(&svg).len(), 2);
        let alone = category_sizes("t", &[("open", &open)]);
        assert_eq!(svg, alone);
    }

    #[test]
    fn a_bar_of_one_category_is_visible_beside_a_tall_one_and_every_bar_is_labelled() {
        let open = BTreeMap::from([(1, 5000), (2, 1)]);
        let svg = category_sizes("t", &[("open", &open)]);
        let heights = bar_heights(&svg);
        assert!(heights.iter().all(|&(_, h)| h >= LEAST_BAR), "{heights:?}");
        assert!(svg.contains(r#"class="value">5000</text>"#), "{svg}");
        assert!(svg.contains(r#"class="value">1</text>"#), "{svg}");
    }
}
