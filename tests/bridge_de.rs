//! The serde bridge's Deserializer against serde_json: serde types decoded through fastjson's
//! lexer must be accepted exactly when serde_json accepts them, with equal values, and refused
//! with fastjson errors that carry serde_json's messages for data errors, its line and column,
//! and a JSON path. Covers serde's data model, every enum representation, flatten, borrowing,
//! map keys, JSONTestSuite, random `Value` trees, deep nesting, and the functions generated
//! code calls over a lexer in the middle of a document.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Debug};
use std::path::PathBuf;

use fastjson_runtime::bridge;
use fastjson_runtime::bridge::generated::{decode, decode_key, decode_missing_field, decode_with};
use fastjson_runtime::Lexer;
use proptest::prelude::*;
use serde::de::{self, DeserializeOwned, IgnoredAny, Visitor};
use serde::Deserialize;
use serde_json::Value;

/// Both decode `input` to equal values, or both refuse it. A data error that serde_json words
/// as a visitor does (`invalid type: ...`, `missing field ...`) must have its exact message.
fn same<T>(input: &str) -> Result<T, fastjson_runtime::Error>
where
    T: DeserializeOwned + PartialEq + Debug,
{
    let theirs = serde_json::from_slice::<T>(input.as_bytes());
    let ours = bridge::from_slice::<T>(input.as_bytes());
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{input}"),
        (Err(a), Err(b)) => {
            if b.is_data() {
                let theirs = b.to_string();
                let theirs = theirs.split(" at line ").next().unwrap();
                assert_eq!(a.message(), theirs, "{input}");
            }
        }
        _ => panic!("{input}: bridge {ours:?}, serde_json {theirs:?}"),
    }
    // from_str and from_reader decide as from_slice does.
    assert_eq!(
        bridge::from_str::<T>(input).is_ok(),
        ours.is_ok(),
        "{input}"
    );
    assert_eq!(
        bridge::from_reader::<_, T>(input.as_bytes()).is_ok(),
        ours.is_ok(),
        "{input}"
    );
    ours
}

