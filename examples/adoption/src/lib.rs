//! The model types of an API client crate, written after the documented JSON of four public
//! APIs: GitHub's webhook payloads, CloudEvents 1.0 envelopes, an LLM messages API and a
//! payments API. They use what real clients use (chrono, url, uuid, rust_decimal, semver, ID
//! newtypes with hand-written serde impls, serde-signature `with`/`deserialize_with` helpers,
//! flattened `Value` maps) and carry `FastJson` beside serde's derives: the adoption test
//! (`tests/adoption.rs`) checks that fastjson reads and writes every fixture exactly as
//! serde_json does, and counts (and lists) the `#[fastjson(...)]` attributes that had to be
//! added beyond the derive lists: one on each type whose serde impls are hand-written.

#![warn(missing_docs)]

pub mod cloudevents;
pub mod github;
pub mod helpers;
pub mod ids;
pub mod llm;
pub mod payments;
