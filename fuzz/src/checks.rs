//! What each fuzz target checks. Every function panics on a finding (libFuzzer records the
//! input); none may panic on merely bad input.
//!
//! Also compiled into `tests/fuzz_regressions.rs` (through `#[path]`), which replays the seeds and
//! the kept crash inputs in `cargo test`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use fastjson::FastJson;

#[path = "variant_functions.rs"]
pub mod variant_functions;

/// Models shaped like the benchmark corpora and the derive's features: every decode path
/// (structs, arrays, maps, all enum representations, flatten, borrowing) meets arbitrary bytes.
/// Most also derive serde's traits, for the typed differential (not `Untagged`: serde_json reads
/// its `f32` through an `f64`, rounding twice; not `Borrowing`: serde borrows only with
/// `#[serde(borrow)]` on the `&str` too).
pub mod models {
    use super::*;

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Status {
        pub id: u64,
        pub id_str: String,
        pub text: Cow<'static, str>,
        pub user: Option<User>,
        pub entities: Option<Entities>,
        pub retweet_count: u32,
        pub favorited: bool,
        pub coordinates: Option<(f64, f64)>,
        pub metadata: BTreeMap<String, String>,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct User {
        pub screen_name: String,
        #[serde(default)]
        pub followers_count: i64,
        #[serde(alias = "url_str")]
        pub url: Option<String>,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Entities {
        pub hashtags: Vec<Hashtag>,
        pub indices: Vec<[u16; 2]>,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Hashtag {
        pub text: String,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Catalog {
        #[serde(rename = "areaNames")]
        pub area_names: HashMap<u64, String>,
        pub events: BTreeMap<String, Event>,
        #[serde(flatten)]
        pub rest: BTreeMap<String, serde_json::Value>,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct Event {
        pub id: i32,
        pub name: Option<String>,
        pub prices: Vec<f64>,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub enum External {
        Unit,
        Newtype(i8),
        Tuple(u8, String),
        Struct { a: bool },
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    pub enum Internal {
        A { x: u8 },
        B(Hashtag),
        C,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        A(u8),
        B { y: String },
        C,
    }

    #[derive(FastJson, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Untagged {
        Num(f32),
        Text(String),
        Pair(u8, u8),
        Obj { k: char },
    }

    #[derive(FastJson, Debug, PartialEq)]
    pub struct Borrowing<'a> {
        pub plain: &'a str,
        #[serde(borrow)]
        pub cow: Cow<'a, str>,
    }
}

/// A model stamped with both derives (each implements only its own traits), for the typed
/// differential: struct fields, `Option` defaults, the key types serde_json reads from strings
/// (integers, `bool`, addresses), the std types serde writes as structs, strings or tagged
/// enums, and an enum of the derive's own. No `f32`: serde_json reads one through an `f64`,
/// rounding twice, where fastjson rounds once (a known, documented difference).
pub mod typed {
    use std::net::{IpAddr, SocketAddr};
    use std::num::NonZeroU8;
    use std::ops::{Bound, Range};
    use std::time::{Duration, SystemTime};

    use super::*;

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Typed {
        pub id: u64,
        pub tags: Vec<String>,
        pub name: Option<String>,
        pub by_id: Option<BTreeMap<i32, bool>>,
        pub flags: Option<BTreeMap<bool, u8>>,
        pub hosts: Option<BTreeMap<IpAddr, u16>>,
        pub listen: Option<SocketAddr>,
        pub timeout: Option<Duration>,
        pub started: Option<SystemTime>,
        pub window: Option<Range<u32>>,
        pub retries: Option<NonZeroU8>,
        pub outcome: Option<Result<u8, String>>,
        pub bound: Option<Bound<i8>>,
        pub shape: Option<Shape>,
        pub letter: Option<char>,
        pub big: Option<i128>,
        pub ratio: Option<f64>,
    }

    /// Untagged, with the number variants serde tells apart by what it buffered (`i64`, then
    /// `u64`, then `f64`) and a unit variant (`null`).
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Loose {
        Int(i64),
        Big(u64),
        Float(f64),
        Flag(bool),
        Text(String),
        List(Vec<Loose>),
        Pair(u8, String),
        Obj {
            k: char,
            #[serde(default)]
            v: Option<u16>,
        },
        Nothing,
    }

    /// Container and field attributes serde_compat's catalog also covers, here under
    /// coverage-guided bytes: container `default`, `rename_all` with `rename_all_fields`,
    /// `skip_serializing_if`, `transparent`, `#[serde(other)]`, `alias`, `skip`; and derived
    /// map keys (a unit-variant enum with `other`, a transparent integer).
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq, Default)]
    #[serde(default, rename_all = "kebab-case")]
    pub struct Settings {
        pub max_items: u16,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub label: Option<String>,
        #[serde(alias = "ids")]
        pub item_ids: Vec<Id>,
        #[serde(skip)]
        pub cache: u8,
        pub mode: Mode,
        pub event: Option<Event>,
        pub per_mode: BTreeMap<Mode, u8>,
        pub per_id: BTreeMap<Id, bool>,
    }

    #[derive(
        FastJson,
        serde::Serialize,
        serde::Deserialize,
        Debug,
        PartialEq,
        Eq,
        PartialOrd,
        Ord,
        Default,
    )]
    #[serde(transparent)]
    pub struct Id(pub u32);

    #[derive(
        FastJson,
        serde::Serialize,
        serde::Deserialize,
        Debug,
        PartialEq,
        Eq,
        PartialOrd,
        Ord,
        Default,
    )]
    #[serde(rename_all = "UPPERCASE")]
    pub enum Mode {
        #[default]
        Fast,
        Safe,
        #[serde(other)]
        Unknown,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind", rename_all_fields = "camelCase")]
    pub enum Event {
        Started { job_id: u64, at_secs: i64 },
        Stopped { job_id: u64, exit_code: Option<i32> },
        Ping,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    pub enum Shape {
        Dot,
        Circle(u16),
        Rect { w: u16, h: u16 },
    }

    /// `from`, `try_from`, `into` (also flattened, as map keys, and for a missing field through
    /// `Option`),
    /// `expecting`, untagged variants, and the std types serde writes as the value they hold or
    /// as bytes.
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(expecting = "a converted record")]
    pub struct Converted {
        pub handle: Handle,
        pub levels: Option<Vec<Level>>,
        pub port: Port,
        pub name: Option<std::ffi::CString>,
        pub os: Option<std::ffi::OsString>,
        pub cell: Option<std::cell::Cell<u8>>,
        pub text: Option<std::cell::RefCell<String>>,
        pub keys: Option<BTreeMap<std::num::Wrapping<u16>, bool>>,
        pub by_handle: Option<BTreeMap<Handle, u8>>,
        pub by_level: Option<BTreeMap<Level, bool>>,
        pub fallbacks: Option<Vec<Fallback>>,
        pub external: Option<Vec<ExternalFallback>>,
        #[serde(flatten)]
        pub reading: Reading,
    }

    /// Untagged variants after tagged ones: tried when no tagged variant matches.
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind")]
    pub enum Fallback {
        Ping,
        Job {
            id: u32,
        },
        #[serde(untagged)]
        Number(u64),
        #[serde(untagged)]
        Raw(String),
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub enum ExternalFallback {
        Stop,
        Go(u8),
        #[serde(untagged)]
        Bytes(Vec<u8>),
        #[serde(untagged)]
        Nothing,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
    pub struct RawReading {
        pub secs: u32,
        pub millis: u16,
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
    #[serde(from = "RawReading", into = "RawReading")]
    pub struct Reading {
        pub millis: u64,
    }

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

    #[derive(
        FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone,
    )]
    #[serde(try_from = "String", into = "String")]
    pub struct Handle(String);

    impl TryFrom<String> for Handle {
        type Error = String;
        fn try_from(text: String) -> Result<Self, String> {
            if text.contains(char::is_whitespace) {
                return Err(format!("`{text}` holds whitespace"));
            }
            Ok(Handle(text.to_lowercase()))
        }
    }

    impl From<Handle> for String {
        fn from(handle: Handle) -> String {
            handle.0
        }
    }

    #[derive(
        FastJson,
        serde::Serialize,
        serde::Deserialize,
        Debug,
        PartialEq,
        Eq,
        PartialOrd,
        Ord,
        Clone,
        Copy,
    )]
    #[serde(try_from = "u8", into = "u8")]
    pub enum Level {
        Low,
        High,
    }

    impl TryFrom<u8> for Level {
        type Error = &'static str;
        fn try_from(n: u8) -> Result<Self, &'static str> {
            match n {
                0 => Ok(Level::Low),
                1 => Ok(Level::High),
                _ => Err("level above 1"),
            }
        }
    }

    impl From<Level> for u8 {
        fn from(level: Level) -> u8 {
            level as u8
        }
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(from = "Option<u16>")]
    pub struct Port(u16);

    impl From<Option<u16>> for Port {
        fn from(port: Option<u16>) -> Self {
            Port(port.unwrap_or(80))
        }
    }
}

