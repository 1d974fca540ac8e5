//! The free-form JSON value each copy holds where a model has one (`payload: Value`): the type a
//! user of that library would hold. serde_json's and fastjson's copies hold `serde_json::Value`
//! (fastjson implements its traits for it); sonic-rs's and simd-json's hold their own, wrapped
//! here only so the gate can compare them: `#[serde(transparent)]` (decode and encode are the
//! library's own code for its value, with no step of ours), and a `Debug` that prints the value
//! as `serde_json::Value` prints (the gate compares values through `Debug` text; this converts
//! through the library's own `Serialize`, outside any timed operation).

use std::fmt;

/// sonic-rs's `Value`, as its copies hold it. Only sonic-rs's deserializer can build one (its
/// `Deserialize` takes the parsed node from sonic-rs's own deserializer), so sonic-rs's codec
/// builds values holding it from text (see `codecs::SonicRsCodec::prepare`).
#[derive(Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct SonicValue(pub sonic_rs::Value);

/// simd-json's `OwnedValue`, as its copies hold it.
#[derive(Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct SimdValue(pub simd_json::OwnedValue);

fn debug_as_serde_json(value: &impl serde::Serialize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match serde_json::to_value(value) {
        Ok(v) => fmt::Debug::fmt(&v, f),
        Err(e) => write!(f, "<not representable as serde_json::Value: {e}>"),
    }
}

impl fmt::Debug for SonicValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_as_serde_json(&self.0, f)
    }
}

impl fmt::Debug for SimdValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_as_serde_json(&self.0, f)
    }
}

// Library leaf types for the guard: they implement serde's traits and not fastjson's, and no
// stamped type is reachable from them.
impl crate::guard::Inspect for SonicValue {
    fn inspect(_: &mut crate::guard::Inspector) {}
}

impl crate::guard::Inspect for SimdValue {
    fn inspect(_: &mut crate::guard::Inspector) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        r#"{"b":[1,-2,3.5,"x\"y",null,true],"a":{"n":18446744073709551615,"f":0.1}}"#;

    // The gate compares through `Debug`: each library's value must print as serde_json's does
    // for the same text, and print differently for a different value.
    #[test]
    fn debug_prints_as_serde_json_value() {
        let want = format!(
            "{:?}",
            serde_json::from_str::<serde_json::Value>(TEXT).unwrap()
        );
        let sonic = SonicValue(sonic_rs::from_str(TEXT).unwrap());
        let mut bytes = TEXT.as_bytes().to_vec();
        let simd = SimdValue(simd_json::to_owned_value(&mut bytes).unwrap());
        assert_eq!(format!("{sonic:?}"), want);
        assert_eq!(format!("{simd:?}"), want);
        let other = TEXT.replace("3.5", "3.25");
        let sonic_other = SonicValue(sonic_rs::from_str(&other).unwrap());
        assert_ne!(format!("{sonic_other:?}"), want);
    }
}
