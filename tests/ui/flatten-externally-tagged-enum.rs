use fastjson::FastJson;

// fastjson flattens internally and adjacently tagged enums; an externally tagged or untagged
// one is refused at the field (serde accepts them).
#[derive(FastJson)]
enum Shape {
    Circle { r: f64 },
    Square(f64),
}

#[derive(FastJson)]
struct Drawing {
    id: u64,
    #[serde(flatten)]
    shape: Shape,
}

fn main() {}
