use fastjson::FastJson;

#[derive(FastJson)]
#[serde(transparent)]
struct Meters {
    value: f64,
    precision: u8,
}

fn main() {}
