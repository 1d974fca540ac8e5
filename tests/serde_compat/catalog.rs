//! The compatibility catalog: every type is written once and stamped twice, once deriving serde
//! (the oracle, through serde_json) and once deriving `FastJson` (under test). Each copy lives in
//! its own module, so neither can reach the other's impls.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

pub fn default_name() -> String {
    "anonymous".to_owned()
}

pub fn default_port() -> u16 {
    8080
}

pub fn is_zero(v: &u32) -> bool {
    *v == 0
}

pub fn is_zero_u64(v: &u64) -> bool {
    *v == 0
}

pub fn is_zero_f64(v: &f64) -> bool {
    *v == 0.0
}

/// `with` targets, serde's signatures: fastjson reads `#[serde(with)]` as serde does and calls
/// them through its serde bridge, so both copies use these.
pub mod serde_with {
    use serde::{Deserialize, Deserializer, Serializer};

    pub mod as_string {
        use super::*;

        pub fn serialize<S: Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(value)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
            let text = String::deserialize(d)?;
            text.parse().map_err(serde::de::Error::custom)
        }
    }

    pub fn upper<S: Serializer>(value: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&value.to_uppercase())
    }

    pub fn lower<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        Ok(String::deserialize(d)?.to_lowercase())
    }
}

/// The fastjson copies' `with` targets: serde's own, through the bridge (fastjson's signatures,
/// under `#[fastjson(with)]`, are held to serde's by `tests/variant_with.rs`, `tests/remote.rs`
/// and the fuzzers' models).
pub mod fast_with {
    pub use super::serde_with::*;
}

/// The conversions of the `from` / `try_from` / `into` types, expanded in both copies so that
/// each names its own module's types.
macro_rules! conversions {
    () => {
        impl From<RawReading> for Reading {
            fn from(raw: RawReading) -> Self {
                Reading {
                    millis: u64::from(raw.secs) * 1000 + u64::from(raw.millis),
                }
            }
        }

        impl From<Reading> for RawReading {
            fn from(reading: Reading) -> Self {
                RawReading {
                    secs: (reading.millis / 1000) as u32,
                    millis: (reading.millis % 1000) as u16,
                }
            }
        }

        impl TryFrom<String> for Handle {
            type Error = String;
            fn try_from(text: String) -> Result<Self, String> {
                // Refuses about a third of random strings, so both outcomes are exercised.
                if text.chars().count() % 3 == 2 {
                    return Err(format!("a handle cannot be {} characters long", text.len()));
                }
                Ok(Handle(text.to_lowercase()))
            }
        }

        impl From<Handle> for String {
            fn from(handle: Handle) -> String {
                handle.0
            }
        }

        impl TryFrom<u8> for Level {
            type Error = &'static str;
            fn try_from(n: u8) -> Result<Self, &'static str> {
                match n {
                    0 => Ok(Level::Low),
                    1 => Ok(Level::Mid),
                    2 => Ok(Level::High),
                    _ => Err("level above 2"),
                }
            }
        }

        impl From<Level> for u8 {
            fn from(level: Level) -> u8 {
                level as u8
            }
        }

        impl From<Option<u16>> for Port {
            fn from(port: Option<u16>) -> Self {
                Port(port.unwrap_or(80))
            }
        }
    };
}

macro_rules! stamp {
    ($($item:item)*) => {
        /// The serde copies: the oracle.
        pub mod serde_side {
            #![allow(dead_code, clippy::all)]
            use super::*;
            use super::serde_with::*;
            $(
                #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
                $item
            )*
            conversions!();
        }

        /// The fastjson copies: under test.
        pub mod fast_side {
            #![allow(dead_code, clippy::all)]
            use super::*;
            use super::fast_with::*;
            $(
                #[derive(fastjson::FastJson, Debug, PartialEq)]
                $item
            )*
            conversions!();
        }
    };
}

