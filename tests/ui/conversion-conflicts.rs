use fastjson::FastJson;

#[derive(FastJson, Clone)]
#[serde(from = "u8", try_from = "u16")]
struct BothFroms(u8);

#[derive(FastJson, Clone)]
#[serde(transparent, from = "u8", into = "u8")]
struct TransparentAndConverted(u8);

fn main() {}
