//! Portable eight-bytes-at-a-time scanning kernels (SWAR) shared by the lexer and the escaper.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// High bit set in each byte of `word` that is zero. Exact for the lowest such byte (borrows only
/// propagate upwards), which is all the callers use.
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// High bit set in the bytes of `word` that are `"`, `\` or below 0x20 (lowest one exact).
#[inline(always)]
fn special_bytes(word: u64) -> u64 {
    let quote = zero_bytes(word ^ (ONES * b'"' as u64));
    let backslash = zero_bytes(word ^ (ONES * b'\\' as u64));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    quote | backslash | control
}

/// High bit set in exactly the bytes of `word` equal to `byte` (no false positives: the add
/// cannot carry across bytes because the high bits are masked off first).
#[inline(always)]
fn eq_bytes_exact(word: u64, byte: u8) -> u64 {
    let t = word ^ (ONES * byte as u64);
    !(((t & !HIGHS).wrapping_add(!HIGHS)) | t) & HIGHS
}

/// Index of the first byte at or after `from` that is not JSON whitespace, or `bytes.len()`.
#[inline]
pub(crate) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 8 <= bytes.len() {
        let word = load(bytes, i);
        let ws = eq_bytes_exact(word, b' ')
            | eq_bytes_exact(word, b'\n')
            | eq_bytes_exact(word, b'\r')
            | eq_bytes_exact(word, b'\t');
        let other = !ws & HIGHS;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\n' | b'\r' | b'\t') {
        i += 1;
    }
    i
}

/// How many of the eight bytes of `word` (in memory order) are ASCII digits before the first
/// byte that is not: 0 to 8. Exact for the first non-digit (a carry out of a byte of 0xFA or
/// more only reaches bytes after it).
#[inline(always)]
pub(crate) fn leading_digits(word: u64) -> usize {
    const NIBBLES: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    let high = word & NIBBLES;
    let shifted = word.wrapping_add(ONES * 0x06) & NIBBLES;
    let differs = (high ^ (ONES * 0x30)) | (shifted ^ (ONES * 0x30));
    let non_digit = ((differs & !HIGHS).wrapping_add(!HIGHS) | differs) & HIGHS;
    if non_digit == 0 {
        8
    } else {
        (non_digit.trailing_zeros() / 8) as usize
    }
}

/// The value of the first `n` (1 to 8) bytes of `word`, which are ASCII digits, most significant
/// first in memory order (fast_float's eight-digit parse, after shifting the digits to the top
/// and filling the bottom with `'0'`).
#[inline(always)]
pub(crate) fn parse_digits(word: u64, n: usize) -> u64 {
    debug_assert!((1..=8).contains(&n));
    let word = if n == 8 {
        word
    } else {
        (word << (8 * (8 - n))) | ((ONES * 0x30) >> (8 * n))
    };
    let mut v = word.wrapping_sub(ONES * 0x30);
    v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let mul1 = 100 + (1_000_000 << 32);
    let mul2 = 1 + (10_000 << 32);
    ((v & mask)
        .wrapping_mul(mul1)
        .wrapping_add(((v >> 16) & mask).wrapping_mul(mul2)))
        >> 32
}

