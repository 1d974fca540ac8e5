//! serde_json's `RawValue` through the bridge: a value's JSON text, kept as it is written.
//!
//! `RawValue`'s `Deserialize` (serde_json's `raw_value` feature) asks for a newtype struct of a
//! private name and expects, instead of its content, a map of one entry: that name, then the
//! text. serde_json's own deserializer does this; so does the bridge, so that types holding
//! `Box<RawValue>` or `&RawValue` decode through it as they do through serde_json.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, Visitor};

use super::de_ignore::ignore_value;
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::Lexer;

/// The newtype name `RawValue` asks for (serde_json's `raw::TOKEN`).
pub(super) const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// Skips the value at the lexer as serde_json skips it and hands its text (from its first byte,
/// after whitespace, to its last) to `visitor` as the one entry `RawValue` expects.
pub(super) fn visit_raw_value<'de, V: Visitor<'de>>(
    lex: &mut Lexer<'de>,
    visitor: V,
) -> Result<V::Value> {
    lex.peek()?;
    let start = lex.position();
    ignore_value(lex)?;
    let text = &lex.input()[start..lex.position()];
    // The skip does not check strings' UTF-8; the text must be UTF-8 all the same.
    let text = std::str::from_utf8(text)
        .map_err(|err| lex.error_at(ErrorCode::InvalidUtf8, start + err.valid_up_to()))?;
    visitor.visit_map(RawEntry { text: Some(text) })
}

/// The one entry: the token as key, the text as value (both borrowed strings).
struct RawEntry<'de> {
    text: Option<&'de str>,
}

impl<'de> de::MapAccess<'de> for RawEntry<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.text.is_none() {
            return Ok(None);
        }
        seed.deserialize(BorrowedStrDeserializer::new(RAW_VALUE_TOKEN))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let text = self.text.take().unwrap_or_default();
        seed.deserialize(BorrowedStrDeserializer::new(text))
    }
}
