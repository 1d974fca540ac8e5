//! `#[serde(untagged)]` on variants of a tagged enum, against serde_json + serde_derive 1.0.229 on
//! the same types: the bytes each variant encodes to, which variant an input decodes to (the
//! tagged ones first, then each untagged one in order), serde's fallthrough message, malformed
//! input reported as such, and the tag positions serde accepts from its buffered content.

use std::fmt::Debug;

use fastjson::error::Category;
use fastjson::FastJson;
use serde::{Deserialize, Serialize};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    n: u8,
}

/// Externally tagged, with an untagged fallback of every shape.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
enum Ext {
    Unit,
    New(u8),
    Tup(u8, u8),
    St {
        a: u8,
    },
    #[serde(untagged)]
    Raw(String),
    #[serde(untagged)]
    Num(u64),
    #[serde(untagged)]
    Pair(u8, String),
    #[serde(untagged)]
    Obj {
        x: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        y: Option<bool>,
    },
    #[serde(untagged)]
    Nothing,
}

/// Internally tagged: an untagged newtype holding a string (no entries to write beside a tag)
/// and an untagged struct variant with a field named like the tag, both of which serde allows
/// only because they are untagged; a tagged variant skipped on decode, which positions skip.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t")]
enum Int {
    Unit,
    #[serde(skip_deserializing)]
    Hidden,
    St {
        a: u8,
    },
    Meta(Inner),
    #[serde(untagged)]
    Raw(String),
    #[serde(untagged)]
    Other {
        t: u8,
        b: u8,
    },
}

/// Adjacently tagged, with an untagged pair that the tagged array form `[tag, content]` shadows
/// when its first element is a variant's position.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adj {
    Unit,
    New(u8),
    Tup(u8, u8),
    #[serde(untagged)]
    Raw(String),
    #[serde(untagged)]
    Pair(u8, u8),
}

