//! The gate's reference reader: JSON text to `serde_json::Value` with every float exactly
//! `str::parse::<f64>` of its source text (serde_json's default float parsing is not correctly
//! rounded), numbers otherwise classified as serde_json does. Not timed; clarity over speed.

use serde_json::{Map, Number, Value};

/// Parses one JSON document (trailing whitespace allowed).
pub fn parse(input: &[u8]) -> Result<Value, String> {
    let mut p = Parser { s: input, i: 0 };
    let v = p.value(0)?;
    p.ws();
    if p.i != input.len() {
        return Err(p.err("trailing characters"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.i)
    }

    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, lit: &[u8]) -> Result<(), String> {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            Ok(())
        } else {
            Err(self.err("unexpected input"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > 512 {
            return Err(self.err("nesting too deep"));
        }
        self.ws();
        match self.s.get(self.i) {
            None => Err(self.err("unexpected end")),
            Some(b'n') => self.eat(b"null").map(|_| Value::Null),
            Some(b't') => self.eat(b"true").map(|_| Value::Bool(true)),
            Some(b'f') => self.eat(b"false").map(|_| Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(self.err("expected , or ]")),
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut map = Map::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Value::Object(map));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&b'"') {
                        return Err(self.err("expected a key"));
                    }
                    let key = self.string()?;
                    self.ws();
                    self.eat(b":")?;
                    let value = self.value(depth + 1)?;
                    map.insert(key, value);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Value::Object(map));
                        }
                        _ => return Err(self.err("expected , or }")),
                    }
                }
            }
            Some(_) => self.number().map(Value::Number),
        }
    }

    fn number(&mut self) -> Result<Number, String> {
        let start = self.i;
        let negative = self.s.get(self.i) == Some(&b'-');
        if negative {
            self.i += 1;
        }
        let digits = self.digits();
        if digits == 0 || (digits > 1 && self.s[self.i - digits] == b'0') {
            return Err(self.err("invalid number"));
        }
        let mut integral = true;
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            integral = false;
            if self.digits() == 0 {
                return Err(self.err("invalid fraction"));
            }
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            integral = false;
            if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("invalid exponent"));
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).expect("ASCII");
        // As serde_json: integers that fit u64 (or i64 when negative) stay integers; `-0` and
        // out-of-range integers become floats.
        if integral {
            if !negative {
                if let Ok(u) = text.parse::<u64>() {
                    return Ok(u.into());
                }
            } else if text != "-0" {
                if let Ok(i) = text.parse::<i64>() {
                    return Ok(i.into());
                }
            }
        }
        let f: f64 = text.parse().map_err(|_| self.err("invalid number"))?;
        Number::from_f64(f).ok_or_else(|| self.err("number out of range"))
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while matches!(self.s.get(self.i), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        self.i - start
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let Some(&b) = self.s.get(self.i) else {
                return Err(self.err("unterminated string"));
            };
            self.i += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else {
                        return Err(self.err("unterminated escape"));
                    };
                    self.i += 1;
                    match e {
                        b'"' | b'\\' | b'/' => out.push(e),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        _ => return Err(self.err("invalid escape")),
                    }
                }
                0..=0x1f => return Err(self.err("control character in string")),
                _ => out.push(b),
            }
        }
        String::from_utf8(out).map_err(|_| self.err("invalid UTF-8 in string"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let hex = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.err("short \\u"))?;
        let text = std::str::from_utf8(hex).map_err(|_| self.err("bad \\u"))?;
        let v = u32::from_str_radix(text, 16).map_err(|_| self.err("bad \\u"))?;
        self.i += 4;
        Ok(v)
    }

    fn unicode_escape(&mut self) -> Result<char, String> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            self.eat(b"\\u")?;
            let lo = self.hex4()?;
            if !(0xDC00..0xE000).contains(&lo) {
                return Err(self.err("lone surrogate"));
            }
            let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
            return char::from_u32(c).ok_or_else(|| self.err("bad surrogate pair"));
        }
        char::from_u32(hi).ok_or_else(|| self.err("lone surrogate"))
    }
}

/// Compares two values with floats by bit pattern; returns the first difference's path.
pub fn diff(expected: &Value, actual: &Value) -> Option<String> {
    fn walk(e: &Value, a: &Value, path: &mut String) -> Option<String> {
        match (e, a) {
            (Value::Number(x), Value::Number(y)) => {
                let same = match (x.as_f64(), y.as_f64()) {
                    _ if x.is_f64() != y.is_f64() => false,
                    (Some(p), Some(q)) if x.is_f64() => p.to_bits() == q.to_bits(),
                    _ => x == y,
                };
                (!same).then(|| format!("{path}: expected {x}, found {y}"))
            }
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return Some(format!(
                        "{path}: expected {} items, found {}",
                        x.len(),
                        y.len()
                    ));
                }
                x.iter().zip(y).enumerate().find_map(|(i, (p, q))| {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    let found = walk(p, q, path);
                    path.truncate(len);
                    found
                })
            }
            (Value::Object(x), Value::Object(y)) => {
                if let Some(k) = x.keys().find(|k| !y.contains_key(*k)) {
                    return Some(format!("{path}: missing key {k:?}"));
                }
                if let Some(k) = y.keys().find(|k| !x.contains_key(*k)) {
                    return Some(format!("{path}: unexpected key {k:?}"));
                }
                x.iter().find_map(|(k, p)| {
                    let len = path.len();
                    path.push('.');
                    path.push_str(k);
                    let found = walk(p, &y[k], path);
                    path.truncate(len);
                    found
                })
            }
            _ if e == a => None,
            _ => Some(format!("{path}: expected {e}, found {a}")),
        }
    }
    walk(expected, actual, &mut String::from("$"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_are_exact_and_integers_classified_like_serde_json() {
        let v = parse(br#"[1, -2, -0, 18446744073709551616, 0.1, 1e400, "\u00e9\ud83d\ude00\n"]"#);
        assert!(v.is_err(), "1e400 is out of range");
        let v =
            parse(br#"[1, -2, -0, 18446744073709551616, 0.1, "\u00e9\ud83d\ude00\n"]"#).unwrap();
        assert!(v[0].is_u64() && v[1].is_i64() && v[2].is_f64() && v[3].is_f64());
        assert_eq!(v[2].as_f64().unwrap().to_bits(), (-0.0f64).to_bits());
        assert_eq!(v[4].as_f64(), Some(0.1));
        assert_eq!(v[5], "é😀\n");
    }

    #[test]
    fn diff_compares_float_bits() {
        let a = parse(b"[0.0]").unwrap();
        let b = parse(b"[-0.0]").unwrap();
        assert_eq!(diff(&a, &b).unwrap(), "$[0]: expected 0.0, found -0.0");
        assert_eq!(diff(&a, &a), None);
        let c = parse(b"[0]").unwrap();
        assert!(diff(&a, &c).is_some(), "0 and 0.0 differ");
    }

    #[test]
    fn rejects_what_json_rejects() {
        for bad in [
            "01",
            "1.",
            "-",
            "[1,]",
            "{\"a\"1}",
            "\"\\x\"",
            "\"\u{1}\"",
            "\"\\ud800\"",
        ] {
            assert!(parse(bad.as_bytes()).is_err(), "{bad}");
        }
    }
}
