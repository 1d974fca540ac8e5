//! Reading `#[serde(...)]` and `#[fastjson(...)]` into container, variant and field attributes.
//!
//! Both namespaces accept the same keys (fastjson adds `omitempty`, `serde` and `serde_fallback`; `with` and its kin take
//! serde's function signatures under `serde` and fastjson's under `fastjson`); when one key is set in both,
//! the `fastjson` value wins. Every problem is recorded in the `Ctxt` and parsing goes on, so one
//! compile shows every bad attribute.

mod container;
mod field;
mod parse;
mod variant;
mod with;

pub use container::{Container, DefaultValue, Identifier, Remote, TagType};
pub use field::{Borrow, Field};
pub use parse::{naming, unraw, Bounds};
pub use variant::Variant;
pub use with::WithFn;

#[cfg(test)]
mod tests;
