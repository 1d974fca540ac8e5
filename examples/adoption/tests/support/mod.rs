//! The fastjson side of the adoption test, in one place: what a model type must implement and
//! the three calls the test makes.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A model type: serde's traits (the oracle) and fastjson's.
pub trait Model:
    Serialize + DeserializeOwned + fastjson::Encode + fastjson::DecodeOwned + PartialEq + Debug
{
}

impl<T> Model for T where
    T: Serialize + DeserializeOwned + fastjson::Encode + fastjson::DecodeOwned + PartialEq + Debug
{
}

/// fastjson's decode, its error as text.
pub fn decode<T: Model>(bytes: &[u8]) -> Result<T, String> {
    fastjson::from_slice::<T>(bytes).map_err(|e| e.to_string())
}

/// fastjson's compact encode.
pub fn encode<T: Model>(value: &T) -> Vec<u8> {
    fastjson::to_vec(value)
}

/// fastjson's pretty encode.
pub fn encode_pretty<T: Model>(value: &T) -> Vec<u8> {
    fastjson::to_vec_pretty(value)
}

/// The serde bridge's whole-value decode (`fastjson::serde::from_slice`), its error as text.
pub fn bridge_decode<T: Model>(bytes: &[u8]) -> Result<T, String> {
    fastjson::serde::from_slice::<T>(bytes).map_err(|e| e.to_string())
}

/// The serde bridge's compact encode.
pub fn bridge_encode<T: Model>(value: &T) -> Vec<u8> {
    fastjson::serde::to_vec(value).unwrap()
}

/// The serde bridge's pretty encode.
pub fn bridge_encode_pretty<T: Model>(value: &T) -> Vec<u8> {
    fastjson::serde::to_vec_pretty(value).unwrap()
}