/// Variant functions (`with`, and `deserialize_with` with fastjson's own function beside
/// serde's) in each representation that allows them, `remote` mirrors of an enum and of a
/// struct with getters, flattened internally and adjacently tagged enums, and identifier enums (read only, so compared on decode alone: [`dispatch::Query`]).
pub mod dispatch {
    use super::variant_functions::{decode_swapped, hex, joined, read_swapped};
    use super::*;

    /// One enum of variant functions, stamped in three representations.
    macro_rules! operations {
        ($name:ident $(#[$container:meta])*) => {
            #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
            $(#[$container])*
            pub enum $name {
                Stop,
                #[serde(with = "hex")]
                #[fastjson(with = "hex")]
                Jump(u32),
                #[serde(with = "joined")]
                #[fastjson(with = "joined")]
                Move(i32, i32),
                #[serde(deserialize_with = "read_swapped")]
                #[fastjson(deserialize_with = "decode_swapped")]
                Resize { w: u16, h: u16 },
                Plain(u8),
            }
        };
    }

    operations!(Op);
    operations!(TaggedOp #[serde(tag = "op", content = "arg")]);
    operations!(LooseOp #[serde(untagged)]);

    /// Stands in for another crate's enum: no serde, no fastjson.
    pub mod foreign {
        #[derive(Debug, PartialEq)]
        pub enum Paint {
            None,
            Gray(u8),
            Rgb(u8, u8, u8),
            Named { name: String, alpha: Option<u8> },
        }

        /// Private fields, read through getters (serde's `getter`), built by `new`.
        #[derive(Debug, PartialEq, Default)]
        pub struct Window {
            title: String,
            size: (u16, u16),
            pub visible: bool,
        }

        impl Window {
            pub fn new(title: String, size: (u16, u16), visible: bool) -> Self {
                Window {
                    title,
                    size,
                    visible,
                }
            }

            pub fn title(&self) -> &String {
                &self.title
            }

            pub fn size(&self) -> (u16, u16) {
                self.size
            }
        }
    }

    /// The mirror: functions for `foreign::Paint`, no impls.
    #[derive(FastJson, serde::Serialize, serde::Deserialize)]
    #[serde(remote = "foreign::Paint", rename_all = "lowercase")]
    pub enum PaintDef {
        None,
        Gray(u8),
        Rgb(u8, u8, u8),
        Named { name: String, alpha: Option<u8> },
    }

    /// A struct mirror whose private fields are read through getters (one of them renamed);
    /// built back through `From`, as serde requires with getters.
    #[derive(FastJson, serde::Serialize, serde::Deserialize)]
    #[serde(remote = "foreign::Window")]
    pub struct WindowDef {
        #[serde(getter = "foreign::Window::title")]
        title: String,
        #[serde(getter = "foreign::Window::size", rename = "wh")]
        size: (u16, u16),
        #[serde(default)]
        visible: bool,
    }

    impl From<WindowDef> for foreign::Window {
        fn from(def: WindowDef) -> Self {
            foreign::Window::new(def.title, def.size, def.visible)
        }
    }

    /// Flattened beside `Dispatch`'s fields: an internally tagged enum (struct, unit and
    /// newtype variants) ...
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    pub enum Action {
        Open {
            path: String,
            #[serde(default)]
            line: u32,
        },
        Close,
        Wrap(Wrapped),
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Wrapped {
        pub depth: u8,
    }

    /// ... and an adjacently tagged one.
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "mode", content = "args")]
    pub enum Mode {
        Fast,
        Slow(u16),
        Tuned { level: i8 },
    }

    /// ... an externally tagged one (the first key naming a variant) ...
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    pub enum Target {
        File { name: String },
        Url(String),
        Stdout,
        Pair(u8, u8),
    }

    /// ... and an untagged one (the first variant the object's keys satisfy). `ops` (a key of
    /// `Dispatch`'s own) is never handed to it; `mode` is only when the adjacently tagged enum
    /// declared before it failed on an earlier `mode` entry and left the later ones, as serde
    /// does.
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Credentials {
        Token {
            token: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            ops: Option<u8>,
        },
        Login {
            user: String,
            pass: Option<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            mode: Option<String>,
        },
    }

    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Dispatch {
        pub ops: Vec<Op>,
        #[serde(default)]
        pub tagged: Vec<TaggedOp>,
        #[serde(default)]
        pub loose: Vec<LooseOp>,
        #[serde(with = "PaintDef")]
        #[fastjson(with = "PaintDef")]
        pub paint: foreign::Paint,
        #[serde(with = "WindowDef", default)]
        #[fastjson(with = "WindowDef")]
        pub window: foreign::Window,
        /// Declared first: it reads every key the fields leave and takes none, so the flattened
        /// fields after it are offered the same keys (the value read again).
        #[serde(flatten)]
        pub extra: BTreeMap<String, serde_json::Value>,
        #[serde(flatten)]
        pub action: Option<Action>,
        #[serde(flatten)]
        pub mode: Option<Mode>,
        #[serde(flatten)]
        pub target: Option<Target>,
        #[serde(flatten)]
        pub credentials: Option<Credentials>,
        #[serde(flatten)]
        pub limits: Limits,
    }

    /// A flattened struct after the map: it takes the keys it names.
    #[derive(FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Limits {
        #[serde(default)]
        pub retries: u8,
        pub timeout: Option<u32>,
    }

    /// A field identifier whose last variant takes any other name.
    #[derive(FastJson, serde::Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(field_identifier, rename_all = "lowercase")]
    pub enum Column {
        Id,
        #[serde(alias = "e-mail")]
        Email,
        Other(String),
    }

    /// A variant identifier: its names and aliases only.
    #[derive(FastJson, serde::Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(variant_identifier)]
    pub enum Kind {
        Alpha,
        #[serde(rename = "b", alias = "beta")]
        Beta,
    }

    /// Identifiers as values and as map keys: a type that is only read, deriving `Decode`
    /// alone (as serde's side derives only `Deserialize`).
    #[derive(fastjson::Decode, serde::Deserialize, Debug, PartialEq)]
    pub struct Query {
        pub columns: Vec<Column>,
        pub kind: Option<Kind>,
        pub by_column: Option<BTreeMap<Column, u8>>,
        pub by_kind: Option<BTreeMap<Kind, bool>>,
    }
}

/// Decodes `data` into every model: errors are fine, panics and hangs are findings. Whatever
/// decodes must encode and decode again to the same value.
pub fn decode_typed(data: &[u8]) {
    use models::*;

    fn again<T>(value: &T)
    where
        T: fastjson::Encode + fastjson::DecodeOwned + PartialEq + std::fmt::Debug,
    {
        let bytes = fastjson::to_vec(value);
        let back: T = fastjson::from_slice(&bytes).unwrap_or_else(|e| {
            panic!(
                "re-decoding {value:?} from {:?}: {e}",
                String::from_utf8_lossy(&bytes)
            )
        });
        // Floats that are NaN cannot come from JSON, so equality holds.
        assert_eq!(&back, value);
    }

    if let Ok(v) = fastjson::from_slice::<Status>(data) {
        again(&v);
    }
    if let Ok(v) = fastjson::from_slice::<Catalog>(data) {
        again(&v);
    }
    if let Ok(v) = fastjson::from_slice::<Vec<External>>(data) {
        again(&v);
    }
    if let Ok(v) = fastjson::from_slice::<Vec<Internal>>(data) {
        again(&v);
    }
    if let Ok(v) = fastjson::from_slice::<Vec<Adjacent>>(data) {
        again(&v);
    }
    if let Ok(v) = fastjson::from_slice::<Vec<Untagged>>(data) {
        // f32 from a decimal may not re-encode to the same decimal, but must decode the same.
        let bytes = fastjson::to_vec(&v);
        let back: Vec<Untagged> = fastjson::from_slice(&bytes).expect("re-decodes");
        assert_eq!(fastjson::to_vec(&back), bytes);
    }
    if let Ok(v) = fastjson::from_slice::<Borrowing<'_>>(data) {
        let bytes = fastjson::to_vec(&v);
        let back: Borrowing<'_> = fastjson::from_slice(&bytes).expect("re-decodes");
        assert_eq!(back, v);
    }
    let mut lex = fastjson::Lexer::new(data);
    let _ = lex.skip_value().and_then(|()| lex.end());
}

/// fastjson and serde_json (with exact float parsing) accept the same documents as
/// `serde_json::Value`, and produce the same value; the skipper accepts whatever decodes;
/// re-encoding gives serde_json's bytes; field extraction accepts the same and finds the same values.
pub fn differential(data: &[u8]) {
    let ours = fastjson::from_slice::<serde_json::Value>(data);
    let theirs = serde_json::from_slice::<serde_json::Value>(data);
    same_outcome("Value", data, &ours, &theirs);
    if ours.is_ok() {
        let mut lex = fastjson::Lexer::new(data);
        assert!(
            lex.skip_value().and_then(|()| lex.end()).is_ok(),
            "skipper rejected a valid document"
        );
    }
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(
            fastjson::from_str::<serde_json::Value>(text).is_ok(),
            ours.is_ok()
        );
    }
    if theirs.is_ok() {
        typed_differential(data);
    }
    extraction(data, theirs.ok().as_ref());
}

