//! Transparent wrappers: references, `Box`, `Rc`, `Arc`, `Option`.

use std::rc::Rc;
use std::sync::Arc;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl<T: Encode + ?Sized> Encode for &T {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).encode(w);
    }
}

impl<T: Encode + ?Sized> Encode for &mut T {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).encode(w);
    }
}

macro_rules! smart_pointer {
    ($($ptr:ident)*) => {$(
        impl<T: Encode + ?Sized> Encode for $ptr<T> {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                (**self).encode(w);
            }
        }
        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                T::decode(lex).map($ptr::new)
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
