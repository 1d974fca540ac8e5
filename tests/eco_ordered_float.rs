#![cfg(feature = "ordered-float")]
//! `OrderedFloat<f32|f64>` and `NotNan<f32|f64>` (feature `ordered-float`) against
//! ordered-float's own serde impls through serde_json: random floats (and the non-finite ones,
//! written as `null`) write the same bytes, as values, in arrays, pairs, a derived struct and as
//! map keys; hand-picked texts, valid and not, as values and as keys, get the same decision and
//! value; a non-finite key is refused by both (serde_json's error, fastjson's panic).

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use ordered_float::{NotNan, OrderedFloat};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{check, same_decision, same_outcome};

/// The same bytes, compact and pretty.
fn same_bytes<T: fastjson::Encode + Serialize>(value: &T) {
    assert_eq!(
        fastjson::to_string(value),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Reading {
    value: OrderedFloat<f64>,
    small: OrderedFloat<f32>,
    checked: NotNan<f64>,
    checked_small: NotNan<f32>,
    previous: Option<NotNan<f64>>,
    history: Vec<OrderedFloat<f64>>,
    point: (OrderedFloat<f64>, OrderedFloat<f64>),
    by_threshold: BTreeMap<OrderedFloat<f64>, String>,
    by_small: BTreeMap<NotNan<f32>, u8>,
}

/// Any float: the finite ones of every kind and the non-finite ones.
fn float64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(-0.0),
    ]
}

fn float32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        any::<u32>().prop_map(f32::from_bits),
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(-0.0),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn floats_write_as_serde_writes_them(x in float64(), y in float32(), more in proptest::collection::vec(float64(), 0..9)) {
        same_bytes(&OrderedFloat(x));
        same_bytes(&OrderedFloat(y));
        same_bytes(&(OrderedFloat(x), OrderedFloat(x)));
        let history: Vec<OrderedFloat<f64>> = more.iter().copied().map(OrderedFloat).collect();
        same_bytes(&history);
        if let (Ok(checked), Ok(checked_small)) = (NotNan::new(x), NotNan::new(y)) {
            same_bytes(&checked);
            same_bytes(&checked_small);
        }
        if x.is_finite() && y.is_finite() {
            check(&OrderedFloat(x));
            check(&OrderedFloat(y));
            check(&NotNan::new(x).unwrap());
            check(&NotNan::new(y).unwrap());
            check(&Some(OrderedFloat(x)));
            let keys: BTreeMap<OrderedFloat<f64>, u8> =
                more.iter().filter(|f| f.is_finite()).map(|&f| (OrderedFloat(f), 1)).collect();
            check(&keys);
            check(&BTreeMap::from([(OrderedFloat(y), x.to_string())]));
            check(&BTreeMap::from([(NotNan::new(x).unwrap(), true)]));
        }
    }

    #[test]
    fn a_derived_struct_with_ordered_floats(
        x in any::<f64>(),
        y in any::<f32>(),
        more in proptest::collection::vec(any::<f64>(), 0..6),
    ) {
        let reading = Reading {
            value: OrderedFloat(x),
            small: OrderedFloat(y),
            checked: NotNan::new(x).unwrap(),
            checked_small: NotNan::new(y).unwrap(),
            previous: more.first().map(|&f| NotNan::new(f).unwrap()),
            history: more.iter().copied().map(OrderedFloat).collect(),
            point: (OrderedFloat(y as f64), OrderedFloat(x)),
            by_threshold: more.iter().map(|&f| (OrderedFloat(f), f.to_string())).collect(),
            by_small: BTreeMap::from([(NotNan::new(y).unwrap(), 7)]),
        };
        check(&reading);
        // Non-finite values are written as `null` in every position but a key.
        let mut odd = reading.clone();
        odd.value = OrderedFloat(f64::NAN);
        odd.history.push(OrderedFloat(f64::NEG_INFINITY));
        odd.point.0 = OrderedFloat(f64::INFINITY);
        odd.checked = NotNan::new(f64::INFINITY).unwrap();
        same_bytes(&odd);
    }
}

#[test]
fn known_values_write_as_serde_writes_them() {
    assert_eq!(fastjson::to_string(&OrderedFloat(1e25)), "1e+25");
    assert_eq!(fastjson::to_string(&OrderedFloat(100.0f32)), "100.0");
    assert_eq!(fastjson::to_string(&OrderedFloat(f64::NAN)), "null");
    assert_eq!(
        fastjson::to_string(&BTreeMap::from([(OrderedFloat(-0.5), 1)])),
        r#"{"-0.5":1}"#
    );
    for value in [f64::MIN, f64::MAX, f64::MIN_POSITIVE, 5e-324, -0.0, 0.0] {
        check(&OrderedFloat(value));
        check(&BTreeMap::from([(OrderedFloat(value), 0u8)]));
    }
    for value in [f32::MIN, f32::MAX, f32::MIN_POSITIVE, 1e-45, -0.0] {
        check(&NotNan::new(value).unwrap());
        check(&BTreeMap::from([(OrderedFloat(value), 0u8)]));
    }
}

