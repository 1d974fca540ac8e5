//! `cargo xtask valgrind`: runs the runtime's unit tests under valgrind memcheck (the `unsafe`
//! blocks' second line of defence: any invalid read, write or leak fails the task).

use std::process::{Command, ExitCode};

pub fn run(_args: &[String]) -> ExitCode {
    let root = crate::workspace_root();
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind: not installed (apt-get install valgrind)");
        return ExitCode::FAILURE;
    }
    // Build the test binary, then find it from cargo's JSON messages.
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args([
            "test",
            "-p",
            "fastjson-runtime",
            "--lib",
            "--no-run",
            "--message-format=json",
        ])
        .output();
    let Ok(output) = output else {
        eprintln!("valgrind: cargo test --no-run failed to start");
        return ExitCode::FAILURE;
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let binary = stdout
        .lines()
        .filter(|l| l.contains("\"executable\":\""))
        .find_map(|l| {
            let start = l.find("\"executable\":\"")? + "\"executable\":\"".len();
            let end = start + l[start..].find('"')?;
            Some(l[start..end].to_owned())
        });
    let Some(binary) = binary else {
        eprintln!(
            "valgrind: no runtime test binary built\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        return ExitCode::FAILURE;
    };
    println!("valgrind memcheck: {binary}");
    let status = Command::new("valgrind")
        .args([
            "--tool=memcheck",
            "--error-exitcode=101",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite",
            "--quiet",
        ])
        .arg(&binary)
        .args(["--test-threads=1"])
        .status();
    match status {
        Ok(s) if s.success() => {
            println!("valgrind: the runtime's unit tests ran clean");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("valgrind: memcheck reported errors (see above)");
            ExitCode::FAILURE
        }
    }
}
