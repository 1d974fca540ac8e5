//! JSON Lines out: each value compact, then `\n`.

use std::io;

use crate::api::encode_into;
use crate::traits::Encode;

/// Appends each value of `values` to `out` as compact JSON followed by `\n` (JSON Lines, which
/// [`from_slice_iter`](crate::from_slice_iter) reads back). The buffer comes first, as the
/// writer does in [`to_writer_lines`].
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let mut out = Vec::new();
/// fastjson::encode_lines_into(&mut out, &[vec![1, 2], vec![3]]);
/// assert_eq!(out, b"[1,2]\n[3]\n");
/// ```
pub fn encode_lines_into<I>(out: &mut Vec<u8>, values: I)
where
    I: IntoIterator,
    I::Item: Encode,
{
    for value in values {
        encode_into(&value, out);
        out.push(b'\n');
    }
}

/// The buffer [`to_writer_lines`] writes out once it holds this much: large writes, bounded
/// memory.
const FLUSH_AT: usize = 64 * 1024;

/// Writes each value of `values` to `writer` as compact JSON followed by `\n` (JSON Lines),
/// through one reused buffer written out every 64 KiB (and at the end): neither one write per
/// value nor the whole output in memory.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let mut file = Vec::new();
/// fastjson::to_writer_lines(&mut file, ["a", "b\n"])?;
/// assert_eq!(file, b"\"a\"\n\"b\\n\"\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer_lines<W, I>(mut writer: W, values: I) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    let mut buf = Vec::with_capacity(FLUSH_AT + FLUSH_AT / 4);
    for value in values {
        encode_into(&value, &mut buf);
        buf.push(b'\n');
        if buf.len() >= FLUSH_AT {
            writer.write_all(&buf)?;
            buf.clear();
        }
    }
    writer.write_all(&buf)
}
