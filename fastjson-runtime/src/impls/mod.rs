//! `Encode`/`Decode` (and `IsEmpty`, flatten) impls for std types, one file per family.

mod empty;
mod map;
mod pointer;
mod scalar;
mod seq;
mod staged_vec;
mod text;
mod tuple;
#[cfg(feature = "serde_json")]
mod value;

pub use map::{DecodeKey, EncodeKey};
pub(crate) use seq::encode_seq;
