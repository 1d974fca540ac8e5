//! Comparing fastjson with serde_json on one document, for tests.

use std::fmt::Debug;

use serde::de::DeserializeOwned;

/// Both libraries decode `json` to the same value, or both refuse it (fastjson's message).
pub fn same_decode<T>(json: &str) -> Result<T, String>
where
    T: fastjson::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    match (
        fastjson::from_str::<T>(json),
        serde_json::from_str::<T>(json),
    ) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{json}");
            Ok(ours)
        }
        (Err(ours), Err(_)) => Err(ours.to_string()),
        (ours, theirs) => panic!("{json}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}
