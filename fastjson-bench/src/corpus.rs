//! Finding and loading the corpus (twitter.json, citm_catalog.json, canada.json): `--corpus DIR`,
//! else `$FASTJSON_CORPUS`, else `$FASTJSON_SHARED/corpus`, else `../shared/corpus` next to the
//! workspace if it exists. The documents are read from there at run time, never copied into the
//! repository.

use std::path::{Path, PathBuf};

/// The corpus documents' names (file stem) in report order.
pub const NAMES: [&str; 3] = ["twitter", "citm_catalog", "canada"];

/// Where the corpus was looked for and what was found there.
#[derive(Default)]
pub struct Corpus {
    /// The directory used, and how it was chosen.
    pub dir: Option<(PathBuf, &'static str)>,
    /// `(name, bytes)` of every document found.
    pub docs: Vec<(&'static str, &'static [u8])>,
    /// Why documents are missing, if they are.
    pub missing: Vec<String>,
}

impl Corpus {
    /// The document `name` (`twitter`, `citm_catalog`, `canada`), if found.
    pub fn get(&self, name: &str) -> Option<&'static [u8]> {
        self.docs.iter().find(|(n, _)| *n == name).map(|(_, d)| *d)
    }

    /// No corpus at all: only the generated workloads run.
    pub fn none() -> Corpus {
        Corpus::default()
    }
}

/// `../shared/corpus` relative to the workspace root (this crate's parent directory).
pub fn default_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    dir.canonicalize().unwrap_or(dir)
}

/// Resolves the directory: the explicit one, then `$FASTJSON_CORPUS`, then the default if present.
pub fn locate(explicit: Option<&Path>) -> Option<(PathBuf, &'static str)> {
    if let Some(dir) = explicit {
        return Some((dir.to_path_buf(), "--corpus"));
    }
    if let Some(dir) = std::env::var_os("FASTJSON_CORPUS").filter(|d| !d.is_empty()) {
        return Some((PathBuf::from(dir), "$FASTJSON_CORPUS"));
    }
    // The workspace's other tests find shared data through $FASTJSON_SHARED.
    if let Some(dir) = std::env::var_os("FASTJSON_SHARED").filter(|d| !d.is_empty()) {
        return Some((PathBuf::from(dir).join("corpus"), "$FASTJSON_SHARED/corpus"));
    }
    let dir = default_dir();
    dir.is_dir().then_some((dir, "../shared/corpus"))
}

/// Loads every corpus document found (leaked: they live as long as the process).
pub fn load(explicit: Option<&Path>) -> Corpus {
    let Some((dir, how)) = locate(explicit) else {
        return Corpus {
            missing: vec![format!(
                "no corpus directory (no --corpus, no $FASTJSON_CORPUS, and {} does not exist)",
                default_dir().display()
            )],
            ..Corpus::default()
        };
    };
    let mut corpus = Corpus {
        dir: Some((dir.clone(), how)),
        ..Corpus::default()
    };
    for name in NAMES {
        let path = dir.join(format!("{name}.json"));
        match std::fs::read(&path) {
            Ok(bytes) => corpus
                .docs
                .push((name, Box::leak(bytes.into_boxed_slice()))),
            Err(e) => corpus.missing.push(format!("{}: {e}", path.display())),
        }
    }
    corpus
}

/// The git blob hash of `bytes` (SHA-1 of `blob <len>\0` + bytes): the corpus README lists these,
/// so a report's digests can be checked against it.
pub fn git_blob_sha1(bytes: &[u8]) -> String {
    let mut h = sha1_smol::Sha1::new();
    h.update(format!("blob {}\0", bytes.len()).as_bytes());
    h.update(bytes);
    h.digest().to_string()
}
