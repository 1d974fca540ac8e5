//! `Encode`/`Decode` (and `IsEmpty`, flatten) impls for std types, one file per family.

#[cfg(feature = "bytes")]
mod bytes;
mod cells;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "compact_str")]
mod compact_str;
mod empty;
mod ffi;
#[cfg(feature = "indexmap")]
mod indexmap;
mod map;
mod net;
#[cfg(feature = "ordered-float")]
mod ordered_float;
mod path;
mod pointer;
mod range;
#[cfg(feature = "rust_decimal")]
mod rust_decimal;
mod scalar;
#[cfg(feature = "semver")]
mod semver;
mod seq;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "smol_str")]
mod smol_str;
mod staged_vec;
mod std_enums;
mod std_struct;
mod text;
mod time;
#[cfg(feature = "time")]
mod time_crate;
mod tuple;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;
#[cfg(feature = "serde_json")]
mod value;
mod wrappers;

pub use map::{DecodeKey, EncodeKey};
pub(crate) use seq::encode_seq;
