//! Shortest round-trip `f64` text, in two stages so that several floats can be taken apart
//! before any is written: [`decimal`] (the digits) then [`layout`] (serde_json's notation).
//!
//! A float's digits come out of a long chain of dependent multiplies. Formatted one after
//! another, the chains barely overlap; taking four floats apart first lets them run together
//! (canada encode 19% to 29% faster than one float at a time). Lone floats use
//! [`write`](fn@write) in x86_64 builds without SSE4.1, where it is faster than zmij's SSE2 path
//! (ladder encode 4% to 6% faster);
//! elsewhere lone floats and every `f32` keep zmij, whose text this matches byte for byte
//! (tested against it).

mod decimal;
mod digits;
mod layout;
mod table;

pub(crate) use layout::{MAX_TEXT, MAX_WRITE};

use decimal::Decimal;

/// The bytes around a group of `N` floats (2 to 4): before each one (array separators of at most
/// 4 bytes, or a struct field's fused key `,"lat":`), and after the last.
pub(crate) struct Punctuation<const N: usize> {
    pub(crate) before: [&'static [u8]; N],
    pub(crate) after: &'static [u8],
}

impl<const N: usize> Punctuation<N> {
    /// Bytes [`write_group`] may store from its `out` with this punctuation: every text but the
    /// last is at most [`MAX_TEXT`] long, the last may store [`MAX_WRITE`] (or its text and
    /// `after`, if longer).
    pub(crate) const fn max_write(&self) -> usize {
        let last = if MAX_TEXT + self.after.len() > MAX_WRITE {
            MAX_TEXT + self.after.len()
        } else {
            MAX_WRITE
        };
        let mut total = (N - 1) * MAX_TEXT + last;
        let mut i = 0;
        while i < N {
            total += self.before[i].len();
            i += 1;
        }
        total
    }
}

/// Stores `bytes` (usually a constant once inlined: stores of immediates up to 4 bytes, a
/// copy beyond) at `p` and returns the position after them.
///
/// # Safety
/// `p` must be valid for writes of `bytes.len()` bytes.
#[inline(always)]
unsafe fn put(p: *mut u8, bytes: &'static [u8]) -> *mut u8 {
    // SAFETY: the caller's guarantee; each arm writes exactly `bytes.len()` bytes, the last from
    // a static slice that cannot overlap the output buffer.
    unsafe {
        match *bytes {
            [] => {}
            [a] => *p = a,
            [a, b] => p.cast::<[u8; 2]>().write_unaligned([a, b]),
            [a, b, c] => p.cast::<[u8; 3]>().write_unaligned([a, b, c]),
            [a, b, c, d] => p.cast::<[u8; 4]>().write_unaligned([a, b, c, d]),
            _ => core::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len()),
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
/// overlapping: the false dependency found between zmij's calls (see `Writer`'s
/// `clear_rax_before_zmij`). Here it made the native build's canada encode 21% slower than the
/// default build's.
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
        Decimal::ZERO
    } else {
        decimal::shortest(bits)
    }
}

/// Writes finite `value` as serde_json does and returns the end of the text: the lone-float
/// path of builds without SSE4.1 (`Writer::f64`), and the tests' reference.
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

/// Writes the `N` (2 to 4) finite `values` with `punctuation` around them, every one taken
/// apart into its decimal before any is written, and returns the end of the text: four floats
/// of an array, or a run of a struct's `f64` fields. Written out, not a loop: LLVM does not
/// unroll a loop over the large inlined layout, and the decimals then go through memory
/// (a loop measured 30% slower). The `N > 2` tests are constants; `i % N` keeps the indices in
/// bounds for the smaller groups, where those branches are dead.
///
/// # Safety
/// Every value must be finite and `out` valid for writes of `punctuation.max_write()` bytes.
#[inline(always)]
pub(crate) unsafe fn write_group<const N: usize>(
    values: [f64; N],
    punctuation: &Punctuation<N>,
    out: *mut u8,
) -> *mut u8 {
    const { assert!(N >= 2 && N <= 4, "groups of 2 to 4 floats") };
    let bits = values.map(f64::to_bits);
    let d0 = decimal_of(bits[0]);
    let d1 = decimal_of(bits[1]);
    let d2 = if N > 2 {
        decimal_of(bits[2 % N])
    } else {
        Decimal::ZERO
    };
    let d3 = if N > 3 {
        decimal_of(bits[3 % N])
    } else {
        Decimal::ZERO
    };
    // One text after its punctuation; each is at most MAX_TEXT long (checked in debug builds).
    #[inline(always)]
    unsafe fn text(bits: u64, decimal: Decimal, before: &'static [u8], out: *mut u8) -> *mut u8 {
        // SAFETY: the caller's guarantee, as `write_group`'s below.
        unsafe {
            let start = put(out, before);
            let end = layout::write(bits >> 63 != 0, decimal, start);
            debug_assert!(end.offset_from(start) as usize <= MAX_TEXT);
            end
        }
    }
    let before = &punctuation.before;
    // SAFETY: every text is at most MAX_TEXT long and stores at most MAX_WRITE from its start,
    // so the punctuation, the texts before the last and the last one's MAX_WRITE stay within
    // `punctuation.max_write()`, which the caller guarantees.
    unsafe {
        let mut p = text(bits[0], d0, before[0], out);
        p = text(bits[1], d1, before[1], p);
        if N > 2 {
            p = text(bits[2 % N], d2, before[2 % N], p);
        }
        if N > 3 {
            p = text(bits[3 % N], d3, before[3 % N], p);
        }
        put(p, punctuation.after)
    }
}

#[cfg(test)]
mod tests;
