//! fastjson's runtime: the lexer, the writer, the `Encode`/`Decode` traits, std impls and the
//! top-level functions. Generated code (from `#[derive(FastJson)]` or the offline generator)
//! calls only what this crate exports.

#![warn(missing_docs)]

mod api;
#[cfg(feature = "serde")]
pub mod bridge;
mod error;
mod escape;
mod extract;
mod flatten;
mod impls;
mod key_order;
mod lexer;
mod pool;
mod pow10;
mod raw_value;
mod schema;
mod shortest;
mod simd;
mod stream;
mod swar;
#[cfg(test)]
mod test_rng;
mod traits;
mod writer;

#[doc(hidden)]
pub mod __private;

pub use api::{
    encode_into, encode_into_pretty, encode_into_with, from_reader, from_slice, from_str,
    to_string, to_string_pretty, to_vec, to_vec_pretty, to_vec_with, to_writer, to_writer_pretty,
    Decoder,
};
pub use error::{Category, Error, Found, Result};
pub use pool::DecodePool;
pub use raw_value::{to_raw_value, RawValue};
// The schema writer's key quoting; generated code embeds keys it quoted itself at expansion time.
pub(crate) use escape::quoted;
pub use extract::{extract, Extracted, Extractor};
pub use impls::{DecodeKey, EncodeKey};
pub use lexer::{Key, Lexer, Mark, Number, Str, DEFAULT_MAX_DEPTH};
pub use schema::{with_ref_prefix, Schema, SchemaDocument, SCHEMA_DIALECT};
// The `$defs` suffix of a type's flattened schema (the offline generator keeps the same
// constant): a detail of the schema's layout, not part of the facade's API.
#[doc(hidden)]
pub use schema::FLATTENED_SUFFIX;
// Benchmark diagnostics (which string-scanning kernel this CPU runs, named in the bench's report
// header): not part of the facade's API.
#[doc(hidden)]
pub use simd::{active_kernel, Kernel};
pub use stream::{
    encode_lines_into, from_reader_array_iter, from_reader_iter, from_slice_array_iter,
    from_slice_iter, to_writer_lines, ReaderArrayStream, ReaderStream, SliceArrayStream,
    SliceStream, DEFAULT_MAX_VALUE_LEN,
};
pub use traits::{Decode, DecodeOwned, Encode};
// What generated code implements and calls for structs (flattening, `skip_serializing_if`):
// hidden, since no hand-written impl needs them.
#[doc(hidden)]
pub use traits::{DecodeFields, EncodeFields, IsEmpty};
pub use writer::{Compact, Format, HtmlSafe, Pretty, Writer};
