#![cfg(all(feature = "serde", feature = "serde_json"))]
//! The serde bridge's `Serializer`: every case of serde's data model, every enum
//! representation, map keys, escapes and float edges write serde_json's bytes, compact and
//! pretty, as a whole value (`to_vec`, ...) and mid-document through a `Writer` (`encode`,
//! `encode_key`, `encode_with`); failures are errors from the whole-value functions and
//! panics naming the error from the `Encode`-side helpers.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use fastjson::{Compact, Encode, Format, HtmlSafe, Pretty, Writer};
use fastjson_runtime::bridge;
use proptest::prelude::*;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, SerializeTupleVariant};
use serde::{Serialize, Serializer};

/// The bridge writes serde_json's bytes for `value`, compact and pretty, through every
/// whole-value function.
fn same<T: ?Sized + Serialize>(value: &T) {
    let theirs = serde_json::to_vec(value).unwrap();
    let ours = bridge::to_vec(value).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs)
    );
    let theirs_pretty = serde_json::to_vec_pretty(value).unwrap();
    let ours_pretty = bridge::to_vec_pretty(value).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&ours_pretty),
        String::from_utf8_lossy(&theirs_pretty)
    );
    assert_eq!(
        bridge::to_string(value).unwrap(),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        bridge::to_string_pretty(value).unwrap(),
        serde_json::to_string_pretty(value).unwrap()
    );
    let mut sink = Vec::new();
    bridge::to_writer(&mut sink, value).unwrap();
    assert_eq!(sink, theirs);
    let mut sink = Vec::new();
    bridge::to_writer_pretty(&mut sink, value).unwrap();
    assert_eq!(sink, theirs_pretty);
}

/// Both refuse `value`, with serde_json's message.
fn same_error<T: ?Sized + Serialize>(value: &T) -> String {
    let theirs = serde_json::to_vec(value).unwrap_err().to_string();
    let ours = bridge::to_vec(value).unwrap_err();
    assert_eq!(ours.message(), theirs);
    assert_eq!(bridge::to_vec_pretty(value).unwrap_err().message(), theirs);
    assert!(bridge::to_writer(Vec::new(), value).is_err());
    ours.message()
}

// --- serde's data model -----------------------------------------------------------------------

#[derive(Serialize)]
struct Scalars {
    b: bool,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    f32: f32,
    f64: f64,
    c: char,
    s: String,
    unit: (),
    none: Option<u8>,
    some: Option<u8>,
}

#[derive(Serialize)]
struct UnitStruct;

#[derive(Serialize)]
struct Newtype(Vec<u8>);

