//! UTF-8 validation of one string span on AVX2, reading the span's last partial block from the
//! input itself (masked) instead of copying it: the lookup technique of Keiser and Lemire
//! ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021), written for spans.
//!
//! Each byte is classified by three 16-entry tables (the high nibble of the byte before it, that
//! byte's low nibble, and its own high nibble); the bitwise AND of the three names every error a
//! two-byte window can show. Third and fourth bytes of a sequence are checked by comparing the
//! bytes two and three places back against `0xE0` and `0xF0`.

use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_cmpgt_epi8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8,
    _mm256_testz_si256, _mm256_xor_si256,
};

use super::load;

/// Whether `input[start..end]` is UTF-8. Panics when the CPU lacks AVX2.
///
/// Reads bytes of `input` past `end` (never past `input`) for the span's last block and masks
/// them out, so they cannot change the answer.
pub(in crate::simd) fn span_is_utf8(input: &[u8], start: usize, end: usize) -> bool {
    assert!(
        super::available(),
        "the AVX2 kernel called on a CPU without AVX2"
    );
    assert!(start <= end && end <= input.len(), "span out of bounds");
    // SAFETY: the CPU has AVX2 (checked above).
    unsafe { span_is_utf8_avx2(input, start, end) }
}

#[target_feature(enable = "avx2")]
fn span_is_utf8_avx2(input: &[u8], start: usize, end: usize) -> bool {
    let mut state = State {
        error: _mm256_setzero_si256(),
        previous: _mm256_setzero_si256(),
        incomplete: _mm256_setzero_si256(),
    };
    let mut at = start;
    while at + 32 <= end {
        // SAFETY: `at + 32 <= end <= input.len()`.
        state.step(unsafe { load(input, at) });
        at += 32;
    }
    let left = end - at;
    if left > 0 {
        let last = if at + 32 <= input.len() {
            // SAFETY: the 32 bytes lie inside `input`.
            let block = unsafe { load(input, at) };
            // Bytes at index `left` and above are not in the span: zeroed. A NUL is a whole
            // character, so a complete span stays valid and a sequence cut by `end` is still
            // invalid (a continuation byte is due where the NUL is).
            let index = _mm256_setr_epi8(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
            );
            let in_span = _mm256_cmpgt_epi8(_mm256_set1_epi8(left as i8), index);
            _mm256_and_si256(block, in_span)
        } else {
            // The span ends within 32 bytes of the input's end: copied, NUL-padded.
            let mut padded = [0u8; 32];
            padded[..left].copy_from_slice(&input[at..end]);
            // SAFETY: `padded` holds 32 bytes.
            unsafe { load(&padded, 0) }
        };
        state.step(last);
    }
    // A sequence cut by the end of the last block (when the span filled it).
    let error = _mm256_or_si256(state.error, state.incomplete);
    _mm256_testz_si256(error, error) == 1
}

/// What the blocks read so far leave for the next one.
struct State {
    /// Non-zero once any error was seen.
    error: __m256i,
    /// The previous block (its last three bytes start sequences continued in this one).
    previous: __m256i,
    /// Non-zero where the previous block's end leaves a sequence unfinished.
    incomplete: __m256i,
}

impl State {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn step(&mut self, block: __m256i) {
        if _mm256_movemask_epi8(block) == 0 {
            // All ASCII: valid unless the previous block left a sequence unfinished.
            self.error = _mm256_or_si256(self.error, self.incomplete);
            self.incomplete = _mm256_setzero_si256();
        } else {
            let errors = block_errors(block, self.previous);
            self.error = _mm256_or_si256(self.error, errors);
            self.incomplete = unfinished_at_end(block);
        }
        self.previous = block;
    }
}

// One bit per kind of error a pair of bytes (the previous one, this one) can show.
/// `11______ 0_______` or `11______ 11______`: a lead byte not followed by a continuation.
const TOO_SHORT: u8 = 1 << 0;
/// `0_______ 10______`: a continuation byte after ASCII.
const TOO_LONG: u8 = 1 << 1;
/// `11100000 100_____`: a three-byte form of a two-byte code point.
const OVERLONG_3: u8 = 1 << 2;
/// `11110100 1001____` and above: a code point past U+10FFFF.
const TOO_LARGE: u8 = 1 << 3;
/// `11101101 101_____`: a surrogate (U+D800..U+DFFF).
const SURROGATE: u8 = 1 << 4;
/// `1100000_ 10______`: a two-byte form of an ASCII code point.
const OVERLONG_2: u8 = 1 << 5;
/// `11110101 1000____` and above (past U+10FFFF); shares its bit with `OVERLONG_4`, which
/// `11110000 1000____` (a four-byte form of a three-byte code point) shows.
const TOO_LARGE_1000: u8 = 1 << 6;
const OVERLONG_4: u8 = 1 << 6;
/// `10______ 10______`: a continuation byte where none is due (checked against the third and
/// fourth byte positions separately).
const TWO_CONTINUATIONS: u8 = 1 << 7;
/// The errors that the previous byte's low nibble does not narrow.
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTINUATIONS;

