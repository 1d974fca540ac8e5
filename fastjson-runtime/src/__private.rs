//! Items generated code names through `_fj::__private`: std re-exports (so generated code never
//! depends on what the user's scope calls `Option` or `Result`) and small helpers. Not public API.

pub use std::borrow::Cow;
pub use std::clone::Clone;
pub use std::convert::{From, Into, TryFrom};
pub use std::default::Default;
pub use std::marker::PhantomData;
pub use std::option::Option::{self, None, Some};
pub use std::primitive::{bool, str, usize};
pub use std::result::Result::{self, Err, Ok};
pub use std::string::String;
pub use std::sync::OnceLock;
pub use std::vec::Vec;

pub use crate::key_order::KeyOrder;
pub use crate::writer::F64_RUN_SLACK;

use crate::error::{Error, ErrorCode, Result as FjResult};
use crate::lexer::Lexer;

/// Decodes a string as `Cow`, borrowing from the input when it has no escapes
/// (a `#[serde(borrow)] Cow<'a, str>` field).
#[inline]
pub fn borrow_cow_str<'de>(lex: &mut Lexer<'de>) -> FjResult<Cow<'de, str>> {
    lex.str_cow()
}

/// The value of a missing field without a default: `Option` fields become `None`, any other
/// type is a missing-field error naming the field.
#[inline]
pub fn missing_field<'de, T: crate::Decode<'de>>(lex: &Lexer<'de>, name: &str) -> FjResult<T> {
    T::decode_missing_field(lex, name)
}

/// `#[serde(try_from = "S")]` as a missing field: the conversion of what `S` makes of a missing
/// field (`None` for an `Option`), its refusal a custom error where the missing-field error
/// would be, as serde reports it.
pub fn missing_field_try_from<'de, S, T>(lex: &Lexer<'de>, name: &str) -> FjResult<T>
where
    S: crate::Decode<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::decode_missing_field(lex, name)?;
    T::try_from(source).map_err(|err| lex.err_custom_at_closing_bracket(err))
}

/// `#[serde(from = "S")]`: decodes an `S` and converts it.
#[inline]
pub fn decode_from<'de, S: crate::Decode<'de>, T: From<S>>(lex: &mut Lexer<'de>) -> FjResult<T> {
    S::decode(lex).map(T::from)
}

/// A field of a `remote` type's foreign value, as the mirror declares its type: a getter may
/// return the value or a reference to it (`&&T` coerces here), and a field of another type is
/// an error at the mirror's field, as with serde.
#[inline]
pub fn constrain<T: ?Sized>(value: &T) -> &T {
    value
}

/// `#[serde(try_from = "S")]`: decodes an `S` and converts it; a refused conversion is a custom
/// error (its `Display` text) at the end of the value, where serde_json reports it.
#[inline]
pub fn decode_try_from<'de, S, T>(lex: &mut Lexer<'de>) -> FjResult<T>
where
    S: crate::Decode<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::decode(lex)?;
    T::try_from(source).map_err(|err| lex.err_custom(err))
}

/// A custom error at byte `at` (a map key's opening quote), not where the lexer stands.
#[cold]
pub fn err_custom_at(lex: &Lexer<'_>, msg: impl std::fmt::Display, at: usize) -> Error {
    lex.error_at(ErrorCode::Custom(msg.to_string().into_boxed_str()), at)
}

/// A map key read as `S` and converted with `TryFrom` (a `try_from = "S"` type as a key): a
/// refusal is the conversion's message, at the key.
#[allow(clippy::ptr_arg)] // `DecodeKey::from_key` takes the `Cow` itself
pub fn key_try_from<'de, S, T>(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> FjResult<T>
where
    S: crate::DecodeKey<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::from_key(key, lex, at)?;
    T::try_from(source).map_err(|err| err_custom_at(lex, err, at))
}

/// Decodes a struct field's value into its slot, rejecting a second occurrence of the key and
/// adding the field's name to the path of an error, or its position when the struct is read in
/// serde's sequence form (`element`). One instance per field type in a crate (shared by every
/// struct's fields of that type), instead of this code inline per field.
pub fn decode_slot<'de, T: crate::Decode<'de>>(
    slot: &mut Option<T>,
    lex: &mut Lexer<'de>,
    name: &'static str,
    element: Option<usize>,
) -> FjResult<()> {
    if slot.is_some() {
        return Err(lex.err_duplicate_field(name));
    }
    *slot = Some(T::decode(lex).map_err(|e| in_field(e, name, element))?);
    Ok(())
}

