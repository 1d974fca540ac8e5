//! Functions for `with`, `serialize_with` and `deserialize_with` on enum variants, each in
//! serde's form and fastjson's (so one `with = "module"` serves both derives): shared by the
//! fuzz models (`checks.rs`) and `tests/variant_with.rs`, which includes this file by path.

use fastjson::{Format, Lexer, Writer};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// A `u32` written as a `"0x.."` string.
pub mod hex {
    use super::*;

    fn parse(text: &str) -> Result<u32, String> {
        let digits = text
            .strip_prefix("0x")
            .ok_or_else(|| format!("`{text}` does not start with 0x"))?;
        u32::from_str_radix(digits, 16).map_err(|err| format!("`{text}`: {err}"))
    }

    pub fn serialize<S: Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{value:#x}"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        parse(&String::deserialize(d)?).map_err(D::Error::custom)
    }
    pub fn encode<F: Format>(value: &u32, w: &mut Writer<'_, F>) {
        w.str(&format!("{value:#x}"));
    }
    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<u32> {
        let text = <String as fastjson::Decode>::decode(lex)?;
        parse(&text).map_err(|msg| lex.err_custom(msg))
    }
}

/// A tuple variant's two fields written as one `"x,y"` string.
pub mod joined {
    use super::*;

    fn parse(text: &str) -> Result<(i32, i32), String> {
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| format!("`{text}` is not x,y"))?;
        let number = |part: &str| {
            part.parse::<i32>()
                .map_err(|err| format!("`{part}`: {err}"))
        };
        Ok((number(x)?, number(y)?))
    }

    pub fn serialize<S: Serializer>(x: &i32, y: &i32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{x},{y}"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(i32, i32), D::Error> {
        parse(&String::deserialize(d)?).map_err(D::Error::custom)
    }
    pub fn encode<F: Format>(x: &i32, y: &i32, w: &mut Writer<'_, F>) {
        w.str(&format!("{x},{y}"));
    }
    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<(i32, i32)> {
        let text = <String as fastjson::Decode>::decode(lex)?;
        parse(&text).map_err(|msg| lex.err_custom(msg))
    }
}

/// The read side only: a struct variant's two fields read from `[h, w]`.
pub fn read_swapped<'de, D: Deserializer<'de>>(d: D) -> Result<(u16, u16), D::Error> {
    let (h, w) = <(u16, u16)>::deserialize(d)?;
    Ok((w, h))
}
pub fn decode_swapped(lex: &mut Lexer<'_>) -> fastjson::Result<(u16, u16)> {
    let (h, w) = <(u16, u16) as fastjson::Decode>::decode(lex)?;
    Ok((w, h))
}
