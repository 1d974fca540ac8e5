//! The `[workspace.metadata.fastjson]` (or `[package.metadata.fastjson]`) table of a `Cargo.toml`.

use std::fs;
use std::path::Path;

use toml::{Table, Value};

use crate::offline::Select;

/// The files to generate, in the order listed.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// One entry per `generate` item.
    pub targets: Vec<Target>,
}

/// One `generate` entry; paths relative to the root.
#[derive(Clone, Debug)]
pub struct Target {
    /// The Rust file whose types are expanded.
    pub source: String,
    /// The generated Rust file.
    pub output: String,
    /// The JSON Schema document of the types, when asked for.
    pub schema: Option<String>,
    /// Which of the source's types are expanded.
    pub select: Select,
    /// The path generated code names the runtime by (`::fastjson_runtime` unless `crate` says).
    pub crate_path: String,
}

impl Config {
    /// Reads `root/Cargo.toml`.
    pub fn load(root: &Path) -> Result<Config, String> {
        let path = root.join("Cargo.toml");
        let text = fs::read_to_string(&path)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        Config::parse(&text).map_err(|err| format!("{}: {err}", path.display()))
    }

    /// Parses the text of a `Cargo.toml`; no `metadata.fastjson` table is an empty list.
    pub fn parse(cargo_toml: &str) -> Result<Config, String> {
        let table: Table = cargo_toml.parse().map_err(|err| format!("{err}"))?;
        let metadata = ["workspace", "package"].iter().find_map(|section| {
            table
                .get(*section)?
                .get("metadata")?
                .get("fastjson")
                .map(|fastjson| (*section, fastjson))
        });
        let Some((section, fastjson)) = metadata else {
            return Ok(Config::default());
        };
        let where_ = format!("[{section}.metadata.fastjson]");
        let fastjson = fastjson
            .as_table()
            .ok_or_else(|| format!("{where_} must be a table"))?;
        if let Some(key) = fastjson.keys().find(|key| *key != "generate") {
            return Err(format!(
                "{where_}: unknown key `{key}` (expected `generate`)"
            ));
        }
        let entries = match fastjson.get("generate") {
            None => return Ok(Config::default()),
            Some(Value::Array(entries)) => entries,
            Some(_) => return Err(format!("{where_}: `generate` must be an array of tables")),
        };
        let targets = entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                Target::parse(entry).map_err(|err| format!("{where_} generate[{i}]: {err}"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Config { targets })
    }
}

impl Target {
    fn parse(entry: &Value) -> Result<Target, String> {
        let entry = entry.as_table().ok_or("must be a table")?;
        let string = |key: &str| -> Result<Option<String>, String> {
            match entry.get(key) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(format!("`{key}` must be a string")),
            }
        };
        const KEYS: [&str; 5] = ["source", "output", "schema", "select", "crate"];
        if let Some(key) = entry.keys().find(|key| !KEYS.contains(&key.as_str())) {
            return Err(format!("unknown key `{key}` (expected one of {KEYS:?})"));
        }
        let select = match string("select")?.as_deref() {
            None | Some("all") => Select::All,
            Some("marked") => Select::Marked,
            Some(other) => {
                return Err(format!(
                    "`select = {other:?}`: expected \"all\" or \"marked\""
                ))
            }
        };
        Ok(Target {
            source: string("source")?.ok_or("missing `source`")?,
            output: string("output")?.ok_or("missing `output`")?,
            schema: string("schema")?,
            select,
            crate_path: string("crate")?.unwrap_or_else(|| "::fastjson_runtime".to_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Config;

    #[test]
    fn reads_the_workspace_table() {
        let config = Config::parse(
            r#"
            [workspace.metadata.fastjson]
            generate = [
                { source = "a.rs", output = "a_fj.rs", schema = "a.json", select = "marked" },
                { source = "b.rs", output = "b_fj.rs", crate = "::fastjson" },
            ]
            "#,
        )
        .unwrap();
        let [a, b] = &config.targets[..] else {
            panic!("{config:?}")
        };
        assert_eq!(
            (a.source.as_str(), a.schema.as_deref()),
            ("a.rs", Some("a.json"))
        );
        assert_eq!(a.select, crate::Select::Marked);
        assert_eq!(
            (b.crate_path.as_str(), b.schema.as_deref()),
            ("::fastjson", None)
        );
    }

    #[test]
    fn rejects_unknown_keys() {
        let err = Config::parse(
            "[package.metadata.fastjson]\ngenerate = [{ source = \"a\", output = \"b\", ouput = \"c\" }]",
        )
        .unwrap_err();
        assert!(err.contains("unknown key `ouput`"), "{err}");
    }
}
