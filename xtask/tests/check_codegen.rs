//! check-codegen catches stale generated files: the workspace's own files are up to date (so a
//! plain `cargo test` fails on a stale one), and the guard fires on a copy of the offline example
//! whose source changed without regenerating: a new field, and a field renamed by an attribute.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXAMPLE: &str = "examples/offline-api";

/// The same entry as the workspace's `[workspace.metadata.fastjson]` lists for the example.
const CONFIG: &str = r#"
[workspace.metadata.fastjson]
generate = [
    { source = "examples/offline-api/src/model.rs", output = "examples/offline-api/src/model_fastjson.rs", schema = "examples/offline-api/src/model.schema.json" },
]
"#;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn check_codegen(root: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["check-codegen", "--root"])
        .arg(root)
        .output()
        .expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A temporary root holding a copy of the example's sources and generated files.
fn example_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let src = workspace_root().join(EXAMPLE).join("src");
    let dst = tmp.path().join(EXAMPLE).join("src");
    fs::create_dir_all(&dst).unwrap();
    for entry in fs::read_dir(&src).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), dst.join(entry.file_name())).unwrap();
    }
    fs::write(tmp.path().join("Cargo.toml"), CONFIG).unwrap();
    let fresh = check_codegen(tmp.path());
    assert!(
        fresh.status.success(),
        "the copy starts up to date: {}",
        text(&fresh.stderr)
    );
    tmp
}

/// Replaces `from` (which must occur once) in the example's model source.
fn edit_model(root: &Path, from: &str, to: &str) {
    let path = root.join(EXAMPLE).join("src/model.rs");
    let source = fs::read_to_string(&path).unwrap();
    assert_eq!(source.matches(from).count(), 1, "`{from}` in model.rs");
    fs::write(&path, source.replace(from, to)).unwrap();
}

/// The `+` lines of the diff that check-codegen printed.
fn added_lines(output: &Output) -> Vec<String> {
    text(&output.stdout)
        .lines()
        .filter(|line| line.starts_with('+') && !line.starts_with("+++"))
        .map(str::to_owned)
        .collect()
}

fn assert_added(output: &Output, expected: &[&str]) {
    let added = added_lines(output);
    for expected in expected {
        assert!(
            added.iter().any(|line| line.contains(expected)),
            "no added line with {expected} in:\n{}",
            text(&output.stdout)
        );
    }
}

#[test]
fn workspace_generated_files_are_up_to_date() {
    let output = check_codegen(&workspace_root());
    assert!(
        output.status.success(),
        "stale generated files; run `cargo xtask codegen` and commit:\n{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

#[test]
fn guard_fires_on_a_field_added_without_regenerating() {
    let tmp = example_copy();
    edit_model(
        tmp.path(),
        "    pub quantity: u32,\n",
        "    pub quantity: u32,\n    pub gift_wrap: bool,\n",
    );
    let output = check_codegen(tmp.path());
    assert!(!output.status.success(), "check-codegen must fail");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("model_fastjson.rs` was not up to date; run `cargo xtask codegen`"),
        "{stderr}"
    );
    assert_added(
        &output,
        &[
            r#"__w.field_key(false, ",\"gift_wrap\":");"#,
            r#""gift_wrap": {"#,
        ],
    );
}

#[test]
fn guard_fires_on_a_field_renamed_by_an_attribute() {
    let tmp = example_copy();
    edit_model(
        tmp.path(),
        "    pub quantity: u32,\n",
        "    #[cfg_attr(any(), serde(rename = \"qty\"))]\n    pub quantity: u32,\n",
    );
    let output = check_codegen(tmp.path());
    assert!(!output.status.success(), "check-codegen must fail");
    assert_added(
        &output,
        &[r#"__w.field_key(false, ",\"qty\":");"#, r#""qty": {"#],
    );
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains(r#"-            __w.field_key(false, ",\"quantity\":");"#),
        "{stdout}"
    );
}
