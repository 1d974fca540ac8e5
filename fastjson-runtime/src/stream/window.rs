//! `Window`: a reader's bytes seen through one reused buffer, refilled in chunks, compacted as
//! values are consumed, and grown (geometrically, up to a cap) only for a value longer than it.

use std::io::{self, Read};

use super::boundary::Boundary;
use super::skip_whitespace;
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::{Lexer, DEFAULT_MAX_DEPTH};

/// How much one read asks for, at least: 256 KiB. Every read is a copy out of the reader, and a
/// value cut by a read's end is decoded twice: 64 KiB reads made the reader form 1.22x the slice
/// form's time on 100 MB of JSON Lines, 256 KiB 1.14x, 1 MiB no better (past L2).
pub(super) const CHUNK: usize = 256 * 1024;

pub(super) struct Window<R> {
    reader: R,
    /// The buffer; `buf[..filled]` holds unconsumed input (from the stream's caller's position
    /// on), the rest is room for reads. Grown zero-filled, so reads need no `unsafe`.
    buf: Vec<u8>,
    filled: usize,
    /// The reader returned 0 (or an error was kept): no more input.
    exhausted: bool,
    /// The stream offset, 1-based line and 0-based column of `buf[0]`, so errors made over the
    /// buffer name stream positions.
    base: usize,
    base_line: usize,
    base_column: usize,
    /// The longest value (the bytes kept from a value's start) the window holds.
    pub(super) max_value_len: usize,
    /// The length of the last value read: what says a value may be cut by the buffer's end.
    last_len: usize,
}

impl<R: Read> Window<R> {
    pub(super) fn new(reader: R, max_value_len: usize) -> Self {
        Window {
            reader,
            buf: Vec::new(),
            filled: 0,
            exhausted: false,
            base: 0,
            base_line: 1,
            base_column: 0,
            max_value_len,
            last_len: 0,
        }
    }

    /// The buffered input.
    pub(super) fn data(&self) -> &[u8] {
        &self.buf[..self.filled]
    }

    /// The stream offset of buffer position `pos`.
    pub(super) fn stream_offset(&self, pos: usize) -> usize {
        self.base + pos
    }

    /// The buffer position of stream offset `offset` (0 for one already dropped).
    pub(super) fn buffer_pos(&self, offset: usize) -> usize {
        offset.saturating_sub(self.base).min(self.filled)
    }

    /// The buffer's capacity in bytes (for tests of the memory bound).
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// `err`, made over `data()`, placed in the stream.
    #[cold]
    pub(super) fn place(&self, err: Error) -> Error {
        err.shifted(self.base, self.base_line, self.base_column)
    }

    /// An error at buffer position `pos`, placed in the stream.
    #[cold]
    pub(super) fn error_at(&self, code: ErrorCode, pos: usize) -> Error {
        self.place(Error::at_offset(code, self.data(), pos))
    }

    /// Reads more input, keeping `data()[keep_from..]` (moved to the front of the buffer:
    /// `*keep_from` is updated). One `read` call (so an interactive stream is not asked to
    /// wait for more than it has), with room for at least a chunk and at least as much as is
    /// kept (the buffer grows geometrically). An error once the kept bytes exceed
    /// `max_value_len`.
    pub(super) fn fill(&mut self, keep_from: &mut usize) -> Result<()> {
        let pending = self.filled - *keep_from;
        if pending > self.max_value_len {
            return Err(self.error_at(ErrorCode::ValueTooLong(self.max_value_len), *keep_from));
        }
        if *keep_from > 0 {
            self.drop_front(*keep_from);
            *keep_from = 0;
        }
        let want = CHUNK.max(pending);
        if self.buf.len() < self.filled + want {
            // Zero-filled once per growth; growth is geometric (`want` at least doubles what
            // is kept), so this is amortised O(1) per byte read.
            self.buf.resize(self.filled + want, 0);
        }
        loop {
            match self
                .reader
                .read(&mut self.buf[self.filled..self.filled + want])
            {
                Ok(0) => {
                    self.exhausted = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.filled += n.min(want);
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.exhausted = true;
                    return Err(Error::io(e));
                }
            }
        }
    }

    /// Forgets `data()[..n]`, counting its lines so errors keep stream positions.
    fn drop_front(&mut self, n: usize) {
        let dropped = &self.buf[..n];
        // Counted first (vectorised), so that a stream without newlines (concatenated compact
        // values) is not also searched backwards byte by byte through every dropped byte.
        let lines = crate::swar::count_newlines(dropped);
        if lines == 0 {
            self.base_column += n;
        } else {
            let last = dropped.iter().rposition(|&b| b == b'\n').unwrap_or(0);
            self.base_line += lines;
            self.base_column = n - (last + 1);
        }
        self.base += n;
        self.buf.copy_within(n..self.filled, 0);
        self.filled -= n;
    }