#[derive(Serialize)]
struct TupleStruct(u8, &'static str, Option<()>);

#[derive(Serialize)]
struct EmptyStruct {}

#[derive(Serialize)]
struct EmptyTupleStruct();

#[derive(Serialize)]
enum External {
    Unit,
    Newtype(i32),
    NewtypeUnit(()),
    Tuple(u8, String),
    EmptyTuple(),
    Struct { a: u8, b: Vec<External> },
    EmptyStruct {},
}

/// Bytes as serde sees them (`serialize_bytes`), without the serde_bytes crate.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

#[test]
fn scalars_and_their_extremes() {
    same(&Scalars {
        b: true,
        i8: i8::MIN,
        i16: i16::MIN,
        i32: i32::MIN,
        i64: i64::MIN,
        i128: i128::MIN,
        u8: u8::MAX,
        u16: u16::MAX,
        u32: u32::MAX,
        u64: u64::MAX,
        u128: u128::MAX,
        f32: 0.1,
        f64: 0.1,
        c: '\u{2028}',
        s: "s".into(),
        unit: (),
        none: None,
        some: Some(0),
    });
    for v in [i128::MIN, i128::MAX, 0, -1, i64::MIN as i128 - 1] {
        same(&v);
    }
    for v in [u128::MAX, 0, u64::MAX as u128 + 1] {
        same(&v);
    }
    same(&false);
    same(&());
    same(&None::<u8>);
    same(&Some(Some(3)));
    for c in ['a', '"', '\\', '\n', '\u{0}', '\u{7f}', 'é', '\u{1F600}'] {
        same(&c);
    }
}

#[test]
fn floats_at_their_edges() {
    let doubles = [
        0.0,
        -0.0,
        1.0,
        -65.0,
        100.0,
        0.1,
        1e20,
        1e21,
        1e25,
        -5.449e25,
        1e-7,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        5e-324,
        2.225_073_858_507_201e-308, // largest subnormal
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    for v in doubles {
        same(&v);
    }
    same(&doubles);
    let singles = [
        0.0f32,
        -0.0,
        0.1,
        1.0 / 3.0,
        16_777_216.0,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        f32::EPSILON,
        1e-45,           // smallest subnormal
        1.175_494_1e-38, // largest subnormal
        1e10,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    for v in singles {
        same(&v);
    }
    same(&singles);
    // Its own shortest form, not the f64 widening's digits.
    assert_eq!(bridge::to_vec(&0.1f32).unwrap(), b"0.1");
}

#[test]
fn strings_with_every_escape_class() {
    let mut all_controls = String::new();
    for byte in 0u8..0x20 {
        all_controls.push(byte as char);
    }
    for s in [
        String::new(),
        "plain".to_string(),
        all_controls,
        "quote \" backslash \\ slash / del \u{7f}".to_string(),
        "\u{8}\u{c}\n\r\t".to_string(),
        "é ü ß 日本語 \u{1F600} \u{2028}\u{2029} <script>&amp;</script>".to_string(),
        "a\"".repeat(300),
    ] {
        same(&s);
        same(&[&s, &s]);
    }
}

#[test]
fn every_shape_of_the_data_model() {
    same(&UnitStruct);
    same(&Newtype(vec![1, 2]));
    same(&TupleStruct(1, "two", Some(())));
    same(&EmptyStruct {});
    same(&EmptyTupleStruct());
    same(&(1, "a", 2.5, ((), [0u8; 0])));
    same(&[(); 3]);
    same(&Vec::<u8>::new());
    same(&BTreeMap::<String, u8>::new());
    same(&vec![vec![vec![1u8]], vec![], vec![vec![]]]);
    same(&Bytes(&[]));
    same(&Bytes(&[0, 1, 127, 128, 255]));
    same(&[Bytes(b"ab"), Bytes(b"")]);
    same(&External::Unit);
    same(&External::Newtype(-1));
    same(&External::NewtypeUnit(()));
    same(&External::Tuple(1, "x".into()));
    same(&External::EmptyTuple());
    same(&External::EmptyStruct {});
    same(&External::Struct {
        a: 1,
        b: vec![
            External::Unit,
            External::Struct { a: 2, b: vec![] },
            External::Tuple(3, "y".into()),
            External::EmptyStruct {},
        ],
    });
}

/// A sequence and a map whose length serde does not know (`len` is `None`), empty and not.
struct Unsized {
    items: Vec<u8>,
}

impl Serialize for Unsized {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_key("seq")?;
        map.serialize_value(&UnsizedSeq(&self.items))?;
        map.serialize_entry(
            "map",
            &UnsizedMap(self.items.iter().map(|i| (i.to_string(), *i)).collect()),
        )?;
        map.end()
    }
}

struct UnsizedSeq<'a>(&'a [u8]);

impl Serialize for UnsizedSeq<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().filter(|_| true))
    }
}

struct UnsizedMap(Vec<(String, u8)>);

impl Serialize for UnsizedMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().filter(|_| true).map(|(k, v)| (k, v)))
    }
}

#[test]
fn unknown_lengths_empty_and_not() {
    same(&Unsized { items: vec![] });
    same(&Unsized { items: vec![1, 2] });
    same(&UnsizedSeq(&[]));
    same(&UnsizedMap(vec![]));
    // Pretty output of empty containers of unknown length is `[]`/`{}`, as serde_json's.
    assert_eq!(bridge::to_vec_pretty(&UnsizedSeq(&[])).unwrap(), b"[]");
    assert_eq!(bridge::to_vec_pretty(&UnsizedMap(vec![])).unwrap(), b"{}");
}

/// A `Serialize` impl whose declared length is wrong: serde_json closes a container declared
/// empty at once and writes what follows after it, invalid JSON; the bridge writes the same
/// bytes (it mirrors serde_json rather than second-guessing the impl).
struct LyingLength;

