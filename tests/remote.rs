//! `#[serde(remote = "...")]` and `#[serde(getter = "...")]`: mirrors of another crate's types
//! (the `foreign` module below, which knows neither serde nor fastjson), deriving serde's traits
//! and `FastJson` at once, used `with` the mirror on fields of the foreign types. Both libraries
//! must write the same bytes (compact and pretty), read the same values, and accept and reject
//! the same documents.

use std::fmt::Debug;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};

/// Stands in for another crate: plain types, no serde, no fastjson.
mod foreign {
    /// Public fields: the mirror reads them and builds the type as a struct literal.
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct Point {
        pub x: i32,
        pub y: i32,
    }

    /// Private fields, read through accessors (by value and by reference) and built from the
    /// mirror with `From`.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Account {
        id: u64,
        name: String,
        tags: Vec<String>,
    }

    impl Account {
        pub fn new(id: u64, name: &str, tags: &[&str]) -> Account {
            Account {
                id,
                name: name.to_owned(),
                tags: tags.iter().map(|tag| tag.to_string()).collect(),
            }
        }

        pub fn id(&self) -> u64 {
            self.id
        }

        pub fn name(&self) -> &String {
            &self.name
        }

        pub fn tags(&self) -> &Vec<String> {
            &self.tags
        }
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Rgb(pub u8, pub u8, pub u8);

    #[derive(Clone, Debug, PartialEq)]
    pub struct Meters(pub f64);

    #[derive(Clone, Debug, PartialEq)]
    pub struct Nothing;

    #[derive(Clone, Debug, PartialEq)]
    pub struct Span<T> {
        pub start: T,
        pub end: T,
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Labeled<T> {
        pub label: String,
        pub value: T,
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Segment {
        pub from: Point,
        pub to: Point,
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Celsius {
        pub degrees: f64,
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Name<'a> {
        pub text: &'a str,
    }

    #[derive(Clone, Debug, PartialEq)]
    pub struct Extras {
        pub id: u32,
        pub rest: std::collections::BTreeMap<String, u32>,
    }

    /// Written as text: `"1.2"`.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Version {
        pub major: u8,
        pub minor: u8,
    }

    impl From<Version> for String {
        fn from(version: Version) -> String {
            format!("{}.{}", version.major, version.minor)
        }
    }

    impl TryFrom<String> for Version {
        type Error = String;
        fn try_from(text: String) -> Result<Version, String> {
            let number = |part: &str| part.parse().map_err(|_| format!("`{text}` is no version"));
            match text.split_once('.') {
                Some((major, minor)) => Ok(Version {
                    major: number(major)?,
                    minor: number(minor)?,
                }),
                None => Err(format!("`{text}` is no version")),
            }
        }
    }
}

use foreign::{
    Account, Celsius, Extras, Labeled, Meters, Name, Nothing, Point, Rgb, Segment, Span, Version,
};

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Point")]
struct PointDef {
    x: i32,
    y: i32,
}

/// A second mirror of the same type: container attributes apply to the foreign value. (serde
/// bounds its decoder by `StrictPointDef: Default` too, and builds a `Point::default()`.)
#[derive(Serialize, Deserialize, FastJson, Default)]
#[serde(
    remote = "foreign::Point",
    default,
    deny_unknown_fields,
    rename_all = "UPPERCASE"
)]
struct StrictPointDef {
    x: i32,
    #[serde(rename = "vertical", alias = "up")]
    y: i32,
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "foreign::Account", rename_all = "camelCase")]
struct AccountDef {
    #[serde(getter = "Account::id")]
    account_id: u64,
    #[serde(getter = "Account::name")]
    display_name: String,
    #[serde(
        getter = "Account::tags",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    tags: Vec<String>,
}

