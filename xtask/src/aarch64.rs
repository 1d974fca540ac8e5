//! `cargo xtask aarch64`: checks the crates with aarch64 code (clippy, warnings as errors) and runs
//! tests there under qemu-user: the only place the NEON kernels are compiled and checked against
//! the portable ones, and the lexer, number parsing and float formatting run on another
//! architecture's code paths.

use std::process::{Command, ExitCode};

const TARGET: &str = "aarch64-unknown-linux-gnu";
const LINKER: &str = "aarch64-linux-gnu-gcc";
const EMULATOR: &str = "qemu-aarch64";
/// Where Debian's cross C library lives (qemu-user's `-L`: the dynamic loader and libc).
const SYSROOT: &str = "/usr/aarch64-linux-gnu";

/// What runs under emulation (6½ minutes with the clippy check, from a cold build on the 2-core
/// machine): the runtime's unit tests (every kernel against SWAR, byte by byte), the fastjson
/// tests that exercise the lexer on malformed and edge input, and the corpus differential
/// against serde_json. Left out, as they exercise no architecture-specific code and cost minutes
/// under qemu: `linear_cost` (~7 minutes: it times inputs), `std_roundtrip` (~80 s of proptest
/// cases), and most of the runtime's gigabyte stream test (see `STREAM_BYTES`).
const RUNS: &[&[&str]] = &[
    &["-p", "fastjson-runtime", "--lib"],
    &[
        "-p",
        "fastjson",
        "--test",
        "conformance",
        "--test",
        "edge_cases",
        "--test",
        "errors",
        "--test",
        "fuzz_regressions",
    ],
    &["-p", "fastjson-bench", "--test", "corpus"],
];

/// Bytes the runtime's gigabyte stream test streams under qemu: its window code is the same on
/// every architecture and reaches its memory bound within the first megabytes, while the whole
/// gigabyte takes ~100 s emulated.
const STREAM_BYTES: &str = "67108864";

/// Packages checked with clippy for aarch64: the ones with `cfg(target_arch)` code (the runtime's
/// kernels, the bench's report header and examples); the rest of the workspace has none, and
/// checking it too made the step's clippy 144 s instead of 66 (cold).
const CLIPPY_PACKAGES: &[&str] = &["-p", "fastjson-runtime", "-p", "fastjson-bench"];

pub fn run(args: &[String]) -> ExitCode {
    let mut missing = missing_tools();
    if !missing.is_empty() && args.iter().any(|a| a == "--install") {
        install();
        missing = missing_tools();
    }
    if !missing.is_empty() {
        eprintln!(
            "aarch64: missing {}.\n  rustup target add {TARGET}\n  apt-get install \
             gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user\n(or --install, as .ci/run does)",
            missing.join(", ")
        );
        return ExitCode::FAILURE;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let runner = format!("{EMULATOR} -L {SYSROOT}");
    // The code behind `cfg(target_arch)` that an x86_64 build never sees compiles for aarch64
    // without warnings.
    println!(
        "aarch64: cargo clippy {} --all-targets --target {TARGET}",
        CLIPPY_PACKAGES.join(" ")
    );
    let started = std::time::Instant::now();
    let clippy = Command::new(&cargo)
        .current_dir(crate::workspace_root())
        .env("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER", LINKER)
        .arg("clippy")
        .args(CLIPPY_PACKAGES)
        .args(["--all-targets", "--target", TARGET])
        .args(["--", "-D", "warnings"])
        .status();
    if !matches!(clippy, Ok(s) if s.success()) {
        eprintln!("aarch64: clippy failed for {TARGET}");
        return ExitCode::FAILURE;
    }
    println!("aarch64: clippy took {:.0?}", started.elapsed());
    for run in RUNS {
        println!("aarch64: cargo test --target {TARGET} {}", run.join(" "));
        let started = std::time::Instant::now();
        let status = Command::new(&cargo)
            .current_dir(crate::workspace_root())
            .env("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER", LINKER)
            .env("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER", &runner)
            .env("FASTJSON_STREAM_BYTES", STREAM_BYTES)
            .args(["test", "--target", TARGET])
            .args(*run)
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            eprintln!(
                "aarch64: failed: cargo test --target {TARGET} {}",
                run.join(" ")
            );
            return ExitCode::FAILURE;
        }
        println!("aarch64: took {:.0?}", started.elapsed());
    }
    println!("aarch64: every run passed under {EMULATOR}");
    ExitCode::SUCCESS
}

/// Installs the target's standard library (rustup) and the cross linker, C library and
/// emulator (Debian's packages; as root, or through sudo). Failures show in the check after.
fn install() {
    let _ = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
    let as_root: &[&str] = if Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
    {
        &[]
    } else {
        &["sudo"]
    };
    let packages = [
        "gcc-aarch64-linux-gnu",
        "libc6-dev-arm64-cross",
        "qemu-user",
    ];
    for apt in [
        &["apt-get", "update", "-q"][..],
        &[&["apt-get", "install", "-y", "-q"][..], &packages[..]].concat(),
    ] {
        let command: Vec<&str> = as_root.iter().chain(apt).copied().collect();
        let _ = Command::new(command[0]).args(&command[1..]).status();
    }
}

/// The tools this task needs that the machine lacks.
fn missing_tools() -> Vec<String> {
    let mut missing = Vec::new();
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l.trim() == TARGET)
        })
        .unwrap_or(false);
    if !installed {
        missing.push(format!("the {TARGET} standard library"));
    }
    for tool in [LINKER, EMULATOR] {
        if Command::new(tool).arg("--version").output().is_err() {
            missing.push(tool.to_owned());
        }
    }
    if !std::path::Path::new(SYSROOT).join("lib").exists() {
        missing.push(format!("{SYSROOT} (libc6-dev-arm64-cross)"));
    }
    missing
}