/// Adds a struct field to an error's path: its name, or its position in the sequence form.
#[cold]
pub fn in_field(error: Error, name: &'static str, element: Option<usize>) -> Error {
    match element {
        Some(position) => error.at_index(position),
        None => error.at_field(name),
    }
}

/// An array holds more elements than the type reads (serde_json's "trailing characters").
#[cold]
pub fn err_trailing_elements(lex: &Lexer<'_>) -> Error {
    lex.error(ErrorCode::TrailingCharacters)
}

/// An externally tagged enum's object has no key or more than one (serde_json's "expected value").
#[cold]
pub fn err_enum_object(lex: &Lexer<'_>) -> Error {
    lex.error(ErrorCode::ExpectedValue)
}

/// The builder of a flattened externally tagged enum: the variant a key of the enclosing object
/// gave (`"Circle": {..}` offered by the struct).
pub struct VariantKeyBuilder<T> {
    pub value: Option<T>,
}

impl<T> Default for VariantKeyBuilder<T> {
    fn default() -> Self {
        VariantKeyBuilder { value: None }
    }
}

/// `DecodeFields::decode_field` of a flattened externally tagged enum: the first key that is one
/// of `names` (the enum's variant names and aliases) is taken, and its entry read by the enum's
/// own `Decode` as the one-entry object it would be alone (`Lexer::fork_at_entry`: same input,
/// so errors point into it); any other key, or a variant key after the first, is not.
pub fn flattened_variant_entry<'de, T: crate::Decode<'de>>(
    builder: &mut VariantKeyBuilder<T>,
    key: &str,
    lex: &mut Lexer<'de>,
    names: &[&str],
) -> FjResult<bool> {
    if builder.value.is_some() || !names.contains(&key) {
        return Ok(false);
    }
    let mut entry = lex.fork_at_entry()?;
    let value = T::decode(&mut entry)?;
    lex.continue_after(&entry);
    builder.value = Some(value);
    Ok(true)
}

/// `DecodeFields::finish` of a flattened externally tagged enum: the variant a key gave, or
/// serde's error when no key named one. (A flattened map declared before the enum reads the
/// key and leaves it, `DecodeFields::LEAVES_KEYS`, so the enum is offered every key it could
/// take.)
pub fn flattened_variant<T>(
    builder: &mut VariantKeyBuilder<T>,
    lex: &Lexer<'_>,
    enum_name: &str,
) -> FjResult<T> {
    match builder.value.take() {
        Some(value) => Ok(value),
        None => Err(lex.err_custom(format_args!(
            "no variant of enum {enum_name} found in flattened data"
        ))),
    }
}

/// The keys of the enclosing object a flattened internally tagged, adjacently tagged or untagged
/// enum must not see when it reads that object again: those serde never hands it, because they
/// were not buffered (the keys the struct's own fields name, an internally tagged variant's tag)
/// or were taken before it (by a flattened struct, or an externally tagged enum, declared before
/// it). Generated code composes the set as a type, `(Parent, (Own, (((), TakenBy<F0>),
/// TakenBy<F1>)))` for the third flattened field (a pair asks its first half first, so the
/// fields declared first are asked first), and a struct flattened into another adds its own
/// keys to its parent's; the enum keeps [`hides_entry`] for `H` as a function pointer
/// for its fork of the lexer ([`Lexer::fork_hiding`]).
///
/// A flattened externally tagged enum takes one entry only: the first whose key names a
/// variant, of those no field asked before it took. Such a set ("first taker") hides that entry
/// and no later one naming a variant; it keeps whether it has in one bit of the state the fork
/// passes in (`taken`, cleared when the fork starts reading the object), the bits numbered in
/// the order the sets are asked, from `bit`.
pub trait HideKeys {
    /// True when no key is hidden: the enum's fork then reads every key without the check.
    const NOTHING: bool = false;

    /// How many bits of `taken` this set uses: one per first taker in it.
    const FIRST_TAKERS: u32 = 0;

    /// How many stop slots this set uses: one per flattened `Option` in it that may stop
    /// taking its keys (`DecodeFields::STOP_SLOTS`), numbered from `slot` as `taken`'s bits are
    /// from `bit`.
    const STOP_SLOTS: u32 = 0;

    /// Whether the entry whose key (unescaped) is `key` is hidden, the entries before it in
    /// the object having been asked about in order.
    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool;

    /// [`HideKeys::hides`], knowing where the entry is and where the flattened `Option`s that
    /// failed stopped taking their keys (`state`): the sets that hold such an `Option` use it.
    #[inline]
    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        let _ = slot;
        Self::hides(key, state.taken, bit)
    }
}