fn accept<T: DeserializeOwned + PartialEq + Debug>(input: &str) -> T {
    same::<T>(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn reject<T: DeserializeOwned + PartialEq + Debug>(input: &str) -> fastjson_runtime::Error {
    match same::<T>(input) {
        Ok(v) => panic!("{input}: accepted as {v:?}"),
        Err(e) => e,
    }
}

/// Every input through `T`: the same decision and value as serde_json.
fn each<T: DeserializeOwned + PartialEq + Debug>(inputs: &[&str]) {
    for input in inputs {
        let _ = same::<T>(input);
    }
}

/// Inputs of every JSON shape, for types to accept or refuse as serde_json does.
const SHAPES: &[&str] = &[
    "null",
    "true",
    "false",
    "0",
    "-0",
    "1",
    "-1",
    "255",
    "256",
    "-129",
    "1.5",
    "-1.5",
    "1e3",
    "1E-2",
    "2.5e+3",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "-9223372036854775809",
    "\"\"",
    "\"a\"",
    "\"ab\"",
    "\"\\u00e9\"",
    "\"\\n\"",
    "\"true\"",
    "[]",
    "[1]",
    "[1,2]",
    "[1,2,3]",
    "[\"a\",1]",
    "{}",
    "{\"a\":1}",
    "{\"0\":1}",
    " 1 ",
    "1 x",
    "[1,]",
    "{\"a\":1,}",
    "nul",
    "tru",
    "01",
    "-",
    "1.",
    "\"a",
    "[",
    "{",
    "",
    "  ",
];

#[test]
fn scalars_decide_and_read_as_serde_json() {
    each::<bool>(SHAPES);
    each::<i8>(SHAPES);
    each::<i16>(SHAPES);
    each::<i32>(SHAPES);
    each::<i64>(SHAPES);
    each::<u8>(SHAPES);
    each::<u16>(SHAPES);
    each::<u32>(SHAPES);
    each::<u64>(SHAPES);
    each::<f32>(SHAPES);
    each::<f64>(SHAPES);
    each::<i128>(SHAPES);
    each::<u128>(SHAPES);
    each::<char>(SHAPES);
    each::<String>(SHAPES);
    each::<()>(SHAPES);
    each::<Option<u8>>(SHAPES);
    each::<Option<String>>(SHAPES);
    each::<Vec<u8>>(SHAPES);
    each::<(u8, u8)>(SHAPES);
    each::<BTreeMap<String, u8>>(SHAPES);
    each::<Value>(SHAPES);
}

#[test]
fn wide_integers_at_their_extremes() {
    assert_eq!(accept::<i128>(&i128::MIN.to_string()), i128::MIN);
    assert_eq!(accept::<i128>(&i128::MAX.to_string()), i128::MAX);
    assert_eq!(accept::<u128>(&u128::MAX.to_string()), u128::MAX);
    assert_eq!(accept::<u128>("0"), 0);
    assert_eq!(accept::<i128>("-0"), 0);
    reject::<u128>("-0");
    reject::<u128>("-1");
    reject::<u128>("340282366920938463463374607431768211456");
    reject::<i128>("170141183460469231731687303715884105728");
    reject::<i128>("-170141183460469231731687303715884105729");
    reject::<i128>("1.0");
    reject::<i128>("1e2");
    assert_eq!(accept::<i64>("-9223372036854775808"), i64::MIN);
    assert_eq!(accept::<u64>("18446744073709551615"), u64::MAX);
}

#[test]
fn floats_are_exact() {
    for text in [
        "0.1",
        "1e23",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        "1.7976931348623157e308",
        "9007199254740993",
        "123456789012345678901234567890",
        "-1e-400",
        "3.4028235e38",
        "3.4028236e38",
        "1.00000017881393432617187499",
        "7.038531e-26",
        "1e400",
        "-0",
        "-0.0",
    ] {
        let ours = same::<f64>(text).map(f64::to_bits);
        let theirs = serde_json::from_str::<f64>(text).map(f64::to_bits).ok();
        assert_eq!(ours.ok(), theirs, "{text}");
        let ours = same::<f32>(text).map(f32::to_bits);
        let theirs = serde_json::from_str::<f32>(text).map(f32::to_bits).ok();
        assert_eq!(ours.ok(), theirs, "{text}");
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(Deserialize, Debug, PartialEq)]
struct Newtype(u32);

#[derive(Deserialize, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(Deserialize, Debug, PartialEq)]
struct Plain {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: Option<f64>,
}

#[derive(Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(i32),
    Tuple(u8, bool),
    Struct { a: u8, b: Option<String> },
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Newtype(Plain),
    Struct { a: u8 },
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { a: u8 },
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Int(u8),
    Text(String),
    Pair(u8, u8),
    Named { a: u8 },
    Nothing,
}

#[test]
fn structs_and_the_data_model() {
    each::<Unit>(SHAPES);
    each::<Newtype>(SHAPES);
    each::<Pair>(&[
        "[1,\"x\"]",
        "[1]",
        "[1,\"x\",2]",
        "[\"x\",1]",
        "{}",
        "[1, \"a\\tb\"]",
    ]);
    let plain = [
        r#"{"id":1,"name":"n","tags":["a"],"score":1.5}"#,
        r#"{"id":1,"name":"n","tags":[],"score":null}"#,
        r#"{"id":1,"name":"n","tags":[]}"#,
        r#"{"name":"n","tags":[],"id":1}"#,
        r#"{"id":1,"name":"n"}"#,
        r#"{"id":1,"name":"n","tags":[],"extra":{"x":[1,{}]}}"#,
        r#"{"id":1,"id":2,"name":"n","tags":[]}"#,
        r#"{"id":"1","name":"n","tags":[]}"#,
        r#"[1,"n",["a"],2.5]"#,
        r#"[1,"n",["a"]]"#,
        r#"[1,"n"]"#,
        r#"[1,"n",[],null,5]"#,
        r#"{"id":1,"name":"n","tags":[1]}"#,
        r#"{"id":1 "name":"n"}"#,
        r#"{"id":1,"name":"n","tags":[],}"#,
        r#"{"id":-1,"name":"n","tags":[]}"#,
        " {\n  \"id\": 7,\n  \"name\": \"\\u00e9\",\n  \"tags\": [\"x\", \"y\"]\n}\n",
    ];
    each::<Plain>(&plain);
    let external = [
        r#""Unit""#,
        r#"{"Unit":null}"#,
        r#"{"Unit":1}"#,
        r#""Newtype""#,
        r#"{"Newtype":-5}"#,
        r#"{"Tuple":[1,true]}"#,
        r#"{"Tuple":[1]}"#,
        r#"{"Struct":{"a":1}}"#,
        r#"{"Struct":[1,"x"]}"#,
        r#"{"Struct":{"a":1,"b":"x"}}"#,
        r#"{"Other":1}"#,
        r#""Other""#,
        r#"{}"#,
        r#"{"Unit":null,"Newtype":1}"#,
        r#"{"Newtype":1,}"#,
        r#"1"#,
        r#"["Unit"]"#,
        r#"{"Newtype":"1"}"#,
    ];
    each::<External>(&external);
    each::<Vec<External>>(&[r#"["Unit",{"Newtype":1},{"Tuple":[2,false]}]"#]);
    each::<Internal>(&[
        r#"{"type":"Unit"}"#,
        r#"{"type":"Newtype","id":1,"name":"n","tags":[]}"#,
        r#"{"id":1,"name":"n","tags":[],"type":"Newtype"}"#,
        r#"{"type":"Struct","a":1}"#,
        r#"{"a":1}"#,
        r#"{"type":"Nope"}"#,
        r#"["Struct",1]"#,
    ]);
    each::<Adjacent>(&[
        r#"{"t":"Unit"}"#,
        r#"{"t":"Newtype","c":"x"}"#,
        r#"{"c":"x","t":"Newtype"}"#,
        r#"{"t":"Tuple","c":[1,2]}"#,
        r#"{"t":"Struct","c":{"a":1}}"#,
        r#"{"t":"Struct","c":{"a":1},"other":[]}"#,
        r#"{"t":"Newtype"}"#,
        r#"{"t":"Nope","c":1}"#,
        r#"["Newtype","x"]"#,
    ]);
    each::<Untagged>(&[
        "1",
        "300",
        "\"x\"",
        "[1,2]",
        "[1]",
        r#"{"a":1}"#,
        "null",
        "true",
        r#"{"b":1}"#,
    ]);
}

#[derive(Deserialize, Debug, PartialEq)]
struct Inner {
    x: u8,
    #[serde(default)]
    y: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Flattened {
    id: u8,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    rest: BTreeMap<String, Value>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[serde(default)]
    b: Vec<u8>,
    #[serde(default = "seven")]
    c: u8,
}

fn seven() -> u8 {
    7
}

#[test]
fn flatten_default_and_unknown_fields() {
    each::<Flattened>(&[
        r#"{"id":1,"x":2}"#,
        r#"{"id":1,"x":2,"y":"z","q":[1,{"r":null}]}"#,
        r#"{"x":2,"id":1,"y":"z"}"#,
        r#"{"id":1}"#,
        r#"{"id":1,"x":"2"}"#,
    ]);
    each::<Strict>(&[
        r#"{"a":1}"#,
        r#"{"a":1,"b":[1,2],"c":3}"#,
        r#"{"a":1,"d":1}"#,
        r#"{"d":1,"a":1}"#,
        r#"{}"#,
        r#"[1]"#,
        r#"[1,[2]]"#,
        r#"[]"#,
    ]);
}

#[test]
fn unknown_fields_are_skipped_as_serde_json_skips_them() {
    // An ignored string's text is not checked (UTF-8, surrogates); its grammar is.
    for input in [
        &br#"{"x":1,"zz":"\uDFAA"}"#[..],
        b"{\"x\":1,\"zz\":\"\xff\xfe\"}",
        b"{\"x\":1,\"\xff\":[\"\\uD800\", {\"k\": null}]}",
        b"{\"x\":1,\"zz\":\"\x01\"}",
        br#"{"x":1,"zz":"\q"}"#,
        br#"{"x":1,"zz":"\u12"}"#,
        br#"{"x":1,"zz":[1,]}"#,
        br#"{"x":1,"zz":{"a":1,}}"#,
        br#"{"x":1,"zz":{"a" 1}}"#,
        br#"{"x":1,"zz":{1:1}}"#,
        br#"{"x":1,"zz":[1 2]}"#,
        br#"{"x":1,"zz":01}"#,
        br#"{"x":1,"zz":-}"#,
        br#"{"x":1,"zz":[tru]}"#,
        br#"{"x":1,"zz":[[[]],{},{"a":[{}]}]}"#,
    ] {
        let ours = bridge::from_slice::<Inner>(input);
        let theirs = serde_json::from_slice::<Inner>(input);
        assert_eq!(
            ours.as_ref().ok(),
            theirs.as_ref().ok(),
            "{}: {ours:?} {theirs:?}",
            String::from_utf8_lossy(input)
        );
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowing<'a> {
    #[serde(borrow)]
    text: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(borrow)]
    bytes: &'a [u8],
}

/// Where `inner` lies inside `outer`, if it does.
fn inside(outer: &[u8], inner: &[u8]) -> bool {
    let range = outer.as_ptr_range();
    range.contains(&inner.as_ptr()) && inner.as_ptr_range().end <= range.end
}

#[test]
fn strings_and_bytes_borrow_from_the_input() {
    let input = br#"{"text": "plain", "cow": "also", "bytes": "raw"}"#;
    let value: Borrowing = bridge::from_slice(input).unwrap();
    assert_eq!(
        (value.text, &*value.cow, value.bytes),
        ("plain", "also", &b"raw"[..])
    );
    assert!(inside(input, value.text.as_bytes()));
    assert!(matches!(value.cow, Cow::Borrowed(s) if inside(input, s.as_bytes())));
    assert!(inside(input, value.bytes));
    // An escape cannot be borrowed: `&str` refuses it, as serde_json does; `Cow` owns it.
    let escaped = br#"{"text": "a\nb", "cow": "x", "bytes": ""}"#;
    assert!(bridge::from_slice::<Borrowing>(escaped).is_err());
    assert!(serde_json::from_slice::<Borrowing>(escaped).is_err());
    let escaped = br#"{"text": "a", "cow": "x\ty", "bytes": ""}"#;
    let value: Borrowing = bridge::from_slice(escaped).unwrap();
    assert!(matches!(value.cow, Cow::Owned(ref s) if s == "x\ty"));
}

/// Bytes as `deserialize_bytes` hands them over (what `serde_bytes::ByteBuf` does).
#[derive(Debug, PartialEq)]
struct ByteBuf(Vec<u8>);

impl<'de> Deserialize<'de> for ByteBuf {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Bytes;
        impl<'de> Visitor<'de> for Bytes {
            type Value = ByteBuf;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<ByteBuf, E> {
                Ok(ByteBuf(v.to_vec()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<ByteBuf, A::Error> {
                let mut bytes = Vec::new();
                while let Some(b) = seq.next_element()? {
                    bytes.push(b);
                }
                Ok(ByteBuf(bytes))
            }
        }
        d.deserialize_byte_buf(Bytes)
    }
}

#[test]
fn bytes_read_raw_as_serde_json_reads_them() {
    for input in [
        &b"\"abc\""[..],
        b"\"\"",
        b"\"a\\nb\\u00e9\\/\"",
        b"\"lone \\uD801 surrogate\"",
        b"\"trailing \\uDC00\"",
        b"\"pair \\uD83D\\uDE00\"",
        b"\"lead then escape \\uD83D\\n\"",
        b"\"two leads \\uD83D\\uD83D\\uDE00\"",
        b"\"bytes \xe5\x00\xe5 not utf-8\"",
        b"\"control \x01 char\"",
        b"[1,2,255]",
        b"[256]",
        b"\"bad \\x escape\"",
        b"\"bad \\u12G4\"",
        b"\"unterminated",
        b"\"a\\",
        b"1",
        b"{}",
        b"null",
    ] {
        let ours = bridge::from_slice::<ByteBuf>(input).map_err(|e| e.to_string());
        let theirs = serde_json::from_slice::<ByteBuf>(input).map_err(|e| e.to_string());
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "{}: {ours:?} {theirs:?}",
            String::from_utf8_lossy(input)
        );
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            assert_eq!(a, b, "{}", String::from_utf8_lossy(input));
        }
    }
}

#[derive(Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct KeyId(u32);

#[derive(Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum KeyKind {
    Small,
    Large,
}

#[test]
fn map_keys_read_as_serde_json_reads_them() {
    let keys = [
        r#"{"1":0}"#,
        r#"{"-1":0}"#,
        r#"{"0":0,"255":1}"#,
        r#"{"256":0}"#,
        r#"{"01":0}"#,
        r#"{" 1":0}"#,
        r#"{"1 ":0}"#,
        r#"{"+1":0}"#,
        r#"{"1.5":0}"#,
        r#"{"1e2":0}"#,
        r#"{"-0":0}"#,
        r#"{"\u0031":0}"#,
        r#"{"":0}"#,
        r#"{"-":0}"#,
        r#"{"true":0,"false":1}"#,
        r#"{"True":0}"#,
        r#"{"tru":0}"#,
        r#"{"t\u0072ue":0}"#,
        r#"{"Small":0,"Large":1}"#,
        r#"{"Medium":0}"#,
        r#"{"NaN":0}"#,
        r#"{"1e400":0}"#,
        r#"{"18446744073709551616":0}"#,
        r#"{"340282366920938463463374607431768211455":0}"#,
        r#"{"-170141183460469231731687303715884105728":0}"#,
        r#"{"a":0,"a":1}"#,
        r#"{"3.4028236e38":0}"#,
    ];
    each::<BTreeMap<u8, u8>>(&keys);
    each::<BTreeMap<i8, u8>>(&keys);
    each::<BTreeMap<u64, u8>>(&keys);
    each::<BTreeMap<i64, u8>>(&keys);
    each::<BTreeMap<u128, u8>>(&keys);
    each::<BTreeMap<i128, u8>>(&keys);
    each::<BTreeMap<bool, u8>>(&keys);
    each::<BTreeMap<KeyId, u8>>(&keys);
    each::<BTreeMap<KeyKind, u8>>(&keys);
    each::<BTreeMap<Option<u32>, u8>>(&keys);
    each::<BTreeMap<String, u8>>(&keys);
    each::<BTreeMap<char, u8>>(&keys);
    each::<HashMap<String, Value>>(&keys);
    for input in keys {
        // Float keys (not `Ord`): equal as bits.
        let bits = |m: Vec<(f64, u8)>| {
            m.into_iter()
                .map(|(k, v)| (k.to_bits(), v))
                .collect::<Vec<_>>()
        };
        let ours = bridge::from_str::<FloatKeys>(input).map(|m| bits(m.0));
        let theirs = serde_json::from_str::<FloatKeys>(input).map(|m| bits(m.0));
        assert_eq!(ours.ok(), theirs.ok(), "{input}");
        let ours = bridge::from_str::<FloatKeys32>(input).map(|m| m.0);
        let theirs = serde_json::from_str::<FloatKeys32>(input).map(|m| m.0);
        assert_eq!(ours.ok(), theirs.ok(), "{input}");
    }
    let map: BTreeMap<&str, u8> = bridge::from_slice(br#"{"k":1}"#).unwrap();
    assert_eq!(map["k"], 1);
}

/// A map with `f64` keys, in document order.
#[derive(Debug)]
struct FloatKeys(Vec<(f64, u8)>);

/// A map with `f32` keys, in document order.
#[derive(Debug)]
struct FloatKeys32(Vec<(f32, u8)>);

macro_rules! float_keys {
    ($ty:ident, $float:ty) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Entries;
                impl<'de> Visitor<'de> for Entries {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str("a map")
                    }
                    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<$ty, A::Error> {
                        let mut entries = Vec::new();
                        while let Some(entry) = map.next_entry::<$float, u8>()? {
                            entries.push(entry);
                        }
                        Ok($ty(entries))
                    }
                }
                d.deserialize_map(Entries)
            }
        }
    };
}

float_keys!(FloatKeys, f64);
float_keys!(FloatKeys32, f32);

/// `../shared/JSONTestSuite/test_parsing`, or where `FASTJSON_SHARED` says: required.
fn test_parsing_dir() -> PathBuf {
    let shared = std::env::var_os("FASTJSON_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let dir = shared.join("JSONTestSuite/test_parsing");
    assert!(
        dir.is_dir(),
        "{} is missing: set FASTJSON_SHARED to the directory holding JSONTestSuite",
        dir.display()
    );
    dir
}

#[test]
fn every_json_test_suite_file_decides_as_serde_json() {
    let mut files: Vec<_> = std::fs::read_dir(test_parsing_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(files.len() > 300, "only {} files", files.len());
    let mut accepted = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let ours = bridge::from_slice::<Value>(&bytes);
        let theirs = serde_json::from_slice::<Value>(&bytes);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{name}");
                accepted += 1;
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => panic!("{name}: bridge {ours:?}, serde_json {theirs:?}"),
        }
        // Skipping (IgnoredAny) decides as serde_json's skipping does.
        let ours = bridge::from_slice::<IgnoredAny>(&bytes).is_ok();
        let theirs = serde_json::from_slice::<IgnoredAny>(&bytes).is_ok();
        assert_eq!(ours, theirs, "{name} (ignored)");
        if name.starts_with("y_") {
            assert!(ours, "{name}");
        } else if name.starts_with("n_") {
            assert!(!ours, "{name}");
        }
    }
    assert!(accepted > 90, "only {accepted} accepted");
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,8}".prop_map(Value::String),
        "[\\\\\"\\u{0}-\\u{1f}\\u{e9}\\u{1F600}a]{0,4}".prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(".{0,6}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_values_decode_to_themselves(value in arb_value()) {
        let compact = serde_json::to_vec(&value).unwrap();
        let back: Value = bridge::from_slice(&compact).unwrap();
        prop_assert_eq!(&back, &value);
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        let back: Value = bridge::from_slice(&pretty).unwrap();
        prop_assert_eq!(&back, &value);
    }
}

