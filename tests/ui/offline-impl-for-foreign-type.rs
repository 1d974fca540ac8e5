// Offline-generated impls (offline/foreign_fastjson.rs, generated from offline/foreign.rs and
// kept fresh by check-codegen) included where `Ordering` is std's: the orphan rule rejects them,
// so generated code can never attach behaviour to another crate's type.
use std::cmp::Ordering;

#[path = "offline/foreign_fastjson.rs"]
mod foreign_fastjson;

fn main() {
    let _ = Ordering::Less;
}
