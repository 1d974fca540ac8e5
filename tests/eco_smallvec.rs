#![cfg(feature = "smallvec")]
//! `smallvec::SmallVec` (feature `smallvec`) against smallvec's own serde impl through
//! serde_json: random vectors (inline and spilled, of integers, floats, strings and nested
//! vectors) encode to the same arrays (compact and pretty) and decode to the same values;
//! non-arrays and bad elements are refused by both, with the element's index in the path;
//! `Option`, map values and a derived struct, whose schema says "array".

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Path {
    points: SmallVec<[f64; 4]>,
    names: SmallVec<[String; 2]>,
    flags: Option<SmallVec<[bool; 8]>>,
    nested: SmallVec<[SmallVec<[u8; 2]>; 1]>,
    by_name: BTreeMap<String, SmallVec<[i64; 3]>>,
}

/// Both libraries refuse `input` (fastjson words type errors its own way).
fn both_refuse<T>(input: &str)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let ours = fastjson::from_str::<T>(input);
    let theirs = serde_json::from_str::<T>(input);
    assert!(
        ours.is_err() && theirs.is_err(),
        "{input}: {ours:?}, {theirs:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_vectors(
        ints in prop::collection::vec(any::<i64>(), 0..10),
        floats in prop::collection::vec(any::<f64>().prop_filter("finite", |f| f.is_finite()), 0..10),
        names in prop::collection::vec(".{0,8}", 0..5),
        bytes in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..4), 0..4),
    ) {
        let ints: SmallVec<[i64; 3]> = ints.into_iter().collect();
        check(&ints);
        let json = serde_json::to_string(&ints).unwrap();
        let back = both_accept::<SmallVec<[i64; 3]>>(&json);
        prop_assert_eq!(back.spilled(), ints.len() > 3);
        let floats: SmallVec<[f64; 4]> = floats.into_iter().collect();
        check(&floats);
        let names: SmallVec<[String; 2]> = names.into_iter().collect();
        check(&names);
        check(&Some(names.clone()));
        let nested: SmallVec<[SmallVec<[u8; 2]>; 1]> =
            bytes.iter().map(|b| b.iter().copied().collect()).collect();
        check(&nested);
        let by_name: BTreeMap<String, SmallVec<[i64; 3]>> =
            names.iter().map(|n| (n.clone(), ints.clone())).collect();
        check(&by_name);
        check(&Path { points: floats, names, flags: None, nested, by_name });
    }
}

#[test]
fn inline_and_spilled() {
    for len in 0..6u32 {
        let value: SmallVec<[u32; 2]> = (0..len).collect();
        check(&value);
        let json = serde_json::to_string(&value).unwrap();
        let back = both_accept::<SmallVec<[u32; 2]>>(&json);
        assert_eq!(back.spilled(), len > 2, "{json}");
    }
    // Capacity zero spills at once, as smallvec's own visitor's pushes do.
    assert_eq!(
        both_accept::<SmallVec<[u8; 0]>>("[1, 2]").as_slice(),
        [1, 2]
    );
    assert_eq!(
        fastjson::to_string_pretty(&SmallVec::<[u8; 2]>::from_slice(&[1, 2, 3])),
        "[\n  1,\n  2,\n  3\n]"
    );
}

#[test]
fn only_arrays_are_read() {
    for input in ["null", "0", "true", r#""ab""#, "{}", r#"{"0":1}"#] {
        both_reject::<SmallVec<[u8; 4]>>(input);
    }
    for input in [
        "[1,]", "[1", "[1 2]", "[256]", "[-1]", "[1.5]", r#"["1"]"#, "[null]",
    ] {
        both_refuse::<SmallVec<[u8; 4]>>(input);
    }
    assert_eq!(both_accept::<Option<SmallVec<[u8; 4]>>>("null"), None);
    let err = fastjson::from_str::<Path>(
        r#"{"points":[1.5,"x"],"names":[],"flags":null,"nested":[],"by_name":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.points[1]", "{err}");
}

#[test]
fn a_derived_struct_round_trips() {
    let json = r#"{"points":[1.0,2.5,-0.0,1e+25,3.0],"names":["a"],"flags":[true],"nested":[[1],[2,3,4]],"by_name":{"k":[-1]}}"#;
    let path = both_accept::<Path>(json);
    assert!(path.points.spilled());
    assert_eq!(
        fastjson::to_string(&path),
        serde_json::to_string(&path).unwrap()
    );
    check(&path);
}

#[test]
fn the_schema_says_array_of_the_element() {
    use fastjson::schema::SchemaDocument;
    let document = SchemaDocument::new().with::<Path>().to_json();
    assert!(
        document.contains(r#""points":{"type":"array","items":{"type":"number"}}"#),
        "{document}"
    );
    assert!(
        document.contains(
            r#""nested":{"type":"array","items":{"type":"array","items":{"type":"integer""#
        ),
        "{document}"
    );
}
