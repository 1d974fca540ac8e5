use fastjson::FastJson;

mod hex {}

// serde's rules: a variant's function takes every field, so none may be skipped in its
// direction, nor the variant itself.
#[derive(FastJson)]
enum Skips {
    #[serde(serialize_with = "hex::encode", skip_serializing)]
    Skipped(u32),
    #[serde(serialize_with = "hex::encode")]
    FieldSkipped(#[serde(skip_serializing)] u32, u8),
    #[serde(serialize_with = "hex::encode")]
    FieldSkippedIf {
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe: Option<u8>,
    },
    #[serde(deserialize_with = "hex::decode", skip_deserializing)]
    NotRead(u32),
    #[serde(deserialize_with = "hex::decode")]
    FieldNotRead(#[serde(skip_deserializing)] u32, u8),
}

// Internally tagged, serde merges the tag into what the function writes; fastjson does not.
#[derive(FastJson)]
#[serde(tag = "type")]
enum Internal {
    #[serde(with = "hex")]
    Id(u32),
    #[serde(untagged, with = "hex")]
    Fallback(u32),
}

fn main() {}
