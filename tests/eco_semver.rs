#![cfg(feature = "semver")]
//! `semver::Version`, `VersionReq` and `Comparator` (feature `semver`) against semver's own
//! serde impls through serde_json: random versions and requirements encode to the same bytes
//! and decode back; random and hand-picked texts get the same decision and value; map keys,
//! `Option`, `Vec` and a derived struct.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use semver::{Comparator, Version, VersionReq};
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{both_accept, check, same_decision};

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// Both decide alike on `text` as each of the three types, as values and as map keys; what they
/// accept encodes to the same bytes.
fn agree(text: &str) {
    fn one<T>(text: &str)
    where
        T: fastjson::DecodeOwned
            + for<'de> Deserialize<'de>
            + fastjson::Encode
            + Serialize
            + Debug
            + PartialEq,
    {
        if let Ok(value) = same_decision::<T>(&quoted(text)) {
            check(&value);
        }
    }
    one::<Version>(text);
    one::<VersionReq>(text);
    one::<Comparator>(text);
    let key = format!("{{{}:1}}", quoted(text));
    if let Ok(map) = same_decision::<BTreeMap<Version, u8>>(&key) {
        check(&map);
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Package {
    version: Version,
    rust_version: Option<Version>,
    requires: BTreeMap<String, VersionReq>,
    yanked: Vec<Version>,
    bounds: Vec<Comparator>,
}

fn identifiers() -> impl Strategy<Value = String> {
    prop::collection::vec("[0-9A-Za-z-]{1,6}", 0..4).prop_map(|ids| ids.join("."))
}

fn versions() -> impl Strategy<Value = String> {
    (
        any::<u64>(),
        0u64..1000,
        any::<u64>(),
        identifiers(),
        identifiers(),
    )
        .prop_map(|(major, minor, patch, pre, build)| {
            let mut text = format!("{major}.{minor}.{patch}");
            if !pre.is_empty() {
                text = format!("{text}-{pre}");
            }
            if !build.is_empty() {
                text = format!("{text}+{build}");
            }
            text
        })
}

fn requirements() -> impl Strategy<Value = String> {
    let op = prop::sample::select(vec!["", "=", ">", ">=", "<", "<=", "~", "^", " ", "= "]);
    let partial = prop::sample::select(vec![
        "1",
        "1.2",
        "1.2.3",
        "0.0.1-alpha.1",
        "1.*",
        "1.2.*",
        "*",
        "1.x",
        "1.2.X",
        "01.2",
    ]);
    prop::collection::vec((op, partial), 1..4).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(op, partial)| format!("{op}{partial}"))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_versions(text in versions()) {
        // Numeric pre-release identifiers with leading zeros are refused: both must agree.
        agree(&text);
        if let Ok(version) = Version::parse(&text) {
            check(&version);
            check(&[(version.clone(), true)].into_iter().collect::<BTreeMap<_, _>>());
            prop_assert_eq!(both_accept::<Version>(&quoted(&text)), version);
        }
    }

    #[test]
    fn random_requirements(text in requirements()) {
        agree(&text);
    }

    #[test]
    fn random_texts(text in "[0-9.*^~<>=, xX+a-z-]{0,16}") {
        agree(&text);
    }
}

#[test]
fn edge_cases_agree() {
    for text in [
        "",
        "1",
        "1.2",
        "1.2.3",
        "v1.2.3",
        " 1.2.3",
        "1.2.3 ",
        "01.2.3",
        "1.2.3-01",
        "1.2.3-0a",
        "1.2.3-",
        "1.2.3+",
        "1.2.3-a..b",
        "1.2.3+001",
        "18446744073709551615.0.0",
        "18446744073709551616.0.0",
        "1.2.3-α",
        "*",
        "^1",
        "~1.2",
        "1.*",
        "1.*.3",
        ">=1.2.3, <2",
        ">= 1.2.3 , < 2",
        ">=1.2.3 <2",
        "1.0.0 || 2.0.0",
        "=1.2.3-alpha+build",
        "^0.0",
        ",",
        "1, ",
    ] {
        agree(text);
    }
    for input in ["0", "1.2", "null", "[1,2,3]", "{}"] {
        assert!(same_decision::<Version>(input).is_err(), "{input}");
        assert!(same_decision::<VersionReq>(input).is_err(), "{input}");
    }
    let version = both_accept::<Version>(r#""1.2.3-rc.1+b\u0034""#);
    assert_eq!(version.build.as_str(), "b4");
}

#[test]
fn in_a_derived_struct() {
    let package = Package {
        version: Version::parse("1.2.3-beta.2+sha.5114f85").unwrap(),
        rust_version: Some(Version::new(1, 95, 0)),
        requires: [
            ("serde".to_owned(), VersionReq::parse("^1.0.229").unwrap()),
            ("syn".to_owned(), VersionReq::parse(">=2, <3").unwrap()),
            ("any".to_owned(), VersionReq::STAR),
        ]
        .into(),
        yanked: vec![Version::new(0, 0, 0)],
        bounds: vec![Comparator::parse("<1.2.3-x").unwrap()],
    };
    check(&package);
    // An HTML-safe writer escapes the comparators' `<` and `>`; the text reads back the same.
    let safe = fastjson::to_vec_with(&package, fastjson::HtmlSafe(fastjson::Compact));
    let safe = String::from_utf8(safe).unwrap();
    assert!(safe.contains(r#"\u003c1.2.3-x"#), "{safe}");
    assert_eq!(fastjson::from_str::<Package>(&safe).unwrap(), package);
    let err = fastjson::from_str::<Package>(
        r#"{"version":"1.2.3","rust_version":"1.95","requires":{},"yanked":[],"bounds":[]}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.rust_version", "{err}");
    assert_eq!(
        err.message(),
        Version::parse("1.95").unwrap_err().to_string(),
        "{err}"
    );
}

#[test]
fn the_schemas_are_strings() {
    use fastjson::schema::Schema;
    for schema in [
        Version::schema(),
        VersionReq::schema(),
        Comparator::schema(),
    ] {
        assert!(schema.starts_with(r#"{"type":"string""#), "{schema}");
    }
}
