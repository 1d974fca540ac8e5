//! What a row of the table runs: decode, encode and request-transaction subjects (a codec bound
//! to one payload type, as trait objects the harness can list and time), the floors (no-op codec,
//! memcpy) and the reference that defines the expected values.

use std::hint::black_box;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::codecs::{Codec, Payload};
use crate::copies::{self, Owned};

/// One timed operation; returns a number derived from its result so nothing is optimised away.
pub type Op = Box<dyn FnMut() -> usize + Send>;

/// A decode row.
pub trait DecodeSubject: Send + Sync {
    /// Decodes `input` once and returns the value's `Debug` text (for the gate).
    fn decode_debug(&self, input: &[u8]) -> Result<String, String>;
    /// One decode of `input`, the value dropped inside the operation.
    fn op(&self, input: &'static [u8]) -> Op;
}

/// An encode row, once prepared with its own copy of the document's value.
pub struct PreparedEncode {
    /// `Debug` text of the value that will be encoded (the gate checks it is the reference).
    pub value_debug: String,
    /// The output of one encode through the timed path.
    pub output: Vec<u8>,
    /// One encode of the value.
    pub op: Op,
}

/// An encode row.
pub trait EncodeSubject: Send + Sync {
    /// Builds the value and the timed operation. `expected` is serde_json's encoding of the
    /// reference value (the memcpy floor copies it).
    fn prepare(
        &self,
        input: &'static [u8],
        exact: &Value,
        expected: &[u8],
    ) -> Result<PreparedEncode, String>;
}

/// A request-mode row: one transaction decodes the request and encodes it back as the response.
pub trait TransactionSubject: Send + Sync {
    /// A fresh per-worker transaction over `input`.
    fn op(&self, input: &'static [u8]) -> Op;
}

/// A codec bound to one type: the decode, encode and transaction rows of one implementation.
pub struct Typed<C, T>(C, PhantomData<fn() -> T>);

impl<C, T> Typed<C, T> {
    pub fn new(codec: C) -> Self {
        Typed(codec, PhantomData)
    }
}

impl<C: Codec<T>, T: Payload> DecodeSubject for Typed<C, T> {
    fn decode_debug(&self, input: &[u8]) -> Result<String, String> {
        let value = self
            .0
            .decode(input, &mut Default::default())
            .map_err(|e| e.to_string())?;
        Ok(format!("{value:?}"))
    }

    fn op(&self, input: &'static [u8]) -> Op {
        let codec = self.0.clone();
        let mut state = C::State::default();
        // The `Result` is kept whole: binding the value out of it (`Ok(value)`) copied it
        // once more inside the timed operation (see `Codec::decode`: the harness's two copies
        // were 15% of fastjson's micro-login decode row).
        Box::new(move || {
            let decoded = codec.decode(black_box(input), &mut state);
            let completed = usize::from(decoded.is_ok());
            black_box(&decoded);
            completed
        })
    }
}

impl<C: Codec<T>, T: Payload> EncodeSubject for Typed<C, T> {
    fn prepare(
        &self,
        input: &'static [u8],
        exact: &Value,
        _: &[u8],
    ) -> Result<PreparedEncode, String> {
        let value = self.0.prepare(exact, input)?;
        let value_debug = format!("{value:?}");
        let mut output = Vec::new();
        self.0.encode(&value, &mut output);
        let codec = self.0.clone();
        let mut out = Vec::new();
        Ok(PreparedEncode {
            value_debug,
            output,
            op: Box::new(move || {
                codec.encode(black_box(&value), &mut out);
                black_box(&out).len()
            }),
        })
    }
}

impl<C: Codec<T>, T: Payload> TransactionSubject for Typed<C, T> {
    fn op(&self, input: &'static [u8]) -> Op {
        let codec = self.0.clone();
        let mut state = C::State::default();
        Box::new(move || {
            let mut response = Vec::new();
            match &codec.decode(black_box(input), &mut state) {
                Ok(value) => {
                    codec.encode(value, &mut response);
                    black_box(response).len()
                }
                Err(_) => 0,
            }
        })
    }
}

/// The harness floor: an operation that touches its input and does nothing else.
pub struct NoopFloor;

impl DecodeSubject for NoopFloor {
    fn decode_debug(&self, _: &[u8]) -> Result<String, String> {
        Err("the no-op floor decodes nothing".into())
    }
    fn op(&self, input: &'static [u8]) -> Op {
        Box::new(move || black_box(input).len())
    }
}

impl EncodeSubject for NoopFloor {
    fn prepare(
        &self,
        _: &'static [u8],
        _: &Value,
        expected: &[u8],
    ) -> Result<PreparedEncode, String> {
        let len = expected.len();
        Ok(PreparedEncode {
            value_debug: String::new(),
            output: Vec::new(),
            op: Box::new(move || black_box(len)),
        })
    }
}

/// The bandwidth ceiling: a copy of the input (decode) or of the expected output (encode) into a
/// preallocated buffer.
pub struct MemcpyFloor;

fn memcpy_op(source: Vec<u8>) -> Op {
    let mut dst = vec![0u8; source.len()];
    Box::new(move || {
        dst.copy_from_slice(black_box(&source));
        black_box(&dst).len()
    })
}

impl DecodeSubject for MemcpyFloor {
    fn decode_debug(&self, _: &[u8]) -> Result<String, String> {
        Err("the memcpy floor decodes nothing".into())
    }
    fn op(&self, input: &'static [u8]) -> Op {
        memcpy_op(input.to_vec())
    }
}

impl EncodeSubject for MemcpyFloor {
    fn prepare(
        &self,
        _: &'static [u8],
        _: &Value,
        expected: &[u8],
    ) -> Result<PreparedEncode, String> {
        Ok(PreparedEncode {
            value_debug: String::new(),
            output: Vec::new(),
            op: memcpy_op(expected.to_vec()),
        })
    }
}

/// The expected values of a workload, defined by serde_json's copy of the type.
pub trait Reference: Send + Sync {
    /// From the exactly parsed document: the expected value's `Debug` text and serde_json's
    /// encoding of that value.
    fn build(&self, exact: &Value) -> Result<(String, Vec<u8>), String>;
}

/// serde_json's copy of `T` as the reference, built with `from_value` so floats are exact.
pub struct SerdeReference<T>(PhantomData<fn() -> T>);

impl<T> Default for SerdeReference<T> {
    fn default() -> Self {
        SerdeReference(PhantomData)
    }
}

impl<T> Reference for SerdeReference<T>
where
    T: Owned<Lib = copies::SerdeJson> + Serialize + DeserializeOwned + Payload,
{
    fn build(&self, exact: &Value) -> Result<(String, Vec<u8>), String> {
        let value: T = serde_json::from_value(exact.clone()).map_err(|e| e.to_string())?;
        let bytes = serde_json::to_vec(&value).map_err(|e| e.to_string())?;
        Ok((format!("{value:?}"), bytes))
    }
}