impl Serialize for LyingLength {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(0))?;
        seq.serialize_element(&1)?;
        seq.end()
    }
}

#[test]
fn declared_lengths_are_taken_as_serde_json_takes_them() {
    let ours = bridge::to_vec(&LyingLength).unwrap();
    assert_eq!(ours, serde_json::to_vec(&LyingLength).unwrap());
    assert_eq!(ours, b"[],1]");
    // Not pretty: there both close one level more than they opened (serde_json's indent
    // counter underflows likewise).
}

// --- enum representations, flatten, skipping ---------------------------------------------------

#[derive(Serialize)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Newtype(Inner),
    NewtypeMap(BTreeMap<String, u8>),
    Struct { a: u8, b: Option<String> },
    Empty {},
}

#[derive(Serialize)]
struct Inner {
    x: i32,
    y: Vec<f64>,
}

#[derive(Serialize)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { a: u8 },
    EmptyTuple(),
}

#[derive(Serialize)]
#[serde(untagged)]
enum Untagged {
    Unit,
    Newtype(String),
    Tuple(u8, bool),
    Struct { a: u8 },
    Inner(Inner),
    External(External),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WithFlatten {
    user_id: u64,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    extra: BTreeMap<String, serde_json::Value>,
    #[serde(flatten)]
    mode: Adjacent,
    #[serde(flatten)]
    internal: Option<Internal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    #[serde(skip)]
    _hidden: u8,
    #[serde(rename = "r#ename \"quoted\"")]
    renamed: (),
}

#[derive(Serialize)]
struct Skipping {
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    c: Option<u8>,
}

#[test]
fn every_enum_representation() {
    same(&Internal::Unit);
    same(&Internal::Newtype(Inner {
        x: 1,
        y: vec![0.5, f64::NAN],
    }));
    same(&Internal::NewtypeMap(BTreeMap::from([("k".into(), 1)])));
    same(&Internal::NewtypeMap(BTreeMap::new()));
    same(&Internal::Struct { a: 1, b: None });
    same(&Internal::Empty {});
    for adjacent in [
        Adjacent::Unit,
        Adjacent::Newtype(1),
        Adjacent::Tuple(1, 2),
        Adjacent::Struct { a: 3 },
        Adjacent::EmptyTuple(),
    ] {
        same(&adjacent);
    }
    same(&vec![
        Untagged::Unit,
        Untagged::Newtype("n".into()),
        Untagged::Tuple(1, true),
        Untagged::Struct { a: 1 },
        Untagged::Inner(Inner { x: -1, y: vec![] }),
        Untagged::External(External::Tuple(1, "x".into())),
    ]);
}

#[test]
fn flatten_and_skipping() {
    let flat =
        |mode, internal, note: Option<&str>, tags: &[&str], extra: &[(&str, u8)]| WithFlatten {
            user_id: 7,
            inner: Inner { x: 2, y: vec![1.5] },
            extra: extra
                .iter()
                .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
                .collect(),
            mode,
            internal,
            note: note.map(str::to_string),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            _hidden: 9,
            renamed: (),
        };
    same(&flat(Adjacent::Unit, None, None, &[], &[]));
    same(&flat(
        Adjacent::Tuple(1, 2),
        Some(Internal::Struct {
            a: 1,
            b: Some("b".into()),
        }),
        Some("n"),
        &["a", "b"],
        &[("z", 1), ("<&>", 2)],
    ));
    same(&flat(
        Adjacent::Struct { a: 1 },
        Some(Internal::Unit),
        None,
        &["t"],
        &[],
    ));
    for (a, b, c) in [
        (None, None, None),
        (Some(1), None, None),
        (None, Some(2), None),
        (None, None, Some(3)),
        (Some(1), None, Some(3)),
    ] {
        same(&Skipping { a, b, c });
    }
}

// --- map keys ----------------------------------------------------------------------------------

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Color {
    Red,
    #[serde(rename = "dark \"green\"")]
    Green,
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Id(u32);

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct Name(String);

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
enum WithData {
    Tuple(u8),
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct UnitKey;

/// A map given as its entries, so that keys need no `Ord` (floats) and any order is kept.
struct Pairs<K, V>(Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Pairs<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// A key made with `collect_str` (serde's `Display` route).
struct DisplayKey(&'static str);

impl Serialize for DisplayKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("<{}>", self.0))
    }
}

#[test]
fn map_keys_serde_json_accepts() {
    same(&BTreeMap::from([("a", 1), ("\"\\\n\u{1}é", 2)]));
    same(&BTreeMap::from([(i8::MIN, 1), (0, 2), (i8::MAX, 3)]));
    same(&BTreeMap::from([(i64::MIN, 1), (i64::MAX, 2)]));
    same(&BTreeMap::from([(u64::MAX, 1)]));
    same(&BTreeMap::from([(i128::MIN, 1), (i128::MAX, 2)]));
    same(&BTreeMap::from([(u128::MAX, 1), (0, 2)]));
    same(&BTreeMap::from([(u8::MAX, 1), (0, 2)]));
    same(&BTreeMap::from([(i16::MIN, 1), (i16::MAX, 2)]));
    same(&BTreeMap::from([(u16::MAX, 1), (0, 2)]));
    same(&BTreeMap::from([(i32::MIN, 1), (u32::MAX as i32, 2)]));
    same(&BTreeMap::from([(u32::MAX, 1)]));
    same(&BTreeMap::from([(false, 1), (true, 2)]));
    same(&BTreeMap::from([('a', 1), ('"', 2), ('\u{1F600}', 3)]));
    same(&BTreeMap::from([(Color::Red, 1), (Color::Green, 2)]));
    same(&BTreeMap::from([(Id(1), "one"), (Id(u32::MAX), "max")]));
    same(&BTreeMap::from([(Name("n\"".into()), 1)]));
    same(&BTreeMap::from([(Some("some"), 1)]));
    same(&Pairs(vec![
        (0.0, 1),
        (-0.0, 2),
        (1.5, 3),
        (1e25, 4),
        (5e-324, 5),
        (f64::MAX, 6),
    ]));
    same(&Pairs(vec![(0.1f32, 1), (f32::MAX, 2), (-1e-45, 3)]));
    same(&Pairs(vec![(DisplayKey("a\"b"), 1), (DisplayKey(""), 2)]));
    same(&HashMap::from([(
        1u8,
        BTreeMap::from([(Id(2), vec![Color::Red])]),
    )]));
    // Pretty nested maps with every kind of key.
    same(&BTreeMap::from([(
        true,
        Pairs(vec![(
            1.5,
            BTreeMap::from([('c', Pairs(vec![(Id(1), ())]))]),
        )]),
    )]));
}

#[test]
fn map_keys_serde_json_refuses() {
    let refused = [
        same_error(&BTreeMap::from([((), 1)])),
        same_error(&BTreeMap::from([(UnitKey, 1)])),
        same_error(&BTreeMap::from([(None::<u8>, 1)])),
        same_error(&BTreeMap::from([(vec![1u8], 1)])),
        same_error(&BTreeMap::from([((1u8, 2u8), 1)])),
        same_error(&BTreeMap::from([(BTreeMap::from([(1, 2)]), 1)])),
        same_error(&BTreeMap::from([(WithData::Tuple(1), 1)])),
        same_error(&Pairs(vec![(Bytes(b"k"), 1)])),
        same_error(&Pairs(vec![(External::Struct { a: 1, b: vec![] }, 1)])),
        same_error(&Pairs(vec![(External::EmptyTuple(), 1)])),
        same_error(&Pairs(vec![(Inner { x: 1, y: vec![] }, 1)])),
        same_error(&Pairs(vec![(TupleStruct(1, "", None), 1)])),
        same_error(&Pairs(vec![(Adjacent::Unit, 1)])),
    ];
    assert!(refused.iter().all(|m| m == "key must be a string"));
    for float in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(
            same_error(&Pairs(vec![(float, 1)])),
            "float key must be finite (got NaN or +/-inf)"
        );
        assert_eq!(
            same_error(&Pairs(vec![(float as f32, 1)])),
            "float key must be finite (got NaN or +/-inf)"
        );
    }
    // Deep inside a value, after other entries.
    same_error(&vec![BTreeMap::from([(Some(1), 1), (None, 2)])]);
}

// --- collect_str -------------------------------------------------------------------------------

/// Writes its text in many small pieces, as `Display` impls of composite types do.
struct Pieces(usize);

impl fmt::Display for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.0 {
            write!(f, "{i}\"é\t")?;
        }
        Ok(())
    }
}

