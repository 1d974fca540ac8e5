//! SSE2 kernels (16 bytes at a time). SSE2 is part of the x86_64 baseline, so these need no
//! detection and inline into the lexer; spans longer than [`HANDOFF`] bytes continue in the AVX2
//! kernel when the CPU has it.

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_madd_epi16,
    _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi32, _mm_set1_epi32, _mm_set1_epi8,
    _mm_setzero_si128, _mm_sub_epi8, _mm_subs_epu8, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
};

use super::avx2;
use crate::swar;

/// Bytes scanned with SSE2 before a span moves to the AVX2 kernel (a call, not inlined: worth it
/// only for long strings).
const HANDOFF: usize = 32;

/// The 16 bytes at `at`.
///
/// # Safety
/// `at + 16 <= bytes.len()`.
#[inline(always)]
unsafe fn load(bytes: &[u8], at: usize) -> __m128i {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: the caller guarantees the 16 bytes lie inside `bytes`; `loadu` has no alignment
    // requirement.
    unsafe { _mm_loadu_si128(bytes.as_ptr().add(at).cast()) }
}

/// Bit i set when byte i of `v` is `"`, `\` or below 0x20.
#[inline(always)]
fn special_mask(v: __m128i) -> u32 {
    // SAFETY: SSE2 is enabled on every x86_64 target; these intrinsics only touch registers.
    unsafe {
        let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
        let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
        // max(v, 0x20) == v exactly when v >= 0x20 (unsigned).
        let printable = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v);
        let special = _mm_movemask_epi8(_mm_or_si128(quote, backslash)) as u32;
        special | (!(_mm_movemask_epi8(printable) as u32) & 0xFFFF)
    }
}

/// Bit i set when byte i of `v` is 0x80 or above.
#[inline(always)]
fn high_mask(v: __m128i) -> u32 {
    // SAFETY: as in `special_mask`.
    unsafe { _mm_movemask_epi8(v) as u32 }
}

/// See [`super::find_string_end`]. With `HANDOFF_TO_AVX2`, a span longer than [`HANDOFF`]
/// bytes continues in the AVX2 kernel when the CPU has it.
#[inline(always)]
pub(super) fn find_string_end<const HANDOFF_TO_AVX2: bool>(
    bytes: &[u8],
    from: usize,
) -> (usize, bool) {
    let mut i = from;
    let mut high = 0u32;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let v = unsafe { load(bytes, i) };
        let special = special_mask(v);
        if special != 0 {
            // Only the bytes before the first special one count.
            let below_first = (special & special.wrapping_neg()) - 1;
            return (
                i + special.trailing_zeros() as usize,
                high != 0 || high_mask(v) & below_first != 0,
            );
        }
        high |= high_mask(v);
        i += 16;
        if HANDOFF_TO_AVX2 && i - from >= HANDOFF && avx2::available() {
            let (end, tail_high) = avx2::find_string_end(bytes, i);
            return (end, high != 0 || tail_high);
        }
    }
    let (end, tail_high) = swar::find_string_end(bytes, i);
    (end, high != 0 || tail_high)
}

/// See [`super::find_escape`]; `HANDOFF_TO_AVX2` as in [`find_string_end`].
#[inline(always)]
pub(super) fn find_escape<const HANDOFF_TO_AVX2: bool>(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let special = special_mask(unsafe { load(bytes, i) });
        if special != 0 {
            return i + special.trailing_zeros() as usize;
        }
        i += 16;
        // The span is the whole string here, so the hand-off also waits until the AVX2 kernel
        // has a full 32-byte block to scan: a call that scans nothing cost a 32-byte string
        // (micro-login's session id) ~2 ns, 4% to 5% of micro-login's encode.
        if HANDOFF_TO_AVX2 && i - from >= HANDOFF && bytes.len() - i >= 32 && avx2::available() {
            return avx2::find_escape(bytes, i);
        }
    }
    swar::find_escape(bytes, i)
}

