//! Numbers: RFC 8259 grammar, exact integers of every width (overflow is an error), and floats
//! correctly rounded (the same bits as `str::parse::<f64>`).

use super::{float, Lexer};
use crate::error::{Error, ErrorCode, Found, Result};
use crate::pow10::POW10_U64;
use crate::{simd, swar};

/// A JSON number as `serde_json::Number` holds it: non-negative integers as `U64`, negative
/// ones as `I64`, everything else (fractions, exponents, `-0`, integers beyond 64 bits) as `F64`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Number {
    /// A non-negative integer that fits `u64`.
    U64(u64),
    /// A negative integer that fits `i64`.
    I64(i64),
    /// Any other number: a fraction, an exponent, `-0`, or an integer beyond 64 bits.
    F64(f64),
}

/// What one pass over a number token learned.
struct Scan {
    start: usize,
    negative: bool,
    /// No fraction and no exponent.
    integral: bool,
    /// The leading digits, as long as they fit in a u64.
    mantissa: u64,
    /// More digits than fit in `mantissa`.
    overflow: bool,
    /// Power of ten to apply to `mantissa` (meaningful only without overflow).
    exp10: i64,
}

/// `±mantissa × 10^exp10`, correctly rounded, when Clinger's fast path or Eisel-Lemire can decide
/// it; `None` when only the full algorithm (std's parser) can, or when the value is beyond f64's
/// range (the caller's slow path reports that).
#[inline(always)]
fn decimal_to_f64(negative: bool, mantissa: u64, exp10: i64) -> Option<f64> {
    if mantissa <= 1 << 53 && (-22..=22).contains(&exp10) {
        // Clinger's fast path: the mantissa and the power of ten are exact, so one IEEE
        // multiplication or division rounds correctly.
        let m = mantissa as f64;
        let v = if exp10 >= 0 {
            m * POW10[exp10 as usize]
        } else {
            m / POW10[(-exp10) as usize]
        };
        return Some(if negative { -v } else { v });
    }
    let v = f64::from_bits(float::eisel_lemire(exp10, mantissa)?);
    if v.is_infinite() {
        return None;
    }
    Some(if negative { -v } else { v })
}

/// Powers of ten exactly representable in an f64.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

impl<'de> Lexer<'de> {
    #[inline]
    fn digit_at(&self, at: usize) -> Option<u8> {
        match self.input.get(at) {
            Some(&b @ b'0'..=b'9') => Some(b - b'0'),
            _ => None,
        }
    }