struct Collected<T>(T);

impl<T: fmt::Display> Serialize for Collected<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

#[test]
fn collect_str_escapes_the_display_text() {
    // Empty, short, and around the stack buffer's size (256 bytes: 0 to 9 make 5 bytes a
    // piece, then 6, ...), so that the spill to the heap happens mid-piece and at a boundary.
    for pieces in [0, 1, 10, 40, 45, 46, 47, 48, 49, 50, 51, 52, 200] {
        same(&Collected(Pieces(pieces)));
        same(&[Collected(Pieces(pieces))]);
    }
    same(&Collected("<\u{2028}>"));
    same(&Collected(std::net::Ipv6Addr::LOCALHOST));
    same(&Collected("x".repeat(256)));
    same(&Collected("x".repeat(257)));
}

/// A `Display` that fails on its own: serde_json panics ("there should be an error"); the
/// bridge returns an error instead.
struct BrokenDisplay;

impl fmt::Display for BrokenDisplay {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Err(fmt::Error)
    }
}

#[test]
fn a_failing_display_is_an_error() {
    let err = bridge::to_vec(&Collected(BrokenDisplay)).unwrap_err();
    assert_eq!(
        err.message(),
        "a Display implementation returned an error unexpectedly"
    );
}

// --- random values -----------------------------------------------------------------------------

