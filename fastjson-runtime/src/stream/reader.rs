//! `ReaderStream`: the values of a whitespace-separated stream read from an `io::Read`.

use std::io::Read;
use std::marker::PhantomData;

use super::window::Window;
use super::{ends_scalar, self_delimited};
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::DEFAULT_MAX_DEPTH;
use crate::traits::DecodeOwned;

/// The default cap on one value of a reader stream: 16 MiB. A stream's buffer holds one value
/// (and up to a read's worth after it), so this bounds its memory; raise it with
/// [`ReaderStream::max_value_len`] for larger records.
pub const DEFAULT_MAX_VALUE_LEN: usize = 16 << 20;

/// Iterator over the JSON values read from an `io::Read`; made by
/// [`from_reader_iter`](crate::from_reader_iter). Values are whitespace-separated, as in
/// [`from_slice_iter`](crate::from_slice_iter), whose rules it follows value for value.
pub struct ReaderStream<R, T> {
    window: Window<R>,
    /// Buffer position where the next value (or the whitespace before it) starts.
    pos: usize,
    /// What [`ReaderStream::byte_offset`] reports (a stream offset).
    offset: usize,
    done: bool,
    skip_invalid: bool,
    scratch: Vec<u8>,
    output: PhantomData<fn() -> T>,
}

impl<R: Read, T: DecodeOwned> ReaderStream<R, T> {
    pub(crate) fn new(reader: R) -> Self {
        ReaderStream {
            window: Window::new(reader, DEFAULT_MAX_VALUE_LEN),
            pos: 0,
            offset: 0,
            done: false,
            skip_invalid: false,
            scratch: Vec::new(),
            output: PhantomData,
        }
    }

    /// Caps one value at `bytes` bytes (default [`DEFAULT_MAX_VALUE_LEN`]): a longer value is
    /// a syntax error ("value longer than the limit"), so a stream of unbounded input holds at
    /// most about twice the cap plus 256 KiB, whatever it is sent.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let big = format!("[{}1]", "1,".repeat(1000));
    /// let mut stream = fastjson::from_reader_iter::<_, Vec<u8>>(big.as_bytes()).max_value_len(100);
    /// let err = stream.next().unwrap().unwrap_err();
    /// assert_eq!(err.message(), "value longer than the limit of 100 bytes");
    /// ```
    #[must_use]
    pub fn max_value_len(mut self, bytes: usize) -> Self {
        self.window.max_value_len = bytes;
        self
    }

    /// As [`SliceStream::skip_invalid`](crate::SliceStream::skip_invalid): after an error in
    /// one value, go on with the next (after a data error, past the value; after a syntax
    /// error, past the next newline). A value over the length cap is a syntax error, so in
    /// JSON Lines an overlong record is skipped in bounded memory too.
    #[must_use]
    pub fn skip_invalid(mut self) -> Self {
        self.skip_invalid = true;
        self
    }

    /// The number of bytes of the stream read into values so far, as
    /// [`SliceStream::byte_offset`](crate::SliceStream::byte_offset) counts them.
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// The capacity of the stream's buffer (tests of its bound).
    #[cfg(test)]
    pub(super) fn buffer_capacity(&self) -> usize {
        self.window.capacity()
    }

    /// Where to go on after `err` in the value at buffer position `start`, or the end.
    #[cold]
    fn after_error(&mut self, err: &Error, start: usize) -> Result<()> {
        if !self.skip_invalid || !(err.is_data() || err.is_syntax()) {
            self.done = true;
            return Ok(());
        }
        let mut start = start;
        let fault = if err.is_data() {
            let skipped = self.window.attempt(
                &mut start,
                false,
                true,
                DEFAULT_MAX_DEPTH,
                &mut self.scratch,
                |lex| lex.skip_value(),
            );
            match skipped {
                Ok(((), end)) => {
                    self.pos = end;
                    return Ok(());
                }
                Err(e) if e.is_syntax() => self.window.buffer_pos(e.offset()),
                Err(e) => {
                    self.done = true;
                    return if e.is_eof() { Ok(()) } else { Err(e) };
                }
            }
        } else {
            self.window.buffer_pos(err.offset())
        };
        // Past the newline after the fault; at least past the value's first byte, so the
        // stream moves on whatever the error's offset says.
        self.pos = self.window.after_newline(fault.max(start))?;
        Ok(())
    }
}

impl<R: Read, T: DecodeOwned> Iterator for ReaderStream<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let first = match self.window.skip_whitespace(&mut self.pos) {
            Ok(Some(b)) => b,
            Ok(None) => {
                self.offset = self.window.stream_offset(self.pos);
                return None;
            }
            Err(err) => {
                self.done = true;
                return Some(Err(err));
            }
        };
        let mut start = self.pos;
        self.offset = self.window.stream_offset(start);
        let decoded = self.window.attempt(
            &mut start,
            !self_delimited(first),
            true,
            DEFAULT_MAX_DEPTH,
            &mut self.scratch,
            |lex| T::decode(lex),
        );
        self.pos = start;
        match decoded {
            Ok((value, end)) => {
                self.pos = end;
                self.offset = self.window.stream_offset(end);
                match self.window.data().get(end) {
                    Some(&b) if !self_delimited(first) && !ends_scalar(b) => Some(Err(self
                        .window
                        .error_at(ErrorCode::TrailingCharacters, end))),
                    _ => Some(Ok(value)),
                }
            }
            Err(err) => {
                self.offset = self.window.stream_offset(start);
                if let Err(io) = self.after_error(&err, start) {
                    self.done = true;
                    return Some(Err(io));
                }
                Some(Err(err))
            }
        }
    }
}

impl<R: Read, T: DecodeOwned> std::iter::FusedIterator for ReaderStream<R, T> {}