/// A 16-entry table in both 128-bit lanes (`vpshufb` looks up within a lane).
#[inline]
#[target_feature(enable = "avx2")]
fn table(t: [u8; 16]) -> __m256i {
    let t = t.map(|b| b as i8);
    _mm256_setr_epi8(
        t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13],
        t[14], t[15], t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11],
        t[12], t[13], t[14], t[15],
    )
}

/// Each byte's high nibble.
#[inline]
#[target_feature(enable = "avx2")]
fn high_nibbles(v: __m256i) -> __m256i {
    _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x0F))
}

/// The block shifted by N bytes across the lane boundary, the previous block's last N bytes
/// entering at the front (byte i of the result is the byte N places before byte i), where
/// `OFFSET` is `vpalignr`'s byte offset, 16 - N.
#[inline]
#[target_feature(enable = "avx2")]
fn bytes_before<const OFFSET: i32>(block: __m256i, previous: __m256i) -> __m256i {
    // [previous's high lane, block's low lane]: what precedes each lane of `block`.
    let preceding = _mm256_permute2x128_si256::<0x21>(previous, block);
    _mm256_alignr_epi8::<OFFSET>(block, preceding)
}

/// Non-zero bytes where `block` (after `previous`) is not UTF-8.
#[inline]
#[target_feature(enable = "avx2")]
fn block_errors(block: __m256i, previous: __m256i) -> __m256i {
    let before_1 = bytes_before::<15>(block, previous);
    let by_previous_high = _mm256_shuffle_epi8(
        table([
            // 0_______ (ASCII)
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            // 10______ (a continuation)
            TWO_CONTINUATIONS,
            TWO_CONTINUATIONS,
            TWO_CONTINUATIONS,
            TWO_CONTINUATIONS,
            // 1100____, 1101____ (two-byte leads)
            TOO_SHORT | OVERLONG_2,
            TOO_SHORT,
            // 1110____ (three-byte lead)
            TOO_SHORT | OVERLONG_3 | SURROGATE,
            // 1111____ (four-byte lead, or worse)
            TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
        ]),
        high_nibbles(before_1),
    );
    let by_previous_low = _mm256_shuffle_epi8(
        table([
            // ____0000
            CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
            // ____0001
            CARRY | OVERLONG_2,
            // ____001_
            CARRY,
            CARRY,
            // ____0100
            CARRY | TOO_LARGE,
            // ____0101, ____011_
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            // ____1___
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            // ____1101
            CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
        ]),
        _mm256_and_si256(before_1, _mm256_set1_epi8(0x0F)),
    );
    let by_own_high = _mm256_shuffle_epi8(
        table([
            // 0_______ (ASCII)
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            // 1000____
            TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
            // 1001____
            TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | TOO_LARGE,
            // 101_____
            TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE,
            TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE,
            // 11______ (a lead byte)
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
        ]),
        high_nibbles(block),
    );
    let pair_errors = _mm256_and_si256(
        _mm256_and_si256(by_previous_high, by_previous_low),
        by_own_high,
    );
    // A continuation byte after a continuation is right exactly when it is the third byte of a
    // three- or four-byte sequence or the fourth of a four-byte one: when the byte two places
    // back is >= 0xE0 or the byte three places back is >= 0xF0. Saturating subtraction leaves
    // the high bit set exactly then; it cancels `TWO_CONTINUATIONS` (bit 7), and a set high bit
    // where no two continuations meet is an error of its own.
    let before_2 = bytes_before::<14>(block, previous);
    let before_3 = bytes_before::<13>(block, previous);
    let third = _mm256_subs_epu8(before_2, _mm256_set1_epi8((0xE0u8 - 0x80) as i8));
    let fourth = _mm256_subs_epu8(before_3, _mm256_set1_epi8((0xF0u8 - 0x80) as i8));
    let continuation_due = _mm256_and_si256(
        _mm256_or_si256(third, fourth),
        _mm256_set1_epi8(0x80u8 as i8),
    );
    _mm256_xor_si256(continuation_due, pair_errors)
}

