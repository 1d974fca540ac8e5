//! `cargo xtask check-codegen`: regenerates every configured file in memory and compares it with
//! the checked-in one (rust-analyzer's ensure-file-contents); prints a unified diff and fails
//! when any is stale. Writes nothing.

use std::process::ExitCode;

use fastjson_codegen::files::{self, Config};

use crate::codegen::root;

pub fn run(args: &[String]) -> ExitCode {
    let result = root(args).and_then(|root| {
        let config = Config::load(&root)?;
        Ok((config.targets.len(), files::check_all(&root, &config)?))
    });
    match result {
        Ok((targets, stale)) if stale.is_empty() => {
            println!("check-codegen: {targets} source file(s), every generated file is up to date");
            ExitCode::SUCCESS
        }
        Ok((_, stale)) => {
            for file in &stale {
                print!("{}", file.diff);
                eprintln!(
                    "check-codegen: `{}` was not up to date; run `cargo xtask codegen` and commit",
                    file.path
                );
            }
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("check-codegen: {err}");
            ExitCode::FAILURE
        }
    }
}
