//! Field extraction against serde_json's `Value::pointer` on random documents, and its edges:
//! overlapping paths, repeated keys, validation, stopping early, errors and their paths.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::{extract, Extractor};
use crate::test_rng::xorshift;

/// Keys that need every path form: plain, dotted, bracketed, quoted, escaped, non-ASCII, empty.
const KEYS: &[&str] = &[
    "id",
    "user",
    "a.b",
    "[0]",
    "say \"hi\"",
    "back\\slash",
    "é",
    "",
    "x y",
    "n",
    "tab\t",
    "$",
];

fn random_value(next: &mut impl FnMut() -> u64, depth: u32) -> Value {
    let kind = if depth == 0 { next() % 4 } else { next() % 6 };
    match kind {
        0 => Value::Null,
        1 => json!(next().is_multiple_of(2)),
        2 => json!(next() % 100_000),
        3 => json!(KEYS[(next() % KEYS.len() as u64) as usize]),
        4 => Value::Array(
            (0..next() % 5)
                .map(|_| random_value(next, depth - 1))
                .collect(),
        ),
        _ => {
            let mut map = Map::new();
            for _ in 0..next() % 5 {
                let key = KEYS[(next() % KEYS.len() as u64) as usize];
                map.insert(key.to_owned(), random_value(next, depth - 1));
            }
            Value::Object(map)
        }
    }
}

/// Every value in `v` as (our path, JSON pointer), choosing at random between `.name` and
/// `["name"]` where both can say the key.
fn all_paths(
    v: &Value,
    ours: String,
    pointer: String,
    next: &mut impl FnMut() -> u64,
    out: &mut Vec<(String, String)>,
) {
    out.push((ours.clone(), pointer.clone()));
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                all_paths(
                    item,
                    format!("{ours}[{i}]"),
                    format!("{pointer}/{i}"),
                    next,
                    out,
                );
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                let dotted = !k.is_empty() && !k.contains(['.', '[']) && next().is_multiple_of(2);
                let step = if dotted {
                    format!(".{k}")
                } else {
                    format!("[\"{}\"]", k.replace('\\', "\\\\").replace('"', "\\\""))
                };
                let token = k.replace('~', "~0").replace('/', "~1");
                all_paths(
                    item,
                    ours.clone() + &step,
                    format!("{pointer}/{token}"),
                    next,
                    out,
                );
            }
        }
        _ => {}
    }
}

/// `path`'s value in `doc`: keys step into objects only, positions into arrays only.
fn follow<'v>(doc: &'v Value, path: &str) -> Option<&'v Value> {
    super::path::parse(path)
        .unwrap()
        .iter()
        .try_fold(doc, |v, segment| match (segment, v) {
            (super::Segment::Key(k), Value::Object(map)) => map.get(&**k),
            (super::Segment::Index(i), Value::Array(items)) => items.get(*i),
            _ => None,
        })
}

#[test]
fn random_documents_agree_with_serde_json_pointer() {
    let mut next = xorshift(0x5EED_0E47_2AC7_0001);
    let mut checked = 0;
    for round in 0..400 {
        let doc = random_value(&mut next, 4);
        let text = if round % 2 == 0 {
            serde_json::to_string(&doc).unwrap()
        } else {
            serde_json::to_string_pretty(&doc).unwrap()
        };
        let mut present = Vec::new();
        all_paths(&doc, "$".into(), String::new(), &mut next, &mut present);
        // A random half of the present paths, plus paths the document does not have.
        let mut chosen: Vec<(String, String)> = present
            .into_iter()
            .filter(|_| next().is_multiple_of(2))
            .collect();
        for (ours, pointer) in [
            ("$.missing", "/missing"),
            ("$[7]", "/7"),
            ("$.id[0]", "/id/0"),
            ("$[0].user", "/0/user"),
        ] {
            chosen.push((ours.into(), pointer.into()));
        }
        let extractor = Extractor::new(chosen.iter().map(|(ours, _)| ours)).unwrap();
        for stop in [false, true] {
            let extractor = extractor.clone().stop_when_found(stop);
            let found = extractor.extract(text.as_bytes()).unwrap();
            let found_str = extractor.extract_str(&text).unwrap();
            for (i, (ours, pointer)) in chosen.iter().enumerate() {
                // serde_json's pointer reads `/7` as an object's key too, where `[7]` is only
                // an array position: the pointer is the reference for the paths taken from the
                // document, `follow` (the same rule by hand) for the rest.
                let expected = follow(&doc, ours);
                if i < chosen.len() - 4 {
                    assert_eq!(expected, doc.pointer(pointer), "{ours}");
                }
                let got: Option<Value> = found.raw(i).map(|t| serde_json::from_str(t).unwrap());
                assert_eq!(got.as_ref(), expected, "{ours} in {text}");
                assert_eq!(found_str.raw(i), found.raw(i));
                assert_eq!(found.get::<Value>(i).unwrap(), got, "{ours}");
                checked += 1;
            }
            assert_eq!(
                found.found(),
                chosen
                    .iter()
                    .filter(|(ours, _)| follow(&doc, ours).is_some())
                    .count()
            );
        }
    }
    assert!(checked > 4_000, "{checked}");
}

