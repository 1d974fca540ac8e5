//! `cargo xtask valgrind`: runs the runtime's unit tests under valgrind memcheck (the `unsafe`
//! blocks' second line of defence: any invalid read, write or leak fails the task).

use std::process::{Command, ExitCode};

/// The runtime's `test_rng::SCALE_DOWN_VAR`: divides the long randomised tests' iterations.
const ITERATION_VAR: &str = "FASTJSON_TEST_SCALE_DOWN";
/// Memcheck runs ~50× slower than the plain test run. With the variable set, the randomised
/// tests run 1/20 of their iterations and the kernel tests try the bytes that decide a path
/// instead of all 256: this task went from ~8.5 minutes to 2.6 (2026-12-03), every code path and
/// every buffer end still reached many times.
const ITERATION_DIVISOR: u32 = 20;

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
    // The long randomised tests (the float formatter's millions of bit patterns) run a share
    // of their iterations here, the byte-by-byte kernel tests a deciding subset of bytes;
    // `cargo test` runs all of them. See the runtime's test_rng.rs.
    println!(
        "valgrind: randomised tests run 1/{ITERATION_DIVISOR} of their iterations, kernel tests \
         the bytes that decide a path ({ITERATION_VAR}={ITERATION_DIVISOR})"
    );
    let status = Command::new("valgrind")
        .env(ITERATION_VAR, ITERATION_DIVISOR.to_string())
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
