#![cfg(feature = "bytes")]
//! `bytes::Bytes` and `BytesMut` (feature `bytes`) against bytes' own serde impls through
//! serde_json: random buffers encode to the same arrays of numbers (compact and pretty) and
//! decode back; arrays and strings (escapes, lone surrogates, control characters, invalid UTF-8
//! through `from_slice`) decode to the same bytes or are refused by both; map keys (read only,
//! as serde_json), `Option`, `Vec`, map values and a derived struct.

use std::collections::BTreeMap;
use std::fmt::Debug;

use bytes::{Bytes, BytesMut};
use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Blob {
    data: Bytes,
    scratch: BytesMut,
    digest: Option<Bytes>,
    parts: Vec<Bytes>,
    by_name: BTreeMap<String, Bytes>,
}

/// Both libraries read `input` (bytes, perhaps not UTF-8) as the same value, or both refuse it.
fn same_from_slice<T>(input: &[u8]) -> Option<T>
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    let ours = fastjson::from_slice::<T>(input);
    let theirs = serde_json::from_slice::<T>(input);
    let shown = String::from_utf8_lossy(input);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{shown}");
            Some(ours)
        }
        (Err(_), Err(_)) => None,
        (ours, theirs) => panic!("{shown}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// Pieces of a JSON string's body: plain and non-ASCII text, raw control characters, and the
/// escapes serde_json's raw byte read treats specially (surrogates alone, paired, or followed
/// by other escapes).
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9 ]{1,4}",
        "[\u{e9}\u{2028}\u{1F600}]",
        "[\\x00-\\x1f\\x7f]",
        prop::sample::select(vec![
            r"\n",
            r"\t",
            r"\b",
            r"\f",
            r"\r",
            r"\/",
            r"\\",
            r#"\""#,
            r"\u0041",
            r"\u00e9",
            r"\u20ac",
            r"\ud800",
            r"\udbff",
            r"\udc00",
            r"\udfff",
            r"\ud83d\ude00",
            r"\ud800\u0041",
            r"\ud800\ud800\udc00",
            r"\ud800\n",
            r"\ud800\",
            r"\ud800\x",
            r"\uD83D\uDE00",
            r"\u12",
            r"\x",
        ])
        .prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_buffers(data: Vec<u8>, more: Vec<Vec<u8>>) {
        let bytes = Bytes::from(data.clone());
        check(&bytes);
        check(&BytesMut::from(&data[..]));
        check(&Some(bytes.clone()));
        let parts: Vec<Bytes> = more.iter().cloned().map(Bytes::from).collect();
        check(&parts);
        let by_name: BTreeMap<String, Bytes> =
            parts.iter().enumerate().map(|(i, b)| (i.to_string(), b.clone())).collect();
        check(&Blob {
            data: bytes.clone(),
            scratch: BytesMut::from(&data[..]),
            digest: parts.first().cloned(),
            parts,
            by_name,
        });
        // serde_json's output decodes to serde's value.
        let json = serde_json::to_string(&bytes).unwrap();
        prop_assert_eq!(both_accept::<Bytes>(&json), bytes);
    }

    #[test]
    fn random_strings_give_the_same_bytes(pieces in prop::collection::vec(piece(), 0..8)) {
        let input = format!("\"{}\"", pieces.concat());
        let ours = same_from_slice::<Bytes>(input.as_bytes());
        prop_assert_eq!(same_from_slice::<BytesMut>(input.as_bytes()).is_some(), ours.is_some());
        let keys = same_from_slice::<BTreeMap<Bytes, u8>>(format!("{{{input}:1}}").as_bytes());
        prop_assert_eq!(keys.map(|map| map.into_keys().collect::<Vec<_>>()), ours.map(|b| vec![b]));
        same_from_slice::<Vec<Bytes>>(format!("[{input}, {input}]").as_bytes());
    }

    #[test]
    fn random_bytes_in_strings(body: Vec<u8>) {
        let mut input = b"\"".to_vec();
        input.extend(body.iter().filter(|&&b| b != b'"' && b != b'\\'));
        input.push(b'"');
        prop_assert!(same_from_slice::<Bytes>(&input).is_some());
    }
}