/// Both libraries accept `json` and decode the same value (returned), or both reject it (both
/// errors returned).
fn decode_both<T>(json: &str) -> Result<T, (serde_json::Error, fastjson::Error)>
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + Debug + PartialEq,
{
    let ours: Result<T, _> = fastjson::from_str(json);
    let theirs: Result<T, _> = serde_json::from_str(json);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{json}");
            Ok(ours)
        }
        (Err(ours), Err(theirs)) => Err((theirs, ours)),
        (ours, theirs) => panic!("{json}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// Both libraries decode `json` to `expected`.
fn decodes_to<T>(json: &str, expected: T)
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + Debug + PartialEq,
{
    match decode_both::<T>(json) {
        Ok(value) => assert_eq!(value, expected, "{json}"),
        Err((theirs, ours)) => {
            panic!("{json}: both reject (serde_json: {theirs}; fastjson: {ours})")
        }
    }
}

/// Both libraries reject `json` with serde's fallthrough message, `message` (serde_json gives it
/// no position; fastjson points at the start of the value).
fn no_variant_matches<T>(json: &str, message: &str)
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + Debug + PartialEq,
{
    match decode_both::<T>(json) {
        Ok(value) => panic!("{json}: both accept, as {value:?}"),
        Err((theirs, ours)) => {
            assert_eq!(theirs.to_string(), message, "serde_json on {json}");
            assert_eq!(ours.message(), message, "fastjson on {json}");
            assert_eq!(ours.classify(), Category::Data, "{json}");
        }
    }
}

/// Both libraries reject `json` as malformed, in the same category (so not as a mismatch, which
/// would be a data error) and on the same line, within a column of each other (fastjson points at
/// a trailing comma and one column past the end of input, serde_json at the byte after the comma
/// and at the last byte; their syntax messages are worded alike but not always the same).
fn malformed<T>(json: &str)
where
    T: fastjson::DecodeOwned + serde::de::DeserializeOwned + Debug + PartialEq,
{
    match decode_both::<T>(json) {
        Ok(value) => panic!("{json}: both accept, as {value:?}"),
        Err((theirs, ours)) => {
            let category = match theirs.classify() {
                serde_json::error::Category::Syntax => Category::Syntax,
                serde_json::error::Category::Eof => Category::Eof,
                other => panic!("{json}: serde_json calls it {other:?}: {theirs}"),
            };
            assert_eq!(ours.classify(), category, "{json}: {ours}");
            assert_eq!(ours.line(), theirs.line(), "{json}: {ours}; {theirs}");
            assert!(
                ours.column().abs_diff(theirs.column()) <= 1,
                "{json}: fastjson {ours}, serde_json {theirs}"
            );
        }
    }
}

/// `value` encodes as `expected`, as serde_json encodes it (compact and pretty), and decodes
/// back to itself.
fn encodes_as<T>(value: T, expected: &str)
where
    T: fastjson::Encode + fastjson::DecodeOwned + Serialize + serde::de::DeserializeOwned,
    T: Debug + PartialEq,
{
    assert_eq!(serde_json::to_string(&value).unwrap(), expected);
    assert_eq!(fastjson::to_string(&value), expected, "{value:?}");
    assert_eq!(
        fastjson::to_string_pretty(&value),
        serde_json::to_string_pretty(&value).unwrap(),
        "{value:?}"
    );
    decodes_to(expected, value);
}

#[test]
fn untagged_variants_encode_as_their_content_alone() {
    encodes_as(Ext::Unit, r#""Unit""#);
    encodes_as(Ext::New(1), r#"{"New":1}"#);
    encodes_as(Ext::Tup(1, 2), r#"{"Tup":[1,2]}"#);
    encodes_as(Ext::St { a: 1 }, r#"{"St":{"a":1}}"#);
    encodes_as(Ext::Raw("r".into()), r#""r""#);
    encodes_as(Ext::Num(5), "5");
    encodes_as(Ext::Pair(1, "p".into()), r#"[1,"p"]"#);
    encodes_as(Ext::Obj { x: 3, y: None }, r#"{"x":3}"#);
    encodes_as(
        Ext::Obj {
            x: 3,
            y: Some(true),
        },
        r#"{"x":3,"y":true}"#,
    );
    encodes_as(Ext::Nothing, "null");

    encodes_as(Int::Unit, r#"{"t":"Unit"}"#);
    // Written, never read back (`skip_deserializing`).
    assert_eq!(fastjson::to_string(&Int::Hidden), r#"{"t":"Hidden"}"#);
    assert_eq!(
        serde_json::to_string(&Int::Hidden).unwrap(),
        r#"{"t":"Hidden"}"#
    );
    encodes_as(Int::St { a: 1 }, r#"{"t":"St","a":1}"#);
    encodes_as(Int::Meta(Inner { n: 2 }), r#"{"t":"Meta","n":2}"#);
    encodes_as(Int::Raw("r".into()), r#""r""#);
    encodes_as(Int::Other { t: 1, b: 2 }, r#"{"t":1,"b":2}"#);

    encodes_as(Adj::Unit, r#"{"t":"Unit"}"#);
    encodes_as(Adj::New(1), r#"{"t":"New","c":1}"#);
    encodes_as(Adj::Tup(1, 2), r#"{"t":"Tup","c":[1,2]}"#);
    encodes_as(Adj::Raw("r".into()), r#""r""#);
    // (`[1,2]` would decode as `New(2)`: see the next test.)
    encodes_as(Adj::Pair(7, 8), "[7,8]");
}

#[test]
fn tagged_variants_win_then_untagged_ones_in_order() {
    // A string naming a unit variant is that variant; any other string is the untagged `Raw`.
    decodes_to(r#""Unit""#, Ext::Unit);
    decodes_to(r#""New""#, Ext::Raw("New".into()));
    decodes_to(r#""a\u00e9""#, Ext::Raw("aé".into()));
    decodes_to(r#"{"New":1}"#, Ext::New(1));
    decodes_to(r#"{"Unit":null}"#, Ext::Unit);
    decodes_to(r#"{"St":[1]}"#, Ext::St { a: 1 });
    decodes_to(r#"{"Tup":[1,2]}"#, Ext::Tup(1, 2));
    decodes_to("7", Ext::Num(7));
    decodes_to(r#"[7,"x"]"#, Ext::Pair(7, "x".into()));
    decodes_to(r#"{"x":1}"#, Ext::Obj { x: 1, y: None });
    decodes_to(
        r#" { "y" : false , "x" : 1 } "#,
        Ext::Obj {
            x: 1,
            y: Some(false),
        },
    );
    decodes_to("null", Ext::Nothing);

    decodes_to(r#"{"t":"St","a":1}"#, Int::St { a: 1 });
    decodes_to(r#"{"a":1,"t":"St"}"#, Int::St { a: 1 });
    decodes_to(r#"["St",1]"#, Int::St { a: 1 });
    decodes_to(r#"{"t":"Meta","n":2}"#, Int::Meta(Inner { n: 2 }));
    decodes_to(r#"{"t":3,"b":4}"#, Int::Other { t: 3, b: 4 });
    decodes_to(r#""s""#, Int::Raw("s".into()));

    decodes_to(r#"{"t":"New","c":1}"#, Adj::New(1));
    decodes_to(r#"{"c":1,"t":"New"}"#, Adj::New(1));
    decodes_to(r#"["New",2]"#, Adj::New(2));
    decodes_to(r#"{"t":"Unit"}"#, Adj::Unit);
    decodes_to(r#""s""#, Adj::Raw("s".into()));
    decodes_to("[3,4]", Adj::Pair(3, 4));
}

#[test]
fn a_tag_may_be_a_variant_position_where_serde_reads_buffered_content() {
    // serde decodes the tagged variants from the value it buffered, where a variant identifier
    // also takes an integer: the variant's position among those it decodes (`Hidden` is skipped,
    // so 1 is `St`).
    decodes_to(r#"{"t":0}"#, Int::Unit);
    decodes_to(r#"{"t":1,"a":2}"#, Int::St { a: 2 });
    decodes_to(r#"{"a":2,"t":1}"#, Int::St { a: 2 });
    decodes_to("[1,2]", Int::St { a: 2 });
    decodes_to("[0]", Int::Unit);
    decodes_to(r#"{"t":2,"n":5}"#, Int::Meta(Inner { n: 5 }));
    // Position 3 is none of them, and no untagged variant takes it either.
    no_variant_matches::<Int>(
        r#"{"t":3,"a":2}"#,
        "data did not match any variant of untagged enum Int",
    );
    // Only a non-negative integer: not `-0`, `1.0` or `1e0`.
    for json in [
        r#"{"t":-0}"#,
        r#"{"t":0.0}"#,
        r#"{"t":0e0}"#,
        r#"{"t":true}"#,
    ] {
        no_variant_matches::<Int>(json, "data did not match any variant of untagged enum Int");
    }
    // The adjacently tagged array form takes a position, so `[1,2]` is `New(2)`, not the
    // untagged `Pair(1, 2)`; the object form's tag is read as an enum, which takes a name only.
    decodes_to("[1,2]", Adj::New(2));
    decodes_to("[0,null]", Adj::Unit);
    decodes_to("[2,[5,6]]", Adj::Tup(5, 6));
    no_variant_matches::<Adj>(
        r#"{"t":1,"c":2}"#,
        "data did not match any variant of untagged enum Adj",
    );
}

#[test]
fn plain_tagged_enums_still_take_names_only() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t")]
    enum Plain {
        A,
        B { x: u8 },
    }
    for json in [r#"{"t":0}"#, r#"{"t":1,"x":2}"#, "[1,2]"] {
        assert!(decode_both::<Plain>(json).is_err(), "{json}");
    }
}

#[test]
fn no_match_is_serdes_fallthrough_message() {
    let ext = "data did not match any variant of untagged enum Ext";
    for json in [
        r#"{"New":300}"#,
        "-1",
        "true",
        "1.5",
        "[1,2]",
        "[]",
        "{}",
        r#"{"x":1,"x":2}"#,
        r#"{"Nope":1}"#,
        r#"{"New":1,"Unit":null}"#,
    ] {
        no_variant_matches::<Ext>(json, ext);
    }
    let int = "data did not match any variant of untagged enum Int";
    for json in [
        r#"{"t":"Nope"}"#,
        r#"{"t":"St"}"#,
        r#"{"t":"Raw"}"#,
        r#"{"t":"Hidden"}"#,
        r#"{"t":"St","a":1,"t":"St"}"#,
        "7",
        "[]",
    ] {
        no_variant_matches::<Int>(json, int);
    }
    let adj = "data did not match any variant of untagged enum Adj";
    for json in [r#"{"c":1}"#, "[1,2,3]", r#"{"t":"Unit","c":1}"#, "null"] {
        no_variant_matches::<Adj>(json, adj);
    }
}

#[test]
fn malformed_input_is_a_syntax_error_not_a_mismatch() {
    for json in [
        "  [1,  ",
        r#"{"x":1"#,
        r#"{"New":1,}"#,
        r#"{"x":1} x"#,
        "tru",
        r#""abc"#,
        r#"{"St":{"a":1}]"#,
    ] {
        malformed::<Ext>(json);
    }
    for json in ["[1", r#"{"t":"St","a":1"#, r#"{"t":"St","a":01}"#] {
        malformed::<Int>(json);
    }
    for json in [r#"{"t":"New","c":1,}"#, "[1,2", "nul"] {
        malformed::<Adj>(json);
    }
}

#[test]
fn expecting_is_the_whole_fallthrough_message() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(expecting = "a name or a small number")]
    enum Exp {
        A,
        #[serde(untagged)]
        B(u8),
    }
    decodes_to(r#""A""#, Exp::A);
    decodes_to("1", Exp::B(1));
    no_variant_matches::<Exp>(r#""x""#, "a name or a small number");
    no_variant_matches::<Exp>("{}", "a name or a small number");
    malformed::<Exp>("[");
}

#[test]
fn untagged_variants_skipped_renamed_or_other() {
    // Skipped on decode: never tried, so the tagged error still becomes serde's fallthrough.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum SkipDe {
        A,
        #[serde(untagged, skip_deserializing)]
        B(u8),
    }
    encodes_as(SkipDe::A, r#""A""#);
    assert_eq!(fastjson::to_string(&SkipDe::B(3)), "3");
    assert_eq!(serde_json::to_string(&SkipDe::B(3)).unwrap(), "3");
    let message = "data did not match any variant of untagged enum SkipDe";
    for json in ["3", r#""B""#, r#"{"B":3}"#] {
        no_variant_matches::<SkipDe>(json, message);
    }
    malformed::<SkipDe>("[1");

    // A name is never written or read for an untagged variant.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Renamed {
        Tagged,
        #[serde(untagged, rename = "zzz", alias = "yyy")]
        Fallback {
            x: u8,
        },
    }
    encodes_as(Renamed::Tagged, r#""tagged""#);
    encodes_as(Renamed::Fallback { x: 1 }, r#"{"x":1}"#);
    let message = "data did not match any variant of untagged enum Renamed";
    for json in [r#"{"zzz":{"x":1}}"#, r#"{"yyy":{"x":1}}"#, r#""zzz""#] {
        no_variant_matches::<Renamed>(json, message);
    }

    // `other` on the last (untagged) variant is allowed and catches nothing: the variant decodes
    // from `null`, as an untagged unit variant.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum OtherUntagged {
        A,
        #[serde(untagged, other)]
        B,
    }
    encodes_as(OtherUntagged::B, "null");
    decodes_to(r#""A""#, OtherUntagged::A);
    let message = "data did not match any variant of untagged enum OtherUntagged";
    for json in [r#""Z""#, r#""B""#, r#"{"B":null}"#] {
        no_variant_matches::<OtherUntagged>(json, message);
    }
}

#[test]
fn every_variant_untagged_or_in_an_untagged_enum() {
    // No tagged variant: an untagged enum under another name.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum AllUntagged {
        #[serde(untagged)]
        B(u8),
        #[serde(untagged)]
        C(String),
    }
    encodes_as(AllUntagged::B(1), "1");
    encodes_as(AllUntagged::C("x".into()), r#""x""#);
    let message = "data did not match any variant of untagged enum AllUntagged";
    for json in ["null", r#"{"B":1}"#] {
        no_variant_matches::<AllUntagged>(json, message);
    }

    // serde allows the attribute in an untagged enum, where it changes nothing.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Twice {
        A(u8),
        #[serde(untagged)]
        B(String),
    }
    encodes_as(Twice::A(1), "1");
    encodes_as(Twice::B("x".into()), r#""x""#);
    no_variant_matches::<Twice>(
        "null",
        "data did not match any variant of untagged enum Twice",
    );
}

#[test]
fn nested_mismatch_keeps_the_message_and_gets_a_path() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Holder {
        items: Vec<Ext>,
    }
    decodes_to(
        r#"{"items":["Unit","x",{"New":2},null,[1,"p"]]}"#,
        Holder {
            items: vec![
                Ext::Unit,
                Ext::Raw("x".into()),
                Ext::New(2),
                Ext::Nothing,
                Ext::Pair(1, "p".into()),
            ],
        },
    );
    let (theirs, ours) = decode_both::<Holder>(r#"{"items":["Unit",true]}"#).unwrap_err();
    let message = "data did not match any variant of untagged enum Ext";
    assert!(theirs.to_string().starts_with(message), "{theirs}");
    assert_eq!(ours.message(), message);
    assert_eq!(ours.path(), "$.items[1]");
}

#[test]
fn the_schema_offers_the_untagged_contents_as_alternatives() {
    let schema: serde_json::Value =
        serde_json::from_str(<Adj as fastjson::schema::Schema>::schema()).unwrap();
    let alternatives = schema["anyOf"].as_array().expect("anyOf");
    assert_eq!(alternatives.len(), 5);
    assert_eq!(alternatives[3], serde_json::json!({"type": "string"}));
    assert_eq!(alternatives[4]["type"], "array");
    assert_eq!(alternatives[1]["required"], serde_json::json!(["t", "c"]));

    let schema: serde_json::Value =
        serde_json::from_str(<Ext as fastjson::schema::Schema>::schema()).unwrap();
    let alternatives = schema["anyOf"].as_array().expect("anyOf");
    assert_eq!(alternatives[0], serde_json::json!({"const": "Unit"}));
    assert_eq!(alternatives[8], serde_json::json!({"type": "null"}));
}
