// `#[fastjson(serde)]` on a type hands its JSON to its own serde impls: nothing else may decide
// it, and each conflicting key is named.
use fastjson::FastJson;

#[derive(FastJson)]
#[fastjson(serde)]
#[serde(transparent, into = "u64")]
struct Id(u64);

#[derive(FastJson)]
#[fastjson(serde, serde_fallback)]
struct Both {
    id: u64,
}

fn main() {}
