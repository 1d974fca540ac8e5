//! `#[serde(from, try_from, into, expecting)]`: what serde_json does with each, message for
//! message, beyond what the random differential (`serde_compat`'s conversion types) can see:
//! where a refused conversion is reported, which error wins over trailing characters, generic
//! conversions with split bounds, and every "expected ..." text that `expecting` replaces.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::error::Category;
use fastjson::FastJson;
use serde::{Deserialize, Serialize};

/// serde_json's message without its " at line L column C".
fn serde_message(err: serde_json::Error) -> String {
    let text = err.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Both libraries reject `input`; returns both messages, fastjson's first, and fastjson's error.
/// (fastjson words its own errors: "expected struct Point, found number" where serde_json says
/// "invalid type: integer `7`, expected struct Point"; custom messages are the same text.)
fn both_reject<T>(input: &str) -> (String, String, fastjson::Error)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let theirs = serde_json::from_str::<T>(input).expect_err("serde_json rejects");
    let ours = fastjson::from_str::<T>(input).expect_err("fastjson rejects");
    (ours.message(), serde_message(theirs), ours)
}

/// Both libraries reject `input` with the same message; returns fastjson's error.
fn same_rejection<T>(input: &str) -> fastjson::Error
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let (ours, theirs, err) = both_reject::<T>(input);
    assert_eq!(ours, theirs, "{input}");
    err
}

/// Both libraries reject `input` with a message naming what they expected as `expected`.
fn both_expect<T>(input: &str, expected: &str)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let (ours, theirs, _) = both_reject::<T>(input);
    assert!(theirs.contains(expected), "serde_json on {input}: {theirs}");
    assert!(ours.contains(expected), "fastjson on {input}: {ours}");
}

/// Both libraries accept `input` as the same value, and write it back identically.
fn same_value<T>(input: &str) -> T
where
    T: fastjson::DecodeOwned + fastjson::Encode + for<'de> Deserialize<'de> + Serialize,
    T: Debug + PartialEq,
{
    let theirs: T = serde_json::from_str(input).unwrap();
    let ours: T = fastjson::from_str(input).unwrap();
    assert_eq!(ours, theirs, "{input}");
    assert_eq!(
        fastjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
    ours
}

#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "String", into = "String")]
struct Email(String);

impl TryFrom<String> for Email {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        match text.split_once('@') {
            Some((user, host)) if !user.is_empty() && host.contains('.') => Ok(Email(text)),
            _ => Err(format!("`{text}` is not an email address")),
        }
    }
}

