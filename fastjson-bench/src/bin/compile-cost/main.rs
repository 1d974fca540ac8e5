//! `compile-cost`: what fastjson's derive costs to compile, against serde + serde_json.
//!
//! `cargo run --release -p fastjson-bench --bin compile-cost -- [--types N] [--out DIR]
//! [--no-default-features] [--generate-only]` (or `cargo xtask compile-cost ...`, which runs
//! it) generates N API-shaped types (a fixed-seed generator: the same types on every machine
//! and run) into two crates under `<out>/<N>/`, `fastjson/` and `serde/`, whose `src/lib.rs`
//! differ only in the derive line, each with a `roundtrip` binary that encodes and decodes every
//! type (so the generated code is instantiated) and prints a fingerprint of the JSON it wrote:
//! the two must match. Each crate is its own workspace with its own target directory
//! (`<out>/<N>/target-<crate>`) and a copy of this workspace's `Cargo.lock`, built `--offline`
//! in release (cargo's default profile): once cold (dependencies included), then three times
//! after touching `src/lib.rs` (the crate alone, lib and bin: the figure reported is the
//! median). The Markdown table (build times, `.rlib` and binary sizes, the machine and rustc) is
//! printed and written to `<out>/compile-cost.md`; `<out>` defaults to `target/compile-cost`.
//!
//! fastjson is a path dependency on this workspace with its default features (the README's
//! install line; the `serde_json` feature, for `Value`, brings serde_json into the cold build);
//! `--no-default-features` adds `default-features = false`. The report says whether fastjson's
//! build compiled serde_json. `--generate-only` writes the two crates and stops (the tests use
//! it).
//!
//! The pipeline, one module each: `options` (the command line) → `generate` (the types, from
//! `model` and `rng`) → `crates` (the two crates on disk, their sources from `source`) →
//! `measure` (build, time, size) → `report` (the Markdown table).

mod crates;
mod generate;
mod measure;
mod model;
mod options;
mod report;
mod rng;
mod source;

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use options::{Options, USAGE};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match Options::parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("compile-cost: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let types = generate::generate_types(options.types);
    let result = crates::generate_crates(&options, &types).and_then(|crates| {
        if options.generate_only {
            for krate in &crates {
                println!("compile-cost: wrote {}", krate.dir.display());
            }
            return Ok(());
        }
        let report = measure::measure(&options, &types, &crates)?;
        print!("{report}");
        let path = options.out.join("compile-cost.md");
        fs::write(&path, &report).map_err(|e| format!("writing {}: {e}", path.display()))?;
        println!("\ncompile-cost: wrote {}", path.display());
        Ok(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("compile-cost: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: fastjson-bench's manifest directory's parent.
fn workspace_root() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fastjson-bench lives one level below the workspace root")
        .to_path_buf()
}
