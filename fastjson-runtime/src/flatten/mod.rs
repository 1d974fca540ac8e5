//! serde's `#[serde(flatten)]` of enums, without buffering: the forks of the lexer a flattened
//! enum reads its enclosing object (or one entry of it) with, the keys hidden from it, the stops
//! flattened `Option`s record, and the builders generated code keeps them in. Generated code
//! names these items through `__private`; this module uses the lexer, never the reverse.
//!
//! `hide.rs`: the key sets (`HideKeys`, `TakenBy`), their state (`HideState`, `FlattenStop`) and
//! the filter a fork carries (`HiddenEntries`). `fork.rs`: the `Lexer` methods that make forks
//! and record stops. Here also: the look at an object's keys with which an untagged enum,
//! flattened or not, skips the variants that cannot match (`keys_present`, `MatchHint`).

mod fork;
mod hide;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::Result;
use crate::lexer::{Lexer, Mark};

pub use hide::{hides_entry, names_contain, FlattenStop, HideKeys, HideState, TakenBy};

/// The builder of a flattened externally tagged enum: the variant a key of the enclosing object
/// gave (`"Circle": {..}` offered by the struct).
pub struct VariantKeyBuilder<T> {
    /// The variant's value, once its key has been read.
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
) -> Result<bool> {
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
) -> Result<T> {
    match builder.value.take() {
        Some(value) => Ok(value),
        None => Err(lex.err_custom(format_args!(
            "no variant of enum {enum_name} found in flattened data"
        ))),
    }
}

/// The builder of a flattened adjacently tagged enum, which takes its tag and content entries
/// as they are offered, as serde's visitor asks for them one at a time.
pub struct AdjacentBuilder<T> {
    /// The variant the tag named, once read.
    pub variant: Option<usize>,
    /// Where the content's value starts, when it came before the tag (read with the tag).
    pub content_at: Option<Mark>,
    /// The value, once the tag and the content have been read.
    pub value: Option<T>,
}

impl<T> Default for AdjacentBuilder<T> {
    fn default() -> Self {
        AdjacentBuilder {
            variant: None,
            content_at: None,
            value: None,
        }
    }
}

/// The builder of a flattened internally tagged or untagged enum: where the
/// enclosing object starts and which of its keys the enum must not see.
#[derive(Default)]
pub struct RereadBuilder {
    object: Option<Mark>,
    hides: Option<hide::HidesKey>,
}

/// `DecodeFields::object_at` of such an enum: keeps the object's mark and `H`'s keys.
#[inline]
pub fn reread_object_at<H: HideKeys>(builder: &mut RereadBuilder, object: Mark) {
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
        Some(hides_entry::<H> as hide::HidesKey)
    };
}

/// A lexer reading the enclosing object again for such an enum's `DecodeFields::finish`,
/// skipping the keys it must not see.
pub fn reread_fork<'de>(builder: &mut RereadBuilder, lex: &Lexer<'de>) -> Result<Lexer<'de>> {
    match builder.object.take() {
        Some(object) => lex.fork_hiding(object, builder.hides),
        None => {
            Err(lex.err_custom("fastjson: a flattened enum was not told where its object starts"))
        }
    }
}

/// The bits of the keys the object at `mark` has, as the lexer's key loop reads them (hidden
/// entries skipped): `bit` gives each key's (0 for a key of no interest). An untagged enum
/// skips the struct variants one of whose required keys is absent, without reading the object
/// for each. Every bit is set when the value is not an object or is malformed, so that every
/// variant is tried and the error is the one it was. The lexer is back at `mark` after.
#[inline(never)]
pub fn keys_present(lex: &mut Lexer<'_>, mark: Mark, bit: fn(&[u8]) -> u64) -> u64 {
    let present = scan_keys(lex, bit).unwrap_or(u64::MAX);
    lex.reset(mark);
    present
}

fn scan_keys(lex: &mut Lexer<'_>, bit: fn(&[u8]) -> u64) -> Result<u64> {
    if lex.peek()? != b'{' {
        return Ok(u64::MAX);
    }
    lex.begin_object()?;
    let mut first = true;
    let mut present = 0u64;
    while let Some(key) = lex.next_key(&mut first)? {
        present |= bit(key);
        lex.skip_value()?;
    }
    Ok(present)
}

/// Whether an untagged enum's first variant matched the last time one was decoded: while it
/// does, the enum tries it before looking at the keys (`keys_present`), so that the object is
/// read once. Only a hint: a stale or raced one costs a look, never a different result.
pub struct MatchHint(AtomicBool);

impl MatchHint {
    /// The first variant is assumed to match.
    pub const fn new() -> Self {
        MatchHint(AtomicBool::new(true))
    }

    /// Whether to look at the keys before trying the first variant.
    #[inline]
    pub fn look_first(&self) -> bool {
        !self.0.load(Ordering::Relaxed)
    }

    /// A decode ended; `first` when the first variant matched. Written only on a change, so
    /// that decodes on several threads do not contend for the line.
    #[inline]
    pub fn matched(&self, first: bool) {
        if self.0.load(Ordering::Relaxed) != first {
            self.0.store(first, Ordering::Relaxed);
        }
    }
}

impl Default for MatchHint {
    fn default() -> Self {
        Self::new()
    }
}