    /// Reads the run of digits at `pos`, accumulating them into `mantissa` while it fits
    /// (`overflow` is set at the first digit that does not) and returning how many were
    /// accumulated. Eight digits at a time while at most 19 can have been seen (a u64 holds any
    /// 19-digit number); one at a time with checked arithmetic after that and near the input's
    /// end.
    #[inline(always)]
    fn digit_run(
        &self,
        pos: &mut usize,
        mantissa: &mut u64,
        overflow: &mut bool,
        digits: &mut usize,
    ) -> usize {
        let mut accumulated = 0;
        while !*overflow && *digits + 8 <= 19 && *pos + 8 <= self.input.len() {
            let word = swar::load(self.input, *pos);
            let n = swar::leading_digits(word);
            if n == 0 {
                return accumulated;
            }
            *mantissa = *mantissa * POW10_U64[n] + swar::parse_digits(word, n);
            *pos += n;
            *digits += n;
            accumulated += n;
            if n < 8 {
                return accumulated;
            }
        }
        while let Some(d) = self.digit_at(*pos) {
            if !*overflow {
                match mantissa
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(d as u64))
                {
                    Some(m) => {
                        *mantissa = m;
                        *digits += 1;
                        accumulated += 1;
                    }
                    None => *overflow = true,
                }
            }
            *pos += 1;
        }
        accumulated
    }

    /// Scans a number token starting at the current byte (whitespace already skipped).
    #[inline]
    fn scan_number(&mut self, expected: &'static str) -> Result<Scan> {
        let start = self.pos;
        let mut pos = self.pos;
        let negative = self.input.get(pos) == Some(&b'-');
        if negative {
            pos += 1;
        } else if self.digit_at(pos).is_none() {
            let b = self.input[pos];
            return Err(self.invalid_type(b, expected));
        }
        let mut mantissa: u64 = 0;
        let mut overflow = false;
        // Digits accumulated into `mantissa` so far (leading zeros included).
        let mut digits = 0usize;
        match self.digit_at(pos) {
            Some(0) => {
                pos += 1;
                if self.digit_at(pos).is_some() {
                    return Err(self.error_at(ErrorCode::InvalidNumber, pos));
                }
            }
            Some(_) => {
                self.digit_run(&mut pos, &mut mantissa, &mut overflow, &mut digits);
            }
            None => return Err(self.number_error(pos)),
        }
        let mut integral = true;
        let mut exp10: i64 = 0;
        if self.input.get(pos) == Some(&b'.') {
            integral = false;
            pos += 1;
            if self.digit_at(pos).is_none() {
                return Err(self.number_error(pos));
            }
            let accumulated = self.digit_run(&mut pos, &mut mantissa, &mut overflow, &mut digits);
            exp10 -= accumulated as i64;
        }
        if matches!(self.input.get(pos), Some(b'e' | b'E')) {
            integral = false;
            pos += 1;
            let exp_negative = match self.input.get(pos) {
                Some(b'-') => {
                    pos += 1;
                    true
                }
                Some(b'+') => {
                    pos += 1;
                    false
                }
                _ => false,
            };
            if self.digit_at(pos).is_none() {
                return Err(self.number_error(pos));
            }
            let mut exp: i64 = 0;
            while let Some(d) = self.digit_at(pos) {
                // Saturate: any exponent this large is out of range or zero anyway.
                exp = (exp * 10 + d as i64).min(1 << 40);
                pos += 1;
            }
            exp10 += if exp_negative { -exp } else { exp };
        }
        self.pos = pos;
        Ok(Scan {
            start,
            negative,
            integral,
            mantissa,
            overflow,
            exp10,
        })
    }

    #[cold]
    fn number_error(&self, at: usize) -> Error {
        let code = if at >= self.input.len() {
            ErrorCode::EofWhileParsing
        } else {
            ErrorCode::InvalidNumber
        };
        self.error_at(code, at)
    }

    #[cold]
    fn number_type_error(&self, scan: &Scan, expected: &'static str) -> Error {
        let code = if scan.integral && !(scan.negative && scan.mantissa == 0 && !scan.overflow) {
            ErrorCode::NumberOutOfRange(expected)
        } else {
            // A fraction, an exponent or `-0`: serde_json reads these as floats.
            ErrorCode::InvalidType {
                found: Found::Float,
                expected: expected.into(),
            }
        };
        self.error_at(code, scan.start)
    }

    fn token_text(&self, scan: &Scan) -> &str {
        // The token was checked against the number grammar: ASCII only, so this cannot fail.
        std::str::from_utf8(&self.input[scan.start..self.pos]).unwrap_or("")
    }

    /// Decodes an unsigned 64-bit integer.
    #[inline]
    pub fn u64(&mut self) -> Result<u64> {
        self.unsigned("u64", u64::MAX)
    }

    /// Decodes a signed 64-bit integer.
    #[inline]
    pub fn i64(&mut self) -> Result<i64> {
        self.signed("i64", i64::MIN, i64::MAX)
    }

    /// 1 to 15 digits at `at` (no leading zero) read as two words at most: their value and
    /// count; `None` for no digit, a leading zero or 16 digits and more. With `LONG`, 16 to 19
    /// digits too (a third word, when 24 bytes are left at `at`; any 19 digits fit in a u64):
    /// the integers' path, for 64-bit ids (twitter's decode −0.5% of its instructions, ~63 per
    /// id). The caller checked that 16 bytes are left at `at`. The integer part of both short
    /// paths.
    #[inline(always)]
    fn digit_words<const LONG: bool>(&self, at: usize) -> Option<(u64, usize)> {
        if let Some((value, n)) = simd::digit_run(self.input, at) {
            if n > 1 && self.input[at] == b'0' {
                return None;
            }
            return Some((value, n));
        }
        let word = swar::load(self.input, at);
        let n = swar::leading_digits(word);
        if n == 0 || (n > 1 && word as u8 == b'0') {
            return None;
        }
        if n < 8 {
            return Some((swar::parse_digits(word, n), n));
        }
        let next = swar::load(self.input, at + 8);
        let m = swar::leading_digits(next);
        let high = swar::parse_digits(word, 8);
        match m {
            0 => Some((high, 8)),
            8 if LONG => {
                self.third_digit_word(at, high * POW10_U64[8] + swar::parse_digits(next, 8))
            }
            8 => None,
            _ => Some((high * POW10_U64[m] + swar::parse_digits(next, m), 8 + m)),
        }
    }

    /// Digits 17 to 19 of an integer whose first 16 (`sixteen`, their value) start at `at`:
    /// the whole value and count, or `None` for 20 digits and more (the general scanner
    /// decides overflow) or fewer than 24 bytes left at `at`.
    #[inline(always)]
    fn third_digit_word(&self, at: usize, sixteen: u64) -> Option<(u64, usize)> {
        if at + 24 > self.input.len() {
            return None;
        }
        let word = swar::load(self.input, at + 16);
        let n = swar::leading_digits(word);
        match n {
            0 => Some((sixteen, 16)),
            // At most 10^19 - 1 < 2^64.
            1..=3 => Some((sixteen * POW10_U64[n] + swar::parse_digits(word, n), 16 + n)),
            _ => None,
        }
    }

    /// The common integer shape without the general scanner: 1 to 19 digits (no leading zero)
    /// ending in a byte that cannot continue a number, read as three words at most. `None` sends
    /// everything else (signs, fractions, exponents, 20 digits and more, leading zeros, the last
    /// 16 bytes of the input, or 24 for 17 to 19 digits) to the general scanner, which reports
    /// errors too.
    #[inline(always)]
    fn short_integer(&self, at: usize) -> Option<(u64, usize)> {
        if at + 16 > self.input.len() {
            return None;
        }
        let (value, len) = self.digit_words::<true>(at)?;
        match self.input[at + len] {
            b'.' | b'e' | b'E' => None,
            _ => Some((value, len)),
        }
    }

    /// Decodes an unsigned integer no larger than `max`; `ty` names the target in errors.
    #[inline]
    pub fn unsigned(&mut self, ty: &'static str, max: u64) -> Result<u64> {
        self.peek()?;
        if let Some((value, len)) = self.short_integer(self.pos) {
            if value <= max {
                self.pos += len;
                return Ok(value);
            }
        }
        let scan = self.scan_number(ty)?;
        if scan.integral && !scan.negative && !scan.overflow && scan.mantissa <= max {
            Ok(scan.mantissa)
        } else if scan.integral && (scan.mantissa != 0 || scan.overflow) {
            Err(self.error_at(ErrorCode::NumberOutOfRange(ty), scan.start))
        } else {
            Err(self.number_type_error(&scan, ty))
        }
    }

    /// Decodes a signed integer in `min..=max`; `ty` names the target in errors.
    #[inline]
    pub fn signed(&mut self, ty: &'static str, min: i64, max: i64) -> Result<i64> {
        self.peek()?;
        let negative = self.input.get(self.pos) == Some(&b'-');
        if let Some((magnitude, len)) = self.short_integer(self.pos + negative as usize) {
            // Up to 19 digits: beyond i64::MAX (i64::MIN among them) the general scanner
            // decides; below it, the range check is the target's.
            let value = if negative {
                (magnitude as i64).wrapping_neg()
            } else {
                magnitude as i64
            };
            if magnitude <= i64::MAX as u64
                && (min..=max).contains(&value)
                && !(negative && magnitude == 0)
            {
                self.pos += negative as usize + len;
                return Ok(value);
            }
        }
        let scan = self.scan_number(ty)?;
        if scan.integral && !scan.overflow {
            if !scan.negative && scan.mantissa <= max as u64 {
                return Ok(scan.mantissa as i64);
            }
            if scan.negative && scan.mantissa != 0 && scan.mantissa <= min.unsigned_abs() {
                return Ok((scan.mantissa as i64).wrapping_neg());
            }
        }
        Err(self.number_type_error(&scan, ty))
    }

    /// Decodes an unsigned 128-bit integer.
    pub fn u128(&mut self) -> Result<u128> {
        self.peek()?;
        let scan = self.scan_number("u128")?;
        if scan.integral && !scan.negative {
            if !scan.overflow {
                return Ok(scan.mantissa as u128);
            }
            if let Ok(v) = self.token_text(&scan).parse::<u128>() {
                return Ok(v);
            }
        }
        Err(self.number_type_error(&scan, "u128"))
    }

    /// Decodes a signed 128-bit integer (`-0` is accepted as 0, as serde_json does).
    pub fn i128(&mut self) -> Result<i128> {
        self.peek()?;
        let scan = self.scan_number("i128")?;
        if scan.integral {
            if !scan.overflow {
                let magnitude = scan.mantissa as i128;
                return Ok(if scan.negative { -magnitude } else { magnitude });
            }
            if let Ok(v) = self.token_text(&scan).parse::<i128>() {
                return Ok(v);
            }
            return Err(self.error_at(ErrorCode::NumberOutOfRange("i128"), scan.start));
        }
        Err(self.number_type_error(&scan, "i128"))
    }

    /// Decodes an f64, correctly rounded; integers are accepted too. Values beyond f64's range
    /// are an error; values below its smallest subnormal round to zero.
    #[inline(always)]
    pub fn f64(&mut self) -> Result<f64> {
        self.peek()?;
        if let Some((negative, mantissa, exp10, len)) = self.short_decimal(self.pos) {
            if let Some(v) = decimal_to_f64(negative, mantissa, exp10) {
                self.pos += len;
                return Ok(v);
            }
        }
        self.general_f64()
    }

    /// [`Lexer::f64`] for every shape the short path leaves: out of line, so that the short
    /// path can be inlined where floats are read.
    #[inline(never)]
    fn general_f64(&mut self) -> Result<f64> {
        let scan = self.scan_number("f64")?;
        self.scan_to_f64(&scan)
    }

    /// The common float shape without the general scanner: `-?` then 1 to 15 integer digits (no
    /// leading zero), optionally `.` and 1 to 16 fraction digits, at most 19 digits in all, read
    /// by `simd::digit_run` or in word loads and ending in a byte that cannot continue a number. Returns the sign, the
    /// digits as an integer, the power of ten and the token's length; `None` sends every other
    /// shape (exponents, long mantissas, the last 32 bytes of the input, errors) to the general
    /// scanner.
    #[inline(always)]
    fn short_decimal(&self, at: usize) -> Option<(bool, u64, i64, usize)> {
        if at + 32 > self.input.len() {
            return None;
        }
        let negative = self.input[at] == b'-';
        let mut pos = at + negative as usize;
        // Up to 15 integer digits (Unix times with a fraction, large amounts: ladder-25k and
        // order decode 1.6–1.7% faster than with at most 7 on this path).
        let (mut mantissa, int_digits) = self.digit_words::<false>(pos)?;
        pos += int_digits;
        let mut exp10 = 0i64;
        if self.input[pos] == b'.' {
            pos += 1;
            if let Some((fraction, n)) = simd::digit_run(self.input, pos) {
                if int_digits + n > 19 {
                    return None;
                }
                mantissa = mantissa * POW10_U64[n] + fraction;
                pos += n;
                exp10 = -(n as i64);
                // Its own end test (no digit can follow a run `digit_run` measured): folding
                // this branch into the shared one below measured canada decode 1.3% slower.
                return match self.input[pos] {
                    b'.' | b'e' | b'E' => None,
                    _ => Some((negative, mantissa, exp10, pos - at)),
                };
            }
            let mut fraction_digits = 0;
            for _ in 0..2 {
                let word = swar::load(self.input, pos);
                let n = swar::leading_digits(word);
                if n == 0 {
                    break;
                }
                if int_digits + fraction_digits + n > 19 {
                    return None;
                }
                mantissa = mantissa * POW10_U64[n] + swar::parse_digits(word, n);
                pos += n;
                fraction_digits += n;
                if n < 8 {
                    break;
                }
            }
            if fraction_digits == 0 {
                return None;
            }
            exp10 = -(fraction_digits as i64);
        }
        match self.input[pos] {
            b'0'..=b'9' | b'.' | b'e' | b'E' => None,
            _ => Some((negative, mantissa, exp10, pos - at)),
        }
    }

    #[inline]
    fn scan_to_f64(&self, scan: &Scan) -> Result<f64> {
        if !scan.overflow {
            if let Some(v) = decimal_to_f64(scan.negative, scan.mantissa, scan.exp10) {
                return Ok(v);
            }
        }
        self.slow_f64(scan)
    }

    #[cold]
    fn slow_f64(&self, scan: &Scan) -> Result<f64> {
        match self.token_text(scan).parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.f64_out_of_range(scan)),
        }
    }

    #[cold]
    fn f64_out_of_range(&self, scan: &Scan) -> Error {
        self.error_at(ErrorCode::NumberOutOfRange("f64"), scan.start)
    }

    /// Decodes an f32, correctly rounded from the decimal text (not through an f64).
    pub fn f32(&mut self) -> Result<f32> {
        self.peek()?;
        let scan = self.scan_number("f32")?;
        if !scan.overflow && scan.mantissa <= 1 << 24 && (-10..=10).contains(&scan.exp10) {
            const POW10_F32: [f32; 11] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];
            let m = scan.mantissa as f32;
            let v = if scan.exp10 >= 0 {
                m * POW10_F32[scan.exp10 as usize]
            } else {
                m / POW10_F32[(-scan.exp10) as usize]
            };
            return Ok(if scan.negative { -v } else { v });
        }
        match self.token_text(&scan).parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.error_at(ErrorCode::NumberOutOfRange("f32"), scan.start)),
        }
    }

    /// Decodes any number the way `serde_json::Value` holds it.
    pub fn number(&mut self) -> Result<Number> {
        self.peek()?;
        let scan = self.scan_number("a number")?;
        if scan.integral && !scan.overflow {
            if !scan.negative {
                return Ok(Number::U64(scan.mantissa));
            }
            if scan.mantissa != 0 && scan.mantissa <= 1 << 63 {
                return Ok(Number::I64((scan.mantissa as i64).wrapping_neg()));
            }
        }
        self.scan_to_f64(&scan).map(Number::F64)
    }

    /// Skips a number token, checking its grammar. A skipped number's value is never used, so
    /// only the token's end is found (eight digits per word test, no accumulation); anything
    /// off the grammar is handed to `scan_number`, whose errors are the ones a decode reports.
    /// The validating `Extractor` on the order payload spent a third of its skipping in
    /// `scan_number`.
    pub(crate) fn skip_number(&mut self) -> Result<()> {
        let mut pos = self.pos;
        if self.input.get(pos) == Some(&b'-') {
            pos += 1;
        }
        match self.input.get(pos) {
            Some(b'0') => pos += 1,
            Some(b'1'..=b'9') => pos = self.digits_end(pos + 1),
            _ => return self.skip_number_slow(),
        }
        if self.input.get(pos) == Some(&b'.') {
            if self.digit_at(pos + 1).is_none() {
                return self.skip_number_slow();
            }
            pos = self.digits_end(pos + 1);
        }
        if let Some(b'e' | b'E') = self.input.get(pos) {
            pos += 1;
            if let Some(b'+' | b'-') = self.input.get(pos) {
                pos += 1;
            }
            if self.digit_at(pos).is_none() {
                return self.skip_number_slow();
            }
            pos = self.digits_end(pos + 1);
        }
        // Only a leading zero's next digit ("01") can be left here: the other runs ended at a
        // non-digit.
        if self.digit_at(pos).is_some() {
            return self.skip_number_slow();
        }
        self.pos = pos;
        Ok(())
    }

    /// The number at `pos` is off the grammar: `scan_number` says where and why.
    #[cold]
    #[inline(never)]
    fn skip_number_slow(&mut self) -> Result<()> {
        self.scan_number("a number").map(|_| ())
    }

    /// The end of the run of ASCII digits starting at `at`: a word at a time while eight bytes
    /// are left, then byte by byte.
    #[inline(always)]
    fn digits_end(&self, mut at: usize) -> usize {
        while at + 8 <= self.input.len() {
            let n = swar::leading_digits(swar::load(self.input, at));
            at += n;
            if n < 8 {
                return at;
            }
        }
        while self.digit_at(at).is_some() {
            at += 1;
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `skip_number` (grammar only, its own loop) ends where `scan_number` ends and fails with
    /// the same error at the same place, for every text of up to five bytes drawn from the
    /// bytes the grammar turns on, each followed by tails that put digit runs across word
    /// boundaries and at the input's end.
    #[test]
    fn skip_number_agrees_with_scan_number() {
        const ALPHABET: &[u8] = b"-+.eE019x ";
        let tails: [&[u8]; 6] = [
            b"",
            b",",
            b"]  ",
            b"12345678",
            b"0000000000000000x",
            b".5e-7 ",
        ];
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut checked = 0;
        for _ in 0..5 {
            texts = texts
                .iter()
                .flat_map(|t| {
                    ALPHABET.iter().map(move |&b| {
                        let mut t = t.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            for text in &texts {
                if !matches!(text[0], b'-' | b'0'..=b'9') {
                    continue;
                }
                for tail in tails {
                    let input = [&text[..], tail].concat();
                    let mut skipped = Lexer::new(&input);
                    let mut scanned = Lexer::new(&input);
                    let a = skipped.skip_number().map_err(|e| e.to_string());
                    let b = scanned
                        .scan_number("a number")
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                    let shown = String::from_utf8_lossy(&input);
                    assert_eq!(a, b, "{shown:?}");
                    if a.is_ok() {
                        assert_eq!(skipped.position(), scanned.position(), "{shown:?}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    fn one<T>(input: &str, f: impl FnOnce(&mut Lexer) -> Result<T>) -> Result<T> {
        let mut lex = Lexer::new(input.as_bytes());
        let v = f(&mut lex)?;
        lex.end()?;
        Ok(v)
    }

    #[test]
    fn integers_are_exact_at_their_bounds() {
        assert_eq!(one("18446744073709551615", |l| l.u64()).unwrap(), u64::MAX);
        assert!(one("18446744073709551616", |l| l.u64()).is_err());
        assert_eq!(one("-9223372036854775808", |l| l.i64()).unwrap(), i64::MIN);
        assert_eq!(one("9223372036854775807", |l| l.i64()).unwrap(), i64::MAX);
        assert!(one("9223372036854775808", |l| l.i64()).is_err());
        assert!(one("-9223372036854775809", |l| l.i64()).is_err());
        // The same with room for the short path's three words: 19 digits and the i64 edges.
        let padded = |text: &str| format!("{text}{}", " ".repeat(24));
        assert_eq!(
            one(&padded("9999999999999999999"), |l| l.u64()).unwrap(),
            9_999_999_999_999_999_999
        );
        assert_eq!(
            one(&padded("18446744073709551615"), |l| l.u64()).unwrap(),
            u64::MAX
        );
        assert!(one(&padded("18446744073709551616"), |l| l.u64()).is_err());
        assert_eq!(
            one(&padded("9223372036854775807"), |l| l.i64()).unwrap(),
            i64::MAX
        );
        assert!(one(&padded("9223372036854775808"), |l| l.i64()).is_err());
        assert!(one(&padded("9999999999999999999"), |l| l.i64()).is_err());
        assert!(one(&padded("-9999999999999999999"), |l| l.i64()).is_err());
        assert_eq!(
            one(&padded("-9223372036854775808"), |l| l.i64()).unwrap(),
            i64::MIN
        );
        assert_eq!(
            one(&padded("-9223372036854775807"), |l| l.i64()).unwrap(),
            i64::MIN + 1
        );
        assert!(one(&padded("-9223372036854775809"), |l| l.i64()).is_err());
        assert_eq!(
            one(&padded("505874924095815681"), |l| l.u64()).unwrap(),
            505_874_924_095_815_681
        );
        let u128_max = u128::MAX.to_string();
        assert_eq!(one(&u128_max, |l| l.u128()).unwrap(), u128::MAX);
        assert!(one(&format!("{u128_max}0"), |l| l.u128()).is_err());
        let i128_min = i128::MIN.to_string();
        assert_eq!(one(&i128_min, |l| l.i128()).unwrap(), i128::MIN);
        assert!(one("-1", |l| l.u64()).is_err());
        assert!(one("1.0", |l| l.u64()).is_err());
        assert!(one("1e2", |l| l.i64()).is_err());
    }

    /// The short-integer fast path (taken only with 16 bytes of input left, 24 for 17 to 19
    /// digits) against serde_json, in a document, near its end and at its very end (where the
    /// general scanner runs): same value, same accept/reject, same position afterwards, for every
    /// width and sign.
    #[test]
    fn the_short_integer_path_agrees_with_serde_json() {
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let terminators = [",", "}", "]", " ", "\n", ".5", "e3", "E-1", "x", "-", ""];
        // Under valgrind a twentieth (with the pool's threads test, 78 s → 6.5 s there): each
        // length of 1 to 21 digits still meets every terminator and padding many times.
        for _ in 0..crate::test_rng::iterations(40_000) {
            let digits = 1 + (next() % 21) as usize;
            let mut token: String = (0..digits)
                .map(|_| char::from(b'0' + (next() % 10) as u8))
                .collect();
            if next().is_multiple_of(4) {
                token.insert(0, '-');
            }
            let after = terminators[(next() % terminators.len() as u64) as usize];
            // Padding moves the number across the 16- and 24-byte limits of the word reads.
            for padding in [20, 0, (next() % 26) as usize] {
                let doc = format!("{token}{after}{}", " ".repeat(padding));
                // The number token: the digits, plus a fraction or exponent when one follows.
                let number_text = match after.as_bytes().first() {
                    Some(b'.' | b'e' | b'E') => format!("{token}{after}"),
                    _ => token.clone(),
                };
                macro_rules! check {
                    ($ty:ty, $decode:expr) => {{
                        let mut lex = Lexer::new(doc.as_bytes());
                        let ours: Result<$ty> = $decode(&mut lex);
                        let theirs = serde_json::from_str::<$ty>(&number_text).ok();
                        match (&ours, theirs) {
                            (Ok(v), Some(t)) => {
                                assert_eq!(*v, t, "{doc:?}");
                                assert_eq!(lex.position(), number_text.len(), "{doc:?}");
                            }
                            (Err(_), None) => {}
                            _ => panic!(
                                "{doc:?} as {}: ours {ours:?}, serde_json {theirs:?}",
                                stringify!($ty)
                            ),
                        }
                    }};
                }
                check!(u64, |l: &mut Lexer| l.u64());
                check!(i64, |l: &mut Lexer| l.i64());
                check!(u32, |l: &mut Lexer| l
                    .unsigned("u32", u32::MAX as u64)
                    .map(|v| v as u32));
                check!(i16, |l: &mut Lexer| l
                    .signed("i16", i16::MIN as i64, i16::MAX as i64)
                    .map(|v| v as i16));
                check!(u8, |l: &mut Lexer| l
                    .unsigned("u8", u8::MAX as u64)
                    .map(|v| v as u8));
            }
        }
    }

    /// The short-decimal fast path (taken with 32 bytes of input left) against std's parser for
    /// the value and serde_json's grammar for accept/reject, padded and at the input's end.
    #[test]
    fn the_short_decimal_path_agrees_with_std() {
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let digits = |n: u64, next: &mut dyn FnMut() -> u64| -> String {
            (0..n)
                .map(|_| char::from(b'0' + (next() % 10) as u8))
                .collect()
        };
        let terminators = [",", "}", "]", " ", "x", "-", "."];
        for _ in 0..60_000 {
            let mut token = String::new();
            if next().is_multiple_of(2) {
                token.push('-');
            }
            token += &digits(1 + next() % 18, &mut next);
            if !next().is_multiple_of(8) {
                token.push('.');
                token += &digits(next() % 21, &mut next);
            }
            if next().is_multiple_of(10) {
                token += &format!("e{}", next() % 30);
            }
            let after = terminators[(next() % terminators.len() as u64) as usize];
            let valid = serde_json::from_str::<serde_json::Value>(&token).is_ok();
            for padded in [true, false] {
                let padding = if padded {
                    " ".repeat(40)
                } else {
                    String::new()
                };
                let doc = format!("{token}{after}{padding}");
                let mut lex = Lexer::new(doc.as_bytes());
                // A `.` after an integer starts a fraction with no digits (an error); after a
                // fraction or an exponent it is the next token (the caller's business).
                let dangling_dot = after == "." && !token.contains(['.', 'e']);
                match (lex.f64(), valid && !dangling_dot) {
                    (Ok(v), true) => {
                        let exact: f64 = token.parse().unwrap();
                        assert_eq!(v.to_bits(), exact.to_bits(), "{doc:?}");
                        assert_eq!(lex.position(), token.len(), "{doc:?}");
                    }
                    (Err(_), false) => {}
                    (ours, _) => panic!("{doc:?}: ours {ours:?}, valid {valid}"),
                }
            }
        }
    }

    #[test]
    fn negative_zero_follows_serde_json() {
        assert!(one("-0", |l| l.i64()).is_err());
        assert!(one("-0", |l| l.u64()).is_err());
        assert!(one("-0", |l| l.u128()).is_err());
        assert_eq!(one("-0", |l| l.i128()).unwrap(), 0);
        let v = one("-0", |l| l.f64()).unwrap();
        assert!(v == 0.0 && v.is_sign_negative());
        assert!(
            matches!(one("-0", |l| l.number()).unwrap(), Number::F64(v) if v.is_sign_negative())
        );
    }

    #[test]
    fn malformed_numbers_are_rejected() {
        for bad in [
            "01", "-", "1.", ".5", "+1", "1e", "1e+", "-a", "0x1", "1.e5", "--1", "1ee2",
        ] {
            assert!(one(bad, |l| l.f64()).is_err(), "{bad}");
            assert!(one(bad, |l| l.skip_value()).is_err(), "{bad}");
        }
    }

    #[test]
    fn floats_are_correctly_rounded() {
        let cases = [
            "0.1",
            "1e23",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "1.7976931348623157e308",
            "9007199254740993",
            "123456789012345678901234567890",
            "-1e-400",
            "0.30000000000000004",
            "3.141592653589793238462643383279",
            "1E+2",
            "1e-7",
        ];
        for text in cases {
            let expected: f64 = text.parse().unwrap();
            let got = one(text, |l| l.f64()).unwrap();
            assert_eq!(got.to_bits(), expected.to_bits(), "{text}");
        }
        let long = format!("1{}", "7".repeat(300));
        assert_eq!(
            one(&long, |l| l.f64()).unwrap(),
            long.parse::<f64>().unwrap()
        );
        // A 1,000-digit integer is beyond every numeric type.
        let huge = format!("1{}", "0".repeat(1000));
        assert!(one(&huge, |l| l.f64()).is_err());
        assert!(one(&huge, |l| l.u128()).is_err());
        assert!(one(&huge, |l| l.i64()).is_err());
        assert!(one(&huge, |l| l.skip_value()).is_ok());
        let long_mantissa = format!("0.{}1", "0".repeat(1000));
        assert_eq!(
            one(&long_mantissa, |l| l.f64()).unwrap(),
            long_mantissa.parse::<f64>().unwrap()
        );
    }

    #[test]
    fn out_of_range_floats_are_errors() {
        assert!(one("1e400", |l| l.f64()).is_err());
        assert!(one("-1e400", |l| l.number()).is_err());
        assert!(one("3.4028236e38", |l| l.f32()).is_err());
        assert_eq!(one("3.4028235e38", |l| l.f32()).unwrap(), f32::MAX);
    }

    #[test]
    fn numbers_classify_as_serde_json_does() {
        assert_eq!(one("5", |l| l.number()).unwrap(), Number::U64(5));
        assert_eq!(one("-5", |l| l.number()).unwrap(), Number::I64(-5));
        assert_eq!(one("5.0", |l| l.number()).unwrap(), Number::F64(5.0));
        assert_eq!(
            one("18446744073709551616", |l| l.number()).unwrap(),
            Number::F64(18446744073709551616.0)
        );
    }

    #[test]
    fn random_decimal_strings_match_std() {
        // A small deterministic LCG: many mantissa/exponent shapes, including the fast path's edges.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 11
        };
        for _ in 0..20_000 {
            let digits = 1 + next() % 25;
            let mut text = String::new();
            if next().is_multiple_of(2) {
                text.push('-');
            }
            for i in 0..digits {
                let d = if i == 0 { 1 + next() % 9 } else { next() % 10 };
                text.push(char::from(b'0' + d as u8));
            }
            if next().is_multiple_of(2) {
                let split = 1 + (next() % digits) as usize;
                if split < text.len() && text.as_bytes()[split - 1] != b'-' {
                    text.insert(split, '.');
                }
            }
            if next().is_multiple_of(2) {
                text.push_str(&format!("e{}", next() as i64 % 330 - 20));
            }
            let expected: f64 = text.parse().unwrap();
            match one(&text, |l| l.f64()) {
                Ok(v) => assert_eq!(v.to_bits(), expected.to_bits(), "{text}"),
                Err(_) => assert!(expected.is_infinite(), "{text}"),
            }
        }
    }
}
