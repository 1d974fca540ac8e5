//! The scanning kernels the lexer and the escaper call, and the choice among them: SSE2 on
//! x86_64 (part of its baseline, so inlined into every build), AVX2 for string spans past 32
//! bytes when the CPU has it (detected at run time) and for whitespace in builds that enable
//! AVX2 at compile time, NEON on aarch64 (part of its baseline as SSE2 is of x86_64's), and the
//! portable SWAR kernels everywhere else; and UTF-8 validation of non-ASCII string spans
//! (`utf8`: our AVX2 kernel, or simdutf8, which has its own NEON and x86 kernels).
//!
//! Every scanning kernel returns exactly what the portable one returns (`tests` below checks
//! each one against it at every offset near the input's end), and the UTF-8 kernel what std's
//! validator returns; none reads outside the slice: vector loads happen only where a whole
//! vector fits, and the last few bytes go to the SWAR kernel (or a padded copy).

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod neon;
#[cfg(target_arch = "x86_64")]
mod sse2;
mod utf8;

/// The kernels of every target but x86_64 (whose dispatch is its own): NEON on aarch64, the
/// portable ones elsewhere.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use neon as other;
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
)))]
use portable as other;

/// The portable kernels under the names the vector modules use (no vector `digit_run`: the
/// caller's SWAR words take every case).
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
)))]
mod portable {
    pub(super) use crate::swar::{find_escape, find_string_end, skip_whitespace};

    pub(super) const KERNEL: super::Kernel = super::Kernel::Swar;

    #[inline(always)]
    pub(super) fn digit_run(_: &[u8], _: usize) -> Option<(u64, usize)> {
        None
    }
}

pub(crate) use utf8::span_is_utf8;

/// A scanning kernel, as reported by [`active_kernel`] (the benchmark's header names it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// 32-byte AVX2 vectors for long spans, SSE2 for short ones (x86_64, chosen at run time).
    Avx2,
    /// 16-byte SSE2 vectors (x86_64 baseline).
    Sse2,
    /// 16-byte NEON vectors (aarch64 baseline).
    Neon,
    /// Eight bytes at a time in general-purpose registers (any target).
    Swar,
}

impl Kernel {
    /// The kernel's name, as printed in reports.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Avx2 => "AVX2 (run-time detected) + SSE2",
            Kernel::Sse2 => "SSE2",
            Kernel::Neon => "NEON",
            Kernel::Swar => "portable SWAR",
        }
    }
}

/// The kernel this process uses for strings, whitespace and escapes.
pub fn active_kernel() -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        if avx2::available() {
            Kernel::Avx2
        } else {
            Kernel::Sse2
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        other::KERNEL
    }
}

/// Index of the first byte at or after `from` that is `"`, `\` or below 0x20 (or `bytes.len()`),
/// and whether a byte of 0x80 or above precedes it (from `from`): the caller validates UTF-8
/// only then.
#[inline(always)]
pub(crate) fn find_string_end(bytes: &[u8], from: usize) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::find_string_end::<true>(bytes, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        other::find_string_end(bytes, from)
    }
}

/// Index of the first byte at or after `from` that is `"`, `\` or below 0x20, or `bytes.len()`.
#[inline(always)]
pub(crate) fn find_escape(bytes: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::find_escape::<true>(bytes, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        other::find_escape(bytes, from)
    }
}

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`;
/// for runs of pretty-printing indentation (the lexer calls it out of line).
/// AVX2 only when the build enables it (`-C target-cpu=native`): in a default build, a call
/// into the run-time-detected AVX2 kernel measured 13% slower on citm_catalog than the inlined
/// SSE2 loop, while a native build's SSE2 loop was 9% slower than AVX2.
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::skip_whitespace(bytes, from)
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    {
        sse2::skip_whitespace(bytes, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        other::skip_whitespace(bytes, from)
    }
}

/// The run of ASCII digits at `at` and its value, when it is 1 to 15 digits long, 16 bytes can
/// be read at `at` and (the kernel's own limit) a run of 9 or more ends at byte 16 or later;
/// `None` otherwise, and always without SSE2 or NEON (the caller's SWAR words take every case
/// then).
/// Numbers' integer and fraction parts: one vector instead of two SWAR words (for fractions,
/// canada decode 4% to 6% faster; for integers, citm_catalog 1% to 2.5% and canada 2% more).
#[inline(always)]
pub(crate) fn digit_run(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::digit_run(bytes, at)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        other::digit_run(bytes, at)
    }
}

/// `DIGIT_MASKS[n]`: the last `n` of 16 bytes set (0 to 16), to keep a run of `n` digits loaded
/// so that it ends at the vector's last byte (the vector `digit_run` kernels).
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
static DIGIT_MASKS: [[u8; 16]; 17] = {
    let mut masks = [[0u8; 16]; 17];
    let mut n = 0;
    while n <= 16 {
        let mut i = 16 - n;
        while i < 16 {
            masks[n][i] = 0xFF;
            i += 1;
        }
        n += 1;
    }
    masks
};

#[cfg(test)]
mod tests;
