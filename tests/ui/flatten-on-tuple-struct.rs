use fastjson::FastJson;

#[derive(FastJson)]
struct Inner {
    a: u8,
}

#[derive(FastJson)]
struct Wrapper(u8, #[serde(flatten)] Inner);

fn main() {}
