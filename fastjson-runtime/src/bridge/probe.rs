//! `#[fastjson(serde_fallback)]`: for each field, the type's fastjson impls when it has them and
//! its serde impls otherwise, chosen at compile time by method resolution ("autoref
//! specialisation"). Generated code calls `(&Probe::<T>::NEW).probe_encode(..)`: the fastjson
//! traits are implemented for `Probe<T>`, whose `&self` methods match that `&Probe<T>` receiver
//! as it is, so they win whenever `T` has the impl; the serde traits for `&Probe<T>`, whose
//! methods need one more autoref, so they are found only when the fastjson ones do not apply.

use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

use crate::{Decode, Encode, Format, Lexer, Result, Writer};

/// The field type `T`, as a value to call the probe traits' methods on.
pub struct Probe<T>(PhantomData<T>);

impl<T> Probe<T> {
    /// The probe of `T`.
    pub const NEW: Self = Probe(PhantomData);
}

/// `T` written by its fastjson impl.
pub trait EncodeProbe<T> {
    /// Writes `value` as `T`'s `Encode` impl does.
    fn probe_encode<F: Format>(&self, value: &T, w: &mut Writer<'_, F>);
}

impl<T: Encode> EncodeProbe<T> for Probe<T> {
    #[inline]
    fn probe_encode<F: Format>(&self, value: &T, w: &mut Writer<'_, F>) {
        value.encode(w)
    }
}

/// `T` written by its serde impl.
pub trait EncodeProbeSerde<T> {
    /// Writes `value` as `T`'s `Serialize` impl does, through the bridge.
    fn probe_encode<F: Format>(&self, value: &T, w: &mut Writer<'_, F>)
    where
        T: SerdeEncodable;
}

impl<T> EncodeProbeSerde<T> for &Probe<T> {
    #[inline]
    fn probe_encode<F: Format>(&self, value: &T, w: &mut Writer<'_, F>)
    where
        T: SerdeEncodable,
    {
        super::encode::encode(value, w)
    }
}

/// `T` read by its fastjson impl.
pub trait DecodeProbe<'de, T> {
    /// Reads a `T` as its `Decode` impl does.
    fn probe_decode(&self, lex: &mut Lexer<'de>) -> Result<T>;
    /// What `T`'s `Decode` impl makes of a missing field.
    fn probe_missing_field(&self, lex: &Lexer<'de>, name: &str) -> Result<T>;
}

impl<'de, T: Decode<'de>> DecodeProbe<'de, T> for Probe<T> {
    #[inline]
    fn probe_decode(&self, lex: &mut Lexer<'de>) -> Result<T> {
        T::decode(lex)
    }

    #[inline]
    fn probe_missing_field(&self, lex: &Lexer<'de>, name: &str) -> Result<T> {
        T::decode_missing_field(lex, name)
    }
}

/// `T` read by its serde impl.
pub trait DecodeProbeSerde<'de, T> {
    /// Reads a `T` as its `Deserialize` impl does, through the bridge.
    fn probe_decode(&self, lex: &mut Lexer<'de>) -> Result<T>
    where
        T: SerdeDecodable<'de>;
    /// What `T`'s `Deserialize` impl makes of a missing field.
    fn probe_missing_field(&self, lex: &Lexer<'de>, name: &str) -> Result<T>
    where
        T: SerdeDecodable<'de>;
}

impl<'de, T> DecodeProbeSerde<'de, T> for &Probe<T> {
    #[inline]
    fn probe_decode(&self, lex: &mut Lexer<'de>) -> Result<T>
    where
        T: SerdeDecodable<'de>,
    {
        super::decode::decode(lex)
    }

    #[inline]
    fn probe_missing_field(&self, lex: &Lexer<'de>, name: &str) -> Result<T>
    where
        T: SerdeDecodable<'de>,
    {
        super::decode::decode_missing_field(lex, name)
    }
}

/// serde's `Serialize`, named so that a field type with neither impl gets an error that says so.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastjson's `Encode` nor serde's `Serialize`",
    label = "no `Encode` or `Serialize` impl for `{Self}`",
    note = "derive `FastJson` (or `Encode`) on `{Self}`, or serde's `Serialize`"
)]
pub trait SerdeEncodable: Serialize {}

impl<T: Serialize + ?Sized> SerdeEncodable for T {}

/// serde's `Deserialize`, named so that a field type with neither impl gets an error that says
/// so.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements neither fastjson's `Decode` nor serde's `Deserialize`",
    label = "no `Decode` or `Deserialize` impl for `{Self}`",
    note = "derive `FastJson` (or `Decode`) on `{Self}`, or serde's `Deserialize`"
)]
pub trait SerdeDecodable<'de>: Deserialize<'de> {}

impl<'de, T: Deserialize<'de>> SerdeDecodable<'de> for T {}
