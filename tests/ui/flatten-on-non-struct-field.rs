use fastjson::FastJson;

#[derive(FastJson)]
struct Page {
    id: u64,
    #[serde(flatten)]
    count: u32,
}

fn main() {}
