//! One codec per implementation, each accepting only the types of its own stamped copy
//! (`T: Owned<Lib = ...>`): the type system keeps serde_json's row from ever running another
//! implementation's code on its types, and the other way round.

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::copies::{self, Owned};

/// How one implementation decodes and encodes values of its own copy of a payload type.
pub trait Codec<T>: Clone + Send + Sync + 'static {
    /// State a row keeps from one operation to the next (simd-json's input copy and buffers).
    type State: Default + Send + 'static;
    /// The implementation's own error type.
    type Error: Display;
    /// Decodes `input`, returning the implementation's `Result` as its API returns it: a
    /// conversion here (`map_err` to a `String`) would move the decoded value inside the timed
    /// operation, a copy that is the harness's and not the implementation's (with this and
    /// `subjects`' binding, fastjson's micro-login decode row measured 172 ns instead of 147).
    fn decode(&self, input: &[u8], state: &mut Self::State) -> Result<T, Self::Error>;
    /// Encodes `value` into `out` (its previous contents are discarded).
    fn encode(&self, value: &T, out: &mut Vec<u8>);
    /// Builds this copy's value of the document for the encode rows, without timing. serde copies
    /// are built from the exactly parsed document; fastjson's copy has no serde impls, so it is
    /// decoded by fastjson (and the gate checks the result equals the reference first).
    fn prepare(&self, exact: &Value, input: &[u8]) -> Result<T, String>;
}

fn from_exact<T: DeserializeOwned>(exact: &Value) -> Result<T, String> {
    serde_json::from_value(exact.clone()).map_err(|e| e.to_string())
}

/// serde_json: `from_slice`, `to_vec`.
#[derive(Clone, Copy)]
pub struct SerdeJsonCodec;

impl<T> Codec<T> for SerdeJsonCodec
where
    T: Owned<Lib = copies::SerdeJson> + Serialize + DeserializeOwned,
{
    type State = ();
    type Error = serde_json::Error;
    fn decode(&self, input: &[u8], _: &mut ()) -> Result<T, serde_json::Error> {
        serde_json::from_slice(input)
    }
    fn encode(&self, value: &T, out: &mut Vec<u8>) {
        *out = serde_json::to_vec(value).expect("serde_json encodes every payload type");
    }
    fn prepare(&self, exact: &Value, _: &[u8]) -> Result<T, String> {
        from_exact(exact)
    }
}

/// sonic-rs: `from_slice`, `to_vec` (serde API).
#[derive(Clone, Copy)]
pub struct SonicRsCodec;

impl<T> Codec<T> for SonicRsCodec
where
    T: Owned<Lib = copies::SonicRs> + Serialize + DeserializeOwned,
{
    type State = ();
    type Error = sonic_rs::Error;
    fn decode(&self, input: &[u8], _: &mut ()) -> Result<T, sonic_rs::Error> {
        sonic_rs::from_slice(input)
    }
    fn encode(&self, value: &T, out: &mut Vec<u8>) {
        *out = sonic_rs::to_vec(value).expect("sonic-rs encodes every payload type");
    }
    fn prepare(&self, exact: &Value, _: &[u8]) -> Result<T, String> {
        from_exact(exact)
    }
}

/// simd-json (serde API). It parses in place, so each decode first copies the input into a
/// reused buffer; that copy is inside the timed region, and the report says so. `from_slice`
/// allocates its tape and string buffers anew for every document (megabytes for the corpus,
/// which makes the row sensitive to the allocator's history); `ReusedBuffers` keeps them, as
/// `from_slice_with_buffers` allows.
#[derive(Clone, Copy)]
pub enum SimdJsonCodec {
    FromSlice,
    ReusedBuffers,
}

/// simd-json's per-row state: the input copy and, when reused, its parse buffers.
#[derive(Default)]
pub struct SimdState {
    input: Vec<u8>,
    buffers: Option<simd_json::Buffers>,
}

impl<T> Codec<T> for SimdJsonCodec
where
    T: Owned<Lib = copies::SimdJson> + Serialize + DeserializeOwned,
{
    type State = SimdState;
    type Error = simd_json::Error;
    fn decode(&self, input: &[u8], state: &mut SimdState) -> Result<T, simd_json::Error> {
        state.input.clear();
        state.input.extend_from_slice(input);
        match self {
            SimdJsonCodec::FromSlice => simd_json::serde::from_slice(&mut state.input),
            SimdJsonCodec::ReusedBuffers => {
                let buffers = state
                    .buffers
                    .get_or_insert_with(|| simd_json::Buffers::new(input.len()));
                simd_json::serde::from_slice_with_buffers(&mut state.input, buffers)
            }
        }
    }
    fn encode(&self, value: &T, out: &mut Vec<u8>) {
        *out = simd_json::serde::to_vec(value).expect("simd-json encodes every payload type");
    }
    fn prepare(&self, exact: &Value, _: &[u8]) -> Result<T, String> {
        from_exact(exact)
    }
}

/// fastjson: `from_slice`, and either `to_vec` (owned output, like the others) or `encode_into`
/// a reused buffer (fastjson's allocation-free path).
#[derive(Clone, Copy)]
pub enum FastjsonCodec {
    ToVec,
    EncodeInto,
}

impl<T> Codec<T> for FastjsonCodec
where
    T: Owned<Lib = copies::Fastjson> + fastjson::Encode + fastjson::DecodeOwned,
{
    type State = ();
    type Error = fastjson::Error;
    fn decode(&self, input: &[u8], _: &mut ()) -> Result<T, fastjson::Error> {
        fastjson::from_slice(input)
    }
    fn encode(&self, value: &T, out: &mut Vec<u8>) {
        match self {
            FastjsonCodec::ToVec => *out = fastjson::to_vec(value),
            FastjsonCodec::EncodeInto => {
                out.clear();
                fastjson::encode_into(value, out);
            }
        }
    }
    fn prepare(&self, _: &Value, input: &[u8]) -> Result<T, String> {
        fastjson::from_slice(input).map_err(|e| e.to_string())
    }
}

/// Values the harness can hold and compare: every stamped type.
pub trait Payload: Debug + Send + 'static {}
impl<T: Debug + Send + 'static> Payload for T {}
