//! AVX2 kernels (32 bytes at a time) for the long spans the SSE2 kernels hand over, and (in
//! `utf8`) UTF-8 validation of every non-ASCII span, used only after run-time detection says
//! the CPU has AVX2.

use core::arch::x86_64::{
    __cpuid, __cpuid_count, __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_max_epu8,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_shuffle_epi8,
    _xgetbv,
};
use std::sync::atomic::{AtomicU8, Ordering};

use super::sse2;

mod utf8;
pub(super) use utf8::span_is_utf8;

/// Whether this CPU has AVX2 (and the OS saves its registers): known at compile time in builds
/// that enable AVX2, else detected on first use and cached (one relaxed load afterwards).
#[inline(always)]
pub(super) fn available() -> bool {
    if cfg!(target_feature = "avx2") {
        return true;
    }
    match DETECTED.load(Ordering::Relaxed) {
        YES => true,
        NO => false,
        _ => detect(),
    }
}

pub(super) const UNKNOWN: u8 = 0;
const NO: u8 = 1;
const YES: u8 = 2;

/// [`available`]'s cache.
pub(super) static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cold]
#[inline(never)]
fn detect() -> bool {
    let found = cpu_and_os_support_avx2();
    DETECTED.store(if found { YES } else { NO }, Ordering::Relaxed);
    found
}

/// Two CPUID leaves and XCR0, the least that answers the question. In a virtual machine every
/// CPUID exits to the hypervisor (~4.7 µs each on the bench's KVM host), and std's detection,
/// which reads every feature at once, took 28 µs: more than a whole first decode of a 200-byte
/// payload (a fresh process's first micro-login decode went from 42.7 to 23.2 µs with this).
pub(super) fn cpu_and_os_support_avx2() -> bool {
    const OSXSAVE: u32 = 1 << 27;
    const AVX: u32 = 1 << 28;
    const AVX2: u32 = 1 << 5;
    const XCR0_SSE_AND_AVX_STATE: u64 = 0b110;
    // Leaf 1: AVX, and OSXSAVE (the OS has enabled XGETBV and manages extended state).
    let leaf1 = __cpuid(1);
    if leaf1.ecx & (OSXSAVE | AVX) != OSXSAVE | AVX {
        return false;
    }
    // SAFETY: OSXSAVE is set, so XGETBV is enabled; `xcr0` executes only that instruction.
    let xcr0 = unsafe { xcr0() };
    if xcr0 & XCR0_SSE_AND_AVX_STATE != XCR0_SSE_AND_AVX_STATE {
        return false;
    }
    // Leaf 7 exists: a CPU with AVX has XSAVE, whose leaf 0xD is above 7.
    __cpuid_count(7, 0).ebx & AVX2 != 0
}

/// XCR0, the extended states the OS saves.
///
/// # Safety
/// CPUID must report OSXSAVE.
#[target_feature(enable = "xsave")]
unsafe fn xcr0() -> u64 {
    _xgetbv(0)
}

/// The 32 bytes at `at`.
///
/// # Safety
/// `at + 32 <= bytes.len()` and the CPU has AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(bytes: &[u8], at: usize) -> __m256i {
    debug_assert!(at + 32 <= bytes.len());
    // SAFETY: the caller guarantees the 32 bytes lie inside `bytes`; `loadu` needs no alignment.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at).cast()) }
}

/// Bit i set when byte i of `v` is `"`, `\` or below 0x20.
#[inline]
#[target_feature(enable = "avx2")]
fn special_mask(v: __m256i) -> u32 {
    let quote = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'"' as i8));
    let backslash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\\' as i8));
    // max(v, 0x20) == v exactly when v >= 0x20 (unsigned).
    let printable = _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8(0x20)), v);
    (_mm256_movemask_epi8(_mm256_or_si256(quote, backslash)) as u32)
        | !(_mm256_movemask_epi8(printable) as u32)
}

/// See [`super::find_string_end`]. Panics when the CPU lacks AVX2.
pub(super) fn find_string_end(bytes: &[u8], from: usize) -> (usize, bool) {
    assert!(available(), "the AVX2 kernel called on a CPU without AVX2");
    // SAFETY: the CPU has AVX2 (checked above).
    unsafe { find_string_end_avx2(bytes, from) }
}

#[target_feature(enable = "avx2")]
fn find_string_end_avx2(bytes: &[u8], from: usize) -> (usize, bool) {
    let mut i = from;
    let mut high = 0u32;
    while i + 32 <= bytes.len() {
        // SAFETY: the loop condition; this function runs only with AVX2 enabled.
        let v = unsafe { load(bytes, i) };
        let special = special_mask(v);
        let v_high = _mm256_movemask_epi8(v) as u32;
        if special != 0 {
            // Only the bytes before the first special one count.
            let below_first = (special & special.wrapping_neg()).wrapping_sub(1);
            return (
                i + special.trailing_zeros() as usize,
                high != 0 || v_high & below_first != 0,
            );
        }
        high |= v_high;
        i += 32;
    }
    let (end, tail_high) = sse2::find_string_end::<false>(bytes, i);
    (end, high != 0 || tail_high)
}

/// See [`super::find_escape`]. Panics when the CPU lacks AVX2.
pub(super) fn find_escape(bytes: &[u8], from: usize) -> usize {
    assert!(available(), "the AVX2 kernel called on a CPU without AVX2");
    // SAFETY: the CPU has AVX2 (checked above).
    unsafe { find_escape_avx2(bytes, from) }
}

#[target_feature(enable = "avx2")]
fn find_escape_avx2(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 32 <= bytes.len() {
        // SAFETY: the loop condition; this function runs only with AVX2 enabled.
        let special = special_mask(unsafe { load(bytes, i) });
        if special != 0 {
            return i + special.trailing_zeros() as usize;
        }
        i += 32;
    }
    sse2::find_escape::<false>(bytes, i)
}

/// See [`super::skip_whitespace`]. Panics when the CPU lacks AVX2. Used by builds that enable
/// AVX2 at compile time (and by the tests): a call from a default build does not pay.
#[cfg_attr(not(target_feature = "avx2"), allow(dead_code))]
pub(super) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    assert!(available(), "the AVX2 kernel called on a CPU without AVX2");
    // SAFETY: the CPU has AVX2 (checked above).
    unsafe { skip_whitespace_avx2(bytes, from) }
}

#[cfg_attr(not(target_feature = "avx2"), allow(dead_code))]
#[target_feature(enable = "avx2")]
fn skip_whitespace_avx2(bytes: &[u8], from: usize) -> usize {
    // The four whitespace bytes have distinct low nibbles (0x20, 0x09, 0x0A, 0x0D): a byte is
    // whitespace exactly when the table entry at its low nibble equals it (`vpshufb` gives 0
    // for bytes with the high bit set, and 0 is no entry's match but byte 0x00, which the table
    // maps to 0x20).
    let table = _mm256_setr_epi8(
        0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0, //
        0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x0A, 0, 0, 0x0D, 0, 0,
    );
    let mut i = from;
    while i + 32 <= bytes.len() {
        // SAFETY: the loop condition; this function runs only with AVX2 enabled.
        let v = unsafe { load(bytes, i) };
        let ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v);
        let other = !(_mm256_movemask_epi8(ws) as u32);
        if other != 0 {
            return i + other.trailing_zeros() as usize;
        }
        i += 32;
    }
    sse2::skip_whitespace(bytes, i)
}
