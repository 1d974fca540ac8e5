//! The serde bridge (feature `serde`): serde's `Serializer` writing through fastjson's
//! [`Writer`](crate::Writer) and serde's `Deserializer` reading from its
//! [`Lexer`](crate::Lexer), so that any type with serde impls encodes with serde_json's exact
//! bytes and decodes what serde_json accepts, inside a derived type or as a whole value.
//!
//! Generated code reaches it for `#[serde(with = "module")]`, `serialize_with` and
//! `deserialize_with` naming serde-signature functions, for `#[fastjson(serde)]` fields and types
//! and for `#[fastjson(serde_fallback)]` containers (through `__private`'s re-exports).

mod de;
mod de_access;
mod de_ignore;
mod de_key;
mod de_raw;
mod decode;
mod encode;
mod probe;
mod ser;

pub use de::Deserializer;
pub use decode::{from_reader, from_slice, from_str};

pub use encode::{
    encode, encode_key, encode_with, to_string, to_string_pretty, to_vec, to_vec_pretty, to_writer,
    to_writer_pretty,
};
pub use ser::{Compound, Serializer};

/// What generated code calls, as `_fj::__private::bridge::*`.
#[doc(hidden)]
pub mod generated {
    pub use super::de::Deserializer;
    pub use super::decode::{decode, decode_key, decode_missing_field, decode_with};
    pub use super::encode::{encode, encode_key, encode_with};
    pub use super::probe::{DecodeProbe, DecodeProbeSerde, EncodeProbe, EncodeProbeSerde, Probe};
    pub use super::ser::Serializer;
    // The bounds of `#[fastjson(serde)]` fields and types.
    pub use serde::{Deserialize, Serialize};
}