/// fastjson and serde_json accept the same JSON documents as [`typed::Typed`], decode them to
/// the same value, and encode that value to the same bytes. Only for documents that are JSON
/// (serde_json's `Value` accepts them): serde_json's typed decode skips an unknown field's
/// strings without checking their UTF-8 or their `\u` surrogates, so it accepts documents
/// that are not JSON, which fastjson rejects (RFC 8259; docs/conformance.md).
fn typed_differential(data: &[u8]) {
    fn compare<T>(what: &str, data: &[u8])
    where
        T: fastjson::DecodeOwned + fastjson::Encode + serde::de::DeserializeOwned,
        T: serde::Serialize + PartialEq + std::fmt::Debug,
    {
        let ours = fastjson::from_slice::<T>(data);
        let theirs = serde_json::from_slice::<T>(data);
        same_outcome(what, data, &ours, &theirs);
    }
    compare::<typed::Typed>("Typed", data);
    compare::<Vec<typed::Loose>>("Vec<Loose>", data);
    compare::<typed::Settings>("Settings", data);
    compare::<typed::Converted>("Converted", data);
    compare::<models::Status>("Status", data);
    compare::<models::Catalog>("Catalog", data);
    compare::<Vec<models::External>>("Vec<External>", data);
    compare::<Vec<models::Internal>>("Vec<Internal>", data);
    compare::<Vec<models::Adjacent>>("Vec<Adjacent>", data);
    compare::<dispatch::Dispatch>("Dispatch", data);
    read_only::<dispatch::Query>("Query", data);
}

