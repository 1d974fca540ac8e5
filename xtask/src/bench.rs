//! `cargo xtask bench [--native | --both | --default-vs-native] [ARGS...]`: runs fastjson-bench
//! in release mode, either as the README's default build or with every crate built
//! `-C target-cpu=native` in a separate target directory (`target/native`), whose report goes to
//! `target/fastjson-bench/native/`. After both, the harness writes
//! `target/fastjson-bench/compare.md` side by side, and the two builds' binaries then run
//! alternately for the default-vs-native comparison (`--default-vs-native` runs only that):
//! fastjson's and serde_json's rows, pairs in the order default, native, native, default, ...,
//! summarized in `target/fastjson-bench/default-vs-native/default-vs-native.md`.
//!
//! With `--both --out DIR`, DIR ends as one run's folder: `report.md` and the charts of the
//! default build, `report-native.md`, `compare.md` and `default-vs-native.md` (plus the raw
//! `report.json` / `report-native.json`). `fastjson-bench/results/latest/` is that folder for
//! `cargo xtask bench --both --full --out fastjson-bench/results/latest`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::workspace_root;

/// One build to run.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Build {
    Default,
    Native,
}

impl Build {
    fn name(self) -> &'static str {
        match self {
            Build::Default => "default",
            Build::Native => "native",
        }
    }
}

