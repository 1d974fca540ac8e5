//! fastjson: JSON encode/decode of typed data, generated at compile time.
//!
//! This facade re-exports the runtime (`Encode`, `Decode`, `to_vec`, `from_slice`, ...) and the
//! derives: `FastJson` (both sides), and `Encode` or `Decode` alone, which share the traits'
//! names as serde's derives do. See the README for the quickstart and the attribute table.

#![warn(missing_docs)]

pub use fastjson_derive::{Decode, Encode, FastJson};

pub use fastjson_runtime::{Decode, DecodeKey, DecodeOwned, Encode, EncodeKey};

pub use fastjson_runtime::{
    encode_into, encode_into_pretty, encode_into_with, from_reader, from_slice, from_str,
    to_string, to_string_pretty, to_vec, to_vec_pretty, to_vec_with, to_writer, to_writer_pretty,
};

pub use fastjson_runtime::{Decoder, Error, Extractor, Lexer, Result, Writer};

pub use fastjson_runtime::{Compact, Format, HtmlSafe, Pretty};

/// Errors: what went wrong, where, and of which kind.
pub mod error {
    pub use fastjson_runtime::{Category, Error, Found, Result};
}

/// Reading a few values out of a large document by path, without decoding the rest.
pub mod extract {
    pub use fastjson_runtime::{extract, Extracted, Extractor};
}

/// The lexer and what a hand-written [`Decode`](trait@crate::Decode) impl uses with it.
pub mod lexer {
    pub use fastjson_runtime::{Key, Lexer, Mark, Number, Str, DEFAULT_MAX_DEPTH};
}

/// JSON Schemas of the types that derive or generate their impls.
pub mod schema {
    pub use fastjson_runtime::{with_ref_prefix, Schema, SchemaDocument, SCHEMA_DIALECT};
}

// What generated code names through `_fj::` (the derive's `use fastjson as _fj;`): these paths
// must stay, but they are not the API a user writes to.
#[doc(hidden)]
pub use fastjson_runtime::__private;
#[doc(hidden)]
pub use fastjson_runtime::{DecodeFields, EncodeFields, IsEmpty, Key, Mark, Schema};

// Benchmark diagnostics: the bench's report header names the string-scanning kernel in use.
#[doc(hidden)]
pub use fastjson_runtime::{active_kernel, Kernel};

/// The README's code blocks run as doc-tests, so the quickstart cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