#[test]
fn strings_are_their_raw_bytes() {
    assert_eq!(both_accept::<Bytes>(r#""hi""#), &b"hi"[..]);
    assert_eq!(both_accept::<Bytes>(r#""""#), &b""[..]);
    assert_eq!(both_accept::<Bytes>(r#""\u00e9\n""#), "\u{e9}\n".as_bytes());
    assert_eq!(
        both_accept::<Bytes>(r#""\ud83d\ude00""#),
        "\u{1F600}".as_bytes()
    );
    // Lone surrogates: their three-byte form, which no `str` may hold.
    assert_eq!(both_accept::<Bytes>(r#""\ud800""#), &b"\xED\xA0\x80"[..]);
    assert_eq!(both_accept::<Bytes>(r#""\udc00x""#), &b"\xED\xB0\x80x"[..]);
    assert_eq!(
        both_accept::<Bytes>(r#""\ud800\u0041""#),
        &b"\xED\xA0\x80A"[..]
    );
    assert_eq!(
        both_accept::<Bytes>(r#""\ud800\ud800\udc00""#),
        &b"\xED\xA0\x80\xF0\x90\x80\x80"[..]
    );
    assert_eq!(
        both_accept::<Bytes>(r#""\ud800\t""#),
        &b"\xED\xA0\x80\t"[..]
    );
    // Raw control characters are kept, and bytes that are not UTF-8 are taken as they are.
    assert_eq!(both_accept::<Bytes>("\"a\tb\u{0}\""), &b"a\tb\0"[..]);
    assert_eq!(
        same_from_slice::<Bytes>(b"\"\xff\xfe\\n\xc0\""),
        Some(Bytes::from_static(b"\xff\xfe\n\xc0"))
    );
    assert_eq!(
        same_from_slice::<BytesMut>(b"\"\xff\""),
        Some(BytesMut::from(&b"\xff"[..]))
    );
}

#[test]
fn keys_are_read_as_raw_bytes() {
    let map = both_accept::<BTreeMap<Bytes, u8>>(r#"{"hi":1, "\ud800":2, "a\nb":3}"#);
    let keys: Vec<&[u8]> = map.keys().map(|key| &key[..]).collect();
    assert_eq!(keys, [&b"a\nb"[..], b"hi", b"\xED\xA0\x80"]);
    let map = same_from_slice::<BTreeMap<BytesMut, Bytes>>(b"{\"\xff\t\":\"v\"}").unwrap();
    assert_eq!(map[&b"\xff\t"[..]], &b"v"[..]);
    // A repeated key keeps the last value, as serde_json's maps do.
    let map = both_accept::<BTreeMap<Bytes, u8>>(r#"{"a":1,"\u0061":2}"#);
    assert_eq!(map[&b"a"[..]], 2);
    both_accept::<BTreeMap<Bytes, u8>>("{}");
    for input in [
        r#"{"a":}"#,
        r#"{"a" 1}"#,
        r#"{"a":1,}"#,
        r#"{"\x":1}"#,
        "{1:1}",
        r#"{"a":1"#,
    ] {
        assert_eq!(
            same_from_slice::<BTreeMap<Bytes, u8>>(input.as_bytes()),
            None
        );
    }
}

#[test]
fn arrays_are_read_as_u8_elements() {
    assert_eq!(both_accept::<Bytes>("[]"), &b""[..]);
    assert_eq!(both_accept::<Bytes>("[0, 1 ,255]"), &[0, 1, 255][..]);
    assert_eq!(both_accept::<BytesMut>("[104,105]"), &b"hi"[..]);
    // Refused by both (fastjson words an out-of-range element its own way).
    for input in [
        "[256]", "[-1]", "[1.0]", "[-0]", "[1e2]", r#"["a"]"#, "[null]", "[[]]",
    ] {
        assert_eq!(same_from_slice::<Bytes>(input.as_bytes()), None);
        assert_eq!(same_from_slice::<BytesMut>(input.as_bytes()), None);
    }
}

#[test]
fn malformed_and_other_values_are_refused_by_both() {
    for input in ["0", "null", "true", "{}", r#"{"a":1}"#, "1.5"] {
        both_reject::<Bytes>(input);
        both_reject::<BytesMut>(input);
    }
    for input in [
        &br#""\x""#[..],
        br#""\u12""#,
        br#""\ud800\u12""#,
        br#""\ud800\"#,
        br#""abc"#,
        b"\"",
        b"[1,]",
        b"[1",
        b"[1 2]",
        br#""ab"x"#,
    ] {
        assert_eq!(same_from_slice::<Bytes>(input), None);
        assert_eq!(same_from_slice::<BytesMut>(input), None);
    }
    assert_eq!(both_accept::<Option<Bytes>>("null"), None);
}

#[test]
fn a_derived_struct_round_trips() {
    let json =
        r#"{"data":[1,2],"scratch":"hi","digest":null,"parts":["\u0000",[7]],"by_name":{"k":"v"}}"#;
    let blob = both_accept::<Blob>(json);
    assert_eq!(blob.scratch, &b"hi"[..]);
    assert_eq!(
        blob.parts,
        [Bytes::from_static(b"\0"), Bytes::from_static(&[7])]
    );
    assert_eq!(
        fastjson::to_string(&blob),
        r#"{"data":[1,2],"scratch":[104,105],"digest":null,"parts":[[0],[7]],"by_name":{"k":[118]}}"#
    );
    check(&blob);
    let err = fastjson::from_str::<Blob>(
        r#"{"data":[1,300],"scratch":[],"digest":null,"parts":[],"by_name":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.data[1]", "{err}");
}

#[test]
fn the_schema_says_an_array_of_bytes() {
    use fastjson::schema::{Schema, SchemaDocument};
    let schema = r#"{"type":"array","items":{"type":"integer","minimum":0,"maximum":255}}"#;
    assert_eq!(Bytes::schema(), schema);
    assert_eq!(BytesMut::schema(), schema);
    let document = SchemaDocument::new().with::<Blob>().to_json();
    assert!(
        document.contains(r##""data":{"$ref":"#/$defs/Bytes"}"##),
        "{document}"
    );
}
