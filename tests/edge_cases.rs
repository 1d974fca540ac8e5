//! The project's own edge cases (no `../shared` needed): numbers, escapes, surrogates, control
//! characters, invalid UTF-8, BOM, whitespace, trailing commas, comments, NaN/Infinity,
//! trailing garbage, empty input; and hostile nesting. Each decision is compared with
//! serde_json's, and each error with where it should point.

use fastjson::error::Category;
use fastjson::Lexer;
use serde_json::Value;

/// fastjson's and serde_json's verdicts on `input` decoded as `Value` (and skipped).
fn both(input: &[u8]) -> (Result<Value, fastjson::Error>, bool) {
    let ours = fastjson::from_slice::<Value>(input);
    let mut lex = Lexer::new(input);
    let skipped = lex.skip_value().and_then(|()| lex.end());
    let theirs = serde_json::from_slice::<Value>(input);
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "{:?}: fastjson {:?} vs serde_json {:?}",
        String::from_utf8_lossy(input),
        ours,
        theirs
    );
    if let (Ok(a), Ok(b)) = (&ours, &theirs) {
        assert_eq!(a, b, "{:?}", String::from_utf8_lossy(input));
    }
    (ours, skipped.is_ok())
}

fn accepted(input: &str) {
    let (ours, skipped) = both(input.as_bytes());
    assert!(ours.is_ok() && skipped, "{input:?} should be accepted");
}

fn rejected(input: &[u8]) -> fastjson::Error {
    let (ours, _) = both(input);
    ours.expect_err("should be rejected")
}

#[test]
fn numbers() {
    for ok in [
        "-0",
        "0",
        "-0.0",
        "1E5",
        "1e+5",
        "1e-5",
        "-1.5E-5",
        "1e-400000000000",
    ] {
        accepted(ok);
    }
    accepted("-1e-400"); // underflows to -0.0
    accepted("18446744073709551616"); // 2^64: a float in Value
    rejected("9".repeat(1000).as_bytes()); // a 1,000-digit integer is a float beyond f64
    accepted(&format!("0.{}1", "0".repeat(1000)));
    for bad in [
        "01",
        "-01",
        "1.",
        ".5",
        "+1",
        "1e",
        "1e+",
        "-",
        "0x10",
        "1.e3",
        "Infinity",
        "-Infinity",
        "NaN",
    ] {
        let err = rejected(bad.as_bytes());
        assert!(
            matches!(err.classify(), Category::Syntax | Category::Eof),
            "{bad}: {err}"
        );
    }
    let err = rejected(b"1e400");
    assert_eq!(err.message(), "number out of range for f64");
    let long_mantissa = format!("0.{}", "1".repeat(1000));
    accepted(&long_mantissa);
    let parsed: f64 = fastjson::from_str(&long_mantissa).unwrap();
    assert_eq!(
        parsed.to_bits(),
        long_mantissa.parse::<f64>().unwrap().to_bits()
    );
    // Integer bounds of the typed targets.
    assert_eq!(
        fastjson::from_str::<u64>("18446744073709551615").unwrap(),
        u64::MAX
    );
    assert!(fastjson::from_str::<u64>("18446744073709551616").is_err());
    assert_eq!(
        fastjson::from_str::<i128>(&i128::MIN.to_string()).unwrap(),
        i128::MIN
    );
    assert_eq!(
        fastjson::from_str::<u128>(&u128::MAX.to_string()).unwrap(),
        u128::MAX
    );
    assert!(fastjson::from_str::<u128>(&format!("{}0", u128::MAX)).is_err());
    assert!(fastjson::from_str::<u64>(&"9".repeat(1000)).is_err());
}

