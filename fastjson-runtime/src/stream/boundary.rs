//! `Boundary`: finds where a value cut by the end of a reader stream's buffer ends, scanning
//! each byte once as more arrives, so the stream decodes the value again only once it is all
//! there. Decoding again after every read cost O(n²) for a long value arriving in small reads
//! (a pipe's 4 KiB, a socket's segments); this keeps it O(n), and still never waits for more
//! bytes than the value has.
//!
//! It only tracks brackets, strings and escapes: it decides *when* to decode again, never
//! whether the value is valid (the decode does that). For valid JSON the end it finds is the
//! value's end; for broken JSON it may find an end early (the decode then reports the fault) or
//! none (the stream reads on to the end of input or the length cap, and the decode reports).

/// Scan state over the bytes of one value, from its first byte.
#[derive(Default)]
pub(super) struct Boundary {
    /// Bytes of the value scanned so far.
    scanned: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl Boundary {
    /// Scans `value[self.scanned..]` (`value` starts at the value's first byte); true once the
    /// value's end (or, for a number or literal, the byte after it) is in `value`.
    pub(super) fn complete(&mut self, value: &[u8]) -> bool {
        let Some(&first) = value.first() else {
            return false;
        };
        if !matches!(first, b'{' | b'[' | b'"') {
            // A number or literal: done at the first byte that cannot be part of one.
            let tail = &value[self.scanned.max(1).min(value.len())..];
            let done = tail
                .iter()
                .any(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')));
            self.scanned = value.len();
            return done;
        }
        loop {
            if self.in_string {
                if self.escaped {
                    if self.scanned >= value.len() {
                        return false;
                    }
                    self.scanned += 1;
                    self.escaped = false;
                }
                // Eight bytes at a time to the next quote or backslash (a control character
                // stops the search too; the decode reports it).
                let at = crate::swar::find_escape(value, self.scanned);
                let Some(&b) = value.get(at) else {
                    self.scanned = value.len();
                    return false;
                };
                self.scanned = at + 1;
                match b {
                    b'"' => {
                        self.in_string = false;
                        if self.depth == 0 {
                            return true;
                        }
                    }
                    b'\\' => self.escaped = true,
                    _ => {}
                }
            } else {
                let at = crate::swar::find_structural(value, self.scanned);
                let Some(&b) = value.get(at) else {
                    self.scanned = value.len();
                    return false;
                };
                self.scanned = at + 1;
                match b {
                    b'"' => self.in_string = true,
                    b'{' | b'[' => self.depth += 1,
                    _ => {
                        self.depth = self.depth.saturating_sub(1);
                        if self.depth == 0 {
                            return true;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Boundary;
    use crate::test_rng::{iterations, xorshift};

    /// The byte-at-a-time scan the word-at-a-time one replaced: where the value ends, or
    /// `None` when it does not end in `value`.
    fn naive_end(value: &[u8]) -> Option<usize> {
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        for (i, &b) in value.iter().enumerate() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                continue;
            }
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Random texts over the bytes that matter (brackets, quotes, backslashes, control and
    /// non-ASCII bytes among plain ones), fed in random steps: "complete" exactly when the
    /// byte-at-a-time scan's end has arrived, whatever the steps.
    #[test]
    fn agrees_with_the_byte_at_a_time_scan_at_any_chunking() {
        let mut rng = xorshift(0xB0DA);
        let alphabet = b"{}[]\"\\\\ax1 ,:\n\x01\xc3";
        for _ in 0..iterations(20_000) {
            let len = 1 + (rng() % 80) as usize;
            let mut value: Vec<u8> = (0..len)
                .map(|_| alphabet[(rng() % alphabet.len() as u64) as usize])
                .collect();
            value[0] = b"{[\""[(rng() % 3) as usize];
            let end = naive_end(&value);
            let mut boundary = Boundary::default();
            let mut have = 0;
            let (before, found) = loop {
                let before = have;
                have = (have + 1 + (rng() % 12) as usize).min(value.len());
                if boundary.complete(&value[..have]) {
                    break (before, Some(have));
                }
                if have == value.len() {
                    break (before, None);
                }
            };
            match (end, found) {
                (Some(end), Some(have)) => assert!(
                    before < end && end <= have,
                    "{:?}: ends at {end}, seen complete at {have}",
                    String::from_utf8_lossy(&value)
                ),
                (end, found) => assert_eq!(
                    end.is_some(),
                    found.is_some(),
                    "{:?}",
                    String::from_utf8_lossy(&value)
                ),
            }
        }
    }

    /// Fed a value a byte at a time, it says "complete" exactly when the value's last byte
    /// (or a scalar's terminator) arrives.
    #[test]
    fn finds_the_end_of_each_kind_of_value() {
        for (value, end) in [
            (&br#"{"a": "}\"]", "b": [1, {"c": []}]} tail"#[..], 34),
            (br#""x\\" tail"#, 5),
            (br#""\"" tail"#, 4),
            (b"[[]] tail", 4),
            (b"12.5e+3 tail", 8),
            (b"true]", 5),
        ] {
            let mut boundary = Boundary::default();
            let first = (1..=value.len())
                .find(|&n| boundary.complete(&value[..n]))
                .unwrap();
            assert_eq!(first, end, "{:?}", String::from_utf8_lossy(value));
        }
    }
}