/// What [`same_outcome`] checks, for a type that is only read (identifiers, as in serde): both
/// libraries accept the same documents and decode them to the same value.
fn read_only<T>(what: &str, data: &[u8])
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let ours = fastjson::from_slice::<T>(data);
    let theirs = serde_json::from_slice::<T>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(
            a,
            b,
            "{what}: different values for {:?}",
            String::from_utf8_lossy(data)
        ),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{what}: fastjson {:?} but serde_json {:?} on {:?}",
            ours.as_ref().map(|_| "ok").map_err(ToString::to_string),
            theirs.as_ref().map(|_| "ok").map_err(ToString::to_string),
            String::from_utf8_lossy(data)
        ),
    }
}

/// Both decodes of `data` as `what` failed, or both gave the same value, which both libraries
/// write to the same bytes, compact and pretty.
fn same_outcome<T>(
    what: &str,
    data: &[u8],
    ours: &fastjson::Result<T>,
    theirs: &serde_json::Result<T>,
) where
    T: fastjson::Encode + serde::Serialize + PartialEq + std::fmt::Debug,
{
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(
                a,
                b,
                "{what}: different values for {:?}",
                String::from_utf8_lossy(data)
            );
            // One value through both encoders: two decoded `HashMap`s iterate in orders of
            // their own.
            assert_eq!(fastjson::to_vec(a), serde_json::to_vec(a).unwrap());
            assert_eq!(
                fastjson::to_vec_pretty(a),
                serde_json::to_vec_pretty(a).unwrap()
            );
        }
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{what}: fastjson {:?} but serde_json {:?} on {:?}",
            ours.as_ref().map(|_| "ok").map_err(ToString::to_string),
            theirs.as_ref().map(|_| "ok").map_err(ToString::to_string),
            String::from_utf8_lossy(data)
        ),
    }
}

