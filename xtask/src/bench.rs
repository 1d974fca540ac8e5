//! `cargo xtask bench [--native | --both] [ARGS...]`: runs fastjson-bench in release mode, either
//! as the README's default build or with every crate built `-C target-cpu=native` in a separate
//! target directory (`target/native`), whose report goes to `target/fastjson-bench/native/`. After
//! both, the harness writes `target/fastjson-bench/compare.md` side by side.

use std::process::{Command, ExitCode};

use crate::workspace_root;

/// One build to run.
#[derive(Clone, Copy, PartialEq)]
enum Build {
    Default,
    Native,
}

pub fn run(args: &[String]) -> ExitCode {
    let mut builds = vec![Build::Default];
    let mut rest = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--native" => builds = vec![Build::Native],
            "--both" => builds = vec![Build::Default, Build::Native],
            _ => rest.push(arg.clone()),
        }
    }
    for build in builds {
        let status = command(build, &rest).status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => {
                eprintln!("fastjson-bench failed: {s}");
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("could not run cargo: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn command(build: Build, args: &[String]) -> Command {
    let root = workspace_root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&root)
        .args(["run", "--release", "-p", "fastjson-bench", "--"])
        .args(args);
    if build == Build::Native {
        let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
        if !flags.contains("target-cpu=") {
            flags = format!("{flags} -C target-cpu=native").trim().to_string();
        }
        cmd.env("RUSTFLAGS", flags)
            .env("CARGO_TARGET_DIR", root.join("target/native"))
            // CARGO_ENCODED_RUSTFLAGS would take precedence over RUSTFLAGS.
            .env_remove("CARGO_ENCODED_RUSTFLAGS");
    }
    cmd
}
