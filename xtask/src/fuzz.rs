//! `cargo xtask fuzz [--seconds N] [--target NAME] [--asan]`: builds the libFuzzer targets in
//! `fuzz/` with sanitizer-coverage instrumentation, overflow checks and debug assertions, and runs
//! each for N seconds, printing executions per target. A crash (a panic, an overflow, a failed
//! check) fails the task and names the input to keep in `fuzz/regressions/<target>/`.
//!
//! The default build is the stable toolchain's, without a sanitizer runtime (the valgrind task
//! covers memory errors in the unit tests). `--asan` builds with AddressSanitizer instead, which
//! needs a nightly toolchain (`cargo +nightly`); a developer's option, not CI's: a machine with
//! only the stable toolchain fails at once, saying so.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub const TARGETS: &[&str] = &["decode_typed", "differential", "roundtrip"];

/// The instrumentation cargo-fuzz uses for libFuzzer, minus the nightly-only sanitizer flag,
/// with cargo-fuzz's default checks: an arithmetic overflow or a `debug_assert!` is a crash.
const RUSTFLAGS: &str = "-Cpasses=sancov-module \
    -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
    -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares \
    -Cdebug-assertions -Coverflow-checks=on \
    --cfg fuzzing";

/// Added to [`RUSTFLAGS`] by `--asan` (nightly only).
const ASAN_RUSTFLAGS: &str = "-Zsanitizer=address";

pub fn run(args: &[String]) -> ExitCode {
    let mut seconds = 30u64;
    let mut only: Option<String> = None;
    let mut asan = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--seconds" => match iter.next().and_then(|s| s.parse().ok()) {
                Some(n) => seconds = n,
                None => return usage(),
            },
            "--target" => only = iter.next().cloned(),
            "--asan" => asan = true,
            _ => return usage(),
        }
    }
    let root = crate::workspace_root();
    let host = host_triple();
    let (mut cargo, target_dir) = if asan {
        // rustup's proxy picks the toolchain from `+nightly` (`$CARGO` is the stable
        // toolchain's own binary, which would not understand it); the variables cargo set for
        // xtask point at the stable toolchain.
        let mut cargo = Command::new("cargo");
        cargo
            .arg("+nightly")
            .env("RUSTFLAGS", format!("{RUSTFLAGS} {ASAN_RUSTFLAGS}"))
            .env_remove("RUSTC")
            .env_remove("RUSTDOC")
            .env_remove("CARGO");
        (cargo, root.join("target/fuzz-asan"))
    } else {
        let mut cargo = Command::new(env_or("CARGO", "cargo"));
        cargo.env("RUSTFLAGS", RUSTFLAGS);
        (cargo, root.join("target/fuzz"))
    };
    println!(
        "building fuzz targets for {host} (coverage-instrumented, release{})",
        if asan { ", AddressSanitizer" } else { "" }
    );
    let status = cargo
        .current_dir(root.join("fuzz"))
        .args([
            "build",
            "--release",
            "--bins",
            "--target",
            &host,
            "--target-dir",
        ])
        .arg(&target_dir)
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        eprintln!(
            "fuzz: building the targets failed{}",
            if asan {
                " (--asan needs a nightly toolchain: `rustup toolchain list` shows whether one \
                 is installed)"
            } else {
                ""
            }
        );
        return ExitCode::FAILURE;
    }
    let bin_dir = target_dir.join(&host).join("release");
    let mut failed = false;
    for target in TARGETS
        .iter()
        .filter(|t| only.as_deref().is_none_or(|o| o == **t))
    {
        match run_target(&root, &bin_dir, target, seconds) {
            Ok(executions) => {
                println!("fuzz {target}: {executions} executions in {seconds} s, no crash")
            }
            Err(message) => {
                eprintln!("fuzz {target}: {message}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn run_target(root: &Path, bin_dir: &Path, target: &str, seconds: u64) -> Result<u64, String> {
    let corpus = root.join("target/fuzz/corpus").join(target);
    let artifacts = root.join("target/fuzz/artifacts").join(target);
    for dir in [&corpus, &artifacts] {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let mut command = Command::new(bin_dir.join(target));
    command.arg(&corpus);
    // Read-only seed directories, where they exist (libFuzzer stops at a missing one; git
    // keeps no empty directory). JSONTestSuite seeds the JSON-shaped targets.
    let mut seeds = vec![
        root.join("fuzz/seeds").join(target),
        root.join("fuzz/regressions").join(target),
    ];
    if target != "roundtrip" {
        seeds.push(shared_dir(root).join("JSONTestSuite/test_parsing"));
    }
    command.args(seeds.iter().filter(|dir| dir.is_dir()));
    let output = command
        .arg(format!("-max_total_time={seconds}"))
        .arg("-print_final_stats=1")
        .arg("-timeout=10")
        .arg("-rss_limit_mb=4096")
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .output()
        .map_err(|e| format!("running: {e}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!(
            "CRASH (exit {:?}); inputs in {} — keep each as fuzz/regressions/{target}/<name> \
             once fixed\n{}",
            output.status.code(),
            artifacts.display(),
            tail.join("\n")
        ));
    }
    log.lines()
        .find_map(|line| line.strip_prefix("stat::number_of_executed_units:"))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| "no execution count in libFuzzer's output".to_owned())
}

fn shared_dir(root: &Path) -> PathBuf {
    std::env::var_os("FASTJSON_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"))
}

fn host_triple() -> String {
    let output = Command::new("rustc").arg("-vV").output();
    output
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        })
        .unwrap_or_else(|| "x86_64-unknown-linux-gnu".to_owned())
}

fn env_or(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_owned())
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: cargo xtask fuzz [--seconds N] [--target {}] [--asan]",
        TARGETS.join("|")
    );
    ExitCode::from(2)
}
