//! `CString` and `Box<CStr>` decode as serde_json reads them (serde's impls ask for a byte
//! buffer): a string's raw bytes (escapes decoded, a lone surrogate escape as WTF-8, other
//! bytes as they are) or an array of numbers; an interior nul refused. Hand-picked and seeded
//! random inputs, against serde_json.

use std::ffi::{CStr, CString};

/// The bytes read, or the error's category (fastjson's and serde_json's are named alike).
type Read = Result<Vec<u8>, String>;

fn ours(input: &[u8]) -> [Read; 2] {
    [
        fastjson::from_slice::<CString>(input)
            .map(CString::into_bytes)
            .map_err(|e| format!("{:?}", e.classify())),
        fastjson::from_slice::<Box<CStr>>(input)
            .map(|c| c.to_bytes().to_vec())
            .map_err(|e| format!("{:?}", e.classify())),
    ]
}

fn theirs(input: &[u8]) -> [Read; 2] {
    [
        serde_json::from_slice::<CString>(input)
            .map(CString::into_bytes)
            .map_err(|e| format!("{:?}", e.classify())),
        serde_json::from_slice::<Box<CStr>>(input)
            .map(|c| c.to_bytes().to_vec())
            .map_err(|e| format!("{:?}", e.classify())),
    ]
}

#[test]
fn hand_picked_inputs_read_as_serde_json_reads_them() {
    let cases: &[(&[u8], Option<&[u8]>)] = &[
        (b"\"abc\"", Some(b"abc")),
        (b" \"a\\nb\" ", Some(b"a\nb")),
        (b"\"\\ud83c\"", Some(b"\xED\xA0\xBC")),
        (b"\"\\udc00x\"", Some(b"\xED\xB0\x80x")),
        (b"\"\\ud83c\\u0041\"", Some(b"\xED\xA0\xBCA")),
        (b"\"\\ud83d\\ude00\"", Some("😀".as_bytes())),
        (
            b"\"\\ud800\\ud800\\udc00\"",
            Some(b"\xED\xA0\x80\xF0\x90\x80\x80"),
        ),
        (b"\"\\ud800\\n\"", Some(b"\xED\xA0\x80\n")),
        (b"\"\xFF\xFE\"", Some(b"\xFF\xFE")),
        (b"\"\xED\xA0\x80\"", Some(b"\xED\xA0\x80")),
        (b"\"\x01\x1F\"", Some(b"\x01\x1F")),
        (b"\"\\u00e9\"", Some("é".as_bytes())),
        (b"\"\"", Some(b"")),
        (b"[97, 98 ,99]", Some(b"abc")),
        (b"[]", Some(b"")),
        (b"[255]", Some(b"\xFF")),
        (b"\"a\\u0000b\"", None),
        (b"\"a\x00b\"", None),
        (b"[97, 0]", None),
        (b"[256]", None),
        (b"[-1]", None),
        (b"[1.5]", None),
        (b"[\"a\"]", None),
        (b"\"\\x\"", None),
        (b"\"\\u12\"", None),
        (b"\"abc", None),
        (b"null", None),
        (b"1", None),
        (b"{}", None),
        (b"\"a\" x", None),
    ];
    for &(input, expected) in cases {
        let ours = ours(input);
        assert_eq!(ours, theirs(input), "{}", input.escape_ascii());
        for read in &ours {
            assert_eq!(read.as_deref().ok(), expected, "{}", input.escape_ascii());
        }
    }
}

#[test]
fn an_interior_nul_is_refused_with_serdes_message() {
    let ours = fastjson::from_slice::<CString>(b"\"ab\\u0000\"").unwrap_err();
    let theirs = serde_json::from_slice::<CString>(b"\"ab\\u0000\"").unwrap_err();
    assert!(
        ours.to_string()
            .starts_with("nul byte found in provided data at position: 2"),
        "{ours}"
    );
    assert!(theirs
        .to_string()
        .starts_with("nul byte found in provided data at position: 2"));
}

/// A seeded xorshift: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random JSON string of escapes, surrogate escapes alone and paired, raw bytes of every
/// kind (non-UTF-8, controls, rarely a nul), or a random array of numbers.
fn random_input(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.below(4) == 0 {
        out.push(b'[');
        for i in 0..rng.below(5) {
            if i > 0 {
                out.push(b',');
            }
            let n = match rng.below(10) {
                0 => -1,
                1 => 256,
                2 => 0,
                _ => rng.below(256) as i64,
            };
            out.extend_from_slice(n.to_string().as_bytes());
        }
        out.push(b']');
        return out;
    }
    out.push(b'"');
    for _ in 0..rng.below(6) {
        match rng.below(12) {
            0 => out.extend_from_slice(b"\\ud83c"),
            1 => out.extend_from_slice(b"\\udf00"),
            2 => out.extend_from_slice(b"\\ud83d\\ude00"),
            3 => out.extend_from_slice(b"\\n\\t\\\"\\\\\\/"),
            4 => out.extend_from_slice(format!("\\u{:04x}", rng.below(0x10000)).as_bytes()),
            5 => out.push(0x80 + rng.below(0x80) as u8),
            6 => out.push(1 + rng.below(0x1F) as u8),
            7 if rng.below(8) == 0 => out.push(0),
            8 => out.extend_from_slice("é😀".as_bytes()),
            _ => out.push(b'a' + rng.below(26) as u8),
        }
    }
    out.push(b'"');
    out
}

#[test]
fn random_inputs_read_as_serde_json_reads_them() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..20_000 {
        let input = random_input(&mut rng);
        let ours = ours(&input);
        assert_eq!(ours, theirs(&input), "{}", input.escape_ascii());
        match ours[0] {
            Ok(_) => accepted += 1,
            Err(_) => refused += 1,
        }
        // As an element, too.
        let list = [&b"["[..], &input, b", \"x\"]"].concat();
        let ours = fastjson::from_slice::<Vec<CString>>(&list).map_err(drop);
        let theirs = serde_json::from_slice::<Vec<CString>>(&list).map_err(drop);
        assert_eq!(ours, theirs, "{}", list.escape_ascii());
    }
    assert!(
        accepted > 5000 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
}
