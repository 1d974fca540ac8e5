//! The unit tests' deterministic random numbers: one xorshift64 generator, seeded per test, and
//! the iteration counts of the long randomised tests.

/// A xorshift64 generator starting from `seed` (which must not be 0).
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The environment variable that divides the long randomised tests' iteration counts.
/// `cargo xtask valgrind` sets it: memcheck runs these tests ~50× slower, and what it looks for
/// (an invalid read or write) the first thousands of inputs reach as well as the millionth.
/// The normal `cargo test` run leaves it unset and runs every iteration.
pub(crate) const SCALE_DOWN_VAR: &str = "FASTJSON_TEST_SCALE_DOWN";

/// `n` iterations, divided by [`SCALE_DOWN_VAR`] when it is set (at least 1).
pub(crate) fn iterations(n: usize) -> usize {
    scaled(n, divisor())
}

/// `n` divided by `divisor`, at least 1.
fn scaled(n: usize, divisor: usize) -> usize {
    (n / divisor).max(1)
}

/// Whether the exhaustive tests try every case (`cargo test`) or the cases that decide a
/// kernel's path (under `cargo xtask valgrind`, when [`SCALE_DOWN_VAR`] divides by more than 1).
pub(crate) fn exhaustive() -> bool {
    divisor() == 1
}

/// The divisor [`SCALE_DOWN_VAR`] sets (1 when unset).
fn divisor() -> usize {
    parse_divisor(std::env::var(SCALE_DOWN_VAR).ok().as_deref())
}

/// The divisor in `setting` (none: 1). A setting that is not a positive integer panics, so a
/// typo cannot quietly run a different test.
fn parse_divisor(setting: Option<&str>) -> usize {
    let Some(setting) = setting else { return 1 };
    setting
        .parse()
        .ok()
        .filter(|&d| d > 0)
        .unwrap_or_else(|| panic!("{SCALE_DOWN_VAR}={setting:?}: expected a positive integer"))
}

#[test]
fn iteration_counts_scale_down_only_when_asked() {
    assert_eq!(scaled(2_000_000, parse_divisor(None)), 2_000_000);
    assert_eq!(scaled(2_000_000, parse_divisor(Some("50"))), 40_000);
    assert_eq!(scaled(10, 50), 1);
    assert_eq!(parse_divisor(Some("50")), 50);
    for bad in ["0", "-3", "fifty", ""] {
        assert!(
            std::panic::catch_unwind(|| parse_divisor(Some(bad))).is_err(),
            "{bad:?}"
        );
    }
}