fn value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let text = prop_oneof![
        "[a-z]{0,6}",
        any::<String>(),
        "[\\x00-\\x1f\"\\\\/<>&\u{2028}\u{2029}é😀]{0,8}",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        (-1000i32..1000, -30i32..30).prop_map(|(m, e)| Value::from(m as f64 * 10f64.powi(e))),
        text.clone().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(text.clone(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random `Value` trees (whose `Serialize` drives the serializer through maps, sequences,
    /// every number kind and strings) write serde_json's bytes, compact and pretty; through a
    /// writer mid-document too, and in the HTML-safe layout as fastjson's own `Value` encode.
    #[test]
    fn random_values_match_serde_json(value in value()) {
        prop_assert_eq!(bridge::to_vec(&value).unwrap(), serde_json::to_vec(&value).unwrap());
        prop_assert_eq!(
            bridge::to_vec_pretty(&value).unwrap(),
            serde_json::to_vec_pretty(&value).unwrap()
        );
        let wrapped = serde_json::json!({ "before": 1, "value": &value, "after": [&value] });
        prop_assert_eq!(mid_document::<Pretty>(&value), serde_json::to_vec_pretty(&wrapped).unwrap());
        prop_assert_eq!(mid_document::<Compact>(&value), serde_json::to_vec(&wrapped).unwrap());
        prop_assert_eq!(
            encode_with_format(&value, HtmlSafe(Pretty::default())),
            fastjson::to_vec_with(&value, HtmlSafe(Pretty::default()))
        );
    }
}

// --- encode, encode_key, encode_with inside fastjson's output ---------------------------------

/// `{"after":[value],"before":1,"value":value}` (serde_json's `json!` sorts keys), written by
/// hand with the value and the keys through the bridge.
fn mid_document<F: Format + Default>(value: &serde_json::Value) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = Writer::with_format(&mut out, F::default());
    w.begin_object();
    bridge::encode_key(&"after", &mut w, true);
    w.begin_array();
    w.array_item(true);
    bridge::encode(value, &mut w);
    w.end_array();
    bridge::encode_key(&Name("before".into()), &mut w, false);
    bridge::encode(&1, &mut w);
    w.key_str(false, "value");
    bridge::encode_with(&mut w, |s| value.serialize(s));
    w.end_object();
    out
}

fn encode_with_format<T: Serialize, F: Format>(value: &T, format: F) -> Vec<u8> {
    let mut out = Vec::new();
    bridge::encode(value, &mut Writer::with_format(&mut out, format));
    out
}

#[test]
fn encode_and_encode_key_inside_a_pretty_object() {
    let mut out = Vec::new();
    let mut w = Writer::with_format(&mut out, Pretty::default());
    w.begin_object();
    w.key(true, "\"first\"");
    bridge::encode(&External::Struct { a: 1, b: vec![] }, &mut w);
    bridge::encode_key(&7u8, &mut w, false);
    bridge::encode(&BTreeMap::<u8, u8>::new(), &mut w);
    bridge::encode_key(&Color::Green, &mut w, false);
    bridge::encode(&vec![Some(0.5f32), None], &mut w);
    bridge::encode_key(&-2.5, &mut w, false);
    bridge::encode_with(&mut w, |s| {
        s.serialize_newtype_variant("E", 0, "V", &[1, 2])
    });
    bridge::encode_key(&true, &mut w, false);
    w.begin_array();
    w.end_array();
    w.end_object();
    let expected = serde_json::json!({
        "first": {"Struct": {"a": 1, "b": []}},
        "7": {},
        "dark \"green\"": [0.5, null],
        "-2.5": {"V": [1, 2]},
        "true": [],
    });
    // `json!` sorts its keys; the bridge wrote them in the order above.
    let expected_text = "{\n  \"first\": {\n    \"Struct\": {\n      \"a\": 1,\n      \"b\": []\n    }\n  },\n  \"7\": {},\n  \"dark \\\"green\\\"\": [\n    0.5,\n    null\n  ],\n  \"-2.5\": {\n    \"V\": [\n      1,\n      2\n    ]\n  },\n  \"true\": []\n}";
    assert_eq!(String::from_utf8(out).unwrap(), expected_text);
    let back: serde_json::Value = serde_json::from_str(expected_text).unwrap();
    assert_eq!(back, expected);
}

/// A type with only serde impls, carried inside derived types by a hand-written `Encode` that
/// calls the bridge (what `#[fastjson(serde)]` generates).
struct ViaSerde<T>(T);

impl<T: Serialize> Encode for ViaSerde<T> {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        bridge::encode(&self.0, w);
    }
}

impl<T: Serialize> Serialize for ViaSerde<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

#[derive(fastjson::Encode, Serialize)]
struct Outer {
    id: u32,
    items: Vec<ViaSerde<Internal>>,
    nested: Vec<Vec<ViaSerde<Untagged>>>,
    text: ViaSerde<Collected<&'static str>>,
    last: ViaSerde<Vec<u8>>,
}

#[test]
fn serde_values_inside_derived_types_indent_as_their_neighbours() {
    let outer = Outer {
        id: 1,
        items: vec![
            ViaSerde(Internal::Struct { a: 1, b: None }),
            ViaSerde(Internal::Unit),
            ViaSerde(Internal::NewtypeMap(BTreeMap::new())),
        ],
        nested: vec![
            vec![],
            vec![
                ViaSerde(Untagged::Tuple(1, false)),
                ViaSerde(Untagged::External(External::EmptyStruct {})),
            ],
        ],
        text: ViaSerde(Collected("<tag> & \u{2028}")),
        last: ViaSerde(vec![]),
    };
    assert_eq!(
        fastjson::to_string_pretty(&outer),
        serde_json::to_string_pretty(&outer).unwrap()
    );
    assert_eq!(
        fastjson::to_string(&outer),
        serde_json::to_string(&outer).unwrap()
    );
    // HTML-safe escaping applies to what the bridge writes, as to the derived parts.
    let html = String::from_utf8(fastjson::to_vec_with(&outer, HtmlSafe(Compact))).unwrap();
    assert!(
        html.contains(r#""text":"\u003ctag\u003e \u0026 \u2028""#),
        "{html}"
    );
}

#[test]
fn html_safe_escaping_applies_to_strings_keys_and_display_text() {
    let value = BTreeMap::from([("<k>", ("&", '>', Collected("\u{2029}")))]);
    assert_eq!(
        encode_with_format(&value, HtmlSafe(Compact)),
        br#"{"\u003ck\u003e":["\u0026","\u003e","\u2029"]}"#
    );
}

// --- failures ----------------------------------------------------------------------------------

/// A `Serialize` impl that fails after writing part of its value.
struct Failing;

impl Serialize for Failing {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Failing", 2)?;
        st.serialize_field("ok", &1)?;
        Err(serde::ser::Error::custom("the impl said boom"))
    }
}

/// Fails inside a tuple variant, nested two levels down.
struct FailingDeep;

impl Serialize for FailingDeep {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut tv = s.serialize_tuple_variant("E", 0, "V", 2)?;
        tv.serialize_field(&1)?;
        tv.serialize_field(&[Failing])?;
        tv.end()
    }
}

