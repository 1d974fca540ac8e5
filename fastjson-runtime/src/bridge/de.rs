//! serde's `Deserializer` over fastjson's `Lexer`: what serde_json accepts, with fastjson's errors.
//!
//! Each method mirrors the one of `serde_json::Deserializer` (1.0.154) it is named after: the
//! same inputs accepted, the same visitor methods called with the same values, and a visitor's
//! error given the position serde_json's `fix_position` gives it. Arrays, objects and enums are
//! in `de_access.rs`, map keys in `de_key.rs`, byte strings in `de_bytes.rs`, ignored values
//! in `de_ignore.rs`, serde_json's `RawValue` in `de_raw.rs`.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Expected, Unexpected, Visitor};

use super::de_access::{visit_array, visit_enum_object, visit_object, UnitVariantAccess};
use super::de_ignore::ignore_value;
use super::de_raw::{visit_raw_value, RAW_VALUE_TOKEN};
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::{Lexer, Number, Str};

/// serde's `Deserializer` reading one JSON value from a fastjson [`Lexer`]: any type with a
/// serde `Deserialize` impl decodes what serde_json accepts, with fastjson's errors (line,
/// column and JSON path).
///
/// It is taken by value, as serde passes deserializers; a nested value gets a new one over the
/// same lexer, which is left after the value.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::bridge::Deserializer;
/// use fastjson::Lexer;
/// use serde::Deserialize;
///
/// let mut lex = Lexer::new(br#"[[1, 2], "rest"]"#);
/// lex.begin_array()?;
/// let mut first = true;
/// assert!(lex.next_item(&mut first)?);
/// // A serde type in the middle of a hand-written decode.
/// let pair = <(u8, u16)>::deserialize(Deserializer::new(&mut lex))?;
/// assert_eq!(pair, (1, 2));
/// assert!(lex.next_item(&mut first)?);
/// assert_eq!(&*lex.str()?, "rest");
/// # Ok::<(), fastjson::Error>(())
/// ```
pub struct Deserializer<'a, 'de> {
    lex: &'a mut Lexer<'de>,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer of the value at the lexer's position.
    pub fn new(lex: &'a mut Lexer<'de>) -> Self {
        Deserializer { lex }
    }
}

/// serde's errors are fastjson's: visitors' messages read as serde_json's (`invalid type: string
/// "x", expected u32`), and the bridge adds the position and path as the error comes back.
impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::custom(msg)
    }

    #[cold]
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::custom(format_args!(
            "invalid type: {}, expected {}",
            JsonUnexpected(unexp),
            exp
        ))
    }

    #[cold]
    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::custom(format_args!(
            "invalid value: {}, expected {}",
            JsonUnexpected(unexp),
            exp
        ))
    }
}

/// serde's `Unexpected` as serde_json words it: `null` for unit, floats as serde_json prints
/// them.
struct JsonUnexpected<'a>(Unexpected<'a>);

impl fmt::Display for JsonUnexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Float(value) => {
                write!(f, "floating point `{}`", zmij::Buffer::new().format(value))
            }
            unexp => fmt::Display::fmt(&unexp, f),
        }
    }
}

/// serde_json's `fix_position`: an error made without a position (by a visitor, through
/// `de::Error`) gets the one of the last byte read, once `consumed` bytes were. Errors the lexer
/// made keep theirs; while the lexer speculates nothing is counted (the error is thrown away).
#[cold]
pub(super) fn fix(lex: &Lexer<'_>, err: Error, consumed: usize) -> Error {
    if err.has_position() || lex.is_speculating() {
        err
    } else {
        err.placed_after(lex.input(), consumed)
    }
}

/// A visitor's result, its error placed after what the lexer has read.
#[inline]
fn fixed<T>(lex: &Lexer<'_>, result: Result<T>) -> Result<T> {
    result.map_err(|err| fix(lex, err, lex.position()))
}

/// serde_json's `peek_invalid_type`: the value that is there, read, named in an invalid-type
/// error (`invalid type: string "x", expected u32`); a malformed one is its syntax error.
#[cold]
#[inline(never)]
pub(super) fn peek_invalid_type(lex: &mut Lexer<'_>, exp: &dyn Expected) -> Error {
    let b = match lex.peek() {
        Ok(b) => b,
        Err(err) => return err,
    };
    let err = match b {
        b'n' => match lex.null() {
            Ok(()) => de::Error::invalid_type(Unexpected::Unit, exp),
            Err(err) => return err,
        },
        b't' | b'f' => match lex.bool() {
            Ok(v) => de::Error::invalid_type(Unexpected::Bool(v), exp),
            Err(err) => return err,
        },
        b'-' | b'0'..=b'9' => match lex.number() {
            Ok(Number::U64(v)) => de::Error::invalid_type(Unexpected::Unsigned(v), exp),
            Ok(Number::I64(v)) => de::Error::invalid_type(Unexpected::Signed(v), exp),
            Ok(Number::F64(v)) => de::Error::invalid_type(Unexpected::Float(v), exp),
            Err(err) => return err,
        },
        b'"' => match lex.str() {
            Ok(s) => de::Error::invalid_type(Unexpected::Str(&s), exp),
            Err(err) => return err,
        },
        b'[' => de::Error::invalid_type(Unexpected::Seq, exp),
        b'{' => de::Error::invalid_type(Unexpected::Map, exp),
        _ => return lex.error(ErrorCode::ExpectedValue),
    };
    fix(lex, err, lex.position())
}

