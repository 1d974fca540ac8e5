//! SVG bar charts (plotters): one per workload, every library row's speedup over serde_json in
//! both directions, with serde_json's 1.0 marked.

use std::path::{Path, PathBuf};

use plotters::coord::ranged1d::{IntoSegmentedCoord, SegmentValue};
use plotters::prelude::*;

use super::Report;
use crate::workloads::Role;

fn io(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// Writes `<workload>.svg` for every workload with timed rows; returns the paths.
pub fn write_all(report: &Report, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for w in &report.workloads {
        let mut bars: Vec<(String, f64)> = report
            .cells
            .iter()
            .filter(|c| c.workload == w.name && c.role != Role::Floor)
            .filter_map(|c| {
                Some((
                    format!("{} {}", c.direction, c.implementation),
                    c.vs_serde_json?,
                ))
            })
            .collect();
        if bars.is_empty() {
            continue;
        }
        // The y axis grows upwards: reverse so the table's first row is the top bar.
        bars.reverse();
        let path = dir.join(format!("{}.svg", w.name));
        draw(&path, &w.name, &super::render::machine_line(report), &bars).map_err(io)?;
        out.push(path);
    }
    Ok(out)
}

fn draw(
    path: &Path,
    workload: &str,
    machine: &str,
    bars: &[(String, f64)],
) -> Result<(), Box<dyn std::error::Error>> {
    let n = bars.len() as i32;
    let height = 110 + 26 * bars.len() as u32;
    let root = SVGBackend::new(path, (960, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, body) = root.split_vertically(50);
    top.draw(&Text::new(
        format!("{workload}: speedup over serde_json (higher is faster)"),
        (10, 8),
        ("sans-serif", 18).into_font(),
    ))?;
    top.draw(&Text::new(
        machine.to_string(),
        (10, 30),
        ("sans-serif", 11).into_font(),
    ))?;
    let max = bars.iter().map(|b| b.1).fold(1.0f64, f64::max) * 1.2;
    let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    // `(0..n - 1).into_segmented()` has exactly n slots, one per bar (`0..n` had an empty one
    // at the top).
    let mut chart = ChartBuilder::on(&body)
        .margin(10)
        .x_label_area_size(45)
        .y_label_area_size(210)
        .build_cartesian_2d(0f64..max, (0..n - 1).into_segmented())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(bars.len())
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .x_labels(12)
        .light_line_style(WHITE)
        .x_desc("× serde_json (the twin row is serde_json again: its distance from 1.0 is noise)")
        .draw()?;
    chart.draw_series(bars.iter().enumerate().map(|(i, (name, r))| {
        let color = if name.contains("twin") {
            RGBColor(150, 150, 150)
        } else if name.starts_with("decode") {
            RGBColor(66, 110, 200)
        } else {
            RGBColor(60, 160, 90)
        };
        let i = i as i32;
        let mut bar = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(i)),
                (*r, SegmentValue::Exact(i + 1)),
            ],
            color.filled(),
        );
        bar.set_margin(3, 3, 0, 0);
        bar
    }))?;
    // Each value a few pixels right of its bar, vertically centred, and never on the 1.0 line
    // (a bar shorter than it is labelled just right of the line).
    chart.draw_series(bars.iter().enumerate().map(|(i, (_, r))| {
        EmptyElement::at((r.max(1.0), SegmentValue::CenterOf(i as i32)))
            + Text::new(format!("{r:.2}×"), (5, -6), ("sans-serif", 12).into_font())
    }))?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, SegmentValue::Exact(0)), (1.0, SegmentValue::Exact(n))],
        BLACK.stroke_width(2),
    )))?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `<text>` of an SVG written by plotters: (x, y, content).
    fn texts(svg: &str) -> Vec<(f64, f64, String)> {
        let attr = |tag: &str, name: &str| -> f64 {
            let start = tag.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
            tag[start..][..tag[start..].find('"').unwrap()]
                .parse()
                .unwrap()
        };
        svg.split("<text")
            .skip(1)
            .map(|rest| {
                let (tag, body) = rest.split_once('>').unwrap();
                let content = body.split("</text>").next().unwrap().trim().to_string();
                (attr(tag, "x"), attr(tag, "y"), content)
            })
            .collect()
    }

    #[test]
    fn one_row_per_bar_and_values_clear_of_the_reference_line() {
        let dir = std::env::temp_dir().join(format!("fastjson-chart-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.svg");
        // Bottom to top, as `write_all` passes them.
        let bars = [
            ("encode slow".to_string(), 0.5),
            ("decode even".to_string(), 1.0),
            ("decode fast".to_string(), 2.0),
        ];
        draw(&path, "t", "machine", &bars).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let texts = texts(&svg);
        let at = |content: &str| -> (f64, f64) {
            let found: Vec<_> = texts.iter().filter(|t| t.2 == content).collect();
            assert_eq!(found.len(), 1, "{content}: {found:?}");
            (found[0].0, found[0].1)
        };
        // Row labels top to bottom in the table's order, evenly spaced, no empty slot: the
        // gap from the plot's top to the first row is half a row, as from the last to the
        // axis.
        let rows: Vec<f64> = ["decode fast", "decode even", "encode slow"]
            .iter()
            .map(|name| at(name).1)
            .collect();
        let step = rows[1] - rows[0];
        assert!(
            step > 0.0 && (rows[2] - rows[1] - step).abs() <= 1.0,
            "{rows:?}"
        );
        // Values sit on their bar's row, right of the bar; one shorter than 1.0 is labelled
        // right of the 1.0 line, where the 1.0 bar's label is.
        let (fast_x, fast_y) = at("2.00×");
        let (even_x, _) = at("1.00×");
        let (slow_x, slow_y) = at("0.50×");
        assert!(
            (fast_y - rows[0]).abs() < step / 2.0,
            "{fast_y} vs {rows:?}"
        );
        assert!(
            (slow_y - rows[2]).abs() < step / 2.0,
            "{slow_y} vs {rows:?}"
        );
        assert!(fast_x > even_x, "{fast_x} {even_x}");
        assert_eq!(slow_x, even_x);
        // No empty slot above the top bar: it starts within a bar margin of the plot's top
        // (the top end of the grid lines), not a row below it.
        let number_after = |text: &str, key: &str| -> Option<f64> {
            text.split(key).nth(1)?.split('"').next()?.parse().ok()
        };
        let plot_top = svg
            .split("<line")
            .skip(1)
            .filter_map(|l| number_after(l, " y2=\""))
            .fold(f64::INFINITY, f64::min);
        let top_bar = svg
            .split("<rect")
            .skip(2) // the background
            .filter_map(|r| number_after(r, " y=\""))
            .fold(f64::INFINITY, f64::min);
        assert!(
            top_bar - plot_top < step / 2.0,
            "plot top {plot_top}, top bar {top_bar}, rows {rows:?}"
        );
    }
}
