//! compile-cost generates two crates that differ only in the derive line, deterministically, and
//! with every attribute and type shape it claims to cover (generation only: nothing is built).

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

/// Runs `xtask compile-cost --generate-only` into `out`; returns `<out>/<types>/`.
fn generate(out: &Path, types: usize) -> PathBuf {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["compile-cost", "--generate-only", "--types"])
        .arg(types.to_string())
        .arg("--out")
        .arg(out)
        .output()
        .expect("xtask runs");
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
