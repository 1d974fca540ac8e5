//! The elements of one top-level JSON array, one at a time: `SliceArrayStream` over a slice,
//! `ReaderArrayStream` over an `io::Read` through the bounded window.

use std::io::Read;
use std::marker::PhantomData;

use super::window::Window;
use crate::error::{ErrorCode, Result};
use crate::lexer::{Lexer, DEFAULT_MAX_DEPTH};
use crate::traits::{Decode, DecodeOwned};

/// Iterator over the elements of the JSON array in a slice; made by
/// [`from_slice_array_iter`](crate::from_slice_array_iter).
pub struct SliceArrayStream<'de, T> {
    lex: Lexer<'de>,
    started: bool,
    first: bool,
    index: usize,
    done: bool,
    output: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> SliceArrayStream<'de, T> {
    pub(crate) fn new(input: &'de [u8]) -> Self {
        SliceArrayStream {
            lex: Lexer::new(input),
            started: false,
            first: true,
            index: 0,
            done: false,
            output: PhantomData,
        }
    }

    fn step(&mut self) -> Option<Result<T>> {
        if !self.started {
            self.started = true;
            if let Err(err) = self.lex.begin_array() {
                return Some(Err(err));
            }
        }
        match self.lex.next_item(&mut self.first) {
            Ok(true) => {
                let index = self.index;
                self.index += 1;
                Some(T::decode(&mut self.lex).map_err(|e| e.at_index(index)))
            }
            Ok(false) => self.lex.end().err().map(Err),
            Err(err) => Some(Err(err)),
        }
    }
}

impl<'de, T: Decode<'de>> Iterator for SliceArrayStream<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let item = self.step();
        // Nothing follows an error or the end: the position inside the array is lost.
        if !matches!(item, Some(Ok(_))) {
            self.done = true;
        }
        item
    }
}

impl<'de, T: Decode<'de>> std::iter::FusedIterator for SliceArrayStream<'de, T> {}

/// Where a [`ReaderArrayStream`] is in its array.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Place {
    /// Before the `[`.
    Start,
    /// After the `[`: an element or `]`.
    First,
    /// After an element: `,` or `]`.
    Rest,
    /// After the `]`, or after an error.
    Done,
}

/// Iterator over the elements of the JSON array read from an `io::Read`; made by
/// [`from_reader_array_iter`](crate::from_reader_array_iter). Holds one element at a time in
/// its buffer (at most [`ReaderArrayStream::max_value_len`] bytes of it).
pub struct ReaderArrayStream<R, T> {
    window: Window<R>,
    pos: usize,
    place: Place,
    index: usize,
    scratch: Vec<u8>,
    output: PhantomData<fn() -> T>,
}

impl<R: Read, T: DecodeOwned> ReaderArrayStream<R, T> {
    pub(crate) fn new(reader: R) -> Self {
        ReaderArrayStream {
            window: Window::new(reader, super::DEFAULT_MAX_VALUE_LEN),
            pos: 0,
            place: Place::Start,
            index: 0,
            scratch: Vec::new(),
            output: PhantomData,
        }
    }

    /// Caps one element at `bytes` bytes (default
    /// [`DEFAULT_MAX_VALUE_LEN`](crate::DEFAULT_MAX_VALUE_LEN)); a longer one is an error.
    #[must_use]
    pub fn max_value_len(mut self, bytes: usize) -> Self {
        self.window.max_value_len = bytes;
        self
    }

    /// The byte after `pos`'s whitespace, end of input an error.
    fn peek(&mut self) -> Result<u8> {
        match self.window.skip_whitespace(&mut self.pos)? {
            Some(b) => Ok(b),
            None => Err(self
                .window
                .error_at(ErrorCode::EofWhileParsing, self.window.data().len())),
        }
    }

    fn element(&mut self) -> Result<T> {
        let first = self.peek()?;
        let mut start = self.pos;
        let index = self.index;
        self.index += 1;
        // The array is one level: its elements have one less, as in a `Vec<T>` decode.
        let (value, end) = self
            .window
            .attempt(
                &mut start,
                !super::self_delimited(first),
                true,
                DEFAULT_MAX_DEPTH - 1,
                &mut self.scratch,
                |lex| T::decode(lex),
            )
            .map_err(|e| e.at_index(index))?;
        self.pos = end;
        Ok(value)
    }

    fn step(&mut self) -> Result<Option<T>> {
        if self.place == Place::Start {
            let mut start = self.pos;
            let ((), end) = self.window.attempt(
                &mut start,
                false,
                false,
                DEFAULT_MAX_DEPTH,
                &mut self.scratch,
                |lex| lex.begin_array(),
            )?;
            self.pos = end;
            self.place = Place::First;
        }
        let b = self.peek()?;
        match (self.place, b) {
            (_, b']') => {
                self.pos += 1;
                self.place = Place::Done;
                // Only whitespace may follow, to the end of the input.
                match self.window.skip_whitespace(&mut self.pos)? {
                    Some(_) => Err(self
                        .window
                        .error_at(ErrorCode::TrailingCharacters, self.pos)),
                    None => Ok(None),
                }
            }
            (Place::First, _) => {
                self.place = Place::Rest;
                self.element().map(Some)
            }
            (_, b',') => {
                // The comma is kept in the buffer while the whitespace after it is read: a
                // trailing comma is reported at it, as the lexer does.
                let mut comma = self.pos;
                self.pos += 1;
                match self
                    .window
                    .skip_whitespace_keeping(&mut comma, &mut self.pos)?
                {
                    Some(b']') => Err(self.window.error_at(ErrorCode::TrailingComma, comma)),
                    Some(_) => self.element().map(Some),
                    None => Err(self
                        .window
                        .error_at(ErrorCode::EofWhileParsing, self.window.data().len())),
                }
            }
            _ => Err(self
                .window
                .error_at(ErrorCode::ExpectedCommaOrEnd(b']'), self.pos)),
        }
    }
}

impl<R: Read, T: DecodeOwned> Iterator for ReaderArrayStream<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.place == Place::Done {
            return None;
        }
        let item = self.step().transpose();
        if !matches!(item, Some(Ok(_))) {
            self.place = Place::Done;
        }
        item
    }
}

impl<R: Read, T: DecodeOwned> std::iter::FusedIterator for ReaderArrayStream<R, T> {}
