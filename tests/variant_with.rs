//! serde's `with`, `serialize_with` and `deserialize_with` on enum variants, against serde_json:
//! the function takes every field of the variant (serde's FIELD0, FIELD1, .., and FIELDS: `()`,
//! the one field's type, or a tuple) and writes or reads the variant's content, which the enum's
//! representation wraps as usual. The functions exist twice, serde's `serialize` /
//! `deserialize` and fastjson's `encode` / `decode`, in one module, so one `with = "module"`
//! serves both derives (`hex`, `joined` and the swapped reader are shared with the fuzz models:
//! `fuzz/src/variant_functions.rs`).

use std::fmt::Debug;

use fastjson::{FastJson, Format, Lexer, Writer};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

mod same_as_serde;
use same_as_serde::same_decision;

#[path = "../fuzz/src/variant_functions.rs"]
mod variant_functions;
use variant_functions::{decode_swapped, hex, joined, read_swapped};

/// A variant without fields written as the number 0; FIELDS is `()`.
mod zero {
    use super::*;

    pub fn serialize<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(0)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
        match u8::deserialize(d)? {
            0 => Ok(()),
            other => Err(D::Error::custom(format!("expected 0, got {other}"))),
        }
    }
    pub fn encode<F: Format>(w: &mut Writer<'_, F>) {
        w.u64(0);
    }
    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<()> {
        match <u8 as fastjson::Decode>::decode(lex)? {
            0 => Ok(()),
            other => Err(lex.err_custom(format!("expected 0, got {other}"))),
        }
    }
}

/// One named field written as its value alone (serde's FIELDS is the field's type, not a
/// one-element tuple), with only the write side replaced.
fn write_area<S: Serializer>(area: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(*area * 100)
}
fn encode_area<F: Format>(area: &u64, w: &mut Writer<'_, F>) {
    w.u64(*area * 100);
}

/// Neither serde nor fastjson can write or read this type by itself.
#[derive(Debug, PartialEq)]
struct Opaque(u32);

mod opaque {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Opaque, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(value.0)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Opaque, D::Error> {
        u32::deserialize(d).map(Opaque)
    }
    pub fn encode<F: Format>(value: &Opaque, w: &mut Writer<'_, F>) {
        w.u64(value.0.into());
    }
    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<Opaque> {
        <u32 as fastjson::Decode>::decode(lex).map(Opaque)
    }
}

