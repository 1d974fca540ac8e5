//! # fastjson
//!
//! JSON encode/decode of typed Rust data, with code generated for each type at compile time.
//!
//! Add `#[derive(FastJson)]` to your types: fastjson reads their `#[serde(...)]` attributes with
//! serde's meaning and writes exactly the bytes serde_json writes, through a generated encoder
//! and decoder per type on top of a small runtime (a lexer over `&[u8]`, a writer into
//! `Vec<u8>`). If you know serde_json, you know fastjson: [`to_vec`], [`to_string`],
//! [`to_writer`], [`from_slice`], [`from_str`], [`from_reader`] and [`Error`] mean what they mean
//! there.
//!
//! - [The derive](#the-derive)
//! - [Encoding](#encoding)
//! - [Decoding](#decoding)
//! - [Attributes](#attributes)
//! - [Errors](#errors)
//! - [Field extraction](#field-extraction)
//! - [Untyped values](#untyped-values)
//! - [Offline generation](#offline-generation)
//! - [Schemas](#schemas)
//! - [Features](#features)
//! - [The reference manual](#the-reference-manual)
//!
//! # The derive
//!
//! `#[derive(FastJson)]` implements [`Encode`] and [`Decode`] (and a JSON Schema). To implement
//! one side only, derive `Encode` or `Decode`: the derives share the traits' names, as serde's
//! `Serialize` and `Deserialize` do, and one `use` imports both.
//!
//! ```
//! use fastjson::FastJson;
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! #[serde(rename_all = "camelCase")]
//! struct User {
//!     user_id: u64,
//!     display_name: String,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     email: Option<String>,
//!     tags: Vec<String>,
//! }
//!
//! let user = User {
//!     user_id: 7,
//!     display_name: "Ada".into(),
//!     email: None,
//!     tags: vec!["admin".into()],
//! };
//! let json = fastjson::to_string(&user);
//! assert_eq!(json, r#"{"userId":7,"displayName":"Ada","tags":["admin"]}"#);
//! assert_eq!(fastjson::from_str::<User>(&json)?, user);
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! ```
//! use fastjson::{Decode, Encode};
//!
//! // A request is only ever read, a response only ever written.
//! #[derive(Decode)]
//! struct Request<'a> {
//!     query: &'a str,
//! }
//!
//! #[derive(Encode)]
//! struct Response {
//!     hits: u32,
//! }
//!
//! let request: Request = fastjson::from_str(r#"{"query":"rust"}"#)?;
//! assert_eq!(request.query, "rust");
//! assert_eq!(fastjson::to_string(&Response { hits: 3 }), r#"{"hits":3}"#);
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! The std types serde supports have impls, in serde_json's wire format (the list, and which
//! types can be map keys: [`guide::types`]). A type of another crate without an impl is
//! written `with` a module of your functions, or mirrored with `remote`; a type of your own can
//! also implement [`Encode`] and [`Decode`] by hand, writing to a [`Writer`] and reading from a
//! [`Lexer`] (an example in [`guide::types`]).
//!
//! # Encoding
//!
//! Encoding typed data cannot fail, so the functions that encode into memory return the output
//! itself, not a `Result`.
//!
//! ```
//! use fastjson::FastJson;
//!
//! #[derive(FastJson)]
//! struct Point {
//!     x: i32,
//!     y: i32,
//! }
//!
//! let p = Point { x: 1, y: -2 };
//!
//! // Compact JSON, as serde_json::to_vec and to_string write it.
//! let bytes: Vec<u8> = fastjson::to_vec(&p);
//! let text: String = fastjson::to_string(&p);
//! assert_eq!(text, r#"{"x":1,"y":-2}"#);
//! assert_eq!(bytes, text.as_bytes());
//!
//! // Into a buffer you keep: it is appended to, and nothing is allocated once it has room.
//! let mut buf = Vec::with_capacity(1024);
//! for _ in 0..3 {
//!     buf.clear();
//!     fastjson::encode_into(&p, &mut buf);
//!     assert_eq!(buf, br#"{"x":1,"y":-2}"#);
//! }
//!
//! // Into any io::Write.
//! let mut out = Vec::new();
//! fastjson::to_writer(&mut out, &p).expect("writing to a Vec cannot fail");
//!
//! // serde_json's pretty layout, byte for byte.
//! assert_eq!(fastjson::to_string_pretty(&p), "{\n  \"x\": 1,\n  \"y\": -2\n}");
//! ```
//!
//! [`to_vec_pretty`], [`to_writer_pretty`] and [`encode_into_pretty`] are the pretty forms of the
//! others. [`to_vec_with`] and [`encode_into_with`] take a [`Format`]: [`Compact`], [`Pretty`],
//! or [`HtmlSafe`] around either, which also escapes `<`, `>`, `&`, U+2028 and U+2029 so the
//! output can be placed in an HTML `<script>`.
//!
//! ```
//! use fastjson::{Compact, HtmlSafe};
//!
//! let json = fastjson::to_vec_with(&"</script>", HtmlSafe(Compact));
//! assert_eq!(json, br#""\u003c/script\u003e""#);
//! ```
//!
//! # Decoding
//!
//! [`from_slice`] and [`from_str`] decode a whole document: only whitespace may follow the value.
//! A `&str` field borrows from the input (as with serde, a string containing escapes cannot be
//! borrowed: use `String`, or `Cow<str>` with `#[serde(borrow)]`, which borrows when it can).
//!
//! ```
//! use fastjson::FastJson;
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! struct Tweet<'a> {
//!     id: u64,
//!     text: &'a str,
//!     retweets: Option<u32>,
//! }
//!
//! let input = br#"{"id": 1, "text": "hello"}"#;
//! let tweet: Tweet = fastjson::from_slice(input)?;
//! assert_eq!(tweet, Tweet { id: 1, text: "hello", retweets: None });
//!
//! // An owned value from any io::Read.
//! let ids: Vec<u64> = fastjson::from_reader(&b"[1, 2, 3]"[..])?;
//! assert_eq!(ids, [1, 2, 3]);
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! A loop decoding many documents can keep a [`Decoder`]: it reuses its scratch buffer (for
//! strings with escapes) from one document to the next, and sets the nesting limit (128 by
//! default, as serde_json's). A server decodes on many threads through a [`DecodePool`] (each
//! thread's buffer reused, with a cap on what stays); with the `axum` feature,
//! `fastjson::axum::Json` is axum's `Json` extractor and response on fastjson, decoding
//! through the pool, and `fastjson::axum::JsonLines` is axum-extra's JSON Lines stream.
//!
//! ```
//! use fastjson::{Decoder, FastJson};
//!
//! #[derive(FastJson)]
//! struct Order {
//!     sku: String,
//!     quantity: u32,
//! }
//!
//! let mut decoder = Decoder::new().with_max_depth(32);
//! for body in [&br#"{"sku":"a\u00e9","quantity":2}"#[..], br#"{"sku":"b","quantity":1}"#] {
//!     let order: Order = decoder.decode(body)?;
//!     assert!(order.quantity > 0 && !order.sku.is_empty());
//! }
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! # Attributes
//!
//! Every `#[serde(...)]` attribute is read with serde's meaning; `#[fastjson(...)]` holds
//! fastjson's own options and wins where both set the same one. An unknown or misplaced
//! attribute is a compile error, never ignored. `#[serde(with = "module")]` names serde's
//! functions, called through the serde bridge, so existing `with` modules work unchanged;
//! `#[fastjson(with = "module")]` names fastjson's faster ones. A field whose type has serde
//! impls and no fastjson ones takes `#[fastjson(serde)]` (or its container
//! `#[fastjson(serde_fallback)]`): [`guide::attributes`].
//!
//! ```
//! use fastjson::FastJson;
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! #[serde(tag = "type", rename_all = "snake_case")]
//! enum Event {
//!     Click { x: i32, y: i32 },
//!     KeyPress {
//!         #[serde(rename = "key")]
//!         code: char,
//!     },
//! }
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! struct Envelope {
//!     id: u64,
//!     #[serde(flatten)]
//!     event: Event,
//!     #[serde(default, alias = "meta")]
//!     tags: Vec<String>,
//!     // Not written when empty (fastjson's own option); `default` reads it back when absent.
//!     #[fastjson(omitempty)]
//!     #[serde(default)]
//!     note: String,
//! }
//!
//! let json = r#"{"id":1,"type":"key_press","key":"q","meta":["x"]}"#;
//! let envelope: Envelope = fastjson::from_str(json)?;
//! assert_eq!(envelope.event, Event::KeyPress { code: 'q' });
//! assert_eq!(
//!     fastjson::to_string(&envelope),
//!     r#"{"id":1,"type":"key_press","key":"q","tags":["x"]}"#
//! );
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! Every attribute, serde's and fastjson's, at container, variant and field level, with the
//! rules of `flatten`, `remote`, `with` and the conversions: [`guide::attributes`].
//!
//! # Errors
//!
//! A decode error says what went wrong, where in the value (a JSON path, written as
//! [`Extractor`] reads paths) and where in the text. [`Error::line`], [`Error::column`] and
//! [`Error::path`] give the parts ([`Error::offset`] the byte), and [`Error::classify`] the
//! class, as in serde_json ([`error::Category`]): `Syntax` (not JSON), `Data` (JSON, but not the
//! type's), `Eof` (the input ended inside a value) or `Io`, also asked with
//! [`is_syntax()`](Error::is_syntax), [`is_data()`](Error::is_data),
//! [`is_eof()`](Error::is_eof) and [`is_io()`](Error::is_io).
//!
//! ```
//! use fastjson::FastJson;
//!
//! #[derive(FastJson, Debug)]
//! struct User {
//!     id: u64,
//! }
//!
//! #[derive(FastJson, Debug)]
//! struct Page {
//!     users: Vec<User>,
//! }
//!
//! let input = "{\"users\": [\n  {\"id\": 1},\n  {\"id\": \"2\"}\n]}";
//! let err = fastjson::from_str::<Page>(input).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "expected u64, found string at $.users[1].id (line 3, column 10)"
//! );
//! assert_eq!((err.line(), err.column()), (3, 10));
//! assert_eq!(err.path(), "$.users[1].id");
//! assert!(err.is_data());
//!
//! let err = fastjson::from_str::<Page>(r#"{"users": [{"id": 1}"#).unwrap_err();
//! assert!(err.is_eof());
//! ```
//!
//! # Field extraction
//!
//! To read a few values out of a large document, an [`Extractor`] compiles the paths once and
//! finds them all in one pass: the objects and arrays on the way are walked, everything else is
//! skipped (and validated) instead of decoded.
//!
//! ```
//! use fastjson::Extractor;
//!
//! let doc = br#"{"statuses":[{"id":1,"user":{"id":7,"name":"ann"}}],"count":1}"#;
//! let paths = Extractor::new(["$.count", "$.statuses[0].user.name", "$.next"])?;
//! let found = paths.extract(doc)?;
//! assert_eq!(found.get::<u32>(0)?, Some(1));
//! assert_eq!(found.get::<&str>(1)?, Some("ann"));
//! assert_eq!(found.raw(1), Some(r#""ann""#));
//! assert_eq!(found.get::<u64>(2)?, None);
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! A path is written as errors print it: `$`, then `.name`, `["any key"]` and `[3]` steps.
//! `stop_when_found(true)` stops reading once every path is found (the rest of the document is
//! then not validated), and [`extract::extract`] reads one path without building an
//! `Extractor` first.
//!
//! # Untyped values
//!
//! fastjson is for typed data; for JSON of no known shape it reads and writes serde_json's own
//! `Value` and `Map` (feature `serde_json`, on by default), also as a field of a derived type, so
//! a loosely typed part of a document needs no second library.
//!
//! ```
//! use fastjson::FastJson;
//! use serde_json::Value;
//!
//! #[derive(FastJson)]
//! struct Hook {
//!     event: String,
//!     payload: Value,
//! }
//!
//! let hook: Hook = fastjson::from_str(r#"{"event":"push","payload":{"n":[1,2],"ref":"main"}}"#)?;
//! assert_eq!(hook.payload["n"][1], 2);
//! assert_eq!(fastjson::to_string(&hook.payload), r#"{"n":[1,2],"ref":"main"}"#);
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! A part to keep as it is, to forward, store or decode later, is a [`RawValue`]: its text,
//! validated and borrowed from the input (`&RawValue`) or owned (`Box<RawValue>`), written back
//! byte for byte, as serde_json's `RawValue` (and [`to_raw_value`] makes one from any value).
//!
//! ```
//! use fastjson::{FastJson, RawValue};
//!
//! #[derive(FastJson)]
//! struct Envelope<'a> {
//!     kind: &'a str,
//!     payload: &'a RawValue,
//! }
//!
//! #[derive(FastJson, Debug, PartialEq)]
//! struct Order {
//!     sku: String,
//!     quantity: u32,
//! }
//!
//! let input = r#"{"kind":"order","payload": {"sku":"a1", "quantity":2} }"#;
//! let envelope: Envelope = fastjson::from_str(input)?;
//! assert_eq!(envelope.payload.get(), r#"{"sku":"a1", "quantity":2}"#);
//! if envelope.kind == "order" {
//!     let order: Order = envelope.payload.decode()?;
//!     assert_eq!(order, Order { sku: "a1".into(), quantity: 2 });
//! }
//! assert_eq!(
//!     fastjson::to_string(&envelope),
//!     r#"{"kind":"order","payload":{"sku":"a1", "quantity":2}}"#
//! );
//! # Ok::<(), fastjson::Error>(())
//! ```
//!
//! # Offline generation
//!
//! The impls can also be generated ahead of time into a file you commit (as Go's easyjson
//! does), so the crate that uses them builds without proc-macros, and `cargo xtask
//! check-codegen` fails in CI when a type changed without its file: [`guide::offline`].
//!
//! # Schemas
//!
//! Every type that derives `FastJson` or `Encode` also implements [`schema::Schema`]: a
//! JSON Schema (draft 2020-12) of what it writes, built from the same model as the encoder, and
//! `SchemaDocument` bundles several into one document or into OpenAPI components:
//! [`guide::schemas`].
//!
//! # Features
//!
//! - `serde_json` (default): `Encode` and `Decode` for `serde_json::Value` and `serde_json::Map`.
//! - `serde` (default): the serde bridge ([`serde`](mod@crate::serde)): `#[serde(with = "..")]`
//!   naming serde's functions, `#[fastjson(serde)]` fields and types,
//!   `#[fastjson(serde_fallback)]` containers, and whole values of any serde type.
//! - `axum`: `fastjson::axum::Json`, a drop-in for axum 0.8's `Json` extractor and
//!   response: axum's statuses and rejection texts, decoding through a [`DecodePool`]; and
//!   `fastjson::axum::JsonLines`, axum-extra's JSON Lines extractor (a stream, in bounded
//!   memory) and streaming response.
//! - One feature per ecosystem crate, named after it (`chrono`, `time`, `uuid`, `url`, `semver`,
//!   `rust_decimal`, `indexmap`, `ordered-float`, `bytes`, `smallvec`, `smol_str`,
//!   `compact_str`): its types as that crate's serde impls write and read them
//!   ([`guide::types`]).
//!
//! # The reference manual
//!
//! [`guide`] holds the reference pages:
//!
//! - [`guide::attributes`]: every attribute, and the decoding and `flatten` rules;
//! - [`guide::types`]: the std types, their wire format, and map keys;
//! - [`guide::serde_differences`]: every known difference from serde and serde_json, and why;
//! - [`guide::serde_bridge`]: serde types through fastjson, what the bridge writes and accepts;
//! - [`guide::offline`]: offline generation and check-codegen in CI;
//! - [`guide::schemas`]: JSON Schema and OpenAPI;
//! - [`guide::streams`]: streams of values (JSON Lines), bounded readers, recovery, arrays;
//! - [`guide::conformance`]: what is accepted, the guarantees and the tests that prove them.

#![warn(missing_docs)]

pub use fastjson_derive::{Decode, Encode, FastJson};

pub use fastjson_runtime::{Decode, DecodeKey, DecodeOwned, Encode, EncodeKey};

pub use fastjson_runtime::{
    encode_into, encode_into_pretty, encode_into_with, from_reader, from_slice, from_str,
    to_string, to_string_pretty, to_vec, to_vec_pretty, to_vec_with, to_writer, to_writer_pretty,
};

pub use fastjson_runtime::{
    encode_lines_into, from_reader_array_iter, from_reader_iter, from_slice_array_iter,
    from_slice_iter, to_writer_lines,
};

pub use fastjson_runtime::{
    to_raw_value, DecodePool, Decoder, Error, Extractor, Lexer, RawValue, Result, Writer,
};

pub use fastjson_runtime::{Compact, Format, HtmlSafe, Pretty};

/// Streams of values: the iterators [`from_slice_iter`], [`from_reader_iter`],
/// [`from_slice_array_iter`] and [`from_reader_array_iter`] return, and the reader streams'
/// default cap on one value.
pub mod stream {
    pub use fastjson_runtime::{
        ReaderArrayStream, ReaderStream, SliceArrayStream, SliceStream, DEFAULT_MAX_VALUE_LEN,
    };
}

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

/// Whole values through serde's traits, on fastjson's lexer and writer (feature `serde`, on by
/// default): serde_json's functions for any `Serialize`/`Deserialize` type, with serde_json's
/// bytes and acceptance. The same bridge carries `#[serde(with = "module")]` functions,
/// `#[fastjson(serde)]` fields and types and `#[fastjson(serde_fallback)]` containers inside
/// derived types ([`guide::attributes`]).
///
/// A derived type's own path (`fastjson::to_vec`) is the fast one; this module is for types
/// that only have serde impls.
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let json = fastjson::serde::to_vec(&Point { x: 1, y: -2 })?;
/// assert_eq!(json, br#"{"x":1,"y":-2}"#);
/// let back: Point = fastjson::serde::from_slice(&json)?;
/// assert_eq!(back, Point { x: 1, y: -2 });
/// # Ok::<(), fastjson::Error>(())
/// ```
#[cfg(feature = "serde")]
pub mod serde {
    pub use fastjson_runtime::bridge::{
        from_reader, from_slice, from_str, to_string, to_string_pretty, to_vec, to_vec_pretty,
        to_writer, to_writer_pretty, Deserializer, Serializer,
    };
}

#[cfg(feature = "axum")]
pub mod axum;

// What generated code names through `_fj::` (the derive's `use fastjson as _fj;`): these paths
// must stay, but they are not the API a user writes to.
#[doc(hidden)]
pub use fastjson_runtime::__private;
#[doc(hidden)]
pub use fastjson_runtime::{DecodeFields, EncodeFields, IsEmpty, Key, Mark, Schema};

// Benchmark diagnostics: the bench's report header names the string-scanning kernel in use.
#[doc(hidden)]
pub use fastjson_runtime::{active_kernel, Kernel};

pub mod guide;

/// The README's code blocks run as doc-tests, so the quickstart cannot rot. Its axum example
/// needs the `axum` feature, which `cargo test --workspace` has (the service example turns it on).
#[doc = include_str!("../README.md")]
#[cfg(all(doctest, feature = "axum"))]
pub struct ReadmeDoctests;
