//! `Error`: what went wrong, where in the bytes (line, column, offset) and where in the value (path).

use std::borrow::Cow;
use std::fmt;

/// Result type of every decode in fastjson.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// A decode error: its category, position and the JSON path of the value being decoded.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; pub mod error { pub use fastjson_runtime::Category; } }
/// use fastjson::error::Category;
///
/// let err = fastjson::from_str::<Vec<u32>>("[1,\n 2,\n \"x\"]").unwrap_err();
/// assert_eq!(err.classify(), Category::Data);
/// assert!(err.is_data());
/// assert_eq!((err.line(), err.column()), (3, 2));
/// assert_eq!(err.path(), "$[2]");
/// assert_eq!(err.message(), "expected u32, found string");
/// assert_eq!(err.to_string(), "expected u32, found string at $[2] (line 3, column 2)");
///
/// let err = fastjson::from_str::<Vec<u32>>("[1, 2").unwrap_err();
/// assert!(err.is_eof());
/// ```
///
/// Boxed so that `Result<T, Error>` stays one word wider than `T` on the hot path.
/// The path is built while the error unwinds through the generated code, so the success path
/// never pays for it.
pub struct Error(Box<ErrorImpl>);

struct ErrorImpl {
    code: ErrorCode,
    offset: usize,
    line: usize,
    column: usize,
    /// Path segments, innermost first (pushed while unwinding).
    path: Vec<PathSegment>,
}

enum PathSegment {
    Field(Box<str>),
    Index(usize),
}

/// Broad classes of errors, as in `serde_json::error::Category`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Category {
    /// The input is not valid JSON (bad token, bad escape, invalid UTF-8, ...).
    Syntax,
    /// The input is valid JSON but does not fit the target type.
    Data,
    /// The input ended in the middle of a value.
    Eof,
    /// Reading or writing the underlying I/O stream failed.
    Io,
}

/// What the lexer found where it expected something else: used in "invalid type" errors.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// An integer.
    Number,
    /// A number with a fraction or an exponent.
    Float,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl Found {
    fn as_str(self) -> &'static str {
        match self {
            Found::Null => "null",
            Found::Bool => "boolean",
            Found::Number => "number",
            Found::Float => "floating point number",
            Found::String => "string",
            Found::Array => "array",
            Found::Object => "object",
        }
    }
}

pub(crate) enum ErrorCode {
    EofWhileParsing,
    ExpectedValue,
    ExpectedColon,
    ExpectedCommaOrEnd(u8),
    KeyMustBeString,
    TrailingComma,
    InvalidLiteral,
    InvalidNumber,
    NumberOutOfRange(&'static str),
    InvalidEscape,
    LoneSurrogate,
    ControlCharacterInString,
    InvalidUtf8,
    TrailingCharacters,
    DepthLimitExceeded(u32),
    /// A value of a stream longer than the stream's `max_value_len`.
    ValueTooLong(usize),
    InvalidType {
        found: Found,
        expected: Cow<'static, str>,
    },
    /// A value neither a string nor an object where an externally tagged enum goes: worded as
    /// `InvalidType`, a syntax error as serde_json's "expected value" there is.
    NotAnEnum {
        found: Found,
        expected: &'static str,
    },
    InvalidValue {
        found: String,
        expected: Cow<'static, str>,
    },
    InvalidLength {
        len: usize,
        expected: Cow<'static, str>,
    },
    MissingField(Box<str>),
    UnknownField(Box<str>, &'static [&'static str]),
    DuplicateField(Box<str>),
    UnknownVariant(Box<str>, &'static [&'static str]),
    NoVariantMatched(Box<str>),
    BorrowedStringEscaped,
    Custom(Box<str>),
    Io(std::io::Error),
}

