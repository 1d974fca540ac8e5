// Every bad attribute is reported in one compile, and the stub impls keep the type usable:
// no "trait not implemented" follows at the use in `main`.
use fastjson::FastJson;

#[derive(FastJson)]
#[serde(unknown_thing, rename_all = "shouty")]
enum User {
    #[serde(rename = 7)]
    Id(u64),
    #[fastjson(nope)]
    Name(String),
}

fn main() {
    let user: User = fastjson::from_str("{}").unwrap();
    let _ = fastjson::to_string(&user);
}
