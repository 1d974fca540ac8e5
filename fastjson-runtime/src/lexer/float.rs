//! Decimal to f64 by the Eisel-Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per
//! Second", 2021), run on the mantissa and exponent the number scanner already collected, so
//! the digits are read once. Returns `None` in the rare cases the 128-bit product cannot decide
//! the rounding; the caller then uses std's parser on the token (correct on every input).

use super::pow5::{LARGEST_POWER_OF_TEN, POWERS_OF_FIVE, SMALLEST_POWER_OF_TEN};

/// Explicit mantissa bits of an f64.
const MANTISSA_BITS: i32 = 52;
/// Biased-exponent offset used by the algorithm (f64's minimum exponent).
const MINIMUM_EXPONENT: i32 = -1023;
/// The biased exponent of infinity.
const INFINITE_POWER: i32 = 0x7FF;
/// Range of q where ties (exact halfway values) can occur and must round to even.
const MIN_EXPONENT_ROUND_TO_EVEN: i64 = -4;
const MAX_EXPONENT_ROUND_TO_EVEN: i64 = 23;

/// `w * 10^q` correctly rounded, as f64 bits without the sign; `None` when undecidable here.
/// `w` holds at most 19 significant digits exactly (no truncation).
#[inline(always)]
pub(crate) fn eisel_lemire(q: i64, w: u64) -> Option<u64> {
    if w == 0 || q < SMALLEST_POWER_OF_TEN {
        return Some(0);
    }
    if q > LARGEST_POWER_OF_TEN {
        return Some((INFINITE_POWER as u64) << MANTISSA_BITS);
    }
    let leading_zeros = w.leading_zeros();
    let w = w << leading_zeros;
    let (lo, hi) = product_approx(q, w, MANTISSA_BITS as u32 + 3);
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        // The truncated product may be one below the true value, and adding that one could
        // carry into the rounding decision.
        return None;
    }
    let upper_bit = (hi >> 63) as i32;
    let mut mantissa = hi >> (upper_bit + 64 - MANTISSA_BITS - 3);
    let mut power2 = power(q as i32) + upper_bit - leading_zeros as i32 - MINIMUM_EXPONENT;
    if power2 <= 0 {
        // Subnormal (or zero).
        if -power2 + 1 >= 64 {
            return Some(0);
        }
        mantissa >>= -power2 + 1;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        let biased = (mantissa >= (1u64 << MANTISSA_BITS)) as u64;
        return Some((biased << MANTISSA_BITS) | (mantissa & ((1u64 << MANTISSA_BITS) - 1)));
    }
    // Exactly halfway between two floats with an even lower one: round down (to even).
    if lo <= 1
        && (MIN_EXPONENT_ROUND_TO_EVEN..=MAX_EXPONENT_ROUND_TO_EVEN).contains(&q)
        && mantissa & 3 == 1
        && (mantissa << (upper_bit + 64 - MANTISSA_BITS - 3)) == hi
    {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= (2u64 << MANTISSA_BITS) {
        mantissa = 1u64 << MANTISSA_BITS;
        power2 += 1;
    }
    mantissa &= !(1u64 << MANTISSA_BITS);
    if power2 >= INFINITE_POWER {
        return Some((INFINITE_POWER as u64) << MANTISSA_BITS);
    }
    Some(mantissa | ((power2 as u64) << MANTISSA_BITS))
}

/// floor(log2(10^q)) + 63, for q in the table's range.
#[inline]
fn power(q: i32) -> i32 {
    (q.wrapping_mul(152_170 + 65_536) >> 16) + 63
}

#[inline]
fn multiply(a: u64, b: u64) -> (u64, u64) {
    let product = (a as u128) * (b as u128);
    (product as u64, (product >> 64) as u64)
}

/// The high 128 bits of `w * 5^q` (approximately: a second multiplication only when the first
/// cannot settle the top `precision` bits).
#[inline]
fn product_approx(q: i64, w: u64, precision: u32) -> (u64, u64) {
    let mask = u64::MAX >> precision;
    let (pow_hi, pow_lo) = POWERS_OF_FIVE[(q - SMALLEST_POWER_OF_TEN) as usize];
    let (mut first_lo, mut first_hi) = multiply(w, pow_hi);
    if first_hi & mask == mask {
        let (_, second_hi) = multiply(w, pow_lo);
        first_lo = first_lo.wrapping_add(second_hi);
        if second_hi > first_lo {
            first_hi += 1;
        }
    }
    (first_lo, first_hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(w: u64, q: i64) {
        let text = format!("{w}e{q}");
        let expected = text.parse::<f64>().unwrap().to_bits();
        if let Some(bits) = eisel_lemire(q, w) {
            assert_eq!(bits, expected, "{text}");
        }
    }

    #[test]
    fn agrees_with_std_on_edges() {
        for (w, q) in [
            (1, 0),
            (1, 22),
            (1, 23),
            (9007199254740993, 0),
            (17976931348623157, 292),
            (17976931348623159, 292),
            (22250738585072014, -324),
            (22250738585072011, -324),
            (49406564584124654, -340),
            (24703282292062327, -340),
            (24703282292062328, -340),
            (1, -342),
            (1, -343),
            (9999999999999999999, -343),
            (1, 308),
            (2, 308),
            (7, -1),
            (123456789012345678, -5),
            (9007199254740992, 1),
            (4503599627370497, -1),
        ] {
            check(w, q);
        }
    }

    #[test]
    fn agrees_with_std_on_random_inputs() {
        let mut next = crate::test_rng::xorshift(0x243F_6A88_85A3_08D3);
        let (mut decided, rounds) = (0, crate::test_rng::iterations(200_000));
        for _ in 0..rounds {
            let digits = 1 + next() % 19;
            let w = next() % 10u64.pow(digits as u32).max(1);
            let q = (next() % 700) as i64 - 360;
            let text = format!("{w}e{q}");
            let expected = text.parse::<f64>().unwrap().to_bits();
            if let Some(bits) = eisel_lemire(q, w) {
                assert_eq!(bits, expected, "{text}");
                decided += 1;
            }
        }
        assert!(
            decided > rounds - rounds / 200,
            "undecided too often: {decided} of {rounds}"
        );
    }
}