impl ErrorCode {
    fn category(&self) -> Category {
        match self {
            ErrorCode::EofWhileParsing => Category::Eof,
            ErrorCode::ExpectedValue
            | ErrorCode::ExpectedColon
            | ErrorCode::ExpectedCommaOrEnd(_)
            | ErrorCode::KeyMustBeString
            | ErrorCode::TrailingComma
            | ErrorCode::InvalidLiteral
            | ErrorCode::InvalidNumber
            | ErrorCode::InvalidEscape
            | ErrorCode::LoneSurrogate
            | ErrorCode::ControlCharacterInString
            | ErrorCode::InvalidUtf8
            | ErrorCode::TrailingCharacters
            | ErrorCode::NotAnEnum { .. }
            // A resource limit, as the depth limit: the value cannot be read, whatever it holds.
            | ErrorCode::DepthLimitExceeded(_)
            | ErrorCode::ValueTooLong(_) => Category::Syntax,
            // As serde_json sorts them: a float past f64's range and a 128-bit integer past its
            // type's are the text's fault (its parser refuses them); an integer that does not
            // fit a type of 64 bits or fewer is a value the type cannot hold ("invalid value"),
            // data, below.
            ErrorCode::NumberOutOfRange("f32" | "f64" | "i128" | "u128") => Category::Syntax,
            ErrorCode::Io(_) => Category::Io,
            _ => Category::Data,
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorCode::EofWhileParsing => f.write_str("unexpected end of input"),
            ErrorCode::ExpectedValue => f.write_str("expected a JSON value"),
            ErrorCode::ExpectedColon => f.write_str("expected `:`"),
            ErrorCode::ExpectedCommaOrEnd(close) => {
                write!(f, "expected `,` or `{}`", *close as char)
            }
            ErrorCode::KeyMustBeString => f.write_str("object key must be a string"),
            ErrorCode::TrailingComma => f.write_str("trailing comma"),
            ErrorCode::InvalidLiteral => f.write_str("invalid literal"),
            ErrorCode::InvalidNumber => f.write_str("invalid number"),
            ErrorCode::NumberOutOfRange(ty) => write!(f, "number out of range for {ty}"),
            ErrorCode::InvalidEscape => f.write_str("invalid escape"),
            ErrorCode::LoneSurrogate => f.write_str("lone surrogate in \\u escape"),
            ErrorCode::ControlCharacterInString => {
                f.write_str("control character (U+0000 to U+001F) in string")
            }
            ErrorCode::InvalidUtf8 => f.write_str("invalid UTF-8 in string"),
            ErrorCode::TrailingCharacters => f.write_str("trailing characters after the value"),
            ErrorCode::DepthLimitExceeded(limit) => {
                write!(f, "nesting deeper than the limit of {limit}")
            }
            ErrorCode::ValueTooLong(limit) => {
                write!(f, "value longer than the limit of {limit} bytes")
            }
            ErrorCode::InvalidType { found, expected } => {
                write!(f, "expected {expected}, found {}", found.as_str())
            }
            ErrorCode::NotAnEnum { found, expected } => {
                write!(f, "expected {expected}, found {}", found.as_str())
            }
            ErrorCode::InvalidValue { found, expected } => {
                write!(f, "invalid value {found}, expected {expected}")
            }
            ErrorCode::InvalidLength { len, expected } => {
                write!(f, "invalid length {len}, expected {expected}")
            }
            ErrorCode::MissingField(name) => write!(f, "missing field `{name}`"),
            ErrorCode::UnknownField(name, expected) => {
                write!(f, "unknown field `{name}`, ")?;
                write_one_of(f, expected)
            }
            ErrorCode::DuplicateField(name) => write!(f, "duplicate field `{name}`"),
            ErrorCode::UnknownVariant(name, expected) => {
                write!(f, "unknown variant `{name}`, ")?;
                write_one_of(f, expected)
            }
            ErrorCode::NoVariantMatched(name) => {
                write!(f, "data did not match any variant of untagged enum {name}")
            }
            ErrorCode::BorrowedStringEscaped => {
                f.write_str("expected a borrowed string, found a string with escapes")
            }
            ErrorCode::Custom(msg) => f.write_str(msg),
            ErrorCode::Io(err) => write!(f, "I/O error: {err}"),
        }
    }
}

fn write_one_of(f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
    match names {
        [] => f.write_str("there are none"),
        [one] => write!(f, "expected `{one}`"),
        [first, second] => write!(f, "expected `{first}` or `{second}`"),
        _ => {
            f.write_str("expected one of ")?;
            for (i, name) in names.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "`{name}`")?;
            }
            Ok(())
        }
    }
}

impl Error {
    /// Builds an error at byte `offset` of `input`; line and column are computed here, once,
    /// on the error path only.
    #[cold]
    #[inline(never)]
    pub(crate) fn at_offset(code: ErrorCode, input: &[u8], offset: usize) -> Error {
        let offset = offset.min(input.len());
        let before = &input[..offset];
        let line = 1 + crate::swar::count_newlines(before);
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = 1 + offset - line_start;
        Error(Box::new(ErrorImpl {
            code,
            offset,
            line,
            column,
            path: Vec::new(),
        }))
    }

    /// An error at `offset` whose line and column are not counted (0), for a decode attempt
    /// that throws its errors away (`Lexer::speculate`).
    #[cold]
    pub(crate) fn unplaced(code: ErrorCode, offset: usize) -> Error {
        Error(Box::new(ErrorImpl {
            code,
            offset,
            line: 0,
            column: 0,
            path: Vec::new(),
        }))
    }