/// Non-zero when the block's last three bytes start a sequence that needs more bytes than the
/// block has left: the last byte >= 0xC0, the second-last >= 0xE0 or the third-last >= 0xF0.
#[inline]
#[target_feature(enable = "avx2")]
fn unfinished_at_end(block: __m256i) -> __m256i {
    /// Each position's largest byte that needs nothing past the block.
    const LIMITS: [u8; 32] = {
        let mut limits = [0xFF; 32];
        limits[29] = 0xF0 - 1;
        limits[30] = 0xE0 - 1;
        limits[31] = 0xC0 - 1;
        limits
    };
    // SAFETY: `LIMITS` holds 32 bytes.
    _mm256_subs_epu8(block, unsafe { load(&LIMITS, 0) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agrees_with_std(input: &[u8], start: usize, end: usize) {
        let expected = std::str::from_utf8(&input[start..end]).is_ok();
        assert_eq!(
            span_is_utf8(input, start, end),
            expected,
            "{:x?} in {input:x?}",
            &input[start..end]
        );
    }

    fn have_avx2() -> bool {
        let available = super::super::available();
        if !available {
            eprintln!("this CPU has no AVX2: the AVX2 UTF-8 validator is not exercised here");
        }
        available
    }

    #[test]
    fn every_two_byte_pair_and_three_byte_prefix_at_every_block_position() {
        if !have_avx2() {
            return;
        }
        // Each pair of bytes, with a third byte from the interesting ones, placed at each
        // position of a 70-byte span (crossing the lane and block boundaries), followed by
        // non-ASCII bytes in the input past the span's end that must not count.
        let thirds = [
            0x00, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC2, 0xE0, 0xF0,
        ];
        let mut input = vec![b'a'; 70];
        input.extend_from_slice(&[0xFF; 40]);
        for first in 0..=255u8 {
            for second in 0..=255u8 {
                for (n, &third) in thirds.iter().enumerate() {
                    // One position per combination, moving with it across the span.
                    let at = (usize::from(first) * 7 + usize::from(second) * 3 + n) % 68;
                    input[at..at + 3].copy_from_slice(&[first, second, third]);
                    for end in [at + 2, at + 3, 70] {
                        agrees_with_std(&input, 0, end);
                    }
                    agrees_with_std(&input, at.saturating_sub(1), 70);
                    input[at..at + 3].copy_from_slice(b"aaa");
                }
            }
        }
    }

    #[test]
    fn four_byte_sequences_at_every_position() {
        if !have_avx2() {
            return;
        }
        let leads = [0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8];
        let continuations = [0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0];
        for at in 0..70 {
            let mut input = vec![b'x'; 74];
            input.extend_from_slice(&[0xF0, 0x9F, 0x98]);
            for lead in leads {
                for second in continuations {
                    for third in continuations {
                        for fourth in continuations {
                            input[at..at + 4].copy_from_slice(&[lead, second, third, fourth]);
                            agrees_with_std(&input, 0, 74);
                            agrees_with_std(&input, at, (at + 3).min(74));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn random_text_with_defects_from_every_start_and_end() {
        if !have_avx2() {
            return;
        }
        let pieces: [&[u8]; 9] = [
            b"a",
            b"\"",
            "\u{e9}".as_bytes(),
            "\u{7ff}".as_bytes(),
            "\u{65e5}".as_bytes(),
            "\u{ffff}".as_bytes(),
            "\u{1f600}".as_bytes(),
            "\u{10ffff}".as_bytes(),
            b"\x80",
        ];
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let mut rejected = 0;
        for _ in 0..3_000 {
            let target = (next() % 140) as usize;
            let mut input = Vec::new();
            while input.len() < target {
                // The stray continuation byte is rare, so many spans stay valid.
                let piece = (next() % 60).min(8) as usize;
                input.extend_from_slice(pieces[piece]);
            }
            for start in 0..input.len().min(5) {
                for end in start..=input.len() {
                    agrees_with_std(&input, start, end);
                    rejected += usize::from(std::str::from_utf8(&input[start..end]).is_err());
                }
            }
        }
        assert!(rejected > 10_000, "too few invalid spans: {rejected}");
    }

    #[test]
    fn spans_near_the_input_end_are_copied_not_read_past() {
        if !have_avx2() {
            return;
        }
        // Every span ending within the last 32 bytes of inputs of every length up to 80: the
        // spans whose last block does not fit in the input take the copy path, the others the
        // masked load; each answer is checked against std.
        let text = "ab\u{e9}\u{65e5}\u{1f600}cd\u{10ffff}".repeat(5);
        let bytes = text.as_bytes();
        for len in 0..80.min(bytes.len()) {
            let input = &bytes[..len];
            for start in 0..len.min(8) {
                for end in start..=len {
                    agrees_with_std(input, start, end);
                }
            }
        }
    }
}
