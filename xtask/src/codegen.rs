//! `cargo xtask codegen`: writes every offline-generated file listed in the workspace's
//! `[workspace.metadata.fastjson]` (generated impls and schema documents).

use std::path::PathBuf;
use std::process::ExitCode;

use fastjson_codegen::files::{self, Config};

pub fn run(args: &[String]) -> ExitCode {
    let result = root(args).and_then(|root| {
        let config = Config::load(&root)?;
        files::write_all(&root, &config)
    });
    match result {
        Ok(written) if written.is_empty() => {
            println!("codegen: every generated file is up to date");
            ExitCode::SUCCESS
        }
        Ok(written) => {
            for path in written {
                println!("codegen: wrote {path}");
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("codegen: {err}");
            ExitCode::FAILURE
        }
    }
}

/// `--root DIR`, else the workspace this xtask belongs to.
pub fn root(args: &[String]) -> Result<PathBuf, String> {
    match args {
        [] => Ok(PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("xtask sits in the workspace root")
            .to_path_buf()),
        [flag, dir] if flag == "--root" => Ok(PathBuf::from(dir)),
        _ => Err(format!(
            "unexpected arguments {args:?} (expected `--root DIR`)"
        )),
    }
}
