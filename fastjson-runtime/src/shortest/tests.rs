//! The shortest-float writer against zmij (serde_json's formatter) and its tables against exact
//! integers.

use super::decimal::{floor_log10_pow2, shortest};
use super::digits::{eight_swar, sixteen, sixteen_swar};
use super::table::{E_MAX, E_MIN, POW10};
use super::{write, write_group, Punctuation, MAX_WRITE};
use crate::test_rng::{iterations, xorshift};
use std::cmp::Ordering;

/// A little-endian big unsigned integer, enough to check the tables.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Big(Vec<u64>);

impl Big {
    fn from_u128(v: u128) -> Big {
        Big(vec![v as u64, (v >> 64) as u64]).trimmed()
    }
    fn trimmed(mut self) -> Big {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }
    fn mul_small(&self, m: u64) -> Big {
        let mut carry = 0u128;
        let mut out = Vec::with_capacity(self.0.len() + 1);
        for &limb in &self.0 {
            let v = limb as u128 * m as u128 + carry;
            out.push(v as u64);
            carry = v >> 64;
        }
        out.push(carry as u64);
        Big(out).trimmed()
    }
    fn shl(&self, bits: u32) -> Big {
        let (words, bits) = ((bits / 64) as usize, bits % 64);
        let mut out = vec![0u64; words];
        let mut carry = 0u64;
        for &limb in &self.0 {
            out.push(if bits == 0 {
                limb
            } else {
                (limb << bits) | carry
            });
            carry = if bits == 0 { 0 } else { limb >> (64 - bits) };
        }
        out.push(carry);
        Big(out).trimmed()
    }
    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

/// `a * 2^p2a * 10^p10a` compared with `2^p2b * 10^p10b` (all exponents may be negative: each
/// side is multiplied up by the other's negative powers).
fn compare(a: u128, p2a: i32, p10a: i32, p2b: i32, p10b: i32) -> Ordering {
    let (mut left, mut right) = (Big::from_u128(a), Big::from_u128(1));
    let (d2, d10) = (p2a - p2b, p10a - p10b);
    if d2 >= 0 {
        left = left.shl(d2 as u32);
    } else {
        right = right.shl((-d2) as u32);
    }
    if d10 >= 0 {
        left = mul_pow10(&left, d10 as u32);
    } else {
        right = mul_pow10(&right, (-d10) as u32);
    }
    left.cmp(&right)
}

fn mul_pow10(b: &Big, n: u32) -> Big {
    (0..n).fold(b.clone(), |b, _| b.mul_small(10))
}

#[test]
fn table_entries_are_exact() {
    assert_eq!(POW10.len(), (E_MAX - E_MIN + 1) as usize);
    for (i, &[high, low]) in POW10.iter().enumerate() {
        let e = E_MIN + i as i32;
        let significand = (high as u128) << 64 | low as u128;
        assert!(high >> 63 == 1, "e = {e}: not normalised");
        // significand = floor(10^e * 2^(127 - b)), b = floor(log2(10^e)):
        // significand * 2^(b - 127) <= 10^e < (significand + 1) * 2^(b - 127).
        let b = floor_log2_pow10_exact(e);
        assert_ne!(
            compare(significand, b - 127, 0, 0, e),
            Ordering::Greater,
            "e = {e}"
        );
        assert_eq!(
            compare(significand + 1, b - 127, 0, 0, e),
            Ordering::Greater,
            "e = {e}"
        );
    }
}

/// floor(log2(10^e)), exactly.
fn floor_log2_pow10_exact(e: i32) -> i32 {
    // The largest r with 2^r <= 10^e.
    let mut r = (e as f64 * std::f64::consts::LOG2_10).floor() as i32 - 2;
    while compare(1, r + 1, 0, 0, e) != Ordering::Greater {
        r += 1;
    }
    r
}

#[test]
fn logarithm_approximations_are_exact_where_used() {
    // Binary exponents of doubles' last significand bits: -1074..=971.
    for q in -1100..=1100 {
        // floor(log10(2^q)) = k: 10^k <= 2^q < 10^(k+1).
        let k = floor_log10_pow2(q, false);
        assert_ne!(compare(1, 0, k, q, 0), Ordering::Greater, "q = {q}");
        assert_eq!(compare(1, 0, k + 1, q, 0), Ordering::Greater, "q = {q}");
        // floor(log10(3/4 * 2^q)): 4 * 10^k <= 3 * 2^q < 4 * 10^(k+1).
        let k = floor_log10_pow2(q, true);
        assert_ne!(compare_scaled(4, k, 3, q), Ordering::Greater, "q = {q}");
        assert_eq!(compare_scaled(4, k + 1, 3, q), Ordering::Greater, "q = {q}");
    }
    for e in E_MIN..=E_MAX {
        assert_eq!(
            super::decimal::floor_log2_pow10(e),
            floor_log2_pow10_exact(e),
            "e = {e}"
        );
    }
}

/// `a * 10^k` compared with `b * 2^q`.
fn compare_scaled(a: u128, k: i32, b: u128, q: i32) -> Ordering {
    let (mut left, mut right) = (Big::from_u128(a), Big::from_u128(b));
    if k >= 0 {
        left = mul_pow10(&left, k as u32);
    } else {
        right = mul_pow10(&right, (-k) as u32);
    }
    if q >= 0 {
        right = right.shl(q as u32);
    } else {
        left = left.shl((-q) as u32);
    }
    left.cmp(&right)
}

#[test]
fn eight_digits_match_decimal_formatting() {
    let check = |x: u32| {
        let digits = eight_swar(x) | 0x3030_3030_3030_3030;
        assert_eq!(
            digits.to_le_bytes(),
            *format!("{x:08}").as_bytes(),
            "x = {x}"
        );
    };
    let edge = iterations(100_000) as u32;
    (0..edge).for_each(check);
    (0..100_000_000)
        .step_by(997 * (100_000 / edge) as usize)
        .for_each(check);
    (100_000_000 - edge..100_000_000).for_each(check);
    let mut next = xorshift(0x5eed_e1d1);
    (0..iterations(200_000)).for_each(|_| check((next() % 100_000_000) as u32));
}

#[test]
fn sixteen_digits_agree_with_the_portable_form() {
    let mut next = xorshift(0x1616_d161);
    let edges = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 12_345_678, 99_999_999];
    for &high in &edges {
        for &low in &edges {
            assert_eq!(sixteen(high, low), sixteen_swar(high, low), "{high} {low}");
        }
    }
    for _ in 0..iterations(1_000_000) {
        let (high, low) = ((next() % 100_000_000) as u32, (next() % 100_000_000) as u32);
        assert_eq!(sixteen(high, low), sixteen_swar(high, low), "{high} {low}");
    }
}

