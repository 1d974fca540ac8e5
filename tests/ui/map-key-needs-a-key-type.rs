// A map's key must have a JSON key form. A derived type has one when serde_json writes it as a
// key without a run-time error (a unit-variant enum, a newtype or transparent struct around a
// key type); a newtype around a `Vec` is an ordinary type, but no key, and an enum with a
// variant that carries data cannot be written as one (serde_json: "key must be a string").
// Read, such an enum is a key when a bare name can be one of its variants (the others are
// errors at run time, as in serde_json), and no key when none can.
use std::collections::BTreeMap;

use fastjson::FastJson;

#[derive(FastJson, PartialEq, Eq, PartialOrd, Ord)]
struct Tags(Vec<String>);

#[derive(FastJson, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Point,
    Circle(u32),
}

#[derive(FastJson, PartialEq, Eq, PartialOrd, Ord)]
enum Either {
    Left(u8),
    Right(String),
}

fn main() {
    let _ = fastjson::to_string(&Tags(vec![]));
    let _ = fastjson::to_string(&BTreeMap::from([(Tags(vec![]), 1u8)]));
    let _ = fastjson::to_string(&BTreeMap::from([(Shape::Point, 1u8)]));
    let _ = fastjson::from_str::<BTreeMap<Shape, u8>>(r#"{"Point":1}"#);
    let _ = fastjson::from_str::<BTreeMap<Either, u8>>(r#"{"Left":1}"#);
}
