use fastjson::FastJson;

#[derive(FastJson)]
#[serde(default)]
enum Mode {
    Fast,
    Safe,
}

fn main() {}
