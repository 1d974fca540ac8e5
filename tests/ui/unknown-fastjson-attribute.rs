use fastjson::FastJson;

#[derive(FastJson)]
struct User {
    #[fastjson(rename_al = "camelCase")]
    id: u64,
}

fn main() {}