/// zmij's text for `v` (what serde_json prints).
fn expected(v: f64) -> String {
    zmij::Buffer::new().format_finite(v).to_owned()
}

/// Our text for `v`, written into a buffer of junk; checks nothing past MAX_WRITE is touched.
fn ours(v: f64) -> String {
    let mut buffer = [0xa5u8; MAX_WRITE + 8];
    // SAFETY: `v` is finite (callers check) and the buffer has MAX_WRITE bytes.
    let end = unsafe { write(v, buffer.as_mut_ptr()) };
    let len = end as usize - buffer.as_ptr() as usize;
    assert!(
        buffer[MAX_WRITE..].iter().all(|&b| b == 0xa5),
        "{v:e}: wrote past MAX_WRITE"
    );
    String::from_utf8(buffer[..len].to_vec()).expect("ASCII")
}

const FOUR: Punctuation<4> = Punctuation {
    before: [b"", b",", b",", b","],
    after: b"",
};
const TWO_PAIRS: Punctuation<4> = Punctuation {
    before: [b"[", b",", b"],[", b","],
    after: b"]",
};

fn ours_four(values: [f64; 4], punctuation: &Punctuation<4>) -> String {
    let limit = punctuation.max_write();
    let mut buffer = vec![0x5au8; limit + 8];
    // SAFETY: all finite (callers check); the buffer has max_write() bytes.
    let end = unsafe { write_group(values, punctuation, buffer.as_mut_ptr()) };
    let len = end as usize - buffer.as_ptr() as usize;
    assert!(
        buffer[limit..].iter().all(|&b| b == 0x5a),
        "wrote past max_write()"
    );
    String::from_utf8(buffer[..len].to_vec()).expect("ASCII")
}