#[test]
fn overlapping_and_repeated_paths_each_get_their_value() {
    let doc = br#" {"a": {"b": [10, {"c": "x"}], "d": null}, "e": 1} "#;
    let x = Extractor::new(["$.a", "$.a.b[1].c", "$", "$.a.b", "$.a.b[1].c", "$.a.b[0]"]).unwrap();
    let found = x.extract(doc).unwrap();
    assert_eq!(found.len(), 6);
    assert_eq!(found.raw(0), Some(r#"{"b": [10, {"c": "x"}], "d": null}"#));
    assert_eq!(found.raw(1), Some(r#""x""#));
    assert_eq!(
        found.raw(2),
        Some(r#"{"a": {"b": [10, {"c": "x"}], "d": null}, "e": 1}"#)
    );
    assert_eq!(found.raw(3), Some(r#"[10, {"c": "x"}]"#));
    assert_eq!(found.raw(4), Some(r#""x""#));
    assert_eq!(found.get::<u8>(5).unwrap(), Some(10));
    assert_eq!(found.raw(6), None);
    assert!(found
        .get::<u8>(6)
        .unwrap_err()
        .to_string()
        .contains("no path 6"));
}

#[test]
fn keys_match_after_unescaping_and_strings_borrow_from_the_document() {
    let doc = r#"{"scr\u0065en_name":"ann","n\u00e9":"b\u00e9","plain":"text"}"#;
    let x = Extractor::new(["$.screen_name", "$.né", "$.plain"]).unwrap();
    let found = x.extract_str(doc).unwrap();
    assert_eq!(found.get::<String>(0).unwrap().as_deref(), Some("ann"));
    assert_eq!(found.get::<String>(1).unwrap().as_deref(), Some("bé"));
    let borrowed: Option<&str> = found.get(2).unwrap();
    assert_eq!(borrowed, Some("text"));
    assert!(std::ptr::eq(
        borrowed.unwrap().as_ptr(),
        doc[doc.len() - 6..].as_ptr()
    ));
}

/// Objects with 1, 64 (the last key in the bitmask) and 65 wanted keys (the `Vec` form): every
/// key's repeat is caught, and each key read once passes.
#[test]
fn a_repeated_key_is_caught_whatever_the_number_of_wanted_keys() {
    for keys in [1, 63, 64, 65, 130] {
        let x = Extractor::new((0..keys).map(|k| format!("$.k{k}"))).unwrap();
        let body: Vec<String> = (0..keys).map(|k| format!("\"k{k}\":{k}")).collect();
        let once = format!("{{{}}}", body.join(","));
        let found = x.extract(once.as_bytes()).unwrap();
        assert_eq!(found.raw(keys - 1), Some(&*(keys - 1).to_string()));
        for repeated in [0, keys / 2, keys - 1] {
            let twice = format!("{{{},\"k{repeated}\":0}}", body.join(","));
            let err = x.extract(twice.as_bytes()).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with(&format!("duplicate field `k{repeated}` at $ ")),
                "{keys} keys, k{repeated}: {err}"
            );
        }
    }
}

#[test]
fn a_repeated_key_is_an_error_on_a_path_and_ignored_elsewhere() {
    let x = Extractor::new(["$.a.b"]).unwrap();
    let err = x.extract(br#"{"a":{"b":1,"c":2,"b":3}}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "duplicate field `b` at $.a (line 1, column 19)"
    );
    let err = x.extract(br#"{"a":{"b":1},"a":{"b":2}}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("duplicate field `a` at $ "),
        "{err}"
    );
    // Keys no path goes through may repeat, as unknown fields may in a typed decode.
    let found = x
        .extract(br#"{"z":1,"z":2,"a":{"c":0,"c":1,"b":7}}"#)
        .unwrap();
    assert_eq!(found.get::<u8>(0).unwrap(), Some(7));
}

#[test]
fn the_whole_document_is_validated_unless_stopping_when_found() {
    let x = Extractor::new(["$.a"]).unwrap();
    for (doc, error) in [
        (&br#"{"a":1,"b":[1,2,]}"#[..], "trailing comma"),
        (br#"{"a":1,"b":[1,2,}"#, "expected a JSON value"),
        (br#"{"a":1,"b":"\ud800"}"#, "surrogate"),
        (b"{\"a\":1,\"b\":\"\xff\"}", "UTF-8"),
        (br#"{"a":1} x"#, "trailing characters"),
        (br#"{"a":1,"b":01}"#, "number"),
        (br#"{"b":tru,"a":1}"#, ""),
        (br#"{"a":1"#, "unexpected end of input"),
    ] {
        let err = x.extract(doc).unwrap_err().to_string();
        assert!(
            err.contains(error),
            "{}: {err}",
            String::from_utf8_lossy(doc)
        );
    }
    // Stopping when found: what follows the last value is not read...
    let fast = x.clone().stop_when_found(true);
    for doc in [
        &br#"{"a":1,"b":[1,2,}"#[..],
        br#"{"a":1} x"#,
        br#"{"a":1,"a":2}"#,
    ] {
        assert_eq!(fast.extract(doc).unwrap().get::<u8>(0).unwrap(), Some(1));
    }
    // ...but what comes before it, and the value itself, are.
    assert!(fast.extract(br#"{"b":[1,2,],"a":1}"#).is_err());
    assert!(fast.extract(br#"{"a":[1,2,]}"#).is_err());
    // A path the document does not have reads the whole document either way.
    let absent = Extractor::new(["$.a", "$.zz"])
        .unwrap()
        .stop_when_found(true);
    assert!(absent.extract(br#"{"a":1} x"#).is_err());
}

#[test]
fn a_value_of_another_kind_is_not_found_and_a_wrong_type_is_an_error_with_the_path() {
    let doc = b"{\n  \"statuses\": [\n    {\"user\": {\"id\": \"7\"}}\n  ],\n  \"n\": [1]\n}";
    let x = Extractor::new([
        "$.statuses[0].user.id",
        "$.statuses.user",
        "$.n.id",
        "$.statuses[0][0]",
        "$[0]",
    ])
    .unwrap();
    let found = x.extract(doc).unwrap();
    assert_eq!(found.found(), 1);
    let err = found.get::<u64>(0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u64, found string at $.statuses[0].user.id (line 3, column 21)"
    );
    assert_eq!(found.get::<String>(0).unwrap().as_deref(), Some("7"));
    for i in 1..5 {
        assert_eq!(found.get::<u64>(i).unwrap(), None);
    }
    let err = extract::<u8>(b"[1, 2, 300]", "$[2]")
        .unwrap_err()
        .to_string();
    assert!(err.contains("at $[2] (line 1, column 8)"), "{err}");
}

#[test]
fn every_path_an_error_prints_finds_the_value_that_failed() {
    let doc = br#"[{"ok": 1}, {"a b": 2, "q\"": 3, "a.b": 4, "z": 999}]"#;
    let err = crate::from_slice::<Vec<BTreeMap<String, u8>>>(doc).unwrap_err();
    assert_eq!(err.path(), r#"$[1].z"#);
    let doc2 = br#"[{"ok": 1}, {"a b": 2, "q\"": 300}]"#;
    let err2 = crate::from_slice::<Vec<BTreeMap<String, u8>>>(doc2).unwrap_err();
    assert_eq!(err2.path(), r#"$[1]["q\""]"#);
    for (doc, err) in [(&doc[..], err), (&doc2[..], err2)] {
        let found = Extractor::new([err.path()]).unwrap().extract(doc).unwrap();
        let (start, _) = found.spans[0].unwrap();
        assert_eq!(start, err.offset(), "{}", err.path());
    }
}

#[test]
fn depth_is_bounded_on_the_path_and_off_it() {
    let deep = |n: usize| format!(r#"{{"a":1,"b":{}{}}}"#, "[".repeat(n), "]".repeat(n));
    let x = Extractor::new(["$.a"]).unwrap();
    assert!(x.extract(deep(126).as_bytes()).is_ok());
    let err = x.extract(deep(127).as_bytes()).unwrap_err().to_string();
    assert!(
        err.contains("nesting deeper than the limit of 128"),
        "{err}"
    );
    let shallow = x.clone().with_max_depth(4);
    assert!(shallow.extract(deep(3).as_bytes()).is_err());
    assert!(shallow.extract(deep(2).as_bytes()).is_ok());
    // On the path too, and a million levels fail cleanly.
    let path = format!("${}", "[0]".repeat(200));
    let doc = "[".repeat(1_000_000);
    let err = Extractor::new([path])
        .unwrap()
        .extract(doc.as_bytes())
        .unwrap_err();
    assert!(err.to_string().contains("nesting deeper"), "{err}");
}

#[test]
fn an_empty_extractor_still_validates() {
    let x = Extractor::new(Vec::<String>::new()).unwrap();
    assert!(x.is_empty());
    assert_eq!(x.extract(b" [1, {\"a\": null}] ").unwrap().found(), 0);
    assert!(x.extract(b"[1,]").is_err());
    assert!(x.clone().stop_when_found(true).extract(b"").is_err());
}

#[test]
fn one_extractor_serves_many_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    let x = Extractor::new(["$.a"]).unwrap();
    shared(&x);
    let found = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4u8)
            .map(|i| {
                let x = &x;
                s.spawn(move || {
                    x.extract(format!(r#"{{"a":{i}}}"#).as_bytes())
                        .unwrap()
                        .get::<u8>(0)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect::<Vec<_>>()
    });
    assert_eq!(found, [Some(0), Some(1), Some(2), Some(3)]);
}