#[test]
fn whole_value_functions_return_the_error() {
    for err in [
        bridge::to_vec(&Failing).unwrap_err(),
        bridge::to_vec_pretty(&vec![Failing]).unwrap_err(),
        bridge::to_string(&FailingDeep).unwrap_err(),
        bridge::to_string_pretty(&Some(FailingDeep)).unwrap_err(),
    ] {
        assert_eq!(err.message(), "the impl said boom");
        assert!(err.is_data());
    }
    assert_eq!(
        serde_json::to_vec(&FailingDeep).unwrap_err().to_string(),
        "the impl said boom"
    );
    // Nothing reaches the sink when the value fails.
    let mut sink = Vec::new();
    assert!(bridge::to_writer(&mut sink, &FailingDeep).is_err());
    assert!(sink.is_empty());
}

#[test]
fn a_failing_sink_is_an_io_error() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::StorageFull.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = bridge::to_writer(Full, &1).unwrap_err();
    assert!(err.is_io());
    assert_eq!(err.io_error_kind(), Some(std::io::ErrorKind::StorageFull));
}

#[test]
#[should_panic(expected = "the impl said boom")]
fn encode_panics_naming_the_error() {
    let mut out = Vec::new();
    bridge::encode(&FailingDeep, &mut Writer::new(&mut out));
}

