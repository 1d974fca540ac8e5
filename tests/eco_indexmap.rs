#![cfg(feature = "indexmap")]
//! `IndexMap` and `IndexSet` (feature `indexmap`) against indexmap's own serde impls through
//! serde_json: random maps and sets keep their order both ways (same bytes, compact and
//! pretty; equal values in the same order read back); repeated keys and elements are resolved
//! as indexmap's `insert` resolves them; keys of every key type; a flattened `IndexMap` keeps
//! the leftover entries in document order; a derived struct with all of them.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::BuildHasherDefault;

use fastjson::FastJson;
use indexmap::{IndexMap, IndexSet};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{both_accept, both_reject, check};

/// Both libraries read `input` to equal values with the same order (`IndexMap`'s `==` ignores
/// order, so the entries are compared as sequences).
fn same_order<K, V>(input: &str) -> IndexMap<K, V>
where
    K: for<'de> fastjson::DecodeKey<'de>
        + for<'de> Deserialize<'de>
        + std::hash::Hash
        + Eq
        + Debug
        + Clone,
    V: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq + Clone,
{
    let ours: IndexMap<K, V> = both_accept(input);
    let theirs: IndexMap<K, V> = serde_json::from_str(input).unwrap();
    let ours_entries: Vec<(K, V)> = ours.clone().into_iter().collect();
    let theirs_entries: Vec<(K, V)> = theirs.into_iter().collect();
    assert_eq!(ours_entries, theirs_entries, "{input}");
    ours
}

/// The bytes of both and, read back, the same order as the original.
fn check_ordered<K, V>(map: &IndexMap<K, V>)
where
    K: fastjson::EncodeKey
        + for<'de> fastjson::DecodeKey<'de>
        + Serialize
        + for<'de> Deserialize<'de>
        + std::hash::Hash
        + Eq
        + Debug
        + Clone,
    V: fastjson::Encode
        + fastjson::DecodeOwned
        + Serialize
        + for<'de> Deserialize<'de>
        + Debug
        + PartialEq
        + Clone,
{
    check(map);
    let back = same_order::<K, V>(&serde_json::to_string(map).unwrap());
    assert!(back.iter().eq(map.iter()));
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inventory {
    name: String,
    counts: IndexMap<String, u32>,
    by_id: IndexMap<u64, Vec<String>>,
    tags: IndexSet<String>,
    maybe: Option<IndexMap<i8, bool>>,
    // Another hasher: the impls take any `BuildHasher + Default`.
    fixed: IndexMap<String, u8, BuildHasherDefault<std::collections::hash_map::DefaultHasher>>,
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    notes: IndexMap<String, String>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Open {
    id: u32,
    #[serde(flatten)]
    rest: IndexMap<String, serde_json::Value>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z]{0,3}", "\\PC{0,6}", Just("\"\\\u{7}".to_owned())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn maps_and_sets_keep_their_order(
        entries in proptest::collection::vec((text(), any::<i32>()), 0..12),
        numbers in proptest::collection::vec((any::<i64>(), any::<bool>()), 0..12),
        items in proptest::collection::vec(text(), 0..12),
    ) {
        let map: IndexMap<String, i32> = entries.iter().cloned().collect();
        check_ordered(&map);
        let numbered: IndexMap<i64, bool> = numbers.iter().copied().collect();
        check_ordered(&numbered);
        let set: IndexSet<String> = items.iter().cloned().collect();
        check(&set);
        let back: IndexSet<String> = fastjson::from_str(&serde_json::to_string(&set).unwrap()).unwrap();
        prop_assert!(back.iter().eq(set.iter()));
        // With repeats: the document as written, every entry, read by both.
        let written = format!(
            "{{{}}}",
            entries.iter().map(|(k, v)| format!("{}:{v}", serde_json::to_string(k).unwrap()))
                .collect::<Vec<_>>().join(",")
        );
        same_order::<String, i32>(&written);
        let listed = serde_json::to_string(&items).unwrap();
        let ours: IndexSet<String> = both_accept(&listed);
        let theirs: IndexSet<String> = serde_json::from_str(&listed).unwrap();
        prop_assert!(ours.iter().eq(theirs.iter()));
    }

    #[test]
    fn a_derived_struct_with_index_maps(
        counts in proptest::collection::vec((text(), any::<u32>()), 0..6),
        ids in proptest::collection::vec((any::<u64>(), proptest::collection::vec(text(), 0..3)), 0..4),
        tags in proptest::collection::vec(text(), 0..6),
        maybe in proptest::option::of(proptest::collection::vec((any::<i8>(), any::<bool>()), 0..4)),
        notes in proptest::collection::vec((text(), text()), 0..3),
    ) {
        let inventory = Inventory {
            name: "shelf".to_owned(),
            counts: counts.iter().cloned().collect(),
            by_id: ids.into_iter().collect(),
            tags: tags.into_iter().collect(),
            maybe: maybe.map(|entries| entries.into_iter().collect()),
            fixed: counts.iter().map(|(k, v)| (k.clone(), *v as u8)).collect(),
            notes: notes.into_iter().collect(),
        };
        check(&inventory);
        let back: Inventory = fastjson::from_str(&serde_json::to_string(&inventory).unwrap()).unwrap();
        prop_assert!(back.counts.iter().eq(inventory.counts.iter()));
        prop_assert!(back.by_id.iter().eq(inventory.by_id.iter()));
        prop_assert!(back.tags.iter().eq(inventory.tags.iter()));
        prop_assert!(back.notes.iter().eq(inventory.notes.iter()));
    }
}

