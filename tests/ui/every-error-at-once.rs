// Every bad attribute is reported in one compile, and the stub impls keep the type usable:
// no "trait not implemented" follows at the use in `main`.
use fastjson::FastJson;

#[derive(FastJson)]
#[serde(remote = "Raw", rename_all = "shouty")]
struct User {
    #[serde(rename = 7)]
    id: u64,
    #[fastjson(nope)]
    name: String,
}

fn main() {
    let user: User = fastjson::from_str("{}").unwrap();
    let _ = fastjson::to_string(&user);
}
