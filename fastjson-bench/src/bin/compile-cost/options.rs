//! The command line: how many types, where the crates and the report go, and what to build.

use std::path::PathBuf;

const DEFAULT_TYPES: usize = 200;

pub const USAGE: &str = "usage: compile-cost [--types N (200)] [--out DIR (target/compile-cost)] \
                         [--no-default-features] [--generate-only]\n\
                         (cargo run --release -p fastjson-bench --bin compile-cost -- ARGS, \
                         or cargo xtask compile-cost ARGS)";

pub struct Options {
    pub types: usize,
    /// Where the report goes; the crates go to `<out>/<types>/`.
    pub out: PathBuf,
    /// Depend on fastjson with `default-features = false`.
    pub no_default_features: bool,
    pub generate_only: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            types: DEFAULT_TYPES,
            out: crate::workspace_root().join("target/compile-cost"),
            no_default_features: false,
            generate_only: false,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            match arg.as_str() {
                "--types" => {
                    options.types = iter
                        .next()
                        .and_then(|n| n.parse().ok())
                        .filter(|&n| n > 0)
                        .ok_or("--types takes a positive number")?
                }
                "--out" => {
                    let dir = iter.next().ok_or("--out takes a directory")?;
                    options.out =
                        std::path::absolute(dir).map_err(|e| format!("--out {dir}: {e}"))?;
                }
                "--no-default-features" => options.no_default_features = true,
                "--generate-only" => options.generate_only = true,
                other => return Err(format!("unexpected argument `{other}`")),
            }
        }
        Ok(options)
    }
}
