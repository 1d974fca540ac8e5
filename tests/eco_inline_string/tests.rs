// The differential tests of an inline string type (`Text`, with `INLINE_LEN` and
// `SCHEMA_NAME` defined by the including file): `tests/eco_smol_str.rs` and
// `tests/eco_compact_str.rs` include this file, each with its own feature and crate.

use std::collections::{BTreeMap, HashMap};

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

use same_as_serde::{both_accept, both_reject, check};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Profile {
    name: Text,
    nickname: Option<Text>,
    tags: Vec<Text>,
    labels: BTreeMap<Text, Text>,
}

/// Strings of every length up to twice the inline limit, over ASCII (control characters and
/// quotes included), two-byte, three-byte and four-byte characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[\\x00-\\x7f]{0,50}",
        "[a-z\u{e9}\u{2028}\u{1F600}\"\\\\/<>]{0,30}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_strings(first in text(), more in prop::collection::vec(text(), 0..6)) {
        let value = Text::new(&first);
        check(&value);
        check(&Some(value.clone()));
        let tags: Vec<Text> = more.iter().map(Text::new).collect();
        check(&tags);
        let labels: BTreeMap<Text, Text> =
            more.iter().map(|s| (Text::new(s), value.clone())).collect();
        check(&labels);
        // serde_json's output decodes to serde's value.
        let json = serde_json::to_string(&labels).unwrap();
        prop_assert_eq!(both_accept::<BTreeMap<Text, Text>>(&json), labels.clone());
        let json = serde_json::to_string(&value).unwrap();
        prop_assert_eq!(both_accept::<Text>(&json), value.clone());
        check(&Profile { name: value.clone(), nickname: more.first().map(Text::new), tags, labels });
    }
}

#[test]
fn lengths_around_the_inline_limit() {
    for len in [0, 1, INLINE_LEN - 1, INLINE_LEN, INLINE_LEN + 1, 100] {
        let text = "x".repeat(len);
        let value = both_accept::<Text>(&format!("{text:?}"));
        assert_eq!(value, text);
        assert_eq!(value.is_heap_allocated(), len > INLINE_LEN, "{len}");
        check(&value);
        // Escaped text is unescaped into the lexer's scratch, still without a `String`.
        let escaped = format!("\"\\u0078{}\"", &text[len.min(1)..]);
        assert_eq!(both_accept::<Text>(&escaped), "x".repeat(len.max(1)));
    }
}

#[test]
fn escapes_are_read_as_their_characters() {
    assert_eq!(
        both_accept::<Text>(r#""a\"b\\c\/d\n\t\u00e9""#),
        "a\"b\\c/d\n\té"
    );
    assert_eq!(both_accept::<Text>(r#""\ud83d\ude00""#), "\u{1F600}");
    let map = both_accept::<HashMap<Text, u8>>(r#"{"k\u0065y":1,"plain":2}"#);
    assert_eq!(
        map,
        HashMap::from([(Text::new("key"), 1), (Text::new("plain"), 2)])
    );
    // A repeated key keeps the last value, as serde_json's maps do.
    let map = both_accept::<BTreeMap<Text, u8>>(r#"{"a":1,"\u0061":2}"#);
    assert_eq!(map, BTreeMap::from([(Text::new("a"), 2)]));
    check(&Text::new("\u{0}\u{1f}\u{7f}\u{2028}</script>"));
}

/// Both libraries refuse `input` (a malformed string, which the two word differently).
fn both_refuse<T>(input: &str)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + std::fmt::Debug,
{
    let ours = fastjson::from_str::<T>(input);
    let theirs = serde_json::from_str::<T>(input);
    assert!(
        ours.is_err() && theirs.is_err(),
        "{input}: {ours:?}, {theirs:?}"
    );
}

#[test]
fn malformed_strings_are_refused_by_both() {
    for input in [
        r#""\ud800""#,
        r#""\udc00x""#,
        r#""\x""#,
        r#""\u12""#,
        "\"tab\there\"",
        r#""unterminated"#,
    ] {
        both_refuse::<Text>(input);
        both_refuse::<Vec<Text>>(&format!("[{input}]"));
        both_refuse::<BTreeMap<Text, u8>>(&format!("{{{input}:1}}"));
    }
}

#[test]
fn non_strings_are_refused_by_both() {
    for input in [
        // Its visitor would take bytes from other formats; serde_json hands it strings only.
        "[104,105]",
        "0",
        "1.5",
        "null",
        "true",
        "{}",
        "[]",
    ] {
        both_reject::<Text>(input);
        both_reject::<Vec<Text>>(&format!("[{input}]"));
    }
    both_refuse::<BTreeMap<Text, u8>>(r#"{1:1}"#);
    assert_eq!(both_accept::<Option<Text>>("null"), None);
}

#[test]
fn refusals_carry_the_path() {
    let err = fastjson::from_str::<Profile>(
        r#"{"name":"ann","nickname":null,"tags":["a",7],"labels":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.tags[1]", "{err}");
}

#[test]
fn a_derived_struct_round_trips() {
    let json = r#"{"name":"ann","nickname":"a","tags":["x","y"],"labels":{"k":"v"}}"#;
    let profile = both_accept::<Profile>(json);
    assert_eq!(profile.labels[&Text::new("k")], "v");
    assert_eq!(fastjson::to_string(&profile), json);
    check(&profile);
}

#[test]
fn the_schema_says_string() {
    use fastjson::schema::{Schema, SchemaDocument};
    assert_eq!(Text::schema(), r#"{"type":"string"}"#);
    let document = SchemaDocument::new()
        .with::<Profile>()
        .with::<Text>()
        .to_json();
    assert!(
        document.contains(&format!(r#""{SCHEMA_NAME}":{{"type":"string"}}"#)),
        "{document}"
    );
}
