//! `IsEmpty` for scalars, strings and wrappers (collections implement it beside their codecs).

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::traits::IsEmpty;

macro_rules! zero_is_empty {
    ($($ty:ty)*) => {$(
        impl IsEmpty for $ty {
            #[inline]
            fn is_empty_value(&self) -> bool {
                *self == 0 as $ty
            }
        }
    )*};
}

zero_is_empty!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64);

impl IsEmpty for bool {
    #[inline]
    fn is_empty_value(&self) -> bool {
        !*self
    }
}

impl IsEmpty for char {
    #[inline]
    fn is_empty_value(&self) -> bool {
        *self == '\0'
    }
}

impl IsEmpty for str {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl IsEmpty for String {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl IsEmpty for Cow<'_, str> {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl IsEmpty for () {
    #[inline]
    fn is_empty_value(&self) -> bool {
        true
    }
}

impl<T> IsEmpty for Option<T> {
    #[inline]
    fn is_empty_value(&self) -> bool {
        self.is_none()
    }
}

impl<T: IsEmpty + ?Sized> IsEmpty for &T {
    #[inline]
    fn is_empty_value(&self) -> bool {
        (**self).is_empty_value()
    }
}

macro_rules! pointer_is_empty {
    ($($ptr:ident)*) => {$(
        impl<T: IsEmpty + ?Sized> IsEmpty for $ptr<T> {
            #[inline]
            fn is_empty_value(&self) -> bool {
                (**self).is_empty_value()
            }
        }
    )*};
}

pointer_is_empty!(Box Rc Arc);
