//! serde-signature helpers for `deserialize_with`/`serialize_with`/`with`, as client crates
//! write them, and one enum with hand-written serde impls.

use fastjson::FastJson;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// `deserialize_with`: an empty string (or null) reads as `None`; GitHub sends
/// `"gravatar_id": ""`.
pub fn empty_string_is_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let s: Option<String> = Option::deserialize(d)?;
    Ok(s.filter(|s| !s.is_empty()))
}

/// `deserialize_with`: a count sent as a number or as a decimal string.
pub fn number_or_string<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    struct V;
    impl Visitor<'_> for V {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a number or a string of digits")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom("negative count"))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
            v.parse()
                .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
    d.deserialize_any(V)
}

/// `serialize_with` for an optional string: `None` written as `""`, the inverse of
/// [`empty_string_is_none`].
pub fn none_as_empty_string<S: Serializer>(v: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.as_deref().unwrap_or(""))
}

/// `with`: a boolean the API sends as `0`/`1`.
pub mod bool_as_int {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `1` or `0`.
    pub fn serialize<S: Serializer>(v: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(u8::from(*v))
    }

    /// Reads `0` or `1`; anything else is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        match u8::deserialize(d)? {
            0 => Ok(false),
            1 => Ok(true),
            n => Err(serde::de::Error::custom(format_args!(
                "expected 0 or 1, got {n}"
            ))),
        }
    }
}

/// A GitHub timestamp: push payloads give the repository's `created_at`/`pushed_at` as Unix
/// seconds, every other payload as RFC 3339 text. Hand-written impls keep the form it came in.
#[derive(Debug, Clone, PartialEq, FastJson)]
#[fastjson(serde)]
pub enum GitTimestamp {
    /// Seconds since the epoch.
    Unix(i64),
    /// RFC 3339 text.
    Rfc3339(chrono::DateTime<chrono::Utc>),
}

impl Serialize for GitTimestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            GitTimestamp::Unix(n) => s.serialize_i64(*n),
            GitTimestamp::Rfc3339(t) => t.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for GitTimestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = GitTimestamp;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("Unix seconds or an RFC 3339 timestamp")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<GitTimestamp, E> {
                Ok(GitTimestamp::Unix(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<GitTimestamp, E> {
                i64::try_from(v)
                    .map(GitTimestamp::Unix)
                    .map_err(|_| E::custom("timestamp out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<GitTimestamp, E> {
                v.parse().map(GitTimestamp::Rfc3339).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A risk level the payments API sends as a name (`"elevated"`) in new API versions and as a
/// number (`1`) in old ones; always written as the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FastJson)]
#[fastjson(serde)]
pub enum RiskLevel {
    /// `"normal"` or `0`.
    Normal,
    /// `"elevated"` or `1`.
    Elevated,
    /// `"highest"` or `2`.
    Highest,
    /// `"not_assessed"` or `-1`.
    NotAssessed,
}

impl Serialize for RiskLevel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            RiskLevel::Normal => "normal",
            RiskLevel::Elevated => "elevated",
            RiskLevel::Highest => "highest",
            RiskLevel::NotAssessed => "not_assessed",
        })
    }
}

impl<'de> Deserialize<'de> for RiskLevel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RiskLevel;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a risk level name or number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RiskLevel, E> {
                match v {
                    -1 => Ok(RiskLevel::NotAssessed),
                    0 => Ok(RiskLevel::Normal),
                    1 => Ok(RiskLevel::Elevated),
                    2 => Ok(RiskLevel::Highest),
                    _ => Err(E::invalid_value(de::Unexpected::Signed(v), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RiskLevel, E> {
                i64::try_from(v)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
                    .and_then(|v| self.visit_i64(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RiskLevel, E> {
                match v {
                    "normal" => Ok(RiskLevel::Normal),
                    "elevated" => Ok(RiskLevel::Elevated),
                    "highest" => Ok(RiskLevel::Highest),
                    "not_assessed" => Ok(RiskLevel::NotAssessed),
                    _ => Err(E::unknown_variant(
                        v,
                        &["normal", "elevated", "highest", "not_assessed"],
                    )),
                }
            }
        }
        d.deserialize_any(V)
    }
}