    /// An error with no position (I/O, or a custom error raised outside a lexer).
    #[cold]
    pub(crate) fn without_position(code: ErrorCode) -> Error {
        Error(Box::new(ErrorImpl {
            code,
            offset: 0,
            line: 0,
            column: 0,
            path: Vec::new(),
        }))
    }

    /// True when the error knows where it happened (false for `Error::custom`, serde's
    /// `de::Error::custom`, and errors made while speculating).
    #[cfg(feature = "serde")]
    pub(crate) fn has_position(&self) -> bool {
        self.0.line != 0
    }

    /// This error (message and path kept) at byte `offset` of `input`, counted as the lexer
    /// counts: the serde bridge moves an error made over a map key's text to the key in the
    /// document.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn placed_at(mut self, input: &[u8], offset: usize) -> Error {
        let placed = Error::at_offset(ErrorCode::EofWhileParsing, input, offset);
        (self.0.offset, self.0.line, self.0.column) =
            (placed.0.offset, placed.0.line, placed.0.column);
        self
    }

    /// This error (message and path kept) where serde_json's `fix_position` puts an error a
    /// visitor raised once `consumed` bytes of `input` were read: the line and column of the last
    /// byte read, a newline counting as column 0 of the line it starts. The serde bridge gives
    /// visitor errors this position so that they point where serde_json's do.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn placed_after(mut self, input: &[u8], consumed: usize) -> Error {
        let consumed = consumed.min(input.len());
        let before = &input[..consumed];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.0.line = 1 + crate::swar::count_newlines(&before[..line_start]);
        self.0.column = consumed - line_start;
        self.0.offset = consumed.saturating_sub(1);
        self
    }

    #[cold]
    pub(crate) fn io(err: std::io::Error) -> Error {
        Error::without_position(ErrorCode::Io(err))
    }

    /// This error as if the input it was made over started at byte `offset` of a longer one,
    /// where the line is `line` (1-based) and the column before it `column` (0-based): a
    /// stream reader's buffer holds a window of the stream, and errors name stream positions.
    #[cold]
    #[inline(never)]
    pub(crate) fn shifted(mut self, offset: usize, line: usize, column: usize) -> Error {
        self.0.offset += offset;
        if self.0.line != 0 {
            if self.0.line == 1 {
                self.0.column += column;
            }
            self.0.line += line - 1;
        }
        self
    }

    /// Adds an object field to the error's path (called while unwinding, innermost first).
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn at_field(mut self, name: &str) -> Error {
        self.0.path.push(PathSegment::Field(name.into()));
        self
    }

    /// Adds an array index to the error's path (called while unwinding, innermost first).
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn at_index(mut self, index: usize) -> Error {
        self.0.path.push(PathSegment::Index(index));
        self
    }

    /// The broad class of the error, as `serde_json::Error::classify`.
    pub fn classify(&self) -> Category {
        self.0.code.category()
    }

    /// True for errors caused by input that is not valid JSON.
    pub fn is_syntax(&self) -> bool {
        self.classify() == Category::Syntax
    }

    /// True for valid JSON that does not fit the target type.
    pub fn is_data(&self) -> bool {
        self.classify() == Category::Data
    }

    /// True when the input ended early.
    pub fn is_eof(&self) -> bool {
        self.classify() == Category::Eof
    }

    /// True when reading the input or writing the output failed (`from_reader`, `to_writer`),
    /// as `serde_json::Error::is_io`.
    pub fn is_io(&self) -> bool {
        self.classify() == Category::Io
    }

    /// 1-based line of the failing byte (0 when the error has no position).
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// 1-based column (in bytes) of the failing byte (0 when the error has no position).
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// Byte offset of the failing byte in the input.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// The JSON path of the value being decoded, like `$.statuses[3].user.id`.
    pub fn path(&self) -> String {
        let mut out = String::from("$");
        for segment in self.0.path.iter().rev() {
            match segment {
                PathSegment::Field(name) => {
                    if is_plain_identifier(name) {
                        out.push('.');
                        out.push_str(name);
                    } else {
                        out.push_str("[\"");
                        for c in name.chars() {
                            if c == '"' || c == '\\' {
                                out.push('\\');
                            }
                            out.push(c);
                        }
                        out.push_str("\"]");
                    }
                }
                PathSegment::Index(i) => {
                    out.push('[');
                    out.push_str(itoa::Buffer::new().format(*i));
                    out.push(']');
                }
            }
        }
        out
    }

    /// The message without position or path, e.g. ``missing field `id` ``.
    pub fn message(&self) -> String {
        self.0.code.to_string()
    }

    /// Makes a custom data error with no position; generated code and `with` functions use
    /// `Lexer::err_custom` instead, which records where it happened.
    #[cold]
    pub fn custom(msg: impl fmt::Display) -> Error {
        Error::without_position(ErrorCode::Custom(msg.to_string().into_boxed_str()))
    }

    /// The I/O error inside, if this is one.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match &self.0.code {
            ErrorCode::Io(err) => Some(err),
            _ => None,
        }
    }

    /// The kind of the I/O error inside, if this is one, as `serde_json::Error::io_error_kind`.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// use std::io;
    ///
    /// struct Broken;
    /// impl io::Read for Broken {
    ///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
    ///         Err(io::Error::new(io::ErrorKind::ConnectionReset, "reset"))
    ///     }
    /// }
    ///
    /// let err = fastjson::from_reader::<_, u32>(Broken).unwrap_err();
    /// assert!(err.is_io());
    /// assert_eq!(err.io_error_kind(), Some(io::ErrorKind::ConnectionReset));
    /// assert_eq!(fastjson::from_str::<u32>("x").unwrap_err().io_error_kind(), None);
    /// ```
    pub fn io_error_kind(&self) -> Option<std::io::ErrorKind> {
        self.io_error().map(std::io::Error::kind)
    }
}