/// Paths of the shapes fuzzed documents take (the root, first elements, short keys).
const PATHS: &[&str] = &[
    "$", "$[0]", "$[1]", "$.a", "$[0].a", "$.a[0]", "$.a.b", "$[\"\"]",
];

/// Field extraction over the same input: it accepts what the skipper accepts (but for a repeated
/// key on one of the paths, which it refuses; the skipper, like a typed decode's unknown fields,
/// checks syntax, not whether `9e999` fits a float), and finds what serde_json's `Value` holds
/// there. Stopping when found gives the same values.
fn extraction(data: &[u8], value: Option<&serde_json::Value>) {
    let extractor = fastjson::Extractor::new(PATHS).expect("the paths parse");
    let found = extractor.extract(data);
    let mut lex = fastjson::Lexer::new(data);
    let skipped = lex.skip_value().and_then(|()| lex.end());
    let found = match (found, skipped) {
        (Ok(found), Ok(())) => found,
        (Err(e), Ok(())) if e.to_string().starts_with("duplicate field") => return,
        (Err(_), Err(_)) => return,
        (found, skipped) => panic!(
            "extraction {:?} but the skipper {skipped:?}",
            found.map(|_| "ok")
        ),
    };
    let Some(value) = value else {
        return;
    };
    let fast = extractor.clone().stop_when_found(true);
    let fast = fast
        .extract(data)
        .expect("stopping early accepts what the full pass does");
    for (i, path) in PATHS.iter().enumerate() {
        let expected = follow(value, path);
        let got: Option<serde_json::Value> = found.get(i).expect("a found value decodes");
        assert_eq!(got.as_ref(), expected, "{path}");
        assert_eq!(fast.raw(i), found.raw(i), "{path}");
    }
}

