//! `default-vs-native.md`: fastjson's default build against its own `-C target-cpu=native` build,
//! from reports that `cargo xtask bench --default-vs-native` took by running the two binaries
//! alternately (`default-1/`, `native-1/`, `native-2/`, `default-2/`, ...), so that machine drift
//! hits both builds alike. The noise floor is measured in the same run: how far one binary's
//! median moves between its own consecutive runs.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::Report;
use crate::timing::stats;
use crate::workloads::label;

/// One cell's medians, one per pair, in pair order.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub direction: String,
    pub workload: String,
    pub implementation: String,
    pub default_ns: Vec<f64>,
    pub native_ns: Vec<f64>,
}

/// Where a cell's default build lands against its native build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Within the cell's noise band.
    WithinNoise,
    /// The default build is slower by more than the band.
    DefaultSlower,
    /// The default build is faster by more than the band.
    DefaultFaster,
    /// One pair only: no noise floor to judge by.
    Unjudged,
}

impl Verdict {
    fn text(self) -> &'static str {
        match self {
            Verdict::WithinNoise => "within noise",
            Verdict::DefaultSlower => "**default slower**",
            Verdict::DefaultFaster => "default faster",
            Verdict::Unjudged => "one pair: not judged",
        }
    }
}

/// A summarized cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub series: Series,
    /// Default median ÷ native median (above 1: the default build is slower), median over pairs.
    pub ratio: f64,
    pub min: f64,
    pub max: f64,
    /// The cell's noise band: its own invocation spread, never below the run's floor.
    pub band: Option<f64>,
    pub verdict: Verdict,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub rows: Vec<Row>,
    /// Median over cells of each cell's invocation spread (`None` with one pair).
    pub floor: Option<f64>,
    /// The largest cell spread.
    pub worst: Option<f64>,
}

/// How far one binary's median moves between its consecutive runs: the median over both builds
/// of `|x[k] / x[k-1] - 1|`; `None` with fewer than two pairs.
fn invocation_spread(s: &Series) -> Option<f64> {
    let moves: Vec<f64> = [&s.default_ns, &s.native_ns]
        .into_iter()
        .flat_map(|xs| xs.windows(2).map(|w| (w[1] / w[0] - 1.0).abs()))
        .collect();
    stats(&moves).map(|m| m.median)
}

/// Ratios, bands and verdicts for `series`.
pub fn summarize(series: &[Series]) -> Summary {
    let spreads: Vec<Option<f64>> = series.iter().map(invocation_spread).collect();
    let known: Vec<f64> = spreads.iter().flatten().copied().collect();
    let known = stats(&known);
    let floor = known.map(|k| k.median);
    let worst = known.map(|k| k.max);
    let rows = series
        .iter()
        .zip(&spreads)
        .map(|(s, spread)| {
            let ratios: Vec<f64> = s
                .default_ns
                .iter()
                .zip(&s.native_ns)
                .map(|(d, n)| d / n)
                .collect();
            let ratios = stats(&ratios);
            let ratio = ratios.map_or(f64::NAN, |r| r.median);
            let band = spread.zip(floor).map(|(own, f)| own.max(f));
            let verdict = match band {
                None => Verdict::Unjudged,
                Some(b) if (ratio - 1.0).abs() <= b => Verdict::WithinNoise,
                Some(_) if ratio > 1.0 => Verdict::DefaultSlower,
                Some(_) => Verdict::DefaultFaster,
            };
            Row {
                series: s.clone(),
                ratio,
                min: ratios.map_or(f64::NAN, |r| r.min),
                max: ratios.map_or(f64::NAN, |r| r.max),
                band,
                verdict,
            }
        })
        .collect();
    Summary { rows, floor, worst }
}

/// The cells timed in every report of `pairs` (fastjson's rows and serde_json's, not the twin),
/// in the first report's order; the ids missing from some report come back separately.
pub fn series(pairs: &[(Report, Report)]) -> (Vec<Series>, Vec<String>) {
    let Some((first, _)) = pairs.first() else {
        return (Vec::new(), Vec::new());
    };
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for cell in &first.cells {
        let shown = matches!(
            cell.implementation.as_str(),
            label::FASTJSON | label::FASTJSON_INTO | label::SERDE_JSON
        );
        if !shown {
            continue;
        }
        let id = cell.id();
        let median_in = |r: &Report| {
            r.cells
                .iter()
                .find(|c| c.id() == id)
                .and_then(|c| c.median_ns)
        };
        let default_ns: Option<Vec<f64>> = pairs.iter().map(|(d, _)| median_in(d)).collect();
        let native_ns: Option<Vec<f64>> = pairs.iter().map(|(_, n)| median_in(n)).collect();
        match (default_ns, native_ns) {
            (Some(default_ns), Some(native_ns)) => out.push(Series {
                direction: cell.direction.clone(),
                workload: cell.workload.clone(),
                implementation: cell.implementation.clone(),
                default_ns,
                native_ns,
            }),
            _ => missing.push(id),
        }
    }
    (out, missing)
}

