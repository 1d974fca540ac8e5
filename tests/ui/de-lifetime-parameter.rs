use fastjson::FastJson;

#[derive(FastJson)]
struct Borrowed<'de> {
    text: &'de str,
}

fn main() {}