#[test]
fn every_escape_and_surrogates() {
    accepted(r#""\" \\ \/ \b \f \n \r \t \u0000 \u001f \u00e9 \uFFFF \ud83d\ude00""#);
    for bad in [
        r#""\ud800""#,
        r#""\udc00""#,
        r#""\ud800\u0041""#,
        r#""\ud800abc""#,
        r#""\x""#,
        r#""\u12""#,
        r#""\u12g4""#,
        r#""\'""#,
    ] {
        let err = rejected(bad.as_bytes());
        assert_eq!(err.column(), 2, "{bad}: {err}");
    }
}

#[test]
fn control_characters_must_be_escaped() {
    for byte in 0u8..0x20 {
        let input = [b'"', b'a', byte, b'"'];
        let err = rejected(&input);
        assert_eq!(err.column(), 3);
    }
    accepted("\"\u{7f}\"");
}

#[test]
fn invalid_utf8() {
    let cases: &[&[u8]] = &[
        b"\"\xC0\xAF\"",         // overlong '/'
        b"\"\xE0\x80\xAF\"",     // overlong, three bytes
        b"\"\xED\xA0\x80\"",     // a surrogate encoded in UTF-8
        b"\"\xF4\x90\x80\x80\"", // beyond U+10FFFF
        b"\"\xE2\x82\"",         // truncated
        b"\"\x80\"",             // lone continuation byte
        b"\"\xFF\"",             // never valid
        b"\"abc\\n\xC3\"",       // truncated after an escape
    ];
    for input in cases {
        let err = rejected(input);
        assert_eq!(err.message(), "invalid UTF-8 in string", "{input:?}");
    }
    accepted("\"é€😀\u{10FFFF}\"");
}

/// A typed decode skips unknown fields and validates them: a string there with invalid UTF-8 or
/// a lone surrogate is an error. Here fastjson is stricter than serde_json, whose typed decode
/// skips such strings unchecked and accepts a document that is not JSON (its `Value` decode
/// rejects it, as fastjson's does).
#[test]
fn skipped_fields_are_validated() {
    #[derive(fastjson::FastJson, serde::Deserialize, Debug)]
    struct Known {
        #[allow(dead_code)]
        id: u8,
    }
    let cases: &[(&[u8], &str)] = &[
        (
            b"{\"id\":1,\"other\":\"a\xFFb\"}",
            "invalid UTF-8 in string",
        ),
        (
            b"{\"id\":1,\"other\":{\"k\xC0\":0}}",
            "invalid UTF-8 in string",
        ),
        (
            b"{\"id\":1,\"other\":[\"\\ud800\"]}",
            "lone surrogate in \\u escape",
        ),
    ];
    for (input, message) in cases {
        let err = fastjson::from_slice::<Known>(input).unwrap_err();
        assert_eq!(
            err.message(),
            *message,
            "{:?}",
            String::from_utf8_lossy(input)
        );
        assert!(serde_json::from_slice::<Known>(input).is_ok());
        assert!(serde_json::from_slice::<Value>(input).is_err());
    }
}

#[test]
fn whitespace_bom_comments_and_trailing() {
    accepted(" \t\n\r[ \t\n\r1 \t\n\r, \t\n\r2 \t\n\r] \t\n\r");
    rejected(b"\xEF\xBB\xBF{}"); // BOM: not JSON (RFC 8259 section 8.1), as serde_json
    rejected(b"\x0c1"); // form feed is not JSON whitespace
    rejected("\u{a0}1".as_bytes());
    rejected(b"[1,]");
    rejected(br#"{"a":1,}"#);
    rejected(b"[1,,2]");
    rejected(b"[,1]");
    rejected(b"/* c */ 1");
    rejected(b"1 // c");
    rejected(b"[1] x");
    rejected(b"{} {}");
    let err = rejected(b"1 2");
    assert_eq!((err.line(), err.column()), (1, 3));
    let err = rejected(b"");
    assert_eq!(err.classify(), Category::Eof);
    let err = rejected(b"  \n ");
    assert_eq!(err.classify(), Category::Eof);
    rejected(b"'a'");
    rejected(b"{a:1}");
    rejected(b"tru");
    rejected(b"nul");
    rejected(b"True");
}

/// Runs `f` on a thread with the default 2 MiB stack, as a server's worker would have.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no panic, no stack overflow")
}

#[derive(Debug)]
#[allow(dead_code)]
struct Nest(Option<Vec<Nest>>);

impl<'de> fastjson::Decode<'de> for Nest {
    fn decode(lex: &mut Lexer<'de>) -> fastjson::Result<Self> {
        Ok(Nest(fastjson::Decode::decode(lex)?))
    }
}

#[test]
fn a_million_levels_fail_cleanly() {
    let arrays = "[".repeat(1_000_000);
    let objects = r#"{"a":"#.repeat(1_000_000);
    on_small_stack(move || {
        for input in [arrays.as_bytes(), objects.as_bytes()] {
            let err = fastjson::from_slice::<Value>(input).unwrap_err();
            assert!(err.message().contains("limit of 128"), "{err}");
            let mut lex = Lexer::new(input);
            assert!(lex.skip_value().unwrap_err().message().contains("limit"));
        }
        let err = fastjson::from_slice::<Nest>(arrays.as_bytes()).unwrap_err();
        assert!(err.message().contains("limit of 128"), "{err}");
        assert_eq!(err.column(), 128);
    });
}

#[test]
fn the_depth_limit_is_configurable() {
    let deep = "[".repeat(300) + &"]".repeat(300);
    assert!(fastjson::from_str::<Value>(&deep).is_err());
    let mut decoder = fastjson::Decoder::new().with_max_depth(301);
    let value: Value = decoder.decode(deep.as_bytes()).unwrap();
    assert!(value.is_array());
    let mut lex = Lexer::new(deep.as_bytes()).with_max_depth(300);
    assert!(lex.skip_value().is_err());
    let shallow = "[[[1]]]";
    let mut lex = Lexer::new(shallow.as_bytes()).with_max_depth(3);
    assert!(lex.skip_value().is_err());
    let mut lex = Lexer::new(shallow.as_bytes()).with_max_depth(4);
    assert!(lex.skip_value().is_ok());
}
