//! Derived types as map keys, as serde_json reads and writes them: unit-variant enums (their
//! names, with renames, aliases and `other`), newtype and transparent structs (their field's
//! key), `from`/`try_from`/`into` types (their source's or target's key), and what a map keyed
//! by anything else does (a compile error:
//! `tests/ui/map-key-needs-a-key-type.rs`). Identifier enums as keys: `tests/identifiers.rs`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::marker::PhantomData;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
#[serde(rename_all = "UPPERCASE")]
enum Currency {
    Usd,
    #[serde(alias = "euro")]
    Eur,
    #[serde(rename = "Pound \"sterling\"")]
    Gbp,
}

/// Unknown names are `Other`.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(rename_all = "snake_case")]
enum Region {
    NorthAmerica,
    Europe,
    #[serde(other)]
    Other,
}

/// Variants with content can be read from a key only as serde reads them: not at all.
#[derive(FastJson, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
enum Mixed {
    Plain,
    Wrapped(u8),
    Pair(u8, u8),
    Named {
        id: u8,
    },
    // Never read: a name no key can reach.
    #[allow(dead_code)]
    #[serde(skip_deserializing)]
    Hidden,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
struct UserId(u64);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
struct Handle(String);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct InCurrency(Currency);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Generic<T>(T);

/// Transparent, with a skipped field that takes its default.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(transparent)]
struct Slug {
    text: String,
    #[serde(skip)]
    marker: PhantomData<u8>,
}

/// A newtype around a type that is no key: an ordinary type all the same (a value, not a key).
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Tags(Vec<String>);

#[test]
fn unit_variant_enums_are_keys_by_name() {
    let map: BTreeMap<Currency, u32> = [(Currency::Usd, 1), (Currency::Eur, 2), (Currency::Gbp, 3)]
        .into_iter()
        .collect();
    check(&map);
    assert_eq!(
        fastjson::to_string(&map),
        r#"{"USD":1,"EUR":2,"Pound \"sterling\"":3}"#
    );
    let hashed: HashMap<Currency, u32> = map.clone().into_iter().collect();
    assert_eq!(
        fastjson::from_slice::<HashMap<Currency, u32>>(&fastjson::to_vec(&hashed)).unwrap(),
        hashed
    );

    let read = both_accept::<BTreeMap<Currency, u32>>(r#"{"euro":5,"US\u0044":6}"#);
    assert_eq!(read, [(Currency::Eur, 5), (Currency::Usd, 6)].into());
    for bad in [r#"{"usd":1}"#, r#"{"":1}"#, r#"{"USD ":1}"#] {
        let message = both_reject::<BTreeMap<Currency, u32>>(bad);
        assert!(message.starts_with("unknown variant"), "{bad}: {message}");
    }

    let regions = both_accept::<BTreeMap<Region, u8>>(r#"{"europe":1,"antarctica":2}"#);
    assert_eq!(regions, [(Region::Europe, 1), (Region::Other, 2)].into());
    check(&BTreeMap::from([(Region::NorthAmerica, 7u8)]));
}

#[test]
fn variants_with_content_are_not_keys() {
    assert_eq!(
        both_accept::<BTreeMap<Mixed, u8>>(r#"{"Plain":1}"#),
        [(Mixed::Plain, 1)].into()
    );
    for (bad, kind) in [
        (r#"{"Wrapped":1}"#, "newtype variant"),
        (r#"{"Pair":1}"#, "tuple variant"),
        (r#"{"Named":1}"#, "struct variant"),
    ] {
        let message = both_reject::<BTreeMap<Mixed, u8>>(bad);
        assert_eq!(
            message,
            format!("invalid type: unit variant, expected {kind}")
        );
    }
    let message = both_reject::<BTreeMap<Mixed, u8>>(r#"{"Hidden":1}"#);
    assert!(message.starts_with("unknown variant `Hidden`"), "{message}");
    // Placed at the key's opening quote, as the other key errors are.
    let err =
        fastjson::from_str::<BTreeMap<Mixed, u8>>("{\"Plain\": 1,\n  \"Pair\": 2}").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 3), "{err}");
}

#[test]
fn newtype_and_transparent_structs_are_their_fields_keys() {
    check(&BTreeMap::from([
        (UserId(7), true),
        (UserId(u64::MAX), false),
    ]));
    check(&BTreeMap::from([(Handle("a\"b".into()), 1u8)]));
    check(&BTreeMap::from([(InCurrency(Currency::Gbp), 1u8)]));
    check(&BTreeMap::from([(Generic(-3i16), 1u8)]));
    check(&BTreeMap::from([(Generic(Currency::Usd), 1u8)]));
    check(&BTreeMap::from([(
        Slug {
            text: "x/y".into(),
            marker: PhantomData,
        },
        1u8,
    )]));
    assert_eq!(
        fastjson::to_string(&BTreeMap::from([(UserId(42), 1u8)])),
        r#"{"42":1}"#
    );

    assert_eq!(
        both_accept::<BTreeMap<UserId, u8>>(r#"{"42":1}"#),
        [(UserId(42), 1)].into()
    );
    for bad in [r#"{"x":1}"#, r#"{"-1":1}"#, r#"{"4 2":1}"#] {
        both_reject::<BTreeMap<UserId, u8>>(bad);
    }
    both_reject::<BTreeMap<InCurrency, u8>>(r#"{"usd":1}"#);
    // A newtype around a non-key type is still an ordinary value.
    check(&Tags(vec!["a".into()]));
}

#[test]
fn errors_in_values_name_the_key() {
    let err = fastjson::from_str::<BTreeMap<Currency, u32>>(r#"{"USD":1,"EUR":"x"}"#).unwrap_err();
    assert_eq!(err.path(), "$.EUR", "{err}");
    let err = fastjson::from_str::<BTreeMap<UserId, u32>>(r#"{"9":true}"#).unwrap_err();
    assert_eq!(err.path(), r#"$["9"]"#, "{err}");
    // The unknown key itself is reported at its opening quote.
    let err = fastjson::from_str::<BTreeMap<Currency, u32>>("{\n  \"XYZ\": 1}").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 3), "{err}");
}

/// `try_from`/`into` a key type: read as the source key, then converted (a refusal is the
/// conversion's message), written as the converted target's key.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(try_from = "String", into = "String")]
struct Email(String);

impl TryFrom<String> for Email {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        match text.split_once('@') {
            Some((user, host)) if !user.is_empty() && !host.is_empty() => {
                Ok(Email(text.to_lowercase()))
            }
            _ => Err(format!("`{text}` is not an email address")),
        }
    }
}

impl From<Email> for String {
    fn from(email: Email) -> String {
        email.0
    }
}

/// `from` an integer key (read only: no `into`, so not written as a key).
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, Clone)]
#[serde(from = "u16")]
struct Port(u16);

impl From<u16> for Port {
    fn from(port: u16) -> Self {
        Port(port)
    }
}

#[test]
fn converted_types_are_keys_through_their_source() {
    let by_email = both_accept::<BTreeMap<Email, u8>>(r#"{"Ann@Example.org":1,"b@c":2}"#);
    assert_eq!(
        by_email.keys().map(|e| e.0.as_str()).collect::<Vec<_>>(),
        ["ann@example.org", "b@c"]
    );
    check(&by_email);
    let refused = both_reject::<BTreeMap<Email, u8>>(r#"{"b@c":2,"nobody":1}"#);
    assert_eq!(refused, "`nobody` is not an email address");
    // The refusal is placed at the key, as the other key errors are.
    let err =
        fastjson::from_str::<BTreeMap<Email, u8>>("{\"b@c\": 2,\n \"nobody\": 1}").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 2), "{err}");

    let by_port = both_accept::<HashMap<Port, bool>>(r#"{"80":true,"443":false}"#);
    assert!(!by_port[&Port(443)]);
    both_reject::<HashMap<Port, bool>>(r#"{"http":true}"#);
    both_reject::<HashMap<Port, bool>>(r#"{"70000":true}"#);
}

#[test]
fn a_value_error_names_its_key_as_the_document_writes_it() {
    // The path holds the key's text, unescaped, whatever the key type made of it: an integer
    // key written `"0:0::1"` would otherwise be `::1`, a converted key its converted form.
    let err = fastjson::from_str::<BTreeMap<Email, u8>>(r#"{"Ann@Example.org":300}"#).unwrap_err();
    assert_eq!(err.path(), r#"$["Ann@Example.org"]"#, "{err}");
    let err = fastjson::from_str::<BTreeMap<std::net::Ipv6Addr, u8>>(r#"{"::2":1,"0:0::1":300}"#)
        .unwrap_err();
    assert_eq!(err.path(), r#"$["0:0::1"]"#, "{err}");
    // A key refused by its type is placed at its opening quote, also after a separator.
    let err = fastjson::from_str::<BTreeMap<i32, u8>>("{\"1\": 1,\n  \"007\": 3}").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 3), "{err}");
    let err = fastjson::from_str::<BTreeMap<String, u8>>(r#"{"\u0041b":300}"#).unwrap_err();
    assert_eq!(err.path(), "$.Ab", "{err}");
    // The value's own strings do not move the key's position.
    let err = fastjson::from_str::<BTreeMap<Currency, Vec<u8>>>(r#"{"EUR":[1],"USD":["x"]}"#)
        .unwrap_err();
    assert_eq!(err.path(), "$.USD[0]", "{err}");
}

#[test]
fn flattened_maps_take_derived_keys() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Prices {
        base: u32,
        #[serde(flatten)]
        by_currency: BTreeMap<Currency, u32>,
    }
    let prices = both_accept::<Prices>(r#"{"base":1,"EUR":2,"USD":3}"#);
    assert_eq!(prices.by_currency.len(), 2);
    check(&prices);
}

#[test]
#[should_panic(expected = "the enum variant Secret::Hidden cannot be serialized")]
fn a_variant_never_written_panics_with_serdes_message() {
    #[derive(FastJson, Serialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Secret {
        Shown,
        #[serde(skip_serializing)]
        Hidden,
    }
    let _ = fastjson::to_vec(&BTreeMap::from([(Secret::Hidden, 1u8)]));
}
