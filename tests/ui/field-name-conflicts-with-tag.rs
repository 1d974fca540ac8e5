use fastjson::FastJson;

#[derive(FastJson)]
#[serde(tag = "kind")]
enum Animal {
    Dog { kind: String },
}

fn main() {}
