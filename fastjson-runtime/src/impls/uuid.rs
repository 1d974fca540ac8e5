//! `uuid::Uuid` (feature `uuid`), as uuid's serde impl writes it for JSON (a human-readable
//! format): the hyphenated lower-case text, read back with `Uuid::parse_str` (simple,
//! hyphenated, braced and URN forms, any case); also as a map key.
//!
//! uuid's visitor also takes bytes and sequences, but serde_json's `deserialize_str`, which
//! its `Deserialize` calls, hands it strings only: a JSON array is refused, and so it is here.

use ::uuid::Uuid;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// The hyphenated text's length (`8-4-4-4-12` hex digits).
const HYPHENATED_LEN: usize = 36;

/// The hyphenated lower-case text with its quotes, from the 16 bytes (on the stack: no
/// `String` per value). The text needs no escaping, so it goes to the output verbatim.
#[inline]
fn write_quoted<F: Format>(uuid: &Uuid, w: &mut Writer<'_, F>) {
    let mut buffer = [0; HYPHENATED_LEN];
    w.raw("\"");
    w.raw_str(uuid.hyphenated().encode_lower(&mut buffer));
    w.raw("\"");
}

/// uuid's serde message for a refused text.
fn parse_error(error: ::uuid::Error) -> String {
    format!("UUID parsing failed: {error}")
}

impl Encode for Uuid {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_quoted(self, w);
    }

    /// The hyphenated text and its quotes.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        HYPHENATED_LEN + 2
    }
}

impl<'de> Decode<'de> for Uuid {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let start = lex.mark();
        // Borrowed from the input when unescaped; `parse_str` allocates nothing.
        let text = lex.str()?;
        match Uuid::parse_str(&text) {
            Ok(uuid) => Ok(uuid),
            Err(error) => {
                let message = parse_error(error);
                lex.reset(start);
                lex.peek()?;
                Err(lex.err_custom(message))
            }
        }
    }
}

super::map::text_keys! {
    Uuid => |text| Uuid::parse_str(text).map_err(parse_error);
}

impl Schema for Uuid {
    const SCHEMA_NAME: &'static str = "Uuid";

    fn schema() -> &'static str {
        r#"{"type":"string","format":"uuid"}"#
    }
}
