//! The output estimate `to_vec` sizes its buffer by (`Encode::encoded_len_hint`): for values
//! whose strings need no escapes and whose collections are short enough to be
//! walked whole, it is at least the encoded length, so `to_vec` never grows its buffer (the
//! capacity it returns is exactly the estimate, within `to_vec`'s 128 B to 1 MiB bounds); past
//! that it stays an estimate and the output stays exact. Every shape the derive generates an
//! estimate for is here, with its values at their widest.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use fastjson::FastJson;
use serde::Serialize;

/// `to_vec` matches serde_json, and did not grow: its capacity is the estimate itself (within
/// `to_vec`'s 128 B to 1 MiB bounds), which therefore covered the text.
fn covered<T: fastjson::Encode + Serialize + Debug>(value: &T) {
    let hint = fastjson::Encode::encoded_len_hint(value);
    let out = fastjson::to_vec(value);
    assert_eq!(
        String::from_utf8_lossy(&out),
        serde_json::to_string(value).unwrap(),
        "{value:?}"
    );
    assert!(
        hint >= out.len(),
        "estimate {hint} < {} bytes for {value:?}",
        out.len()
    );
    assert_eq!(
        out.capacity(),
        hint.clamp(128, 1 << 20),
        "the buffer grew for {value:?}"
    );
}

#[derive(FastJson, Serialize, Debug)]
struct Widest {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: u128,
    f: usize,
    g: i8,
    h: i16,
    i: i32,
    j: i64,
    k: i128,
    l: isize,
    x: f32,
    y: f64,
    z: char,
    yes: bool,
    nothing: (),
}

#[test]
fn numbers_at_their_widest_are_covered() {
    for low in [true, false] {
        covered(&Widest {
            a: u8::MAX,
            b: u16::MAX,
            c: u32::MAX,
            d: u64::MAX,
            e: u128::MAX,
            f: usize::MAX,
            g: i8::MIN,
            h: i16::MIN,
            i: i32::MIN,
            j: i64::MIN,
            k: i128::MIN,
            l: isize::MIN,
            x: if low { -f32::MIN_POSITIVE } else { f32::MIN },
            y: if low {
                -f64::MIN_POSITIVE * 1.000_000_000_000_001
            } else {
                f64::MIN
            },
            z: '😀',
            yes: false,
            nothing: (),
        });
    }
    covered(&vec![-1.234_567_890_123_456_7e-300_f64; 16]);
    covered(&[f64::MIN; 3]);
}

#[test]
fn integers_count_their_digits_exactly() {
    fn exact<T: fastjson::Encode + std::fmt::Display>(value: T) {
        let text = fastjson::to_vec(&value);
        assert_eq!(
            fastjson::Encode::encoded_len_hint(&value),
            text.len(),
            "{value}"
        );
    }
    for power in 0..=38u32 {
        let p = 10u128.pow(power);
        for v in [p - 1, p, p + 1] {
            exact(v);
            exact(-(v as i128));
            if let Ok(v) = u64::try_from(v) {
                exact(v);
                exact(v as usize);
                if let Ok(v) = i64::try_from(v) {
                    exact(v);
                    exact(-v);
                }
            }
            if let Ok(v) = u32::try_from(v) {
                exact(v);
                exact(-(v as i64) as i32);
            }
        }
    }
    for v in [u8::MAX, 0, 9, 10, 99, 100] {
        exact(v);
        exact(v as i8);
        exact(-(v as i16));
    }
    exact(u128::MAX);
    exact(i128::MIN);
    exact(i64::MIN);
    exact(i8::MIN);
    // `serde_json::Value`'s integers too (a float is counted at its longest).
    for v in [0, 9, 10, 99_999, u64::MAX] {
        exact(serde_json::Value::from(v));
    }
    for v in [-1, -10, i64::MIN] {
        exact(serde_json::Value::from(v));
    }
}

#[test]
fn to_vec_reserves_at_most_1_mib_up_front() {
    // 500,000 floats estimated at their longest (24 bytes): over 13 MB, for 2 MB of text.
    let zeros = vec![0.0f64; 500_000];
    let hint = fastjson::Encode::encoded_len_hint(&zeros);
    let out = fastjson::to_vec(&zeros);
    assert!(hint > 13_000_000, "{hint}");
    assert_eq!(out.len(), 2_000_001);
    // Grown by doubling from 1 MiB, not allocated at the estimate.
    assert_eq!(out.capacity(), 2 << 20);
}

#[derive(FastJson, Serialize, Debug, Clone)]
struct Unit;

#[derive(FastJson, Serialize, Debug, Clone)]
struct Newtype(String);

#[derive(FastJson, Serialize, Debug, Clone)]
struct Tuple(
    u8,
    #[allow(dead_code)] // never read: skipped by the encoders, and nothing decodes here
    #[serde(skip_serializing)]
    u64,
    Option<String>,
);

#[derive(FastJson, Serialize, Debug, Clone)]
#[serde(transparent)]
struct Transparent {
    inner: Vec<u16>,
}

#[derive(FastJson, Serialize, Debug, Clone)]
struct Inner {
    #[serde(rename = "a key that is long")]
    name: String,
    tags: Vec<String>,
}

#[derive(FastJson, Serialize, Debug, Clone)]
#[serde(tag = "type")]
struct Tagged {
    id: u32,
}

