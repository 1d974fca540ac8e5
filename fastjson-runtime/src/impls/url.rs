//! `url::Url` (feature `url`), as url's serde impl writes it: its text (`Url::as_str`) as a
//! string, read back with `Url::parse` (strings only); also as a map key.

use ::url::Url;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// url's serde message for a refused text: the parse error, then the text.
fn parse_error(error: ::url::ParseError, text: &str) -> String {
    format!("{error}: {text:?}")
}

impl Encode for Url {
    /// Escaped as any string: an opaque path (`mailto:`, `data:`) may keep a `"` or `\`.
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.str(self.as_str());
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        self.as_str().len() + 2
    }
}

impl<'de> Decode<'de> for Url {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let start = lex.mark();
        let text = lex.str()?;
        match Url::parse(&text) {
            Ok(url) => Ok(url),
            Err(error) => {
                let message = parse_error(error, &text);
                lex.reset(start);
                lex.peek()?;
                Err(lex.err_custom(message))
            }
        }
    }
}

super::map::text_keys! {
    Url => |text| Url::parse(text).map_err(|error| parse_error(error, text));
}

impl Schema for Url {
    const SCHEMA_NAME: &'static str = "Url";

    fn schema() -> &'static str {
        r#"{"type":"string","format":"uri"}"#
    }
}
