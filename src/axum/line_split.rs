//! `LineSplitter`: a request body cut into lines as its chunks arrive, in bounded memory.
//!
//! Not generic over the decoded type: the one copy of this code serves every `JsonLines<T>`.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use axum_core::body::BodyDataStream;
use futures_core::Stream;

/// One step of the splitter: a line (its bounds in [`LineSplitter::buffer`]), or an error item.
pub(super) enum Step {
    /// `buffer()[start..end]` is a line, its `\n` or `\r\n` removed.
    Line { start: usize, end: usize },
    /// A line-level or body error; the caller yields it as an item.
    Error(axum_core::Error),
}

/// Splits a body into lines as tokio's `AsyncBufReadExt::lines` does (what axum-extra's
/// `JsonLines` reads through): at each `\n`, one `\r` before it dropped, an empty line kept, a
/// last line without `\n` kept, nothing after a final `\n`.
///
/// Memory is the current line's bytes plus one chunk: a line longer than `max_line_len` is an
/// error item and the rest of it is dropped as it arrives, up to its `\n`.
pub(super) struct LineSplitter {
    body: BodyDataStream,
    /// Bytes received and not yet handed out: `buf[pos..]` is the start of the next line.
    buf: Vec<u8>,
    pos: usize,
    /// `buf[pos..scanned]` holds no `\n`: each byte is searched once, however small the chunks.
    scanned: usize,
    max_line_len: usize,
    /// Dropping the rest of an over-long line, up to and including its `\n`.
    skipping: bool,
    /// The body has ended (normally: a last line may still be in `buf`).
    body_done: bool,
    /// Nothing more will be yielded: the body failed, or everything was handed out.
    finished: bool,
}

impl LineSplitter {
    pub(super) fn new(body: BodyDataStream, max_line_len: usize) -> Self {
        LineSplitter {
            body,
            buf: Vec::new(),
            pos: 0,
            scanned: 0,
            max_line_len,
            skipping: false,
            body_done: false,
            finished: false,
        }
    }

    pub(super) fn set_max_line_len(&mut self, bytes: usize) {
        self.max_line_len = bytes;
    }

    /// The bytes a [`Step::Line`] points into.
    pub(super) fn buffer(&self) -> &[u8] {
        &self.buf
    }

    /// The buffer's capacity: what the splitter holds, for tests of its bound.
    pub(super) fn capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// The next line or error item; `None` once the body has ended (or failed) and every line
    /// is out.
    pub(super) fn poll_step(&mut self, cx: &mut Context<'_>) -> Poll<Option<Step>> {
        loop {
            if self.finished {
                return Poll::Ready(None);
            }
            if let Some(at) = self.buf[self.scanned..].iter().position(|&b| b == b'\n') {
                let newline = self.scanned + at;
                let start = self.pos;
                self.pos = newline + 1;
                self.scanned = self.pos;
                if self.skipping {
                    // The end of a line already reported as too long.
                    self.skipping = false;
                    continue;
                }
                return Poll::Ready(Some(self.line(start, newline)));
            }
            self.scanned = self.buf.len();
            if self.skipping {
                self.buf.clear();
                self.pos = 0;
                self.scanned = 0;
            } else if self.buf.len() - self.pos > self.max_line_len.saturating_add(1) {
                // Longer than the cap even if its last byte is the `\r` of a `\r\n`: report it
                // now, before its end arrives, and drop what is held.
                self.buf.clear();
                self.pos = 0;
                self.scanned = 0;
                self.skipping = true;
                return Poll::Ready(Some(Step::Error(self.too_long())));
            }
            if self.body_done {
                self.finished = true;
                if self.pos < self.buf.len() && !self.skipping {
                    let (start, end) = (self.pos, self.buf.len());
                    self.pos = end;
                    return Poll::Ready(Some(self.line(start, end)));
                }
                return Poll::Ready(None);
            }
            // Move the partial line to the front before reading more, so the buffer holds one
            // line and one chunk, not the body.
            if self.pos > 0 {
                self.buf.drain(..self.pos);
                self.scanned -= self.pos;
                self.pos = 0;
            }
            match ready!(Pin::new(&mut self.body).poll_next(cx)) {
                Some(Ok(chunk)) => self.buf.extend_from_slice(&chunk),
                Some(Err(error)) => {
                    // A body error (the client went away, a body limit): the rest of the body
                    // is unknown, so a partial line is not a record. The stream ends here.
                    self.finished = true;
                    self.buf = Vec::new();
                    self.pos = 0;
                    self.scanned = 0;
                    return Poll::Ready(Some(Step::Error(axum_core::Error::new(
                        io::Error::other(error),
                    ))));
                }
                None => self.body_done = true,
            }
        }
    }

    /// The line `buf[start..end]` (its `\n` already cut off) without a trailing `\r`, or an
    /// error if it is over the cap.
    fn line(&self, start: usize, mut end: usize) -> Step {
        if end > start && self.buf[end - 1] == b'\r' {
            end -= 1;
        }
        if end - start > self.max_line_len {
            return Step::Error(self.too_long());
        }
        Step::Line { start, end }
    }

    #[cold]
    fn too_long(&self) -> axum_core::Error {
        axum_core::Error::new(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "JSON Lines record longer than the limit of {} bytes",
                self.max_line_len
            ),
        ))
    }
}
