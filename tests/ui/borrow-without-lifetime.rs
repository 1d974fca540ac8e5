use fastjson::FastJson;

#[derive(FastJson)]
struct Name {
    #[serde(borrow)]
    text: String,
}

fn main() {}
