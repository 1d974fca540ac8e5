//! Property tests for the std impls: for random values, `fastjson::to_vec` equals
//! `serde_json::to_vec` byte for byte (compact and pretty), and decoding gives the value back.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use proptest::prelude::*;

mod same_as_serde;
use same_as_serde::check;

/// Floats compared by bits (so `-0.0` and `0.0` differ), and only finite ones: NaN and the
/// infinities encode as `null`, which does not decode back to a float (as in serde_json).
fn check_float(value: f64) {
    let ours = fastjson::to_vec(&value);
    assert_eq!(ours, serde_json::to_vec(&value).unwrap());
    let back: f64 = fastjson::from_slice(&ours).unwrap();
    assert_eq!(back.to_bits(), value.to_bits());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn integers(a: u8, b: u16, c: u32, d: u64, e: u128, f: usize, g: i8, h: i16, i: i32, j: i64, k: i128, l: isize) {
        check(&a); check(&b); check(&c); check(&d); check(&e); check(&f);
        check(&g); check(&h); check(&i); check(&j); check(&k); check(&l);
    }

    #[test]
    fn floats(bits: u64, small in -1e6f64..1e6, bits32: u32) {
        let value = f64::from_bits(bits);
        if value.is_finite() {
            check_float(value);
        } else {
            prop_assert_eq!(fastjson::to_vec(&value), b"null".to_vec());
        }
        check_float(small);
        let single = f32::from_bits(bits32);
        if single.is_finite() {
            let ours = fastjson::to_vec(&single);
            prop_assert_eq!(&ours, &serde_json::to_vec(&single).unwrap());
            let back: f32 = fastjson::from_slice(&ours).unwrap();
            prop_assert_eq!(back.to_bits(), single.to_bits());
        }
    }

    #[test]
    fn text(s: String, c: char, b: bool) {
        check(&s); check(&c); check(&b);
        check(&Some(s.clone()));
        check(&Box::<str>::from(s.as_str()).to_string());
    }

    #[test]
    fn sequences(v: Vec<i32>, d: VecDeque<u8>, set: BTreeSet<String>, nested: Vec<Vec<Option<bool>>>, arr: [u16; 4]) {
        check(&v); check(&d); check(&set); check(&nested); check(&arr);
        check(&Box::new(v.clone()));
    }

    #[test]
    fn maps(by_string: BTreeMap<String, u32>, by_int: BTreeMap<i64, String>, by_u8: BTreeMap<u8, Vec<u8>>, by_char: BTreeMap<char, bool>) {
        check(&by_string); check(&by_int); check(&by_u8); check(&by_char);
        // HashMap iteration order is the same for the same map, so bytes compare directly.
        let hashed: HashMap<String, u32> = by_string.into_iter().collect();
        check(&hashed);
    }

    #[test]
    fn tuples(a: (u8,), b: (u8, String), c: (i64, bool, Option<u8>, char), d: (u8, u8, u8, u8, u8, u8), e: (String, u8, u8, u8, u8, u8)) {
        check(&a); check(&b); check(&c); check(&());
        let twelve = (d.0, d.1, d.2, d.3, d.4, d.5, e.0, e.1, e.2, e.3, e.4, e.5);
        check(&twelve);
    }
}
