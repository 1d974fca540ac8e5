//! SSE2 kernels (16 bytes at a time). SSE2 is part of the x86_64 baseline, so these need no
//! detection and inline into the lexer; spans longer than [`HANDOFF`] bytes continue in the AVX2
//! kernel when the CPU has it.

use core::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8,
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
        // (micro-login's session id) ~2 ns (experiment 54).
        if HANDOFF_TO_AVX2 && i - from >= HANDOFF && bytes.len() - i >= 32 && avx2::available() {
            return avx2::find_escape(bytes, i);
        }
    }
    swar::find_escape(bytes, i)
}

/// See [`super::skip_whitespace`].
#[inline(always)]
pub(super) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
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