#[test]
fn a_repeated_key_keeps_its_first_place_and_last_value() {
    let map = same_order::<String, u8>(r#"{"b":1,"a":2,"b":3,"c":4,"a":5}"#);
    assert_eq!(
        map.into_iter().collect::<Vec<_>>(),
        [("b".into(), 3), ("a".into(), 5), ("c".into(), 4)]
    );
    let set: IndexSet<u8> = both_accept("[3,1,3,2,1]");
    assert_eq!(set.into_iter().collect::<Vec<_>>(), [3, 1, 2]);
}

#[test]
fn keys_of_every_key_type() {
    same_order::<i32, u8>(r#"{"-1":1,"10":2,"3":3}"#);
    same_order::<bool, u8>(r#"{"true":1,"false":2}"#);
    same_order::<char, u8>(r#"{"x":1,"\u00e9":2}"#);
    both_reject::<IndexMap<u8, u8>>(r#"{"300":1}"#);
    both_reject::<IndexMap<u8, u8>>(r#"{"\u0031":1}"#);
    both_reject::<IndexMap<String, u8>>(r#"{"a":1,}"#);
    both_reject::<IndexMap<String, u8>>(r#"["a",1]"#);
    both_reject::<IndexSet<u8>>(r#"{"a":1}"#);
    both_reject::<IndexSet<u8>>("[1,true]");
    both_reject::<IndexMap<String, u8>>("null");
    let nested: IndexMap<String, IndexMap<String, IndexSet<u8>>> =
        both_accept(r#"{"z":{"y":[2,1],"x":[]},"a":{}}"#);
    assert_eq!(nested.keys().collect::<Vec<_>>(), ["z", "a"]);
    assert_eq!(nested["z"].keys().collect::<Vec<_>>(), ["y", "x"]);
}

#[test]
fn a_flattened_index_map_keeps_the_other_entries_in_order() {
    let input = r#"{"z":1,"id":7,"b":[true],"a":{"k":null},"z":"again"}"#;
    let ours: Open = both_accept(input);
    let theirs: Open = serde_json::from_str(input).unwrap();
    assert!(ours.rest.iter().eq(theirs.rest.iter()));
    assert_eq!(ours.rest.keys().collect::<Vec<_>>(), ["z", "b", "a"]);
    assert_eq!(ours.rest["z"], "again");
    check(&ours);
    assert_eq!(
        fastjson::to_string(&ours),
        r#"{"id":7,"z":"again","b":[true],"a":{"k":null}}"#
    );
}

#[test]
fn errors_carry_the_path() {
    let err = fastjson::from_str::<IndexMap<String, IndexSet<u8>>>(r#"{"a":[1],"b":[1,"x"]}"#)
        .unwrap_err();
    assert_eq!(err.path(), "$.b[1]", "{err}");
}

#[test]
fn order_is_not_sorted() {
    let map: IndexMap<String, u8> = [("z".to_owned(), 1), ("a".to_owned(), 2)].into();
    assert_eq!(fastjson::to_string(&map), r#"{"z":1,"a":2}"#);
    let sorted: BTreeMap<String, u8> = map.clone().into_iter().collect();
    assert_ne!(fastjson::to_string(&sorted), fastjson::to_string(&map));
}

/// The derive describes them as the std maps and sets: objects and arrays of unique items.
#[test]
fn the_schema_says_object_and_array() {
    use fastjson::schema::SchemaDocument;
    let document = SchemaDocument::new()
        .with::<Inventory>()
        .with::<Open>()
        .to_json();
    assert!(
        document.contains(
            r#""counts":{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":4294967295}}"#
        ),
        "{document}"
    );
    assert!(
        document
            .contains(r#""tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}"#),
        "{document}"
    );
    assert!(!document.contains("$defs/Index"), "{document}");
}
