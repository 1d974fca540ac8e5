//! `#[serde(flatten)]` on enums in each representation (internally, adjacently, externally
//! tagged and untagged), against serde_json: the same text written, and the same values (or a
//! refusal from both) read, wherever the tag and the variant's fields sit among the enclosing
//! struct's keys.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};

mod serde_agreement;
use serde_agreement::same_decode;

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Event {
    id: u64,
    #[serde(flatten)]
    kind: Kind,
    at: u32,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Kind {
    Click {
        x: i32,
        y: i32,
    },
    Key(KeyData),
    Idle,
    Scroll {
        #[serde(default)]
        dy: i32,
        #[serde(rename = "by", skip_serializing_if = "Option::is_none")]
        source: Option<String>,
    },
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct KeyData {
    code: u16,
    #[serde(default)]
    shift: bool,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Message {
    seq: u32,
    #[serde(flatten)]
    payload: Payload,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Payload {
    Text(String),
    Pair(u8, u8),
    Empty,
    Fields { a: bool },
}

/// fastjson writes what serde_json writes, compact and pretty; returns the compact text.
fn same_text<T: fastjson::Encode + Serialize>(value: &T) -> String {
    let ours = fastjson::to_string(value);
    assert_eq!(ours, serde_json::to_string(value).unwrap());
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    ours
}

#[test]
fn internally_tagged_entries_are_written_beside_the_struct_fields() {
    let events = [
        Event {
            id: 1,
            kind: Kind::Click { x: -3, y: 4 },
            at: 9,
        },
        Event {
            id: 2,
            kind: Kind::Key(KeyData {
                code: 65,
                shift: true,
            }),
            at: 10,
        },
        Event {
            id: 3,
            kind: Kind::Idle,
            at: 11,
        },
        Event {
            id: 4,
            kind: Kind::Scroll {
                dy: 5,
                source: None,
            },
            at: 12,
        },
        Event {
            id: 5,
            kind: Kind::Scroll {
                dy: 0,
                source: Some("wheel \"2\"".into()),
            },
            at: 13,
        },
    ];
    for event in &events {
        let text = same_text(event);
        assert_eq!(same_decode::<Event>(&text).as_ref(), Ok(event));
    }
    assert_eq!(
        same_text(&events[0]),
        r#"{"id":1,"type":"click","x":-3,"y":4,"at":9}"#
    );
    assert_eq!(same_text(&events[2]), r#"{"id":3,"type":"idle","at":11}"#);
    let many = same_text(&events);
    assert_eq!(same_decode::<Vec<Event>>(&many).unwrap(), events);
}

#[test]
fn internally_tagged_keys_are_read_in_any_order_among_the_struct_keys() {
    let click = Event {
        id: 1,
        kind: Kind::Click { x: 3, y: 4 },
        at: 9,
    };
    for json in [
        r#"{"id":1,"type":"click","x":3,"y":4,"at":9}"#,
        r#"{"x":3,"id":1,"y":4,"at":9,"type":"click"}"#,
        r#"{"type":"click","at":9,"y":4,"id":1,"x":3,"unknown":[1,{"x":0}]}"#,
        " {\n  \"at\": 9,\n  \"x\": 3,\n  \"type\": \"click\",\n  \"y\": 4,\n  \"id\": 1\n}\n",
    ] {
        assert_eq!(same_decode::<Event>(json).as_ref(), Ok(&click), "{json}");
    }
    assert_eq!(
        same_decode::<Event>(r#"{"code":7,"at":1,"type":"key","id":2}"#),
        Ok(Event {
            id: 2,
            kind: Kind::Key(KeyData {
                code: 7,
                shift: false
            }),
            at: 1
        })
    );
    assert_eq!(
        same_decode::<Event>(r#"{"id":3,"by":"pad","type":"scroll","at":0}"#),
        Ok(Event {
            id: 3,
            kind: Kind::Scroll {
                dy: 0,
                source: Some("pad".into())
            },
            at: 0
        })
    );
}

#[test]
fn internally_tagged_refusals_match_serde() {
    let missing_tag = same_decode::<Event>(r#"{"id":1,"x":3,"y":4,"at":9}"#).unwrap_err();
    assert!(
        missing_tag.contains("missing field `type`"),
        "{missing_tag}"
    );
    let unknown = same_decode::<Event>(r#"{"id":1,"type":"drag","at":9}"#).unwrap_err();
    assert!(unknown.contains("unknown variant `drag`"), "{unknown}");
    for json in [
        // A variant's field missing, of the wrong type; the struct's own field missing.
        r#"{"id":1,"type":"click","x":3,"at":9}"#,
        r#"{"id":1,"type":"click","x":"3","y":4,"at":9}"#,
        r#"{"id":1,"type":"click","x":3,"y":4}"#,
        // The tag twice, or not a string.
        r#"{"id":1,"type":"idle","type":"idle","at":9}"#,
        r#"{"id":1,"type":7,"at":9}"#,
        // Malformed after the enum's keys, or cut short.
        r#"{"id":1,"type":"idle","at":9,}"#,
        r#"{"id":1,"type":"idle","at":9"#,
    ] {
        same_decode::<Event>(json).unwrap_err();
    }
}

#[test]
fn an_error_in_a_flattened_variant_names_its_field_and_position() {
    let json = "[{\"id\":1,\"type\":\"idle\",\"at\":2},\n{\"id\":1,\"type\":\"click\",\"x\":\"no\",\"y\":4,\"at\":9}]";
    let error = fastjson::from_str::<Vec<Event>>(json).unwrap_err();
    assert_eq!(error.path(), "$[1].x", "{error}");
    assert_eq!((error.line(), error.column()), (2, 28), "{error}");
    assert!(serde_json::from_str::<Vec<Event>>(json).is_err());
}

#[test]
fn adjacently_tagged_entries_round_trip_as_serde_writes_them() {
    let messages = [
        Message {
            seq: 1,
            payload: Payload::Text("hi".into()),
        },
        Message {
            seq: 2,
            payload: Payload::Pair(3, 4),
        },
        Message {
            seq: 3,
            payload: Payload::Empty,
        },
        Message {
            seq: 4,
            payload: Payload::Fields { a: true },
        },
    ];
    for message in &messages {
        let text = same_text(message);
        assert_eq!(same_decode::<Message>(&text).as_ref(), Ok(message));
    }
    assert_eq!(same_text(&messages[1]), r#"{"seq":2,"t":"Pair","c":[3,4]}"#);
    assert_eq!(same_text(&messages[2]), r#"{"seq":3,"t":"Empty"}"#);
    for json in [
        r#"{"c":"hi","seq":1,"t":"Text"}"#,
        r#"{"t":"Text","x":null,"c":"hi","seq":1}"#,
        r#"{"seq":1,"t":"Empty","c":null}"#,
    ] {
        same_decode::<Message>(json).unwrap();
    }
    for json in [
        r#"{"seq":1,"c":"hi"}"#,
        r#"{"seq":1,"t":"Text"}"#,
        r#"{"seq":1,"t":"Pair","c":[1]}"#,
        r#"{"seq":1,"t":"Nope","c":1}"#,
    ] {
        same_decode::<Message>(json).unwrap_err();
    }
}

/// A flattened map after the enum sees the enum's keys too (serde's enum takes no entry from
/// its buffer), and every other key the struct does not know.
#[test]
fn a_flattened_map_beside_the_enum_sees_every_other_key() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Open {
        id: u64,
        #[serde(flatten)]
        kind: Kind,
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
    }
    let open = same_decode::<Open>(r#"{"id":1,"type":"click","x":3,"y":4,"z":[true]}"#).unwrap();
    assert_eq!(open.kind, Kind::Click { x: 3, y: 4 });
    assert_eq!(
        open.rest.keys().collect::<Vec<_>>(),
        ["type", "x", "y", "z"]
    );
}

#[test]
fn flattened_enums_inside_options_boxes_nested_structs_and_tagged_newtypes() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Maybe {
        id: u64,
        #[serde(flatten)]
        kind: Option<Kind>,
    }
    assert_eq!(
        same_decode::<Maybe>(r#"{"id":1,"type":"idle"}"#),
        Ok(Maybe {
            id: 1,
            kind: Some(Kind::Idle)
        })
    );
    assert_eq!(
        same_decode::<Maybe>(r#"{"id":1,"x":2}"#),
        Ok(Maybe { id: 1, kind: None })
    );
    same_text(&Maybe {
        id: 2,
        kind: Some(Kind::Click { x: 1, y: 2 }),
    });

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Boxed {
        #[serde(flatten)]
        kind: Box<Kind>,
    }
    let boxed = same_decode::<Boxed>(r#"{"x":1,"type":"click","y":2}"#).unwrap();
    assert_eq!(same_text(&boxed), r#"{"type":"click","x":1,"y":2}"#);

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Inner {
        n: u8,
        #[serde(flatten)]
        kind: Kind,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        name: String,
        #[serde(flatten)]
        inner: Inner,
    }
    let outer = same_decode::<Outer>(r#"{"n":1,"name":"a","type":"key","code":9}"#).unwrap();
    assert_eq!(
        outer.inner.kind,
        Kind::Key(KeyData {
            code: 9,
            shift: false
        })
    );
    same_text(&outer);

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "envelope")]
    enum Envelope {
        Event(Event),
    }
    for json in [
        r#"{"envelope":"Event","id":1,"type":"idle","at":2}"#,
        r#"{"id":1,"type":"idle","envelope":"Event","at":2}"#,
    ] {
        let envelope = same_decode::<Envelope>(json).unwrap();
        assert_eq!(
            same_text(&envelope),
            r#"{"envelope":"Event","id":1,"type":"idle","at":2}"#
        );
    }
}

#[test]
fn a_flattened_enum_borrows_from_the_input() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Named<'a> {
        Person {
            #[serde(borrow)]
            name: &'a str,
        },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Row<'a> {
        id: u8,
        #[serde(flatten, borrow)]
        named: Named<'a>,
    }
    let json = r#"{"name":"Ada","id":1,"type":"Person"}"#;
    let ours: Row = fastjson::from_str(json).unwrap();
    let theirs: Row = serde_json::from_str(json).unwrap();
    assert_eq!(ours, theirs);
    let Named::Person { name } = ours.named;
    assert!(json.as_bytes().as_ptr_range().contains(&name.as_ptr()));
    assert_eq!(
        fastjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
}

/// serde refuses `deny_unknown_fields` beside a flattened enum's keys (its enum takes none of
/// the buffered entries, so they remain unknown); fastjson refuses them too.
#[test]
fn deny_unknown_fields_beside_a_flattened_enum_refuses_its_keys_as_serde_does() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        id: u64,
        #[serde(flatten)]
        kind: Kind,
    }
    for json in [
        r#"{"id":1,"type":"idle"}"#,
        r#"{"id":1,"type":"click","x":1,"y":2}"#,
    ] {
        let refusal = same_decode::<Strict>(json).unwrap_err();
        assert!(refusal.contains("unknown field `type`"), "{refusal}");
    }
}

/// The schema of a struct with a flattened enum: its own properties, and the enum's `oneOf`
/// through `allOf`; an internally tagged enum's own schema already describes its entries.
#[test]
fn the_schema_holds_the_flattened_enum_in_all_of() {
    use fastjson::schema::Schema;
    let schema: serde_json::Value = serde_json::from_str(Event::schema()).unwrap();
    assert_eq!(
        schema["allOf"],
        serde_json::json!([{ "$ref": "#/$defs/Kind" }])
    );
    assert_eq!(schema["required"], serde_json::json!(["id", "at"]));
    let kind: serde_json::Value = serde_json::from_str(Kind::schema()).unwrap();
    assert_eq!(kind["oneOf"].as_array().map(Vec::len), Some(4));
    assert_eq!(Kind::flattened_schema(), None);
}

/// What `T`'s schema says of its flattened fields (`allOf`).
fn all_of<T: fastjson::schema::Schema>() -> serde_json::Value {
    let schema: serde_json::Value = serde_json::from_str(T::schema()).unwrap();
    schema["allOf"].clone()
}

/// `T`'s schema and its flattened form, parsed.
fn own_and_flattened<T: fastjson::schema::Schema>() -> (serde_json::Value, serde_json::Value) {
    let flattened = T::flattened_schema().expect("a flattened form");
    (
        serde_json::from_str(T::schema()).unwrap(),
        serde_json::from_str(flattened).unwrap(),
    )
}

/// A flattened externally tagged enum writes entries among the struct's (`"circle":{..}`,
/// `"dot":null`), not its own closed objects and strings: the struct refers to its flattened
/// form, which `SchemaDocument` adds beside the enum's own.
#[test]
fn the_schema_of_a_flattened_externally_tagged_enum_is_its_entries() {
    use fastjson::schema::{Schema, SchemaDocument};
    use serde_json::json;

    assert_eq!(
        all_of::<Drawing>(),
        json!([{ "$ref": "#/$defs/Shape.flattened" }])
    );
    let (own, flattened) = own_and_flattened::<Shape>();
    assert_eq!(own["oneOf"][3], json!({ "const": "dot" }));
    let entries = flattened["oneOf"].as_array().unwrap();
    assert_eq!(entries.len(), 5);
    assert_eq!(
        entries[0],
        json!({
            "type": "object",
            "properties": { "circle": { "type": "object", "properties": { "r": { "type": "number" } }, "required": ["r"] } },
            "required": ["circle"]
        })
    );
    assert_eq!(
        entries[3],
        json!({ "type": "object", "properties": { "dot": { "type": "null" } }, "required": ["dot"] })
    );
    // Every entry names its variant and is open to the struct's other keys.
    for (entry, text) in entries.iter().zip([
        r#"{"circle":{"r":1.0}}"#,
        r#"{"square":2.0}"#,
        r#"{"rect":[1,2]}"#,
        r#"{"dot":null}"#,
        r#"{"poly":[1]}"#,
    ]) {
        let written: serde_json::Value = serde_json::from_str(text).unwrap();
        let key = written.as_object().unwrap().keys().next().unwrap();
        assert_eq!(entry["required"], json!([key]), "{text}");
        assert!(entry.get("additionalProperties").is_none(), "{entry}");
    }
    let document: serde_json::Value = serde_json::from_str(
        &SchemaDocument::new()
            .with::<Drawing>()
            .with::<Shape>()
            .to_json(),
    )
    .unwrap();
    let defs = document["$defs"].as_object().unwrap();
    assert_eq!(
        defs.keys().collect::<Vec<_>>(),
        ["Drawing", "Shape", "Shape.flattened"]
    );
    assert_eq!(defs["Shape.flattened"], flattened);

    // Inside `Option` (entries optional) and `Box`, and a struct flattened beside it (its own
    // schema, no flattened form).
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Layered {
        #[serde(flatten)]
        shape: Option<Box<Shape>>,
        #[serde(flatten)]
        meta: Meta,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Meta {
        z: u8,
    }
    assert_eq!(
        all_of::<Layered>(),
        json!([
            { "anyOf": [{ "$ref": "#/$defs/Shape.flattened" }, {}] },
            { "$ref": "#/$defs/Meta" }
        ])
    );
    assert_eq!(Meta::flattened_schema(), None);
}

/// A flattened untagged enum's unit variant writes no entry: its flattened form accepts any
/// entries for it.
#[test]
fn the_schema_of_a_flattened_untagged_enum_with_a_unit_variant() {
    use serde_json::json;

    assert_eq!(
        same_text(&Request {
            path: "/".into(),
            auth: Auth::Anonymous
        }),
        r#"{"path":"/"}"#
    );
    assert_eq!(
        all_of::<Request>(),
        json!([{ "$ref": "#/$defs/Auth.flattened" }])
    );
    let (own, flattened) = own_and_flattened::<Auth>();
    assert_eq!(own["anyOf"][3], json!({ "type": "null" }));
    assert_eq!(flattened["anyOf"][3], json!({}));
    assert_eq!(
        flattened["anyOf"].as_array().unwrap()[..3],
        own["anyOf"].as_array().unwrap()[..3]
    );
}

/// A flattened untagged enum's newtype variant writes its type's entries, flattened as a field
/// of that type would be: the reference names the type's flattened form where it has one (an
/// externally tagged enum's entries), and the type itself where not (a struct's fields).
#[test]
fn the_schema_of_a_flattened_untagged_newtype_variant_is_its_types_flattened_form() {
    use fastjson::schema::SchemaDocument;
    use serde_json::json;

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Drawn {
        Shape(Shape),
        Boxed(Box<Meta>),
        Plain { note: String },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Sketch {
        id: u8,
        #[serde(flatten)]
        drawn: Drawn,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Meta {
        z: u8,
    }

    let circle = Sketch {
        id: 1,
        drawn: Drawn::Shape(Shape::Circle { r: 1.5 }),
    };
    assert_eq!(same_text(&circle), r#"{"id":1,"circle":{"r":1.5}}"#);
    assert_eq!(
        all_of::<Sketch>(),
        json!([{ "$ref": "#/$defs/Drawn.flattened" }])
    );
    let (own, flattened) = own_and_flattened::<Drawn>();
    assert_eq!(own["anyOf"][0], json!({ "$ref": "#/$defs/Shape" }));
    assert_eq!(
        flattened["anyOf"],
        json!([
            { "$ref": "#/$defs/Shape.flattened" },
            { "$ref": "#/$defs/Meta" },
            own["anyOf"][2].clone(),
        ])
    );
    let document: serde_json::Value = serde_json::from_str(
        &SchemaDocument::new()
            .with::<Sketch>()
            .with::<Drawn>()
            .with::<Shape>()
            .to_json(),
    )
    .unwrap();
    assert_eq!(
        document["$defs"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        // (serde_json's map is sorted by key)
        [
            "Drawn",
            "Drawn.flattened",
            "Shape",
            "Shape.flattened",
            "Sketch"
        ]
    );

    // A newtype of a type without a reference (a map) adds no flattened form. `Tagged`
    // flattens `Loose`, which compiles only where flatten takes the enum, so the `None` below
    // is this rule's and not a refused enum's.
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Loose {
        Rest(BTreeMap<String, u8>),
        Named { name: String },
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Tagged {
        id: u8,
        #[serde(flatten)]
        loose: Loose,
    }
    let named = Tagged {
        id: 2,
        loose: Loose::Named { name: "n".into() },
    };
    assert_eq!(same_text(&named), r#"{"id":2,"name":"n"}"#);
    assert_eq!(
        <Loose as fastjson::schema::Schema>::flattened_schema(),
        None
    );
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Shape {
    Circle {
        r: f64,
    },
    Square(f64),
    Rect(u32, u32),
    Dot,
    #[serde(alias = "polygon")]
    Poly(Vec<u8>),
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Drawing {
    id: u64,
    #[serde(flatten)]
    shape: Shape,
    layer: u8,
}

/// An externally tagged variant is one entry, its name the key (a unit variant's value `null`),
/// as serde's flattening serializer writes it.
#[test]
fn externally_tagged_variants_are_one_entry_named_by_the_variant() {
    let drawings = [
        (
            Shape::Circle { r: 1.5 },
            r#"{"id":1,"circle":{"r":1.5},"layer":2}"#,
        ),
        (Shape::Square(2.0), r#"{"id":1,"square":2.0,"layer":2}"#),
        (Shape::Rect(3, 4), r#"{"id":1,"rect":[3,4],"layer":2}"#),
        (Shape::Dot, r#"{"id":1,"dot":null,"layer":2}"#),
        (
            Shape::Poly(vec![1, 2]),
            r#"{"id":1,"poly":[1,2],"layer":2}"#,
        ),
    ];
    for (shape, json) in drawings {
        let drawing = Drawing {
            id: 1,
            shape,
            layer: 2,
        };
        assert_eq!(same_text(&drawing), json);
        let pretty = serde_json::to_string_pretty(&drawing).unwrap();
        assert_eq!(same_decode::<Drawing>(&pretty).as_ref(), Ok(&drawing));
        assert_eq!(same_decode::<Drawing>(json), Ok(drawing));
    }
}

#[test]
fn externally_tagged_variant_keys_are_read_anywhere_and_the_first_one_wins() {
    for json in [
        r#"{"square":1.0,"id":1,"layer":2}"#,
        r#"{"id":1,"layer":2,"square":1.0}"#,
        r#"{"id":1,"other":{"r":2},"square":1.0,"layer":2}"#,
        r#"{"id":1,"square":1.0,"circle":{"r":2},"layer":2}"#,
        r#"{"id":1,"square":1.0,"square":"twice","layer":2}"#,
    ] {
        let drawing = same_decode::<Drawing>(json).unwrap();
        assert_eq!(drawing.shape, Shape::Square(1.0), "{json}");
    }
    let aliased = same_decode::<Drawing>(r#"{"id":1,"layer":2,"polygon":[7]}"#).unwrap();
    assert_eq!(aliased.shape, Shape::Poly(vec![7]));
    let refusal = same_decode::<Drawing>(r#"{"id":1,"layer":2}"#).unwrap_err();
    assert!(
        refusal.contains("no variant of enum Shape found in flattened data"),
        "{refusal}"
    );
    for json in [
        r#"{"id":1,"dot":1,"layer":2}"#,
        r#"{"id":1,"rect":[1],"layer":2}"#,
        r#"{"id":1,"circle":{"r":"x"},"layer":2}"#,
        r#"{"id":1,"circle":{"r":1},"layer":"2"}"#,
    ] {
        same_decode::<Drawing>(json).unwrap_err();
    }
}

/// serde's flattened externally tagged enum takes its entry from the buffer: a map after it does
/// not see it, `deny_unknown_fields` does not refuse it, and a map before it (which reads every
/// entry and leaves it) does not keep it from the enum.
#[test]
fn externally_tagged_variants_beside_maps_and_deny_unknown_fields() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct MapAfter {
        #[serde(flatten)]
        shape: Shape,
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
    }
    let after = same_decode::<MapAfter>(r#"{"z":1,"dot":null,"a":[true]}"#).unwrap();
    assert_eq!(after.shape, Shape::Dot);
    assert_eq!(after.rest.keys().collect::<Vec<_>>(), ["a", "z"]);

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct MapBefore {
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
        #[serde(flatten)]
        shape: Shape,
    }
    let before = same_decode::<MapBefore>(r#"{"z":1,"square":3.0}"#).unwrap();
    assert_eq!(before.shape, Shape::Square(3.0));
    assert_eq!(before.rest.keys().collect::<Vec<_>>(), ["square", "z"]);
    same_decode::<MapBefore>(r#"{"z":1}"#).unwrap_err();

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        id: u64,
        #[serde(flatten)]
        shape: Shape,
    }
    assert_eq!(
        same_decode::<Strict>(r#"{"dot":null,"id":1}"#),
        Ok(Strict {
            id: 1,
            shape: Shape::Dot
        })
    );
    let refusal = same_decode::<Strict>(r#"{"dot":null,"id":1,"square":1.0}"#).unwrap_err();
    assert!(refusal.contains("unknown field `square`"), "{refusal}");
}

#[test]
fn externally_tagged_variants_in_options_and_nested_structs() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Maybe {
        id: u64,
        #[serde(flatten)]
        shape: Option<Shape>,
    }
    for (json, shape) in [
        (r#"{"id":1,"dot":null}"#, Some(Shape::Dot)),
        (r#"{"id":1}"#, None),
        (r#"{"id":1,"circle":{"r":true}}"#, None),
    ] {
        assert_eq!(
            same_decode::<Maybe>(json),
            Ok(Maybe { id: 1, shape }),
            "{json}"
        );
    }
    assert_eq!(same_text(&Maybe { id: 1, shape: None }), r#"{"id":1}"#);

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Outer {
        name: String,
        #[serde(flatten)]
        drawing: Drawing,
    }
    let outer = same_decode::<Outer>(r#"{"layer":0,"rect":[1,2],"name":"n","id":9}"#).unwrap();
    assert_eq!(outer.drawing.shape, Shape::Rect(1, 2));
    assert_eq!(
        same_text(&outer),
        r#"{"name":"n","id":9,"rect":[1,2],"layer":0}"#
    );
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Auth {
    Token {
        token: String,
    },
    Basic {
        user: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    Key(KeyData),
    Anonymous,
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
struct Request {
    path: String,
    #[serde(flatten)]
    auth: Auth,
}

/// An untagged variant writes its content's entries (a unit variant none), and reads the first
/// variant the object's keys satisfy, in declaration order.
#[test]
fn untagged_variants_write_their_entries_and_read_the_first_that_fits() {
    let requests = [
        (
            Auth::Token { token: "t".into() },
            r#"{"path":"/","token":"t"}"#,
        ),
        (
            Auth::Basic {
                user: "u".into(),
                password: None,
            },
            r#"{"path":"/","user":"u"}"#,
        ),
        (
            Auth::Basic {
                user: "u".into(),
                password: Some("p".into()),
            },
            r#"{"path":"/","user":"u","password":"p"}"#,
        ),
        (
            Auth::Key(KeyData {
                code: 3,
                shift: true,
            }),
            r#"{"path":"/","code":3,"shift":true}"#,
        ),
    ];
    for (auth, json) in requests {
        let request = Request {
            path: "/".into(),
            auth,
        };
        assert_eq!(same_text(&request), json);
        assert_eq!(same_decode::<Request>(json), Ok(request));
    }
    // A unit variant writes nothing, and is never read back (serde's flattened content is a map).
    let anonymous = Request {
        path: "/".into(),
        auth: Auth::Anonymous,
    };
    assert_eq!(same_text(&anonymous), r#"{"path":"/"}"#);
    let refusal = same_decode::<Request>(r#"{"path":"/"}"#).unwrap_err();
    assert!(
        refusal.contains("did not match any variant of untagged enum Auth"),
        "{refusal}"
    );
    for json in [
        r#"{"user":"u","path":"/","token":"t"}"#,
        r#"{"code":1,"path":"/"}"#,
        r#"{"password":"p","user":"u","path":"/"}"#,
    ] {
        same_decode::<Request>(json).unwrap();
    }
    same_decode::<Request>(r#"{"path":"/","user":7}"#).unwrap_err();
}

#[test]
fn untagged_variants_in_options_beside_maps() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Open {
        id: u8,
        #[serde(flatten)]
        auth: Option<Auth>,
        #[serde(flatten)]
        rest: BTreeMap<String, serde_json::Value>,
    }
    let open = same_decode::<Open>(r#"{"id":1,"x":[],"token":"t"}"#).unwrap();
    assert_eq!(open.auth, Some(Auth::Token { token: "t".into() }));
    let none = same_decode::<Open>(r#"{"id":1,"x":[]}"#).unwrap();
    assert_eq!(none.auth, None);
    assert_eq!(none.rest.keys().collect::<Vec<_>>(), ["x"]);
    same_text(&open);
}

/// An enum with no variant to read still flattens (serde's error when read), and one with a
/// skipped variant never takes that variant's key.
#[test]
fn externally_tagged_enums_without_readable_variants_flatten() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum Nothing {}
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Holder {
        id: u8,
        #[serde(flatten)]
        nothing: Option<Nothing>,
    }
    assert_eq!(
        same_decode::<Holder>(r#"{"id":1,"x":2}"#),
        Ok(Holder {
            id: 1,
            nothing: None
        })
    );

    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    enum Partly {
        #[serde(skip_deserializing)]
        Hidden(u8),
        Shown(u8),
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Uses {
        #[serde(flatten)]
        partly: Partly,
    }
    assert_eq!(
        same_decode::<Uses>(r#"{"Hidden":1,"Shown":2}"#),
        Ok(Uses {
            partly: Partly::Shown(2)
        })
    );
    assert_eq!(
        same_text(&Uses {
            partly: Partly::Hidden(3)
        }),
        r#"{"Hidden":3}"#
    );
}

/// The flattened entry is read where it stands in the input: errors inside it give its line,
/// column and path, and its nesting counts against the depth limit as in the enum alone.
#[test]
fn a_flattened_externally_tagged_entry_reports_errors_where_they_are() {
    let json = "[{\"id\":1,\"dot\":null,\"layer\":2},\n{\"id\":1, \"circle\" : {\"r\":\"no\"},\"layer\":9}]";
    let error = fastjson::from_str::<Vec<Drawing>>(json).unwrap_err();
    assert_eq!(error.path(), "$[1].circle.r", "{error}");
    assert_eq!((error.line(), error.column()), (2, 26), "{error}");
    assert!(serde_json::from_str::<Vec<Drawing>>(json).is_err());

    // The depth limit counts the levels the input has: `{"id":..,"rect":[..]}` is two, as is
    // `{"rect":[..]}` inside `{"shape":..}` (three in all).
    #[derive(FastJson, Debug, PartialEq)]
    struct Alone {
        shape: Shape,
    }
    let flattened = r#"{"id":1,"rect":[1,2],"layer":0}"#;
    let alone = r#"{"shape":{"rect":[1,2]}}"#;
    for depth in 1..5 {
        let ours = fastjson::Decoder::new()
            .with_max_depth(depth)
            .decode::<Drawing>(flattened.as_bytes())
            .is_ok();
        let nested = fastjson::Decoder::new()
            .with_max_depth(depth + 1)
            .decode::<Alone>(alone.as_bytes())
            .is_ok();
        assert_eq!(ours, nested, "max_depth {depth}");
    }
}

/// A unit-only externally tagged enum flattened (its `EncodeFields` picks the key by a match
/// and writes once): each variant's `"name":null` entry, in compact and pretty text, read back
/// by the first key naming a variant; a second flattened copy takes the next one; a skipped
/// variant panics with serde's message (serde_json returns it as an error).
#[test]
fn unit_only_externally_tagged_enums_flatten_as_entries() {
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
    #[serde(rename_all = "snake_case")]
    enum Level {
        Low,
        #[serde(alias = "top")]
        HighestOfAll,
        #[serde(skip_serializing)]
        Hidden,
    }
    #[derive(FastJson, Serialize, Deserialize, Debug, PartialEq)]
    struct Leveled {
        id: u8,
        #[serde(flatten)]
        level: Level,
        #[serde(flatten)]
        second: Option<Level>,
    }
    for (level, second, text) in [
        (Level::Low, None, r#"{"id":1,"low":null}"#),
        (
            Level::HighestOfAll,
            Some(Level::Low),
            r#"{"id":1,"highest_of_all":null,"low":null}"#,
        ),
    ] {
        let value = Leveled {
            id: 1,
            level,
            second,
        };
        assert_eq!(same_text(&value), text);
        assert_eq!(same_decode::<Leveled>(text), Ok(value));
    }
    let value = same_decode::<Leveled>(r#"{"top":null,"id":2,"hidden":null}"#).unwrap();
    assert_eq!(
        (value.level, value.second),
        (Level::HighestOfAll, Some(Level::Hidden))
    );

    let hidden = Leveled {
        id: 1,
        level: Level::Hidden,
        second: None,
    };
    assert!(serde_json::to_string(&hidden).is_err());
    let panic = std::panic::catch_unwind(|| fastjson::to_string(&hidden)).unwrap_err();
    let message = panic.downcast_ref::<&str>().copied().unwrap_or_default();
    assert!(
        message.contains("Level::Hidden cannot be serialized"),
        "{message}"
    );
}
