//! The unit tests' deterministic random numbers: one xorshift64 generator, seeded per test.

/// A xorshift64 generator starting from `seed` (which must not be 0).
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
