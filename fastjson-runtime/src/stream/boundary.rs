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
        while let Some(&b) = value.get(self.scanned) {
            self.scanned += 1;
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.depth == 0 {
                        return true;
                    }
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::Boundary;

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