/// Reads `dir/default-K/report.json` and `dir/native-K/report.json` for K = 1, 2, ... up to the
/// first K with neither; a half pair, a report of the wrong build or no pair at all is an error.
pub fn load(dir: &Path) -> std::io::Result<Vec<(Report, Report)>> {
    let read = |path: PathBuf, build: &str| -> std::io::Result<Option<Report>> {
        if !path.exists() {
            return Ok(None);
        }
        let report: Report =
            serde_json::from_slice(&std::fs::read(&path)?).map_err(std::io::Error::other)?;
        if report.header.build != build {
            return Err(std::io::Error::other(format!(
                "{} is a {} build's report, expected {build}",
                path.display(),
                report.header.build
            )));
        }
        Ok(Some(report))
    };
    let mut pairs = Vec::new();
    for k in 1.. {
        let d = read(dir.join(format!("default-{k}/report.json")), "default")?;
        let n = read(dir.join(format!("native-{k}/report.json")), "native")?;
        match (d, n) {
            (Some(d), Some(n)) => pairs.push((d, n)),
            (None, None) => break,
            _ => {
                return Err(std::io::Error::other(format!(
                    "pair {k} in {} has only one of default-{k}/ and native-{k}/",
                    dir.display()
                )))
            }
        }
    }
    if pairs.is_empty() {
        return Err(std::io::Error::other(format!(
            "no default-1/report.json and native-1/report.json in {}",
            dir.display()
        )));
    }
    Ok(pairs)
}

/// Appended to a host line whose figure says the runs shared the machine.
const BUSY_HOST: &str = " (**a busy host**: read the verdicts as noisier than their bands say)";

/// The least and the most of `figure` over every report of `pairs` that has it.
fn range_over_runs(
    pairs: &[(Report, Report)],
    figure: impl Fn(&Report) -> Option<f64>,
) -> Option<(f64, f64)> {
    let mut values: Vec<f64> = pairs
        .iter()
        .flat_map(|(d, n)| [figure(d), figure(n)])
        .flatten()
        .collect();
    values.sort_by(f64::total_cmp);
    Some((*values.first()?, *values.last()?))
}

fn percent(x: Option<f64>) -> String {
    x.map_or("–".into(), |x| format!("{:.1}%", x * 100.0))
}

/// The markdown page.
pub fn markdown(pairs: &[(Report, Report)], summary: &Summary, missing: &[String]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# fastjson-bench: default build vs native build, interleaved\n"
    );
    let _ = writeln!(s, "{}\n", super::header::VARY);
    if let Some((d, n)) = pairs.first() {
        let _ = writeln!(s, "- default: {}", super::render::machine_line(d));
        let _ = writeln!(s, "- native: {}", super::render::machine_line(n));
        let times: Vec<u64> = pairs
            .iter()
            .flat_map(|(d, n)| [d.header.unix_time, n.header.unix_time])
            .collect();
        let _ = writeln!(
            s,
            "- {} pairs, the two binaries run alternately (default first in odd pairs, native \
             first in even ones), {} mode each ({} rounds of {:.0} ms samples), unix time {} to {}",
            pairs.len(),
            d.mode,
            d.rounds,
            d.sample_ms,
            times.iter().min().unwrap_or(&0),
            times.iter().max().unwrap_or(&0),
        );
    }
    let in_run = range_over_runs(pairs, |r| r.noise_floor);
    let _ = writeln!(
        s,
        "- Invocation noise (one binary's median moving between its own consecutive runs; median \
         cell / worst cell): {} / {}. In-run noise floor (serde_json vs its twin) {}–{}.",
        percent(summary.floor),
        percent(summary.worst),
        percent(in_run.map(|r| r.0)),
        percent(in_run.map(|r| r.1)),
    );
    if let Some((least, most)) = range_over_runs(pairs, |r| r.header.steal_percent) {
        let _ = writeln!(
            s,
            "- CPU time stolen by the hypervisor per run: {least:.1}%–{most:.1}%{}",
            if most >= super::header::STEAL_WARNING_PERCENT {
                BUSY_HOST
            } else {
                ""
            }
        );
    }
    if let Some((least, most)) = range_over_runs(pairs, Report::sample_spread) {
        let _ = writeln!(
            s,
            "- Sample spread per run (a typical row's median over its fastest sample): {}–{}{}",
            percent(Some(least)),
            percent(Some(most)),
            if most >= super::header::SPREAD_WARNING_FRACTION {
                BUSY_HOST
            } else {
                ""
            }
        );
    }
    if let Some((least, most)) = range_over_runs(pairs, Report::contended_share) {
        let _ = writeln!(
            s,
            "- Share of rounds whose contention probe ran over {:.0}% slower than its run's \
             fastest: {}–{}{}",
            crate::contention::CONTENDED_FRACTION * 100.0,
            percent(Some(least)),
            percent(Some(most)),
            if most >= crate::contention::CONTENDED_SHARE_WARNING {
                BUSY_HOST
            } else {
                ""
            }
        );
    }
    let fastjson: Vec<&Row> = summary
        .rows
        .iter()
        .filter(|r| r.series.implementation != label::SERDE_JSON)
        .collect();
    let slower: Vec<String> = fastjson
        .iter()
        .filter(|r| r.verdict == Verdict::DefaultSlower)
        .map(|r| {
            format!(
                "{} {} ({}, {:.2}×)",
                r.series.direction, r.series.workload, r.series.implementation, r.ratio
            )
        })
        .collect();
    let within = fastjson
        .iter()
        .filter(|r| r.verdict != Verdict::DefaultSlower)
        .count();
    let _ = writeln!(
        s,
        "- fastjson: {within} of {} cells not slower in the default build than the noise band \
         allows; slower beyond it: {}.",
        fastjson.len(),
        if slower.is_empty() {
            "none".to_string()
        } else {
            slower.join(", ")
        }
    );
    if !missing.is_empty() {
        let _ = writeln!(
            s,
            "- Not compared (missing or failed in some report): {}.",
            missing.join(", ")
        );
    }
    let _ = writeln!(
        s,
        "\n**default ÷ native**: the default build's median time over the native build's (above \
         1: the default build is slower), median over the pairs, the pairs' range beside it. \
         **band**: the cell's own invocation noise, never below the run's median. serde_json has \
         no run-time dispatch: its rows show what `-C target-cpu=native` does to a library by \
         itself.\n"
    );
    let _ = writeln!(
        s,
        "| direction | workload | implementation | default ÷ native | pairs' range | band | verdict |"
    );
    let _ = writeln!(s, "|---|---|---|---:|---|---:|---|");
    for r in &summary.rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {:.3} | {:.3}–{:.3} | {} | {} |",
            r.series.direction,
            r.series.workload,
            r.series.implementation,
            r.ratio,
            r.min,
            r.max,
            percent(r.band),
            r.verdict.text()
        );
    }
    s
}

