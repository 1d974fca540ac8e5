//! Records what the report header needs from build time: the rustc version, LLVM's name for the
//! building CPU, the RUSTFLAGS the crates were built with, the profile, and the versions of the
//! compared crates (from Cargo.lock).

use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(&rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=FJB_RUSTC={}", version.trim());

    // What `-C target-cpu=native` resolves to on the building machine ("currently znver5").
    let host_cpu = Command::new(&rustc)
        .args(["--print", "target-cpus"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|text| {
            let after = text.split("(currently ").nth(1)?;
            Some(after[..after.find(')')?].to_string())
        })
        .unwrap_or_default();
    println!("cargo:rustc-env=FJB_LLVM_HOST_CPU={host_cpu}");

    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    println!(
        "cargo:rustc-env=FJB_RUSTFLAGS={}",
        flags.replace('\x1f', " ")
    );
    println!(
        "cargo:rustc-env=FJB_PROFILE={}",
        std::env::var("PROFILE").unwrap_or_default()
    );
    println!(
        "cargo:rustc-env=FJB_OPT_LEVEL={}",
        std::env::var("OPT_LEVEL").unwrap_or_default()
    );

    // The manifest directory as Cargo passes it when the script runs, not as it was when the
    // script was compiled: a script binary built in another checkout sharing this target
    // directory would otherwise watch that checkout's lock file and, once it is gone, rebuild
    // the bench on every `cargo run` (the default-vs-native pairs rebuilt it each time).
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let lock_path = format!("{manifest_dir}/../Cargo.lock");
    println!("cargo:rerun-if-changed={lock_path}");
    println!("cargo:rerun-if-changed=build.rs");
    let lock = std::fs::read_to_string(&lock_path).unwrap_or_default();
    let mut versions = Vec::new();
    for name in [
        "fastjson",
        "serde",
        "serde_json",
        "sonic-rs",
        "simd-json",
        "zmij",
        "itoa",
        // The HTTP family's stack.
        "axum",
        "hyper",
        "tokio",
    ] {
        let needle = format!("name = \"{name}\"\nversion = \"");
        if let Some(at) = lock.find(&needle) {
            let rest = &lock[at + needle.len()..];
            let v = &rest[..rest.find('"').unwrap_or(0)];
            versions.push(format!("{name} {v}"));
        }
    }
    println!("cargo:rustc-env=FJB_CRATES={}", versions.join(", "));
}
