//! `RawValue`: a JSON value kept as its text, serde_json's `value::RawValue` on fastjson's
//! lexer and writer (the type, its `Encode`/`Decode` impls and its constructors).

use std::fmt::{self, Debug, Display};

use crate::error::{ErrorCode, Result};
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// A JSON value kept as its text: validated when it is decoded, written back byte for byte,
/// decoded into a type later (or never). serde_json's `value::RawValue`, with its wire format.
///
/// `&RawValue` borrows from the input; `Box<RawValue>` owns its text. The text is the value
/// alone, without the whitespace around it, exactly as the input wrote it (escapes, spacing
/// inside and number spelling kept).
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use std::collections::BTreeMap;
/// use fastjson::RawValue;
///
/// let input = r#"{"kind": "order", "payload": {"sku":"a1", "quantity":2} }"#;
/// let envelope: BTreeMap<&str, &RawValue> = fastjson::from_str(input)?;
/// let payload = envelope["payload"];
/// assert_eq!(payload.get(), r#"{"sku":"a1", "quantity":2}"#);
///
/// // Finished later, once the kind says what it is.
/// let order: BTreeMap<&str, serde_json::Value> = payload.decode()?;
/// assert_eq!(order["quantity"], 2);
///
/// // Written back as it was read.
/// assert_eq!(
///     fastjson::to_string(&envelope),
///     r#"{"kind":"order","payload":{"sku":"a1", "quantity":2}}"#
/// );
/// # Ok::<(), fastjson::Error>(())
/// ```
///
/// A derived struct's `&'a RawValue` field borrows from the input without
/// `#[serde(borrow)]`, as a `&'a str` field does.
///
/// A raw value is decoded as the validating skipper reads a value: its nesting counts against
/// the depth limit, and a string's UTF-8 and `\u` escapes are checked. An `Option<&RawValue>`
/// is `None` for `null`, as in serde_json.
#[repr(transparent)]
pub struct RawValue {
    json: str,
}

impl RawValue {
    /// The JSON text `null`.
    pub const NULL: &'static RawValue = RawValue::from_borrowed("null");
    /// The JSON text `true`.
    pub const TRUE: &'static RawValue = RawValue::from_borrowed("true");
    /// The JSON text `false`.
    pub const FALSE: &'static RawValue = RawValue::from_borrowed("false");

    /// The caller has checked that `json` is one JSON value without surrounding whitespace.
    pub(crate) const fn from_borrowed(json: &str) -> &RawValue {
        // SAFETY: `RawValue` is `#[repr(transparent)]` over `str`, so a `&str` and a
        // `&RawValue` have the same layout and pointer metadata (the length); the lifetime is
        // kept. There is no safe cast between unsized types.
        unsafe { &*(json as *const str as *const RawValue) }
    }

    /// As [`Self::from_borrowed`], owned.
    fn from_owned(json: Box<str>) -> Box<RawValue> {
        // SAFETY: as in `from_borrowed`; the allocation was made for a `str` of this length,
        // which has the layout of this `RawValue`, so the box frees it with the same layout.
        unsafe { Box::from_raw(Box::into_raw(json) as *mut RawValue) }
    }

    /// Checks that `json` is one JSON value, with whitespace around it allowed and trimmed, as
    /// serde_json's `RawValue::from_string` does. The string is kept without a copy when it
    /// has no such whitespace.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// use fastjson::RawValue;
    ///
    /// let raw = RawValue::from_string(" [1, 2] \n".to_string())?;
    /// assert_eq!(raw.get(), "[1, 2]");
    /// assert!(RawValue::from_string("[1, 2".to_string()).is_err());
    /// assert!(RawValue::from_string("1 2".to_string()).is_err());
    /// # Ok::<(), fastjson::Error>(())
    /// ```
    pub fn from_string(json: String) -> Result<Box<RawValue>> {
        let borrowed: &RawValue = crate::from_str(&json)?;
        if borrowed.json.len() < json.len() {
            return Ok(borrowed.to_owned());
        }
        Ok(Self::from_owned(json.into_boxed_str()))
    }

    /// The JSON text.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let raw: &fastjson::RawValue = fastjson::from_str(r#" {"a": 1} "#)?;
    /// assert_eq!(raw.get(), r#"{"a": 1}"#);
    /// # Ok::<(), fastjson::Error>(())
    /// ```
    pub fn get(&self) -> &str {
        &self.json
    }

