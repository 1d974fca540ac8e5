//! Stage one of float formatting: a finite, non-zero `f64` to the shortest decimal that reads back
//! as it, with one 64 x 128-bit product (Schubfach as refined by Xiang JunBo's xjb and Victor
//! Zverovich's zmij: scale by 10^(-k-1) to get the shorter candidate directly and read the one
//! extra digit from the fraction). Our own code and table; every output is checked against zmij,
//! which serde_json prints with, in the tests.

use super::table::{E_MAX, E_MIN, POW10};

/// `integral.digit * 10^exponent` (`digit` one more decimal place, 0 when not needed): the
/// shortest decimal in the double's rounding interval, the closest to it when several are (ties
/// to even). `integral` has 15 or 16 digits for normal doubles and is below 10^16; the digits may
/// end in zeros (the layout drops them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    pub(crate) integral: u64,
    pub(crate) digit: u64,
    pub(crate) exponent: i32,
}

impl Decimal {
    /// The decimal of ±0 (the layout prints `0.0`).
    pub(crate) const ZERO: Decimal = Decimal {
        integral: 0,
        digit: 0,
        exponent: 0,
    };
}

const SIGNIFICAND_BITS: u32 = 52;
const IMPLICIT_BIT: u64 = 1 << SIGNIFICAND_BITS;
/// Binary exponent of the last significand bit: value = significand * 2^(raw - EXPONENT_OFFSET).
const EXPONENT_OFFSET: i32 = 1075;
/// Bits of the scaled value below its integral part, beyond the 64-bit fraction's own: keeps the
/// shift by which the significand is scaled non-negative.
const EXTRA_SHIFT: u32 = 6;

/// `floor(log10(2^e))` (or of `3/4 * 2^e` for the narrower interval below a power of two) for
/// |e| <= 1100; checked against exact values in the tests.
#[inline(always)]
pub(super) fn floor_log10_pow2(e: i32, below_power_of_two: bool) -> i32 {
    (e * 315_653 - i32::from(below_power_of_two) * 131_072) >> 20
}

/// `floor(log2(10^e))` for |e| <= 400; checked against exact values in the tests.
#[inline(always)]
pub(super) fn floor_log2_pow10(e: i32) -> i32 {
    (e * 217_707) >> 16
}

#[inline(always)]
fn mul_high(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}

/// The shortest decimal of the finite, non-zero double with bits `bits` (the sign is ignored).
#[inline(always)]
pub(crate) fn shortest(bits: u64) -> Decimal {
    // The mask through `opaque`: a constant one becomes `mov al, 52; bzhi` in native builds.
    let fraction = bits & super::opaque(IMPLICIT_BIT - 1);
    let raw_exponent = ((bits >> SIGNIFICAND_BITS) & 0x7ff) as i32;
    debug_assert!(raw_exponent != 0x7ff, "finite values only");
    if raw_exponent == 0 {
        // Subnormal: the significand without its hidden bit, at the smallest normal exponent.
        debug_assert!(fraction != 0, "zero is formatted by the caller");
        scaled(fraction, 1 - EXPONENT_OFFSET)
    } else if fraction != 0 {
        scaled(fraction | IMPLICIT_BIT, raw_exponent - EXPONENT_OFFSET)
    } else {
        power_of_two(raw_exponent - EXPONENT_OFFSET)
    }
}

