//! The check the std-impl tests share: a value encodes to serde_json's bytes, compact and
//! pretty, and decodes back to itself.

use std::fmt::Debug;

/// `value` encodes as serde_json encodes it (compact and pretty), and the bytes decode back to
/// `value`.
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