fn check(v: f64) {
    if !v.is_finite() {
        return;
    }
    let want = expected(v);
    assert_eq!(ours(v), want, "bits {:#018x}", v.to_bits());
    assert_eq!(v.to_bits(), want.parse::<f64>().unwrap().to_bits());
}

#[test]
fn random_bit_patterns_print_as_zmij_does() {
    let mut next = xorshift(0xf10a_7b17);
    for _ in 0..iterations(2_000_000) {
        check(f64::from_bits(next()));
    }
}

#[test]
fn every_binade_prints_as_zmij_does() {
    let mut next = xorshift(0xb1aa_de5e);
    for exponent in 0..0x7ffu64 {
        for sign in [0, 1u64 << 63] {
            let base = sign | exponent << 52;
            // The binade's edges and random significands.
            for fraction in [0, 1, 2, 3, (1 << 52) - 1, (1 << 52) - 2, 1 << 51] {
                check(f64::from_bits(base | fraction));
            }
            for _ in 0..iterations(64) {
                check(f64::from_bits(base | next() >> 12));
            }
        }
    }
}

#[test]
fn subnormals_zeros_and_limits_print_as_zmij_does() {
    for bits in 0..iterations(20_000) as u64 {
        check(f64::from_bits(bits));
        check(-f64::from_bits(bits));
    }
    for v in [
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        5e-324,
        f64::from_bits(0x000f_ffff_ffff_ffff),
    ] {
        check(v);
    }
}

#[test]
fn decimal_boundaries_and_notations_print_as_zmij_does() {
    // Powers of ten and their neighbours, across the positional/scientific switch (1e-5, 1e16)
    // and every exponent.
    for e in -325..=308 {
        let v: f64 = format!("1e{e}").parse().unwrap();
        for bits in v.to_bits().saturating_sub(3)..=v.to_bits() + 3 {
            check(f64::from_bits(bits));
        }
        for digits in ["1.5", "9.999999999999999", "1.2345678901234567", "7", "2.5"] {
            check(format!("{digits}e{e}").parse().unwrap());
        }
    }
    // Integers, and short decimals with their neighbours (where ties and trailing zeros live).
    let mut next = xorshift(0xdec1_a1e5);
    for _ in 0..iterations(200_000) {
        let digits = next() % 10_000_000;
        let exponent = (next() % 40) as i32 - 20;
        let v: f64 = format!("{digits}e{exponent}").parse().unwrap();
        for bits in v.to_bits().saturating_sub(1)..=v.to_bits() + 1 {
            check(f64::from_bits(bits));
        }
    }
    for i in 0..iterations(100_000) as u64 {
        check(i as f64);
        check((1u64 << 53) as f64 - i as f64);
        check(i as f64 / 8.0);
    }
}

#[test]
fn batches_print_each_float_with_their_punctuation() {
    let mut next = xorshift(0x9a1f_0b0e);
    let check_four = |v: [f64; 4]| {
        if v.iter().all(|v| v.is_finite()) {
            let [a, b, c, d] = v.map(expected);
            assert_eq!(ours_four(v, &FOUR), format!("{a},{b},{c},{d}"));
            assert_eq!(ours_four(v, &TWO_PAIRS), format!("[{a},{b}],[{c},{d}]"));
        }
    };
    for _ in 0..iterations(300_000) {
        check_four([0; 4].map(|_| f64::from_bits(next())));
    }
    // The longest texts side by side, and zeros.
    check_four([
        -2.2250738585072014e-308,
        -1.7976931348623157e308,
        -1234567890123456.7,
        -0.000012345678901234567,
    ]);
    check_four([0.0, -0.0, 1e16, 5e-324]);
}

#[test]
fn every_shortest_decimal_reads_back_and_has_at_most_17_digits() {
    let mut next = xorshift(0x0dd5_ca1e);
    for _ in 0..iterations(200_000) {
        let bits = next() & !(1 << 63);
        let v = f64::from_bits(bits);
        if !v.is_finite() || v == 0.0 {
            continue;
        }
        let d = shortest(bits);
        assert!(d.integral > 0 && d.integral < 10_000_000_000_000_000 && d.digit < 10);
        let back: f64 = format!("{}{}e{}", d.integral, d.digit, d.exponent - 1)
            .parse()
            .unwrap();
        assert_eq!(back.to_bits(), bits);
    }
}
