//! A flattened `Option` of an adjacently tagged enum, against serde_json. serde hands the enum's
//! visitor the buffered tag and content entries one at a time, taking each as it is asked for,
//! and the visitor stops asking once it has failed: the `Option` is then `None` and the tag and
//! content entries after the one it failed on stay for the flattened fields declared after it.
//! The visitor stops at a tag naming no variant (one entry taken), at the second entry whatever
//! it holds unless the two make a value, and at a third entry after a value (a duplicate).

use std::collections::BTreeMap;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod serde_agreement;
use serde_agreement::same_decode;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "mode", content = "args")]
enum Mode {
    Fast,
    Slow(u16),
}

/// The same keys, other variants: a second taker of what the first left.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "mode", content = "args")]
enum Gear {
    Low,
    High { rpm: u16 },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Creds {
    Login {
        user: String,
        #[serde(default)]
        mode: Option<String>,
    },
}

/// The issue's minimal case.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct D {
    #[serde(flatten)]
    mode: Option<Mode>,
    #[serde(flatten)]
    creds: Option<Creds>,
}

/// What is left after the `Option`, read by a map (offered in the key loop, not read again).
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct WithRest {
    #[serde(flatten)]
    mode: Option<Mode>,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

/// Two optional takers of the same keys, then the untagged enum and a map.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct TwoTakers {
    #[serde(flatten)]
    mode: Option<Mode>,
    #[serde(flatten)]
    gear: Option<Gear>,
    #[serde(flatten)]
    creds: Option<Creds>,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

/// An optional struct naming `mode` before the enum: it takes `mode` entries until it fails.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Tuning {
    mode: String,
    level: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct StructThenEnum {
    #[serde(flatten)]
    tuning: Option<Tuning>,
    #[serde(flatten)]
    mode: Option<Mode>,
    #[serde(flatten)]
    creds: Option<Creds>,
}

/// Not optional: a failure fails the whole struct, a success takes every tag and content entry.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Required {
    id: u8,
    #[serde(flatten)]
    mode: Mode,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

fn creds_mode(value: &D) -> Option<&str> {
    match &value.creds {
        Some(Creds::Login { mode, .. }) => mode.as_deref(),
        None => None,
    }
}

/// The two documents of the fuzz finding: the second `mode` goes to `Creds`.
#[test]
fn a_failed_value_hands_the_later_entries_on() {
    let value = same_decode::<D>(r#"{"mode": [], "user":"ann", "mode":"Fist"}"#).unwrap();
    assert_eq!(value.mode, None);
    assert_eq!(creds_mode(&value), Some("Fist"));

    let value =
        same_decode::<D>(r#"{"args":"bad","mode":"Slow","user":"ann","mode":"Fist"}"#).unwrap();
    assert_eq!(value.mode, None);
    assert_eq!(creds_mode(&value), Some("Fist"));
}

/// Where the visitor stops, seen through the map after it: the entries it did not take.
#[test]
fn the_entries_taken_are_those_serde_asks_for() {
    let rest = |json: &str| -> (Option<Mode>, Vec<String>) {
        let value = same_decode::<WithRest>(json).unwrap();
        let rest = value.rest.iter().map(|(k, v)| format!("{k}={v}")).collect();
        (value.mode, rest)
    };
    // The tag fails: one entry taken, the content and tag after it are left.
    assert_eq!(
        rest(r#"{"mode":"Fist","args":1,"mode":"Fast"}"#),
        (None, vec!["args=1".to_owned(), "mode=\"Fast\"".to_owned()])
    );
    assert_eq!(
        rest(r#"{"mode":[],"args":1}"#),
        (None, vec!["args=1".to_owned()])
    );
    // The content fails after the tag: two taken.
    assert_eq!(
        rest(r#"{"mode":"Slow","args":"bad","args":2,"mode":"Fast"}"#),
        (None, vec!["args=2".to_owned(), "mode=\"Fast\"".to_owned()])
    );
    // Both fail: the tag stops it first.
    assert_eq!(
        rest(r#"{"mode":"Nope","args":"bad","x":0}"#),
        (None, vec!["args=\"bad\"".to_owned(), "x=0".to_owned()])
    );
    // The content first, then a failing tag: both taken.
    assert_eq!(
        rest(r#"{"args":5,"mode":"Nope","mode":"Fast"}"#),
        (None, vec!["mode=\"Fast\"".to_owned()])
    );
    // The content first, failing once the tag names its variant.
    assert_eq!(
        rest(r#"{"args":"bad","mode":"Slow","args":3}"#),
        (None, vec!["args=3".to_owned()])
    );
    // Two tags: the second is a duplicate, the third left.
    assert_eq!(
        rest(r#"{"mode":"Fast","mode":"Slow","mode":"Fast"}"#),
        (None, vec!["mode=\"Fast\"".to_owned()])
    );
    // A value, then a third entry: a duplicate, taken; the fourth left.
    assert_eq!(
        rest(r#"{"mode":"Slow","args":1,"args":2,"args":3}"#),
        (None, vec!["args=3".to_owned()])
    );
    // A value alone takes everything it names.
    assert_eq!(
        rest(r#"{"x":true,"args":7,"mode":"Slow"}"#),
        (Some(Mode::Slow(7)), vec!["x=true".to_owned()])
    );
    // A unit variant without content, a newtype one missing it, nothing at all.
    assert_eq!(
        rest(r#"{"mode":"Fast","y":null}"#),
        (Some(Mode::Fast), vec!["y=null".to_owned()])
    );
    assert_eq!(rest(r#"{"mode":"Slow"}"#), (None, vec![]));
    assert_eq!(rest(r#"{"args":1}"#), (None, vec![]));
    assert_eq!(rest(r#"{}"#), (None, vec![]));
    // Escaped keys are the same keys.
    assert_eq!(
        rest(r#"{"mo\u0064e":[],"\u006dode":"Fast"}"#),
        (None, vec!["mode=\"Fast\"".to_owned()])
    );
}

#[test]
fn a_second_optional_taker_gets_what_the_first_left() {
    let value =
        same_decode::<TwoTakers>(r#"{"mode":"Low","mode":"High","args":{"rpm":9},"user":"u"}"#)
            .unwrap();
    // `Mode` fails on `Low`; `Gear` reads the next two.
    assert_eq!(value.mode, None);
    assert_eq!(value.gear, Some(Gear::High { rpm: 9 }));
    let value =
        same_decode::<TwoTakers>(r#"{"args":1,"mode":"Slow","mode":"Low","user":"u"}"#).unwrap();
    // `Mode` reads a value, then takes the third entry as a duplicate: nothing is left.
    assert_eq!(value.mode, None);
    assert_eq!(value.gear, None);
    assert!(!value.rest.contains_key("mode"), "{:?}", value.rest);
}

#[test]
fn an_optional_struct_before_it_takes_first() {
    let value =
        same_decode::<StructThenEnum>(r#"{"mode":"Fast","level":"x","mode":"Fast","user":"u"}"#)
            .unwrap();
    assert_eq!(value.tuning, None);
    assert_eq!(value.mode, Some(Mode::Fast));
    let value = same_decode::<StructThenEnum>(
        r#"{"level":1,"mode":"Fast","args":null,"mode":"Slow","user":"u"}"#,
    )
    .unwrap();
    // The struct fails on the second `mode`, a duplicate, having taken it: `Mode` sees `args`
    // alone.
    assert_eq!(value.tuning, None);
    assert_eq!(value.mode, None);
}

#[test]
fn not_optional_it_fails_the_struct_or_takes_all_it_names() {
    same_decode::<Required>(r#"{"id":1,"mode":"Fist"}"#).unwrap_err();
    same_decode::<Required>(r#"{"id":1,"mode":"Slow","args":1,"mode":"Fast"}"#).unwrap_err();
    same_decode::<Required>(r#"{"id":1,"args":"x","mode":"Slow"}"#).unwrap_err();
    let value = same_decode::<Required>(r#"{"args":2,"z":[],"mode":"Slow","id":1}"#).unwrap();
    assert_eq!(value.mode, Mode::Slow(2));
    assert_eq!(value.rest.keys().collect::<Vec<_>>(), ["z"]);
    // Malformed JSON in a value is refused as such, taken or not.
    same_decode::<D>(r#"{"mode":"Fist","args":[1,}"#).unwrap_err();
    same_decode::<D>(r#"{"mode":"Fast","args":tru}"#).unwrap_err();
}

/// An object of `entries` (key index, value index) over the keys these types name.
fn object(entries: &[(usize, usize)]) -> String {
    const KEYS: [&str; 5] = ["mode", "args", "user", "level", "z"];
    const VALUES: [[&str; 4]; 5] = [
        ["\"Fast\"", "\"Slow\"", "\"High\"", "[]"],
        ["1", "\"bad\"", "null", "{\"rpm\":2}"],
        ["\"ann\"", "1", "null", "\"bob\""],
        ["1", "\"x\"", "300", "2"],
        ["0", "{}", "\"z\"", "[1]"],
    ];
    let body: Vec<String> = entries
        .iter()
        .map(|&(key, value)| format!("\"{}\":{}", KEYS[key], VALUES[key][value]))
        .collect();
    format!("{{{}}}", body.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Whatever the order, repetition and values of the entries, each shape decodes as serde
    /// does, or both refuse (`same_decode` panics on a disagreement).
    #[test]
    fn entries_are_taken_as_serde_takes_them(
        entries in prop::collection::vec((0usize..5, 0usize..4), 0..7),
    ) {
        let json = object(&entries);
        let _ = same_decode::<D>(&json);
        let _ = same_decode::<WithRest>(&json);
        let _ = same_decode::<TwoTakers>(&json);
        let _ = same_decode::<StructThenEnum>(&json);
        let _ = same_decode::<Required>(&json);
    }
}
