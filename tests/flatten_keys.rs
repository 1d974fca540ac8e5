//! Which flattened field reads which key, against serde_json: serde buffers the keys no field of
//! the struct names and hands them to its flattened fields in declaration order; a struct (or an
//! externally tagged enum) takes the entries it names, while a map, or a struct with flattened
//! fields of its own, reads every entry left and takes none, so the fields after it see them too.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

mod serde_agreement;
use serde_agreement::same_decode;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct A {
    a: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct B {
    b: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
enum Shape {
    Dot,
    Square(f64),
    Circle { r: u8 },
}

/// A map declared before a struct: both read `a`.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct MapFirst {
    #[serde(flatten)]
    rest: BTreeMap<String, Value>,
    #[serde(flatten)]
    inner: A,
}

fn keys<V>(map: &BTreeMap<String, V>) -> Vec<&str> {
    map.keys().map(String::as_str).collect()
}

/// The case that failed before: the map, declared first, took `a` from the struct after it.
#[test]
fn a_map_before_a_struct_leaves_it_its_keys() {
    let value = same_decode::<MapFirst>(r#"{"a":1,"b":[2,{"c":null}]}"#).unwrap();
    assert_eq!(value.inner, A { a: 1 });
    assert_eq!(keys(&value.rest), ["a", "b"]);
    // Pretty, with the struct's key last.
    let value = same_decode::<MapFirst>("{\n  \"b\" : [ 2 ] ,\n  \"a\" :\t7\n}").unwrap();
    assert_eq!(value.inner, A { a: 7 });
    assert_eq!(value.rest["a"], json!(7));

    // The struct refuses the value the map accepted, and a missing key is missing for it.
    same_decode::<MapFirst>(r#"{"a":"x","b":2}"#).unwrap_err();
    let missing = same_decode::<MapFirst>(r#"{"b":2}"#).unwrap_err();
    assert!(missing.contains("missing field `a`"), "{missing}");

    // A map whose values must fit its own type reads the struct's keys too: serde refuses a
    // value the map cannot hold even when a struct after it takes the key.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Counts {
        #[serde(flatten)]
        counts: BTreeMap<String, u8>,
        #[serde(flatten)]
        inner: B,
    }
    let value = same_decode::<Counts>(r#"{"a":1,"b":2}"#).unwrap();
    assert_eq!((keys(&value.counts), value.inner.b), (vec!["a", "b"], 2));
    same_decode::<Counts>(r#"{"a":"s","b":2}"#).unwrap_err();
}

#[test]
fn a_map_after_a_struct_sees_only_what_the_struct_left() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct MapLast {
        #[serde(flatten)]
        inner: A,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }
    let value = same_decode::<MapLast>(r#"{"a":1,"b":2}"#).unwrap();
    assert_eq!(keys(&value.rest), ["b"]);
}

#[test]
fn two_maps_both_see_every_key() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TwoMaps {
        #[serde(flatten)]
        one: BTreeMap<String, Value>,
        #[serde(flatten)]
        two: HashMap<String, Value>,
        #[serde(flatten)]
        three: serde_json::Map<String, Value>,
    }
    let value = same_decode::<TwoMaps>(r#"{"a":1,"b":{"c":[true]}}"#).unwrap();
    assert_eq!(value.two.len(), 2);
    assert_eq!(value.three["b"], json!({"c": [true]}));
}

/// `Option<T>` and `Box<T>` share keys as `T` does; a failed `Option` is `None` and leaves the
/// other fields their keys.
#[test]
fn options_and_boxes_share_keys_as_their_content_does() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Wrapped {
        #[serde(flatten)]
        counts: Option<BTreeMap<String, u8>>,
        #[serde(flatten)]
        inner: Box<B>,
        #[serde(flatten)]
        shape: Option<Shape>,
        #[serde(flatten)]
        a: Option<A>,
    }
    let value = same_decode::<Wrapped>(r#"{"a":3,"b":2,"Square":7}"#).unwrap();
    assert_eq!(value.counts.as_ref().map(BTreeMap::len), Some(3));
    assert_eq!(value.shape, Some(Shape::Square(7.0)));
    assert_eq!(value.a, Some(A { a: 3 }));
    // The map fails on the string, and the fields after it still get their keys.
    let value = same_decode::<Wrapped>(r#"{"a":"s","b":2,"Circle":{"r":1}}"#).unwrap();
    assert_eq!(value.counts, None);
    assert_eq!(value.inner.b, 2);
    assert_eq!(value.shape, Some(Shape::Circle { r: 1 }));
    assert_eq!(value.a, None);
}

/// serde reads a flattened struct that has flattened fields of its own as a map: it takes no
/// key from the fields after it, its own named fields included.
#[test]
fn a_struct_with_flattened_fields_leaves_keys_like_a_map() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct WithFlat {
        a: u8,
        #[serde(flatten)]
        b: B,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        z: u8,
        #[serde(flatten)]
        with: WithFlat,
        #[serde(flatten)]
        a: A,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }
    let value = same_decode::<Outer>(r#"{"z":0,"a":1,"b":2,"c":3}"#).unwrap();
    assert_eq!(value.with.a, 1);
    assert_eq!(value.with.b.b, 2);
    assert_eq!(value.a.a, 1);
    assert_eq!(keys(&value.rest), ["b", "c"]);

    // And inside it the same rules hold: its map before its struct.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct MapThenStruct {
        #[serde(flatten)]
        m: HashMap<String, Value>,
        #[serde(flatten)]
        a: A,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Nested {
        z: u8,
        #[serde(flatten)]
        inner: MapThenStruct,
        #[serde(flatten)]
        b: B,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }
    let value = same_decode::<Nested>(r#"{"z":1,"a":2,"b":3,"c":{"d":[1,2]}}"#).unwrap();
    assert_eq!((value.inner.a.a, value.b.b), (2, 3));
    assert_eq!(value.inner.m.len(), 3);
    assert_eq!(keys(&value.rest), ["a", "c"]);
    let error = same_decode::<Nested>(r#"{"z":1,"a":2,"b":3,"c":{"d":[1,2}}"#).unwrap_err();
    assert!(error.contains("$.c.d"), "{error}");
}

/// An externally tagged enum after a map reads its entry the map read first, in compact and
/// pretty input and with the entry's value an object (the lexer goes back to the value).
#[test]
fn an_externally_tagged_enum_after_a_map_gets_its_entry() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Drawing {
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
        #[serde(flatten)]
        shape: Shape,
        #[serde(flatten)]
        a: A,
    }
    for json in [
        r#"{"b":2,"Circle":{"r":3},"a":1}"#,
        "{ \"Circle\" :\n  { \"r\" : 3 }\n , \"a\":1}",
    ] {
        let value = same_decode::<Drawing>(json).unwrap();
        assert_eq!(value.shape, Shape::Circle { r: 3 });
        assert_eq!(value.rest["Circle"], json!({"r": 3}));
    }
    let value = same_decode::<Drawing>(r#"{"Dot":null,"a":1}"#).unwrap();
    assert_eq!(value.shape, Shape::Dot);
    let missing = same_decode::<Drawing>(r#"{"a":1}"#).unwrap_err();
    assert!(missing.contains("no variant of enum Shape"), "{missing}");
}

/// serde's `deny_unknown_fields` refuses an entry no flattened struct or enum took, even when a
/// flattened map read it; fastjson refuses the same keys.
#[test]
fn deny_unknown_fields_refuses_keys_only_a_map_read() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        z: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
        #[serde(flatten)]
        a: A,
    }
    let value = same_decode::<Strict>(r#"{"z":0,"a":1}"#).unwrap();
    assert_eq!(keys(&value.rest), ["a"]);
    let refusal = same_decode::<Strict>(r#"{"z":0,"a":1,"b":2}"#).unwrap_err();
    assert!(refusal.contains("unknown field `b`"), "{refusal}");

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct OnlyMap {
        z: u8,
        #[serde(flatten)]
        rest: HashMap<String, Value>,
    }
    assert!(same_decode::<OnlyMap>(r#"{"z":0}"#)
        .unwrap()
        .rest
        .is_empty());
    let refusal = same_decode::<OnlyMap>(r#"{"b":2,"z":0}"#).unwrap_err();
    assert!(refusal.contains("unknown field `b`"), "{refusal}");
}

/// Encoding is unchanged: each flattened field writes its own entries, so a map holding a
/// struct's key writes it again, as serde does.
#[test]
fn encoding_writes_each_flattened_fields_entries() {
    let value = MapFirst {
        rest: BTreeMap::from([("b".to_owned(), json!(2))]),
        inner: A { a: 1 },
    };
    let text = fastjson::to_string(&value);
    assert_eq!(text, serde_json::to_string(&value).unwrap());
    assert_eq!(same_decode::<MapFirst>(&text).unwrap().inner, value.inner);
}

/// serde reads a flattened struct that has flattened fields of its own as a map handed every key
/// the enclosing struct left, so its `deny_unknown_fields` refuses those none of its fields
/// takes; a flattened struct without is handed only the keys it names, and refuses none.
#[test]
fn deny_unknown_fields_on_a_flattened_struct() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct StrictWithFlat {
        a: u8,
        #[serde(flatten)]
        b: B,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        z: u8,
        #[serde(flatten)]
        inner: StrictWithFlat,
    }
    let value = same_decode::<Outer>(r#"{"z":0,"b":2,"a":1}"#).unwrap();
    assert_eq!((value.inner.a, value.inner.b.b), (1, 2));
    let refusal = same_decode::<Outer>(r#"{"z":0,"a":1,"c":3,"b":2}"#).unwrap_err();
    assert!(refusal.contains("unknown field `c`"), "{refusal}");

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct StrictPlain {
        a: u8,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Lenient {
        #[serde(flatten)]
        inner: StrictPlain,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }
    let value = same_decode::<Lenient>(r#"{"c":3,"a":1}"#).unwrap();
    assert_eq!((value.inner.a, keys(&value.rest)), (1, vec!["c"]));
}

/// A key repeated in the input: the struct that takes it refuses the second, as serde's does;
/// a map alone keeps the last value, as serde's does.
#[test]
fn repeated_keys_beside_a_map() {
    let refusal = same_decode::<MapFirst>(r#"{"a":1,"b":2,"a":3}"#).unwrap_err();
    assert!(refusal.contains("duplicate field `a`"), "{refusal}");
    let value = same_decode::<MapFirst>(r#"{"b":1,"a":2,"b":3}"#).unwrap();
    assert_eq!(value.rest["b"], json!(3));
}