impl From<AccountDef> for Account {
    fn from(def: AccountDef) -> Account {
        let tags: Vec<&str> = def.tags.iter().map(String::as_str).collect();
        Account::new(def.account_id, &def.display_name, &tags)
    }
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Rgb")]
struct RgbDef(u8, u8, u8);

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Meters")]
struct MetersDef(f64);

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Nothing")]
struct NothingDef;

/// Generic: the mirror declares the foreign type's parameters.
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Span")]
struct SpanDef<T> {
    start: T,
    end: T,
}

/// One instantiation of a generic type.
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "foreign::Labeled<u8>")]
struct LabeledByteDef {
    label: String,
    value: u8,
}

/// A mirror whose fields are themselves foreign, through other mirrors.
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Segment")]
struct SegmentDef {
    #[serde(with = "PointDef")]
    #[fastjson(with = "PointDef")]
    from: Point,
    #[serde(with = "PointDef")]
    #[fastjson(with = "PointDef")]
    to: Point,
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Celsius", transparent)]
struct CelsiusDef {
    degrees: f64,
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Name")]
struct NameDef<'a> {
    text: &'a str,
}

/// A flattened map takes the keys no field claims (read as a map only, as in serde).
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Extras")]
struct ExtrasDef {
    id: u32,
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, u32>,
}

/// Conversions apply to the foreign type: `Version: Clone + Into<String>` and
/// `Version: TryFrom<String>`.
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Version", into = "String", try_from = "String")]
struct VersionDef {
    major: u8,
    minor: u8,
}

/// `remote = "Self"`: a local type with functions instead of impls.
#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
#[serde(remote = "Self")]
struct Local {
    a: u8,
}

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct Drawing {
    #[serde(with = "PointDef")]
    #[fastjson(with = "PointDef")]
    origin: Point,
    #[serde(with = "AccountDef")]
    #[fastjson(with = "AccountDef")]
    owner: Account,
    #[serde(with = "RgbDef")]
    #[fastjson(with = "RgbDef")]
    color: Rgb,
    #[serde(with = "MetersDef")]
    #[fastjson(with = "MetersDef")]
    width: Meters,
    #[serde(with = "NothingDef")]
    #[fastjson(with = "NothingDef")]
    nothing: Nothing,
    #[serde(with = "SpanDef")]
    #[fastjson(with = "SpanDef")]
    span: Span<i64>,
    #[serde(with = "LabeledByteDef")]
    #[fastjson(with = "LabeledByteDef")]
    label: Labeled<u8>,
    #[serde(with = "SegmentDef")]
    #[fastjson(with = "SegmentDef")]
    segment: Segment,
    #[serde(with = "CelsiusDef")]
    #[fastjson(with = "CelsiusDef")]
    temperature: Celsius,
    #[serde(with = "VersionDef")]
    #[fastjson(with = "VersionDef")]
    version: Version,
    #[serde(with = "Local")]
    #[fastjson(with = "Local")]
    local: Local,
}

/// Each mirror alone, as the one field of a newtype.
#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct ThePoint(
    #[serde(with = "PointDef")]
    #[fastjson(with = "PointDef")]
    Point,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheStrictPoint(
    #[serde(with = "StrictPointDef")]
    #[fastjson(with = "StrictPointDef")]
    Point,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheAccount(
    #[serde(with = "AccountDef")]
    #[fastjson(with = "AccountDef")]
    Account,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheRgb(
    #[serde(with = "RgbDef")]
    #[fastjson(with = "RgbDef")]
    Rgb,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheNothing(
    #[serde(with = "NothingDef")]
    #[fastjson(with = "NothingDef")]
    Nothing,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheSpan(
    #[serde(with = "SpanDef")]
    #[fastjson(with = "SpanDef")]
    Span<String>,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheLabeled(
    #[serde(with = "LabeledByteDef")]
    #[fastjson(with = "LabeledByteDef")]
    Labeled<u8>,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheExtras(
    #[serde(with = "ExtrasDef")]
    #[fastjson(with = "ExtrasDef")]
    Extras,
);

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct Borrowing<'a> {
    #[serde(with = "NameDef", borrow)]
    #[fastjson(with = "NameDef")]
    name: Name<'a>,
}

fn drawing() -> Drawing {
    Drawing {
        origin: Point { x: -3, y: 7 },
        owner: Account::new(42, "Ada \"the\" Countess", &["admin", "é"]),
        color: Rgb(255, 0, 128),
        width: Meters(2.5),
        nothing: Nothing,
        span: Span {
            start: -1,
            end: i64::MAX,
        },
        label: Labeled {
            label: "byte".to_owned(),
            value: 200,
        },
        segment: Segment {
            from: Point { x: 0, y: 0 },
            to: Point { x: 1, y: -1 },
        },
        temperature: Celsius { degrees: -40.0 },
        version: Version {
            major: 1,
            minor: 95,
        },
        local: Local { a: 1 },
    }
}

/// fastjson writes exactly serde_json's text, compact and pretty.
fn same_text<T: fastjson::Encode + Serialize>(value: &T) -> String {
    let ours = fastjson::to_string(value);
    assert_eq!(ours, serde_json::to_string(value).unwrap());
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    ours
}

/// Both libraries accept `input` as the same value.
fn same_value<T>(input: &str) -> T
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    let theirs: T = serde_json::from_str(input).unwrap_or_else(|err| panic!("{input}: {err}"));
    let ours: T = fastjson::from_str(input).unwrap_or_else(|err| panic!("{input}: {err}"));
    assert_eq!(ours, theirs, "{input}");
    ours
}

/// Both libraries reject `input`; returns fastjson's message and serde_json's. (fastjson words
/// its own type errors, so only the decision is compared here.)
fn both_reject<T>(input: &str) -> (String, String)
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug,
{
    let theirs = serde_json::from_str::<T>(input)
        .expect_err(&format!("serde_json rejects {input}"))
        .to_string();
    let ours = fastjson::from_str::<T>(input)
        .expect_err(&format!("fastjson rejects {input}"))
        .to_string();
    (ours, theirs)
}

#[test]
fn every_mirror_writes_what_serde_json_writes() {
    let text = same_text(&drawing());
    assert_eq!(
        text,
        concat!(
            r#"{"origin":{"x":-3,"y":7},"#,
            r#""owner":{"accountId":42,"displayName":"Ada \"the\" Countess","tags":["admin","é"]},"#,
            r#""color":[255,0,128],"width":2.5,"nothing":null,"#,
            r#""span":{"start":-1,"end":9223372036854775807},"label":{"label":"byte","value":200},"#,
            r#""segment":{"from":{"x":0,"y":0},"to":{"x":1,"y":-1}},"temperature":-40.0,"#,
            r#""version":"1.95","local":{"a":1}}"#
        )
    );
    // A getter's `skip_serializing_if` sees the getter's value.
    let quiet = TheAccount(Account::new(1, "", &[]));
    assert_eq!(same_text(&quiet), r#"{"accountId":1,"displayName":""}"#);
    // Container attributes of the mirror: renames.
    assert_eq!(
        same_text(&TheStrictPoint(Point { x: 1, y: 2 })),
        r#"{"X":1,"vertical":2}"#
    );
    same_text(&TheSpan(Span {
        start: "a\nb".to_owned(),
        end: String::new(),
    }));
    same_text(&Borrowing {
        name: Name { text: "tab\there" },
    });
    let extras = TheExtras(Extras {
        id: 3,
        rest: [("b".to_owned(), 2), ("a".to_owned(), 1)].into(),
    });
    assert_eq!(same_text(&extras), r#"{"id":3,"a":1,"b":2}"#);
}

#[test]
fn every_mirror_reads_what_serde_json_reads() {
    let text = fastjson::to_string(&drawing());
    assert_eq!(same_value::<Drawing>(&text), drawing());
    let pretty = fastjson::to_string_pretty(&drawing());
    assert_eq!(same_value::<Drawing>(&pretty), drawing());

    let accepted: &[&str] = &[
        // Keys in any order, unknown keys skipped.
        r#"{"y":2,"x":1,"z":[{}]}"#,
        // serde's sequence form of a struct, for the foreign type too.
        r#"[1,2]"#,
    ];
    for input in accepted {
        same_value::<ThePoint>(input);
    }
    for input in [
        r#"{"accountId":7,"displayName":"x","tags":["a"]}"#,
        // `tags` has a default: built through the mirror and `From`.
        r#"{"displayName":"x","accountId":7}"#,
        r#"[7,"x",["a","b"]]"#,
        r#"[7,"x"]"#,
    ] {
        same_value::<TheAccount>(input);
    }
    assert_eq!(
        same_value::<TheAccount>(r#"{"accountId":7,"displayName":"x"}"#).0,
        Account::new(7, "x", &[])
    );
    for input in [
        // The mirror's container `default` is the foreign type's `Default`.
        r#"{}"#,
        r#"{"X":5}"#,
        r#"{"up":6}"#,
        r#"{"vertical":6,"X":-1}"#,
        r#"[]"#,
        r#"[9]"#,
    ] {
        same_value::<TheStrictPoint>(input);
    }
    assert_eq!(
        same_value::<TheStrictPoint>(r#"{"up":6}"#).0,
        Point { x: 0, y: 6 }
    );
    same_value::<TheRgb>("[1,2,3]");
    same_value::<TheNothing>("null");
    same_value::<TheSpan>(r#"{"start":"\u0041","end":"b"}"#);
    same_value::<TheLabeled>(r#"{"value":255,"label":""}"#);
    same_value::<TheLabeled>(r#"["l",0]"#);
    same_value::<TheExtras>(r#"{"z":26,"id":1,"y":25}"#);
    same_value::<TheExtras>(r#"{"id":1}"#);

    let input = r#"{"name":{"text":"borrowed"}}"#;
    let ours: Borrowing = fastjson::from_str(input).unwrap();
    let theirs: Borrowing = serde_json::from_str(input).unwrap();
    assert_eq!(ours, theirs);
    // Borrowed from the input, not copied.
    assert!(input
        .as_bytes()
        .as_ptr_range()
        .contains(&ours.name.text.as_ptr()));
}

#[test]
fn both_reject_the_same_documents() {
    for input in [
        r#"{"x":1}"#,
        r#"{"x":1,"y":2,"x":3}"#,
        r#"{"x":"1","y":2}"#,
        r#"{"x":1,"y":2,}"#,
        r#"[1]"#,
        r#"[1,2,3]"#,
        r#"7"#,
        r#"null"#,
        r#"{"x":1,"y":2"#,
        r#"{"x":1,"y":2} x"#,
        r#"[{"x":1,"y":2}]"#,
        r#"{"x":2147483648,"y":0}"#,
    ] {
        both_reject::<ThePoint>(input);
    }
    for input in [
        r#"{"displayName":"x"}"#,
        r#"{"accountId":-1,"displayName":"x"}"#,
        r#"{"accountId":1,"displayName":"x","tags":"a"}"#,
        r#"{"account_id":1,"display_name":"x"}"#,
        r#"[1]"#,
    ] {
        both_reject::<TheAccount>(input);
    }
    for input in [
        r#"{"x":1,"y":2}"#,
        r#"{"X":1,"vertical":2,"up":3}"#,
        r#"{"X":1,"X":2}"#,
        r#"[1,2,3]"#,
    ] {
        both_reject::<TheStrictPoint>(input);
    }
    for input in ["[1,2]", "[1,2,256]", "[1,2,3,4]", r#"{"0":1}"#] {
        both_reject::<TheRgb>(input);
    }
    for input in ["0", "[]", "{}"] {
        both_reject::<TheNothing>(input);
    }
    for input in [r#"{"id":1,"x":"s"}"#, r#"{"x":1}"#, "[1]"] {
        both_reject::<TheExtras>(input);
    }
    for input in [r#"{"label":"l","value":256}"#, r#"["l"]"#] {
        both_reject::<TheLabeled>(input);
    }
    let drawing = fastjson::to_string(&drawing());
    for (from, to) in [
        (r#""1.95""#, r#""1x95""#),
        (r#""1.95""#, r#""1.256""#),
        (r#""1.95""#, "[1,95]"),
        (r#"{"a":1}"#, r#"{"a":1,"a":1}"#),
        (r#"{"a":1}"#, "1"),
    ] {
        let input = drawing.replace(from, to);
        assert_ne!(input, drawing);
        let (ours, theirs) = both_reject::<Drawing>(&input);
        if to == r#""1x95""# {
            // A refused conversion's message is the conversion error's text in both.
            assert!(ours.starts_with("`1x95` is no version"), "{ours}");
            assert!(theirs.starts_with("`1x95` is no version"), "{theirs}");
        }
    }
    for input in [r#"{"name":{"text":"esc\"aped"}}"#, r#"{"name":{}}"#] {
        assert!(serde_json::from_str::<Borrowing>(input).is_err(), "{input}");
        assert!(fastjson::from_str::<Borrowing>(input).is_err(), "{input}");
    }
}

#[test]
fn type_errors_name_the_foreign_type_as_serde_does() {
    for (input, expected) in [
        ("7", "struct Point"),
        ("true", "struct Account"),
        (r#""s""#, "tuple struct Rgb"),
    ] {
        let (ours, theirs) = match expected {
            "struct Point" => both_reject::<ThePoint>(input),
            "struct Account" => both_reject::<TheAccount>(input),
            _ => both_reject::<TheRgb>(input),
        };
        assert!(
            expects(&theirs, expected),
            "serde_json on {input}: {theirs}"
        );
        assert!(expects(&ours, expected), "fastjson on {input}: {ours}");
    }
}

/// Whether `message` says it expected `what` (a whole name: `struct Point`, not `struct PointDef`).
fn expects(message: &str, what: &str) -> bool {
    let pattern = format!("expected {what}");
    message.match_indices(&pattern).any(|(at, _)| {
        !message[at + pattern.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

/// Foreign enums, mirrored as serde mirrors them: the mirror lists the foreign variants, and its
/// functions match and build `Foreign::Variant`s.
mod foreign_enums {
    #[derive(Clone, Debug, PartialEq)]
    pub enum Shape {
        Empty,
        Circle(f64),
        Line(i32, i32),
        Rect { w: u32, h: u32 },
    }

    #[derive(Clone, Debug, PartialEq)]
    pub enum Either<L, R> {
        Left(L),
        Right(R),
    }

    #[derive(Clone, Debug, PartialEq)]
    pub enum Event {
        Ping,
        Move { x: i32, y: i32 },
        Hidden { secret: u8 },
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Level {
        Error,
        Warn,
        Info,
    }
}

use foreign_enums::{Either, Event, Level, Shape};

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Shape")]
enum ShapeDef {
    Empty,
    Circle(f64),
    Line(i32, i32),
    #[serde(rename = "rectangle")]
    Rect {
        w: u32,
        h: u32,
    },
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Event", tag = "kind")]
enum EventDef {
    Ping,
    Move {
        x: i32,
        y: i32,
    },
    #[serde(skip)]
    Hidden {
        secret: u8,
    },
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Shape", tag = "t", content = "c", rename_all = "lowercase")]
enum AdjacentShapeDef {
    Empty,
    Circle(f64),
    Line(i32, i32),
    Rect { w: u32, h: u32 },
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Shape", untagged)]
enum UntaggedShapeDef {
    Empty,
    Circle(f64),
    Line(i32, i32),
    Rect { w: u32, h: u32 },
}

/// Generic: the mirror declares the foreign type's parameters.
#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Either")]
enum EitherDef<L, R> {
    Left(L),
    Right(R),
}

#[derive(Serialize, Deserialize, FastJson)]
#[serde(remote = "Level", rename_all = "lowercase")]
enum LevelDef {
    Error,
    Warn,
    #[serde(other)]
    Info,
}

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct Scene {
    #[serde(with = "ShapeDef")]
    #[fastjson(with = "ShapeDef")]
    external: Shape,
    #[serde(with = "AdjacentShapeDef")]
    #[fastjson(with = "AdjacentShapeDef")]
    adjacent: Shape,
    #[serde(with = "UntaggedShapeDef")]
    #[fastjson(with = "UntaggedShapeDef")]
    untagged: Shape,
    #[serde(with = "EitherDef")]
    #[fastjson(with = "EitherDef")]
    either: Either<String, u8>,
    #[serde(with = "LevelDef")]
    #[fastjson(with = "LevelDef")]
    level: Level,
}

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
struct TheEvent(
    #[serde(with = "EventDef")]
    #[fastjson(with = "EventDef")]
    Event,
);

#[test]
fn enum_mirrors_write_and_read_what_serde_json_does() {
    let shapes = [
        Shape::Empty,
        Shape::Circle(1.5),
        Shape::Line(-1, 2),
        Shape::Rect { w: 3, h: 4 },
    ];
    let mut texts = Vec::new();
    for (i, shape) in shapes.iter().enumerate() {
        let scene = Scene {
            external: shape.clone(),
            adjacent: shape.clone(),
            untagged: shape.clone(),
            either: if i % 2 == 0 {
                Either::Left(format!("s{i}"))
            } else {
                Either::Right(i as u8)
            },
            level: [Level::Error, Level::Warn, Level::Info][i % 3],
        };
        let text = same_text(&scene);
        assert_eq!(same_value::<Scene>(&text), scene);
        texts.push(text);
    }
    assert_eq!(
        texts[3],
        concat!(
            r#"{"external":{"rectangle":{"w":3,"h":4}},"adjacent":{"t":"rect","c":{"w":3,"h":4}},"#,
            r#""untagged":{"w":3,"h":4},"either":{"Right":3},"level":"error"}"#
        )
    );
    assert_eq!(
        texts[0],
        concat!(
            r#"{"external":"Empty","adjacent":{"t":"empty"},"untagged":null,"#,
            r#""either":{"Left":"s0"},"level":"error"}"#
        )
    );

    for event in [Event::Ping, Event::Move { x: 5, y: -6 }] {
        let wrapped = TheEvent(event);
        let text = same_text(&wrapped);
        assert_eq!(same_value::<TheEvent>(&text), wrapped);
    }
    assert_eq!(
        same_text(&TheEvent(Event::Move { x: 5, y: -6 })),
        r#"{"kind":"Move","x":5,"y":-6}"#
    );
}

#[test]
fn enum_mirrors_refuse_and_name_the_foreign_type_as_serde_does() {
    // `other` takes an unknown unit variant name.
    let scene = r#"{"external":"Empty","adjacent":{"t":"empty"},"untagged":null,
        "either":{"Left":"x"},"level":"verbose"}"#;
    assert_eq!(same_value::<Scene>(scene).level, Level::Info);
    // A skipped variant cannot be written; serde_json refuses, fastjson panics with its message.
    let hidden = TheEvent(Event::Hidden { secret: 1 });
    let err = serde_json::to_string(&hidden).unwrap_err();
    let panic =
        std::panic::catch_unwind(|| fastjson::to_string(&hidden)).expect_err("fastjson panics");
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    assert_eq!(message, err.to_string());
    assert!(message.contains("Event::Hidden"), "{message}");

    #[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
    struct TheShape(
        #[serde(with = "ShapeDef")]
        #[fastjson(with = "ShapeDef")]
        Shape,
    );
    for (input, expected) in [
        (r#""Nothing""#, "unknown variant `Nothing`"),
        (r#"{"rectangle":5}"#, "struct variant Shape::Rect"),
        (r#"{"Line":[1]}"#, "tuple variant Shape::Line"),
    ] {
        let (ours, theirs) = both_reject::<TheShape>(input);
        assert!(theirs.contains(expected), "serde_json on {input}: {theirs}");
        assert!(ours.contains(expected), "fastjson on {input}: {ours}");
    }
}
