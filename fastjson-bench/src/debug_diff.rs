//! Compares two values' `Debug` texts, which is how the gate compares values across the private
//! copies (each copy is a different type). Rust prints floats with the shortest text that reads
//! back to the same bits, so equal texts mean equal values, floats bit for bit. For a row that is
//! allowed inexact floats (serde_json's default float parsing), float tokens that differ are
//! counted with their distance in ulps instead of failing the comparison.

/// The outcome of a comparison.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct DebugDiff {
    /// Float tokens that differ (only counted, never a failure by themselves).
    pub float_mismatches: usize,
    /// The largest distance in ulps among them.
    pub max_ulps: u64,
    /// The first difference that is not a float difference, with context.
    pub other: Option<String>,
}

impl DebugDiff {
    /// Equal texts.
    pub fn is_identical(&self) -> bool {
        self.float_mismatches == 0 && self.other.is_none()
    }
}

fn is_number_byte(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+')
}

fn context(s: &[u8], at: usize) -> String {
    let from = at.saturating_sub(60);
    let to = (at + 60).min(s.len());
    String::from_utf8_lossy(&s[from..to]).into_owned()
}

fn ulps(a: f64, b: f64) -> u64 {
    if a.is_sign_negative() != b.is_sign_negative() {
        return u64::MAX;
    }
    a.to_bits().abs_diff(b.to_bits())
}

/// Compares `expected` with `actual` (see the module doc).
pub fn compare(expected: &str, actual: &str) -> DebugDiff {
    let (e, a) = (expected.as_bytes(), actual.as_bytes());
    let mut out = DebugDiff::default();
    let (mut i, mut j) = (0, 0);
    loop {
        while i < e.len() && j < a.len() && e[i] == a[j] {
            i += 1;
            j += 1;
        }
        if i == e.len() && j == a.len() {
            return out;
        }
        // Back up to the start of a possible number token (the shared prefix is equal).
        let mut back = 0;
        while back < i && is_number_byte(e[i - back - 1]) {
            back += 1;
        }
        let (ts, us) = (i - back, j - back);
        let te = ts + e[ts..].iter().take_while(|&&b| is_number_byte(b)).count();
        let ue = us + a[us..].iter().take_while(|&&b| is_number_byte(b)).count();
        let delimited = ts == 0 || matches!(e[ts - 1], b'(' | b'[' | b' ' | b',');
        let float = |t: &[u8]| {
            let text = std::str::from_utf8(t).ok()?;
            let is_float = text.contains(['.', 'e', 'E']);
            is_float.then(|| text.parse::<f64>().ok()).flatten()
        };
        let differ = e[ts..te] != a[us..ue];
        match (delimited && differ, float(&e[ts..te]), float(&a[us..ue])) {
            (true, Some(x), Some(y)) => {
                out.float_mismatches += 1;
                out.max_ulps = out.max_ulps.max(ulps(x, y));
                i = te;
                j = ue;
            }
            _ => {
                out.other = Some(format!(
                    "at byte {i}: expected …{}…, found …{}…",
                    context(e, i),
                    context(a, j)
                ));
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_texts() {
        assert!(compare("A { x: 1.5 }", "A { x: 1.5 }").is_identical());
    }

    #[test]
    fn float_differences_are_counted_with_ulps() {
        let d = compare(
            "P { c: [(-65.5, 0.1)] }",
            "P { c: [(-65.5, 0.10000000000000002)] }",
        );
        assert_eq!((d.float_mismatches, d.max_ulps, d.other), (1, 1, None));
    }

    #[test]
    fn other_differences_fail() {
        assert!(compare("A { s: \"ab\" }", "A { s: \"ac\" }")
            .other
            .is_some());
        assert!(
            compare("A { n: 10 }", "A { n: 11 }").other.is_some(),
            "integers are exact"
        );
        assert!(compare("A { s: \"x1.5\" }", "A { s: \"x1.6\" }")
            .other
            .is_some());
        assert!(compare("A { x: 1.0 }", "A { x: 1.0, y: 2 }")
            .other
            .is_some());
    }
}