/// Loads the pairs in `dir`, writes `dir/default-vs-native.md` and returns its path and text.
pub fn write(dir: &Path) -> std::io::Result<(PathBuf, String)> {
    let pairs = load(dir)?;
    let (series, missing) = series(&pairs);
    let text = markdown(&pairs, &summarize(&series), &missing);
    let path = dir.join("default-vs-native.md");
    std::fs::write(&path, &text)?;
    Ok((path, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(default_ns: &[f64], native_ns: &[f64]) -> Series {
        Series {
            direction: "decode".into(),
            workload: "w".into(),
            implementation: "fastjson".into(),
            default_ns: default_ns.to_vec(),
            native_ns: native_ns.to_vec(),
        }
    }

    #[test]
    fn ratios_bands_and_verdicts() {
        let steady = series(&[100.0, 101.0, 100.0], &[100.0, 100.0, 101.0]);
        let slower = series(&[110.0, 111.0, 110.0], &[100.0, 101.0, 100.0]);
        let faster = series(&[90.0, 90.0, 91.0], &[100.0, 100.0, 100.0]);
        let noisy = series(&[110.0, 100.0, 110.0], &[100.0, 120.0, 100.0]);
        let s = summarize(&[steady, slower, faster, noisy]);
        // Spreads (median move between consecutive runs, both builds): ~1% / ~0.95% / 0 /
        // ~13%; the floor is the median of the four.
        let floor = s.floor.unwrap();
        assert!((0.009..0.011).contains(&floor), "{floor}");
        let worst = s.worst.unwrap();
        assert!((0.13..0.14).contains(&worst), "{worst}");
        let verdicts: Vec<Verdict> = s.rows.iter().map(|r| r.verdict).collect();
        assert_eq!(
            verdicts,
            [
                Verdict::WithinNoise,
                Verdict::DefaultSlower,
                Verdict::DefaultFaster,
                // 1.1× in two pairs of three, but the cell moves ~13% between its own runs.
                Verdict::WithinNoise,
            ]
        );
        let slower = &s.rows[1];
        assert!((slower.ratio - 1.10).abs() < 1e-9, "{}", slower.ratio);
        assert!((slower.min - 111.0 / 101.0).abs() < 1e-9 && (slower.max - 1.1).abs() < 1e-9);
        // The faster cell's band is the floor, not its own smaller spread.
        assert_eq!(s.rows[2].band, s.floor);
    }

    #[test]
    fn one_pair_is_not_judged() {
        let s = summarize(&[series(&[150.0], &[100.0])]);
        assert_eq!(s.floor, None);
        assert_eq!(s.rows[0].verdict, Verdict::Unjudged);
        assert!((s.rows[0].ratio - 1.5).abs() < 1e-9);
    }

    /// (A half pair and a report of the wrong build: `tests/default_vs_native.rs`.)
    #[test]
    fn no_pair_or_an_unreadable_report_is_an_error() {
        let dir = std::env::temp_dir().join(format!("fastjson-dvn-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("default-1")).unwrap();
        assert!(load(&dir).unwrap_err().to_string().contains("no default-1"));
        std::fs::write(dir.join("default-1/report.json"), "{}").unwrap();
        assert!(load(&dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
