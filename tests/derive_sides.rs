//! `#[derive(Encode)]` and `#[derive(Decode)]` alone, as serde's `Serialize` and `Deserialize`
//! derives are used apart: a type that is only read may hold fields that cannot be written
//! (identifier enums, types with only a `Decode` impl), and one that is only written fields that
//! cannot be read. Each side's JSON is the one `#[derive(FastJson)]` gives, against serde_json.

use std::collections::BTreeMap;

use fastjson::schema::Schema;
use fastjson::{Decode, Encode, FastJson};
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::same_decision;

/// A field identifier: read only, so a struct holding one can only derive `Decode`.
#[derive(Decode, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Column {
    Id,
    #[serde(alias = "e-mail")]
    Email,
    Other(String),
}

/// A type with a hand-written `Decode` and no `Encode` (an upper-cased string).
#[derive(Debug, PartialEq)]
struct Shouted(String);

impl<'de> fastjson::Decode<'de> for Shouted {
    fn decode(lex: &mut fastjson::Lexer<'de>) -> fastjson::Result<Self> {
        <String as fastjson::Decode>::decode(lex).map(|text| Shouted(text.to_uppercase()))
    }
}

impl<'de> Deserialize<'de> for Shouted {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(|text| Shouted(text.to_uppercase()))
    }
}

/// A request body: identifiers as values and as map keys, a read-only field type, a flattened
/// read-only struct, and the container attributes a reader uses.
#[derive(Decode, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Query {
    columns: Vec<Column>,
    sort_by: Option<Column>,
    #[serde(default)]
    weights: BTreeMap<Column, u8>,
    title: Shouted,
    #[serde(flatten)]
    page: Page,
}

#[derive(Decode, Deserialize, Debug, PartialEq)]
struct Page {
    offset: u32,
    #[serde(default = "default_limit")]
    limit: u32,
}

fn default_limit() -> u32 {
    20
}

#[test]
fn a_decode_only_type_reads_what_serde_reads() {
    let query = same_decision::<Query>(
        r#"{"columns":["id","e-mail","zip"],"sortBy":"email","weights":{"id":2,"rank":1},"title":"hi","offset":40}"#,
    )
    .unwrap();
    assert_eq!(
        query,
        Query {
            columns: vec![Column::Id, Column::Email, Column::Other("zip".into())],
            sort_by: Some(Column::Email),
            weights: BTreeMap::from([(Column::Id, 2), (Column::Other("rank".into()), 1)]),
            title: Shouted("HI".into()),
            page: Page {
                offset: 40,
                limit: 20
            },
        }
    );
    // Missing fields, unknown fields (the flattened struct's count as known) and wrong types are
    // refused as serde refuses them.
    let missing = same_decision::<Query>(r#"{"columns":[],"offset":1}"#).unwrap_err();
    assert_eq!(missing, "missing field `title`");
    assert!(same_decision::<Query>(r#"{"columns":[],"title":"a","offset":1,"extra":0}"#).is_err());
    assert!(same_decision::<Query>(r#"{"columns":[1],"title":"a","offset":1}"#).is_err());
}

/// A type with a hand-written `Encode` and no `Decode` (a secret written masked).
struct Secret(#[allow(dead_code)] String);

impl fastjson::Encode for Secret {
    fn encode<F: fastjson::Format>(&self, w: &mut fastjson::Writer<'_, F>) {
        w.str("***");
    }
}

impl Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("***")
    }
}

/// A response: a write-only field type, an enum, a borrowed field, skip rules.
#[derive(Encode, Serialize)]
#[serde(rename_all = "camelCase")]
struct Login<'a> {
    user_name: &'a str,
    password: Secret,
    #[serde(skip_serializing_if = "Option::is_none")]
    expires_in: Option<u32>,
    role: Role,
}

#[derive(Encode, Serialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
enum Role {
    Admin,
    ReadOnly,
}

#[test]
fn an_encode_only_type_writes_serde_json_bytes_and_has_a_schema() {
    let login = Login {
        user_name: "ann",
        password: Secret("hunter2".into()),
        expires_in: None,
        role: Role::ReadOnly,
    };
    let ours = fastjson::to_string(&login);
    assert_eq!(ours, serde_json::to_string(&login).unwrap());
    assert_eq!(
        ours,
        r#"{"userName":"ann","password":"***","role":"read_only"}"#
    );
    assert_eq!(
        fastjson::to_string_pretty(&login),
        serde_json::to_string_pretty(&login).unwrap()
    );
    // `Encode` alone still makes an enum of unit variants a map key.
    let by_role = BTreeMap::from([(Role::Admin, 1), (Role::ReadOnly, 2)]);
    assert_eq!(
        fastjson::to_string(&by_role),
        serde_json::to_string(&by_role).unwrap()
    );
    // The schema describes what is written, so it comes with the writing side.
    assert!(Login::schema().contains(r#""required":["userName","password","role"]"#));
}

// Both derives apart: the same impls as `FastJson`. (Plain comments: a doc comment would be the
// schema's description.)
#[derive(Encode, Decode, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Apart {
    Move { x: i32, y: i32 },
    Stop,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Together {
    Move { x: i32, y: i32 },
    Stop,
}

#[test]
fn encode_and_decode_apart_are_fastjson() {
    let apart = [Apart::Move { x: 1, y: -2 }, Apart::Stop];
    let together = [Together::Move { x: 1, y: -2 }, Together::Stop];
    let text = fastjson::to_string(&apart);
    assert_eq!(text, fastjson::to_string(&together));
    assert_eq!(text, serde_json::to_string(&apart).unwrap());
    assert_eq!(fastjson::from_str::<Vec<Apart>>(&text).unwrap(), apart);
    assert_eq!(
        Apart::schema(),
        Together::schema().replace("Together", "Apart")
    );
}

mod foreign {
    pub struct Point {
        pub x: i32,
        pub y: i32,
    }
}

/// A remote mirror deriving one side gets that side's function only.
#[derive(Decode)]
#[serde(remote = "foreign::Point")]
struct PointReader {
    x: i32,
    y: i32,
}

#[derive(Encode)]
#[serde(remote = "foreign::Point")]
struct PointWriter {
    x: i32,
    y: i32,
}

#[test]
fn a_remote_mirror_gets_the_function_of_its_side() {
    let mut lex = fastjson::Lexer::new(br#"{"y":2,"x":1}"#);
    let point = PointReader::decode(&mut lex).unwrap();
    assert_eq!((point.x, point.y), (1, 2));
    let mut out = Vec::new();
    let mut w = fastjson::Writer::new(&mut out);
    PointWriter::encode(&point, &mut w);
    assert_eq!(out, br#"{"x":1,"y":2}"#);
}
