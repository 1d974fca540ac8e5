//! Stage one of float formatting: a finite, non-zero `f64` to the shortest decimal that reads back
//! as it (Schubfach, R. Giulietti, "The Schubfach way to render doubles", 2020).

use super::table::{G, K_MIN};

/// `significand * 10^exponent`: the shortest decimal in the double's rounding interval, the one
/// closest to it when several are (ties to an even last digit). The significand may carry trailing
/// zeros (the layout drops them) and is below 10^17.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    pub(crate) significand: u64,
    pub(crate) exponent: i32,
}

const SIGNIFICAND_BITS: u32 = 52;
/// The smallest normal significand, 2^52 (the hidden bit alone).
const C_MIN: u64 = 1 << SIGNIFICAND_BITS;
/// The binary exponent of subnormals and of the smallest normals.
const Q_MIN: i32 = -1074;

/// `floor(log10(2^q))` for |q| <= 1200 (checked against exact values in the tests).
#[inline(always)]
pub(super) fn floor_log10_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083) >> 41) as i32
}

/// `floor(log10(3/4 * 2^q))` for |q| <= 1200: the interval of a power of two is narrower below it.
#[inline(always)]
pub(super) fn floor_log10_three_quarters_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083 - 274_743_187_321) >> 41) as i32
}

/// `floor(log2(10^e))` for |e| <= 400.
#[inline(always)]
pub(super) fn floor_log2_pow10(e: i32) -> i32 {
    ((e as i64 * 913_124_641_741) >> 38) as i32
}

/// The high 64 bits of a 64 x 64-bit product.
#[inline(always)]
fn mul_high(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}

/// `g * cp / 2^127` rounded to odd (Schubfach's `rop`), g = g1 * 2^63 + g0: the quotient from the
/// bits of the product above 2^64, its lowest bit set when any of those below 2^127 is. The bits
/// below 2^64 are dropped; with g rounded up, that truncation is part of what the proof covers
/// (the exact product breaks ties instead: 1000000000000000.25 would print as `.3`).
#[inline(always)]
fn round_to_odd(g1: u64, g0: u64, cp: u64) -> u64 {
    const MASK_63: u64 = (1 << 63) - 1;
    let x1 = mul_high(g0, cp);
    let y = g1 as u128 * cp as u128;
    let (y0, y1) = (y as u64, (y >> 64) as u64);
    let z = (y0 >> 1) + x1;
    let vbp = y1 + (z >> 63);
    vbp | (((z & MASK_63) + MASK_63) >> 63)
}

/// The shortest decimal of the finite, non-zero double with bits `bits` (the sign is ignored).
#[inline(always)]
pub(crate) fn shortest(bits: u64) -> Decimal {
    let fraction = bits & (C_MIN - 1);
    let biased_exponent = ((bits >> SIGNIFICAND_BITS) & 0x7ff) as i32;
    debug_assert!(biased_exponent != 0x7ff, "finite values only");
    if biased_exponent != 0 {
        to_decimal(biased_exponent - 1075, C_MIN | fraction)
    } else {
        debug_assert!(fraction != 0, "zero is formatted by the caller");
        to_decimal(Q_MIN, fraction)
    }
}

/// The value `c * 2^q` (c below 2^53): the decimal Schubfach picks.
#[inline(always)]
fn to_decimal(q: i32, c: u64) -> Decimal {
    let out = c & 1;
    let cb = c << 2;
    let (cbl, k) = if c != C_MIN || q == Q_MIN {
        (cb - 2, floor_log10_pow2(q))
    } else {
        (cb - 1, floor_log10_three_quarters_pow2(q))
    };
    let h = q + floor_log2_pow10(-k) + 2;
    debug_assert!((1..=5).contains(&h), "h = {h}");
    // `k` lies in K_MIN..=K_MAX for every finite double (the table's test covers both ends).
    let [g1, g0] = G[(k - K_MIN) as usize];
    let vb = round_to_odd(g1, g0, cb << h);
    let vbl = round_to_odd(g1, g0, cbl << h);
    let vbr = round_to_odd(g1, g0, (cb + 2) << h);
    let s = vb >> 2;
    // The candidates one digit shorter: s rounded down and up to a multiple of ten. The interval
    // is under ten units of s wide, so at most one of them lies in it. (Java's
    // `Double.toString`, Schubfach's first user, wants two digits and checks these only from
    // s >= 100, scaling the two smallest subnormals by 10; the shortest form wants them from two
    // digits on, so that 4.9e-324 prints as `5e-324`.)
    let sp10 = 10 * mul_high(s, 115_292_150_460_684_698 << 4);
    let tp10 = sp10 + 10;
    let upin = vbl + out <= sp10 << 2;
    let wpin = (tp10 << 2) + out <= vbr;
    let shorter = (s >= 10) & (upin != wpin);
    let short = sp10 + 10 * u64::from(!upin);
    // Else s or s + 1, whichever lies in the interval; the closer one (the even one on a tie)
    // when both do.
    let t = s + 1;
    let uin = vbl + out <= s << 2;
    let win = (t << 2) + out <= vbr;
    let cmp = vb as i64 - ((s + t) << 1) as i64;
    let t_closer = (cmp > 0) | ((cmp == 0) & (s & 1 != 0));
    let pick_t = ((uin != win) & !uin) | ((uin == win) & t_closer);
    let long = s + u64::from(pick_t);
    // Every choice above is a coin toss for many doubles (a third of canada.json's take the
    // shorter candidate): selected with masks and bitwise operators, which compile to no
    // branches (`if` and `||` here did, mispredicted).
    let take_short = 0u64.wrapping_sub(u64::from(shorter));
    let significand = (short & take_short) | (long & !take_short);
    Decimal {
        significand,
        exponent: k,
    }
}
