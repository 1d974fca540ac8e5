//! serde's `variant_identifier` and `field_identifier`: enums read from a string naming one of
//! their variants (renames and aliases too), against serde_json, decision for decision. They are
//! read only, as in serde, whose `Serialize` derive refuses them (`tests/ui/identifier-is-read-only.rs`),
//! also as map keys.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use serde::Deserialize;

mod same_as_serde;
use same_as_serde::same_decision;

#[derive(FastJson, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[serde(variant_identifier)]
enum Kind {
    Alpha,
    #[serde(rename = "b", alias = "beta")]
    Beta,
    #[serde(skip_deserializing)]
    Gamma,
}

/// A field identifier whose last variant holds any other name.
#[derive(FastJson, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Column {
    Id,
    #[serde(alias = "e-mail")]
    Email,
    Other(String),
}

/// A field identifier whose last variant is `other`.
#[derive(FastJson, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Setting {
    MaxDepth,
    Verbose,
    #[serde(other)]
    Unknown,
}

/// A field identifier without a catch-all: other names are unknown fields.
#[derive(FastJson, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(field_identifier)]
enum Strict {
    Name,
    Age,
}

/// Borrowing the other name from the input.
#[derive(FastJson, Deserialize, Debug, PartialEq, Clone)]
#[serde(field_identifier)]
enum Borrowed<'a> {
    Known,
    Other(&'a str),
}

/// The representation is for writing only: identifiers are read as names.
#[derive(FastJson, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(tag = "t", variant_identifier, expecting = "a shape name")]
enum Tagged {
    Square,
    Circle,
}

#[test]
fn a_variant_identifier_reads_names_and_aliases_only() {
    assert_eq!(same_decision::<Kind>(r#""Alpha""#), Ok(Kind::Alpha));
    assert_eq!(same_decision::<Kind>(r#""b""#), Ok(Kind::Beta));
    assert_eq!(same_decision::<Kind>(r#""beta""#), Ok(Kind::Beta));
    // An escaped name is its text.
    assert_eq!(same_decision::<Kind>(r#""\u0041lpha""#), Ok(Kind::Alpha));
    // serde matches every variant's name, also one that is `skip_deserializing`.
    assert_eq!(same_decision::<Kind>(r#""Gamma""#), Ok(Kind::Gamma));
    assert_eq!(
        same_decision::<Kind>(r#""Beta""#),
        Err("unknown variant `Beta`, expected one of `Alpha`, `b`, `beta`, `Gamma`".to_owned())
    );
    // Not a string: refused by both (serde_json reads identifiers as strings only).
    for input in ["0", "null", "{}", r#"{"Alpha":null}"#, "[]"] {
        let err = same_decision::<Kind>(input).unwrap_err();
        assert!(err.contains("variant identifier"), "{input}: {err}");
    }
    assert_eq!(
        same_decision::<Vec<Kind>>(r#"["Alpha", "beta", "Alpha"]"#),
        Ok(vec![Kind::Alpha, Kind::Beta, Kind::Alpha])
    );
}

#[test]
fn a_field_identifier_catches_other_names() {
    assert_eq!(same_decision::<Column>(r#""id""#), Ok(Column::Id));
    assert_eq!(same_decision::<Column>(r#""e-mail""#), Ok(Column::Email));
    assert_eq!(
        same_decision::<Column>(r#""Id""#),
        Ok(Column::Other("Id".to_owned()))
    );
    assert_eq!(
        same_decision::<Column>(r#""tab\there""#),
        Ok(Column::Other("tab\there".to_owned()))
    );
    assert_eq!(
        same_decision::<Setting>(r#""max_depth""#),
        Ok(Setting::MaxDepth)
    );
    assert_eq!(
        same_decision::<Setting>(r#""colour""#),
        Ok(Setting::Unknown)
    );
    // `other` is the catch-all, not a name.
    assert_eq!(
        same_decision::<Setting>(r#""unknown""#),
        Ok(Setting::Unknown)
    );
    assert_eq!(
        same_decision::<Strict>(r#""email""#),
        Err("unknown field `email`, expected `Name` or `Age`".to_owned())
    );
    let err = same_decision::<Strict>("7").unwrap_err();
    assert!(err.contains("field identifier"), "{err}");
}

#[test]
fn a_borrowed_other_name_needs_an_unescaped_string() {
    let input = r#"["Known", "free", "esc\"aped"]"#;
    let theirs = serde_json::from_str::<Vec<Borrowed>>(input)
        .map(|_| ())
        .is_err();
    let ours = fastjson::from_str::<Vec<Borrowed>>(input)
        .map(|_| ())
        .is_err();
    assert!(theirs && ours);
    let input = r#"["Known", "free"]"#;
    let ours: Vec<Borrowed> = fastjson::from_str(input).unwrap();
    let theirs: Vec<Borrowed> = serde_json::from_str(input).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours, [Borrowed::Known, Borrowed::Other("free")]);
}

#[test]
fn an_identifier_is_read_as_a_name_whatever_its_representation() {
    assert_eq!(same_decision::<Tagged>(r#""Circle""#), Ok(Tagged::Circle));
    assert!(same_decision::<Tagged>(r#"{"t":"Circle"}"#).is_err());
    let err = fastjson::from_str::<Tagged>("1").unwrap_err();
    assert!(err.message().contains("a shape name"), "{err}");
}

#[test]
fn identifiers_are_read_from_map_keys() {
    let read = same_decision::<BTreeMap<Column, u8>>(r#"{"id":1,"e-mail":2,"zip":3}"#);
    assert_eq!(
        read,
        Ok([
            (Column::Id, 1),
            (Column::Email, 2),
            (Column::Other("zip".into()), 3)
        ]
        .into())
    );
    assert_eq!(
        same_decision::<BTreeMap<Kind, u8>>(r#"{"beta":1,"Gamma":2}"#),
        Ok([(Kind::Beta, 1), (Kind::Gamma, 2)].into())
    );
    let err = same_decision::<BTreeMap<Kind, u8>>(r#"{"Delta":1}"#).unwrap_err();
    assert!(err.starts_with("unknown variant `Delta`"), "{err}");
    // A value's error names the key, the catch-all's by its own text.
    let err = fastjson::from_str::<BTreeMap<Column, u32>>(r#"{"zip":-1}"#).unwrap_err();
    assert_eq!(err.path(), "$.zip", "{err}");
}
