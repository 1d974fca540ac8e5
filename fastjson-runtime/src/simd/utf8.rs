//! UTF-8 validation of a string span, and the choice of validator: our AVX2 kernel when the CPU
//! has it (it reads the span where it lies), else simdutf8's own dispatch on a NUL-padded copy
//! for short spans.

/// Whether `input[start..end]` is UTF-8. `input` is the whole document: the AVX2 kernel may
/// read bytes past `end` inside it (and ignores them) instead of copying the span's tail.
#[inline]
pub(crate) fn span_is_utf8(input: &[u8], start: usize, end: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    if super::avx2::available() {
        return super::avx2::span_is_utf8(input, start, end);
    }
    padded_is_utf8(&input[start..end])
}

/// Whether `bytes` is UTF-8, by simdutf8's SIMD validator at every length. simdutf8 hands
/// spans under 64 bytes to std's byte-at-a-time validator, the common case of a JSON string
/// (3% of twitter decode); such a span is validated as a 64-byte block padded
/// with NUL bytes instead. The padding does not change the answer: a NUL is a whole character,
/// valid after a complete sequence and invalid where a continuation byte is due.
fn padded_is_utf8(bytes: &[u8]) -> bool {
    const BLOCK: usize = 64;
    if bytes.len() < BLOCK {
        let mut padded = [0u8; BLOCK];
        padded[..bytes.len()].copy_from_slice(bytes);
        simdutf8::basic::from_utf8(&padded).is_ok()
    } else {
        simdutf8::basic::from_utf8(bytes).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_validation_agrees_with_std_at_every_short_length() {
        // Pieces that build valid text, and the ways it goes wrong: a stray continuation byte,
        // a truncated sequence, an overlong form, a surrogate, a code point past U+10FFFF.
        let valid: [&[u8]; 5] = [
            b"a",
            "\u{e9}".as_bytes(),
            "\u{65e5}".as_bytes(),
            "\u{1f600}".as_bytes(),
            b" ",
        ];
        let invalid: [&[u8]; 6] = [
            b"\x80",
            b"\xe6\x97",
            b"\xf0\x9f\x98",
            b"\xc0\xaf",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
        ];
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut rejected = 0;
        for round in 0..20_000 {
            let target = (next() % 80) as usize;
            let mut bytes = Vec::new();
            while bytes.len() < target {
                bytes.extend_from_slice(valid[(next() % 5) as usize]);
            }
            if round % 2 == 1 {
                // One defect at a random place (often the very end: a truncated last character).
                let defect = invalid[(next() % 6) as usize];
                let at = if next().is_multiple_of(3) {
                    bytes.len()
                } else {
                    (next() as usize) % (bytes.len() + 1)
                };
                bytes.splice(at..at, defect.iter().copied());
            }
            let expected = std::str::from_utf8(&bytes).is_ok();
            assert_eq!(padded_is_utf8(&bytes), expected, "{bytes:x?}");
            assert_eq!(span_is_utf8(&bytes, 0, bytes.len()), expected, "{bytes:x?}");
            rejected += usize::from(!expected);
        }
        assert!(rejected > 9_000, "too few invalid inputs: {rejected}");
        // A sequence cut by the end of the span is invalid even though NULs follow it.
        assert!(!padded_is_utf8(b"abc\xe6\x97"));
        assert!(!span_is_utf8(b"abc\xe6\x97\x80", 0, 5));
        assert!(padded_is_utf8(b""));
    }
}