/// The decimal of `significand * 2^exponent` whose rounding interval is symmetric (every double
/// but the powers of two).
#[inline(always)]
fn scaled(significand: u64, exponent: i32) -> Decimal {
    let k = floor_log10_pow2(exponent, false);
    // value * 10^(-k-1) has 15 or 16 integral digits; with the shift, the product's top 64 bits
    // hold them above EXTRA_SHIFT fraction bits, the next 64 the rest of the fraction.
    let shift = (exponent + floor_log2_pow10(-k - 1) + 1 + EXTRA_SHIFT as i32) as u32;
    debug_assert!(shift <= EXTRA_SHIFT + 1 && (E_MIN..=E_MAX).contains(&(-k - 1)));
    let [high, low] = POW10[(-k - 1 - E_MIN) as usize];
    let (top, next) = mul_192_high_128(high, low, significand << shift);
    let integral = top >> EXTRA_SHIFT;
    let fraction = (top << (64 - EXTRA_SHIFT)) | (next >> EXTRA_SHIFT);
    // Half the distance to the neighbouring doubles, in units of the fraction; an even
    // significand's interval includes its ends.
    let half_ulp = (high >> (EXTRA_SHIFT + 1 - shift)) + (1 - (significand & 1));
    // The interval holds a multiple of 10^(k+1) (`integral` rounded up or down): then that
    // shorter form is the answer. Otherwise one more digit, read from the fraction.
    let round_up = fraction.wrapping_add(half_ulp) < fraction;
    let round_down = half_ulp > fraction;
    let integral = integral + u64::from(round_up);
    // The extra digit, rounded to nearest (the +6 covers boundary cases zmij's verification
    // found; the tests compare every family of inputs against zmij); 2.5 rounds to even.
    let mut digit = ((fraction as u128 * 10 + ((1u128 << 63) + 6)) >> 64) as u64;
    if fraction == 1 << 62 {
        digit = 2;
    }
    with_digit(integral, k, digit, !(round_up || round_down))
}

/// The decimal of a power of two, 2^exponent: the interval below it is half as wide as above.
#[cold]
fn power_of_two(exponent: i32) -> Decimal {
    let k = floor_log10_pow2(exponent, true);
    let shift = (exponent + floor_log2_pow10(-k - 1) + 1 + EXTRA_SHIFT as i32) as u32;
    let [high, low] = POW10[(-k - 1 - E_MIN) as usize];
    let (top, next) = mul_192_high_128(high, low, IMPLICIT_BIT << shift);
    let integral = top >> EXTRA_SHIFT;
    let fraction = (top << (64 - EXTRA_SHIFT)) | (next >> EXTRA_SHIFT);
    let half_ulp = high >> (EXTRA_SHIFT + 1 - shift);
    let round_up = half_ulp > u64::MAX - fraction;
    let round_down = (half_ulp >> 1) > fraction;
    let integral = integral + u64::from(round_up);
    // The nearest digit, but not below the interval's lower end (a quarter ulp below).
    let nearest = mul_high_add(fraction, 10, (1 << 63) - 1);
    let lowest = mul_high_add(fraction.wrapping_sub(half_ulp >> 1), 10, u64::MAX);
    with_digit(integral, k, nearest.max(lowest), !(round_up || round_down))
}

/// `(x * y + c) >> 64`.
#[inline(always)]
fn mul_high_add(x: u64, y: u64, c: u64) -> u64 {
    ((x as u128 * y as u128 + c as u128) >> 64) as u64
}

/// `integral * 10^(k+1)`, followed by `digit` when it is needed.
#[inline(always)]
fn with_digit(integral: u64, k: i32, digit: u64, needs_digit: bool) -> Decimal {
    Decimal {
        integral,
        // Masked, not branched on: whether the digit is needed is a coin toss for many doubles.
        digit: digit & 0u64.wrapping_sub(u64::from(needs_digit)),
        exponent: k + 1,
    }
}

/// The top 128 bits of the 192-bit product `(high * 2^64 + low) * y`, as (top 64, next 64); the
/// low half of `low * y` is dropped (the algorithm's analysis allows for it).
#[inline(always)]
fn mul_192_high_128(high: u64, low: u64, y: u64) -> (u64, u64) {
    let p = high as u128 * y as u128;
    let next = (p as u64).wrapping_add(mul_high(low, y));
    ((p >> 64) as u64 + u64::from(next < p as u64), next)
}