/// Where a flattened `Option` of a struct stopped taking its keys: serde's `Option` is `None`
/// when the value fails, and the entries after the one it failed on were never handed to it,
/// so a flattened enum declared after it reads them. Recorded by `Lexer::note_flatten_stop`
/// (an adjacently tagged enum, read at `finish`, never fails in `decode_field` and records
/// none: README, the known difference).
#[derive(Clone, Copy, Debug)]
pub struct FlattenStop {
    /// The object's mark position (`DecodeFields::object_at`).
    pub(crate) object: usize,
    /// How many key sets the lexer that read the object hid there: the index of the set of the
    /// next enum to read it again (`Lexer::fork_hiding`).
    pub(crate) level: u32,
    /// The `Option`'s number among the stop slots of that reading (`HideKeys::STOP_SLOTS`).
    pub(crate) slot: u32,
    /// Where the value it failed on starts: entries whose keys come after it were not taken.
    pub(crate) at: usize,
    /// Copied from the lexer a fork was made from (`Lexer::fork_hiding`): the fork's own
    /// rewinds (`Lexer::reset`) leave it.
    pub(crate) inherited: bool,
}

/// What a [`HideKeys`] set is asked with besides the key, by the lexer that reads the object
/// again: its first takers' bits, where the entry's key starts, the set's level and the stops
/// recorded for the object.
pub struct HideState<'a> {
    /// The set's first takers' bits (`HideKeys::FIRST_TAKERS`).
    pub taken: &'a mut u64,
    pub(crate) entry: usize,
    pub(crate) level: u32,
    pub(crate) stops: &'a [FlattenStop],
}

impl HideState<'_> {
    /// Whether the `Option` at `slot` failed on a value before this entry.
    fn stopped_before_entry(&self, slot: u32) -> bool {
        self.stops
            .iter()
            .any(|stop| stop.level == self.level && stop.slot == slot && stop.at < self.entry)
    }
}

impl HideKeys for () {
    const NOTHING: bool = true;

    #[inline]
    fn hides(_: &[u8], _: &mut u64, _: u32) -> bool {
        false
    }
}

impl<A: HideKeys, B: HideKeys> HideKeys for (A, B) {
    const NOTHING: bool = A::NOTHING && B::NOTHING;
    const FIRST_TAKERS: u32 = A::FIRST_TAKERS + B::FIRST_TAKERS;
    const STOP_SLOTS: u32 = A::STOP_SLOTS + B::STOP_SLOTS;

    #[inline]
    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool {
        A::hides(key, taken, bit) || B::hides(key, taken, bit + A::FIRST_TAKERS)
    }

    #[inline]
    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        A::hides_at(key, state, bit, slot)
            || B::hides_at(key, state, bit + A::FIRST_TAKERS, slot + A::STOP_SLOTS)
    }
}

/// The keys the flattened field of type `F` takes (`DecodeFields::TAKES_KEYS`): every entry
/// naming one, or only the first (`DecodeFields::TAKES_ONLY_FIRST`).
pub struct TakenBy<'de, F>(PhantomData<fn() -> (&'de (), F)>);

impl<'de, F: crate::DecodeFields<'de>> HideKeys for TakenBy<'de, F> {
    const NOTHING: bool = F::TAKES_KEYS.is_empty();
    const FIRST_TAKERS: u32 = if F::TAKES_ONLY_FIRST { 1 } else { 0 };
    const STOP_SLOTS: u32 = F::STOP_SLOTS;

    fn hides_at(key: &[u8], state: &mut HideState<'_>, bit: u32, slot: u32) -> bool {
        names_contain(F::TAKES_KEYS, key)
            && !(F::STOPS_ON_FAILURE && state.stopped_before_entry(slot))
            && Self::takes_named_entry(state.taken, bit)
    }

    fn hides(key: &[u8], taken: &mut u64, bit: u32) -> bool {
        names_contain(F::TAKES_KEYS, key) && Self::takes_named_entry(taken, bit)
    }
}

impl<'de, F: crate::DecodeFields<'de>> TakenBy<'de, F> {
    /// Whether `F` takes an entry naming one of its keys: every one, or (a first taker) the
    /// first, marked in bit `bit` of `taken`.
    fn takes_named_entry(taken: &mut u64, bit: u32) -> bool {
        if !F::TAKES_ONLY_FIRST {
            return true;
        }
        let mask = 1u64 << bit;
        let first = *taken & mask == 0;
        *taken |= mask;
        first
    }
}

/// [`HideKeys::hides`] of the whole set `H`, its first taker at bit 0: the function a fork of
/// the lexer asks about each key ([`Lexer::fork_hiding`]).
pub fn hides_entry<H: HideKeys>(key: &[u8], state: &mut HideState<'_>) -> bool {
    H::hides_at(key, state, 0, 0)
}

