use fastjson::FastJson;

#[derive(FastJson)]
#[serde(tag = "type")]
enum Event {
    Move(i32, i32),
}

fn main() {}
