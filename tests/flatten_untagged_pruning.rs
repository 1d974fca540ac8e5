//! An untagged enum skips the struct variants one of whose required keys the object lacks,
//! without reading the object for each: against serde_json, in the cases where choosing by keys
//! could go wrong (defaults, aliases, `Option` and other types with a missing value, flatten
//! inside a variant, nested untagged enums, keys the enclosing struct hides, escapes, values
//! that are not objects, many names), flattened and not.

use std::collections::BTreeMap;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod serde_agreement;
use serde_agreement::same_decode;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Inner {
    Pair { p: u8, q: u8 },
    Single { p: u8 },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Extra {
    e: u8,
}

/// Each variant after the first has a reason to be tried, or skipped, by its keys.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Shape {
    First {
        a: u8,
        b: u8,
    },
    Defaulted {
        a: u8,
        #[serde(default)]
        c: u8,
    },
    Aliased {
        #[serde(alias = "dd", alias = "d2")]
        d: u8,
    },
    Optional {
        o: Option<u8>,
        b: u8,
    },
    BoxedOptional {
        bo: Box<Option<u8>>,
        x: u8,
    },
    Flattening {
        f: u8,
        #[serde(flatten)]
        extra: Extra,
    },
    Nested {
        n: Inner,
    },
    Renamed {
        #[serde(rename = "R")]
        r: u8,
        #[serde(skip_deserializing)]
        s: u8,
    },
    Newtype(Inner),
    Empty {},
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Holder {
    id: u8,
    #[serde(flatten)]
    shape: Option<Shape>,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

/// The struct's own `a` is never the enum's.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct OwnA {
    a: u8,
    #[serde(flatten)]
    shape: Shape,
}

#[test]
fn each_variant_is_chosen_as_serde_chooses_it() {
    for json in [
        r#"{"a":1,"b":2}"#,
        r#"{"a":1}"#,
        r#"{"a":1,"c":3}"#,
        r#"{"d":4}"#,
        r#"{"dd":4}"#,
        r#"{"d2":4}"#,
        r#"{"\u0064d":4}"#,
        r#"{"b":2}"#,
        r#"{"o":null,"b":2}"#,
        r#"{"x":1}"#,
        r#"{"bo":3,"x":1}"#,
        r#"{"f":1,"e":2}"#,
        r#"{"f":1}"#,
        r#"{"e":2}"#,
        r#"{"n":{"p":1}}"#,
        r#"{"n":{"p":1,"q":2}}"#,
        r#"{"n":{"q":2}}"#,
        r#"{"R":5}"#,
        r#"{"r":5,"s":1}"#,
        r#"{"p":1,"q":2}"#,
        r#"{"p":1}"#,
        r#"{}"#,
        r#"{"zz":[1,{"a":1}]}"#,
        r#"{"a":"x","b":2,"d":1}"#,
    ] {
        let _ = same_decode::<Shape>(json);
        let with_id = format!(r#"{{"id":9,{}"#, &json[1..]);
        let with_id = with_id.replace(",}", "}");
        let _ = same_decode::<Holder>(&with_id);
        let _ = same_decode::<OwnA>(json);
        let _ = same_decode::<OwnA>(&format!(r#"{{"a":7,{}"#, &json[1..]).replace(",}", "}"));
    }
    assert_eq!(
        same_decode::<Shape>(r#"{"d2":4}"#).unwrap(),
        Shape::Aliased { d: 4 }
    );
    assert_eq!(
        same_decode::<Shape>(r#"{"x":1}"#).unwrap(),
        Shape::BoxedOptional {
            bo: Box::new(None),
            x: 1
        }
    );
    // `a` is the struct's: `First` and `Defaulted` cannot see it.
    let value = same_decode::<OwnA>(r#"{"a":1,"b":2}"#).unwrap();
    assert_eq!(value.shape, Shape::Optional { o: None, b: 2 });
}

#[test]
fn values_that_are_not_objects_and_malformed_objects_are_refused_alike() {
    for json in [
        r#"{"p":1,"q":2"#,
        r#"{"a":1,"b":}"#,
        r#"{"a":1,"b":2,}"#,
        r#"[1,2]"#,
        r#"null"#,
        r#""a""#,
        r#"{"a":1,"b":2} x"#,
    ] {
        let _ = same_decode::<Shape>(json);
    }
    same_decode::<Shape>(r#"{"a":1,"b":}"#).unwrap_err();
}

/// More names than the look-up has bits: the variants past them are still tried.
macro_rules! many {
    ($($v:ident $k:ident),*) => {
        #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
        #[serde(untagged)]
        enum Many {
            $($v { $k: u8, shared: u8 },)*
        }
    };
}
many!(
    V0 k0, V1 k1, V2 k2, V3 k3, V4 k4, V5 k5, V6 k6, V7 k7, V8 k8, V9 k9,
    V10 k10, V11 k11, V12 k12, V13 k13, V14 k14, V15 k15, V16 k16, V17 k17, V18 k18, V19 k19,
    V20 k20, V21 k21, V22 k22, V23 k23, V24 k24, V25 k25, V26 k26, V27 k27, V28 k28, V29 k29,
    V30 k30, V31 k31, V32 k32, V33 k33, V34 k34, V35 k35, V36 k36, V37 k37, V38 k38, V39 k39,
    V40 k40, V41 k41, V42 k42, V43 k43, V44 k44, V45 k45, V46 k46, V47 k47, V48 k48, V49 k49,
    V50 k50, V51 k51, V52 k52, V53 k53, V54 k54, V55 k55, V56 k56, V57 k57, V58 k58, V59 k59,
    V60 k60, V61 k61, V62 k62, V63 k63, V64 k64, V65 k65, V66 k66, V67 k67, V68 k68, V69 k69
);

#[test]
fn variants_past_the_names_with_bits_are_still_tried() {
    for k in [0, 1, 30, 61, 62, 63, 64, 69] {
        let value = same_decode::<Many>(&format!(r#"{{"shared":1,"k{k}":2}}"#)).unwrap();
        assert!(
            format!("{value:?}").starts_with(&format!("V{k} ")),
            "{value:?}"
        );
        let _ = same_decode::<Many>(&format!(r#"{{"k{k}":2}}"#)).unwrap_err();
    }
    same_decode::<Many>(r#"{"shared":1}"#).unwrap_err();
}

/// An object over the keys the variants name, with values each accepts or refuses.
fn object(entries: &[(usize, usize)]) -> String {
    const KEYS: [&str; 12] = ["a", "b", "c", "d", "dd", "o", "bo", "x", "f", "e", "n", "R"];
    const VALUES: [&str; 4] = ["1", "null", "\"s\"", "{\"p\":2}"];
    let body: Vec<String> = entries
        .iter()
        .map(|&(key, value)| format!("\"{}\":{}", KEYS[key], VALUES[value]))
        .collect();
    format!("{{{}}}", body.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn any_object_is_decoded_as_serde_decodes_it(
        entries in prop::collection::vec((0usize..12, 0usize..4), 0..6),
    ) {
        let json = object(&entries);
        let _ = same_decode::<Shape>(&json);
        let _ = same_decode::<OwnA>(&json);
        let with_id = format!(r#"{{"id":1{}{}"#, if entries.is_empty() { "" } else { "," }, &json[1..]);
        let _ = same_decode::<Holder>(&with_id);
    }
}

/// With a type parameter, whether a field's missing value is an error is asked on each decode.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Generic<T> {
    A { a: T, x: u8 },
    B { b: T },
    C { c: T },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct GenericHolder<T> {
    #[serde(flatten)]
    g: Option<Generic<T>>,
}

#[test]
fn a_generic_enum_asks_its_types_each_time() {
    for json in [
        r#"{"a":1,"x":2}"#,
        r#"{"b":1}"#,
        r#"{"c":null}"#,
        r#"{"a":1}"#,
        r#"{}"#,
    ] {
        let _ = same_decode::<Generic<u8>>(json);
        let _ = same_decode::<Generic<Option<u8>>>(json);
        let _ = same_decode::<GenericHolder<u8>>(json);
        let _ = same_decode::<GenericHolder<Option<u8>>>(json);
    }
    // `a` may be missing when it is an `Option`: the first variant.
    assert_eq!(
        same_decode::<Generic<Option<u8>>>(r#"{"x":2}"#).unwrap(),
        Generic::A { a: None, x: 2 }
    );
    assert_eq!(
        same_decode::<Generic<Option<u8>>>(r#"{"b":3}"#).unwrap(),
        Generic::B { b: Some(3) }
    );
}