/// The error's line and column are serde_json's.
fn same_position<T: DeserializeOwned + PartialEq + Debug>(input: &str) -> fastjson_runtime::Error {
    let ours = reject::<T>(input);
    let theirs = serde_json::from_str::<T>(input).unwrap_err();
    assert_eq!(
        (ours.line(), ours.column()),
        (theirs.line(), theirs.column()),
        "{input}: bridge {ours}, serde_json {theirs}"
    );
    ours
}

#[derive(Deserialize, Debug, PartialEq)]
struct Outer {
    list: Vec<Inner>,
    named: BTreeMap<String, Inner>,
}

#[test]
fn errors_point_where_serde_json_points_and_name_the_value() {
    // Syntax errors.
    same_position::<Vec<u8>>("[1, 2 3]");
    same_position::<Value>("{\"a\" 1}");
    same_position::<Value>("[1, tru]");
    same_position::<Value>("[1, 2]x");
    // Data errors raised by visitors, placed after what serde_json had read.
    let err = same_position::<Plain>(r#"{"id": "7", "name": "n", "tags": []}"#);
    assert_eq!(err.path(), "$.id");
    let err = same_position::<Plain>(r#"{"id": 7, "tags": []}"#);
    assert_eq!(err.message(), "missing field `name`");
    let err = same_position::<Plain>("{\n  \"id\": 7,\n  \"tags\": []\n}");
    assert_eq!((err.line(), err.column()), (4, 1));
    same_position::<Plain>(r#"{"id": 7, "id": 8, "name": "n", "tags": []}"#);
    same_position::<Strict>(r#"{"a": 1, "zz": 2}"#);
    same_position::<(u8, u8)>("[1]");
    same_position::<(u8, u8)>("[1,\n 2,\n 3]");
    same_position::<External>(r#"{"Other": 1}"#);
    same_position::<BTreeMap<u8, u8>>(r#"{"300": 1}"#);
    let err = same_position::<Outer>(r#"{"list": [{"x": 1}, {"x": "1"}], "named": {}}"#);
    assert_eq!(err.path(), "$.list[1].x");
    let err = same_position::<Outer>(r#"{"list": [], "named": {"a b": {"x": -1}}}"#);
    assert_eq!(err.path(), "$.named[\"a b\"].x");
    let err = same_position::<Vec<External>>(r#"["Unit", {"Struct": {"a": 1, "b": 2}}]"#);
    assert_eq!(err.path(), "$[1].Struct.b");
}

#[test]
fn deep_nesting_is_refused_without_overflow() {
    let deep = "[".repeat(100_000);
    for input in [deep.clone(), "{\"a\":".repeat(100_000), format!("{deep}1")] {
        let err = bridge::from_slice::<Value>(input.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("limit of 128"), "{err}");
        assert!(bridge::from_slice::<IgnoredAny>(input.as_bytes()).is_err());
        assert!(bridge::from_slice::<External>(input.as_bytes()).is_err());
    }
    // serde_json skips an ignored value without a depth limit (and without recursing): so
    // does the bridge.
    let balanced = "[".repeat(100_000) + &"]".repeat(100_000);
    assert!(serde_json::from_str::<IgnoredAny>(&balanced).is_ok());
    assert!(bridge::from_str::<IgnoredAny>(&balanced).is_ok());
    let unknown = format!("{{\"x\":1,\"deep\":{balanced}}}");
    assert_eq!(accept::<Inner>(&unknown).x, 1);
    let deep_enum = "{\"Newtype\":".repeat(100_000);
    assert!(bridge::from_slice::<External>(deep_enum.as_bytes()).is_err());
    // 127 levels are fine, as in serde_json; 128 are not.
    let ok = "[".repeat(127) + &"]".repeat(127);
    accept::<Value>(&ok);
    let too_deep = "[".repeat(128) + &"]".repeat(128);
    reject::<Value>(&too_deep);
}

/// A serde-signature `deserialize_with` function: an empty string is `None`.
fn empty_as_none<'de, D: de::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s = String::deserialize(d)?;
    Ok(if s.is_empty() { None } else { Some(s) })
}

/// Refuses odd numbers with a custom error (which has no position of its own).
fn even<'de, D: de::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n % 2 == 0 {
        Ok(n)
    } else {
        Err(de::Error::custom(format!("{n} is odd")))
    }
}

#[test]
fn generated_code_entry_points_work_mid_document() {
    let input = br#"{"plain": {"id": 1, "name": "n", "tags": []}, "empty": "", "odd": 3, "7": 1}"#;
    let mut lex = Lexer::new(input);
    lex.begin_object().unwrap();
    let mut first = true;

    assert_eq!(lex.next_key(&mut first).unwrap(), Some(&b"plain"[..]));
    let plain: Plain = decode(&mut lex).unwrap();
    assert_eq!(plain.name, "n");

    assert_eq!(lex.next_key(&mut first).unwrap(), Some(&b"empty"[..]));
    let empty = decode_with(&mut lex, |d| empty_as_none(d)).unwrap();
    assert_eq!(empty, None);

    assert_eq!(lex.next_key(&mut first).unwrap(), Some(&b"odd"[..]));
    let err = decode_with(&mut lex, |d| even(d)).unwrap_err();
    assert_eq!(err.message(), "3 is odd");
    // Placed after the number serde_json had read: column 67 is the `3`.
    assert_eq!((err.line(), err.column()), (1, 67));

    let key = lex.next_key_cow(&mut first).unwrap().unwrap();
    let at = input.windows(3).position(|w| w == b"\"7\"").unwrap();
    let id: KeyId = decode_key(&key, &lex, at).unwrap();
    assert_eq!(id, KeyId(7));
    let kind = decode_key::<KeyKind>(&key, &lex, at).unwrap_err();
    assert_eq!(
        kind.message(),
        "unknown variant `7`, expected `Small` or `Large`"
    );
    assert_eq!(kind.column(), at + 3);
    let flag = decode_key::<bool>(&key, &lex, at).unwrap_err();
    // serde_json names the key without the first byte it read looking for `true`.
    assert!(
        flag.message().starts_with("invalid type: string \"\""),
        "{flag}"
    );
    let _: u8 = decode(&mut lex).unwrap();
    assert_eq!(lex.next_key(&mut first).unwrap(), None);

    // A missing field: `None` for an option, else serde's error at the closing bracket.
    let missing: Option<u8> = decode_missing_field(&lex, "gone").unwrap();
    assert_eq!(missing, None);
    let err = decode_missing_field::<u8>(&lex, "gone").unwrap_err();
    assert_eq!(err.message(), "missing field `gone`");
    assert_eq!(err.offset(), input.len() - 1);
    let err = decode_missing_field::<Unit>(&lex, "gone").unwrap_err();
    assert_eq!(err.offset(), input.len() - 1);
    lex.end().unwrap();
}