macro_rules! shapes {
    ($name:ident $(#[$container:meta])*) => {
        #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
        $(#[$container])*
        enum $name {
            #[serde(with = "hex")]
            #[fastjson(with = "hex")]
            Id(u32),
            #[serde(with = "joined")]
            #[fastjson(with = "joined")]
            At(i32, i32),
            #[serde(with = "zero")]
            #[fastjson(with = "zero")]
            Origin,
            #[serde(serialize_with = "write_area")]
            #[fastjson(serialize_with = "encode_area")]
            Area { square_meters: u64 },
            #[serde(deserialize_with = "read_swapped")]
            #[fastjson(deserialize_with = "decode_swapped")]
            Size { w: u16, h: u16 },
            Plain(u8),
        }
    };
}

shapes!(External);
shapes!(Adjacent #[serde(tag = "t", content = "c")]);
shapes!(Untagged #[serde(untagged)]);

/// `#[serde(untagged)]` variants with functions after tagged ones.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Fallbacks {
    Named(String),
    #[serde(untagged, with = "hex")]
    #[fastjson(with = "hex")]
    Hex(u32),
    #[serde(untagged, with = "zero")]
    #[fastjson(with = "zero")]
    Zero,
}

fn values<T>(make: impl Fn(u8) -> T) -> Vec<T> {
    (0..6).map(make).collect()
}

fn externals() -> Vec<External> {
    values(|i| match i {
        0 => External::Id(0xbeef),
        1 => External::At(-3, 7),
        2 => External::Origin,
        3 => External::Area { square_meters: 12 },
        4 => External::Size { w: 640, h: 480 },
        _ => External::Plain(9),
    })
}

/// Writes `value` compact and pretty as serde_json does; returns the compact text.
fn same_text<T: fastjson::Encode + Serialize + Debug>(value: &T) -> String {
    let ours = fastjson::to_string(value);
    assert_eq!(ours, serde_json::to_string(value).unwrap(), "{value:?}");
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap(),
        "{value:?}"
    );
    ours
}

#[test]
fn externally_tagged_variants_write_the_functions_output_as_their_content() {
    let texts: Vec<String> = externals().iter().map(same_text).collect();
    assert_eq!(
        texts,
        [
            r#"{"Id":"0xbeef"}"#,
            r#"{"At":"-3,7"}"#,
            r#"{"Origin":0}"#,
            r#"{"Area":1200}"#,
            r#"{"Size":{"w":640,"h":480}}"#,
            r#"{"Plain":9}"#,
        ]
    );
    // Read back: the functions read what they wrote; the write-only and read-only variants
    // are read by their own rules (`Area` reads an object, `Size` reads `[h, w]`).
    assert_eq!(
        same_decision::<External>(r#"{"Id":"0xbeef"}"#),
        Ok(External::Id(0xbeef))
    );
    assert_eq!(
        same_decision::<External>(r#"{"At":"-3,7"}"#),
        Ok(External::At(-3, 7))
    );
    assert_eq!(
        same_decision::<External>(r#"{"Origin":0}"#),
        Ok(External::Origin)
    );
    assert_eq!(
        same_decision::<External>(r#"{"Area":{"square_meters":12}}"#),
        Ok(External::Area { square_meters: 12 })
    );
    assert_eq!(
        same_decision::<External>(r#"{"Size":[480,640]}"#),
        Ok(External::Size { w: 640, h: 480 })
    );
}

#[test]
fn an_externally_tagged_function_variant_is_never_a_bare_name() {
    // serde reads a function variant as a newtype variant: its name alone is refused, also for
    // `Origin`, which has no fields.
    for name in ["Id", "Origin", "Size"] {
        let refused = same_decision::<External>(&format!("\"{name}\""));
        assert!(refused.is_err(), "{name}");
    }
    let err = fastjson::from_str::<External>(r#"{"Origin":1}"#).unwrap_err();
    assert_eq!(err.message(), "expected 0, got 1");
    assert_eq!(err.path(), "$.Origin");
    let err = fastjson::from_str::<External>(r#"{"At":"3;4"}"#).unwrap_err();
    assert_eq!(err.message(), "`3;4` is not x,y");
    // serde_json reports a function's own error without a position; fastjson places it just
    // past the value the function read.
    assert_eq!(
        serde_json::from_str::<External>(r#"{"At":"3;4"}"#)
            .unwrap_err()
            .to_string(),
        "`3;4` is not x,y"
    );
    assert_eq!((err.line(), err.column()), (1, 12));
}

#[test]
fn adjacently_tagged_and_untagged_variants_wrap_the_same_content() {
    let adjacent: Vec<Adjacent> = values(|i| match i {
        0 => Adjacent::Id(0xbeef),
        1 => Adjacent::At(-3, 7),
        2 => Adjacent::Origin,
        3 => Adjacent::Area { square_meters: 12 },
        4 => Adjacent::Size { w: 640, h: 480 },
        _ => Adjacent::Plain(9),
    });
    let texts: Vec<String> = adjacent.iter().map(same_text).collect();
    assert_eq!(texts[0], r#"{"t":"Id","c":"0xbeef"}"#);
    assert_eq!(texts[2], r#"{"t":"Origin","c":0}"#);
    assert_eq!(texts[3], r#"{"t":"Area","c":1200}"#);
    for (text, value) in texts.iter().zip(&adjacent).take(3) {
        assert_eq!(same_decision::<Adjacent>(text).as_ref(), Ok(value));
    }
    // Content first, then the tag: read after the tag is known.
    assert_eq!(
        same_decision::<Adjacent>(r#"{"c":"1,2","t":"At"}"#),
        Ok(Adjacent::At(1, 2))
    );
    // Without content, a unit variant is itself (serde does not call its function), any other
    // function variant is missing its content.
    assert_eq!(
        same_decision::<Adjacent>(r#"{"t":"Origin"}"#),
        Ok(Adjacent::Origin)
    );
    assert_eq!(
        same_decision::<Adjacent>(r#"{"t":"Id"}"#),
        Err("missing field `c`".to_owned())
    );
    assert_eq!(
        same_decision::<Adjacent>(r#"{"t":"Size","c":[480,640]}"#),
        Ok(Adjacent::Size { w: 640, h: 480 })
    );

    let untagged: Vec<Untagged> = values(|i| match i {
        0 => Untagged::Id(0xbeef),
        1 => Untagged::At(-3, 7),
        2 => Untagged::Origin,
        3 => Untagged::Area { square_meters: 12 },
        4 => Untagged::Size { w: 640, h: 480 },
        _ => Untagged::Plain(9),
    });
    let texts: Vec<String> = untagged.iter().map(same_text).collect();
    assert_eq!(
        texts,
        [
            r#""0xbeef""#,
            r#""-3,7""#,
            "0",
            "1200",
            r#"{"w":640,"h":480}"#,
            "9"
        ]
    );
    // Untagged attempts run in order: a string is `Id` when it is hex, `At` when it is x,y.
    assert_eq!(same_decision::<Untagged>(r#""0x10""#), Ok(Untagged::Id(16)));
    assert_eq!(
        same_decision::<Untagged>(r#""5,6""#),
        Ok(Untagged::At(5, 6))
    );
    assert_eq!(same_decision::<Untagged>("0"), Ok(Untagged::Origin));
    assert_eq!(
        same_decision::<Untagged>("[2,3]"),
        Ok(Untagged::Size { w: 3, h: 2 })
    );
    assert_eq!(same_decision::<Untagged>("7"), Ok(Untagged::Plain(7)));
    assert!(same_decision::<Untagged>(r#""nothing""#).is_err());
}

#[test]
fn untagged_function_variants_follow_the_tagged_ones() {
    let values = [
        Fallbacks::Named("n".to_owned()),
        Fallbacks::Hex(255),
        Fallbacks::Zero,
    ];
    let texts: Vec<String> = values.iter().map(same_text).collect();
    assert_eq!(texts, [r#"{"Named":"n"}"#, r#""0xff""#, "0"]);
    for (text, value) in texts.iter().zip(&values) {
        assert_eq!(same_decision::<Fallbacks>(text).as_ref(), Ok(value));
    }
    assert!(same_decision::<Fallbacks>("1").is_err());
}

#[test]
fn a_function_variant_needs_no_impls_for_its_fields() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum Holder {
        #[serde(with = "opaque")]
        #[fastjson(with = "opaque")]
        Opaque(Opaque),
        #[serde(with = "opaque")]
        #[fastjson(with = "opaque")]
        Named {
            inner: Opaque,
        },
        Plain(u8),
    }

    assert_eq!(same_text(&Holder::Opaque(Opaque(5))), r#"{"Opaque":5}"#);
    assert_eq!(
        same_text(&Holder::Named { inner: Opaque(6) }),
        r#"{"Named":6}"#
    );
    assert_eq!(
        fastjson::from_str::<Holder>(r#"{"Named":6}"#).unwrap(),
        Holder::Named { inner: Opaque(6) }
    );
}