/// The eight bytes at `at` as a little-endian word (the caller checked `at + 8 <= len`).
#[inline(always)]
pub(crate) fn load(bytes: &[u8], at: usize) -> u64 {
    let chunk: [u8; 8] = bytes[at..at + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(chunk)
}

/// Whether `bytes[at..]` starts with `prefix` (never for an empty `prefix`). Lengths up to 32
/// compare two overlapping words of each side (first and last bytes), longer ones 16 bytes at
/// a time, so a key costs a few loads and compares instead of a `memcmp` call.
#[inline(always)]
pub(crate) fn starts_with(bytes: &[u8], at: usize, prefix: &[u8]) -> bool {
    let n = prefix.len();
    // A wrapped end is below `at`: `get` says no, as for a range past the end.
    let Some(hay) = bytes.get(at..at.wrapping_add(n)) else {
        return false;
    };
    // Plain expressions, not closures: a closure here was compiled as an out-of-line call per
    // load in the predicted-key compare (ladder-25k decode 3% and micro-login 5% slower).
    macro_rules! word {
        ($word:ty, $size:expr, $s:expr, $from:expr) => {{
            let mut bytes = [0u8; $size];
            bytes.copy_from_slice(&$s[$from..$from + $size]);
            <$word>::from_le_bytes(bytes)
        }};
    }
    macro_rules! ends {
        ($word:ty, $size:expr) => {
            word!($word, $size, hay, 0) == word!($word, $size, prefix, 0)
                && word!($word, $size, hay, n - $size) == word!($word, $size, prefix, n - $size)
        };
    }
    match n {
        0 => false,
        1 => hay[0] == prefix[0],
        2..=3 => ends!(u16, 2),
        4..=7 => ends!(u32, 4),
        8..=16 => ends!(u64, 8),
        17..=32 => ends!(u128, 16),
        _ => {
            // Long keys (twitter's `profile_background_image_url_https`): 16 bytes at a time,
            // then the last 16, still without a `memcmp` call (a tie in time, one libc call
            // fewer per long key).
            let mut i = 0;
            while i + 16 < n {
                if word!(u128, 16, hay, i) != word!(u128, 16, prefix, i) {
                    return false;
                }
                i += 16;
            }
            word!(u128, 16, hay, n - 16) == word!(u128, 16, prefix, n - 16)
        }
    }
}

/// Index of the first byte at or after `from` that is `"`, `\` or a control character, or
/// `bytes.len()` when there is none.
#[inline]
pub(crate) fn find_escape(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 8 <= bytes.len() {
        let mask = special_bytes(load(bytes, i));
        if mask != 0 {
            return i + (mask.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return i;
        }
        i += 1;
    }
    bytes.len()
}

/// Index of the first byte at or after `from` that is `"`, `[`, `]`, `{` or `}`, or
/// `bytes.len()`: what a reader stream looks for outside strings to find where a value ends.
#[inline]
pub(crate) fn find_structural(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 8 <= bytes.len() {
        let word = load(bytes, i);
        // `[` and `{` differ only in bit 0x20, as `]` and `}` do: one compare each for both.
        let folded = word | (ONES * 0x20);
        let mask = zero_bytes(word ^ (ONES * b'"' as u64))
            | zero_bytes(folded ^ (ONES * b'{' as u64))
            | zero_bytes(folded ^ (ONES * b'}' as u64));
        if mask != 0 {
            return i + (mask.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && !matches!(bytes[i], b'"' | b'[' | b']' | b'{' | b'}') {
        i += 1;
    }
    i
}

/// Like [`find_escape`], and also reports whether any byte before the returned index (or in
/// the words scanned) is non-ASCII, so that the caller validates UTF-8 only when it must.
#[inline]
pub(crate) fn find_string_end(bytes: &[u8], from: usize) -> (usize, bool) {
    let mut i = from;
    let mut high = 0u64;
    while i + 8 <= bytes.len() {
        let word = load(bytes, i);
        high |= word;
        let mask = special_bytes(word);
        if mask != 0 {
            return (i + (mask.trailing_zeros() / 8) as usize, high & HIGHS != 0);
        }
        i += 8;
    }
    let mut non_ascii = high & HIGHS != 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return (i, non_ascii);
        }
        non_ascii |= b >= 0x80;
        i += 1;
    }
    (bytes.len(), non_ascii)
}

/// The number of `\n` bytes in `bytes`: what an error's line and a reader stream's dropped bytes
/// are counted with. A block of 192 bytes is counted into a `u8` (it cannot wrap), which the
/// compiler turns into one compare and one subtract per 16 bytes (SSE2, the x86-64 baseline;
/// NEON on aarch64): 100 MB counted from L2 in 1.6 ms, against 10.5 ms a word at a time with a
/// population count (4% of a reader stream's time) and 41 ms byte by byte into a `usize`.
pub(crate) fn count_newlines(bytes: &[u8]) -> usize {
    let (blocks, rest) = bytes.as_chunks::<192>();
    let mut count = 0;
    for block in blocks {
        count += usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n')));
    }
    count + rest.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six byte values (among them 0x0b and 0x8a, one bit from `\n`) at every position of every
    /// length up to 40, blocks full of newlines, and a long mixed input: the count is the
    /// byte-by-byte count.
    #[test]
    fn count_newlines_counts_exactly() {
        for len in 0..40 {
            for at in 0..len {
                for b in [b'\n', 0x0b, 0x8a, 0x00, 0xff, b'a'] {
                    let mut bytes = vec![b'x'; len];
                    bytes[at] = b;
                    bytes[len / 2] = b'\n';
                    let naive = bytes.iter().filter(|&&c| c == b'\n').count();
                    assert_eq!(count_newlines(&bytes), naive, "{bytes:?}");
                }
            }
        }
        // Blocks full of newlines (a block's counter at its largest) and lengths around the
        // block size.
        for len in [191, 192, 193, 383, 384, 385, 1000] {
            assert_eq!(count_newlines(&vec![b'\n'; len]), len);
            let mut bytes = vec![b'\n'; len];
            bytes[len - 1] = b'x';
            bytes[0] = 0x8a;
            assert_eq!(count_newlines(&bytes), len - 2);
        }
        let mixed: Vec<u8> = (0..4096u32).map(|i| (i * 37 % 256) as u8).collect();
        let naive = mixed.iter().filter(|&&c| c == b'\n').count();
        assert_eq!(count_newlines(&mixed), naive);
    }

    fn naive(bytes: &[u8], from: usize) -> usize {
        (from..bytes.len())
            .find(|&i| matches!(bytes[i], b'"' | b'\\') || bytes[i] < 0x20)
            .unwrap_or(bytes.len())
    }

    /// Every byte value at every position of short inputs, from every start: the first
    /// structural byte, as a byte-by-byte search finds it (bytes one bit from `[`, `{`, `"`
    /// included by the sweep).
    #[test]
    fn structural_search_agrees_with_the_naive_scan() {
        for other in 0u8..=255 {
            for len in 0..20 {
                for at in 0..len {
                    let mut bytes: Vec<u8> = (0..len).map(|i| b"a1 :,\n"[i % 6]).collect();
                    bytes[at] = other;
                    if len > 12 {
                        bytes[len - 2] = b'}';
                    }
                    for from in 0..=len {
                        let naive = (from..len)
                            .find(|&i| matches!(bytes[i], b'"' | b'[' | b']' | b'{' | b'}'))
                            .unwrap_or(len);
                        assert_eq!(find_structural(&bytes, from), naive, "{bytes:?} {from}");
                    }
                }
            }
        }
    }

    #[test]
    fn digit_runs_parse_like_the_naive_loop() {
        for other in [b'.', b',', b'e', b'/', b':', b'-', 0xFF, 0xFA, 0x00, b'a'] {
            for len in 0..=8 {
                for digit_seed in 0..20u64 {
                    let mut bytes = [other; 8];
                    for (i, b) in bytes.iter_mut().enumerate().take(len) {
                        *b = b'0' + ((digit_seed * 7 + i as u64 * 3) % 10) as u8;
                    }
                    let word = u64::from_le_bytes(bytes);
                    assert_eq!(leading_digits(word), len, "{bytes:?}");
                    if len > 0 {
                        let text = std::str::from_utf8(&bytes[..len]).unwrap();
                        assert_eq!(parse_digits(word, len), text.parse::<u64>().unwrap());
                    }
                }
            }
        }
    }

    #[test]
    fn starts_with_agrees_with_the_slice_method() {
        let text = b"\"id\":1,\"id_str\":\"x\",\"screen_name\":\"a very long field name here\":";
        for at in 0..=text.len() + 2 {
            for start in 0..text.len() {
                for end in start..=text.len() {
                    let prefix = &text[start..end];
                    let expected = !prefix.is_empty()
                        && text.get(at..).is_some_and(|rest| rest.starts_with(prefix));
                    assert_eq!(starts_with(text, at, prefix), expected, "{at} {prefix:?}");
                    // One byte changed anywhere in the compared span must be noticed.
                    if expected {
                        for flip in 0..prefix.len() {
                            let mut other = text.to_vec();
                            other[at + flip] ^= 0x20;
                            assert!(!starts_with(&other, at, prefix), "{at} {prefix:?} {flip}");
                        }
                    }
                }
            }
        }
        assert!(!starts_with(text, usize::MAX, b"x"));
    }

    #[test]
    fn whitespace_skip_agrees_with_the_naive_scan() {
        for other in 0u8..=255 {
            for len in 0..20 {
                for at in 0..len {
                    let mut bytes: Vec<u8> = (0..len).map(|i| b" \n\r\t"[i % 4]).collect();
                    bytes[at] = other;
                    for from in 0..=len {
                        let naive = (from..len)
                            .find(|&i| !matches!(bytes[i], b' ' | b'\n' | b'\r' | b'\t'))
                            .unwrap_or(len);
                        assert_eq!(skip_whitespace(&bytes, from), naive);
                    }
                }
            }
        }
    }

    #[test]
    fn kernels_agree_with_the_naive_scan_for_every_byte_and_offset() {
        for special in 0u8..=255 {
            for len in 0..20 {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    for from in 0..=len {
                        assert_eq!(find_escape(&bytes, from), naive(&bytes, from));
                        let (end, non_ascii) = find_string_end(&bytes, from);
                        assert_eq!(end, naive(&bytes, from));
                        if special >= 0x80 && at >= from && at < end {
                            assert!(non_ascii, "missed non-ASCII byte at {at}");
                        }
                    }
                }
            }
        }
    }
}
