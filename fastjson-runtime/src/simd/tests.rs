//! Every kernel against the portable SWAR one: each byte value at each position of inputs up
//! to 100 bytes (past both vector widths and the AVX2 handoff), from every start offset near the
//! edges, and inputs cut out of a larger buffer whose next bytes would end the scan (a kernel that
//! read past the slice would report them).

use crate::swar;

/// A kernel for strings: (end, saw non-ASCII before end).
type StringEnd = fn(&[u8], usize) -> (usize, bool);
type Scan = fn(&[u8], usize) -> usize;

/// The dispatched kernel and every other kernel this target compiles and this CPU runs: SSE2
/// and (when the CPU has it) AVX2 on x86_64, NEON on aarch64. The paths are tokens placed
/// inside each architecture's `cfg` block, so they resolve only where the kernel exists.
macro_rules! kernels {
    ($ty:ty: $dispatched:expr, sse2 $sse2:expr, avx2 $avx2:expr, neon $neon:expr) => {{
        #[allow(unused_mut)]
        let mut kernels: Vec<(&'static str, $ty)> = vec![("dispatched", $dispatched)];
        #[cfg(target_arch = "x86_64")]
        {
            kernels.push(("sse2", $sse2));
            if super::avx2::available() {
                kernels.push(("avx2", $avx2));
            } else {
                eprintln!("this CPU has no AVX2: the AVX2 kernel is not exercised here");
            }
        }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        kernels.push(("neon", $neon));
        kernels
    }};
}

fn string_kernels() -> Vec<(&'static str, StringEnd)> {
    kernels!(StringEnd: super::find_string_end,
        sse2 super::sse2::find_string_end::<false>,
        avx2 super::avx2::find_string_end,
        neon super::neon::find_string_end)
}

fn escape_kernels() -> Vec<(&'static str, Scan)> {
    kernels!(Scan: super::find_escape,
        sse2 super::sse2::find_escape::<false>,
        avx2 super::avx2::find_escape,
        neon super::neon::find_escape)
}

fn whitespace_kernels() -> Vec<(&'static str, Scan)> {
    kernels!(Scan: super::skip_whitespace,
        sse2 super::sse2::skip_whitespace,
        avx2 super::avx2::skip_whitespace,
        neon super::neon::skip_whitespace)
}

fn offsets(len: usize, at: usize) -> impl Iterator<Item = usize> {
    [0, 1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65]
        .into_iter()
        .chain([at.saturating_sub(1), at, at + 1, len.saturating_sub(1), len])
        .filter(move |&from| from <= len)
}

/// The bytes that decide a kernel's path: whitespace and the control bytes, the space's
/// neighbours, the terminators, ASCII's edges and the high bit (a lead, a continuation, 0xFF).
fn deciding() -> Vec<u8> {
    (0u8..=0x21)
        .chain([b'"', b'\\', b'a', 0x7E, 0x7F, 0x80, 0xBF, 0xC3, 0xFF])
        .collect()
}

/// Every byte value in a plain `cargo test`; under valgrind (`test_rng::exhaustive` false),
/// where the two tests below took 5.5 minutes with all 256, the bytes that decide a path:
/// memcheck looks for reads outside the input, which depend on the position and the path, not
/// on which of the ~200 plain bytes fills a slot.
fn special_bytes() -> Vec<u8> {
    if crate::test_rng::exhaustive() {
        (0u8..=255).collect()
    } else {
        deciding()
    }
}

#[test]
fn string_kernels_agree_with_swar_for_every_byte_position_and_offset() {
    let kernels = string_kernels();
    // The bytes after each input are quotes: a kernel reading past the slice would stop on them.
    let mut backing = [b'"'; 100 + 64];
    for special in special_bytes() {
        for len in 1..100 {
            for at in 0..len {
                backing[..len].fill(b'a');
                backing[at] = special;
                let bytes = &backing[..len];
                for from in offsets(len, at) {
                    let (expected, _) = swar::find_string_end(bytes, from);
                    let non_ascii_before_end = bytes[from..expected].iter().any(|&b| b >= 0x80);
                    for (name, kernel) in &kernels {
                        let (end, non_ascii) = kernel(bytes, from);
                        assert_eq!(
                            end, expected,
                            "{name}: byte {special:#x} at {at} of {len}, from {from}"
                        );
                        if non_ascii_before_end {
                            assert!(
                                non_ascii,
                                "{name} missed the non-ASCII byte at {at} of {len}"
                            );
                        }
                    }
                    for (name, kernel) in escape_kernels() {
                        assert_eq!(
                            kernel(bytes, from),
                            expected,
                            "{name}: {special:#x} at {at} of {len}"
                        );
                    }
                }
            }
            backing[..len].fill(b'"');
        }
    }
}

#[test]
fn string_kernels_agree_on_random_text() {
    let kernels = string_kernels();
    let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let len = (next() % 300) as usize;
        // Mostly letters, sometimes UTF-8 lead/continuation bytes, rarely a terminator.
        let bytes: Vec<u8> = (0..len)
            .map(|_| match next() % 200 {
                0 => b'"',
                1 => b'\\',
                2 => 0x1F,
                3..=20 => 0x80 | (next() as u8 & 0x7F),
                r => b'a' + (r % 26) as u8,
            })
            .collect();
        let from = if len == 0 {
            0
        } else {
            (next() as usize) % (len + 1)
        };
        let (expected, _) = swar::find_string_end(&bytes, from);
        let non_ascii_before_end = bytes[from..expected].iter().any(|&b| b >= 0x80);
        for (name, kernel) in &kernels {
            let (end, non_ascii) = kernel(&bytes, from);
            assert_eq!(end, expected, "{name} on {bytes:?} from {from}");
            assert!(
                !non_ascii_before_end || non_ascii,
                "{name} missed non-ASCII"
            );
        }
    }
}

