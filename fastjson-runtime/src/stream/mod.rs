//! Streams of JSON values: many values in one input (JSON Lines, concatenated JSON) and the
//! elements of one top-level array, from a slice or from an `io::Read` through a bounded buffer;
//! and JSON Lines out.
//!
//! `slice.rs` and `reader.rs` are the value streams (serde_json's `StreamDeserializer`, plus
//! error recovery); `array.rs` the array element streams; `window.rs` the reader's buffer, `boundary.rs` where a value cut by its end ends;
//! `lines.rs` the writers. The rules all of them share are here.

mod array;
mod boundary;
mod lines;
mod reader;
mod slice;
mod window;

#[cfg(test)]
mod tests;

pub use array::{ReaderArrayStream, SliceArrayStream};
pub use lines::{encode_lines_into, to_writer_lines};
pub use reader::{ReaderStream, DEFAULT_MAX_VALUE_LEN};
pub use slice::SliceStream;

use crate::traits::{Decode, DecodeOwned};

/// The values of a stream of JSON values in `input`: whitespace-separated (JSON Lines and
/// concatenated JSON alike), as `serde_json::Deserializer::from_slice(input).into_iter()`.
///
/// A value may borrow from `input`. A number or literal must be followed by whitespace, a
/// bracket, a quote, `,` or `:` (`1 2` is two values, `12` one, `1[2]` two; `1x` is an error
/// and `truefalse` a `true`, an error, then a `false`, as serde_json reads them). After a
/// syntax or data error the iterator ends, unless [`SliceStream::skip_invalid`] is set.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let input = b"{\"id\": 1}\n{\"id\": 2} [3]";
/// let mut stream = fastjson::from_slice_iter::<serde_json::Value>(input);
/// assert_eq!(stream.next().unwrap()?["id"], 1);
/// assert_eq!(stream.byte_offset(), 9);
/// assert_eq!(stream.next().unwrap()?["id"], 2);
/// assert_eq!(stream.next().unwrap()?[0], 3);
/// assert!(stream.next().is_none());
/// assert_eq!(stream.byte_offset(), input.len());
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn from_slice_iter<'de, T: Decode<'de>>(input: &'de [u8]) -> SliceStream<'de, T> {
    SliceStream::new(input)
}

/// The values of a stream of JSON values read from `reader` (see [`from_slice_iter`] for what
/// separates them), as `serde_json::Deserializer::from_reader(reader).into_iter()`, but reading
/// in 256 KiB chunks into one reused buffer: never the whole input, and never more than
/// [`ReaderStream::max_value_len`] bytes (16 MiB by default) for one value.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let input: &[u8] = b"[1, 2]\n[3]\n";
/// let sums: Vec<u32> = fastjson::from_reader_iter::<_, Vec<u32>>(input)
///     .map(|v| v.map(|v| v.iter().sum()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(sums, [3, 3]);
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn from_reader_iter<R: std::io::Read, T: DecodeOwned>(reader: R) -> ReaderStream<R, T> {
    ReaderStream::new(reader)
}

/// The elements of the one JSON array that `input` holds, one at a time, each decoded as a `T`:
/// for a large array of records, without a `Vec` of all of them. A missing `[`, a bad
/// separator or anything but whitespace after the `]` is an error, after which the iterator
/// ends; an element's error names its index in its path.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let mut names = fastjson::from_slice_array_iter::<&str>(br#"["ada", "grace"]"#);
/// assert_eq!(names.next().unwrap()?, "ada");
/// assert_eq!(names.next().unwrap()?, "grace");
/// assert!(names.next().is_none());
///
/// let err = fastjson::from_slice_array_iter::<u8>(b"[1, 300]").nth(1).unwrap().unwrap_err();
/// assert_eq!(err.path(), "$[1]");
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn from_slice_array_iter<'de, T: Decode<'de>>(input: &'de [u8]) -> SliceArrayStream<'de, T> {
    SliceArrayStream::new(input)
}

/// The elements of the one JSON array read from `reader`, one at a time (see
/// [`from_slice_array_iter`]), through a bounded buffer as [`from_reader_iter`]'s: an element
/// longer than [`ReaderArrayStream::max_value_len`] is an error.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let input: &[u8] = b"[{\"n\": 1}, {\"n\": 2}]";
/// let mut total = 0;
/// for item in fastjson::from_reader_array_iter::<_, std::collections::BTreeMap<String, u32>>(input) {
///     total += item?["n"];
/// }
/// assert_eq!(total, 3);
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn from_reader_array_iter<R: std::io::Read, T: DecodeOwned>(
    reader: R,
) -> ReaderArrayStream<R, T> {
    ReaderArrayStream::new(reader)
}

/// True for a byte that may follow a number or literal in a stream: serde_json's
/// `peek_end_of_value` set (whitespace, brackets, a quote, `,` and `:`).
fn ends_scalar(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':'
    )
}

/// True for the first byte of a value that shows its own end (`[`, `{`, `"`): no separator
/// needs to follow it.
fn self_delimited(b: u8) -> bool {
    matches!(b, b'[' | b'{' | b'"')
}

/// The first non-whitespace position at or after `pos`, or `input.len()`.
fn skip_whitespace(input: &[u8], pos: usize) -> usize {
    input[pos.min(input.len())..]
        .iter()
        .position(|b| !matches!(b, b' ' | b'\n' | b'\t' | b'\r'))
        .map_or(input.len(), |i| pos + i)
}

/// The position after the first `\n` at or after `pos`: where a JSON Lines reader resumes after
/// a syntax error.
fn after_newline(input: &[u8], pos: usize) -> Option<usize> {
    input[pos.min(input.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| pos + i + 1)
}
