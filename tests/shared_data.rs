//! Locating `../shared` (the corpus and JSONTestSuite every developer and CI has), for tests.
//!
//! `FASTJSON_SHARED` overrides the location. A test that needs the data and cannot find it
//! says so and passes only when `CI` is unset: CI always has the data, so there it fails.

use std::path::PathBuf;

/// The shared data directory, or `None` (after printing why) when it is missing outside CI.
/// Panics when it is missing under CI.
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("FASTJSON_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    if dir.join(what).exists() {
        return Some(dir);
    }
    let msg = format!(
        "{} is missing (set FASTJSON_SHARED to the directory holding it)",
        dir.join(what).display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{msg}; CI must have it");
    }
    eprintln!("SKIPPED (not under CI): {msg}");
    None
}