impl From<Email> for String {
    fn from(email: Email) -> String {
        email.0
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Signup {
    email: Email,
    backup: Option<Email>,
}

#[test]
fn a_refused_conversion_is_its_message_at_the_end_of_the_value_and_path() {
    let value = same_value::<Signup>(r#"{"email":"a@b.io","backup":null}"#);
    assert_eq!(value.email, Email("a@b.io".to_owned()));
    let input = r#"{"email":"a@b.io","backup":"nobody"}"#;
    let err = same_rejection::<Signup>(input);
    assert_eq!(err.message(), "`nobody` is not an email address");
    assert_eq!(err.classify(), Category::Data);
    assert_eq!(err.path(), "$.backup");
    // Just past the string's closing quote, where serde_json reports it too.
    assert_eq!(
        err.offset(),
        input.find("nobody").unwrap() + "nobody\"".len()
    );
}

#[test]
fn a_refused_conversion_is_reported_before_trailing_characters() {
    // serde_json converts before it checks the end of the input; so must we.
    let err = same_rejection::<Email>(r#""nobody" trailing"#);
    assert_eq!(err.message(), "`nobody` is not an email address");
    // An accepted conversion still meets the trailing characters.
    let (ours, _, err) = both_reject::<Email>(r#""a@b.io" x"#);
    assert_eq!(err.classify(), Category::Syntax, "{ours}");
    // And a type error in the source type is the source type's error.
    both_expect::<Email>("12", "string");
}

#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Wire {
    celsius_tenths: i32,
}

#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(from = "Wire", into = "Wire")]
struct Temperature {
    celsius: f64,
}

impl From<Wire> for Temperature {
    fn from(wire: Wire) -> Self {
        Temperature {
            celsius: f64::from(wire.celsius_tenths) / 10.0,
        }
    }
}

impl From<Temperature> for Wire {
    fn from(t: Temperature) -> Self {
        Wire {
            celsius_tenths: (t.celsius * 10.0).round() as i32,
        }
    }
}

#[test]
fn from_and_into_use_the_other_types_wire_form() {
    let t = same_value::<Temperature>(r#"{"celsius_tenths":215}"#);
    assert_eq!(t.celsius, 21.5);
    assert_eq!(fastjson::to_string(&t), r#"{"celsius_tenths":215}"#);
    assert_eq!(
        fastjson::to_string_pretty(&t),
        serde_json::to_string_pretty(&t).unwrap()
    );
    // The source's own checks and errors: the field names are `Wire`'s.
    same_rejection::<Temperature>(r#"{"celsius":21.5}"#);
    same_rejection::<Temperature>(r#"{"celsius_tenths":1,"celsius_tenths":2}"#);
    both_expect::<Temperature>("7", "struct Wire");
    // The source's end-of-document check, made by its closing bracket.
    both_expect::<Temperature>(r#"{"celsius_tenths":1} }"#, "trailing characters");
    same_value::<Temperature>("{\"celsius_tenths\":1} \n");
    // In a map, in a `Vec`, and as the schema of what is written.
    same_value::<BTreeMap<String, Vec<Temperature>>>(r#"{"k":[{"celsius_tenths":-5}]}"#);
    assert_eq!(
        <Temperature as fastjson::schema::Schema>::schema(),
        r##"{"$ref":"#/$defs/Wire"}"##
    );
}

/// A missing field of a type decoded through `Option` is what the conversion makes of `None`.
#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(from = "Option<u16>")]
struct Port(u16);

impl From<Option<u16>> for Port {
    fn from(port: Option<u16>) -> Self {
        Port(port.unwrap_or(443))
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Listen {
    host: String,
    port: Port,
}

#[test]
fn a_missing_field_converts_what_the_source_type_makes_of_it() {
    let listen = same_value::<Listen>(r#"{"host":"::1"}"#);
    assert_eq!(listen.port, Port(443));
    assert_eq!(
        same_value::<Listen>(r#"{"host":"::1","port":8}"#).port,
        Port(8)
    );
}

/// A `try_from` through `Option` decides what a missing field means: serde reports its refusal
/// in its own words, where the missing-field error would be.
#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "Option<u16>")]
struct RequiredPort(u16);

impl TryFrom<Option<u16>> for RequiredPort {
    type Error = &'static str;

    fn try_from(port: Option<u16>) -> Result<Self, Self::Error> {
        match port {
            Some(0) => Err("port 0 is reserved"),
            Some(port) => Ok(RequiredPort(port)),
            None => Err("a port is required"),
        }
    }
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Upstream {
    host: String,
    port: RequiredPort,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Upstreams {
    upstreams: Vec<Upstream>,
}

#[test]
fn a_missing_field_refused_by_try_from_is_the_conversions_message() {
    assert_eq!(
        same_value::<Upstream>(r#"{"host":"a","port":80}"#).port,
        RequiredPort(80)
    );
    let input = "{\"upstreams\":[\n {\"host\":\"a\",\"port\":80},\n {\"host\":\"b\"}]}";
    let theirs = serde_json::from_str::<Upstreams>(input).expect_err("serde_json rejects");
    let err = same_rejection::<Upstreams>(input);
    assert_eq!(err.message(), "a port is required");
    assert_eq!(err.classify(), Category::Data);
    assert_eq!(err.path(), "$.upstreams[1]");
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
    // The value present and refused is the same message at the value, not a missing field.
    let err = same_rejection::<Upstream>(r#"{"host":"a","port":0}"#);
    assert_eq!(err.message(), "port 0 is reserved");
}

/// A generic conversion whose bounds differ per direction, as serde users write them.
#[derive(FastJson, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(
    from = "Vec<T>",
    into = "Vec<T>",
    bound(
        serialize = "T: Clone + Serialize",
        deserialize = "T: Deserialize<'de>"
    )
)]
#[fastjson(bound(
    serialize = "T: Clone + fastjson::Encode",
    deserialize = "T: fastjson::Decode<'de>"
))]
struct Stack<T> {
    items: Vec<T>,
}

impl<T> From<Vec<T>> for Stack<T> {
    fn from(items: Vec<T>) -> Self {
        Stack { items }
    }
}

impl<T> From<Stack<T>> for Vec<T> {
    fn from(stack: Stack<T>) -> Self {
        stack.items
    }
}

#[test]
fn a_generic_conversion_with_split_bounds() {
    let stack = same_value::<Stack<u8>>("[1,2,3]");
    assert_eq!(stack.items, [1, 2, 3]);
    same_value::<Stack<String>>(r#"["a"]"#);
    both_expect::<Stack<u8>>("[256]", "u8");
}

/// Flattening goes through the source (and target) type's entries.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Sensor {
    name: String,
    #[serde(flatten)]
    reading: Temperature,
}

#[test]
fn a_converted_type_flattens_as_its_source_type() {
    let sensor = same_value::<Sensor>(r#"{"name":"roof","celsius_tenths":-12}"#);
    assert_eq!(sensor.reading.celsius, -1.2);
    same_value::<Sensor>(r#"{"celsius_tenths":-12,"name":"roof","other":1}"#);
    same_rejection::<Sensor>(r#"{"name":"roof"}"#);
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(expecting = "a point as [x, y] or {\"x\": .., \"y\": ..}")]
struct Point {
    x: i32,
    y: i32,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(expecting = "a pair of bytes")]
struct Pair(u8, u8);

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(expecting = "a shape name or an object naming one")]
enum Shape {
    Dot,
    Circle { r: u8 },
    Segment(u8, u8),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "kind", expecting = "a tagged event")]
enum Event {
    Click { x: u8 },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c", expecting = "an adjacently tagged message")]
enum Message {
    Text(String),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged, expecting = "a number or a list of numbers")]
enum Amount {
    One(u32),
    Many(Vec<u32>),
}

#[test]
fn expecting_replaces_every_expected_text_as_in_serde() {
    let point = "a point as [x, y] or {\"x\": .., \"y\": ..}";
    both_expect::<Point>("7", point);
    // serde adds no "with 2 elements" to an `expecting` text.
    let (ours, theirs, _) = both_reject::<Point>("[1]");
    assert_eq!(theirs, format!("invalid length 1, expected {point}"));
    assert!(ours.ends_with(&format!("expected {point}")), "{ours}");
    both_expect::<Pair>("true", "a pair of bytes");
    both_expect::<Pair>("[1]", "expected a pair of bytes");
    let shape = "a shape name or an object naming one";
    // serde_json reads an externally tagged enum only from a string or an object and says
    // "expected value" for anything else; fastjson names what it expected.
    let (ours, theirs, _) = both_reject::<Shape>("7");
    assert_eq!(theirs, "expected value");
    assert_eq!(ours, format!("expected {shape}, found number"));
    both_expect::<Shape>(r#"{"Circle":7}"#, shape);
    both_expect::<Shape>(r#"{"Segment":[1]}"#, &format!("expected {shape}"));
    both_expect::<Event>("7", "a tagged event");
    both_expect::<Message>("7", "an adjacently tagged message");
    let err = same_rejection::<Amount>(r#""ten""#);
    assert_eq!(err.message(), "a number or a list of numbers");
    same_value::<Amount>("[1,2]");
    same_value::<Point>("[1,2]");
}
