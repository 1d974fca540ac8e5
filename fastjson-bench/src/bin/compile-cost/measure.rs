//! Building and measuring the two crates: a cold build, crate-only rebuilds alternating
//! between them, the sizes, the round trip's output, and the machine they ran on.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

use crate::crates::GeneratedCrate;
use crate::model::TypeDef;
use crate::options::Options;
use crate::report::render_report;

/// Crate-only rebuilds per crate; the report gives their median.
pub const REBUILDS: usize = 3;

/// What was measured of one crate.
pub struct Measurement {
    pub cold_build: Duration,
    pub rebuilds: Vec<Duration>,
    pub rlib_bytes: u64,
    pub binary_bytes: u64,
    pub stripped_binary_bytes: Option<u64>,
    /// The binary's output: counts and the JSON fingerprint.
    pub roundtrip: String,
    /// Whether serde_json was among the crates built.
    pub built_serde_json: bool,
}

impl Measurement {
    pub fn median_rebuild(&self) -> Duration {
        let mut sorted = self.rebuilds.clone();
        sorted.sort();
        sorted[sorted.len() / 2]
    }
}

pub fn measure(
    options: &Options,
    types: &[TypeDef],
    crates: &[GeneratedCrate],
) -> Result<String, String> {
    let load_at_start = load_average();
    let rustc = rustc_version(&crates[0].dir);
    // Before building: the sources measured are the working tree's at this moment.
    let revision = fastjson_revision();
    let mut cold = Vec::new();
    let mut roundtrips = Vec::new();
    for krate in crates {
        if krate.target_dir.exists() {
            fs::remove_dir_all(&krate.target_dir)
                .map_err(|e| format!("removing {}: {e}", krate.target_dir.display()))?;
        }
        cold.push(timed_build(krate, "cold build, dependencies included")?);
        roundtrips.push(run_roundtrip(krate)?);
    }
    if roundtrips[0] != roundtrips[1] {
        return Err(format!(
            "the two binaries wrote different JSON:\n  fastjson: {}\n  serde:    {}",
            roundtrips[0], roundtrips[1]
        ));
    }
    // Alternate the crates, so a change of load on the machine hits both alike.
    let mut rebuilds = vec![Vec::new(); crates.len()];
    for round in 1..=REBUILDS {
        for (krate, times) in crates.iter().zip(&mut rebuilds) {
            touch(&krate.dir.join("src/lib.rs"))?;
            times.push(timed_build(
                krate,
                &format!("crate-only rebuild {round}/{REBUILDS}"),
            )?);
        }
    }
    let mut measurements = Vec::new();
    for (((krate, cold_build), rebuilds), roundtrip) in
        crates.iter().zip(cold).zip(rebuilds).zip(roundtrips)
    {
        measurements.push(Measurement {
            cold_build,
            rebuilds,
            rlib_bytes: file_size(&krate.rlib())?,
            binary_bytes: file_size(&krate.binary())?,
            stripped_binary_bytes: stripped_size(&krate.binary()),
            roundtrip,
            built_serde_json: built_crate(&krate.target_dir, "serde_json"),
        });
    }
    Ok(render_report(
        types,
        &measurements,
        options.no_default_features,
        &machine(load_at_start),
        &rustc,
        &revision,
    ))
}

/// `cargo build --release --offline` in the crate's directory, timed.
fn timed_build(krate: &GeneratedCrate, what: &str) -> Result<Duration, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let start = Instant::now();
    let output = Command::new(cargo)
        .current_dir(&krate.dir)
        .env("CARGO_TARGET_DIR", &krate.target_dir)
        .args(["build", "--release", "--offline"])
        .output()
        .map_err(|e| format!("running cargo: {e}"))?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        return Err(format!(
            "{} ({what}) failed in {}:\n{}\n(--offline: the crates come from this workspace's \
             Cargo.lock; `cargo fetch` in the workspace downloads any that are missing)",
            krate.library.label(),
            krate.dir.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    println!(
        "compile-cost: {:<18} {what}: {:.2} s",
        krate.library.label(),
        elapsed.as_secs_f64()
    );
    Ok(elapsed)
}

fn run_roundtrip(krate: &GeneratedCrate) -> Result<String, String> {
    let output = Command::new(krate.binary())
        .output()
        .map_err(|e| format!("running {}: {e}", krate.binary().display()))?;
    if !output.status.success() {
        return Err(format!(
            "{}'s round trip failed:\n{}",
            krate.library.label(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// Whether cargo built the library `name` into `target_dir` (release).
fn built_crate(target_dir: &Path, name: &str) -> bool {
    let prefix = format!("lib{name}-");
    fs::read_dir(target_dir.join("release/deps")).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let file = entry.file_name();
            let file = file.to_string_lossy();
            file.starts_with(&prefix) && file.ends_with(".rlib")
        })
    })
}

/// Sets the file's modification time to now, so cargo rebuilds the crate (and only it).
fn touch(path: &Path) -> Result<(), String> {
    fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(SystemTime::now()))
        .map_err(|e| format!("touching {}: {e}", path.display()))
}

fn file_size(path: &Path) -> Result<u64, String> {
    fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The size of a stripped copy of `binary`; `None` without a working `strip`.
fn stripped_size(binary: &Path) -> Option<u64> {
    let copy = binary.with_extension("stripped");
    fs::copy(binary, &copy).ok()?;
    let stripped = Command::new("strip")
        .arg(&copy)
        .status()
        .is_ok_and(|s| s.success());
    let size = stripped.then(|| file_size(&copy).ok()).flatten();
    let _ = fs::remove_file(&copy);
    size
}

/// `rustc -V` as cargo runs it from `dir` (the workspace's rust-toolchain.toml applies).
fn rustc_version(dir: &Path) -> String {
    Command::new("rustc")
        .current_dir(dir)
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned())
}

/// The commit the fastjson crates are built from, and which of their paths had uncommitted
/// changes (the derive and runtime are path dependencies: the working tree is what is built).
fn fastjson_revision() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .current_dir(crate::workspace_root())
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let Some(commit) = git(&["rev-parse", "--short", "HEAD"]) else {
        return "fastjson (not a git checkout)".to_owned();
    };
    let sources = [
        "src",
        "fastjson-runtime",
        "fastjson-derive",
        "fastjson-codegen",
        "Cargo.toml",
    ];
    let mut changed: Vec<String> = git(&[&["status", "--porcelain", "--"][..], &sources].concat())
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.get(3..))
        .filter_map(|path| path.split('/').next().map(str::to_owned))
        .collect();
    changed.dedup();
    if changed.is_empty() {
        format!("fastjson at {}", commit.trim())
    } else {
        format!(
            "fastjson at {} with uncommitted changes in {}",
            commit.trim(),
            changed.join(", ")
        )
    }
}

fn load_average() -> Option<String> {
    let text = fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_owned)
}

/// CPU model and core count, from /proc/cpuinfo and the standard library.
fn machine(load_at_start: Option<String>) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = load_at_start.map_or(String::new(), |l| format!(", load average {l} at start"));
    format!("{cpu}, {cores} cores available{load}")
}
