use fastjson::FastJson;

#[derive(FastJson)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
