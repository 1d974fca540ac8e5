use fastjson::FastJson;

#[derive(FastJson)]
#[serde(try_from = "f64")]
struct Celsius {
    degrees: f64,
}

fn main() {}
