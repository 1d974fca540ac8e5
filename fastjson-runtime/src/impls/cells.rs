//! Types serde writes as the value they hold now: `Cell`, `RefCell`, `Mutex`, `RwLock` and the
//! atomics (loaded `Relaxed`, as serde and libcore's `Debug` do). Decoding builds a new one.
//!
//! Two states have no JSON form, where serde_json returns an error and fastjson, whose `Encode`
//! cannot fail, panics with serde's message: a `RefCell` mutably borrowed while it is encoded
//! ("already mutably borrowed") and a poisoned `Mutex` or `RwLock` ("lock poison error while
//! serializing").

use std::cell::{Cell, RefCell};
use std::sync::atomic::{
    AtomicBool, AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32,
    AtomicU64, AtomicU8, AtomicUsize, Ordering,
};
use std::sync::{Mutex, RwLock};

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

impl<T: Encode + Copy> Encode for Cell<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        self.get().encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.get().encoded_len_hint()
    }
}

impl<T: Encode + ?Sized> Encode for RefCell<T> {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self.try_borrow() {
            Ok(value) => value.encode(w),
            Err(_) => panic!("already mutably borrowed"),
        }
    }

    fn encoded_len_hint(&self) -> usize {
        self.try_borrow()
            .map_or(0, |value| value.encoded_len_hint())
    }
}

/// serde's message for a poisoned lock, as a panic (see the module's documentation).
#[cold]
#[inline(never)]
fn poisoned() -> ! {
    panic!("lock poison error while serializing")
}

impl<T: Encode + ?Sized> Encode for Mutex<T> {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self.lock() {
            Ok(value) => value.encode(w),
            Err(_) => poisoned(),
        }
    }

    // No estimate: it would take the lock a second time.
}

impl<T: Encode + ?Sized> Encode for RwLock<T> {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self.read() {
            Ok(value) => value.encode(w),
            Err(_) => poisoned(),
        }
    }
}

macro_rules! built_from_value {
    ($($ty:ident;)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ty<T> {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                T::decode(lex).map($ty::new)
            }

            #[inline]
            fn decode_missing_field(lex: &Lexer<'de>, name: &str) -> Result<Self> {
                T::decode_missing_field(lex, name).map($ty::new)
            }
        }
    )*};
}

built_from_value! {
    Cell;
    RefCell;
    Mutex;
    RwLock;
}

macro_rules! atomics {
    ($($atomic:ident($value:ident);)*) => {$(
        impl Encode for $atomic {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                self.load(Ordering::Relaxed).encode(w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                self.load(Ordering::Relaxed).encoded_len_hint()
            }
        }

        impl<'de> Decode<'de> for $atomic {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                $value::decode(lex).map($atomic::new)
            }
        }
    )*};
}

atomics! {
    AtomicBool(bool);
    AtomicI8(i8);
    AtomicI16(i16);
    AtomicI32(i32);
    AtomicI64(i64);
    AtomicIsize(isize);
    AtomicU8(u8);
    AtomicU16(u16);
    AtomicU32(u32);
    AtomicU64(u64);
    AtomicUsize(usize);
}
