//! The point of offline generation: this crate's dependency tree (normal, build and dev) has no
//! syn, quote or proc-macro2 in it, so no proc-macro can be built for it.

use std::process::Command;

#[test]
fn dependency_tree_has_no_proc_macro_machinery() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["tree", "--locked", "--offline", "--prefix", "none"])
        .args(["--edges", "normal,build,dev", "--format", "{p}"])
        .args(["--package", env!("CARGO_PKG_NAME")])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let crates: Vec<&str> = stdout.lines().collect();
    assert!(
        crates
            .iter()
            .any(|line| line.starts_with("fastjson-runtime ")),
        "the tree lists the runtime: {stdout}"
    );
    for line in &crates {
        let name = line.split(' ').next().unwrap_or_default();
        assert!(
            !["syn", "quote", "proc-macro2"].contains(&name),
            "`{line}` is in the dependency tree:\n{stdout}"
        );
    }
}
