//! Strings: `String`, `str`, borrowed `&'de str`, `Cow<str>`, `Box<str>`, `Rc<str>`, `Arc<str>`.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::error::Result;
use crate::lexer::{Lexer, Str};
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl Encode for str {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }

    /// The text and its quotes (escapes not counted).
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.len() + 2
    }
}

/// `Encode` and `Decode` for an owned string type (`$ty: Deref<Target = str>`) built from a
/// `&str` by `$from`: written as its text, read from a JSON string borrowed from the input (or
/// unescaped into the lexer's scratch), so the only allocation is the one `$from` makes (none
/// for the inline string types, `SmolStr` and `CompactString`, on short text).
macro_rules! owned_strings {
    ($($ty:ty => $from:expr;)*) => {$(
        impl $crate::traits::Encode for $ty {
            #[inline]
            fn encode<F: $crate::writer::Format>(&self, w: &mut $crate::writer::Writer<'_, F>) {
                w.str(self);
            }

            /// The text and its quotes (escapes not counted).
            #[inline]
            fn encoded_len_hint(&self) -> usize {
                self.len() + 2
            }
        }

        impl<'de> $crate::traits::Decode<'de> for $ty {
            #[inline]
            fn decode(lex: &mut $crate::lexer::Lexer<'de>) -> $crate::error::Result<Self> {
                Ok($from(&*lex.str()?))
            }
        }
    )*};
}
#[cfg(any(feature = "smol_str", feature = "compact_str"))]
pub(crate) use owned_strings;

owned_strings! {
    String => String::from;
}

/// Borrows from the input; a string with escapes cannot be borrowed and is an error, as in
/// serde_json. Use `Cow<str>` with `#[serde(borrow)]` to borrow when possible.
impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let start = lex.mark();
        match lex.str()? {
            Str::Borrowed(s) => Ok(s),
            Str::Copied(_) => {
                lex.reset(start);
                lex.peek()?;
                Err(lex.err_borrowed_string_escaped())
            }
        }
    }
}

impl Encode for Cow<'_, str> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self);
    }

    /// The text and its quotes (escapes not counted).
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.len() + 2
    }
}

/// Always owned, as serde does; a field marked `#[serde(borrow)]` borrows instead.
impl<'de> Decode<'de> for Cow<'_, str> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        Ok(Cow::Owned(String::decode(lex)?))
    }
}

macro_rules! shared_str {
    ($($ptr:ident)*) => {$(
        impl<'de> Decode<'de> for $ptr<str> {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                Ok($ptr::from(&*lex.str()?))
            }
        }
    )*};
}

shared_str!(Box Rc Arc);

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use crate::{from_slice, to_vec};

    #[test]
    fn borrowed_str_rejects_escapes() {
        assert_eq!(from_slice::<&str>(br#""abc""#).unwrap(), "abc");
        let err = from_slice::<&str>(br#""a\nb""#).unwrap_err();
        assert!(err.message().contains("borrowed"), "{err}");
    }

    #[test]
    fn strings_round_trip_through_every_owner() {
        let text = br#""a\"b\u00e9""#;
        assert_eq!(from_slice::<String>(text).unwrap(), "a\"bé");
        assert_eq!(&*from_slice::<Box<str>>(text).unwrap(), "a\"bé");
        assert!(matches!(
            from_slice::<Cow<str>>(text).unwrap(),
            Cow::Owned(_)
        ));
        assert_eq!(to_vec("a\"bé"), serde_json::to_vec("a\"bé").unwrap());
    }
}
