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

/// The chart as SVG text, titled `title`, with sizes along the bottom and counts up the side.
pub fn category_sizes(title: &str, series: &[Series]) -> String {
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
            let h = plot_h * count as f64 / most as f64;
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{count} of size {size}</title></rect>"#,
                x0 + bar * j as f64,
                TOP + plot_h - h,
                bar,
                h,
                COLOURS[j % COLOURS.len()]
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{size}</text>"#,
            LEFT + slot * (k as f64 + 0.5),
            TOP + plot_h + 16.0
        );
    }
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

fn escape(text: &str) -> String {
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
}
