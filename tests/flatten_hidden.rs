//! The keys a flattened internally tagged, adjacently tagged or untagged enum does not see,
//! against serde_json. serde buffers only the entries no field of the struct names and hands
//! them to its flattened fields in declaration order, so such an enum never sees the struct's
//! own keys (nor an internally tagged variant's tag), nor those a flattened struct or externally
//! tagged enum declared before it took. fastjson reads the object again instead of buffering it,
//! skipping those keys.

use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod serde_agreement;
use serde_agreement::same_decode;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Kind {
    Click { x: i32, y: i32 },
    Idle,
}

/// A key both the struct and the variant name is the struct's alone: the variant misses it.
#[test]
fn a_key_the_struct_names_is_not_the_variants() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Clash {
        x: i32,
        #[serde(flatten)]
        kind: Kind,
    }
    for json in [
        r#"{"x":1,"type":"click","y":2}"#,
        r#"{"type":"click","y":2,"x":1}"#,
        "{\n  \"type\": \"click\",\n  \"x\": 1,\n  \"y\": 2\n}",
        // Escaped, the key is still the struct's.
        r#"{"type":"click","\u0078":1,"y":2}"#,
    ] {
        let refusal = same_decode::<Clash>(json).unwrap_err();
        assert!(refusal.contains("missing field `x`"), "{refusal}");
    }
    let value = same_decode::<Clash>(r#"{"x":1,"type":"idle"}"#).unwrap();
    assert_eq!(value.kind, Kind::Idle);

    // With a default the variant takes it.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Defaulted {
        Click {
            #[serde(default)]
            x: i32,
            y: i32,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct ClashDefault {
        #[serde(alias = "X")]
        x: i32,
        #[serde(flatten)]
        kind: Defaulted,
    }
    for json in [
        r#"{"x":5,"type":"Click","y":2}"#,
        // The alias is the struct's key too.
        r#"{"type":"Click","y":2,"X":5}"#,
    ] {
        let value = same_decode::<ClashDefault>(json).unwrap();
        assert_eq!((value.x, value.kind), (5, Defaulted::Click { x: 0, y: 2 }));
    }
}

/// `deny_unknown_fields` on the flattened enum: the struct's keys are not unknown to it (it
/// never sees them), a key nobody names is.
#[test]
fn deny_unknown_fields_on_the_enum_ignores_the_structs_keys() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type", deny_unknown_fields)]
    enum Strict {
        Click { x: i32 },
        Idle,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Event {
        id: u64,
        #[serde(flatten)]
        kind: Strict,
        at: u32,
    }
    let value = same_decode::<Event>(r#"{"id":1,"type":"Click","x":3,"at":9}"#).unwrap();
    assert_eq!(value.kind, Strict::Click { x: 3 });
    let value = same_decode::<Event>(r#"{"at":9,"type":"Idle","id":1}"#).unwrap();
    assert_eq!(value.kind, Strict::Idle);
    let refusal =
        same_decode::<Event>(r#"{"id":1,"type":"Click","x":3,"z":0,"at":9}"#).unwrap_err();
    assert!(refusal.contains("unknown field `z`"), "{refusal}");

    // Adjacently tagged: the same.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c", deny_unknown_fields)]
    enum Payload {
        Text(String),
        Empty,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Message {
        seq: u32,
        #[serde(flatten)]
        payload: Payload,
    }
    let value = same_decode::<Message>(r#"{"seq":1,"t":"Text","c":"hi"}"#).unwrap();
    assert_eq!(value.payload, Payload::Text("hi".into()));
    let value = same_decode::<Message>(r#"{"t":"Empty","seq":2}"#).unwrap();
    assert_eq!(value.payload, Payload::Empty);
    // An adjacently tagged enum is handed only its tag and content entries (serde reads the
    // buffer as a struct of those two), so another key is never unknown to it.
    let value = same_decode::<Message>(r#"{"t":"Empty","seq":2,"d":0}"#).unwrap();
    assert_eq!(value.payload, Payload::Empty);

    // A struct field named like the content key takes it from the enum.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Shadowed {
        c: String,
        #[serde(flatten)]
        payload: Payload,
    }
    let value = same_decode::<Shadowed>(r#"{"t":"Empty","c":"mine"}"#).unwrap();
    assert_eq!(value.c, "mine");
    same_decode::<Shadowed>(r#"{"t":"Text","c":"mine"}"#).unwrap_err();
}

/// An adjacently tagged enum takes its tag and content entries: a map after it does not see
/// them, and `deny_unknown_fields` on the struct does not call them unknown (neither holds for
/// an internally tagged enum, which takes nothing).
#[test]
fn an_adjacently_tagged_enum_takes_its_tag_and_content() {
    use std::collections::BTreeMap;

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c")]
    enum Payload {
        Text(String),
        Empty,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct WithRest {
        #[serde(flatten)]
        payload: Payload,
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
    }
    let value = same_decode::<WithRest>(r#"{"t":"Text","z":1,"c":"hi"}"#).unwrap();
    assert_eq!(value.rest.keys().collect::<Vec<_>>(), ["z"]);
    // A second tag is a duplicate for both.
    same_decode::<WithRest>(r#"{"t":"Empty","z":1,"t":"Empty"}"#).unwrap_err();

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        seq: u8,
        #[serde(flatten)]
        payload: Payload,
    }
    let value = same_decode::<Strict>(r#"{"seq":1,"t":"Text","c":"hi"}"#).unwrap();
    assert_eq!(value.payload, Payload::Text("hi".into()));
    let refusal = same_decode::<Strict>(r#"{"seq":1,"t":"Empty","x":0}"#).unwrap_err();
    assert!(refusal.contains("unknown field `x`"), "{refusal}");

    // Taken, they are hidden from a tagged enum after it.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Rest {
        HasTag { t: String },
        Other {},
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Both {
        #[serde(flatten)]
        payload: Payload,
        #[serde(flatten)]
        rest: Rest,
    }
    let value = same_decode::<Both>(r#"{"t":"Empty"}"#).unwrap();
    assert_eq!(value.rest, Rest::Other {});
}

/// An untagged enum tries its variants on the entries it is handed: the struct's key does not
/// make the first variant fit.
#[test]
fn an_untagged_enum_tries_its_variants_without_the_structs_keys() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Who {
        ById { id: u8 },
        ByName { name: String },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Lookup {
        id: u8,
        #[serde(flatten)]
        who: Who,
    }
    let value = same_decode::<Lookup>(r#"{"id":1,"name":"ann"}"#).unwrap();
    assert_eq!(value.who, Who::ByName { name: "ann".into() });
    same_decode::<Lookup>(r#"{"id":1}"#).unwrap_err();
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct A {
    x: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t")]
enum Tagged {
    V {
        #[serde(default)]
        x: u8,
    },
}

/// A flattened struct declared before the enum takes its keys first; declared after it, it
/// takes them after the enum read them.
#[test]
fn a_flattened_struct_before_the_enum_takes_its_keys_first() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct StructFirst {
        #[serde(flatten)]
        a: A,
        #[serde(flatten)]
        k: Tagged,
    }
    let value = same_decode::<StructFirst>(r#"{"t":"V","x":1}"#).unwrap();
    assert_eq!((value.a, value.k), (A { x: 1 }, Tagged::V { x: 0 }));

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct EnumFirst {
        #[serde(flatten)]
        k: Tagged,
        #[serde(flatten)]
        a: A,
    }
    let value = same_decode::<EnumFirst>(r#"{"t":"V","x":1}"#).unwrap();
    assert_eq!((value.a, value.k), (A { x: 1 }, Tagged::V { x: 1 }));

    // An externally tagged enum before it takes its variant's key.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum Shape {
        V { r: u8 },
        Dot,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Any {
        WithV {
            #[serde(rename = "V")]
            v: serde_json::Value,
        },
        Other {},
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct ExternalFirst {
        #[serde(flatten)]
        shape: Shape,
        #[serde(flatten)]
        any: Any,
    }
    let value = same_decode::<ExternalFirst>(r#"{"V":{"r":2}}"#).unwrap();
    assert_eq!((value.shape, value.any), (Shape::V { r: 2 }, Any::Other {}));

    // Inside `Option` and `Box` the struct takes the same keys.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Wrapped {
        #[serde(flatten)]
        a: Option<Box<A>>,
        #[serde(flatten)]
        k: Box<Tagged>,
    }
    let value = same_decode::<Wrapped>(r#"{"x":3,"t":"V"}"#).unwrap();
    assert_eq!(*value.k, Tagged::V { x: 0 });
}

/// A struct flattened into another hides its own keys and its parent's from its flattened
/// enum; an internally tagged variant hides its tag from the enum its content flattens.
#[test]
fn nested_flattening_hides_every_level_s_keys() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type", deny_unknown_fields)]
    enum Strict {
        Click { x: i32 },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Mid {
        m: u8,
        #[serde(flatten)]
        kind: Strict,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        id: u8,
        #[serde(flatten)]
        mid: Mid,
    }
    let value = same_decode::<Outer>(r#"{"id":1,"m":2,"type":"Click","x":3}"#).unwrap();
    assert_eq!(value.mid.kind, Strict::Click { x: 3 });
    let refusal = same_decode::<Outer>(r#"{"id":1,"m":2,"type":"Click","x":3,"q":4}"#).unwrap_err();
    assert!(refusal.contains("unknown field `q`"), "{refusal}");

    // The content of an internally tagged newtype variant, and an internally tagged struct
    // variant: neither's flattened enum sees the outer tag.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Content {
        a: u8,
        #[serde(flatten)]
        kind: Strict,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "env")]
    enum Envelope {
        Wrap(Content),
        Inline {
            a: u8,
            #[serde(flatten)]
            kind: Strict,
        },
    }
    let value = same_decode::<Envelope>(r#"{"env":"Wrap","a":1,"type":"Click","x":2}"#).unwrap();
    assert!(matches!(value, Envelope::Wrap(Content { a: 1, .. })));
    let value = same_decode::<Envelope>(r#"{"type":"Click","x":2,"a":1,"env":"Inline"}"#).unwrap();
    assert!(matches!(value, Envelope::Inline { a: 1, .. }));
}

/// A flattened enum whose variant flattens another enum: the inner one sees neither the outer
/// struct's keys nor the outer variant's.
#[test]
fn an_enum_flattened_in_a_flattened_enums_variant_sees_what_serde_hands_it() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "u", deny_unknown_fields)]
    enum Inner {
        W { b: u8 },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t")]
    enum Middle {
        V {
            a: u8,
            #[serde(flatten)]
            inner: Inner,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        id: u8,
        #[serde(flatten)]
        middle: Middle,
    }
    let value = same_decode::<Outer>(r#"{"id":1,"t":"V","a":2,"u":"W","b":3}"#).unwrap();
    assert_eq!(
        value.middle,
        Middle::V {
            a: 2,
            inner: Inner::W { b: 3 }
        }
    );
    let refusal =
        same_decode::<Outer>(r#"{"id":1,"t":"V","a":2,"u":"W","b":3,"z":0}"#).unwrap_err();
    assert!(refusal.contains("unknown field `z`"), "{refusal}");
}

/// The hidden keys live in the lexer's fork, at most four sets for one object: a fifth enum
/// nested in the variants of the four before it is refused with a message saying so (serde
/// reads it).
#[test]
fn a_fifth_enum_nested_in_flattened_variants_is_refused_clearly() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t5")]
    enum E5 {
        V { x: u8 },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t4")]
    enum E4 {
        V {
            #[serde(flatten)]
            e: E5,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t3")]
    enum E3 {
        V {
            #[serde(flatten)]
            e: E4,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t2")]
    enum E2 {
        V {
            #[serde(flatten)]
            e: E3,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Four {
        id: u8,
        #[serde(flatten)]
        e: E2,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Five {
        id: u8,
        #[serde(flatten)]
        e: E1,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t1")]
    enum E1 {
        V {
            #[serde(flatten)]
            e: E2,
        },
    }
    let four = r#"{"id":1,"t2":"V","t3":"V","t4":"V","t5":"V","x":7}"#;
    same_decode::<Four>(four).unwrap();
    let five = r#"{"id":1,"t1":"V","t2":"V","t3":"V","t4":"V","t5":"V","x":7}"#;
    serde_json::from_str::<Five>(five).unwrap();
    let refusal = fastjson::from_str::<Five>(five).unwrap_err().to_string();
    assert!(
        refusal.contains("more than 4 flattened enums nested in one another"),
        "{refusal}"
    );
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
enum Letter {
    A(u8),
    B(u8),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t")]
enum Letters {
    X {
        #[serde(rename = "A", default)]
        a: Option<u8>,
        #[serde(rename = "B", default)]
        b: Option<u8>,
    },
}

fn letters(a: Option<u8>, b: Option<u8>) -> Letters {
    Letters::X { a, b }
}

/// A flattened externally tagged enum takes only the first entry naming one of its variants
/// (serde's `flat_map_take_entry`): a later variant key is handed on to a flattened tagged or
/// untagged enum declared after it, which reads it (or, with `deny_unknown_fields`, refuses it).
#[test]
fn an_externally_tagged_enum_hides_only_the_entry_it_took() {
    for (json, letter, rest) in [
        (
            r#"{"A":1,"B":2,"t":"X"}"#,
            Letter::A(1),
            letters(None, Some(2)),
        ),
        (
            r#"{"t":"X","B":2,"A":1}"#,
            Letter::B(2),
            letters(Some(1), None),
        ),
        (
            r#"{"A":1,"t":"X","A":3}"#,
            Letter::A(1),
            letters(Some(3), None),
        ),
        (r#"{"A":1,"t":"X"}"#, Letter::A(1), letters(None, None)),
        // Escaped, the key is the variant's name all the same.
        (
            r#"{"\u0041":1,"t":"X","B":2}"#,
            Letter::A(1),
            letters(None, Some(2)),
        ),
        (
            "{\n \"B\": 5,\n \"t\": \"X\",\n \"B\": 6\n}",
            Letter::B(5),
            letters(None, Some(6)),
        ),
    ] {
        let value = same_decode::<TakerThenTagged>(json).unwrap();
        assert_eq!((value.letter, value.rest), (letter, rest), "{json}");
    }

    // Two takers, each the first variant key the one before left.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TwoTakers {
        #[serde(flatten)]
        first: Letter,
        #[serde(flatten)]
        second: Letter,
        #[serde(flatten)]
        rest: Letters,
    }
    for (json, first, second, rest) in [
        (
            r#"{"A":1,"A":2,"B":3,"t":"X"}"#,
            Letter::A(1),
            Letter::A(2),
            letters(None, Some(3)),
        ),
        (
            r#"{"A":1,"B":2,"A":3,"t":"X"}"#,
            Letter::A(1),
            Letter::B(2),
            letters(Some(3), None),
        ),
    ] {
        let value = same_decode::<TwoTakers>(json).unwrap();
        assert_eq!(
            (value.first, value.second, value.rest),
            (first, second, rest),
            "{json}"
        );
    }

    // A flattened struct before the enum takes its keys first, every one of them: the enum
    // takes the first variant key the struct did not.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TakesA {
        #[serde(rename = "A")]
        a: u8,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct StructThenTaker {
        #[serde(flatten)]
        s: TakesA,
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        rest: Letters,
    }
    let value = same_decode::<StructThenTaker>(r#"{"A":1,"B":2,"B":3,"t":"X"}"#).unwrap();
    assert_eq!(
        (value.letter, value.rest),
        (Letter::B(2), letters(None, Some(3)))
    );

    // The taker in a parent struct: the child's enum is handed what the parent's taker left.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Child {
        #[serde(flatten)]
        rest: Letters,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Parent {
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        child: Child,
    }
    let value = same_decode::<Parent>(r#"{"B":1,"t":"X","A":2,"B":3}"#).unwrap();
    assert_eq!(
        (value.letter, value.child.rest),
        (Letter::B(1), letters(Some(2), Some(3)))
    );

    // A taker at each level: each takes its own entry (a bit of state each).
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TakingChild {
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        rest: Letters,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TakingParent {
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        child: TakingChild,
    }
    let value = same_decode::<TakingParent>(r#"{"A":1,"A":2,"A":3,"t":"X"}"#).unwrap();
    assert_eq!(
        (value.letter, value.child.letter, value.child.rest),
        (Letter::A(1), Letter::A(2), letters(Some(3), None))
    );

    // `deny_unknown_fields`: the second variant key is unknown to the enum handed it.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", deny_unknown_fields)]
    enum Strict {
        Y {},
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TakerThenStrict {
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        strict: Strict,
    }
    same_decode::<TakerThenStrict>(r#"{"A":1,"t":"Y"}"#).unwrap();
    let refusal = same_decode::<TakerThenStrict>(r#"{"A":1,"t":"Y","B":2}"#).unwrap_err();
    assert!(refusal.contains("unknown field `B`"), "{refusal}");

    // An untagged enum reads the entries once per variant it tries: each reading hides the
    // same (first) entry.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Either {
        WithZ {
            #[serde(rename = "B")]
            b: u8,
            z: u8,
        },
        Plain {
            #[serde(rename = "B")]
            b: u8,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct TakerThenUntagged {
        #[serde(flatten)]
        letter: Letter,
        #[serde(flatten)]
        either: Either,
    }
    let value = same_decode::<TakerThenUntagged>(r#"{"B":1,"B":2}"#).unwrap();
    assert_eq!(
        (value.letter, value.either),
        (Letter::B(1), Either::Plain { b: 2 })
    );
    let value = same_decode::<TakerThenUntagged>(r#"{"B":1,"z":0,"B":2}"#).unwrap();
    assert_eq!(value.either, Either::WithZ { b: 2, z: 0 });
}

/// The struct of `idents`' fields, each a flattened `Letter` (a first taker), then `Letters`.
macro_rules! takers_then_tagged {
    ($name:ident: $($field:ident)*) => {
        #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
        struct $name {
            $(
                #[serde(flatten)]
                $field: Letter,
            )*
            #[serde(flatten)]
            rest: Letters,
        }
    };
}

takers_then_tagged!(SixtyFourTakers:
    l0 l1 l2 l3 l4 l5 l6 l7 l8 l9 l10 l11 l12 l13 l14 l15 l16 l17 l18 l19 l20 l21 l22 l23 l24
    l25 l26 l27 l28 l29 l30 l31 l32 l33 l34 l35 l36 l37 l38 l39 l40 l41 l42 l43 l44 l45 l46 l47
    l48 l49 l50 l51 l52 l53 l54 l55 l56 l57 l58 l59 l60 l61 l62 l63
);

/// 64 takers before one enum is the most a fork keeps state for (one bit each of a `u64`; a
/// 65th is a compile-time error, tests/ui/too-many-flattened-first-takers.rs): the last taker's
/// bit works as the first's, each taker its own entry, and the enum handed the rest.
#[test]
fn sixty_four_takers_each_take_their_own_entry() {
    let mut json = String::from("{");
    for i in 0..64 {
        json.push_str(&format!("\"{}\":{i},", if i % 2 == 0 { "A" } else { "B" }));
    }
    json.push_str(r#""B":200,"t":"X","A":201}"#);
    let value = same_decode::<SixtyFourTakers>(&json).unwrap();
    let takers = [
        &value.l0, &value.l1, &value.l2, &value.l3, &value.l4, &value.l5, &value.l6, &value.l7,
        &value.l8, &value.l9, &value.l10, &value.l11, &value.l12, &value.l13, &value.l14,
        &value.l15, &value.l16, &value.l17, &value.l18, &value.l19, &value.l20, &value.l21,
        &value.l22, &value.l23, &value.l24, &value.l25, &value.l26, &value.l27, &value.l28,
        &value.l29, &value.l30, &value.l31, &value.l32, &value.l33, &value.l34, &value.l35,
        &value.l36, &value.l37, &value.l38, &value.l39, &value.l40, &value.l41, &value.l42,
        &value.l43, &value.l44, &value.l45, &value.l46, &value.l47, &value.l48, &value.l49,
        &value.l50, &value.l51, &value.l52, &value.l53, &value.l54, &value.l55, &value.l56,
        &value.l57, &value.l58, &value.l59, &value.l60, &value.l61, &value.l62, &value.l63,
    ];
    for (i, taker) in takers.into_iter().enumerate() {
        let expected = if i % 2 == 0 {
            Letter::A(i as u8)
        } else {
            Letter::B(i as u8)
        };
        assert_eq!(*taker, expected, "taker {i}");
    }
    assert_eq!(value.rest, letters(Some(201), Some(200)));
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", deny_unknown_fields)]
enum StrictLetters {
    X {
        #[serde(rename = "A", default)]
        a: Option<u8>,
    },
    Y {},
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum EitherLetter {
    Both {
        #[serde(rename = "A")]
        a: u8,
        #[serde(rename = "B")]
        b: u8,
    },
    OnlyB {
        #[serde(rename = "B")]
        b: u8,
    },
    Neither {},
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct TakerThenTagged {
    #[serde(flatten)]
    letter: Letter,
    #[serde(flatten)]
    rest: Letters,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct OwnKeyTakersStrict {
    #[serde(rename = "q", default)]
    q: u8,
    #[serde(flatten)]
    first: Letter,
    #[serde(flatten)]
    second: Option<Letter>,
    #[serde(flatten)]
    rest: StrictLetters,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct TakesB {
    #[serde(rename = "B", default)]
    b: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct StructTakerUntagged {
    #[serde(flatten)]
    s: TakesB,
    #[serde(flatten)]
    letter: Box<Letter>,
    #[serde(flatten)]
    either: EitherLetter,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct ChildWithTaker {
    #[serde(flatten)]
    letter: Option<Letter>,
    #[serde(flatten)]
    either: EitherLetter,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct ParentWithTaker {
    #[serde(flatten)]
    letter: Letter,
    #[serde(flatten)]
    child: ChildWithTaker,
    #[serde(flatten)]
    rest: Letters,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct OptionalStructThenTagged {
    #[serde(flatten)]
    s: Option<TakesB>,
    #[serde(flatten)]
    rest: Letters,
}

/// A struct with a flattened `Option` that can stop, and a tagged enum after it, flattened
/// into a struct with another such `Option` after it: each has its own stop slot.
#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct InnerStop {
    #[serde(flatten)]
    s: Option<TakesB>,
    #[serde(flatten)]
    rest: Letters,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct TakesQ {
    q: u8,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct OuterStops {
    #[serde(flatten)]
    inner: InnerStop,
    #[serde(flatten)]
    q: Option<TakesQ>,
    #[serde(flatten)]
    either: Option<EitherLetter>,
}

/// A flattened `Option` of a struct whose value fails is `None`, and serde had taken only the
/// entries it read up to the failure: the later ones naming its keys are handed to a flattened
/// tagged or untagged enum after it (fuzzer-found: fastjson hid them all).
#[test]
fn a_failed_optional_struct_hands_on_the_entries_after_its_failure() {
    for (json, b, rest) in [
        // Refused value: the entry is taken, the next `B` is not.
        (r#"{"B":null,"B":2,"t":"X"}"#, None, letters(None, Some(2))),
        // Duplicate: the second `B` is taken (serde's struct sees it and fails), the third not.
        (
            r#"{"B":1,"B":2,"B":3,"t":"X"}"#,
            None,
            letters(None, Some(3)),
        ),
        (r#"{"B":1,"t":"X","B":300}"#, None, letters(None, None)),
        (
            r#"{"t":"X","B":"x","A":1,"B":4}"#,
            None,
            letters(Some(1), Some(4)),
        ),
        // Escaped and pretty: the same entries.
        (
            "{\n \"B\": null,\n \"t\": \"X\",\n \"\\u0042\": 5\n}",
            None,
            letters(None, Some(5)),
        ),
        // No failure: every `B` is the struct's.
        (
            r#"{"B":1,"t":"X"}"#,
            Some(TakesB { b: 1 }),
            letters(None, None),
        ),
    ] {
        let value = same_decode::<OptionalStructThenTagged>(json).unwrap();
        assert_eq!((value.s, value.rest), (b, rest), "{json}");
    }

    // A flattened struct's own stop slots come before those of the fields after it: the
    // outer `q`'s failure is not the inner struct's.
    let value = same_decode::<OuterStops>(r#"{"q":"x","B":1,"t":"X"}"#).unwrap();
    assert_eq!(
        (value.inner, value.q),
        (
            InnerStop {
                s: Some(TakesB { b: 1 }),
                rest: letters(None, None)
            },
            None
        )
    );
    let value =
        same_decode::<OuterStops>(r#"{"B":null,"q":"x","B":3,"A":1,"t":"X","q":2}"#).unwrap();
    assert_eq!(
        (value.inner.rest, value.either),
        (
            letters(Some(1), Some(3)),
            // Its `B`s are the outer object's: the first refuses both variants that need one.
            Some(EitherLetter::Neither {})
        )
    );
}

/// An object of `entries` (key index, value index) over a few keys that the types below name in
/// several roles, each value one its key's readers accept or one they refuse.
fn object(entries: &[(usize, usize)]) -> String {
    const KEYS: [&str; 5] = ["A", "B", "t", "q", "z"];
    const VALUES: [[&str; 3]; 5] = [
        ["1", "2", "\"x\""],
        ["3", "4", "null"],
        ["\"X\"", "\"Y\"", "5"],
        ["6", "7", "\"q\""],
        ["8", "{}", "[]"],
    ];
    let body: Vec<String> = entries
        .iter()
        .map(|&(key, value)| format!("\"{}\":{}", KEYS[key], VALUES[key][value]))
        .collect();
    format!("{{{}}}", body.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Whatever the order and repetition of the keys, every arrangement of externally tagged
    /// enums, a flattened struct, own keys and tagged or untagged enums decodes as serde does,
    /// or both refuse (`same_decode` panics on a disagreement).
    #[test]
    fn entries_are_handed_on_as_serde_hands_them(
        entries in prop::collection::vec((0usize..5, 0usize..3), 0..8),
    ) {
        let json = object(&entries);
        let _ = same_decode::<TakerThenTagged>(&json);
        let _ = same_decode::<OwnKeyTakersStrict>(&json);
        let _ = same_decode::<StructTakerUntagged>(&json);
        let _ = same_decode::<ParentWithTaker>(&json);
        let _ = same_decode::<OptionalStructThenTagged>(&json);
        let _ = same_decode::<OuterStops>(&json);
    }
}
