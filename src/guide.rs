//! The reference manual: one page per topic, the same text as the `docs/` folder of the
//! repository. The crate page shows each entry point; these pages say everything there is to
//! know about one subject.
//!
//! - [`attributes`]: every container, variant and field attribute, `#[serde(...)]` and
//!   `#[fastjson(...)]`, and the rules of `flatten`.
//! - [`types`]: the std types with an impl, their wire format, and which types can be map keys.
//! - [`serde_differences`]: every known difference from serde and serde_json, and why.
//! - [`serde_bridge`]: serde types through fastjson: what the bridge writes and accepts, map
//!   keys, errors, and the panic rule inside `Encode`.
//! - [`offline`]: generating the impls ahead of time into a committed file, and checking them
//!   in CI.
//! - [`schemas`]: JSON Schema and OpenAPI components from your types.
//! - [`streams`]: JSON Lines and concatenated JSON, from slices and readers in bounded
//!   memory, recovery after a bad record, top-level array streaming, JSON Lines out, JSON
//!   Lines over HTTP with axum.
//! - [`conformance`]: what JSON is accepted, the guarantees and the tests that prove them, and
//!   the fuzzers.
//!
//! The modules hold documentation only; their code examples run as doc-tests.

#[doc = include_str!("../docs/attributes.md")]
pub mod attributes {}

#[doc = include_str!("../docs/types.md")]
pub mod types {}

#[doc = include_str!("../docs/serde-differences.md")]
pub mod serde_differences {}

#[doc = include_str!("../docs/serde-bridge.md")]
pub mod serde_bridge {}

#[doc = include_str!("../docs/offline.md")]
pub mod offline {}

#[doc = include_str!("../docs/schemas.md")]
pub mod schemas {}

#[doc = include_str!("../docs/streams.md")]
pub mod streams {}

#[doc = include_str!("../docs/conformance.md")]
pub mod conformance {}
