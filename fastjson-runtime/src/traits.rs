//! The traits generated code implements: `Encode`, `Decode<'de>`, the flatten pair
//! `EncodeFields`/`DecodeFields<'de>`, and `IsEmpty` for `omitempty`.

use std::borrow::Cow;

use crate::error::Result;
use crate::lexer::{Lexer, Mark};
use crate::writer::{Format, Writer};

/// A type that writes itself as JSON.
///
/// Encoding is infallible: every value of every type the runtime and the derive support has a
/// JSON form (non-finite floats become `null`, as in serde_json). A few values have none, and
/// serde_json returns an error for them where fastjson panics with serde's message: a `Path`
/// that is not valid UTF-8, a `SystemTime` before the Unix epoch, an enum variant marked
/// `skip_serializing`, a `RefCell` mutably borrowed while it is encoded, and a poisoned `Mutex`
/// or `RwLock`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded by fastjson: it does not implement `Encode`",
    label = "no `Encode` impl for `{Self}`",
    note = "derive `FastJson` (or `Encode` alone) on `{Self}` if it is your type; if it implements \
            serde's `Serialize`, mark the field `#[fastjson(serde)]` (or the container \
            `#[fastjson(serde_fallback)]` for every such field); or name functions with \
            `#[serde(with = \"module\")]`"
)]
pub trait Encode {
    /// Appends the JSON form of `self` to the writer.
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>);

    /// An estimate of the length of `self`'s compact JSON in bytes, which `to_vec` and friends
    /// allocate up front instead of growing the output by doubling (each growth copies what
    /// was written so far). Meant to be at least the real length for usual values: integers
    /// count their digits, floats their longest form, strings their length plus quotes
    /// (escapes are not counted), skippable fields count as present, collections longer than
    /// 16 items are extrapolated from their first 16. It must be cheap, a walk over the value that writes
    /// nothing; a wrong estimate costs memory or a growth, never correctness. The default, 0,
    /// means "unknown": the output then starts small and grows as it fills.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        0
    }

    /// Appends a JSON array of `items` (what `[T]`, `Vec<T>` and arrays call). Not part of the
    /// API: `f64` and pairs of `f64` override it to format floats four at a time.
    #[doc(hidden)]
    #[inline]
    fn encode_slice<F: Format>(items: &[Self], w: &mut Writer<'_, F>)
    where
        Self: Sized,
    {
        crate::impls::encode_seq(items, w);
    }

    /// `Some` for an `f64` (the value as is), `None` for every other type; with [`Self::IS_F64`],
    /// lets a tuple's [`Self::encode_slice`] see its elements as floats. Not part of the API.
    #[doc(hidden)]
    #[inline(always)]
    fn as_f64(&self) -> Option<f64> {
        None
    }

    /// Whether the type is `f64` (so [`Self::as_f64`] is always `Some`). Not part of the API.
    #[doc(hidden)]
    const IS_F64: bool = false;
}

/// A type that reads itself from JSON borrowed for `'de`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded by fastjson: it does not implement `Decode`",
    label = "no `Decode` impl for `{Self}`",
    note = "derive `FastJson` (or `Decode` alone) on `{Self}` if it is your type; if it implements \
            serde's `Deserialize`, mark the field `#[fastjson(serde)]` (or the container \
            `#[fastjson(serde_fallback)]` for every such field); or name functions with \
            `#[serde(with = \"module\")]`"
)]
pub trait Decode<'de>: Sized {
    /// Decodes one value from the lexer (leading whitespace allowed).
    fn decode(lex: &mut Lexer<'de>) -> Result<Self>;

    /// The value of a struct field that is absent from the object: `Some(None)` for `Option<T>`,
    /// `None` (a missing-field error) for everything else, as serde_derive does. A hook to
    /// override, not to call: decoders ask [`Self::decode_missing_field`], which wrappers
    /// (`Box<T>`, `Cell<T>`, transparent structs, ...) forward to their inner type.
    #[inline]
    fn decode_missing() -> Option<Self> {
        None
    }

    /// A struct field named `name` is absent (the lexer is just past the object's `}`): the
    /// value [`Self::decode_missing`] makes, else a missing-field error. Wrappers forward it to
    /// their inner type, and types whose missing value can fail in their own words
    /// (`#[serde(try_from = "Option<T>")]`, as serde reports the conversion's message)
    /// override it. Not part of the API.
    #[doc(hidden)]
    #[inline]
    fn decode_missing_field(lex: &Lexer<'de>, name: &str) -> Result<Self> {
        match Self::decode_missing() {
            Some(value) => Ok(value),
            None => Err(lex.err_missing_field(name)),
        }
    }

    /// True when every successful `decode` reads one array or object and consumes its closing
    /// bracket last (derived structs with fields, `Vec`, maps, a `Box` of one). `from_slice`
    /// then lets that bracket check the end of the input, and returns the decoded value
    /// without a copy (micro-login and micro-reading decode 8% to 12% faster than checking
    /// after the call). A type that sets it wrongly accepts trailing
    /// characters after a value that is not an array or object: leave the default, `false`.
    #[doc(hidden)]
    const ENDS_WITH_CLOSING_BRACKET: bool = false;
}

/// A type that decodes from any input lifetime: it owns all its data.
pub trait DecodeOwned: for<'de> Decode<'de> {}
impl<T> DecodeOwned for T where T: for<'de> Decode<'de> {}

