//! NEON kernels (16 bytes at a time) for aarch64. NEON (Advanced SIMD) is part of the aarch64
//! baseline as SSE2 is of x86_64's, so these need no detection and inline into the lexer; the
//! last bytes of an input that no whole vector covers go to the SWAR kernels.
//!
//! NEON has no `movemask`: a compare's result (each byte 0 or 0xFF) is narrowed to four bits a
//! byte by one shift-right-narrow (`shrn`), giving a `u64` in which byte `i` of the vector is
//! bits `4i..4i + 4`.

use core::arch::aarch64::{
    uint8x16_t, vandq_u8, vceqq_u8, vcgtq_u8, vcleq_u8, vcltq_u8, vdupq_n_u16, vdupq_n_u32,
    vdupq_n_u64, vdupq_n_u8, vget_lane_u64, vgetq_lane_u64, vld1q_u8, vmulq_u16, vmulq_u32,
    vmulq_u8, vmvnq_u8, vorrq_u8, vpaddlq_u16, vpaddlq_u32, vpaddlq_u8, vreinterpret_u64_u8,
    vreinterpretq_u16_u32, vreinterpretq_u16_u8, vreinterpretq_u32_u64, vreinterpretq_u8_u16,
    vshrn_n_u16, vsubq_u8,
};

use crate::swar;

pub(super) const KERNEL: super::Kernel = super::Kernel::Neon;

/// The 16 bytes at `at`.
///
/// # Safety
/// `at + 16 <= bytes.len()`.
#[inline(always)]
unsafe fn load(bytes: &[u8], at: usize) -> uint8x16_t {
    debug_assert!(at + 16 <= bytes.len());
    // SAFETY: the caller guarantees the 16 bytes lie inside `bytes`; `ld1` has no alignment
    // requirement.
    unsafe { vld1q_u8(bytes.as_ptr().add(at)) }
}

/// Four bits per byte of a compare's result `m`: bits `4i..4i + 4` set when byte `i` is.
#[inline(always)]
fn nibbles(m: uint8x16_t) -> u64 {
    // SAFETY: NEON is enabled on every aarch64 target this module is compiled for (the `cfg`
    // on `mod neon`); these intrinsics only touch registers.
    unsafe {
        vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
            m,
        ))))
    }
}

/// The byte index a [`nibbles`] mask's lowest set bit stands for (the mask is not zero).
#[inline(always)]
fn first(mask: u64) -> usize {
    mask.trailing_zeros() as usize / 4
}

/// Each byte of `v` that is `"`, `\` or below 0x20, as a compare result.
#[inline(always)]
fn special(v: uint8x16_t) -> uint8x16_t {
    // SAFETY: as in `nibbles`.
    unsafe {
        let quote = vceqq_u8(v, vdupq_n_u8(b'"'));
        let backslash = vceqq_u8(v, vdupq_n_u8(b'\\'));
        let control = vcltq_u8(v, vdupq_n_u8(0x20));
        vorrq_u8(vorrq_u8(quote, backslash), control)
    }
}

/// Each byte of `v` that is 0x80 or above, as [`nibbles`].
#[inline(always)]
fn high_nibbles(v: uint8x16_t) -> u64 {
    // SAFETY: as in `nibbles`.
    nibbles(unsafe { vcgtq_u8(v, vdupq_n_u8(0x7F)) })
}

/// See [`super::find_string_end`].
#[inline(always)]
pub(super) fn find_string_end(bytes: &[u8], from: usize) -> (usize, bool) {
    let mut i = from;
    // Every byte scanned before the vector that ends the span, OR-ed: its high bit says whether
    // one of them was non-ASCII (one instruction a vector instead of a narrow and a test).
    // SAFETY: as in `nibbles`.
    let mut seen = unsafe { vdupq_n_u8(0) };
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let v = unsafe { load(bytes, i) };
        let special = nibbles(special(v));
        if special != 0 {
            // Only the bytes before the first special one count.
            let below_first = (special & special.wrapping_neg()) - 1;
            let non_ascii = high_nibbles(seen) != 0 || high_nibbles(v) & below_first != 0;
            return (i + first(special), non_ascii);
        }
        // SAFETY: as in `nibbles`.
        seen = unsafe { vorrq_u8(seen, v) };
        i += 16;
    }
    let (end, tail_high) = swar::find_string_end(bytes, i);
    (end, high_nibbles(seen) != 0 || tail_high)
}