#[derive(FastJson, Serialize, Debug, Clone)]
struct Outer {
    unit: Unit,
    newtype: Newtype,
    tuple: Tuple,
    transparent: Transparent,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    extra: BTreeMap<String, i64>,
    tagged: Tagged,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<Box<Inner>>,
    by_name: HashMap<String, (bool, f64)>,
    by_id: BTreeMap<i64, Vec<u8>>,
    by_char: BTreeMap<char, ()>,
    nested: Vec<Vec<(f64, f64)>>,
    #[allow(dead_code)] // never read: skipped by the encoders, and nothing decodes here
    #[serde(skip_serializing)]
    skipped: String,
}

fn outer(words: usize) -> Outer {
    let word = |i: usize| "word".repeat(i % 5);
    Outer {
        unit: Unit,
        newtype: Newtype(word(3)),
        tuple: Tuple(7, 8, Some(word(4))),
        transparent: Transparent {
            inner: vec![u16::MAX; words],
        },
        inner: Inner {
            name: word(2),
            tags: (0..words).map(word).collect(),
        },
        extra: (0..words).map(|i| (word(i), -(i as i64))).collect(),
        tagged: Tagged { id: u32::MAX },
        maybe: (words % 2 == 1).then(|| {
            Box::new(Inner {
                name: "x".into(),
                tags: vec![],
            })
        }),
        by_name: (0..words)
            .map(|i| (format!("k{i}"), (true, f64::MAX)))
            .collect(),
        by_id: (0..words)
            .map(|i| (i64::MIN + i as i64, vec![255; i]))
            .collect(),
        by_char: ['é', '𝄞'].into_iter().map(|c| (c, ())).collect(),
        nested: vec![vec![(-179.999_999_999_999_97, 1e-300); words]; 3],
        skipped: "not written".repeat(100),
    }
}

#[test]
fn structs_flatten_maps_and_options_are_covered() {
    for words in 0..=16 {
        covered(&outer(words));
    }
}

#[derive(FastJson, Serialize, Debug)]
enum External {
    Unit,
    Newtype(Vec<u64>),
    Tuple(i64, String),
    Struct {
        a: f64,
        b: Option<char>,
    },
    #[serde(rename = "renamed variant")]
    Renamed,
}

#[derive(FastJson, Serialize, Debug)]
#[serde(tag = "kind")]
enum Internal {
    Unit,
    Newtype(Inner),
    Struct {
        a: i128,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        list: Vec<bool>,
    },
}

#[derive(FastJson, Serialize, Debug)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(u64),
    Tuple(u8, u8),
    Struct { text: String },
}

#[derive(FastJson, Serialize, Debug)]
#[serde(untagged)]
enum Untagged {
    Unit,
    Newtype(String),
    Tuple(f32, f32),
    Struct { x: i16 },
}

#[test]
fn every_enum_representation_is_covered() {
    let inner = || Inner {
        name: "abc".into(),
        tags: vec!["t".into(); 16],
    };
    for value in [
        External::Unit,
        External::Newtype(vec![u64::MAX; 16]),
        External::Tuple(i64::MIN, "s".repeat(50)),
        External::Struct {
            a: f64::MIN,
            b: Some('€'),
        },
        External::Renamed,
    ] {
        covered(&value);
    }
    for value in [
        Internal::Unit,
        Internal::Newtype(inner()),
        Internal::Struct {
            a: i128::MIN,
            list: vec![false; 16],
        },
        Internal::Struct { a: 0, list: vec![] },
    ] {
        covered(&value);
    }
    for value in [
        Adjacent::Unit,
        Adjacent::Newtype(u64::MAX),
        Adjacent::Tuple(255, 255),
        Adjacent::Struct {
            text: "y".repeat(300),
        },
    ] {
        covered(&value);
    }
    for value in [
        Untagged::Unit,
        Untagged::Newtype("z".into()),
        Untagged::Tuple(f32::MIN, f32::MAX),
        Untagged::Struct { x: i16::MIN },
    ] {
        covered(&value);
    }
    covered(&serde_json::json!({"a": [1, -2.5, "x", null, true, {"b": {}}], "c": "d"}));
}

#[test]
fn long_collections_are_estimated_from_their_first_items() {
    // Alike items: the sample's average plus an eighth covers them all.
    covered(&vec![outer(3); 40]);
    covered(&(0..1000u32).map(|i| (i, "abc")).collect::<Vec<_>>());
    // Items that grow past the sample: the estimate falls short, the output stays exact.
    let growing: Vec<String> = (0..100).map(|i| "x".repeat(i * i)).collect();
    let hint = fastjson::Encode::encoded_len_hint(&growing);
    let out = fastjson::to_vec(&growing);
    assert!(hint < out.len(), "{hint} >= {}", out.len());
    assert_eq!(out, serde_json::to_vec(&growing).unwrap());
}

/// A type with a hand-written `Encode` that does not estimate: `to_vec` starts at 128 bytes.
struct Opaque(usize);

impl fastjson::Encode for Opaque {
    fn encode<F: fastjson::Format>(&self, w: &mut fastjson::Writer<'_, F>) {
        w.str(&"o".repeat(self.0));
    }
}

#[test]
fn values_without_an_estimate_start_small_and_grow() {
    assert_eq!(fastjson::Encode::encoded_len_hint(&Opaque(10)), 0);
    assert_eq!(fastjson::to_vec(&Opaque(10)).capacity(), 128);
    let out = fastjson::to_vec(&Opaque(1000));
    assert_eq!(out.len(), 1002);
    // Escapes are not counted: the estimate is short, the text exact.
    let escaped = "\"\u{1}".repeat(20);
    assert!(fastjson::Encode::encoded_len_hint(&escaped) < fastjson::to_vec(&escaped).len());
    assert_eq!(
        fastjson::to_vec(&escaped),
        serde_json::to_vec(&escaped).unwrap()
    );
}
