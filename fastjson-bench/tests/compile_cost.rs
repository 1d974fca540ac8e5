//! The `compile-cost` binary generates two crates that differ only in the derive line,
//! deterministically, and with every attribute and type shape it claims to cover (generation
//! only, except the last test, which builds a 60-type crate with each library).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const FASTJSON_DERIVE: &str = "#[derive(fastjson::FastJson)]";
const SERDE_DERIVE: &str = "#[derive(serde::Serialize, serde::Deserialize)]";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `compile-cost --generate-only` into `out`; returns `<out>/<types>/`.
fn generate(out: &Path, types: usize) -> PathBuf {
    let output = Command::new(env!("CARGO_BIN_EXE_compile-cost"))
        .args(["--generate-only", "--types"])
        .arg(types.to_string())
        .arg("--out")
        .arg(out)
        .output()
        .expect("compile-cost runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out.join(types.to_string())
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_two_crates_differ_only_in_the_derive_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = generate(tmp.path(), 3);
    let fastjson = read(&dir.join("fastjson/src/lib.rs"));
    let serde = read(&dir.join("serde/src/lib.rs"));
    assert_eq!(fastjson.matches(FASTJSON_DERIVE).count(), 3, "{fastjson}");
    assert_eq!(serde.matches(SERDE_DERIVE).count(), 3, "{serde}");
    assert!(!fastjson.contains("serde::") && !serde.contains("fastjson::"));
    assert_eq!(fastjson.replace(FASTJSON_DERIVE, SERDE_DERIVE), serde);

    let root = workspace_root();
    let fastjson_toml = read(&dir.join("fastjson/Cargo.toml"));
    assert!(
        fastjson_toml.contains(&format!("fastjson = {{ path = \"{}\" }}", root.display())),
        "{fastjson_toml}"
    );
    let serde_toml = read(&dir.join("serde/Cargo.toml"));
    assert!(serde_toml.contains("serde_json = \"="), "{serde_toml}");
    for toml in [&fastjson_toml, &serde_toml] {
        assert!(
            toml.contains("\n[workspace]\n"),
            "its own workspace: {toml}"
        );
    }
    let lock = read(&root.join("Cargo.lock"));
    for krate in ["fastjson", "serde"] {
        assert!(read(&dir.join(krate).join("Cargo.lock")) == lock);
    }
    assert!(read(&dir.join("fastjson/src/main.rs")).contains("fastjson::from_slice"));
    assert!(read(&dir.join("serde/src/main.rs")).contains("serde_json::from_slice"));
}

#[test]
fn generation_is_deterministic_and_covers_every_shape() {
    let first = tempfile::tempdir().unwrap();
    let second = tempfile::tempdir().unwrap();
    let lib = read(&generate(first.path(), 200).join("serde/src/lib.rs"));
    assert_eq!(
        lib,
        read(&generate(second.path(), 200).join("serde/src/lib.rs"))
    );
    assert_eq!(lib.matches(SERDE_DERIVE).count(), 200);
    for expected in [
        "#[serde(rename_all = \"camelCase\")]",
        "#[serde(rename = \"",
        "#[serde(default)]",
        "skip_serializing_if = \"Option::is_none\"",
        "#[serde(tag = \"type\"",
        "#[default]",
        ": Option<Box<",
        ": Option<u64>,",
        ": Vec<String>,",
        ": f64,",
        ": bool,",
        ": i64,",
        ": u32,",
    ] {
        assert!(
            lib.contains(expected),
            "no `{expected}` in the generated types"
        );
    }
    assert!(
        lib.lines()
            .any(|line| line.contains(": Vec<") && !line.contains("Vec<String>")),
        "no Vec of a generated type"
    );
}

/// `cargo <args>` in `dir` with its own target directory (kept under this workspace's `target/`,
/// so a second test run rebuilds only the generated crate); panics with cargo's stderr on failure.
fn cargo(dir: &Path, target_dir: &str, args: &[&str]) -> String {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(dir)
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target").join(target_dir),
        )
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo {args:?} in {}:\n{}\n(--offline: `cargo fetch` in the workspace downloads what \
         the workspace's Cargo.lock pins)",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A user's crate sees fastjson as this test's generated crate does: a dependency from outside
/// the workspace, whose features are not unified with the workspace's (where the offline
/// generator's prettyplease turns on syn's `full`). This proves the derive works with the syn
/// features it asks for itself, on API-shaped types, writing what serde + serde_json write; and
/// it keeps the derive's syn lean: `full` and `extra-traits` doubled syn's build time, the
/// first thing on the critical path of a user's cold build.
#[test]
fn a_user_crate_builds_with_the_derives_lean_syn_and_writes_what_serde_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = generate(tmp.path(), 60);
    let fastjson = dir.join("fastjson");
    let features = cargo(
        &fastjson,
        "compile-cost-test/fastjson",
        &["tree", "--offline", "-e", "features", "-i", "syn@2"],
    );
    assert!(features.contains("syn feature \"parsing\""), "{features}");
    for heavy in ["full", "extra-traits"] {
        assert!(
            !features.contains(&format!("syn feature \"{heavy}\"")),
            "the derive enables syn's `{heavy}`:\n{features}"
        );
    }
    let written: Vec<String> = [
        (fastjson, "compile-cost-test/fastjson"),
        (dir.join("serde"), "compile-cost-test/serde"),
    ]
    .iter()
    .map(|(krate, target)| {
        cargo(
            krate,
            target,
            &["run", "--offline", "--quiet", "--bin", "roundtrip"],
        )
        .trim()
        .to_owned()
    })
    .collect();
    assert!(written[0].contains("60 types"), "{}", written[0]);
    assert_eq!(written[0], written[1], "fastjson, then serde");
}