/// `path` (of [`PATHS`]' shapes) in `value`: keys into objects only, positions into arrays only.
fn follow<'v>(value: &'v serde_json::Value, path: &str) -> Option<&'v serde_json::Value> {
    let mut v = value;
    let mut rest = &path[1..];
    while !rest.is_empty() {
        let (next, after) = if let Some(r) = rest.strip_prefix("[\"\"]") {
            (v.as_object()?.get(""), r)
        } else if let Some(r) = rest.strip_prefix('[') {
            let close = r.find(']')?;
            let index: usize = r[..close].parse().ok()?;
            (v.as_array()?.get(index), &r[close + 1..])
        } else {
            let r = rest.strip_prefix('.')?;
            let end = r.find(['.', '[']).unwrap_or(r.len());
            (v.as_object()?.get(&r[..end]), &r[end..])
        };
        v = next?;
        rest = after;
    }
    Some(v)
}

/// Arbitrary typed values: encode, then decode to the same value; the bytes are serde_json's
/// for the `Value` they parse into.
#[derive(FastJson, Debug, PartialEq, arbitrary::Arbitrary)]
pub struct Arbitrary {
    pub a: u64,
    pub b: i128,
    pub c: Option<String>,
    pub d: Vec<(char, bool)>,
    pub e: BTreeMap<String, Vec<i16>>,
    pub f: HashMap<u32, Option<u8>>,
    pub g: Finite,
    pub h: Choice,
    pub i: Box<[u8]>,
    pub j: [i8; 3],
}