#[test]
#[should_panic(expected = "the impl said boom")]
fn a_failing_value_inside_a_derived_type_panics() {
    #[derive(fastjson::Encode)]
    struct Holder {
        inner: ViaSerde<Failing>,
    }
    fastjson::to_vec(&Holder {
        inner: ViaSerde(Failing),
    });
}

#[test]
#[should_panic(expected = "the impl said boom")]
fn encode_with_panics_naming_the_error() {
    let mut out = Vec::new();
    bridge::encode_with(&mut Writer::new(&mut out), |s| Failing.serialize(s));
}

#[test]
#[should_panic(expected = "key must be a string")]
fn encode_key_panics_on_a_refused_key() {
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out);
    w.begin_object();
    bridge::encode_key(&vec![1], &mut w, true);
}

#[test]
#[should_panic(expected = "float key must be finite")]
fn encode_key_panics_on_a_nan_key() {
    let mut out = Vec::new();
    bridge::encode_key(&f64::NAN, &mut Writer::new(&mut out), true);
}

/// The `Serializer` is taken by value, as a `serialize_with` function taking `S` wants, and
/// reports itself human-readable, as serde_json's does.
#[test]
fn the_serializer_is_human_readable_and_by_value() {
    fn by_value<S: Serializer>(value: &u8, s: S) -> Result<S::Ok, S::Error> {
        assert!(s.is_human_readable());
        s.serialize_some(value)
    }
    let mut out = Vec::new();
    by_value(&3, bridge::Serializer::new(&mut Writer::new(&mut out))).unwrap();
    assert_eq!(out, b"3");
    // A struct's `skip_field` writes nothing, as in serde_json.
    struct Skips;
    impl Serialize for Skips {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Skips", 2)?;
            st.skip_field("a")?;
            st.serialize_field("b", &1)?;
            st.skip_field("c")?;
            st.end()
        }
    }
    same(&Skips);
}

// --- serde_json's private raw-text structs -----------------------------------------------------

/// What `serde_json::value::RawValue` (feature `raw_value`) and `serde_json::Number` (feature
/// `arbitrary_precision`) give a serializer: a private struct whose one field holds JSON text,
/// which serde_json writes verbatim. The workspace's serde_json has neither feature, so the
/// structs are made by hand, with their field's name and value chosen per case.
struct RawStruct<T> {
    token: &'static str,
    field: &'static str,
    value: T,
}

