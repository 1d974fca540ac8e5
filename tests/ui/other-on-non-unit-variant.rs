use fastjson::FastJson;

#[derive(FastJson)]
#[serde(tag = "type")]
enum Event {
    Click { x: i32 },
    #[serde(other)]
    Unknown { raw: String },
}

fn main() {}
