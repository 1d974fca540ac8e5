//! The contention probe: a fixed branchy byte scan timed before every round, so that a report
//! can say how many of its rounds ran while something else shared the core.
//!
//! On a shared host, another guest on the sibling hardware thread slows parsing code by up to
//! 1.7× for seconds at a time, and the hypervisor's steal counter stays at zero. A dependent
//! integer chain barely notices (+2%); a loop that classifies bytes with branches, as a JSON
//! lexer does, slows like the rows (on the Zen 4 host, +76% to +93% in the moments when
//! fastjson's order decode beside it slowed +59% to +79%). The probe is that loop over the same
//! text every time; the run's fastest probe is its quiet reference, so a run contended from
//! start to end has none, and its count is a lower bound (the sample-spread flag and absolute
//! times against earlier runs are what show such a run).

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Instant;

/// A round whose probe took this much longer than the run's fastest probe ran contended. Quiet
/// probes on the Zen 4 host came within 12% of each other across processes; contended ones
/// were 16% to 93% slower, mostly over 50%.
pub const CONTENDED_FRACTION: f64 = 0.25;

/// A run with at least this share of contended rounds is flagged: its medians may come from
/// contended samples, which shrink fastjson's leads (native twitter-sorted-keys: 1.23–1.28×
/// sonic-rs quiet, 1.14–1.16× the fastest peer contended).
pub const CONTENDED_SHARE_WARNING: f64 = 0.10;

/// Bytes in the probe's text: small enough to stay in L1, so that the probe measures the core,
/// not the memory system.
const TEXT_LEN: usize = 16 * 1024;

/// Passes over the text per probe (about 1 ms on the Zen 4 host when quiet).
const PASSES: usize = 64;

/// JSON-like text, the same bytes in every process: keys, strings, numbers and whitespace
/// picked by a fixed linear congruential sequence, so that the scan's branches are neither
/// always taken nor trivially periodic.
fn text() -> &'static [u8] {
    static TEXT: OnceLock<Vec<u8>> = OnceLock::new();
    TEXT.get_or_init(|| {
        const PIECES: [&[u8]; 8] = [
            b"\"id\": ",
            b"12345",
            b",\n    ",
            b"\"name\": \"fastjson\"",
            b"[1.5, -2]",
            b"{\"ok\": true}",
            b"  ",
            b"\"text with spaces\"",
        ];
        let mut out = Vec::with_capacity(TEXT_LEN + 32);
        let mut state: u32 = 0x2545_f491;
        while out.len() < TEXT_LEN {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            out.extend_from_slice(PIECES[(state >> 16) as usize % PIECES.len()]);
        }
        out.truncate(TEXT_LEN);
        out
    })
}

/// The probe's work: one pass classifying every byte, as a lexer would (quotes, digits,
/// whitespace, the rest). Returns a checksum so that the pass cannot be optimised away.
#[inline(never)]
fn scan(bytes: &[u8]) -> u64 {
    let mut quotes = 0u64;
    let mut digits = 0u64;
    let mut spaces = 0u64;
    let mut other = 0u64;
    for &b in bytes {
        match b {
            b'"' => quotes += 1,
            b'0'..=b'9' => digits += u64::from(b),
            b' ' | b'\n' => spaces += 1,
            _ => other ^= u64::from(b),
        }
    }
    quotes ^ (digits << 8) ^ (spaces << 24) ^ (other << 40)
}

/// Times one probe: nanoseconds for `PASSES` scans of the text, after one untimed scan (a
/// process's first probe otherwise ran 2× slow, cold).
pub fn probe_ns() -> f64 {
    let bytes = text();
    black_box(scan(black_box(bytes)));
    let start = Instant::now();
    let mut sum = 0u64;
    for _ in 0..PASSES {
        sum = sum.wrapping_add(scan(black_box(bytes)));
    }
    let elapsed = start.elapsed();
    black_box(sum);
    elapsed.as_nanos() as f64
}

/// How many of `probes` ran contended (more than [`CONTENDED_FRACTION`] above the fastest), and
/// out of how many; `None` with fewer than two probes (no reference to judge by).
pub fn contended_rounds(probes: &[f64]) -> Option<(usize, usize)> {
    if probes.len() < 2 {
        return None;
    }
    Some((contended_against(probes, fastest(probes)), probes.len()))
}

/// The fastest of `probes` (infinity when there are none): a run's quiet reference.
pub fn fastest(probes: &[f64]) -> f64 {
    probes.iter().copied().fold(f64::INFINITY, f64::min)
}

/// How many of `probes` (one group's) ran more than [`CONTENDED_FRACTION`] above `fastest` (the
/// whole run's fastest probe).
pub fn contended_against(probes: &[f64], fastest: f64) -> usize {
    let limit = fastest * (1.0 + CONTENDED_FRACTION);
    probes.iter().filter(|&&p| p > limit).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_fixed_and_json_like() {
        let t = text();
        assert_eq!(t.len(), TEXT_LEN);
        for class in [b'"', b'1', b' ', b'\n', b'{', b'['] {
            assert!(t.contains(&class), "byte {:?} missing", class as char);
        }
    }

    /// The scan visits every byte: its checksum matches a plain count by class.
    #[test]
    fn scan_classifies_every_byte() {
        let t = text();
        let quotes = t.iter().filter(|&&b| b == b'"').count() as u64;
        let digits: u64 = t
            .iter()
            .filter(|b| b.is_ascii_digit())
            .map(|&b| u64::from(b))
            .sum();
        let spaces = t.iter().filter(|&&b| b == b' ' || b == b'\n').count() as u64;
        let other = t
            .iter()
            .filter(|&&b| !(b == b'"' || b.is_ascii_digit() || b == b' ' || b == b'\n'))
            .fold(0u64, |acc, &b| acc ^ u64::from(b));
        assert_eq!(
            scan(t),
            quotes ^ (digits << 8) ^ (spaces << 24) ^ (other << 40)
        );
        assert!(probe_ns() > 0.0);
    }

    #[test]
    fn contended_rounds_count_probes_well_above_the_fastest() {
        assert_eq!(contended_rounds(&[]), None);
        assert_eq!(contended_rounds(&[1.0]), None);
        assert_eq!(contended_rounds(&[1.0, 1.1, 1.24]), Some((0, 3)));
        assert_eq!(contended_rounds(&[1.3, 1.0, 1.26, 1.7, 1.2]), Some((3, 5)));
        // The reference is the fastest probe wherever it comes in the run.
        assert_eq!(contended_rounds(&[2.0, 2.0, 1.0]), Some((2, 3)));
        // A group's rounds judged against the run's fastest, which may lie in another group.
        assert_eq!(contended_against(&[1.2, 1.3, 2.0], 1.0), 2);
        assert_eq!(contended_against(&[], 1.0), 0);
    }
}
