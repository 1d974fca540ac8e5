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
    let mut chart = ChartBuilder::on(&body)
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(210)
        .build_cartesian_2d(0f64..max, (0..n).into_segmented())?;
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
    chart.draw_series(bars.iter().enumerate().map(|(i, (_, r))| {
        Text::new(
            format!("{r:.2}×"),
            (*r, SegmentValue::CenterOf(i as i32)),
            ("sans-serif", 12).into_font(),
        )
    }))?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, SegmentValue::Exact(0)), (1.0, SegmentValue::Exact(n))],
        BLACK.stroke_width(2),
    )))?;
    root.present()?;
    Ok(())
}
