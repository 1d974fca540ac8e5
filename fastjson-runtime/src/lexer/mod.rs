//! `Lexer<'de>`: the cursor over the input bytes; whitespace, structure, depth and error positions.
//!
//! Strings live in `string.rs`, numbers in `number.rs`, the validating skipper in `skip.rs`, and
//! in `fork.rs` what the key loop reads of the forks flattened enums make (the flatten module
//! builds them on this one, which names nothing of it).

mod float;
mod fork;
mod number;
mod pow5;
mod raw_string;
mod skip;
mod string;

use std::borrow::Cow;
use std::fmt::Display;

use crate::error::{Error, ErrorCode, Found, Result};
use crate::{simd, swar};

pub(crate) use fork::EntryFilter;
pub use number::Number;
pub use string::Str;

/// The next key of an object, as [`Lexer::next_key_predicted`] found it.
#[derive(Debug, PartialEq, Eq)]
pub enum Key<'a> {
    /// The predicted key (consumed with its `:`, and the `,` before it when there was one).
    Predicted,
    /// Another key (unescaped bytes; its `:` consumed).
    Scanned(&'a [u8]),
    /// The object's `}` (consumed).
    End,
}

/// Default nesting limit, as serde_json's: at most 127 arrays/objects inside one another.
pub const DEFAULT_MAX_DEPTH: u32 = 128;

/// A saved lexer position: [`Lexer::mark`] and [`Lexer::reset`] let tagged and untagged enum
/// decoders look ahead and rewind without buffering the input.
#[derive(Copy, Clone, Debug)]
pub struct Mark {
    pos: usize,
    remaining_depth: u32,
    /// Where the last string read started: a flattened externally tagged enum finds its entry's
    /// key from it (`Lexer::fork_at_entry`) after a map before it read the value and was reset.
    string_start: usize,
}

impl Mark {
    /// The input position saved.
    pub(crate) fn pos(self) -> usize {
        self.pos
    }

    /// The nesting saved.
    pub(crate) fn remaining_depth(self) -> u32 {
        self.remaining_depth
    }
}

/// The JSON lexer over a byte slice. Generated `Decode` impls drive it directly, and so does a
/// hand-written one: open an object or array, read its keys or items, read each value with the
/// method for its type (or skip it), and make errors that point at the input.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{Decode, Lexer, Result};
///
/// #[derive(Debug, PartialEq)]
/// struct Point {
///     x: i64,
///     y: i64,
/// }
///
/// impl<'de> Decode<'de> for Point {
///     fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
///         lex.begin_object()?;
///         let (mut x, mut y) = (None, None);
///         let mut first = true;
///         while let Some(key) = lex.next_key(&mut first)? {
///             match key {
///                 b"x" => x = Some(lex.i64()?),
///                 b"y" => y = Some(lex.i64()?),
///                 _ => lex.skip_value()?,
///             }
///         }
///         match (x, y) {
///             (Some(x), Some(y)) => Ok(Point { x, y }),
///             _ => Err(lex.err_custom("a point needs `x` and `y`")),
///         }
///     }
/// }
///
/// let point: Point = fastjson::from_str(r#"{"y": 2, "x": 1, "label": [null]}"#)?;
/// assert_eq!(point, Point { x: 1, y: 2 });
/// assert!(fastjson::from_str::<Point>(r#"{"x": 1}"#).is_err());
/// # Ok::<(), fastjson::Error>(())
/// ```
pub struct Lexer<'de> {
    input: &'de [u8],
    pos: usize,
    remaining_depth: u32,
    max_depth: u32,
    /// Unescaped strings are built here; reused across strings so that decoding allocates only
    /// what the decoded value owns.
    scratch: Vec<u8>,
    /// False when the input is known to be UTF-8 (decoding from `&str`).
    validate_utf8: bool,
    /// Offset of the most recent string's opening quote (object keys and string values), so
    /// that duplicate-field, unknown-field and unknown-variant errors point at the name.
    string_start: usize,
    /// The `remaining_depth` at which a closing bracket ends the document: [`Lexer::leave`]
    /// then checks that only whitespace follows. 0, which `leave` never reaches, for "none";
    /// set by [`Lexer::end_document_at_close`].
    document_end_depth: u32,
    /// True while the decoder tries a value it may rewind and try otherwise (an untagged
    /// variant), whose errors it throws away: they are made without line and column, which cost
    /// a count of the input up to the error (see [`Lexer::speculate`]).
    speculating: bool,
    /// What flattened enums need of the lexer they fork (the flatten module): the depth at which
    /// keys are hidden, tested on every key, and the rest behind a pointer that is null unless
    /// a fork or a flattened `Option`'s stop needs it.
    fork: fork::ForkState,
}

impl<'de> Lexer<'de> {
    /// A lexer over `input`, validating UTF-8 inside strings.
    pub fn new(input: &'de [u8]) -> Self {
        Lexer {
            input,
            pos: 0,
            remaining_depth: DEFAULT_MAX_DEPTH,
            max_depth: DEFAULT_MAX_DEPTH,
            scratch: Vec::new(),
            validate_utf8: true,
            string_start: 0,
            document_end_depth: 0,
            speculating: false,
            fork: fork::ForkState::default(),
        }
    }

    /// A lexer over text already known to be UTF-8 (skips re-validation).
    pub fn from_text(input: &'de str) -> Self {
        Lexer {
            validate_utf8: false,
            ..Lexer::new(input.as_bytes())
        }
    }

