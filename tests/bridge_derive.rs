//! Derived types reaching serde through the bridge, against serde_json on the same types:
//! `#[serde(with | serialize_with | deserialize_with)]` naming serde-signature functions (as
//! serde reads them, chrono's `ts_seconds` among them), `#[fastjson(with)]` winning over them,
//! `#[fastjson(serde)]` on a field and on a type with hand-written serde impls, and
//! `#[fastjson(serde_fallback)]` containers.

#![cfg(feature = "serde")]

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, TimeZone, Utc};
use fastjson::{Decode as _, FastJson, Format, Lexer, Writer};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

mod same_as_serde;
use same_as_serde::same_decision;

/// Encodes with both libraries (compact and pretty), requires the same bytes, and decodes
/// serde_json's output with both, requiring the value back.
fn same_both_ways<T>(value: &T) -> String
where
    T: Serialize + for<'de> Deserialize<'de> + fastjson::Encode + fastjson::DecodeOwned,
    T: PartialEq + fmt::Debug,
{
    let expected = serde_json::to_string(value).unwrap();
    assert_eq!(fastjson::to_string(value), expected, "compact");
    let pretty = serde_json::to_string_pretty(value).unwrap();
    assert_eq!(fastjson::to_string_pretty(value), pretty, "pretty");
    assert_eq!(&fastjson::from_str::<T>(&expected).unwrap(), value);
    assert_eq!(&fastjson::from_str::<T>(&pretty).unwrap(), value);
    expected
}

// ---- serde-signature functions --------------------------------------------------------------

/// "" is `None`, as API clients write it for fields some servers send empty.
fn empty_string_as_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let text = Option::<String>::deserialize(d)?;
    Ok(text.filter(|text| !text.is_empty()))
}

/// A number or a numeric string, as a `u64`.
fn number_or_string<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    struct Either;
    impl Visitor<'_> for Either {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a number or a numeric string")
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<u64, E> {
            Ok(n)
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<u64, E> {
            s.parse().map_err(E::custom)
        }
    }
    d.deserialize_any(Either)
}

fn upper<S: Serializer>(value: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&value.to_uppercase())
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Commit {
    #[serde(with = "chrono::serde::ts_seconds")]
    at: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_milliseconds_option", default)]
    merged: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "empty_string_as_none")]
    note: Option<String>,
    #[serde(deserialize_with = "number_or_string")]
    size: u64,
    #[serde(serialize_with = "upper")]
    author: String,
}

fn commit() -> Commit {
    Commit {
        at: Utc.timestamp_opt(1_700_000_000, 0).unwrap(),
        merged: Some(Utc.timestamp_millis_opt(1_700_000_123_456).unwrap()),
        note: Some("squashed".into()),
        size: 42,
        author: "ANN".into(),
    }
}

#[test]
fn serde_signature_functions_work_unchanged() {
    let text = same_both_ways(&commit());
    assert_eq!(
        text,
        r#"{"at":1700000000,"merged":1700000123456,"note":"squashed","size":42,"author":"ANN"}"#
    );
    for input in [
        r#"{"at":1700000000,"note":"","size":"17","author":"bo"}"#,
        r#"{"at":1700000000,"merged":null,"size":17,"author":"bo"}"#,
        r#"{"at":-5,"merged":1,"note":null,"size":0,"author":""}"#,
    ] {
        assert!(same_decision::<Commit>(input).is_ok(), "{input}");
    }
    for input in [
        r#"{"at":"soon","size":1,"author":"a"}"#,
        r#"{"at":1,"size":"1x","author":"a"}"#,
        r#"{"at":1,"size":-1,"author":"a"}"#,
        r#"{"size":1,"author":"a"}"#,
    ] {
        assert!(same_decision::<Commit>(input).is_err(), "{input}");
    }
    // Refused by both, in fastjson's words ("number out of range for f64").
    let input = r#"{"at":1e400,"size":1,"author":"a"}"#;
    assert!(serde_json::from_str::<Commit>(input).is_err());
    assert!(fastjson::from_str::<Commit>(input).is_err());
}

