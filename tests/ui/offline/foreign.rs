//! The source of `foreign_fastjson.rs` (checked by check-codegen): a copy of a type from another
//! crate, here `std::time::Duration`'s shape. `../offline-impl-for-foreign-type.rs` includes the
//! generated impls where `Duration` is std's own: the orphan rule rejects them.

pub struct Duration {
    secs: u64,
    nanos: u32,
}