/// See [`super::skip_whitespace`]. Indentation is spaces: each vector is compared with the
/// space alone, and the first other byte ends the run when it is above the space (a token);
/// a newline, tab, carriage return or control byte there continues in the four-way loop
/// (which returns a control byte's position at once).
#[inline(always)]
pub(super) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition; SSE2 is in the x86_64 baseline.
        let other = unsafe {
            let v = load(bytes, i);
            let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            !(_mm_movemask_epi8(space) as u32) & 0xFFFF
        };
        if other != 0 {
            let at = i + other.trailing_zeros() as usize;
            // `get`, not indexing (`at` is inside the vector, but LLVM kept a panic path for
            // `bytes[at]`, and that form measured twitter decode 2% slower).
            return match bytes.get(at) {
                Some(&b) if b > b' ' => at,
                _ => skip_any_whitespace(bytes, at),
            };
        }
        i += 16;
    }
    swar::skip_whitespace(bytes, i)
}

/// [`skip_whitespace`] past a byte that is not a space: all four whitespace bytes compared.
#[inline(never)]
fn skip_any_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition; SSE2 is in the x86_64 baseline.
        let other = unsafe {
            let v = load(bytes, i);
            let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
            let newline = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
            let cr = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8));
            let tab = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\t' as i8));
            let ws = _mm_or_si128(_mm_or_si128(space, newline), _mm_or_si128(cr, tab));
            !(_mm_movemask_epi8(ws) as u32) & 0xFFFF
        };
        if other != 0 {
            return i + other.trailing_zeros() as usize;
        }
        i += 16;
    }
    swar::skip_whitespace(bytes, i)
}

/// See [`super::digit_run`]: one load finds the run's length (a digit compare and a
/// `movemask`); up to eight digits are parsed as one SWAR word; a longer run is loaded again to
/// end at its last digit, the bytes before it masked to zero, and three multiply-adds fold the
/// 16 digits into two eight-digit halves.
#[inline(always)]
pub(super) fn digit_run(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    if at + 16 > bytes.len() {
        return None;
    }
    // SAFETY: checked above.
    let v = unsafe { load(bytes, at) };
    // SAFETY: SSE2 is enabled on every x86_64 target; these intrinsics only touch registers.
    let n = unsafe {
        let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
        // A byte is a digit when `byte - '0'` is at most 9 (unsigned): saturating 9 off leaves 0.
        let digit = _mm_cmpeq_epi8(_mm_subs_epu8(d, _mm_set1_epi8(9)), _mm_setzero_si128());
        (!(_mm_movemask_epi8(digit) as u32)).trailing_zeros() as usize
    };
    if n == 0 || n == 16 {
        return None;
    }
    if n <= 8 {
        // One word in general-purpose registers: shorter latency than the vector fold below,
        // which only pays for itself on long runs (with it, order decode measured 3.9% slower).
        return Some((swar::parse_digits(swar::load(bytes, at), n), n));
    }
    if at + n < 16 {
        return None;
    }
    // SAFETY: `at + n - 16` does not underflow (checked just above) and its 16 bytes end at
    // `at + n <= at + 16 <= bytes.len()`.
    let run = unsafe { load(bytes, at + n - 16) };
    // SAFETY: `super::DIGIT_MASKS[n]` is 16 bytes (`n <= 16`); the rest as above (registers only).
    let value = unsafe {
        let mask = _mm_loadu_si128(super::DIGIT_MASKS[n].as_ptr().cast());
        let digits = _mm_and_si128(_mm_sub_epi8(run, _mm_set1_epi8(b'0' as i8)), mask);
        let zero = _mm_setzero_si128();
        // Weights (10, 1) in each pair of 16-bit lanes: the first digit is the higher one.
        let tens = _mm_set1_epi32(0x0001_000A);
        let pairs_low = _mm_madd_epi16(_mm_unpacklo_epi8(digits, zero), tens);
        let pairs_high = _mm_madd_epi16(_mm_unpackhi_epi8(digits, zero), tens);
        // Eight two-digit values (at most 99), then four of four digits (at most 9999: an i16).
        let pairs = _mm_packs_epi32(pairs_low, pairs_high);
        let quads = _mm_madd_epi16(pairs, _mm_set1_epi32(0x0001_0064));
        let quads = _mm_packs_epi32(quads, quads);
        // Two eight-digit values (at most 99,999,999: an i32) in the low 64 bits.
        let halves = _mm_madd_epi16(quads, _mm_set1_epi32(0x0001_2710));
        let halves = _mm_cvtsi128_si64(halves) as u64;
        (halves & 0xFFFF_FFFF) * 100_000_000 + (halves >> 32)
    };
    Some((value, n))
}
