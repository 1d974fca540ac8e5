//! The checks several test crates share (each includes this file as a module): a value encodes
//! to serde_json's bytes, compact and pretty, and decodes back to itself; an input gets the same
//! decision from both libraries.

use std::fmt::Debug;

/// `value` encodes as serde_json encodes it (compact and pretty), and the bytes decode back to
/// `value`.
#[allow(dead_code)] // Not every crate that includes this module writes values.
pub fn check<T>(value: &T)
where
    T: fastjson::Encode + fastjson::DecodeOwned + serde::Serialize + PartialEq + Debug,
{
    let ours = fastjson::to_vec(value);
    let theirs = serde_json::to_vec(value).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs)
    );
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    let back: T = fastjson::from_slice(&ours).unwrap();
    assert_eq!(&back, value);
}

/// Both read `input` as the same value, or both refuse it; returns fastjson's value or message.
/// A refusal's message must be serde_json's where fastjson words it as serde does (unknown
/// names, custom messages); type errors, which fastjson words as "expected ..., found ...", are
/// compared by decision only.
#[allow(dead_code)] // Not every crate that includes this module reads inputs.
pub fn same_decision<T>(input: &str) -> Result<T, String>
where
    T: fastjson::DecodeOwned + for<'de> serde::Deserialize<'de> + Debug + PartialEq,
{
    let theirs = serde_json::from_str::<T>(input);
    let ours = fastjson::from_str::<T>(input);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{input}");
            Ok(ours)
        }
        (Err(ours), Err(theirs)) => {
            let (ours, theirs) = (ours.message(), theirs.to_string());
            if !ours.starts_with("expected") {
                assert!(
                    theirs.starts_with(&ours),
                    "{input}: fastjson {ours}, serde_json {theirs}"
                );
            }
            Err(ours)
        }
        (ours, theirs) => panic!("{input}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// Both libraries accept `input` as equal values, or both refuse it: fastjson's value or its
/// message. Unlike [`same_decision`] the messages are not compared (for types whose refusals
/// each library words its own way: integer ranges, trailing characters).
#[allow(dead_code)] // Not every crate that includes this module compares decisions only.
pub fn same_outcome<T>(input: &str) -> Result<T, String>
where
    T: fastjson::DecodeOwned + for<'de> serde::Deserialize<'de> + Debug + PartialEq,
{
    let theirs = serde_json::from_str::<T>(input);
    let ours = fastjson::from_str::<T>(input);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{input}");
            Ok(ours)
        }
        (Err(ours), Err(_)) => Err(ours.message()),
        (ours, theirs) => panic!("{input}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// Both libraries accept `input`, with equal values: the value.
#[allow(dead_code)] // Not every crate that includes this module reads inputs.
pub fn both_accept<T>(input: &str) -> T
where
    T: fastjson::DecodeOwned + for<'de> serde::Deserialize<'de> + Debug + PartialEq,
{
    same_decision::<T>(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

/// Both libraries refuse `input`: fastjson's message.
#[allow(dead_code)] // Not every crate that includes this module reads inputs.
pub fn both_reject<T>(input: &str) -> String
where
    T: fastjson::DecodeOwned + for<'de> serde::Deserialize<'de> + Debug + PartialEq,
{
    match same_decision::<T>(input) {
        Ok(value) => panic!("{input}: accepted as {value:?}"),
        Err(message) => message,
    }
}
