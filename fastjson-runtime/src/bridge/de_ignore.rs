//! Ignored values through serde (`deserialize_ignored_any`, which serde's derives use for
//! unknown fields), skipped as serde_json's `ignore_value` skips them.
//!
//! serde_json checks an ignored value's grammar but not what a decode of it would: its strings
//! are not checked for UTF-8 or for lone surrogates in `\u` escapes (control characters and bad
//! escapes are errors), and its nesting is not limited, the skip keeping its open brackets in a
//! heap stack rather than recursing. The lexer's own skipper checks more (and limits depth), so
//! the bridge skips with this one to accept what serde_json accepts.

use crate::error::{ErrorCode, Result};
use crate::lexer::Lexer;

/// Skips the value at the lexer's position.
pub(super) fn ignore_value(lex: &mut Lexer<'_>) -> Result<()> {
    // The open arrays and objects, innermost last, as their opening byte.
    let mut open: Vec<u8> = Vec::new();
    loop {
        match lex.peek()? {
            b'n' => lex.null()?,
            b't' | b'f' => {
                lex.bool()?;
            }
            b'-' | b'0'..=b'9' => lex.skip_number()?,
            b'"' => ignore_str(lex)?,
            bracket @ (b'[' | b'{') => {
                lex.seek(lex.position() + 1);
                let close = if bracket == b'[' { b']' } else { b'}' };
                if lex.peek()? != close {
                    open.push(bracket);
                    if bracket == b'{' {
                        ignore_key(lex)?;
                    }
                    continue;
                }
                lex.seek(lex.position() + 1);
            }
            _ => return Err(lex.error(ErrorCode::ExpectedValue)),
        }
        // After a value: close what it ends, or step to the next element or entry.
        loop {
            let Some(&bracket) = open.last() else {
                return Ok(());
            };
            let close = if bracket == b'[' { b']' } else { b'}' };
            let b = lex.peek()?;
            lex.seek(lex.position() + 1);
            if b == close {
                open.pop();
            } else if b == b',' {
                if bracket == b'{' {
                    ignore_key(lex)?;
                }
                break;
            } else {
                lex.seek(lex.position() - 1);
                return Err(lex.error(ErrorCode::ExpectedCommaOrEnd(close)));
            }
        }
    }
}

/// An object's key and its colon.
fn ignore_key(lex: &mut Lexer<'_>) -> Result<()> {
    if lex.peek()? != b'"' {
        return Err(lex.error(ErrorCode::KeyMustBeString));
    }
    ignore_str(lex)?;
    if lex.peek()? != b':' {
        return Err(lex.error(ErrorCode::ExpectedColon));
    }
    lex.seek(lex.position() + 1);
    Ok(())
}

/// The string whose opening quote is at the lexer's position: escapes checked for their form
/// only, control characters refused, nothing else checked.
fn ignore_str(lex: &mut Lexer<'_>) -> Result<()> {
    let input = lex.input();
    let mut at = lex.position() + 1;
    loop {
        match input.get(at) {
            None => return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len())),
            Some(b'"') => {
                lex.seek(at + 1);
                return Ok(());
            }
            Some(b'\\') => {
                at += 1;
                match input.get(at) {
                    None => return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len())),
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => at += 1,
                    Some(b'u') => {
                        let digits = input.get(at + 1..at + 5);
                        match digits {
                            None => {
                                return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len()))
                            }
                            Some(digits) if digits.iter().all(u8::is_ascii_hexdigit) => at += 5,
                            Some(_) => return Err(lex.error_at(ErrorCode::InvalidEscape, at)),
                        }
                    }
                    Some(_) => return Err(lex.error_at(ErrorCode::InvalidEscape, at)),
                }
            }
            Some(&b) if b < 0x20 => {
                return Err(lex.error_at(ErrorCode::ControlCharacterInString, at))
            }
            Some(_) => at += 1,
        }
    }
}
