// An identifier enum is only read: `#[derive(Encode)]` on one is refused with serde's message,
// at the attribute.
use fastjson::{Decode, Encode};

#[derive(Encode)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Column {
    Id,
    Other(String),
}

#[derive(Decode, Encode)]
#[serde(variant_identifier)]
enum Kind {
    Alpha,
}

fn main() {}
