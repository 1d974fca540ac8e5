//! Interop with `serde_json::Value` and `serde_json::Map` (behind the default `serde_json` feature).

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::lexer::{Lexer, Number};
use crate::traits::{Decode, DecodeFields, Encode, EncodeFields, IsEmpty};
use crate::writer::{Format, Writer};

impl Encode for Value {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Value::Null => w.null(),
            Value::Bool(b) => w.bool(*b),
            Value::Number(n) => encode_number(n, w),
            Value::String(s) => w.str(s),
            Value::Array(items) => items.encode(w),
            Value::Object(map) => map.encode(w),
        }
    }

    fn encoded_len_hint(&self) -> usize {
        match self {
            Value::Null => 4,
            Value::Bool(_) => 5,
            Value::Number(n) => number_len_hint(n),
            Value::String(s) => s.encoded_len_hint(),
            Value::Array(items) => items.encoded_len_hint(),
            Value::Object(map) => map.encoded_len_hint(),
        }
    }
}

/// What the number's own type estimates: an integer's exact length (counting every integer at
/// its widest would over-reserve large values), a float's longest.
fn number_len_hint(n: &serde_json::Number) -> usize {
    if let Some(u) = n.as_u64() {
        u.encoded_len_hint()
    } else if let Some(i) = n.as_i64() {
        i.encoded_len_hint()
    } else {
        n.as_f64().unwrap_or(0.0).encoded_len_hint()
    }
}

fn encode_number<F: Format>(n: &serde_json::Number, w: &mut Writer<'_, F>) {
    if let Some(u) = n.as_u64() {
        w.u64(u);
    } else if let Some(i) = n.as_i64() {
        w.i64(i);
    } else if let Some(f) = n.as_f64() {
        w.f64(f);
    } else {
        // Only reachable with serde_json's arbitrary_precision: the number's own text.
        w.raw_str(&n.to_string());
    }
}

impl<'de> Decode<'de> for Value {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        Ok(match lex.peek()? {
            b'n' => {
                lex.null()?;
                Value::Null
            }
            b't' | b'f' => Value::Bool(lex.bool()?),
            b'"' => Value::String(String::decode(lex)?),
            b'[' => Value::Array(Vec::decode(lex)?),
            b'{' => Value::Object(Map::decode(lex)?),
            _ => Value::Number(match lex.number()? {
                Number::U64(u) => u.into(),
                Number::I64(i) => i.into(),
                // `number` rejects non-finite values, so `from_f64` always succeeds.
                Number::F64(f) => serde_json::Number::from_f64(f).unwrap_or_else(|| 0.into()),
            }),
        })
    }
}

impl Encode for Map<String, Value> {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.begin_object();
        self.encode_fields(w, &mut true);
        w.end_object();
    }

    fn encoded_len_hint(&self) -> usize {
        2 + self.encoded_fields_len_hint()
    }
}

impl EncodeFields for Map<String, Value> {
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        for (key, value) in self {
            w.key_str(*first, key);
            *first = false;
            value.encode(w);
        }
    }

    fn encoded_fields_len_hint(&self) -> usize {
        super::map::entries_len_hint(self)
    }
}

impl<'de> Decode<'de> for Map<String, Value> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        lex.begin_object()?;
        let mut map = Map::new();
        let mut first = true;
        while let Some(key) = lex.next_key_str(&mut first)? {
            let key = String::from(&*key);
            let value = Value::decode(lex).map_err(|e| e.at_field(&key))?;
            map.insert(key, value);
        }
        Ok(map)
    }
}

impl<'de> DecodeFields<'de> for Map<String, Value> {
    type Builder = Self;
    const LEAVES_KEYS: bool = true;

    fn decode_field(map: &mut Self, key: &Cow<'de, str>, lex: &mut Lexer<'de>) -> Result<bool> {
        let value = Value::decode(lex).map_err(|e| e.at_field(key))?;
        map.insert(key.to_string(), value);
        Ok(true)
    }

    fn finish(map: &mut Self, _lex: &Lexer<'de>) -> Result<Self> {
        Ok(std::mem::take(map))
    }
}

impl IsEmpty for Value {
    fn is_empty_value(&self) -> bool {
        self.is_null()
    }
}

impl IsEmpty for Map<String, Value> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use crate::{from_slice, to_string, to_string_pretty};

    #[test]
    fn values_round_trip_like_serde_json() {
        let text = r#"{"a":[1,-2,3.5,1e+25,true,null,"x\n"],"b":{"c":{}},"d":-0.0,"e":18446744073709551615}"#;
        let ours: Value = from_slice(text.as_bytes()).unwrap();
        let theirs: Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs);
        assert_eq!(to_string(&ours), serde_json::to_string(&theirs).unwrap());
        assert_eq!(
            to_string_pretty(&ours),
            serde_json::to_string_pretty(&theirs).unwrap()
        );
    }

    #[test]
    fn repeated_keys_keep_the_last_value() {
        let v: Value = from_slice(br#"{"a":1,"a":2}"#).unwrap();
        assert_eq!(v["a"], 2);
        let v: Value = from_slice(br#"{"a":{"x":1},"b":2,"a":[true]}"#).unwrap();
        let theirs: Value = serde_json::from_str(r#"{"a":{"x":1},"b":2,"a":[true]}"#).unwrap();
        assert_eq!(v, theirs);
    }

    #[test]
    fn errors_inside_values_name_the_keys_on_their_path() {
        for (text, path) in [
            (r#"{"a":1,"b":{"c":[1,{"d":tru}]}}"#, "$.b.c[1].d"),
            (r#"{"k":1,"j":2,"k":[x]}"#, "$.k[0]"),
            (r#"{"z":0,"y":0,"x":{"w":-}}"#, "$.x.w"),
        ] {
            let err = from_slice::<Value>(text.as_bytes()).unwrap_err();
            assert_eq!(err.path(), path, "{text}: {err}");
        }
    }
}
