//! Stage two of float formatting: a [`Decimal`] laid out as serde_json prints it (`12.5`,
//! `100.0`, `0.001`, `1e+16`, `1.5e-7`), with whole-register stores and no `memmove`.

use super::decimal::{floor_log10_pow2, Decimal};
use crate::pow10::POW10_U64;

/// The most bytes [`write()`] may store from its `out` (a sign, 17 digits, the point and a
/// 16-byte store that can start 18 bytes in); the text itself is at most [`MAX_TEXT`].
pub(crate) const MAX_WRITE: usize = 34;

/// The longest text [`write()`] returns: `-1.7976931348623157e+308`, or a sign, `0.0000` and 17
/// digits (zmij's buffer size; the tests hold every text to zmij's).
pub(crate) const MAX_TEXT: usize = 24;

/// Scientific exponents printed in positional notation: serde_json's (zmij's) range.
const POSITIONAL_MIN: i32 = -5;
const POSITIONAL_MAX: i32 = 15;

/// The exponent after `e` in scientific notation: its sign and 1 to 3 digits, as little-endian
/// bytes, and how many bytes that is.
#[inline(always)]
fn exponent_text(scientific: i32) -> (u32, usize) {
    let sign = if scientific < 0 { b'-' } else { b'+' };
    let magnitude = scientific.unsigned_abs();
    debug_assert!(magnitude < 1000);
    let hundreds = magnitude / 100;
    let tens = magnitude / 10 % 10;
    let ones = magnitude % 10;
    let (digits, count) = if magnitude >= 100 {
        (hundreds | tens << 8 | ones << 16, 3)
    } else if magnitude >= 10 {
        (tens | ones << 8, 2)
    } else {
        (ones, 1)
    };
    (
        u32::from(sign) | ((digits + 0x0030_3030) & ((1 << (8 * count)) - 1)) << 8,
        count + 1,
    )
}

/// The decimal's first digit, its next 16 (the second in the lowest byte, zeros past the last),
/// and the power of ten of the first.
#[inline(always)]
fn digits_of(decimal: Decimal) -> (u8, u128, i32) {
    let Decimal {
        integral,
        digit,
        exponent,
    } = decimal;
    if integral >= POW10_U64[14] {
        // A normal double: 15 or 16 integral digits, as 16 with at most one leading zero;
        // the extra digit (0 when not needed) follows the last.
        let leading_zero = u32::from(integral < POW10_U64[15]);
        let high = (integral / 100_000_000) as u32;
        let low = (integral - u64::from(high) * 100_000_000) as u32;
        let sixteen = super::digits::sixteen(high, low);
        let first = (sixteen >> (8 * leading_zero)) as u8;
        let rest =
            (sixteen >> (8 + 8 * leading_zero)) | u128::from(digit) << (120 - 8 * leading_zero);
        (first, rest, exponent + 15 - leading_zero as i32)
    } else {
        // Subnormals: fewer digits. All of them as one number, scaled to exactly 17 digits.
        let f = integral * 10 + digit;
        let bit_length = 64 - f.leading_zeros() as i32;
        let mut length = floor_log10_pow2(bit_length, false);
        length += i32::from(f >= POW10_U64[length as usize]);
        let f17 = f * POW10_U64[(17 - length) as usize];
        let first = f17 / POW10_U64[16];
        let rest = f17 - first * POW10_U64[16];
        let high = (rest / 100_000_000) as u32;
        let low = (rest - u64::from(high) * 100_000_000) as u32;
        (
            first as u8,
            super::digits::sixteen(high, low),
            exponent - 1 + length - 1,
        )
    }
}

/// Writes `-` when `negative`, then `decimal` (0 prints `0.0`), and returns the end of the text.
///
/// # Safety
/// `out` must be valid for writes of [`MAX_WRITE`] bytes. Bytes past the returned end may have
/// been written with anything.
#[inline(always)]
pub(crate) unsafe fn write(negative: bool, decimal: Decimal, out: *mut u8) -> *mut u8 {
    // SAFETY (every store below): offsets stay inside MAX_WRITE, as each arm's comment shows.
    unsafe {
        *out = b'-';
        let p = out.add(usize::from(negative));
        if decimal.integral | decimal.digit == 0 {
            // Sign + 4 bytes.
            p.cast::<[u8; 4]>().write_unaligned(*b"0.0\0");
            return p.add(3);
        }
        let (first, digits, scientific) = digits_of(decimal);
        let significant = 17 - (digits.leading_zeros() / 8) as usize;
        let text = digits | 0x3030_3030_3030_3030_3030_3030_3030_3030;
        let first = b'0' + first;
        // One unsigned comparison per range: 0..=15, then -5..=-1.
        if (scientific as u32) <= POSITIONAL_MAX as u32 {
            // `123.45`, `100.0`: the integral digits, the point, then the fraction as the same
            // 16 digits shifted down (a '0' after the point when nothing is left). Sign + at most
            // 1 + 15 + 1 + 16 bytes.
            let point = scientific as usize + 1;
            *p = first;
            p.add(1).cast::<u128>().write_unaligned(text.to_le());
            *p.add(point) = b'.';
            p.add(point + 1)
                .cast::<u128>()
                .write_unaligned((text >> (8 * scientific)).to_le());
            p.add(significant.max(point + 1) + 1)
        } else if (scientific - POSITIONAL_MIN) as u32 <= (-1 - POSITIONAL_MIN) as u32 {
            // `0.00123`: "0." and zeros, then the digits. Sign + at most 6 + 1 + 16 bytes.
            p.cast::<u64>()
                .write_unaligned(u64::from_le_bytes(*b"0.000000"));
            let start = p.add((1 - scientific) as usize);
            *start = first;
            start.add(1).cast::<u128>().write_unaligned(text.to_le());
            start.add(significant)
        } else {
            // `1.5e-7`, `1e+16`: sign + at most 2 + 16 bytes for the digits; the exponent starts
            // at most 18 bytes in and takes 2 + 4.
            *p = first;
            *p.add(1) = b'.';
            p.add(2).cast::<u128>().write_unaligned(text.to_le());
            let mantissa = if significant == 1 { 1 } else { significant + 1 };
            let e = p.add(mantissa);
            let (exponent, count) = exponent_text(scientific);
            *e = b'e';
            e.add(1).cast::<u32>().write_unaligned(exponent.to_le());
            e.add(1 + count)
        }
    }
}
