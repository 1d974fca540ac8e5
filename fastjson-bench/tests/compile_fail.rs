//! The compile-time half of the guard fires (trybuild): a stamped copy implementing the other
//! family's trait, or reaching an unstamped type, does not build. Update the `.stderr` files
//! with `TRYBUILD=overwrite` and read the diff.

#[test]
fn guard_refuses_to_compile_contaminated_copies() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