/// A type whose JSON form is an object, able to write its entries into an enclosing object
/// (`#[serde(flatten)]`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by fastjson",
    label = "no `EncodeFields` impl for `{Self}`",
    note = "`#[serde(flatten)]` takes a struct with named fields or an enum deriving `FastJson` \
            (untagged: without tuple variants, newtype variants holding flattenable values), a \
            map with string keys, or an `Option` or `Box` of one"
)]
pub trait EncodeFields {
    /// Writes this value's `key: value` entries. `first` is true until the enclosing object has
    /// an entry; implementations set it to false once they write one.
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool);

    /// [`Encode::encoded_len_hint`] for the entries alone (each with its separator), as a
    /// flattening struct counts them. The default, 0, means "unknown".
    #[inline]
    fn encoded_fields_len_hint(&self) -> usize {
        0
    }
}

/// A type that can be decoded from some of the keys of an enclosing object
/// (`#[serde(flatten)]`): the enclosing decoder offers each key it does not know itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by fastjson",
    label = "no `DecodeFields` impl for `{Self}`",
    note = "`#[serde(flatten)]` takes a struct with named fields or an enum deriving `FastJson` \
            (untagged: without tuple variants, newtype variants holding flattenable values), a \
            map with string keys, or an `Option` or `Box` of one"
)]
pub trait DecodeFields<'de>: Sized {
    /// Partial state while the enclosing object is read.
    type Builder: Default;

    /// Whether a key this type reads stays offered to the flattened fields declared after it,
    /// as serde's flattening leaves a buffered entry for them: true for maps and for structs
    /// with flattened fields of their own (serde reads both as maps, which leave every entry),
    /// false for a struct without (serde's struct access takes the entries it names) and an
    /// externally tagged enum (takes its variant's entry). The enclosing decoder reads such a
    /// value again for each later field that takes the key; with `deny_unknown_fields` a key
    /// only such fields read is unknown, as in serde.
    const LEAVES_KEYS: bool = false;

    /// If `key` belongs to this type, decodes its value from `lex` and returns `Ok(true)`;
    /// otherwise leaves `lex` untouched and returns `Ok(false)`. Maps accept every key. The key
    /// is the `Cow` itself so that a borrowed key can stay borrowed (`&'de str` map keys).
    #[allow(clippy::ptr_arg)]
    fn decode_field(
        builder: &mut Self::Builder,
        key: &Cow<'de, str>,
        lex: &mut Lexer<'de>,
    ) -> Result<bool>;

    /// Called before any key is offered, with a mark at the enclosing object's `{` (or before it,
    /// with only whitespace between), and `H`, the keys of that object serde never hands this
    /// field (`__private::HideKeys`: the struct's own, and those flattened fields declared
    /// before it take). A flattened internally tagged, adjacently tagged or untagged enum keeps
    /// both and, in `finish`, reads the object again as its own without those keys, as serde
    /// reads the entries it buffered; wrappers (`Option`, `Box`, converted types) pass them on, a
    /// struct with flattened fields adds its own keys for each of them, and everything else
    /// ignores them.
    #[doc(hidden)]
    #[inline]
    fn object_at<H: crate::__private::HideKeys>(builder: &mut Self::Builder, object: Mark) {
        let _ = (builder, object);
    }

    /// The keys this type takes when they are offered (serde's flattened struct takes the
    /// entries it names, an externally tagged enum its variant's, an adjacently tagged one its
    /// tag and content): they are hidden from a flattened enum declared after it (`object_at`).
    /// None for types that take none (maps, structs with flattened fields, internally tagged
    /// and untagged enums). A list, not a function: one constant per derived struct costs less
    /// to compile than a function matching the names (`.rlib` +0.75% and the same build time,
    /// against +3.2% and 3–4% longer builds for the function).
    #[doc(hidden)]
    const TAKES_KEYS: &'static [&'static str] = &[];

    /// True when this type takes only the first entry offered whose key is one of
    /// `TAKES_KEYS` (serde's flattened externally tagged enum: a later variant key is handed on
    /// to the fields declared after it); false when it takes every such entry.
    #[doc(hidden)]
    const TAKES_ONLY_FIRST: bool = false;

    /// True when this type may stop taking its keys partway through the object: a flattened
    /// `Option` of a type that takes every entry naming one of them, whose value fails on an
    /// entry (serde's `Option` is then `None`, and the entries after that one were never handed
    /// to it). It records where (`Lexer::note_flatten_stop`), and a flattened enum after it
    /// that reads the object again sees the later entries.
    #[doc(hidden)]
    const STOPS_ON_FAILURE: bool = false;

    /// How many such `Option`s this field is or holds as flattened fields (a struct with
    /// flattened fields counts its own): the stop slots it takes in the numbering of the
    /// enclosing object's flattened fields (`__private::HideKeys::STOP_SLOTS`).
    #[doc(hidden)]
    const STOP_SLOTS: u32 = 0;

    /// Called after the enclosing object's `}`: builds the value from what it takes out of the
    /// builder, or reports a missing field. The builder is lent, not moved: moving it copied the
    /// whole builder (a struct's size) once per decoded struct: lending it removed a quarter of
    /// the bytes a twitter decode copies, and 2% to 4% of its time.
    fn finish(builder: &mut Self::Builder, lex: &Lexer<'de>) -> Result<Self>;
}

/// The "empty value" test of `omitempty` (easyjson's `omit_empty`): `false`, zero, `""`,
/// `None`, and empty collections are empty.
pub trait IsEmpty {
    /// Whether `omitempty` leaves this value out.
    fn is_empty_value(&self) -> bool;
}