/// A number as serde_json's `deserialize_number` hands it over: non-negative integers as `u64`,
/// negative ones as `i64`, anything else (fractions, exponents, `-0`, beyond 64 bits) as `f64`.
fn visit_number<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value> {
    match n {
        Number::U64(v) => visitor.visit_u64(v),
        Number::I64(v) => visitor.visit_i64(v),
        Number::F64(v) => visitor.visit_f64(v),
    }
}

/// serde_json's `deserialize_number` with single precision (its `float_roundtrip` build, the
/// exact one): integers as `deserialize_number`, other numbers rounded once, straight to `f32`,
/// and handed over as that `f32` widened.
pub(super) fn number_f32<'de>(lex: &mut Lexer<'de>) -> Result<Number> {
    let mark = lex.mark();
    match lex.number()? {
        Number::F64(_) => {
            lex.reset(mark);
            Ok(Number::F64(lex.f32()? as f64))
        }
        n => Ok(n),
    }
}

impl<'de> Deserializer<'_, 'de> {
    /// The integer and `f64` methods: serde_json hands every number to the visitor as it is
    /// (`visit_u64`, `visit_i64`, `visit_f64`), and the visitor decides whether it fits.
    fn number<V: Visitor<'de>>(self, visitor: V, single: bool) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'-' | b'0'..=b'9' => {
                let n = if single {
                    number_f32(lex)?
                } else {
                    lex.number()?
                };
                fixed(lex, visit_number(n, visitor))
            }
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }
}

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.number(visitor, false)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'n' => {
                lex.null()?;
                fixed(lex, visitor.visit_unit())
            }
            b't' | b'f' => {
                let v = lex.bool()?;
                fixed(lex, visitor.visit_bool(v))
            }
            b'-' | b'0'..=b'9' => {
                let n = lex.number()?;
                fixed(lex, visit_number(n, visitor))
            }
            b'"' => {
                let result = match lex.str()? {
                    Str::Borrowed(s) => visitor.visit_borrowed_str(s),
                    Str::Copied(s) => visitor.visit_str(s),
                };
                fixed(lex, result)
            }
            b'[' => visit_array(lex, visitor),
            b'{' => visit_object(lex, visitor),
            _ => Err(lex.error(ErrorCode::ExpectedValue)),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b't' | b'f' => {
                let v = lex.bool()?;
                fixed(lex, visitor.visit_bool(v))
            }
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    numbers!(
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_f64
    );

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.number(visitor, true)
    }

    /// serde_json reads the digits (and a leading `-`) of an integer and parses them as an
    /// `i128`: `-0` is 0, and a fraction or exponent is left to fail after the value.
    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        let v = lex.i128()?;
        fixed(lex, visitor.visit_i128(v))
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        let v = lex.u128()?;
        fixed(lex, visitor.visit_u128(v))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// Borrowed (`visit_borrowed_str`) when the string has no escapes, as serde_json's: a
    /// `#[serde(borrow)]` field points into the input.
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'"' => {
                let result = match lex.str()? {
                    Str::Borrowed(s) => visitor.visit_borrowed_str(s),
                    Str::Copied(s) => visitor.visit_str(s),
                };
                fixed(lex, result)
            }
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// A string as its raw bytes, as serde_json's `parse_str_raw` reads them: escapes decoded
    /// (a lone surrogate as its WTF-8 bytes), the rest not checked for UTF-8 or control
    /// characters; borrowed when there is no escape. An array is read as a sequence.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'"' => {
                let result = match lex.raw_string()? {
                    Cow::Borrowed(bytes) => visitor.visit_borrowed_bytes(bytes),
                    Cow::Owned(bytes) => visitor.visit_byte_buf(bytes),
                };
                fixed(lex, result)
            }
            b'[' => visit_array(lex, visitor),
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    /// `null` is `None`; anything else is `Some` of it.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Ok(b'n') = self.lex.peek() {
            self.lex.null()?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'n' => {
                lex.null()?;
                fixed(lex, visitor.visit_unit())
            }
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    /// A newtype struct is its content; serde_json's `RawValue` is its JSON text (`de_raw.rs`).
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == RAW_VALUE_TOKEN {
            return visit_raw_value(self.lex, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'[' => visit_array(lex, visitor),
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'{' => visit_object(lex, visitor),
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    /// An object, or (as serde_json allows) an array of the fields in declaration order.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'[' => visit_array(lex, visitor),
            b'{' => visit_object(lex, visitor),
            _ => Err(peek_invalid_type(lex, &visitor)),
        }
    }

    /// A string is a unit variant; `{"Variant": content}` any variant.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let lex = self.lex;
        match lex.peek()? {
            b'{' => visit_enum_object(lex, visitor),
            b'"' => visitor.visit_enum(UnitVariantAccess::new(lex)),
            _ => Err(lex.err_invalid_type_here("a string or an object (an enum)")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// Skipped as serde_json skips (`de_ignore.rs`): its grammar checked, not its text.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        ignore_value(self.lex)?;
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        true
    }
}