/// Values: numbers of every shape, and what is not a number.
const VALUES: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1.5",
    "1e25",
    "1E-7",
    "18446744073709551616",
    "-9223372036854775809",
    "3.4028235e38",
    "3.4028236e38",
    "1e39",
    "1e-50",
    "1e400",
    "-1e400",
    "4.9e-324",
    "2.4703282292062328e-324",
    "0.1000000000000000055511151231257827",
    "01",
    "1.",
    ".5",
    "-",
    "+1",
    "NaN",
    "null",
    "true",
    r#""1""#,
    "[1]",
    "{}",
];

#[test]
fn values_are_decided_as_serde_decides() {
    for input in VALUES {
        let ours = same_outcome::<OrderedFloat<f64>>(input);
        assert_eq!(same_outcome::<NotNan<f64>>(input).is_ok(), ours.is_ok());
        same_outcome::<OrderedFloat<f32>>(input).ok();
        same_outcome::<NotNan<f32>>(input).ok();
    }
    assert_eq!(
        same_outcome::<OrderedFloat<f64>>("-0").map(|f| f.is_sign_negative()),
        Ok(true)
    );
    assert!(same_outcome::<OrderedFloat<f32>>("3.4028236e38").is_err());
    assert!(same_outcome::<NotNan<f64>>("null").is_err());
}

#[test]
fn keys_are_decided_as_serde_decides() {
    let mut keys: Vec<String> = VALUES
        .iter()
        .filter(|v| !v.starts_with(['"', '[', '{']))
        .map(|v| format!("{{{v:?}:1}}"))
        .collect();
    keys.extend(
        [
            r#"{"\u0031":1}"#,
            r#"{"1\u0030":1}"#,
            r#"{" 1":1}"#,
            r#"{"1 ":1}"#,
            r#"{"":1}"#,
            r#"{"inf":1}"#,
            r#"{"1":1,"1.0":2}"#,
            r#"{"2":1,"1":2,"-0":3,"0":4}"#,
        ]
        .map(String::from),
    );
    for input in &keys {
        let ours = same_outcome::<BTreeMap<OrderedFloat<f64>, u8>>(input);
        same_outcome::<BTreeMap<NotNan<f64>, u8>>(input).ok();
        same_outcome::<BTreeMap<OrderedFloat<f32>, u8>>(input).ok();
        same_outcome::<BTreeMap<NotNan<f32>, u8>>(input).ok();
        if input == r#"{"1":1,"1.0":2}"# {
            assert_eq!(ours, Ok(BTreeMap::from([(OrderedFloat(1.0), 2)])));
        }
    }
    assert_eq!(
        same_decision::<BTreeMap<OrderedFloat<f64>, u8>>(r#"{"1.5e3":1}"#),
        Ok(BTreeMap::from([(OrderedFloat(1500.0), 1)]))
    );
    assert!(same_outcome::<BTreeMap<OrderedFloat<f64>, u8>>(r#"{"\u0031":1}"#).is_err());
}

#[test]
fn a_non_finite_key_is_refused_by_both() {
    for key in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let map = BTreeMap::from([(OrderedFloat(key), 1)]);
        let theirs = serde_json::to_string(&map).unwrap_err().to_string();
        let ours = std::panic::catch_unwind(|| fastjson::to_string(&map)).unwrap_err();
        assert_eq!(ours.downcast_ref::<&str>(), Some(&theirs.as_str()));
    }
    let map = BTreeMap::from([(NotNan::new(f32::INFINITY).unwrap(), 1)]);
    assert!(serde_json::to_string(&map).is_err());
    assert!(std::panic::catch_unwind(|| fastjson::to_string(&map)).is_err());
}

#[test]
fn errors_carry_the_path() {
    let err = fastjson::from_str::<Vec<NotNan<f64>>>("[1,null]").unwrap_err();
    assert_eq!(err.path(), "$[1]", "{err}");
    let err =
        fastjson::from_str::<BTreeMap<String, OrderedFloat<f32>>>(r#"{"a":1e39}"#).unwrap_err();
    assert_eq!(err.path(), "$.a", "{err}");
}

#[test]
fn the_schema_says_number() {
    use fastjson::schema::{Schema, SchemaDocument};
    assert_eq!(
        <OrderedFloat<f64>>::schema(),
        r#"{"type":["number","null"]}"#
    );
    let document = SchemaDocument::new()
        .with::<Reading>()
        .with::<OrderedFloat<f64>>()
        .to_json();
    assert!(
        document.contains(r##""value":{"$ref":"#/$defs/OrderedFloat"}"##),
        "{document}"
    );
    // The derive names the type without its parameter: f32's and f64's schemas are one.
    assert!(
        document.contains(r#""OrderedFloat":{"type":["number","null"]}"#),
        "{document}"
    );
}
