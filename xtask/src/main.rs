//! `cargo xtask <task>`: developer tasks, one module each; this file only dispatches.

mod aarch64;
mod bench;
mod check_codegen;
mod codegen;
mod fuzz;
mod valgrind;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task> [--root DIR]

tasks:
  aarch64         clippy for aarch64, then the runtime's unit tests (NEON kernels against SWAR),
                  the lexer's edge tests and the corpus differential under qemu-user; --install
                  adds the target and the cross tools (apt-get) when missing
  bench           run fastjson-bench (release): [--native | --both | --default-vs-native]
                  [fastjson-bench args]; --both also runs --default-vs-native (the two
                  builds alternately, fastjson and serde_json rows; 5 pairs with --full, else 3);
                  with --out DIR, --both leaves one run's folder in DIR (report.md,
                  report-native.md, compare.md, default-vs-native.md, the charts):
                  `--both --full --out fastjson-bench/results/latest` remakes the committed run
  codegen         regenerate the offline-generated files listed in [workspace.metadata.fastjson]
  check-codegen   fail with a diff when any of them is stale (CI runs this)
  compile-cost    runs fastjson-bench's compile-cost (release): build time and sizes of N
                  generated types, fastjson vs serde + serde_json: [--types N (200)]
                  [--out DIR (target/compile-cost)] [--no-default-features] [--generate-only]
  fuzz            build and run the libFuzzer targets: [--seconds N] [--target NAME]
  valgrind        run the runtime's unit tests under valgrind memcheck

--root DIR: the directory whose Cargo.toml lists the files (default: this workspace)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = match args.split_first() {
        Some((task, rest)) => (task.as_str(), rest),
        None => ("", &[][..]),
    };
    match task {
        "aarch64" => aarch64::run(rest),
        "bench" => bench::run(rest),
        "codegen" => codegen::run(rest),
        "check-codegen" => check_codegen::run(rest),
        "compile-cost" => compile_cost(rest),
        "fuzz" => fuzz::run(rest),
        "valgrind" => valgrind::run(rest),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `compile-cost` is a benchmark and lives in fastjson-bench; this alias runs it, from the
/// caller's directory so that a relative `--out` means what it meant.
fn compile_cost(args: &[String]) -> ExitCode {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["run", "--release", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .args(["-p", "fastjson-bench", "--bin", "compile-cost", "--"])
        .args(args)
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(1, 255) as u8)),
        Err(e) => {
            eprintln!("compile-cost: running cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: xtask's manifest directory's parent.
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}
