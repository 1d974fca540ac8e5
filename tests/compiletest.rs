//! Compile-fail and pass tests of the derive (trybuild). Each `tests/ui/*.rs` breaks one rule and
//! is named after it; its `.stderr` pins the compiler's message and span (toolchain pinned in
//! rust-toolchain.toml). `tests/ui/pass/` builds and runs every supported shape. After a
//! deliberate change: `TRYBUILD=overwrite cargo test --test compiletest`, then read the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
