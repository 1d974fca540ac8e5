//! Smoke test of `#[derive(FastJson)]`: a handful of shapes encode byte for byte as
//! serde_json + serde_derive and decode back. The full differential catalog is `serde_compat`.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};

/// Encodes with both libraries, compares the bytes (compact and pretty), decodes back.
fn check<T>(value: &T)
where
    T: fastjson::Encode + fastjson::DecodeOwned + Serialize + Debug + PartialEq,
{
    let ours = fastjson::to_string(value);
    let theirs = serde_json::to_string(value).unwrap();
    assert_eq!(ours, theirs, "compact encoding of {value:?}");
    let ours_pretty = fastjson::to_string_pretty(value);
    let theirs_pretty = serde_json::to_string_pretty(value).unwrap();
    assert_eq!(ours_pretty, theirs_pretty, "pretty encoding of {value:?}");
    let back: T = fastjson::from_str(&ours).unwrap_or_else(|e| panic!("decode {ours}: {e}"));
    assert_eq!(&back, value);
}

/// Both libraries accept `json` and decode the same value, or both reject it.
fn same_decision<T>(json: &str)
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + Debug + PartialEq,
{
    let ours: Result<T, _> = fastjson::from_str(json);
    let theirs: Result<T, _> = serde_json::from_str(json);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{json}"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("{json}: fastjson {a:?}, serde_json {b:?}"),
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Meters(f64);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct User {
    user_id: u64,
    #[serde(rename = "full\"name")]
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nick_name: Option<String>,
    #[serde(alias = "mail")]
    email: Option<String>,
    #[serde(skip)]
    cache: u32,
    tags: Vec<String>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Generic<T> {
    items: Vec<T>,
    first: Option<T>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
}

/// `borrow` on newtype variants: as if on their field (serde allows it nowhere else on a variant).
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
enum Token<'a> {
    #[serde(borrow)]
    Word(Cow<'a, str>),
    #[serde(borrow = "'a")]
    Quoted(Cow<'a, str>),
    Number(u32),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Tree {
    value: u8,
    children: Vec<Self>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Page {
    page: u32,
    #[serde(flatten)]
    user: User,
    #[serde(flatten)]
    extra: BTreeMap<String, u32>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    #[serde(rename = "new")]
    Newtype(u32),
    Tuple(u8, bool),
    Struct {
        a: u8,
        b: Option<String>,
    },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Internal {
    HTTPError {
        code: u16,
    },
    Empty,
    Wrapped(Generic<u8>),
    #[serde(other)]
    Unknown,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { x: i32 },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Point { x: i32, y: i32 },
    Pair(i32, i32),
    Number(i64),
    Text(String),
    Nothing,
}

fn user() -> User {
    User {
        user_id: 7,
        name: "Ada".into(),
        nick_name: Some("ada".into()),
        email: None,
        cache: 0,
        tags: vec!["a".into(), "b\n".into()],
    }
}

#[test]
fn structs_match_serde_json() {
    check(&Unit);
    check(&Meters(1.5));
    check(&Pair(3, "x".into()));
    check(&user());
    check(&User {
        nick_name: None,
        ..user()
    });
    check(&Generic {
        items: vec![1u8, 2],
        first: None,
    });
    check(&Tree {
        value: 1,
        children: vec![Tree {
            value: 2,
            children: Vec::new(),
        }],
    });
    check(&Page {
        page: 2,
        user: user(),
        extra: BTreeMap::from([("zz".to_owned(), 1)]),
    });
}

#[test]
fn enums_match_serde_json() {
    for value in [
        External::Unit,
        External::Newtype(5),
        External::Tuple(1, true),
        External::Struct { a: 1, b: None },
    ] {
        check(&value);
    }
    for value in [
        Internal::HTTPError { code: 404 },
        Internal::Empty,
        Internal::Wrapped(Generic {
            items: vec![1],
            first: Some(2),
        }),
    ] {
        check(&value);
    }
    for value in [
        Adjacent::Unit,
        Adjacent::Newtype("n".into()),
        Adjacent::Tuple(1, 2),
        Adjacent::Struct { x: -1 },
    ] {
        check(&value);
    }
    for value in [
        Untagged::Point { x: 1, y: 2 },
        Untagged::Pair(1, 2),
        Untagged::Number(3),
        Untagged::Text("t".into()),
        Untagged::Nothing,
    ] {
        check(&value);
    }
}

#[test]
fn borrowed_fields_borrow_from_the_input() {
    let json = r#"{"name":"plain","note":"also plain"}"#;
    let value: Borrowed = fastjson::from_str(json).unwrap();
    assert!(matches!(value.note, Cow::Borrowed(_)));
    assert_eq!(
        fastjson::to_string(&value),
        serde_json::to_string(&value).unwrap()
    );
}

#[test]
fn borrowing_newtype_variants_borrow_from_the_input() {
    let json = r#"[{"Word":"plain"},{"Quoted":"say \"hi\""},{"Number":3}]"#;
    let ours: Vec<Token> = fastjson::from_str(json).unwrap();
    let theirs: Vec<Token> = serde_json::from_str(json).unwrap();
    assert_eq!(ours, theirs);
    // Borrowed where the text has no escapes, as serde borrows it; owned where it must be.
    assert!(matches!(&ours[0], Token::Word(Cow::Borrowed("plain"))));
    assert!(matches!(&theirs[0], Token::Word(Cow::Borrowed("plain"))));
    assert!(matches!(&ours[1], Token::Quoted(Cow::Owned(_))));
    assert_eq!(
        fastjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
}

#[test]
fn decode_decisions_match_serde_json() {
    same_decision::<User>(r#"{"userId":1,"full\"name":"a","tags":[]}"#);
    same_decision::<User>(r#"{"userId":1,"full\"name":"a","mail":"m","tags":[]}"#);
    same_decision::<User>(r#"{"userId":1,"full\"name":"a","tags":[],"other":1}"#);
    same_decision::<User>(r#"{"userId":1,"userId":2,"full\"name":"a","tags":[]}"#);
    same_decision::<User>(r#"{"full\"name":"a","tags":[]}"#);
    same_decision::<User>(r#"[1,"a",null,null,[]]"#);
    same_decision::<User>(r#"[1,"a",null,null,[],1]"#);
    same_decision::<User>(r#"[1,"a"]"#);
    same_decision::<Internal>(r#"{"code":500,"type":"h_t_t_p_error"}"#);
    same_decision::<Internal>(r#"{"type":"h_t_t_p_error","code":500,"type":"empty"}"#);
    same_decision::<Internal>(r#"{"type":"nope"}"#);
    same_decision::<Internal>(r#"{"code":1}"#);
    same_decision::<Internal>(r#"["h_t_t_p_error",7]"#);
    same_decision::<Internal>(r#"{"items":[1],"type":"wrapped","first":null}"#);
    same_decision::<Adjacent>(r#"{"c":{"x":3},"t":"Struct"}"#);
    same_decision::<Adjacent>(r#"{"x":0,"t":"Unit"}"#);
    same_decision::<Adjacent>(r#"{"t":"Newtype"}"#);
    same_decision::<Adjacent>(r#"["Tuple",[1,2]]"#);
    same_decision::<External>(r#""Newtype""#);
    same_decision::<External>(r#"{"Struct":[1,"b"]}"#);
    same_decision::<External>(r#"{"Unit":null}"#);
    same_decision::<External>(r#"{"Nope":null}"#);
    same_decision::<Untagged>(r#"{"x":1}"#);
    same_decision::<Untagged>(r#"[1,2,3]"#);
    same_decision::<Untagged>(r#"null"#);
}

#[test]
fn errors_carry_the_json_path() {
    let err = fastjson::from_str::<Page>(r#"{"page":1,"userId":1,"full\"name":"a","tags":[1]}"#)
        .unwrap_err();
    assert!(err.path().contains("tags"), "{}", err.path());
    let err = fastjson::from_str::<External>(r#"{"Struct":{"a":"x"}}"#).unwrap_err();
    assert_eq!(err.path(), "$.Struct.a");
}

#[derive(FastJson, Debug, PartialEq)]
#[fastjson(omitempty)]
struct Sparse {
    name: String,
    count: u32,
    tags: Vec<String>,
    parent: Option<u64>,
    #[serde(skip_serializing_if = "is_odd")]
    odd: u32,
}

fn is_odd(v: &u32) -> bool {
    v % 2 == 1
}

#[test]
fn omitempty_skips_empty_values() {
    let empty = Sparse {
        name: String::new(),
        count: 0,
        tags: Vec::new(),
        parent: None,
        odd: 1,
    };
    assert_eq!(fastjson::to_string(&empty), "{}");
    let full = Sparse {
        name: "n".into(),
        count: 2,
        tags: vec!["t".into()],
        parent: Some(0),
        odd: 2,
    };
    assert_eq!(
        fastjson::to_string(&full),
        r#"{"name":"n","count":2,"tags":["t"],"parent":0,"odd":2}"#
    );
}

/// Generated code must name std items only through `_fj::__private`: these shadow the prelude.
#[allow(dead_code, non_camel_case_types)]
mod hygiene {
    use fastjson::FastJson;

    struct Result;
    struct Ok;
    struct Err;
    struct Option;
    struct Some;
    struct None;
    struct Vec;
    struct String;
    struct Box;
    struct Default;
    struct PhantomData;
    struct usize;
    struct bool;

    #[derive(FastJson)]
    #[serde(default)]
    struct Everything {
        a: u8,
        b: std::option::Option<u8>,
        #[serde(flatten)]
        c: Inner,
    }

    impl std::default::Default for Everything {
        fn default() -> Self {
            Everything {
                a: 0,
                b: std::option::Option::None,
                c: Inner { d: 0 },
            }
        }
    }

    #[derive(FastJson)]
    struct Inner {
        d: u8,
    }

    #[derive(FastJson)]
    struct Tuple(u8, std::string::String);

    #[derive(FastJson)]
    enum External {
        A,
        B(u8),
        C(u8, u8),
        D { x: u8 },
    }

    #[derive(FastJson)]
    #[serde(tag = "t")]
    enum Internal {
        A,
        B(Inner),
        D { x: u8 },
    }

    #[derive(FastJson)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        A,
        B(std::option::Option<u8>),
        C(u8, u8),
        D { x: u8 },
    }

    #[derive(FastJson)]
    #[serde(untagged)]
    enum Untagged {
        A,
        B(u8),
        D { x: u8 },
    }
}

/// A struct for [`every_key_order_decodes_the_same_before_and_after_it_is_learned`]: five
/// fields, one optional and absent from some documents.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Reading {
    sensor: String,
    at: u64,
    value: f64,
    #[serde(default)]
    note: Option<String>,
    ok: bool,
}

/// The derived decoder predicts each key from the order learned from earlier documents (a
/// table shared by the process): every permutation of the keys, each decoded several times in
/// a row (the first time against the previous document's order, then against its own), with
/// an unknown key, a missing optional field and a duplicate key, decides as serde_json does.
#[test]
fn every_key_order_decodes_the_same_before_and_after_it_is_learned() {
    let members = [
        r#""sensor":"t-1""#,
        r#""at":1700000000"#,
        r#""value":21.5"#,
        r#""note":"calibrated""#,
        r#""ok":true"#,
    ];
    // Heap's algorithm: all 120 orders of the five members.
    fn permutations(items: &mut [usize], k: usize, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(items.to_vec());
            return;
        }
        for i in 0..k {
            permutations(items, k - 1, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            items.swap(j, k - 1);
        }
    }
    let mut orders = Vec::new();
    permutations(&mut [0, 1, 2, 3, 4], 5, &mut orders);
    assert_eq!(orders.len(), 120);
    for order in &orders {
        let object = |members: Vec<&str>| format!("{{{}}}", members.join(","));
        let all: Vec<&str> = order.iter().map(|&i| members[i]).collect();
        let without_note: Vec<&str> = order
            .iter()
            .filter(|&&i| i != 3)
            .map(|&i| members[i])
            .collect();
        let mut with_unknown = all.clone();
        with_unknown.insert(2, r#""extra":[1,{"at":2}]"#);
        let mut with_duplicate = all.clone();
        with_duplicate.push(members[order[0]]);
        let pretty = format!(
            "{{\n  {}\n}}",
            all.iter()
                .map(|m| m.replace(':', ": "))
                .collect::<Vec<_>>()
                .join(",\n  ")
        );
        for _ in 0..3 {
            for doc in [
                object(all.clone()),
                object(without_note.clone()),
                object(with_unknown.clone()),
                pretty.clone(),
            ] {
                same_decision::<Reading>(&doc);
                assert!(fastjson::from_str::<Reading>(&doc).is_ok(), "{doc}");
            }
            let duplicate = object(with_duplicate.clone());
            let err = fastjson::from_str::<Reading>(&duplicate).expect_err(&duplicate);
            assert!(
                err.to_string().contains("duplicate field"),
                "{duplicate}: {err}"
            );
        }
    }
    // A second thread sees (and may change) the same table: still exact.
    let handle = std::thread::spawn(move || {
        for order in orders.iter().rev() {
            let doc: Vec<&str> = order.iter().map(|&i| members[i]).collect();
            let doc = format!("{{{}}}", doc.join(","));
            same_decision::<Reading>(&doc);
        }
    });
    handle.join().unwrap();
}