/// See [`super::find_escape`].
#[inline(always)]
pub(super) fn find_escape(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let special = nibbles(special(unsafe { load(bytes, i) }));
        if special != 0 {
            return i + first(special);
        }
        i += 16;
    }
    swar::find_escape(bytes, i)
}

/// See [`super::skip_whitespace`]. As the SSE2 kernel: each vector is compared with the space
/// alone (indentation), and the first other byte ends the run when it is above the space; a
/// newline, tab, carriage return or control byte there continues in the four-way loop.
#[inline(always)]
pub(super) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 16 <= bytes.len() {
        // SAFETY: the loop condition.
        let v = unsafe { load(bytes, i) };
        // SAFETY: as in `nibbles`.
        let other = nibbles(unsafe { vmvnq_u8(vceqq_u8(v, vdupq_n_u8(b' '))) });
        if other != 0 {
            let at = i + first(other);
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
        // SAFETY: the loop condition for the load; the rest as in `nibbles`.
        let other = unsafe {
            let v = load(bytes, i);
            let space = vceqq_u8(v, vdupq_n_u8(b' '));
            let newline = vceqq_u8(v, vdupq_n_u8(b'\n'));
            let cr = vceqq_u8(v, vdupq_n_u8(b'\r'));
            let tab = vceqq_u8(v, vdupq_n_u8(b'\t'));
            nibbles(vmvnq_u8(vorrq_u8(
                vorrq_u8(space, newline),
                vorrq_u8(cr, tab),
            )))
        };
        if other != 0 {
            return i + first(other);
        }
        i += 16;
    }
    swar::skip_whitespace(bytes, i)
}

/// See [`super::digit_run`]: one load finds the run's length; up to eight digits are parsed as
/// one SWAR word; a longer run is loaded again to end at its last digit, the bytes before it
/// masked to zero, and three multiply-and-pairwise-add steps fold the 16 digits into two
/// eight-digit halves.
#[inline(always)]
pub(super) fn digit_run(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    if at + 16 > bytes.len() {
        return None;
    }
    // SAFETY: checked above.
    let v = unsafe { load(bytes, at) };
    // A byte is a digit when `byte - '0'` is at most 9 (unsigned).
    // SAFETY: as in `nibbles`.
    let not_digit =
        nibbles(unsafe { vmvnq_u8(vcleq_u8(vsubq_u8(v, vdupq_n_u8(b'0')), vdupq_n_u8(9))) });
    if not_digit == 0 {
        return None;
    }
    let n = first(not_digit);
    if n == 0 {
        return None;
    }
    if n <= 8 {
        return Some((swar::parse_digits(swar::load(bytes, at), n), n));
    }
    if at + n < 16 {
        return None;
    }
    // SAFETY: `at + n - 16` does not underflow (checked just above) and its 16 bytes end at
    // `at + n <= at + 16 <= bytes.len()`.
    let run = unsafe { load(bytes, at + n - 16) };
    // SAFETY: `super::DIGIT_MASKS[n]` is 16 bytes (`n <= 16`); the rest as in `nibbles`.
    let (high, low) = unsafe {
        let mask = vld1q_u8(super::DIGIT_MASKS[n].as_ptr());
        let digits = vandq_u8(vsubq_u8(run, vdupq_n_u8(b'0')), mask);
        // Weights (10, 1) on each pair of bytes (little-endian lanes), added pairwise: eight
        // two-digit values (at most 99, in 16-bit lanes); then (100, 1): four of four digits
        // (at most 9999, in 32-bit lanes); then (10000, 1): two of eight digits (64-bit
        // lanes). The first digit is the most significant, so lane 0 is the high half.
        let tens = vreinterpretq_u8_u16(vdupq_n_u16(0x010A));
        let hundreds = vreinterpretq_u16_u32(vdupq_n_u32(0x0001_0064));
        let ten_thousands = vreinterpretq_u32_u64(vdupq_n_u64(0x0000_0001_0000_2710));
        let pairs = vpaddlq_u8(vmulq_u8(digits, tens));
        let quads = vpaddlq_u16(vmulq_u16(pairs, hundreds));
        let halves = vpaddlq_u32(vmulq_u32(quads, ten_thousands));
        (vgetq_lane_u64::<0>(halves), vgetq_lane_u64::<1>(halves))
    };
    Some((high * 100_000_000 + low, n))
}
