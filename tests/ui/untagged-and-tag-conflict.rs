use fastjson::FastJson;

#[derive(FastJson)]
#[serde(untagged, tag = "type")]
enum Shape {
    Circle { radius: f64 },
}

fn main() {}