#[derive(FastJson, Debug, PartialEq, arbitrary::Arbitrary)]
pub enum Choice {
    Unit,
    One(String),
    Two(u8, f32),
    Named { x: Option<Box<Choice>> },
}

/// A finite f64 (NaN and infinities encode as `null`, which does not decode back).
#[derive(Debug, PartialEq)]
pub struct Finite(pub f64);

impl<'a> arbitrary::Arbitrary<'a> for Finite {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let v = f64::arbitrary(u)?;
        Ok(Finite(if v.is_finite() { v } else { 0.0 }))
    }
}

impl fastjson::Encode for Finite {
    fn encode<F: fastjson::Format>(&self, w: &mut fastjson::Writer<'_, F>) {
        w.f64(self.0);
    }
}

impl<'de> fastjson::Decode<'de> for Finite {
    fn decode(lex: &mut fastjson::Lexer<'de>) -> fastjson::Result<Self> {
        lex.f64().map(Finite)
    }
}

pub fn roundtrip(data: &[u8]) {
    use arbitrary::Arbitrary as _;
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(value) = Arbitrary::arbitrary(&mut u) else {
        return;
    };
    let mut value = value;
    // f32 inside `Choice::Two` must be finite too.
    fn finite(c: &mut Choice) {
        match c {
            Choice::Two(_, f) if !f.is_finite() => *f = 0.0,
            Choice::Named { x: Some(inner) } => finite(inner),
            _ => {}
        }
    }
    finite(&mut value.h);
    let bytes = fastjson::to_vec(&value);
    let back: Arbitrary = match fastjson::from_slice(&bytes) {
        Ok(back) => back,
        // Encoding has no depth limit, decoding does (as serde_json): a value nested deeper
        // than 127 levels must fail with exactly that error.
        Err(e) if e.message().starts_with("nesting deeper than the limit") => return,
        Err(e) => panic!("{e} decoding {}", String::from_utf8_lossy(&bytes)),
    };
    assert_eq!(back, value);
    let as_value: serde_json::Value = serde_json::from_slice(&bytes).expect("valid JSON");
    let pretty = fastjson::to_vec_pretty(&value);
    let pretty_value: serde_json::Value = serde_json::from_slice(&pretty).expect("valid JSON");
    assert_eq!(as_value, pretty_value);
}
