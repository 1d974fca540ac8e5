use fastjson::FastJson;

#[derive(FastJson)]
#[serde(tag = "t", content = "t")]
enum Shape {
    Circle(f64),
}

fn main() {}
