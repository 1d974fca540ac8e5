//! The source of `foreign_fastjson.rs` (kept fresh by check-codegen): a copy of a type of another
//! crate, `std::cmp::Ordering`. `../offline-impl-for-foreign-type.rs` includes the generated
//! impls where `Ordering` is std's own, and the orphan rule rejects every one of them.

pub enum Ordering {
    Less,
    Equal,
    Greater,
}
