//! Shortest round-trip `f64` text, in two stages so that several floats can be taken apart
//! before any is written: [`decimal`] (Schubfach) then [`layout`] (serde_json's notation).
//!
//! A float's digits come out of a long chain of dependent multiplies; written one after another,
//! each float's chain waits for the previous float's text to be stored. Formatting a pair, both
//! chains run together (experiment 90 in fastjson-bench/EXPERIMENTS.md). Lone floats and `f32`
//! keep zmij, whose text this matches byte for byte (tested against it).

mod decimal;
mod digits;
mod layout;
mod table;

pub(crate) use layout::MAX_WRITE;

use decimal::Decimal;

/// Bytes [`write_pair`] may store from its `out`.
pub(crate) const PAIR_MAX_WRITE: usize = 2 * MAX_WRITE + 1;

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

/// Writes finite `value` as serde_json does and returns the end of the text.
///
/// # Safety
/// `value` must be finite and `out` valid for writes of [`MAX_WRITE`] bytes (past the text they
/// may hold anything).
#[inline(always)]
pub(crate) unsafe fn write(value: f64, out: *mut u8) -> *mut u8 {
    let bits = value.to_bits();
    // SAFETY: the caller's guarantee.
    unsafe { layout::write(bits >> 63 != 0, decimal_of(bits), out) }
}

/// Writes finite `a`, `separator`, finite `b`, both taken apart before either is written, and
/// returns the end of the text.
///
/// # Safety
/// Both floats must be finite and `out` valid for writes of [`PAIR_MAX_WRITE`] bytes.
#[inline(always)]
pub(crate) unsafe fn write_pair(a: f64, separator: u8, b: f64, out: *mut u8) -> *mut u8 {
    let (a, b) = (a.to_bits(), b.to_bits());
    let (decimal_a, decimal_b) = (decimal_of(a), decimal_of(b));
    // SAFETY: `a`'s text ends within MAX_WRITE of `out`, so the separator and `b`'s MAX_WRITE
    // bytes lie within PAIR_MAX_WRITE.
    unsafe {
        let end = layout::write(a >> 63 != 0, decimal_a, out);
        *end = separator;
        layout::write(b >> 63 != 0, decimal_b, end.add(1))
    }
}

#[cfg(test)]
mod tests;