    /// A lexer reusing `scratch` (see [`crate::Decoder`]).
    pub fn with_scratch(input: &'de [u8], mut scratch: Vec<u8>) -> Self {
        scratch.clear();
        Lexer {
            scratch,
            ..Lexer::new(input)
        }
    }

    /// Gives back the scratch buffer for reuse.
    pub fn into_scratch(self) -> Vec<u8> {
        self.scratch
    }

    /// Sets the nesting limit: decoding fails once more than `max_depth - 1` arrays and objects
    /// are open at once. Decoding recurses once per level, so raise it only as far as the
    /// decoding thread's stack allows.
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth.max(1);
        self.remaining_depth = self.max_depth;
        self
    }

    /// Points the lexer at a new input, keeping its scratch buffer (pooled decoding).
    pub fn reset_input(&mut self, input: &'de [u8]) {
        self.input = input;
        self.pos = 0;
        self.remaining_depth = self.max_depth;
        self.validate_utf8 = true;
        self.document_end_depth = 0;
        // Nothing of the new input is read yet: no stop recorded in it.
        self.fork = fork::ForkState::default();
    }

    /// Does not validate UTF-8 again: for input a pass of this lexer has already read
    /// ([`crate::Extracted::get`]).
    pub(crate) fn trusting_utf8(mut self) -> Self {
        self.validate_utf8 = false;
        self
    }

    /// Moves to byte `pos`, which must be where a value starts or whitespace before one.
    pub(crate) fn seek(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Where the last string or key read starts (its opening quote).
    #[inline]
    pub(crate) fn last_string_start(&self) -> usize {
        self.string_start
    }

    /// The text of the string whose opening quote is at `quote`, unescaped: read again from the
    /// input for an error's path (a map key, after its value failed). Empty if it does not scan,
    /// which a string this lexer has already read always does.
    #[cold]
    #[inline(never)]
    pub(crate) fn string_text_at(&self, quote: usize) -> String {
        let mut again = Lexer::new(self.input).trusting_utf8();
        again.pos = quote + 1;
        match again.scan_str() {
            Ok(scanned) => again.str_cow_of(scanned).into_owned(),
            Err(_) => String::new(),
        }
    }

    /// The whole input.
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Current byte offset.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Saves the position (and nesting) to come back to with [`Lexer::reset`].
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            remaining_depth: self.remaining_depth,
            string_start: self.string_start,
        }
    }

    /// A lexer over the same input with this one's settings (depth limit, UTF-8 validation,
    /// speculation) at `pos`: its own empty scratch buffer, never ending the document, reading no
    /// flattened entry (the flatten module's forks start from it).
    pub(crate) fn sibling(&self, pos: usize, remaining_depth: u32) -> Lexer<'de> {
        Lexer {
            input: self.input,
            pos,
            remaining_depth,
            max_depth: self.max_depth,
            scratch: Vec::new(),
            validate_utf8: self.validate_utf8,
            string_start: self.string_start,
            document_end_depth: 0,
            speculating: self.speculating,
            fork: fork::ForkState::default(),
        }
    }

    /// Returns to a position saved by [`Lexer::mark`].
    #[inline]
    pub fn reset(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.remaining_depth = mark.remaining_depth;
        self.string_start = mark.string_start;
        if self.fork.filter.is_some() {
            self.rewind_fork(mark.pos);
        }
    }

    /// Tells the flatten filter the lexer went back to `pos`. Out of line: [`Lexer::reset`] is
    /// inlined everywhere, and a filter exists only in forks that hide keys and after a
    /// flattened `Option` failed.
    #[cold]
    #[inline(never)]
    fn rewind_fork(&mut self, pos: usize) {
        if let Some(filter) = &mut self.fork.filter {
            filter.rewound_to(pos);
        }
    }

    /// The nesting left: one less for each array or object open.
    #[inline]
    pub(crate) fn remaining_depth(&self) -> u32 {
        self.remaining_depth
    }

    /// Sets where the last string read starts (a fork's, to the mark it starts at).
    pub(crate) fn set_string_start(&mut self, at: usize) {
        self.string_start = at;
    }

    /// Compact JSON has little whitespace and pretty JSON has runs of it (newline + indent):
    /// one byte test inline for the first, an out-of-line vector scan for the second (so the
    /// many callers stay small).
    #[inline(always)]
    fn skip_whitespace(&mut self) {
        if let Some(b' ' | b'\n' | b'\r' | b'\t') = self.input.get(self.pos) {
            self.skip_whitespace_run();
        }
    }

    /// Skips a run of whitespace starting at `pos`; a lone space (after `:` in pretty output) is
    /// answered before the vector scan.
    #[inline(never)]
    fn skip_whitespace_run(&mut self) {
        self.pos = whitespace_run_end_inline(self.input, self.pos);
    }

    /// Skips whitespace and returns the next byte without consuming it. A byte above the space
    /// (no JSON whitespace is) returns after one compare; whitespace takes the inline test and
    /// the out-of-line run scan.
    #[inline(always)]
    pub fn peek(&mut self) -> Result<u8> {
        if let Some(&b) = self.input.get(self.pos) {
            if b > b' ' {
                return Ok(b);
            }
        }
        self.skip_whitespace();
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.error(ErrorCode::EofWhileParsing)),
        }
    }

    /// Makes the closing bracket of the array or object about to be read end the document:
    /// when it is consumed, the lexer checks that only whitespace follows, as [`Lexer::end`]
    /// would after the value. For types whose successful decode ends with that bracket
    /// ([`crate::Decode::ENDS_WITH_CLOSING_BRACKET`]), so that `from_slice` can return the
    /// decoded value as it came back, without a check between: LLVM then builds the value in
    /// the caller's slot instead of copying it out of the `Result` and back (a 136-byte struct
    /// decoded 8-12% faster).
    pub(crate) fn end_document_at_close(&mut self) {
        self.document_end_depth = self.remaining_depth;
    }

    /// Checks that only whitespace is left.
    pub fn end(&mut self) -> Result<()> {
        self.skip_whitespace();
        if self.pos < self.input.len() {
            Err(self.error(ErrorCode::TrailingCharacters))
        } else {
            Ok(())
        }
    }

    #[inline(always)]
    fn enter(&mut self) -> Result<()> {
        self.remaining_depth -= 1;
        if self.remaining_depth == 0 {
            self.remaining_depth += 1;
            return Err(self.error(ErrorCode::DepthLimitExceeded(self.max_depth)));
        }
        Ok(())
    }

    /// Closes an array or object (its bracket consumed); at the document's outermost one (see
    /// [`Lexer::end_document_at_close`]), checks that only whitespace follows.
    #[inline(always)]
    fn leave(&mut self) -> Result<()> {
        self.remaining_depth += 1;
        if self.remaining_depth == self.document_end_depth {
            return self.end_of_document();
        }
        Ok(())
    }

    /// [`Lexer::end`] out of line: once per document.
    #[cold]
    #[inline(never)]
    fn end_of_document(&mut self) -> Result<()> {
        self.end()
    }

    /// Consumes `{` (after whitespace) and opens an object.
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        self.begin_object_expecting("an object")
    }

    /// Like [`Lexer::begin_object`], naming what was expected in the invalid-type error.
    #[inline]
    pub fn begin_object_expecting(&mut self, expected: &'static str) -> Result<()> {
        let b = self.peek()?;
        if b != b'{' {
            return Err(self.invalid_type(b, expected));
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// Consumes `[` (after whitespace) and opens an array.
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        self.begin_array_expecting("an array")
    }

    /// Like [`Lexer::begin_array`], naming what was expected in the invalid-type error.
    #[inline]
    pub fn begin_array_expecting(&mut self, expected: &'static str) -> Result<()> {
        let b = self.peek()?;
        if b != b'[' {
            return Err(self.invalid_type(b, expected));
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// Moves to the next entry of the current object: consumes `,` (unless `first`) and returns
    /// `true` with the lexer on the key's opening quote, or consumes `}` and returns `false`.
    #[inline(always)]
    fn object_step(&mut self, first: &mut bool) -> Result<bool> {
        if self.fork.hidden_depth != 0 {
            self.skip_hidden_entries(first)?;
        }
        let mut b = self.peek()?;
        if *first {
            *first = false;
            if b == b'}' {
                self.pos += 1;
                self.leave()?;
                return Ok(false);
            }
        } else if b == b',' {
            let comma = self.pos;
            self.pos += 1;
            b = self.peek()?;
            if b == b'}' {
                return Err(self.error_at(ErrorCode::TrailingComma, comma));
            }
        } else if b == b'}' {
            self.pos += 1;
            self.leave()?;
            return Ok(false);
        } else {
            return Err(self.error(ErrorCode::ExpectedCommaOrEnd(b'}')));
        }
        if b != b'"' {
            return Err(self.error(ErrorCode::KeyMustBeString));
        }
        self.string_start = self.pos;
        Ok(true)
    }

    #[inline]
    fn colon(&mut self) -> Result<()> {
        if self.peek()? != b':' {
            return Err(self.error(ErrorCode::ExpectedColon));
        }
        self.pos += 1;
        self.step_over_space_after_colon();
        Ok(())
    }

    /// Pretty printers write `": "`: stepping over that one space after a colon lets the
    /// value's `peek` find its first byte without a call. (Skipping whitespace is always valid.)
    #[inline(always)]
    fn step_over_space_after_colon(&mut self) {
        if self.input.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }

    /// The next key of the current object (unescaped bytes), or `None` after its `}`.
    /// Consumes the separator before the key and the `:` after it.
    #[inline]
    pub fn next_key(&mut self, first: &mut bool) -> Result<Option<&[u8]>> {
        if !self.object_step(first)? {
            return Ok(None);
        }
        self.pos += 1;
        let key = self.scan_str()?;
        self.colon()?;
        Ok(Some(self.str_bytes(key)))
    }

    /// Like [`Lexer::next_key`], with a guess: `predicted` is a field name with the separator
    /// before it, its quotes and the colon after it, `,"name":` (a name needing no escapes;
    /// empty for no guess). When the key is exactly that name it is consumed without scanning
    /// and [`Key::Predicted`] says so: in compact JSON the separator, key and colon by one
    /// comparison; after whitespace (pretty JSON) or for an object's first key, the key and
    /// colon by one. Generated code predicts the field that followed the last one read in
    /// earlier documents (declaration order until a document shows another: the struct's
    /// `KeyOrder`): documents of one source usually list fields in one order.
    #[inline(always)]
    pub fn next_key_predicted(&mut self, first: &mut bool, predicted: &[u8]) -> Result<Key<'_>> {
        if self.fork.hidden_depth != 0 {
            self.skip_hidden_entries(first)?;
        }
        // `,"` first: it fails at once in pretty JSON, where a newline follows `,`, and it keeps
        // the separator checked whatever `predicted` holds.
        if !*first
            && self.input.get(self.pos..self.pos + 2) == Some(b",\"")
            && swar::starts_with(self.input, self.pos, predicted)
        {
            self.string_start = self.pos + 1;
            self.pos += predicted.len();
            self.step_over_space_after_colon();
            return Ok(Key::Predicted);
        }
        self.next_key_predicted_otherwise(first, predicted)
    }

    /// [`Lexer::next_key_predicted`] past its compact-JSON comparison: out of line, so that the
    /// comparison inlines into generated code without the rest.
    ///
    /// Pretty JSON comes here for every key. This is `object_step` with the position in a local:
    /// the whitespace runs (newline and indent) are measured by a function that returns where
    /// they end, so the position is not stored and reloaded around each call.
    #[inline(never)]
    fn next_key_predicted_otherwise(
        &mut self,
        first: &mut bool,
        predicted: &[u8],
    ) -> Result<Key<'_>> {
        let input = self.input;
        let mut pos = whitespace_end(input, self.pos);
        let Some(&b) = input.get(pos) else {
            self.pos = pos;
            return Err(self.error(ErrorCode::EofWhileParsing));
        };
        if b == b',' && !*first {
            let comma = pos;
            pos = whitespace_end(input, pos + 1);
            match input.get(pos) {
                Some(b'"') => {}
                Some(b'}') => {
                    return Err(self.error_at(ErrorCode::TrailingComma, comma));
                }
                Some(_) => {
                    self.pos = pos;
                    return Err(self.error(ErrorCode::KeyMustBeString));
                }
                None => {
                    self.pos = pos;
                    return Err(self.error(ErrorCode::EofWhileParsing));
                }
            }
        } else {
            if *first {
                *first = false;
            } else if b != b'}' {
                self.pos = pos;
                return Err(self.error(ErrorCode::ExpectedCommaOrEnd(b'}')));
            }
            match b {
                b'"' => {}
                b'}' => {
                    self.pos = pos + 1;
                    self.leave()?;
                    return Ok(Key::End);
                }
                _ => {
                    self.pos = pos;
                    return Err(self.error(ErrorCode::KeyMustBeString));
                }
            }
        }
        self.string_start = pos;
        if let Some(key_and_colon) = predicted.get(1..) {
            if swar::starts_with(input, pos, key_and_colon) {
                self.pos = pos + key_and_colon.len();
                self.step_over_space_after_colon();
                return Ok(Key::Predicted);
            }
        }
        self.pos = pos + 1;
        let key = self.scan_str()?;
        self.colon()?;
        Ok(Key::Scanned(self.str_bytes(key)))
    }

    /// Like [`Lexer::next_key`], returning the key as text borrowed from the input when it has no
    /// escapes (maps, flatten).
    #[inline]
    pub fn next_key_cow(&mut self, first: &mut bool) -> Result<Option<Cow<'de, str>>> {
        if !self.object_step(first)? {
            return Ok(None);
        }
        self.pos += 1;
        let key = self.scan_str()?;
        self.colon()?;
        Ok(Some(self.str_cow_of(key)))
    }

    /// Like [`Lexer::next_key`], returning the key as [`Str`] (borrowed or in scratch).
    #[inline]
    pub fn next_key_str(&mut self, first: &mut bool) -> Result<Option<Str<'de, '_>>> {
        if !self.object_step(first)? {
            return Ok(None);
        }
        self.pos += 1;
        let key = self.scan_str()?;
        self.colon()?;
        Ok(Some(self.str_of(key)))
    }

    /// Like [`Lexer::next_key`], with the key read by `read` from its opening quote (on which
    /// the lexer stands) to past its closing one: for key types that read a string their own
    /// way (`bytes::Bytes`, raw as serde_json's `deserialize_bytes` reads it).
    #[cfg_attr(not(feature = "bytes"), allow(dead_code))]
    pub(crate) fn next_key_with<T>(
        &mut self,
        first: &mut bool,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<Option<T>> {
        if !self.object_step(first)? {
            return Ok(None);
        }
        let key = read(self)?;
        self.colon()?;
        Ok(Some(key))
    }

    /// Moves to the next element of the current array: `true` when one follows (its separator
    /// consumed), `false` after the closing `]`.
    #[inline(always)]
    pub fn next_item(&mut self, first: &mut bool) -> Result<bool> {
        let b = self.peek()?;
        if *first {
            *first = false;
            if b == b']' {
                self.pos += 1;
                self.leave()?;
                return Ok(false);
            }
            return Ok(true);
        }
        match b {
            b',' => {
                let comma = self.pos;
                self.pos += 1;
                if self.peek()? == b']' {
                    return Err(self.error_at(ErrorCode::TrailingComma, comma));
                }
                Ok(true)
            }
            b']' => {
                self.pos += 1;
                self.leave()?;
                Ok(false)
            }
            _ => Err(self.error(ErrorCode::ExpectedCommaOrEnd(b']'))),
        }
    }

    /// Consumes `null`.
    #[inline]
    pub fn null(&mut self) -> Result<()> {
        let b = self.peek()?;
        if b != b'n' {
            return Err(self.invalid_type(b, "null"));
        }
        self.literal(b"null")
    }

    /// Consumes `null` if it is next; otherwise leaves the lexer where it was.
    #[inline]
    pub fn try_null(&mut self) -> Result<bool> {
        if self.peek()? == b'n' {
            self.literal(b"null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Consumes `true` or `false`.
    #[inline]
    pub fn bool(&mut self) -> Result<bool> {
        match self.peek()? {
            b't' => self.literal(b"true").map(|()| true),
            b'f' => self.literal(b"false").map(|()| false),
            b => Err(self.invalid_type(b, "a boolean")),
        }
    }

    #[inline]
    fn literal(&mut self, word: &'static [u8]) -> Result<()> {
        let end = self.pos + word.len();
        if self.input.get(self.pos..end) == Some(word) {
            self.pos = end;
            return Ok(());
        }
        // Point at the first byte that differs (or the end of input).
        let mut at = self.pos;
        while at < self.input.len() && at < end && self.input[at] == word[at - self.pos] {
            at += 1;
        }
        let code = if at >= self.input.len() {
            ErrorCode::EofWhileParsing
        } else {
            ErrorCode::InvalidLiteral
        };
        Err(self.error_at(code, at))
    }

    // ---- errors -------------------------------------------------------------------------

    /// An error of `code` at the current position.
    #[cold]
    pub(crate) fn error(&self, code: ErrorCode) -> Error {
        self.error_at(code, self.pos)
    }

    /// An error at `offset`: with its line and column, unless [`Lexer::speculate`] says it
    /// will be thrown away. Out of line, as `Error::at_offset` was before it: inlined into the
    /// number and string readers it grew their hot paths (twitter decode +0.7% instructions).
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(&self, code: ErrorCode, offset: usize) -> Error {
        if self.speculating {
            Error::unplaced(code, offset)
        } else {
            Error::at_offset(code, self.input, offset)
        }
    }

    /// Sets whether errors made from now on will be thrown away, returning the previous setting
    /// to restore. Generated code for untagged variants sets it around its attempts: an error's
    /// line and column are counted from the start of the input, so a document of many values
    /// that each fail an attempt or two took time quadratic in its length (a fuzzed array of
    /// 10,400 numbers read as an untagged enum: 0.95 s, against 3.3 ms for serde_json). Not
    /// part of the API.
    #[doc(hidden)]
    #[inline]
    pub fn speculate(&mut self, speculating: bool) -> bool {
        std::mem::replace(&mut self.speculating, speculating)
    }

    /// Whether errors made now will be thrown away (see [`Lexer::speculate`]): the serde bridge
    /// then leaves a visitor's error without the line and column it would count.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn is_speculating(&self) -> bool {
        self.speculating
    }

    /// What the value starting with byte `b` is; `None` when no JSON value starts with it.
    pub(crate) fn found(b: u8) -> Option<Found> {
        Some(match b {
            b'n' => Found::Null,
            b't' | b'f' => Found::Bool,
            b'"' => Found::String,
            b'[' => Found::Array,
            b'{' => Found::Object,
            b'-' | b'0'..=b'9' => Found::Number,
            _ => return None,
        })
    }

    /// "expected X, found Y" when `b` starts a well-formed value of another type; the syntax
    /// error when the scalar there is malformed (as serde_json: `tru` is not a boolean).
    #[cold]
    pub fn invalid_type(&self, b: u8, expected: &'static str) -> Error {
        match self.found_well_formed(b) {
            Ok(found) => self.error(ErrorCode::InvalidType {
                found,
                expected: expected.into(),
            }),
            Err(syntax) => syntax,
        }
    }

    /// `b` starts neither a string nor an object where an externally tagged enum goes. Worded
    /// as an invalid-type error, classed as syntax: serde_json answers "expected value" there,
    /// a syntax error, and servers sort their statuses by the class (axum: 400, not 422).
    #[cold]
    pub(crate) fn not_an_enum(&self, b: u8, expected: &'static str) -> Error {
        match self.found_well_formed(b) {
            Ok(found) => self.error(ErrorCode::NotAnEnum { found, expected }),
            Err(syntax) => syntax,
        }
    }

    /// What kind of value `b` starts, when that value is well-formed (a scalar is read to its
    /// end to know; a container's contents are not); the syntax error otherwise.
    fn found_well_formed(&self, b: u8) -> Result<Found> {
        let Some(found) = Lexer::found(b) else {
            return Err(self.error(ErrorCode::ExpectedValue));
        };
        if !matches!(found, Found::Array | Found::Object) {
            self.sibling(self.pos, self.remaining_depth).skip_value()?;
        }
        Ok(found)
    }

    /// An invalid-type error for the value at the current position (after whitespace).
    #[doc(hidden)]
    #[cold]
    pub fn err_invalid_type_here(&mut self, expected: &'static str) -> Error {
        match self.peek() {
            Ok(b) => self.invalid_type(b, expected),
            Err(err) => err,
        }
    }

    /// The closing `}` or `]` just consumed, if that is what the lexer last read: errors found
    /// at the end of a container (a missing field, too few elements) point at it.
    fn closing_bracket(&self) -> usize {
        match self.pos.checked_sub(1) {
            Some(before) if matches!(self.input[before], b'}' | b']') => before,
            _ => self.pos,
        }
    }

    /// Called after the object's closing `}` (or the array's `]`): points at that byte.
    #[doc(hidden)]
    #[cold]
    pub fn err_missing_field(&self, name: &str) -> Error {
        let code = ErrorCode::MissingField(name.into());
        self.error_at(code, self.closing_bracket())
    }

    /// Points at the most recent key.
    #[doc(hidden)]
    #[cold]
    pub fn err_unknown_field(&self, name: &[u8], expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownField(String::from_utf8_lossy(name).into(), expected);
        self.error_at(code, self.string_start)
    }

    /// Points at the most recent key.
    #[doc(hidden)]
    #[cold]
    pub fn err_duplicate_field(&self, name: &str) -> Error {
        let code = ErrorCode::DuplicateField(name.into());
        self.error_at(code, self.string_start)
    }

    /// Points at the most recent string (the variant name).
    #[doc(hidden)]
    #[cold]
    pub fn err_unknown_variant(&self, name: &[u8], expected: &'static [&'static str]) -> Error {
        let code = ErrorCode::UnknownVariant(String::from_utf8_lossy(name).into(), expected);
        self.error_at(code, self.string_start)
    }

    /// Points at the closing `]` when too few elements came, else at the extra element.
    #[doc(hidden)]
    #[cold]
    pub fn err_invalid_length(&self, len: usize, expected: &str) -> Error {
        let code = ErrorCode::InvalidLength {
            len,
            expected: expected.to_owned().into(),
        };
        self.error_at(code, self.closing_bracket())
    }

    /// An invalid-value error (`found`, where `expected` was wanted) at the current position.
    #[doc(hidden)]
    #[cold]
    pub fn err_invalid_value(&self, found: impl Display, expected: &str) -> Error {
        self.error(ErrorCode::InvalidValue {
            found: found.to_string(),
            expected: expected.to_owned().into(),
        })
    }

    /// A `&str` field met a string with escapes, which cannot be borrowed from the input.
    #[doc(hidden)]
    #[cold]
    pub fn err_borrowed_string_escaped(&self) -> Error {
        self.error(ErrorCode::BorrowedStringEscaped)
    }

    /// No variant of the untagged enum `enum_name` matched the value.
    #[doc(hidden)]
    #[cold]
    pub fn err_no_variant_matched(&self, enum_name: &str) -> Error {
        self.error(ErrorCode::NoVariantMatched(enum_name.into()))
    }

    /// A data error with a custom message at the current position, with its line and column: what
    /// a hand-written [`Decode`](crate::Decode) impl returns when the JSON is well formed but its
    /// value is not acceptable (serde's `de::Error::custom`).
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; pub mod error { pub use fastjson_runtime::Category; } }
    /// use fastjson::error::Category;
    /// use fastjson::Lexer;
    ///
    /// let lexer = Lexer::new(b"[1, 2]");
    /// let err = lexer.err_custom("not today");
    /// assert_eq!(err.to_string(), "not today at $ (line 1, column 1)");
    /// assert_eq!(err.classify(), Category::Data);
    /// ```
    #[cold]
    pub fn err_custom(&self, msg: impl Display) -> Error {
        self.error(ErrorCode::Custom(msg.to_string().into_boxed_str()))
    }

    /// A custom error raised in place of a missing-field error: at the same byte.
    #[doc(hidden)]
    #[cold]
    pub fn err_custom_at_closing_bracket(&self, msg: impl Display) -> Error {
        let code = ErrorCode::Custom(msg.to_string().into_boxed_str());
        self.error_at(code, self.closing_bracket())
    }
}

