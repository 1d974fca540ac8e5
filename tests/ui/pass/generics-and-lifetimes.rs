// Type parameters (bounds inferred, or given with `bound`), where clauses, recursion, and
// borrowed fields (`&str`, `Cow` with `borrow`).
use std::borrow::Cow;
use std::collections::BTreeMap;

use fastjson::FastJson;

#[derive(FastJson, Debug, PartialEq)]
struct Page<T> {
    items: Vec<T>,
    next: Option<u64>,
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(bound = "V: fastjson::Encode + for<'x> fastjson::Decode<'x>")]
struct Tree<V>
where
    V: Clone,
{
    entries: BTreeMap<String, V>,
    children: Vec<Tree<V>>,
}

#[derive(FastJson, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
}

fn main() {
    let page = Page { items: vec![1u8, 2], next: None };
    let json = fastjson::to_string(&page);
    assert_eq!(json, r#"{"items":[1,2],"next":null}"#);
    assert_eq!(fastjson::from_str::<Page<u8>>(&json).unwrap(), page);

    let tree = Tree {
        entries: BTreeMap::from([("a".to_owned(), 1)]),
        children: vec![Tree { entries: BTreeMap::new(), children: vec![] }],
    };
    let json = fastjson::to_string(&tree);
    assert_eq!(json, r#"{"entries":{"a":1},"children":[{"entries":{},"children":[]}]}"#);
    assert_eq!(fastjson::from_str::<Tree<i32>>(&json).unwrap(), tree);

    let input = String::from(r#"{"name":"ada","note":"plain"}"#);
    let borrowed: Borrowed<'_> = fastjson::from_str(&input).unwrap();
    assert_eq!(borrowed.name, "ada");
    assert!(matches!(borrowed.note, Cow::Borrowed("plain")));
}
