use fastjson::FastJson;

#[derive(FastJson)]
#[serde(rename_all = "camel")]
struct User {
    user_id: u64,
}

fn main() {}