    /// Decodes the text as a `T`, which may borrow from it: what `serde_json::from_str(raw.get())`
    /// does with serde_json's `RawValue`. Errors give lines and columns in the raw text.
    ///
    /// ```
    /// # mod fastjson { pub use fastjson_runtime::*; }
    /// let raw: &fastjson::RawValue = fastjson::from_str(r#"["a", "b"]"#)?;
    /// let items: Vec<&str> = raw.decode()?;
    /// assert_eq!(items, ["a", "b"]);
    /// assert!(raw.decode::<u32>().is_err());
    /// # Ok::<(), fastjson::Error>(())
    /// ```
    pub fn decode<'a, T: Decode<'a>>(&'a self) -> Result<T> {
        crate::from_str(&self.json)
    }
}

/// Encodes `value` into a `Box<RawValue>` (compact), as serde_json's `to_raw_value`; encoding
/// cannot fail, so this returns the value itself.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let raw = fastjson::to_raw_value(&vec![1, 2]);
/// assert_eq!(raw.get(), "[1,2]");
/// ```
pub fn to_raw_value<T: Encode + ?Sized>(value: &T) -> Box<RawValue> {
    RawValue::from_owned(crate::to_string(value).into_boxed_str())
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;

    fn to_owned(&self) -> Box<RawValue> {
        RawValue::from_owned(self.json.into())
    }
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

/// `null`, as serde_json's.
impl Default for Box<RawValue> {
    fn default() -> Self {
        RawValue::NULL.to_owned()
    }
}

impl From<Box<RawValue>> for Box<str> {
    fn from(raw: Box<RawValue>) -> Self {
        // SAFETY: the inverse of `RawValue::from_owned`, same layout and allocation.
        unsafe { Box::from_raw(Box::into_raw(raw) as *mut str) }
    }
}

/// `RawValue(<text>)`, as serde_json's (the text unquoted).
impl Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawValue")
            .field(&format_args!("{}", &self.json))
            .finish()
    }
}

/// The JSON text.
impl Display for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.json)
    }
}

/// The text as it is, in every layout: serde_json writes a raw value verbatim in its pretty
/// layout too. [`HtmlSafe`](crate::HtmlSafe) escapes its HTML-unsafe characters, which keeps
/// its promise and the value's meaning.
impl Encode for RawValue {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.json_text(&self.json);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.json.len()
    }
}

/// Skips the value with the validating skipper (after whitespace) and borrows its text.
impl<'de: 'a, 'a> Decode<'de> for &'a RawValue {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        lex.peek()?;
        let start = lex.position();
        lex.skip_value()?;
        let text = &lex.input()[start..lex.position()];
        // The skipper checked every string's UTF-8 (or the input is a `str`), and the rest of a
        // value is ASCII; the check stays because a `&str` cannot be made without it (but with
        // `unsafe`), and it reports rather than trusts.
        let text = simdutf8::basic::from_utf8(text).map_err(|_| {
            let valid = std::str::from_utf8(text).map_or_else(|e| e.valid_up_to(), |_| 0);
            lex.error_at(ErrorCode::InvalidUtf8, start + valid)
        })?;
        Ok(RawValue::from_borrowed(text))
    }
}

impl<'de> Decode<'de> for Box<RawValue> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        <&RawValue>::decode(lex).map(RawValue::to_owned)
    }
}

/// Any JSON value: the schema `{}`.
impl Schema for RawValue {
    const SCHEMA_NAME: &'static str = "RawValue";

    fn schema() -> &'static str {
        "{}"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The casts at their edges (empty and long texts, borrowed and owned, cloned, turned back
    /// into `Box<str>` and dropped), for `cargo xtask valgrind` to watch.
    #[test]
    fn casts_keep_the_text_and_free_what_they_own() {
        let long = format!("[{}0]", "0,".repeat(10_000));
        for text in ["0", "\"\"", long.as_str()] {
            let borrowed = RawValue::from_borrowed(text);
            assert_eq!(borrowed.get().as_ptr(), text.as_ptr());
            assert_eq!(borrowed.get().len(), text.len());
            let owned = borrowed.to_owned();
            let cloned = owned.clone();
            assert_eq!(cloned.get(), text);
            let back: Box<str> = owned.into();
            assert_eq!(&*back, text);
            let kept = RawValue::from_string(text.to_owned()).expect("valid JSON");
            assert_eq!(kept.get(), text);
        }
        assert_eq!(RawValue::from_owned("".into()).get(), "");
    }

    #[test]
    fn decode_keeps_the_value_alone_and_stops_after_it() {
        let mut lex = Lexer::new(b" \n[1, {\"a\":\"\\u00e9\"}]  , 2");
        let raw = <&RawValue>::decode(&mut lex).expect("valid value");
        assert_eq!(raw.get(), "[1, {\"a\":\"\\u00e9\"}]");
        assert_eq!(lex.position(), 2 + raw.get().len());
        assert!(<&RawValue>::decode(&mut Lexer::new(b"\"\xFF\"")).is_err());
        assert!(<&RawValue>::decode(&mut Lexer::new(b"  ")).is_err());
    }
}