pub fn run(args: &[String]) -> ExitCode {
    let mut builds = vec![Build::Default];
    let mut default_vs_native = false;
    let mut rest = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--native" => builds = vec![Build::Native],
            "--both" => {
                builds = vec![Build::Default, Build::Native];
                default_vs_native = true;
            }
            "--default-vs-native" => {
                builds = Vec::new();
                default_vs_native = true;
            }
            _ => rest.push(arg.clone()),
        }
    }
    for build in builds {
        if let Err(e) = run_one(command(build, &report_args(build, &rest))) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    if default_vs_native {
        let pairs = if rest.iter().any(|a| a == "--full") {
            5
        } else {
            3
        };
        if let Err(e) = alternate(&rest, pairs) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
        if let Some(out) = out_dir(&rest) {
            if let Err(e) = gather(&out) {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// The `--out DIR` of the arguments, relative to the workspace root as fastjson-bench, run by
/// `command`, reads it.
fn out_dir(rest: &[String]) -> Option<PathBuf> {
    let i = rest.iter().position(|a| a == "--out")?;
    rest.get(i + 1).map(|dir| workspace_root().join(dir))
}

/// Makes `out` one run's folder after `--both`: the native report beside the default one as
/// `report-native.md` (and `.json`), its `native/` folder (the native build's charts) removed,
/// and the default-vs-native summary copied in.
fn gather(out: &Path) -> Result<(), String> {
    let io = |what: &Path, e: std::io::Error| format!("{}: {e}", what.display());
    let native = out.join("native");
    for (from, to) in [
        ("report.md", "report-native.md"),
        ("report.json", "report-native.json"),
    ] {
        let from = native.join(from);
        if from.exists() {
            std::fs::rename(&from, out.join(to)).map_err(|e| io(&from, e))?;
        }
    }
    if native.exists() {
        std::fs::remove_dir_all(&native).map_err(|e| io(&native, e))?;
    }
    let summary =
        workspace_root().join("target/fastjson-bench/default-vs-native/default-vs-native.md");
    std::fs::copy(&summary, out.join("default-vs-native.md")).map_err(|e| io(&summary, e))?;
    Ok(())
}

fn run_one(mut cmd: Command) -> Result<(), String> {
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("fastjson-bench failed: {s}")),
        Err(e) => Err(format!("could not run cargo: {e}")),
    }
}

/// The arguments of one build's full report: the native build's `--out DIR` becomes
/// `DIR/native`, as its default output sits below the default build's, so that `--both --out
/// DIR` does not write the native report over the default one.
fn report_args(build: Build, rest: &[String]) -> Vec<String> {
    let mut args = rest.to_vec();
    if build == Build::Native {
        if let Some(i) = args.iter().position(|a| a == "--out") {
            if let Some(dir) = args.get_mut(i + 1) {
                *dir = Path::new(dir.as_str()).join("native").display().to_string();
            }
        }
    }
    args
}

/// The builds of pair `k` (from 1) in the order they run: default first in odd pairs, native
/// first in even ones, so that neither build always runs first.
fn pair_order(k: usize) -> [Build; 2] {
    if k % 2 == 1 {
        [Build::Default, Build::Native]
    } else {
        [Build::Native, Build::Default]
    }
}

/// The arguments of one alternated run: only fastjson's and serde_json's rows, the default
/// mode's rounds, its own output directory; `--corpus` and `--filter` are passed on.
fn alternated_args(rest: &[String], out: &Path) -> Vec<String> {
    let mut args = vec![
        "--fastjson-and-serde-json-only".to_string(),
        "--quiet".to_string(),
        "--out".to_string(),
        out.display().to_string(),
    ];
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        if matches!(a.as_str(), "--corpus" | "--filter") {
            if let Some(v) = it.next() {
                args.extend([a.clone(), v.clone()]);
            }
        }
    }
    args
}

/// Runs `pairs` pairs of the two builds alternately into `target/fastjson-bench/default-vs-native`
/// (emptied first: pairs of two sessions must not mix), then summarizes them.
fn alternate(rest: &[String], pairs: usize) -> Result<(), String> {
    let dir: PathBuf = workspace_root().join("target/fastjson-bench/default-vs-native");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for k in 1..=pairs {
        for build in pair_order(k) {
            eprintln!(
                "default-vs-native: pair {k}/{pairs}, {} build",
                build.name()
            );
            let out = dir.join(format!("{}-{k}", build.name()));
            run_one(command(build, &alternated_args(rest, &out)))?;
        }
    }
    let summarize = [
        "--summarize-default-vs-native".to_string(),
        dir.display().to_string(),
    ];
    run_one(command(Build::Default, &summarize))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_alternate_which_build_runs_first() {
        let firsts: Vec<Build> = (1..=4).map(|k| pair_order(k)[0]).collect();
        assert_eq!(
            firsts,
            [Build::Default, Build::Native, Build::Default, Build::Native]
        );
        assert!((1..=4).all(|k| pair_order(k)[0] != pair_order(k)[1]));
    }

    #[test]
    fn the_native_report_goes_below_the_default_one() {
        let rest: Vec<String> = "--full --out /r --quiet"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(
            report_args(Build::Default, &rest).join(" "),
            "--full --out /r --quiet"
        );
        assert_eq!(
            report_args(Build::Native, &rest).join(" "),
            "--full --out /r/native --quiet"
        );
        let no_out = vec!["--full".to_string()];
        assert_eq!(report_args(Build::Native, &no_out), no_out);
    }

    #[test]
    fn gather_leaves_one_folder_of_the_run() {
        let out = std::env::temp_dir().join(format!("xtask-gather-{}", std::process::id()));
        let native = out.join("native");
        std::fs::create_dir_all(&native).unwrap();
        for (dir, file, text) in [
            (&out, "report.md", "default"),
            (&native, "report.md", "native"),
            (&native, "report.json", "{}"),
            (&native, "twitter.svg", "<svg/>"),
        ] {
            std::fs::write(dir.join(file), text).unwrap();
        }
        let summary_dir = workspace_root().join("target/fastjson-bench/default-vs-native");
        let summary = summary_dir.join("default-vs-native.md");
        let existed = summary.exists();
        if !existed {
            std::fs::create_dir_all(&summary_dir).unwrap();
            std::fs::write(&summary, "summary").unwrap();
        }
        gather(&out).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "default-vs-native.md",
                "report-native.json",
                "report-native.md",
                "report.md"
            ]
        );
        assert_eq!(
            std::fs::read_to_string(out.join("report.md")).unwrap(),
            "default"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("report-native.md")).unwrap(),
            "native"
        );
        std::fs::remove_dir_all(&out).unwrap();
        if !existed {
            std::fs::remove_file(&summary).unwrap();
        }
    }

    #[test]
    fn alternated_runs_pass_on_only_the_corpus_and_filters() {
        let rest: Vec<String> = "--full --corpus /c --filter twitter --out /elsewhere --quiet"
            .split(' ')
            .map(String::from)
            .collect();
        let args = alternated_args(&rest, Path::new("/o"));
        assert_eq!(
            args.join(" "),
            "--fastjson-and-serde-json-only --quiet --out /o --corpus /c --filter twitter"
        );
    }
}
