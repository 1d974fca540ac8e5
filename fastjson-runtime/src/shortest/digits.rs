//! Sixteen decimal digits at once: two numbers below 10^8 to their digit values, most
//! significant first in memory. SSE2 on x86_64 (its baseline), SWAR elsewhere; the two agree
//! (tested).

/// The digits of `high` then `low` (each below 10^8, zero-padded to eight), as values 0..=9 in
/// the bytes of a little-endian `u128` (the first digit in the lowest byte).
#[inline(always)]
pub(super) fn sixteen(high: u32, low: u32) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        sixteen_sse2(high, low)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        sixteen_swar(high, low)
    }
}

/// [`sixteen`] with general-purpose registers: each half through [`eight_swar`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(super) fn sixteen_swar(high: u32, low: u32) -> u128 {
    u128::from(eight_swar(high)) | u128::from(eight_swar(low)) << 64
}

/// The eight decimal digits of `x` (below 10^8), most significant in the lowest byte: halved
/// to four-digit lanes, then two, then one, each step one multiply-and-shift on every lane.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(super) fn eight_swar(x: u32) -> u64 {
    debug_assert!(x < 100_000_000);
    let x = u64::from(x);
    // x / 10^4 for x < 10^8: 2^40 / 10^4 rounded up.
    let high4 = (x * 109_951_163) >> 40;
    let lanes4 = high4 | ((x - high4 * 10_000) << 32);
    // Each 32-bit lane / 100 for lanes below 10^4: 2^20 / 100 rounded up.
    let high2 = ((lanes4 * 10_486) >> 20) & 0x0000_007f_0000_007f;
    let lanes2 = high2 | ((lanes4 - high2 * 100) << 16);
    // Each 16-bit lane / 10 for lanes below 100: 2^10 / 10 rounded up.
    let high1 = ((lanes2 * 103) >> 10) & 0x000f_000f_000f_000f;
    high1 | ((lanes2 - high1 * 10) << 8)
}

/// [`sixteen`] with SSE2: the same halving steps on both numbers at once, in vector lanes.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sixteen_sse2(high: u32, low: u32) -> u128 {
    use core::arch::x86_64::{
        __m128i, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128, _mm_set1_epi16,
        _mm_set1_epi32, _mm_set1_epi64x, _mm_set_epi64x, _mm_slli_epi16, _mm_slli_epi32,
        _mm_slli_epi64, _mm_srli_epi16, _mm_srli_epi64, _mm_sub_epi16, _mm_sub_epi32,
    };
    debug_assert!(high < 100_000_000 && low < 100_000_000);
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics run on every x86_64 CPU;
    // they touch no memory. `__m128i` and `u128` are both 16 plain bytes, and x86_64 is
    // little-endian, so the vector's first byte becomes the integer's lowest.
    unsafe {
        // One number per 64-bit lane, `high` in the low lane (its digits come first).
        let x = _mm_set_epi64x(i64::from(low), i64::from(high));
        // Each lane / 10^4 (2^40 / 10^4 rounded up; 32 x 32 -> 64-bit products), and the remainder.
        let quotient = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi64x(109_951_163)), 40);
        let remainder = _mm_sub_epi32(x, _mm_mul_epu32(quotient, _mm_set1_epi64x(10_000)));
        // Four 32-bit lanes below 10^4: [high / 10^4, high % 10^4, low / 10^4, low % 10^4].
        let lanes4 = _mm_or_si128(quotient, _mm_slli_epi64(remainder, 32));
        // Each / 100 in its low 16 bits (2^19 / 100 rounded up; the high 16 bits stay 0), and
        // the remainder moved to the high 16 bits.
        let high2 = _mm_srli_epi16(_mm_mulhi_epu16(lanes4, _mm_set1_epi32(5243)), 3);
        let low2 = _mm_sub_epi16(lanes4, _mm_mullo_epi16(high2, _mm_set1_epi32(100)));
        let lanes2 = _mm_or_si128(high2, _mm_slli_epi32(low2, 16));
        // Each 16-bit lane below 100 / 10 in its low byte (2^16 / 10 rounded up), the remainder in
        // its high byte.
        let high1 = _mm_mulhi_epu16(lanes2, _mm_set1_epi16(6554));
        let low1 = _mm_sub_epi16(lanes2, _mm_mullo_epi16(high1, _mm_set1_epi16(10)));
        let digits: __m128i = _mm_or_si128(high1, _mm_slli_epi16(low1, 8));
        core::mem::transmute::<__m128i, u128>(digits)
    }
}
