//! The validating skipper: consumes one value, checking everything a decode would check
//! (grammar, escapes, UTF-8, number syntax, depth), without building anything.

use super::Lexer;
use crate::error::{ErrorCode, Result};

impl<'de> Lexer<'de> {
    /// Skips one JSON value (after whitespace), validating it. Nesting is bounded by the depth
    /// limit, so the recursion is too.
    pub fn skip_value(&mut self) -> Result<()> {
        match self.peek()? {
            b'"' => {
                self.pos += 1;
                self.skip_str()
            }
            b'{' => {
                self.enter()?;
                self.pos += 1;
                let mut first = true;
                while self.object_step(&mut first)? {
                    self.pos += 1;
                    self.skip_str()?;
                    self.colon()?;
                    self.skip_value()?;
                }
                Ok(())
            }
            b'[' => {
                self.enter()?;
                self.pos += 1;
                let mut first = true;
                while self.next_item(&mut first)? {
                    self.skip_value()?;
                }
                Ok(())
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => self.skip_number(),
            _ => Err(self.error(ErrorCode::ExpectedValue)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(input: &str) -> Result<()> {
        let mut lex = Lexer::new(input.as_bytes());
        lex.skip_value()?;
        lex.end()
    }

    #[test]
    fn skips_valid_documents() {
        for ok in [
            "null",
            " true ",
            "false",
            "-1.5e3",
            r#""a\u00e9""#,
            r#"{"a":[1,{"b":null},"x"],"c":{}}"#,
            "[]",
            "[[],[[]]]",
        ] {
            skip(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
    }

    #[test]
    fn rejects_what_a_decode_would_reject() {
        for bad in [
            "",
            "nul",
            "[1,]",
            r#"{"a" 1}"#,
            r#"{"a":1,}"#,
            "{1:2}",
            "[1 2]",
            "01",
            "[",
            "]",
            "{\"a\":}",
            "'x'",
            "NaN",
            "Infinity",
            "[1]x",
            "/* c */ 1",
        ] {
            assert!(skip(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