const RAW_VALUE: &str = "$serde_json::private::RawValue";
const NUMBER: &str = "$serde_json::private::Number";

impl<T: Serialize> Serialize for RawStruct<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct(self.token, 1)?;
        st.serialize_field(self.field, &self.value)?;
        st.end()
    }
}

fn raw<T>(token: &'static str, value: T) -> RawStruct<T> {
    RawStruct {
        token,
        field: token,
        value,
    }
}

#[test]
fn raw_values_and_arbitrary_precision_numbers_are_written_verbatim() {
    let value = (
        raw(RAW_VALUE, "{\"a\": [1, 2]}"),
        BTreeMap::from([("n", raw(NUMBER, "1.000000000000000000001"))]),
        raw(RAW_VALUE, Collected(-3)),
    );
    assert_eq!(
        bridge::to_string(&value).unwrap(),
        r#"[{"a": [1, 2]},{"n":1.000000000000000000001},-3]"#
    );
    assert_eq!(
        bridge::to_string_pretty(&value).unwrap(),
        "[\n  {\"a\": [1, 2]},\n  {\n    \"n\": 1.000000000000000000001\n  },\n  -3\n]"
    );
    assert_eq!(
        err(&RawStruct {
            token: RAW_VALUE,
            field: "other",
            value: "1",
        }),
        "expected value"
    );
    assert_eq!(err(&raw(RAW_VALUE, 1)), "expected RawValue");
    assert_eq!(
        err(&RawStruct {
            token: NUMBER,
            field: "other",
            value: "1",
        }),
        "invalid number"
    );
    assert_eq!(err(&raw(NUMBER, Some("1"))), "invalid number");
    // Any other name starting with `$` is an ordinary struct.
    same(&raw("$other", "1"));
}

fn err<T: Serialize>(value: &T) -> String {
    bridge::to_vec(value).unwrap_err().message()
}

// --- no allocation per value -------------------------------------------------------------------

/// Counts the allocations of the current thread (tests run on several).
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged; the count is a
// thread-local `Cell` with a const initialiser and no destructor, so touching it allocates
// nothing.
unsafe impl std::alloc::GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged.
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(|n| n.get());
    f();
    ALLOCATIONS.with(|n| n.get()) - before
}

/// Into a buffer with room, the serializer allocates nothing: strings, numbers, keys and
/// `Display` text (up to the stack buffer) go straight into the output, compact and pretty.
#[test]
fn serializing_into_a_buffer_with_room_allocates_nothing() {
    let value = (
        Scalars {
            b: true,
            i8: -1,
            i16: 2,
            i32: -3,
            i64: i64::MIN,
            i128: i128::MAX,
            u8: 4,
            u16: 5,
            u32: 6,
            u64: u64::MAX,
            u128: 7,
            f32: 0.3,
            f64: -1e-300,
            c: 'ü',
            s: "escape \" me\n".into(),
            unit: (),
            none: None,
            some: Some(8),
        },
        BTreeMap::from([(1.5, "a"), (2.0, "b")].map(|(k, v)| (k.to_string(), v))),
        Pairs(vec![(Id(1), Color::Green), (Id(2), Color::Red)]),
        External::Struct {
            a: 1,
            b: vec![External::Tuple(2, "t".into())],
        },
        Collected(Pieces(20)),
        Internal::Struct { a: 1, b: None },
    );
    let mut out = Vec::with_capacity(64 * 1024);
    let compact = allocations_during(|| bridge::encode(&value, &mut Writer::new(&mut out)));
    assert_eq!(compact, 0);
    assert_eq!(out, serde_json::to_vec(&value).unwrap());
    out.clear();
    let pretty = allocations_during(|| {
        bridge::encode(
            &value,
            &mut Writer::with_format(&mut out, Pretty::default()),
        )
    });
    assert_eq!(pretty, 0);
    assert_eq!(out, serde_json::to_vec_pretty(&value).unwrap());
    // Longer `Display` text spills to the heap: one `String`, which may grow once more.
    out.clear();
    let long =
        allocations_during(|| bridge::encode(&Collected(Pieces(100)), &mut Writer::new(&mut out)));
    assert!((1..=2).contains(&long), "{long} allocations");
}