/// Where the whitespace at `pos` ends (`pos` itself when there is none): one byte test inline,
/// runs out of line.
#[inline(always)]
fn whitespace_end(input: &[u8], pos: usize) -> usize {
    match input.get(pos) {
        Some(b' ' | b'\n' | b'\r' | b'\t') => whitespace_run_end(input, pos),
        _ => pos,
    }
}

/// [`whitespace_run_end_inline`] out of line, returning the end (the position stays in the
/// caller's registers); [`Lexer::skip_whitespace_run`] is the same for `self.pos`.
#[inline(never)]
fn whitespace_run_end(input: &[u8], pos: usize) -> usize {
    whitespace_run_end_inline(input, pos)
}

/// Where the whitespace run starting at `pos` ends; a lone space (after `:` in pretty output)
/// is answered before the vector scan.
#[inline(always)]
fn whitespace_run_end_inline(input: &[u8], pos: usize) -> usize {
    let next = pos + 1;
    match input.get(next) {
        Some(&b) if b > b' ' => next,
        _ => simd::skip_whitespace(input, next),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `peek`'s one-compare path (bytes above the space) and its whitespace path agree with the
    /// definition: the four JSON whitespace bytes are skipped, every other byte is returned as
    /// it is (control bytes too, for the caller to reject), the end of input is an error.
    #[test]
    fn peek_skips_exactly_json_whitespace() {
        for byte in 0..=255u8 {
            for prefix in [
                &b""[..],
                b" ",
                b"\n\t\r ",
                b"                                  ",
            ] {
                let mut input = prefix.to_vec();
                input.push(byte);
                let mut lex = Lexer::new(&input);
                let whitespace = matches!(byte, b' ' | b'\n' | b'\r' | b'\t');
                match lex.peek() {
                    Ok(b) => {
                        assert!(!whitespace, "{byte:#x} after {prefix:?}");
                        assert_eq!((b, lex.position()), (byte, prefix.len()));
                    }
                    Err(e) => {
                        assert!(whitespace, "{byte:#x} after {prefix:?}: {e}");
                        assert_eq!(lex.position(), input.len());
                    }
                }
            }
        }
    }

    #[test]
    fn keys_and_items_walk_an_object() {
        let mut lex = Lexer::new(br#" { "a" : [1 , 2] , "b\n" : {} } "#);
        lex.begin_object().unwrap();
        let mut first = true;
        assert_eq!(lex.next_key(&mut first).unwrap(), Some(&b"a"[..]));
        lex.begin_array().unwrap();
        let mut first_item = true;
        let mut items = Vec::new();
        while lex.next_item(&mut first_item).unwrap() {
            items.push(lex.u64().unwrap());
        }
        assert_eq!(items, [1, 2]);
        assert_eq!(lex.next_key(&mut first).unwrap(), Some(&b"b\n"[..]));
        lex.skip_value().unwrap();
        assert_eq!(lex.next_key(&mut first).unwrap(), None);
        lex.end().unwrap();
    }

    /// Reads `input`'s object, predicting `predictions` in turn: (key as read, value) pairs.
    fn keys_with_predictions(input: &[u8], predictions: &[&[u8]]) -> Result<Vec<(String, u64)>> {
        let mut lex = Lexer::new(input);
        lex.begin_object()?;
        let mut first = true;
        let mut read = Vec::new();
        for predicted in predictions.iter().cycle() {
            let key = match lex.next_key_predicted(&mut first, predicted)? {
                Key::Predicted => format!("predicted {}", String::from_utf8_lossy(predicted)),
                Key::Scanned(key) => format!("scanned {}", String::from_utf8_lossy(key)),
                Key::End => break,
            };
            read.push((key, lex.u64()?));
        }
        lex.end()?;
        Ok(read)
    }

    #[test]
    fn predicted_and_plain_key_reads_agree_on_every_separator() {
        // `next_key_predicted_otherwise` repeats `object_step`'s checks with the position in a
        // local: every object, well-formed or not, must read the same values or fail with the
        // same error at the same place either way.
        fn values_plain(input: &[u8]) -> Result<Vec<u64>> {
            let mut lex = Lexer::new(input);
            lex.begin_object()?;
            let mut first = true;
            let mut values = Vec::new();
            while lex.next_key(&mut first)?.is_some() {
                values.push(lex.u64()?);
            }
            lex.end()?;
            Ok(values)
        }
        let separators = [
            "",
            " ",
            "\n",
            "\n  ",
            " \t\r\n        ",
            "\n                    ",
        ];
        let shapes = [
            "{_\"a\":1_,_\"bb\":22_}",
            "{_}",
            "{_\"a\":1_\"bb\":22}",
            "{_\"a\":1_,_}",
            "{_,_\"a\":1}",
            "{_\"a\":1_,_,_\"bb\":2}",
            "{_\"a\":1_,_5:2}",
            "{_\"a\":1_,_",
            "{_\"a\":1_",
            "{_",
            "{_\"a\":1_]",
            "{_\"a\"_:_1_,_\"bb\"_:_2_}",
            "{_\"a\":1_,_\"c\":3_}",
        ];
        let predictions: &[&[u8]] = &[b",\"a\":", b",\"bb\":"];
        for shape in shapes {
            for space in separators {
                let input = shape.replace('_', space);
                let plain = values_plain(input.as_bytes()).map_err(|e| e.to_string());
                let predicted = keys_with_predictions(input.as_bytes(), predictions)
                    .map(|read| read.into_iter().map(|(_, value)| value).collect::<Vec<_>>())
                    .map_err(|e| e.to_string());
                assert_eq!(predicted, plain, "{input:?}");
            }
        }
    }

    #[test]
    fn predicted_keys_are_taken_whole_in_compact_and_pretty_json() {
        let predictions: &[&[u8]] = &[b",\"a\":", b",\"bb\":"];
        let both = |how: &str| {
            vec![
                (format!("{how} ,\"a\":"), 1),
                (format!("{how} ,\"bb\":"), 22),
            ]
        };
        for input in [
            &br#"{"a":1,"bb":22}"#[..],
            br#"{"a": 1, "bb": 22}"#,
            b"{\n  \"a\": 1,\n  \"bb\": 22\n}",
            b"{\"a\":1 ,\"bb\":22}",
        ] {
            let read = keys_with_predictions(input, predictions).unwrap();
            assert_eq!(
                read,
                both("predicted"),
                "{}",
                String::from_utf8_lossy(input)
            );
        }
        // Another order, a space before the colon, no guess: scanned, same values.
        let read = keys_with_predictions(br#"{"bb":22,"a":1}"#, predictions).unwrap();
        assert_eq!(
            read,
            [("scanned bb".to_owned(), 22), ("scanned a".to_owned(), 1)]
        );
        let read = keys_with_predictions(br#"{"a" :1,"bb" : 22}"#, predictions).unwrap();
        assert_eq!(
            read,
            [("scanned a".to_owned(), 1), ("scanned bb".to_owned(), 22)]
        );
        let read = keys_with_predictions(br#"{"a":1,"bb":22}"#, &[b""]).unwrap();
        assert_eq!(
            read,
            [("scanned a".to_owned(), 1), ("scanned bb".to_owned(), 22)]
        );
    }

    #[test]
    fn a_predicted_key_never_excuses_bad_separators() {
        let predictions: &[&[u8]] = &[b",\"a\":", b",\"bb\":"];
        for (input, column) in [
            (&br#"{"a":1"bb":22}"#[..], 7),
            (br#"{"a":1,,"bb":22}"#, 8),
            (br#"{"a":1,}"#, 7),
            (br#"{,"a":1}"#, 2),
            (br#"{"a":1,"bb"22}"#, 12),
        ] {
            let err = keys_with_predictions(input, predictions).unwrap_err();
            assert!(err.is_syntax(), "{err}");
            assert_eq!(
                err.column(),
                column,
                "{}: {err}",
                String::from_utf8_lossy(input)
            );
        }
    }

    #[test]
    fn a_prediction_without_its_separator_cannot_excuse_a_missing_comma() {
        // A caller's table whose entry starts with another byte than `,` must not match where
        // that byte stands instead of the comma: the lexer checks the separator itself.
        let predictions: &[&[u8]] = &[b",\"a\":", b" \"bb\":"];
        let err = keys_with_predictions(br#"{"a":1 "bb":22}"#, predictions).unwrap_err();
        assert!(err.is_syntax(), "{err}");
        assert_eq!(err.column(), 8);
    }

    #[test]
    fn a_predicted_key_is_where_key_errors_point() {
        for (input, column) in [(&br#"{"a":1,"a":2}"#[..], 8), (b"{\"a\":1,\n \"a\":2}", 2)] {
            let mut lex = Lexer::new(input);
            lex.begin_object().unwrap();
            let mut first = true;
            let key = lex.next_key_predicted(&mut first, b",\"a\":").unwrap();
            assert_eq!(key, Key::Predicted);
            lex.u64().unwrap();
            let key = lex.next_key_predicted(&mut first, b",\"a\":").unwrap();
            assert_eq!(key, Key::Predicted);
            assert_eq!(lex.err_duplicate_field("a").column(), column);
        }
    }

    #[test]
    fn trailing_commas_are_errors() {
        let mut lex = Lexer::new(b"[1,]");
        lex.begin_array().unwrap();
        let mut first = true;
        assert!(lex.next_item(&mut first).unwrap());
        lex.u64().unwrap();
        let err = lex.next_item(&mut first).unwrap_err();
        assert!(err.is_syntax());
        let mut lex = Lexer::new(br#"{"a":1,}"#);
        lex.begin_object().unwrap();
        let mut first = true;
        lex.next_key(&mut first).unwrap();
        lex.u64().unwrap();
        assert!(lex.next_key(&mut first).is_err());
    }

    #[test]
    fn depth_limit_matches_serde_json() {
        let ok = "[".repeat(127) + &"]".repeat(127);
        let mut lex = Lexer::new(ok.as_bytes());
        lex.skip_value().unwrap();
        let too_deep = "[".repeat(128) + &"]".repeat(128);
        let mut lex = Lexer::new(too_deep.as_bytes());
        let err = lex.skip_value().unwrap_err();
        assert!(err.to_string().contains("limit of 128"), "{err}");
        let mut lex = Lexer::new(too_deep.as_bytes()).with_max_depth(129);
        lex.skip_value().unwrap();
    }

    #[test]
    fn mark_and_reset_restore_position_and_depth() {
        let mut lex = Lexer::new(b"[[1]]");
        let mark = lex.mark();
        lex.begin_array().unwrap();
        lex.begin_array().unwrap();
        lex.reset(mark);
        lex.skip_value().unwrap();
        lex.end().unwrap();
    }

    /// Every decode moves and borrows a `Lexer`: flatten's state stays behind one pointer, so
    /// that it does not grow the lexer (168 bytes when that state was inline), and the lexer
    /// (and `Extracted`, which holds one) keeps its auto traits.
    #[test]
    fn the_lexer_stays_small_and_sendable() {
        fn auto_traits<T: Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
        auto_traits::<Lexer<'static>>();
        assert!(std::mem::size_of::<Lexer<'static>>() <= 104);
    }

    /// The lexer is the cursor and flatten builds on it, never the reverse: no file of the
    /// lexer names an item of the flatten module or of `__private` (no import circle).
    #[test]
    fn the_lexer_names_nothing_of_flatten() {
        let files = [
            ("mod.rs", include_str!("mod.rs")),
            ("fork.rs", include_str!("fork.rs")),
            ("float.rs", include_str!("float.rs")),
            ("number.rs", include_str!("number.rs")),
            ("pow5.rs", include_str!("pow5.rs")),
            ("skip.rs", include_str!("skip.rs")),
            ("string.rs", include_str!("string.rs")),
        ];
        // Built at run time, so that this test's own text does not match.
        let names = [
            ["crate", "::flatten"].concat(),
            ["crate", "::__private"].concat(),
        ];
        for (file, text) in files {
            for name in &names {
                assert!(!text.contains(name.as_str()), "lexer/{file} names {name}");
            }
        }
    }

    #[test]
    fn literal_errors_point_at_the_bad_byte() {
        let mut lex = Lexer::new(b"nulx");
        let err = lex.null().unwrap_err();
        assert_eq!(err.column(), 4);
        let mut lex = Lexer::new(b"tru");
        assert!(lex.bool().unwrap_err().is_eof());
    }
}
