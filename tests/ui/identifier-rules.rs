use fastjson::FastJson;

// serde's rules for identifier enums, with its messages.
#[derive(FastJson)]
#[serde(variant_identifier)]
enum Variants {
    A,
    B(u8),
    #[serde(other)]
    C,
}

#[derive(FastJson)]
#[serde(field_identifier)]
enum Fields {
    A(String),
    B { x: u8 },
    C,
}

#[derive(FastJson)]
#[serde(field_identifier, variant_identifier)]
enum Both {
    A,
}

#[derive(FastJson)]
#[serde(field_identifier)]
struct NotAnEnum {
    a: u8,
}

fn main() {}
