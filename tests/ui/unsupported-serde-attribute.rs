use fastjson::FastJson;

#[derive(FastJson)]
#[serde(variant_identifier)]
enum Key {
    Name,
    Age,
}

fn main() {}
