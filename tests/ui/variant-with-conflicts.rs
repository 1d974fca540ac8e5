use fastjson::FastJson;

mod hex {}

// serde's rules: a variant's function takes every field, so none may be skipped in its
// direction, nor the variant itself.
#[derive(FastJson)]
enum Skips {
    #[fastjson(serialize_with = "hex::encode", skip_serializing)]
    Skipped(u32),
    #[fastjson(serialize_with = "hex::encode")]
    FieldSkipped(#[serde(skip_serializing)] u32, u8),
    #[fastjson(serialize_with = "hex::encode")]
    FieldSkippedIf {
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe: Option<u8>,
    },
    #[fastjson(deserialize_with = "hex::decode", skip_deserializing)]
    NotRead(u32),
    #[fastjson(deserialize_with = "hex::decode")]
    FieldNotRead(#[serde(skip_deserializing)] u32, u8),
}

// Internally tagged, serde merges the tag into what the function writes; fastjson does not.
#[derive(FastJson)]
#[serde(tag = "type")]
enum Internal {
    #[fastjson(with = "hex")]
    Id(u32),
    #[fastjson(untagged, with = "hex")]
    Fallback(u32),
}

fn main() {}