fn is_plain_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.0.code, self.path())?;
        if self.0.line != 0 {
            write!(f, " (line {}, column {})", self.0.line, self.0.column)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?}, \"{}\")", self.classify(), self)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0.code {
            ErrorCode::Io(err) => Some(err),
            _ => None,
        }
    }
}

/// As serde_json's: an I/O error comes back as it was, an end-of-input error becomes
/// `UnexpectedEof` (so `read_exact`-style callers treat a short document as a short read), and
/// syntax and data errors become `InvalidData`.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use std::io;
///
/// let eof = fastjson::from_str::<Vec<u32>>("[1, 2").unwrap_err();
/// assert_eq!(io::Error::from(eof).kind(), io::ErrorKind::UnexpectedEof);
/// let syntax = fastjson::from_str::<Vec<u32>>("[1, x]").unwrap_err();
/// assert_eq!(io::Error::from(syntax).kind(), io::ErrorKind::InvalidData);
/// ```
impl From<Error> for std::io::Error {
    fn from(err: Error) -> std::io::Error {
        let kind = if err.is_eof() {
            std::io::ErrorKind::UnexpectedEof
        } else {
            std::io::ErrorKind::InvalidData
        };
        match err.0.code {
            ErrorCode::Io(io) => io,
            _ => std::io::Error::new(kind, err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_from_one() {
        let input = b"{\n  \"a\": x}";
        let err = Error::at_offset(ErrorCode::ExpectedValue, input, 9);
        assert_eq!((err.line(), err.column(), err.offset()), (2, 8, 9));
    }

    #[test]
    fn path_is_built_innermost_first() {
        let err = Error::at_offset(ErrorCode::ExpectedValue, b"", 0)
            .at_field("id")
            .at_field("user")
            .at_index(3)
            .at_field("statuses");
        assert_eq!(err.path(), "$.statuses[3].user.id");
    }

    #[test]
    fn odd_field_names_are_bracketed() {
        let err = Error::at_offset(ErrorCode::ExpectedValue, b"", 0)
            .at_field("a b")
            .at_field("x\"y");
        assert_eq!(err.path(), "$[\"x\\\"y\"][\"a b\"]");
    }

    #[test]
    fn display_names_message_path_and_position() {
        let input = br#"{"id": "x"}"#;
        let err = Error::at_offset(
            ErrorCode::InvalidType {
                found: Found::String,
                expected: "u64".into(),
            },
            input,
            7,
        )
        .at_field("id");
        assert_eq!(
            err.to_string(),
            "expected u64, found string at $.id (line 1, column 8)"
        );
        assert_eq!(err.classify(), Category::Data);
    }

    #[test]
    fn one_of_lists_read_naturally() {
        let err = Error::at_offset(
            ErrorCode::UnknownField("z".into(), &["a", "b", "c"]),
            b"",
            0,
        );
        assert_eq!(
            err.message(),
            "unknown field `z`, expected one of `a`, `b`, `c`"
        );
        let err = Error::at_offset(ErrorCode::UnknownVariant("z".into(), &["A"]), b"", 0);
        assert_eq!(err.message(), "unknown variant `z`, expected `A`");
    }
}