#[test]
fn errors_inside_serde_functions_name_the_field() {
    let err = fastjson::from_str::<Commit>(r#"{"at":1,"size":"1x","author":"a"}"#).unwrap_err();
    assert_eq!(err.path(), "$.size", "{err}");
    assert_eq!(err.line(), 1);
    assert!(err.column() > 10, "{err}");
    assert!(err.to_string().contains("invalid digit"), "{err}");
}

/// serde-signature functions on variants: FIELD0.., S and FIELDS.
mod pair {
    use super::*;

    pub fn serialize<S: Serializer>(a: &i32, b: &i32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{a}:{b}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(i32, i32), D::Error> {
        let text = String::deserialize(d)?;
        let (a, b) = text
            .split_once(':')
            .ok_or_else(|| de::Error::custom("no colon"))?;
        Ok((
            a.parse().map_err(de::Error::custom)?,
            b.parse().map_err(de::Error::custom)?,
        ))
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Move {
    Stop,
    #[serde(with = "pair")]
    To(i32, i32),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum AdjacentMove {
    Stop,
    #[serde(with = "pair")]
    To(i32, i32),
}

#[test]
fn serde_signature_functions_on_variants() {
    assert_eq!(same_both_ways(&Move::To(3, -4)), r#"{"To":"3:-4"}"#);
    same_both_ways(&Move::Stop);
    assert_eq!(
        same_both_ways(&AdjacentMove::To(1, 2)),
        r#"{"t":"To","c":"1:2"}"#
    );
    assert!(same_decision::<Move>(r#"{"To":"1-2"}"#).is_err());
    assert!(same_decision::<AdjacentMove>(r#"{"c":"5:6","t":"To"}"#).is_ok());
}

// ---- `#[fastjson(with)]` wins ---------------------------------------------------------------

static FAST_ENCODES: AtomicUsize = AtomicUsize::new(0);
static FAST_DECODES: AtomicUsize = AtomicUsize::new(0);

/// Both signatures in one module; fastjson must call its own.
mod cents {
    use super::*;

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}.{:02}", v / 100, v % 100))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        parse(&text).ok_or_else(|| de::Error::custom("not an amount"))
    }
    pub fn encode<F: Format>(v: &u64, w: &mut Writer<'_, F>) {
        FAST_ENCODES.fetch_add(1, Ordering::Relaxed);
        w.str(&format!("{}.{:02}", v / 100, v % 100));
    }
    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<u64> {
        FAST_DECODES.fetch_add(1, Ordering::Relaxed);
        let text = String::decode(lex)?;
        parse(&text).ok_or_else(|| lex.err_custom("not an amount"))
    }
    fn parse(text: &str) -> Option<u64> {
        let (units, cents) = text.split_once('.')?;
        Some(units.parse::<u64>().ok()? * 100 + cents.parse::<u64>().ok()?)
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Price {
    #[serde(with = "cents")]
    #[fastjson(with = "cents")]
    amount: u64,
}

#[test]
fn fastjson_with_wins_over_serde_with() {
    let (encodes, decodes) = (
        FAST_ENCODES.load(Ordering::Relaxed),
        FAST_DECODES.load(Ordering::Relaxed),
    );
    assert_eq!(
        same_both_ways(&Price { amount: 1234 }),
        r#"{"amount":"12.34"}"#
    );
    assert!(FAST_ENCODES.load(Ordering::Relaxed) > encodes);
    assert!(FAST_DECODES.load(Ordering::Relaxed) > decodes);
}

// ---- `#[fastjson(serde)]` on a field --------------------------------------------------------

/// A type of "another crate": serde impls only.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct Foreign {
    full_name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    #[serde(flatten)]
    extra: BTreeMap<String, serde_json::Value>,
}

fn foreign(name: &str) -> Foreign {
    Foreign {
        full_name: name.into(),
        tags: vec!["a\"b".into()],
        extra: BTreeMap::from([("x".into(), serde_json::json!([1, {"y": null}]))]),
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Holder {
    id: u32,
    #[fastjson(serde)]
    owner: Foreign,
    #[fastjson(serde)]
    reviewer: Option<Foreign>,
    #[fastjson(serde)]
    #[serde(default)]
    watchers: Vec<Foreign>,
}

#[test]
fn a_serde_field_goes_through_its_serde_impls() {
    let value = Holder {
        id: 7,
        owner: foreign("Ann"),
        reviewer: None,
        watchers: vec![foreign("Bo"), foreign("Cy")],
    };
    same_both_ways(&value);
    // A missing `Option` is `None` (serde's missing-field rule), any other a missing-field error.
    let input = r#"{"id":1,"owner":{"fullName":"a"}}"#;
    assert_eq!(same_decision::<Holder>(input).unwrap().reviewer, None);
    let err = same_decision::<Holder>(r#"{"id":1}"#).unwrap_err();
    assert!(err.contains("missing field `owner`"), "{err}");
    // An error inside the bridged value carries the outer field in its path.
    let err = fastjson::from_str::<Holder>(r#"{"id":1,"owner":{"fullName":5}}"#).unwrap_err();
    assert_eq!(err.path(), "$.owner.fullName");
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Wrap<T> {
    #[fastjson(serde)]
    inner: T,
}

#[test]
fn a_generic_serde_field_is_bounded_by_serde_traits() {
    same_both_ways(&Wrap {
        inner: foreign("G"),
    });
    same_both_ways(&Wrap { inner: 5u8 });
}

// ---- `#[fastjson(serde)]` on a type with hand-written serde impls ---------------------------

/// ID newtypes as a client crate makes them: a macro writing serde impls by hand.
macro_rules! id_type {
    ($name:ident) => {
        #[derive(FastJson, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[fastjson(serde)]
        struct $name(u64);

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u64(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                u64::deserialize(d).map($name)
            }
        }
    };
}

id_type!(UserId);
id_type!(RepoId);

/// An enum with a hand-written `Deserialize` taking a name or a code.
#[derive(FastJson, Debug, Clone, Copy, PartialEq)]
#[fastjson(serde)]
enum Level {
    Low,
    High,
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Level::Low => "low",
            Level::High => "high",
        })
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct LevelVisitor;
        impl Visitor<'_> for LevelVisitor {
            type Value = Level;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"low\", \"high\", 0 or 1")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Level, E> {
                match s {
                    "low" => Ok(Level::Low),
                    "high" => Ok(Level::High),
                    _ => Err(E::unknown_variant(s, &["low", "high"])),
                }
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Level, E> {
                match n {
                    0 => Ok(Level::Low),
                    1 => Ok(Level::High),
                    _ => Err(E::invalid_value(de::Unexpected::Unsigned(n), &self)),
                }
            }
        }
        d.deserialize_any(LevelVisitor)
    }
}

/// A type whose `Deserialize` dispatches on a field, reading the object once as a `Value`.
#[derive(FastJson, Debug, Clone, PartialEq)]
#[fastjson(serde)]
enum Event {
    Push { commits: u32 },
    Star,
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Event::Push { commits } => serde_json::json!({"kind": "push", "commits": commits}),
            Event::Star => serde_json::json!({"kind": "star"}),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        match value.get("kind").and_then(|k| k.as_str()) {
            Some("push") => {
                let commits = value.get("commits").and_then(|c| c.as_u64()).unwrap_or(0);
                Ok(Event::Push {
                    commits: commits as u32,
                })
            }
            Some("star") => Ok(Event::Star),
            _ => Err(de::Error::custom("unknown event kind")),
        }
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Repo {
    id: RepoId,
    owner: UserId,
    admins: Vec<UserId>,
    maintainer: Option<UserId>,
    roles: HashMap<UserId, Level>,
    by_level: BTreeMap<RepoId, Vec<Event>>,
    level: Level,
    last: Event,
}

#[test]
fn a_serde_type_goes_through_its_own_impls_also_as_a_map_key() {
    let value = Repo {
        id: RepoId(9),
        owner: UserId(1),
        admins: vec![UserId(2), UserId(3)],
        maintainer: None,
        roles: HashMap::from([(UserId(4), Level::High)]),
        by_level: BTreeMap::from([(RepoId(1), vec![Event::Star, Event::Push { commits: 3 }])]),
        level: Level::Low,
        last: Event::Push { commits: 1 },
    };
    same_both_ways(&value);
    let input = r#"{"id":9,"owner":1,"admins":[],"roles":{"5":1,"6":"low"},
        "by_level":{},"level":0,"last":{"kind":"star","extra":true}}"#;
    let decoded = same_decision::<Repo>(input).unwrap();
    assert_eq!(decoded.maintainer, None);
    assert_eq!(decoded.roles[&UserId(5)], Level::High);
    for input in [
        r#"{"id":-1,"owner":1,"admins":[],"roles":{},"by_level":{},"level":0,"last":{"kind":"star"}}"#,
        r#"{"id":1,"owner":1,"admins":[],"roles":{"x":1},"by_level":{},"level":0,"last":{"kind":"star"}}"#,
        r#"{"id":1,"owner":1,"admins":[],"roles":{},"by_level":{},"level":2,"last":{"kind":"star"}}"#,
        r#"{"id":1,"owner":1,"admins":[],"roles":{},"by_level":{},"level":0,"last":{"kind":"fork"}}"#,
    ] {
        assert!(same_decision::<Repo>(input).is_err(), "{input}");
    }
}

// ---- `#[fastjson(serde_fallback)]` ----------------------------------------------------------

static PROBE_FAST: AtomicUsize = AtomicUsize::new(0);
static PROBE_SERDE: AtomicUsize = AtomicUsize::new(0);

/// Both impls, counting which one runs: the probe must pick fastjson's.
#[derive(Debug, Clone, PartialEq)]
struct Both(u8);

impl fastjson::Encode for Both {
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        PROBE_FAST.fetch_add(1, Ordering::Relaxed);
        w.u64(u64::from(self.0));
    }
}

impl<'de> fastjson::Decode<'de> for Both {
    fn decode(lex: &mut Lexer<'de>) -> fastjson::Result<Self> {
        PROBE_FAST.fetch_add(1, Ordering::Relaxed);
        u8::decode(lex).map(Both)
    }
}

impl Serialize for Both {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PROBE_SERDE.fetch_add(1, Ordering::Relaxed);
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Both {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PROBE_SERDE.fetch_add(1, Ordering::Relaxed);
        u8::deserialize(d).map(Both)
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[fastjson(serde_fallback)]
#[serde(rename_all = "camelCase")]
struct Mixed {
    plain_id: u64,
    name: String,
    both: Both,
    owner: Foreign,
    maybe_owner: Option<Foreign>,
    owners: Vec<Foreign>,
    price: Price,
    #[serde(default)]
    history: Vec<Price>,
}

#[test]
fn serde_fallback_picks_fastjson_where_it_can_and_serde_elsewhere() {
    let value = Mixed {
        plain_id: 1,
        name: "n".into(),
        both: Both(3),
        owner: foreign("O"),
        maybe_owner: Some(foreign("M")),
        owners: vec![],
        price: Price { amount: 5 },
        history: vec![Price { amount: 100 }],
    };
    let serde_calls = PROBE_SERDE.load(Ordering::Relaxed);
    let fast_calls = PROBE_FAST.load(Ordering::Relaxed);
    let text = fastjson::to_string(&value);
    let back: Mixed = fastjson::from_str(&text).unwrap();
    assert_eq!(back, value);
    assert_eq!(
        PROBE_SERDE.load(Ordering::Relaxed),
        serde_calls,
        "serde impl chosen"
    );
    assert_eq!(PROBE_FAST.load(Ordering::Relaxed), fast_calls + 2);
    same_both_ways(&value);
    let input = r#"{"plainId":1,"name":"n","both":3,"owner":{"fullName":"x"},"owners":[],"price":{"amount":"0.01"}}"#;
    assert_eq!(same_decision::<Mixed>(input).unwrap().maybe_owner, None);
    assert!(same_decision::<Mixed>(r#"{"plainId":1}"#).is_err());
}