stamp! {
    // ---- struct shapes -------------------------------------------------------------------
    pub struct Unit;

    pub struct Meters(pub f64);

    pub struct Pair(pub u8, pub String);

    pub struct Empty {}

    pub struct EmptyTuple();

    pub struct Ints {
        pub a: u8,
        pub b: u16,
        pub c: u32,
        pub d: u64,
        pub e: u128,
        pub f: usize,
        pub g: i8,
        pub h: i16,
        pub i: i32,
        pub j: i64,
        pub k: i128,
        pub l: isize,
    }

    pub struct Floats {
        pub single: f32,
        pub double: f64,
        pub list: Vec<f64>,
    }

    /// Runs of plain `f64` fields, which generated code writes a group at a time: a run first
    /// in the object, runs of 2, 4 then 2 (six in a row), 3 and 2 between

    /// other fields, broken by a skippable float, an `Option<f64>` and an `f32`, and a key that
    /// needs escaping.
    pub struct FloatRuns {
        pub a: f64,
        pub b: f64,
        pub label: String,
        pub c: f64,
        pub d: f64,
        pub e: f64,
        pub f: f64,
        pub g: f64,
        pub h: f64,
        #[serde(skip_serializing_if = "is_zero_f64", default)]
        pub i: f64,
        #[serde(rename = "j<\"")]
        pub j: f64,
        pub k: f64,
        pub maybe: Option<f64>,
        pub l: f64,
        pub m: f64,
        pub n: f32,
        pub o: f64,
    }

    /// A float run after a skippable first field: its separator is decided at run time.
    pub struct FloatRunAfterSkip {
        #[serde(skip_serializing_if = "Option::is_none", default)]
        pub id: Option<u8>,
        pub x: f64,
        pub y: f64,
    }

    /// Float runs through `EncodeFields` (flatten) and right after it.
    pub struct FlattenedFloatRun {
        pub name: String,
        #[serde(flatten)]
        pub at: FloatRunAfterSkip,
        pub z: f64,
        pub w: f64,
    }

    /// Float runs in struct variants (fields bound by reference).
    pub enum Shape {
        Point { x: f64, y: f64 },
        Box { x: f64, y: f64, w: f64, h: f64, label: String },
    }

    pub struct Text {
        pub s: String,
        pub c: char,
        pub boxed: Box<str>,
        pub maybe: Option<String>,
        pub flag: bool,
    }

    pub struct Sequences {
        pub v: Vec<u32>,
        pub deque: VecDeque<i8>,
        pub set: BTreeSet<String>,
        pub nested: Vec<Vec<bool>>,
        pub boxed: Box<[u16]>,
    }

    pub struct Fixed {
        pub array: [u8; 3],
        pub tuple: (u8, String, bool),
        pub unit: (),
        pub big_tuple: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, String),
    }

    pub struct Maps {
        pub by_name: BTreeMap<String, u32>,
        pub by_id: BTreeMap<i64, String>,
        pub by_byte: BTreeMap<u8, bool>,
        pub by_char: BTreeMap<char, u8>,
        pub by_u128: BTreeMap<u128, ()>,
    }

    pub struct Pointers {
        pub boxed: Box<u32>,
        pub rc: Rc<String>,
        pub arc: Arc<Vec<u8>>,
        pub rc_str: Rc<str>,
    }

    pub struct Nested {
        pub ints: Ints,
        pub pairs: Vec<Pair>,
        pub next: Option<Box<Nested>>,
    }

    pub struct Options {
        pub a: Option<u8>,
        pub b: Option<Option<u8>>,
        pub c: Option<Vec<Option<String>>>,
    }

    pub struct Dynamic {
        pub value: serde_json::Value,
        pub map: serde_json::Map<String, serde_json::Value>,
        pub list: Vec<serde_json::Value>,
    }

    pub struct Unordered {
        pub map: HashMap<String, u8>,
    }

    pub struct Many {
        pub f01: u8, pub f02: u8, pub f03: u8, pub f04: u8, pub f05: u8,
        pub f06: u8, pub f07: u8, pub f08: u8, pub f09: u8, pub f10: u8,
        pub f11: u8, pub f12: u8, pub f13: u8, pub f14: u8, pub f15: u8,
        pub f16: u8, pub f17: u8, pub f18: u8, pub f19: u8, pub f20: u8,
        pub f21: u8, pub f22: u8, pub f23: u8, pub f24: u8, pub f25: u8,
        pub f26: u8, pub f27: u8, pub f28: u8, pub f29: u8, pub f30: u8,
    }

    pub struct RawIdent {
        pub r#type: String,
        pub r#match: u8,
    }

    // ---- field attributes ----------------------------------------------------------------
    pub struct Renamed {
        #[serde(rename = "user_id")]
        pub id: u64,
        #[serde(rename = "weird \"key\"\n\u{1}")]
        pub odd: bool,
        #[serde(rename = "ключ")]
        pub unicode: u8,
    }

    pub struct Aliased {
        #[serde(alias = "uid", alias = "userId")]
        pub user_id: u64,
        #[serde(rename = "name", alias = "login")]
        pub username: String,
    }

    pub struct Skips {
        #[serde(skip)]
        pub skipped: u32,
        #[serde(skip_serializing, default)]
        pub write_only: u32,
        #[serde(skip_deserializing)]
        pub read_only: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub maybe: Option<u32>,
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        pub list: Vec<u8>,
        #[serde(skip_serializing_if = "is_zero", default)]
        pub count: u32,
    }

    pub struct Defaults {
        #[serde(default)]
        pub count: u32,
        #[serde(default = "default_name")]
        pub name: String,
        #[serde(default = "default_port")]
        pub port: u16,
        pub required: bool,
    }

    #[derive(Default)]
    #[serde(default)]
    pub struct ContainerDefault {
        pub a: u32,
        pub b: String,
        pub c: Vec<u8>,
    }

    #[serde(deny_unknown_fields)]
    pub struct Strict {
        pub a: u8,
        pub b: Option<String>,
    }

    #[serde(transparent)]
    pub struct Transparent {
        pub inner: String,
    }

    #[serde(transparent)]
    pub struct TransparentWithSkip {
        pub value: Vec<u8>,
        #[serde(skip)]
        pub cache: Option<u8>,
    }

    #[serde(rename = "RenamedContainer")]
    pub struct RenamedContainer {
        pub x: i32,
    }

    pub struct Meta {
        pub version: u32,
        pub author: String,
    }

    pub struct Flattened {
        pub id: u32,
        #[serde(flatten)]
        pub meta: Meta,
        pub tail: bool,
    }

    pub struct OptionalFlatten {
        pub id: u32,
        #[serde(flatten)]
        pub meta: Option<Meta>,
    }

    pub struct CapturesUnknown {
        pub id: u32,
        #[serde(flatten)]
        pub extra: BTreeMap<String, serde_json::Value>,
    }

    pub struct WithFunctions {
        #[serde(with = "as_string")]
        pub id: u64,
        #[serde(serialize_with = "upper", deserialize_with = "lower")]
        pub name: String,
        #[serde(with = "as_string", default, skip_serializing_if = "is_zero_u64")]
        pub optional_id: u64,
    }

    pub struct Borrowed<'a> {
        pub plain: &'a str,
        #[serde(borrow)]
        pub cow: Cow<'a, str>,
        pub owned_cow: Cow<'a, str>,
    }

    pub struct Generic<T> {
        pub value: T,
        pub list: Vec<T>,
        pub maybe: Option<T>,
    }

    pub struct GenericPair<A, B> {
        pub a: A,
        pub b: Vec<B>,
    }

    #[serde(bound = "T: Default")]
    pub struct Bounded<T> {
        pub id: u8,
        #[serde(skip)]
        pub marker: PhantomData<T>,
    }

    pub struct PhantomOnly<T> {
        pub id: u8,
        pub marker: PhantomData<T>,
    }

    // ---- rename_all, every case style ------------------------------------------------------
    #[serde(rename_all = "camelCase")]
    pub struct CamelCase {
        pub user_id: u64,
        pub http_status: u16,
        pub a_b_c: bool,
    }

    #[serde(rename_all = "PascalCase")]
    pub struct PascalCase {
        pub user_id: u64,
        pub http_status: u16,
    }

    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub struct ScreamingSnake {
        pub user_id: u64,
        pub x: u8,
    }

    #[serde(rename_all = "kebab-case")]
    pub struct Kebab {
        pub user_id: u64,
        pub a_b_c: bool,
    }

    #[serde(rename_all = "SCREAMING-KEBAB-CASE")]
    pub struct ScreamingKebab {
        pub user_id: u64,
    }

    #[serde(rename_all = "UPPERCASE")]
    pub struct Upper {
        pub user_id: u64,
    }

    #[serde(rename_all = "lowercase")]
    pub enum LowerVariants {
        HTTPError,
        NotFound,
        A,
    }

    #[serde(rename_all = "snake_case")]
    pub enum SnakeVariants {
        HTTPError,
        NotFound,
        A,
    }

    #[serde(rename_all = "kebab-case")]
    pub enum KebabVariants {
        HTTPError,
        NotFound { error_code: u16 },
    }

    #[serde(rename_all = "camelCase")]
    pub enum CamelVariants {
        HTTPError,
        NotFound(u8),
    }

    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum ScreamingVariants {
        HTTPError,
        NotFound,
    }

    // ---- enums -----------------------------------------------------------------------------
    pub enum External {
        Unit,
        Newtype(u32),
        Tuple(u8, String),
        Struct { a: bool, b: Option<i8> },
        #[serde(rename = "renamed-variant", alias = "also")]
        Renamed,
        #[serde(skip)]
        Skipped,
    }

    #[serde(tag = "type")]
    pub enum Internal {
        Unit,
        Struct { a: u8, b: String },
        Newtype(Meta),
        #[serde(rename = "map")]
        Map(BTreeMap<String, u8>),
    }

    #[serde(tag = "kind")]
    pub enum InternalWithOther {
        Known { x: u8 },
        #[serde(other)]
        Unknown,
    }

    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        Unit,
        Newtype(String),
        Tuple(u8, u8),
        Struct { a: u8 },
    }

    #[serde(untagged)]
    pub enum Untagged {
        Struct { a: u8, b: String },
        Number(u64),
        Text(String),
        List(Vec<u8>),
        Nothing,
    }

    // `#[serde(untagged)]` variants after tagged ones, in each tagged representation: random
    // values are mostly the untagged ones (serde buffers what it is given and rarely finds a
    // tag in it); the seeds cover the tagged forms.
    pub enum ExternalWithFallbacks {
        Unit,
        Newtype(u8),
        Tuple(u8, String),
        Struct {
            a: bool,
        },
        #[serde(untagged)]
        Raw(String),
        #[serde(untagged)]
        Number(u64),
        #[serde(untagged)]
        Pair(u8, u8),
        #[serde(untagged)]
        Fields {
            x: u8,
            y: Option<String>,
        },
        #[serde(untagged)]
        Nothing,
    }

    #[serde(tag = "type")]
    pub enum InternalWithFallbacks {
        Unit,
        #[serde(skip_deserializing)]
        Hidden,
        Struct {
            a: u8,
            b: String,
        },
        Newtype(Meta),
        #[serde(untagged)]
        Raw(String),
        #[serde(untagged)]
        Typed {
            r#type: u8,
            b: Option<u8>,
        },
    }

    #[serde(tag = "t", content = "c")]
    pub enum AdjacentWithFallbacks {
        Unit,
        Newtype(String),
        Tuple(u8, u8),
        Struct {
            a: u8,
        },
        #[serde(untagged)]
        Number(u64),
        #[serde(untagged)]
        Pair(u8, u8),
        #[serde(untagged)]
        Fields {
            a: u8,
            b: u8,
        },
    }

    #[serde(rename_all_fields = "camelCase")]
    pub enum FieldsRenamed {
        Create { user_id: u64, display_name: String },
        #[serde(rename_all = "UPPERCASE")]
        Delete { user_id: u64 },
    }

    pub enum GenericEnum<T> {
        One(T),
        Many(Vec<T>),
        Nothing,
    }

    pub struct Envelope {
        pub events: Vec<External>,
        pub by_kind: BTreeMap<String, Adjacent>,
        pub tagged: Option<Internal>,
        pub any: Vec<Untagged>,
    }

    /// Newtype variants whose field is not written: serde writes them as unit variants.
    pub enum SkippedNewtype {
        Kept(u8),
        Hidden(#[serde(skip_serializing)] u8),
        Gone(#[serde(skip)] u8),
    }

    #[serde(tag = "t")]
    pub enum SkippedNewtypeInternal {
        Hidden(#[serde(skip_serializing)] Meta),
        Unit,
    }

    #[serde(tag = "t", content = "c")]
    pub enum SkippedNewtypeAdjacent {
        Hidden(#[serde(skip_serializing)] u8),
        Kept(u8),
    }

    // ---- from / try_from / into ------------------------------------------------------------
    #[derive(Clone)]
    pub struct RawReading {
        pub secs: u32,
        pub millis: u16,
    }

    #[derive(Clone)]
    #[serde(from = "RawReading", into = "RawReading")]
    pub struct Reading {
        pub millis: u64,
    }

    #[derive(Clone)]
    #[serde(try_from = "String", into = "String")]
    pub struct Handle(String);

    #[derive(Clone, Copy)]
    #[serde(try_from = "u8", into = "u8")]
    pub enum Level {
        Low,
        Mid,
        High,
    }

    /// Decoded through `Option<u16>`, so a missing field is `Port(80)`; written as itself.
    #[serde(from = "Option<u16>")]
    pub struct Port(u16);

    pub struct Converted {
        pub handle: Handle,
        pub levels: Vec<Level>,
        pub by_handle: BTreeMap<String, Reading>,
        pub port: Port,
        #[serde(flatten)]
        pub reading: Reading,
    }
}
