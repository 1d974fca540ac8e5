//! The report: its data (`model`), the machine header, the first screen's summary
//! (`headline`), and the renderings (terminal table, markdown, JSON, SVG charts).

pub mod chart;
pub mod compare;
pub mod default_vs_native;
pub mod family;
pub mod header;
pub mod headline;
pub mod model;
pub mod render;

pub use model::{Cell, FirstCallCell, GuardLine, Report, RequestCell, WorkloadInfo};

use std::path::Path;

/// Writes `report.md`, `report.json` and one SVG chart per workload into `dir`.
pub fn write(report: &Report, dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    let md = dir.join("report.md");
    std::fs::write(&md, render::markdown(report))?;
    written.push(md);
    let json = dir.join("report.json");
    let text = serde_json::to_vec_pretty(report).map_err(std::io::Error::other)?;
    std::fs::write(&json, text)?;
    written.push(json);
    written.extend(chart::write_all(report, dir)?);
    Ok(written)
}
