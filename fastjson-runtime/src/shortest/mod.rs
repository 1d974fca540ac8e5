//! Shortest round-trip `f64` text, in two stages so that several floats can be taken apart
//! before any is written: [`decimal`] (the digits) then [`layout`] (serde_json's notation).
//!
//! A float's digits come out of a long chain of dependent multiplies. Formatted one after
//! another, the chains barely overlap; taking four floats apart first lets them run together
//! (experiment 90 in fastjson-bench/EXPERIMENTS.md). Lone floats use [`write`](fn@write) in
//! x86_64 builds without SSE4.1, where it is faster than zmij's SSE2 path (experiment 106);
//! elsewhere lone floats and every `f32` keep zmij, whose text this matches byte for byte
//! (tested against it).

mod decimal;
mod digits;
mod layout;
mod table;

pub(crate) use layout::MAX_WRITE;

use decimal::Decimal;

/// The bytes around four floats: before each one, and after the last (at most 4 each).
pub(crate) struct Punctuation {
    pub(crate) before: [&'static [u8]; 4],
    pub(crate) after: &'static [u8],
}

impl Punctuation {
    /// Bytes [`write_four`] may store from its `out` with this punctuation.
    pub(crate) const fn max_write(&self) -> usize {
        let mut total = 4 * MAX_WRITE + self.after.len();
        let mut i = 0;
        while i < 4 {
            total += self.before[i].len();
            i += 1;
        }
        total
    }
}

/// Stores `bytes` (a constant of at most 4) at `p` and returns the position after them.
///
/// # Safety
/// `p` must be valid for writes of `bytes.len()` bytes.
#[inline(always)]
unsafe fn put(p: *mut u8, bytes: &'static [u8]) -> *mut u8 {
    debug_assert!(bytes.len() <= 4);
    // SAFETY: the caller's guarantee; each arm writes exactly `bytes.len()` bytes.
    unsafe {
        match *bytes {
            [] => {}
            [a] => *p = a,
            [a, b] => p.cast::<[u8; 2]>().write_unaligned([a, b]),
            [a, b, c] => p.cast::<[u8; 3]>().write_unaligned([a, b, c]),
            [a, b, c, d] => p.cast::<[u8; 4]>().write_unaligned([a, b, c, d]),
            _ => unreachable!("punctuation of at most 4 bytes"),
        }
        p.add(bytes.len())
    }
}

/// Whether `value` is finite, compared as bits shifted past the sign: `f64::is_finite` masks the
/// sign off, and a native (BMI2) build does that with `mov al, 63; bzhi`, whose write to AL
/// makes it wait for whatever last wrote RAX (see [`opaque`]).
#[inline(always)]
pub(crate) fn is_finite(value: f64) -> bool {
    value.to_bits() << 1 < 0x7ff0_0000_0000_0000 << 1
}

/// `value` unchanged, but hidden from the optimiser, so that a mask passed through it stays a
/// full 64-bit operand. Without it a native (BMI2) build turns `x & (2^52 - 1)` into
/// `mov al, 52; bzhi rax, x, rax`: writing AL merges into RAX, so the instruction waits for
/// whatever last wrote RAX (often the previous float's result) and consecutive floats stop
/// overlapping, the false dependency experiment 52 found in zmij. Here it made the native build's
/// canada encode 21% slower than the default build's (experiment 90).
#[inline(always)]
pub(crate) fn opaque(value: u64) -> u64 {
    #[allow(unused_mut)]
    let mut value = value;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: an empty instruction template: it reads and writes only the register holding
    // `value`, touches no memory, stack or flags.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) value, options(pure, nomem, nostack, preserves_flags));
    }
    value
}

/// The decimal of a finite double's magnitude (0 for ±0).
#[inline(always)]
fn decimal_of(bits: u64) -> Decimal {
    if bits << 1 == 0 {
        Decimal {
            integral: 0,
            digit: 0,
            exponent: 0,
        }
    } else {
        decimal::shortest(bits)
    }
}

/// Writes finite `value` as serde_json does and returns the end of the text: the lone-float
/// path of builds without SSE4.1 (`Writer::f64`, experiment 106), and the tests' reference.
///
/// # Safety
/// `value` must be finite and `out` valid for writes of [`MAX_WRITE`] bytes (past the text they
/// may hold anything).
#[cfg(any(test, all(target_arch = "x86_64", not(target_feature = "sse4.1"))))]
#[inline(always)]
pub(crate) unsafe fn write(value: f64, out: *mut u8) -> *mut u8 {
    let bits = value.to_bits();
    // SAFETY: the caller's guarantee.
    unsafe { layout::write(bits >> 63 != 0, decimal_of(bits), out) }
}

/// Writes the four finite `values` with `punctuation` around them, every one taken apart into
/// its decimal before any is written, and returns the end of the text. Written out, not a loop:
/// LLVM does not unroll a loop over the large inlined layout, and the decimals then go through
/// memory (experiment 90: +30%).
///
/// # Safety
/// Every value must be finite and `out` valid for writes of `punctuation.max_write()` bytes.
#[inline(always)]
pub(crate) unsafe fn write_four(
    values: [f64; 4],
    punctuation: &Punctuation,
    out: *mut u8,
) -> *mut u8 {
    let [a, b, c, d] = values.map(f64::to_bits);
    let (da, db, dc, dd) = (decimal_of(a), decimal_of(b), decimal_of(c), decimal_of(d));
    let negative = |bits: u64| bits >> 63 != 0;
    let [before_a, before_b, before_c, before_d] = punctuation.before;
    // SAFETY: each text ends within MAX_WRITE of where it starts, so the punctuation and the
    // texts written so far plus the next MAX_WRITE stay within `punctuation.max_write()`.
    unsafe {
        let p = layout::write(negative(a), da, put(out, before_a));
        let p = layout::write(negative(b), db, put(p, before_b));
        let p = layout::write(negative(c), dc, put(p, before_c));
        let p = layout::write(negative(d), dd, put(p, before_d));
        put(p, punctuation.after)
    }
}

#[cfg(test)]
mod tests;
