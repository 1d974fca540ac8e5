//! `SliceStream`: the values of a whitespace-separated stream in a byte slice.

use std::marker::PhantomData;

use super::{after_newline, ends_scalar, self_delimited, skip_whitespace};
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::Lexer;
use crate::traits::Decode;

/// Iterator over the JSON values in a slice; made by [`from_slice_iter`](crate::from_slice_iter).
pub struct SliceStream<'de, T> {
    input: &'de [u8],
    /// Where the next value (or the whitespace before it) starts.
    pos: usize,
    /// What [`SliceStream::byte_offset`] reports.
    offset: usize,
    /// Set by an error the stream does not recover from: the iterator then ends.
    done: bool,
    skip_invalid: bool,
    /// The lexer's buffer for unescaped strings, kept from value to value.
    scratch: Vec<u8>,
    output: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> SliceStream<'de, T> {
    pub(crate) fn new(input: &'de [u8]) -> Self {
        SliceStream {
            input,
            pos: 0,
            offset: 0,
            done: false,
            skip_invalid: false,
            scratch: Vec::new(),
            output: PhantomData,
        }
    }

    /// The number of bytes read so far, as serde_json's `StreamDeserializer::byte_offset`: after
    /// a value, the end of it; after an error, the start of the value that failed; once the
    /// iterator has returned `None` at the end of the input, the input's length.
    ///
    /// After an EOF error, `input[byte_offset()..]` joined with more data can be read again.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let mut stream = fastjson::from_slice_iter::<Vec<u8>>(b"[0] [1] [");
    /// assert_eq!(stream.byte_offset(), 0);
    /// stream.next();
    /// assert_eq!(stream.byte_offset(), 3);
    /// stream.next();
    /// assert_eq!(stream.byte_offset(), 7);
    /// assert!(stream.next().unwrap().unwrap_err().is_eof());
    /// assert_eq!(stream.byte_offset(), 8);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// Keeps going after an error in one value, which serde_json's stream cannot: the error is
    /// returned, then the stream continues with the next value. After a *data* error (valid
    /// JSON that does not fit `T`) it continues after that value, skipped by the validating
    /// skipper; after a *syntax* error, after the next newline, which in JSON Lines is the next
    /// record. End of input and I/O errors still end the stream. Errors carry the line and
    /// column in the whole input, so a log line can name the record.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let lines = b"{\"n\": 1}\n{\"n\": \"two\"}\n{\"n\": 3,,}\n{\"n\": 4}\n";
    /// let mut ok = Vec::new();
    /// let mut bad_lines = Vec::new();
    /// for record in fastjson::from_slice_iter::<std::collections::BTreeMap<String, u32>>(lines)
    ///     .skip_invalid()
    /// {
    ///     match record {
    ///         Ok(map) => ok.push(map["n"]),
    ///         Err(err) => bad_lines.push(err.line()),
    ///     }
    /// }
    /// assert_eq!(ok, [1, 4]);
    /// assert_eq!(bad_lines, [2, 3]);
    /// ```
    #[must_use]
    pub fn skip_invalid(mut self) -> Self {
        self.skip_invalid = true;
        self
    }

    /// Where to go on after `err` in the value at `start`, or the end of the stream.
    #[cold]
    fn after_error(&mut self, err: &Error, start: usize) {
        if !self.skip_invalid || !(err.is_data() || err.is_syntax()) {
            self.done = true;
            return;
        }
        let resume_from = if err.is_data() {
            let mut lex = Lexer::with_scratch(self.input, std::mem::take(&mut self.scratch));
            lex.seek(start);
            let skipped = lex.skip_value();
            let end = lex.position();
            self.scratch = lex.into_scratch();
            match skipped {
                Ok(()) => {
                    self.pos = end;
                    return;
                }
                Err(e) if e.is_syntax() => e.offset(),
                Err(_) => {
                    self.done = true;
                    return;
                }
            }
        } else {
            err.offset()
        };
        // Past the newline after the fault, and always past the value's first byte, so the
        // stream moves on whatever the error's offset says.
        self.pos = after_newline(self.input, resume_from)
            .unwrap_or(self.input.len())
            .max(start + 1);
    }
}

impl<'de, T: Decode<'de>> Iterator for SliceStream<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let start = skip_whitespace(self.input, self.pos);
        self.offset = start;
        let Some(&first) = self.input.get(start) else {
            self.pos = start;
            return None;
        };
        let mut lex = Lexer::with_scratch(self.input, std::mem::take(&mut self.scratch));
        lex.seek(start);
        let decoded = T::decode(&mut lex);
        let end = lex.position();
        self.scratch = lex.into_scratch();
        match decoded {
            Ok(value) => {
                self.pos = end;
                self.offset = end;
                // A number or literal must not run into the next value (`1x`); serde_json
                // reports it and goes on from the byte after the value, and so do we.
                match self.input.get(end) {
                    Some(&b) if !self_delimited(first) && !ends_scalar(b) => Some(Err(
                        Error::at_offset(ErrorCode::TrailingCharacters, self.input, end),
                    )),
                    _ => Some(Ok(value)),
                }
            }
            Err(err) => {
                self.after_error(&err, start);
                Some(Err(err))
            }
        }
    }
}

impl<'de, T: Decode<'de>> std::iter::FusedIterator for SliceStream<'de, T> {}