    /// The first non-whitespace position at or after `*pos`, reading as needed (whitespace read
    /// is dropped); `None` at the end of the input, with `*pos` at the end.
    pub(super) fn skip_whitespace(&mut self, pos: &mut usize) -> Result<Option<u8>> {
        let mut keep = *pos;
        self.skip_whitespace_keeping(&mut keep, pos)
    }

    /// As [`Window::skip_whitespace`], keeping the bytes from `*keep` (at or before `*pos`) in
    /// the buffer, so that an error can still point at one of them; both move with the buffer.
    pub(super) fn skip_whitespace_keeping(
        &mut self,
        keep: &mut usize,
        pos: &mut usize,
    ) -> Result<Option<u8>> {
        loop {
            *pos = skip_whitespace(self.data(), *pos);
            if let Some(&b) = self.data().get(*pos) {
                return Ok(Some(b));
            }
            if self.exhausted {
                return Ok(None);
            }
            if *keep == *pos {
                self.fill(keep)?;
                *pos = *keep;
            } else {
                let ahead = *pos - *keep;
                self.fill(keep)?;
                *pos = *keep + ahead;
            }
        }
    }

    /// Runs `read` (a decode or a skip) on a lexer at `*start`, reading more input and trying
    /// again while the result is "end of input" and the reader has more, or while a value that
    /// does not show its own end (`open_ended`: a number or literal) ends at the end of the
    /// buffer. With `whole_value`, `read` reads the value at `*start`, and is run again only
    /// once its end has arrived ([`Boundary`]); without, after every read (for a `[` alone).
    /// Returns what `read` returned and the buffer position after it; errors are placed in the
    /// stream. `depth` is the nesting limit left for the value.
    pub(super) fn attempt<U>(
        &mut self,
        start: &mut usize,
        open_ended: bool,
        whole_value: bool,
        depth: u32,
        scratch: &mut Vec<u8>,
        mut read: impl FnMut(&mut Lexer<'_>) -> Result<U>,
    ) -> Result<(U, usize)> {
        let mut boundary = Boundary::default();
        // A value that starts less than twice the last value's length before the buffer's end
        // may be cut by it. Its end is looked for first and, when it is not there, one more
        // read is made before decoding: decoding a cut value (once per read) threw away half a
        // value's work and its allocations, and was followed by the scan for its end anyway
        // (2% of a reader stream's samples on JSON Lines read 64 KiB at a time, byte by byte).
        // Only a value that is cut, or broken so that its brackets do not close, reads on
        // before it is decoded, as after a failed decode.
        if whole_value
            && !self.exhausted
            && self.filled - *start < 2 * self.last_len
            && !boundary.complete(&self.data()[*start..])
        {
            self.fill(start)?;
        }
        // While the reader has more, errors are made without their line and column: counting
        // them scans the buffer up to the error, and the error of a value cut by the buffer's
        // end (an EOF, once per read) is thrown away. That scan was a second pass over the
        // whole stream (the reader form 1.67x the slice form's time on 100 MB of JSON Lines).
        // Any other error is made again, placed, by a second run of `read`.
        let mut place_errors = false;
        loop {
            let mut lex = Lexer::with_scratch(self.data(), std::mem::take(scratch));
            if depth != DEFAULT_MAX_DEPTH {
                lex = lex.with_max_depth(depth);
            }
            let speculating = !place_errors && !self.exhausted;
            lex.speculate(speculating);
            lex.seek(*start);
            let result = read(&mut lex);
            let end = lex.position();
            *scratch = lex.into_scratch();
            match result {
                // The same limit whatever the chunking: a value that happens to fit in what
                // was read is held to it too.
                Ok(_) if end - *start > self.max_value_len => {
                    return Err(self.error_at(ErrorCode::ValueTooLong(self.max_value_len), *start));
                }
                Ok(_) if open_ended && end == self.filled && !self.exhausted => {}
                Ok(value) => {
                    self.last_len = end - *start;
                    return Ok((value, end));
                }
                Err(err) if err.is_eof() && !self.exhausted => {}
                Err(_) if speculating => {
                    place_errors = true;
                    continue;
                }
                Err(err) => return Err(self.place(err)),
            }
            loop {
                self.fill(start)?;
                if self.exhausted || !whole_value || boundary.complete(&self.data()[*start..]) {
                    break;
                }
            }
        }
    }

    /// The position after the next `\n` at or after `from`, reading (and dropping what is
    /// passed) as needed; the end of the input when there is none.
    pub(super) fn after_newline(&mut self, from: usize) -> Result<usize> {
        let mut from = from;
        loop {
            // Strictly after `from`: at least one byte is passed.
            if let Some(p) = super::after_newline(self.data(), from) {
                return Ok(p);
            }
            if self.exhausted {
                return Ok(self.filled);
            }
            from = self.filled;
            self.fill(&mut from)?;
        }
    }
}
