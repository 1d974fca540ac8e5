use fastjson::FastJson;

#[derive(FastJson)]
struct User {
    #[serde(rename = "id", rename = "user_id")]
    id: u64,
}

fn main() {}
