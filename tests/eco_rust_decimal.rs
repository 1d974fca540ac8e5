#![cfg(feature = "rust_decimal")]
//! `rust_decimal::Decimal` (feature `rust_decimal`) against rust_decimal's default serde impl
//! through serde_json: random values encode to the same string and decode back; strings
//! (plain and scientific) and JSON numbers (integers, and floats through their `f64`) get the
//! same decision and value; map keys, `Option`, `Vec` and a derived struct.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::str::FromStr;

use fastjson::FastJson;
use proptest::prelude::*;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{check, same_decision};

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// Both decide alike on `input` (and on a string `input` as a map key); what both accept
/// re-encodes to the same bytes (so the scale read is the same too, not only the value).
fn agree(input: &str) -> Option<Decimal> {
    let decision = same_decision::<Decimal>(input);
    if input.starts_with('"') {
        let keyed = same_decision::<BTreeMap<Decimal, u8>>(&format!("{{{input}:1}}"));
        assert_eq!(decision.is_ok(), keyed.is_ok(), "{input}");
        if let Ok(map) = keyed {
            check(&map);
        }
    }
    let value = decision.ok()?;
    check(&value);
    Some(value)
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Invoice {
    total: Decimal,
    discount: Option<Decimal>,
    lines: Vec<Decimal>,
    tax_by_rate: BTreeMap<Decimal, Decimal>,
}

fn decimals() -> impl Strategy<Value = Decimal> {
    let limit = (1i128 << 96) - 1;
    (-limit..=limit, 0u32..=28, any::<bool>()).prop_map(|(mantissa, scale, small)| {
        // Small mantissas exercise the zeros between the point and the first digit.
        let mantissa = if small { mantissa % 1000 } else { mantissa };
        Decimal::from_i128_with_scale(mantissa, scale)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_decimals(value in decimals(), more in prop::collection::vec(decimals(), 0..4)) {
        check(&value);
        check(&Some(value));
        check(&-value);
        check(&more);
        let text = value.to_string();
        prop_assert_eq!(agree(&quoted(&text)), Some(value));
        let tax_by_rate: BTreeMap<Decimal, Decimal> = more.iter().map(|&d| (d, value)).collect();
        check(&Invoice { total: value, discount: more.first().copied(), lines: more, tax_by_rate });
    }

    #[test]
    fn random_numbers(u: u64, i: i64, f: f64) {
        agree(&u.to_string());
        agree(&i.to_string());
        if f.is_finite() {
            agree(&serde_json::to_string(&f).unwrap());
        }
    }

    #[test]
    fn random_texts(text in "[-+0-9.eE_ ]{0,14}") {
        agree(&quoted(&text));
        // The same characters as a number, where they are one.
        if serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| v.is_number()) {
            agree(&text);
        }
    }
}

#[test]
fn edge_cases_agree() {
    let strings = [
        "0",
        "-0",
        "-0.00",
        "0.0000000000000000000000000001",
        "0.00000000000000000000000000001",
        "0.000000000000000000000000000015",
        "79228162514264337593543950335",
        "79228162514264337593543950336",
        "-79228162514264337593543950335",
        "1.50",
        "+1.5",
        ".5",
        "5.",
        "1_000.5",
        "1e5",
        "1E-5",
        "1.5e3",
        "-2.5e-3",
        "1e",
        "1e+5",
        "1e29",
        "1e-29",
        " 1",
        "1 ",
        "",
        "-",
        ".",
        "NaN",
        "inf",
        "0x10",
        "١",
    ];
    for text in strings {
        agree(&quoted(text));
    }
    let numbers = [
        "0",
        "-0",
        "-0.0",
        "0.0",
        "1.50",
        "0.1",
        "1e5",
        "1E-7",
        "-1.5e-3",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "79228162514264337593543950335",
        "1e28",
        "1e29",
        "1e300",
        "1e-300",
        "123456789.123456789123",
    ];
    for number in numbers {
        agree(number);
    }
    for input in ["null", "true", "[]", "{}", r#"["1"]"#] {
        assert!(same_decision::<Decimal>(input).is_err(), "{input}");
    }
    // The scale is kept, and so is the sign of a negative zero.
    assert_eq!(
        fastjson::to_string(&Decimal::from_str("1.500").unwrap()),
        r#""1.500""#
    );
    let mut negative_zero = Decimal::new(0, 2);
    negative_zero.set_sign_negative(true);
    assert_eq!(fastjson::to_string(&negative_zero), r#""-0.00""#);
    assert_eq!(
        fastjson::to_string(&negative_zero),
        serde_json::to_string(&negative_zero).unwrap()
    );
    assert_eq!(fastjson::to_string(&Decimal::new(-5, 3)), r#""-0.005""#);
}

#[test]
fn refusals_carry_the_path() {
    let err = fastjson::from_str::<Invoice>(
        r#"{"total":"1","discount":null,"lines":["2","x"],"tax_by_rate":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.lines[1]", "{err}");
    let err = fastjson::from_str::<Invoice>(
        r#"{"total":"1","discount":true,"lines":[],"tax_by_rate":{}}"#,
    )
    .unwrap_err();
    assert_eq!(err.path(), "$.discount", "{err}");
}