/// Whether `key` (unescaped) is one of `names`: the key sets of flatten's hidden keys.
pub fn names_contain(names: &[&str], key: &[u8]) -> bool {
    names.iter().any(|name| name.as_bytes() == key)
}

/// The builder of a flattened internally tagged, adjacently tagged or untagged enum: where the
/// enclosing object starts and which of its keys the enum must not see.
#[derive(Default)]
pub struct RereadBuilder {
    object: Option<crate::Mark>,
    hides: Option<crate::lexer::HidesKey>,
}

/// `DecodeFields::object_at` of such an enum: keeps the object's mark and `H`'s keys.
#[inline]
pub fn reread_object_at<H: HideKeys>(builder: &mut RereadBuilder, object: crate::Mark) {
    builder.object = Some(object);
    const {
        assert!(
            H::FIRST_TAKERS <= u64::BITS,
            "fastjson: more than 64 flattened externally tagged enums come before this flattened \
             enum in one object"
        )
    };
    builder.hides = if H::NOTHING {
        None
    } else {
        Some(hides_entry::<H> as crate::lexer::HidesKey)
    };
}

/// A lexer reading the enclosing object again for such an enum's `DecodeFields::finish`,
/// skipping the keys it must not see.
pub fn reread_fork<'de>(builder: &mut RereadBuilder, lex: &Lexer<'de>) -> FjResult<Lexer<'de>> {
    match builder.object.take() {
        Some(object) => lex.fork_hiding(object, builder.hides),
        None => {
            Err(lex.err_custom("fastjson: a flattened enum was not told where its object starts"))
        }
    }
}

/// A struct's schema refers to a type it flattens as `<Name>` or, when that type has a
/// flattened form (`Schema::flattened_schema`), `<Name>.flattened`: generated code asks
/// `(&&SchemaProbe::<T>::NEW).flattened_suffix()`, which finds [`SchemaOf`] when `T` has a
/// schema and [`NoSchema`] (no suffix) when it does not, so that flattening a type without one
/// still compiles (its reference then dangles, as any reference to a type without a schema).
pub struct SchemaProbe<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> SchemaProbe<T> {
    pub const NEW: Self = SchemaProbe(PhantomData);
}

pub trait SchemaOf {
    fn flattened_suffix(&self) -> &'static str;
}

impl<T: crate::Schema + ?Sized> SchemaOf for &SchemaProbe<T> {
    fn flattened_suffix(&self) -> &'static str {
        match T::flattened_schema() {
            Some(_) => crate::FLATTENED_SUFFIX,
            None => "",
        }
    }
}

pub trait NoSchema {
    fn flattened_suffix(&self) -> &'static str;
}

impl<T: ?Sized> NoSchema for SchemaProbe<T> {
    fn flattened_suffix(&self) -> &'static str {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::{NoSchema as _, SchemaOf as _, SchemaProbe};
    use crate::{Schema, SchemaDocument};

    struct Plain;
    impl Schema for Plain {
        const SCHEMA_NAME: &'static str = "Plain";
        fn schema() -> &'static str {
            r#"{"type":"object"}"#
        }
    }

    struct Entries;
    impl Schema for Entries {
        const SCHEMA_NAME: &'static str = "Entries";
        fn schema() -> &'static str {
            r#"{"const":"a"}"#
        }
        fn flattened_schema() -> Option<&'static str> {
            Some(r#"{"type":"object","required":["a"]}"#)
        }
    }

    struct NoSchemaAtAll;

    /// The probe finds the type's own answer where it has a schema, and no suffix (no
    /// compile error) where it has none. (The double borrow is the probe, as generated code
    /// writes it.)
    #[test]
    #[allow(clippy::needless_borrow)]
    fn the_probe_names_the_flattened_form_only_where_there_is_one() {
        assert_eq!(
            (&&SchemaProbe::<Entries>::NEW).flattened_suffix(),
            ".flattened"
        );
        assert_eq!((&&SchemaProbe::<Plain>::NEW).flattened_suffix(), "");
        assert_eq!((&&SchemaProbe::<NoSchemaAtAll>::NEW).flattened_suffix(), "");
        let document = SchemaDocument::new()
            .with::<Entries>()
            .with::<Plain>()
            .with::<Entries>()
            .to_json();
        assert!(
            document.ends_with(concat!(
                r#""$defs":{"Entries":{"const":"a"},"#,
                r#""Entries.flattened":{"type":"object","required":["a"]},"#,
                r#""Plain":{"type":"object"}}}"#
            )),
            "{document}"
        );
    }
}
