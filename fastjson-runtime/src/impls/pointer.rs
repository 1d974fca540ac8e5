//! Transparent wrappers: references, `Box`, `Rc`, `Arc`, `Option`.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::__private::HideKeys;
use crate::error::Result;
use crate::lexer::{Lexer, Mark};
use crate::traits::{Decode, DecodeFields, Encode, EncodeFields};
use crate::writer::{Format, Writer};

impl<T: Encode + ?Sized> Encode for &T {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        (**self).encoded_len_hint()
    }
}

impl<T: Encode + ?Sized> Encode for &mut T {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        (**self).encoded_len_hint()
    }
}

macro_rules! smart_pointer {
    ($($ptr:ident)*) => {$(
        impl<T: Encode + ?Sized> Encode for $ptr<T> {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                (**self).encode(w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                (**self).encoded_len_hint()
            }
        }
        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            const ENDS_WITH_CLOSING_BRACKET: bool = T::ENDS_WITH_CLOSING_BRACKET;

            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                T::decode(lex).map($ptr::new)
            }

            #[inline]
            fn decode_missing_field(lex: &Lexer<'de>, name: &str) -> Result<Self> {
                T::decode_missing_field(lex, name).map($ptr::new)
            }
        }
    )*};
}

smart_pointer!(Box Rc Arc);

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Some(value) => value.encode(w),
            None => w.null(),
        }
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.as_ref().map_or(4, T::encoded_len_hint)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        if lex.try_null()? {
            Ok(None)
        } else {
            T::decode(lex).map(Some)
        }
    }

    #[inline]
    fn decode_missing() -> Option<Self> {
        Some(None)
    }
}

/// `#[serde(flatten)] Option<T>`: nothing when `None`.
impl<T: EncodeFields> EncodeFields for Option<T> {
    #[inline]
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        if let Some(inner) = self {
            inner.encode_fields(w, first);
        }
    }

    #[inline]
    fn encoded_fields_len_hint(&self) -> usize {
        self.as_ref().map_or(0, T::encoded_fields_len_hint)
    }
}

/// `#[serde(flatten)] Option<T>`: `None` when `T` cannot be built from the keys it was offered,
/// as serde does (serde buffers the entries and turns any error into `None`; here a value that
/// fails to decode is skipped instead, which needs no buffer).
impl<'de, T: DecodeFields<'de>> DecodeFields<'de> for Option<T> {
    type Builder = OptionFieldsBuilder<T::Builder>;
    const LEAVES_KEYS: bool = T::LEAVES_KEYS;
    const TAKES_KEYS: &'static [&'static str] = T::TAKES_KEYS;
    const TAKES_ONLY_FIRST: bool = T::TAKES_ONLY_FIRST;
    // An externally tagged enum takes its one entry whether its value fails or not.
    const STOPS_ON_FAILURE: bool = !T::TAKES_KEYS.is_empty() && !T::TAKES_ONLY_FIRST;
    const STOP_SLOTS: u32 = if Self::STOPS_ON_FAILURE {
        1
    } else {
        T::STOP_SLOTS
    };

    #[inline]
    fn decode_field(
        builder: &mut Self::Builder,
        key: &Cow<'de, str>,
        lex: &mut Lexer<'de>,
    ) -> Result<bool> {
        if builder.failed {
            return Ok(false);
        }
        let start = lex.mark();
        match T::decode_field(&mut builder.inner, key, lex) {
            Ok(taken) => Ok(taken),
            Err(_) => {
                // The value is still valid JSON to be consumed; only syntax errors propagate.
                builder.failed = true;
                lex.reset(start);
                if Self::STOPS_ON_FAILURE {
                    if let Some(object) = builder.object {
                        lex.note_flatten_stop(object, builder.stop_slot, start.pos());
                    }
                }
                lex.skip_value().map(|()| true)
            }
        }
    }

    #[inline]
    fn object_at<H: HideKeys>(builder: &mut Self::Builder, object: Mark) {
        if Self::STOPS_ON_FAILURE {
            builder.object = Some(object);
            builder.stop_slot = H::STOP_SLOTS;
        }
        T::object_at::<H>(&mut builder.inner, object);
    }

    fn finish(builder: &mut Self::Builder, lex: &Lexer<'de>) -> Result<Self> {
        if builder.failed {
            return Ok(None);
        }
        Ok(T::finish(&mut builder.inner, lex).ok())
    }
}

/// The partial state of a flattened `Option<T>`.
#[doc(hidden)]
#[derive(Default)]
pub struct OptionFieldsBuilder<B> {
    inner: B,
    failed: bool,
    /// Where the enclosing object starts and this field's stop slot (`object_at`), when its
    /// type can stop taking keys (`DecodeFields::STOPS_ON_FAILURE`).
    object: Option<Mark>,
    stop_slot: u32,
}

impl<T: EncodeFields + ?Sized> EncodeFields for Box<T> {
    #[inline]
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        (**self).encode_fields(w, first);
    }

    #[inline]
    fn encoded_fields_len_hint(&self) -> usize {
        (**self).encoded_fields_len_hint()
    }
}

impl<'de, T: DecodeFields<'de>> DecodeFields<'de> for Box<T> {
    type Builder = T::Builder;
    const LEAVES_KEYS: bool = T::LEAVES_KEYS;
    const TAKES_KEYS: &'static [&'static str] = T::TAKES_KEYS;
    const TAKES_ONLY_FIRST: bool = T::TAKES_ONLY_FIRST;
    const STOPS_ON_FAILURE: bool = T::STOPS_ON_FAILURE;
    const STOP_SLOTS: u32 = T::STOP_SLOTS;

    #[inline]
    fn decode_field(
        builder: &mut Self::Builder,
        key: &Cow<'de, str>,
        lex: &mut Lexer<'de>,
    ) -> Result<bool> {
        T::decode_field(builder, key, lex)
    }

    #[inline]
    fn object_at<H: HideKeys>(builder: &mut Self::Builder, object: Mark) {
        T::object_at::<H>(builder, object);
    }

    fn finish(builder: &mut Self::Builder, lex: &Lexer<'de>) -> Result<Self> {
        T::finish(builder, lex).map(Box::new)
    }
}
