//! `compare.md`: the default and the native build side by side, when both reports exist
//! (sonic-rs is at its best only with `-C target-cpu=native`; fastjson must be fast without it).

use std::fmt::Write;
use std::path::Path;

use super::render::ratio;
use super::Report;

/// Writes `base/compare.md` from `base/report.json` and `base/native/report.json`; returns
/// whether both existed.
pub fn write(base: &Path) -> std::io::Result<bool> {
    let read =
        |p: &Path| -> Option<Report> { serde_json::from_slice(&std::fs::read(p).ok()?).ok() };
    let (Some(default), Some(native)) = (
        read(&base.join("report.json")),
        read(&base.join("native/report.json")),
    ) else {
        return Ok(false);
    };
    let mut s = String::new();
    let _ = writeln!(s, "# fastjson-bench: default build vs native build\n");
    let _ = writeln!(s, "{}\n", super::header::VARY);
    for (name, r) in [("default", &default), ("native", &native)] {
        let _ = writeln!(
            s,
            "- {name}: {} ({} mode, unix time {})",
            super::render::machine_line(r),
            r.mode,
            r.header.unix_time
        );
    }
    let apart = default.header.unix_time.abs_diff(native.header.unix_time);
    if apart > 3600 {
        let _ = writeln!(
            s,
            "\n**The two reports were measured {:.1} hours apart**: rerun `cargo xtask bench --both`.",
            apart as f64 / 3600.0
        );
    }
    let _ = writeln!(
        s,
        "\nSpeedup over serde_json *of the same build* (each build's own baseline).\n"
    );
    let _ = writeln!(
        s,
        "| direction | workload | implementation | default | native |"
    );
    let _ = writeln!(s, "|---|---|---|---:|---:|");
    for c in &default.cells {
        if c.role == crate::workloads::Role::Floor {
            continue;
        }
        let other = native.cells.iter().find(|n| n.id() == c.id());
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} |",
            c.direction,
            c.workload,
            c.implementation,
            ratio(c.vs_serde_json, c.tie_band),
            ratio(
                other.and_then(|o| o.vs_serde_json),
                other.and_then(|o| o.tie_band),
            ),
        );
    }
    std::fs::write(base.join("compare.md"), s)?;
    Ok(true)
}
