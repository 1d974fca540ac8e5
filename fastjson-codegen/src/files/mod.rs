//! A workspace's offline-generated files: the list in its `Cargo.toml`, regenerated on disk
//! (`cargo xtask codegen`) or compared with what is checked in (`cargo xtask check-codegen`).
//!
//! ```toml
//! [workspace.metadata.fastjson]   # or [package.metadata.fastjson] in a single crate
//! generate = [
//!     { source = "api/src/model.rs", output = "api/src/model_fastjson.rs", schema = "api/model.schema.json" },
//! ]
//! ```
//!
//! Per entry, optional: `select = "all" | "marked"` (default `"all"`), `crate = "::fastjson"`
//! (default `"::fastjson_runtime"`). Paths are relative to the directory of that `Cargo.toml`.

mod config;
mod diff;

pub use config::{Config, Target};
pub use diff::unified_diff;

use std::fs;
use std::path::Path;

use crate::offline::{generate, FileOptions};

/// One file as the generator writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// Relative to the root.
    pub path: String,
    /// The file's text, header included.
    pub contents: String,
}

/// A checked-in file that differs from what the generator writes now.
#[derive(Clone, Debug)]
pub struct Stale {
    /// Relative to the root.
    pub path: String,
    /// Unified diff from the checked-in file to the regenerated one.
    pub diff: String,
}

/// The files one entry produces (the impls, and the schema document when configured).
pub fn render(root: &Path, target: &Target) -> Result<Vec<Rendered>, String> {
    let source_path = root.join(&target.source);
    let source = fs::read_to_string(&source_path)
        .map_err(|err| format!("cannot read {}: {err}", source_path.display()))?;
    let crate_path = syn::parse_str(&target.crate_path)
        .map_err(|err| format!("`crate = {:?}` is not a path: {err}", target.crate_path))?;
    let options = FileOptions {
        crate_path,
        select: target.select,
        source_name: target.source.clone(),
    };
    let generated = generate(&source, &options).map_err(|err| err.to_string())?;
    let mut out = vec![Rendered {
        path: target.output.clone(),
        contents: generated.code,
    }];
    if let Some(schema) = &target.schema {
        out.push(Rendered {
            path: schema.clone(),
            contents: generated.schema,
        });
    }
    Ok(out)
}

/// Every file of every entry.
pub fn render_all(root: &Path, config: &Config) -> Result<Vec<Rendered>, String> {
    let mut all = Vec::new();
    for target in &config.targets {
        all.extend(render(root, target)?);
    }
    Ok(all)
}

/// Writes the files that differ from what is on disk; returns their paths.
pub fn write_all(root: &Path, config: &Config) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    for file in render_all(root, config)? {
        let path = root.join(&file.path);
        if read_normalized(&path).as_deref() == Some(file.contents.as_str()) {
            continue;
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)
                .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
        }
        fs::write(&path, &file.contents)
            .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
        written.push(file.path);
    }
    Ok(written)
}

/// The files whose checked-in text (newlines normalized) differs from the generator's output,
/// each with its diff. Writes nothing.
pub fn check_all(root: &Path, config: &Config) -> Result<Vec<Stale>, String> {
    let mut stale = Vec::new();
    for file in render_all(root, config)? {
        let current = read_normalized(&root.join(&file.path));
        if current.as_deref() == Some(file.contents.as_str()) {
            continue;
        }
        let old = current.unwrap_or_default();
        stale.push(Stale {
            diff: unified_diff(&file.path, &old, &file.contents),
            path: file.path,
        });
    }
    Ok(stale)
}

fn read_normalized(path: &Path) -> Option<String> {
    fs::read_to_string(path)
        .ok()
        .map(|text| text.replace("\r\n", "\n"))
}