#[test]
fn whitespace_skip_agrees_with_swar() {
    let mut backing = [b' '; 100 + 64];
    // Fillings: all four whitespace bytes in turn; indentation (spaces only, which the SSE2
    // kernel compares with the space alone); spaces with a newline halfway to `other`, which
    // sends that kernel on to its four-way loop.
    // The byte after the run: every value with the first filling (`special_bytes`); with the
    // other two, those that decide something (`deciding`), which keeps the test's time near
    // its old size.
    for filling in 0..3 {
        let others: Vec<u8> = if filling == 0 {
            special_bytes()
        } else {
            deciding()
        };
        for other in others {
            for len in 1..100 {
                for at in 0..len {
                    for (i, b) in backing[..len].iter_mut().enumerate() {
                        *b = if filling == 0 {
                            b" \n\r\t"[i % 4]
                        } else {
                            b' '
                        };
                    }
                    if filling == 2 {
                        backing[at / 2] = b'\n';
                    }
                    backing[at] = other;
                    let bytes = &backing[..len];
                    for from in offsets(len, at) {
                        let expected = swar::skip_whitespace(bytes, from);
                        for (name, kernel) in whitespace_kernels() {
                            assert_eq!(
                                kernel(bytes, from),
                                expected,
                                "{name}, filling {filling}: {other:#x} at {at} of {len}, from {from}"
                            );
                        }
                    }
                }
            }
        }
    }
    // Whitespace to the very end of the slice, with more after it in the backing buffer.
    backing.fill(b' ');
    for len in 0..100 {
        for (name, kernel) in whitespace_kernels() {
            assert_eq!(kernel(&backing[..len], 0), len, "{name}");
        }
    }
}

#[test]
fn the_active_kernel_is_named() {
    let kernel = super::active_kernel();
    assert!(!kernel.name().is_empty());
    #[cfg(target_arch = "x86_64")]
    assert_ne!(kernel, super::Kernel::Swar, "x86_64 always has SSE2");
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    assert_eq!(kernel, super::Kernel::Neon);
}

/// Our two-leaf AVX2 detection answers what std's full detection answers (the kernels above
/// rely on it to never run AVX2 code on a CPU or OS without it).
#[cfg(target_arch = "x86_64")]
#[test]
fn avx2_detection_agrees_with_std() {
    let std_says = std::arch::is_x86_feature_detected!("avx2");
    assert_eq!(super::avx2::cpu_and_os_support_avx2(), std_says);
    assert_eq!(super::avx2::available(), std_says);
    // Cached: after a call the answer is stored (builds with AVX2 compiled in never detect).
    if !cfg!(target_feature = "avx2") {
        use std::sync::atomic::Ordering;
        assert_ne!(
            super::avx2::DETECTED.load(Ordering::Relaxed),
            super::avx2::UNKNOWN
        );
    }
}

/// `digit_run`'s contract, byte by byte: the run of digits at `at`, its value when it is 1 to 15
/// digits long and 16 bytes can be read at `at`, and a run of 9 or more only when it ends at
/// byte 16 or later (the vector kernel loads the 16 bytes that end at the run's last digit).
fn digit_run_reference(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    if at + 16 > bytes.len() {
        return None;
    }
    let n = bytes[at..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if n == 0 || n >= 16 || (n > 8 && at + n < 16) {
        return None;
    }
    let value = bytes[at..at + n]
        .iter()
        .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
    Some((value, n))
}

/// The dispatched `digit_run` (SSE2 on x86_64, NEON on aarch64, none with the portable
/// kernels) against the reference: runs of every length from 0 to 20 at every offset of inputs
/// up to 48 bytes, each run ended by a byte just outside the digits (`/`, `:`, and bytes whose
/// low nibble is a digit's), cut out of a buffer of digits, so that a kernel reading past the
/// slice would count them.
#[test]
fn digit_run_matches_its_reference_at_every_offset_and_length() {
    let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
    let enders = [
        b'/',
        b':',
        b'.',
        b'e',
        b',',
        b'"',
        0xB0,
        0x39 ^ 0x80,
        0x00,
        0xFF,
    ];
    let mut checked = 0;
    for len in 0..=48usize {
        for at in 0..=len {
            for run in 0..=20usize {
                let mut buffer: Vec<u8> =
                    (0..len + 32).map(|_| b'0' + (next() % 10) as u8).collect();
                let end = at + run;
                if end < buffer.len() {
                    buffer[end] = enders[(next() % enders.len() as u64) as usize];
                }
                let bytes = &buffer[..len];
                let expected = digit_run_reference(bytes, at);
                let got = super::digit_run(bytes, at);
                if super::active_kernel() != super::Kernel::Swar {
                    assert_eq!(got, expected, "len {len}, at {at}, run {run}: {bytes:?}");
                } else {
                    assert_eq!(got, None);
                }
                checked += usize::from(expected.is_some());
            }
        }
    }
    assert!(checked > 5_000, "too few runs with a value: {checked}");
}
